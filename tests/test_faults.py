"""The audit's faults, each reproduced: the AI worker hung, stopped
or killed; files that name other files, are not plain files or are huge;
lists that one odd entry broke; save names that collide; damaged files kept
aside; saves on a changed map; command-line edges."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.saves import SaveError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    return tmp_path


def _plan(players: int = 2, seed: int = 9, map_: str = "symmetric") -> GamePlan:
    return GamePlan(map_, [SeatPlan(f"P{i}", "human" if i == 0 else "easy", i)
                           for i in range(players)], seed)


def _game(steps: int, players: int = 2, seed: int = 9, map_: str = "symmetric"):
    state = new_game(map_, players, seed)
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < steps:
        state.apply(state.random_action(rng))
    return state


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()}


def _run(code: str, env_home: Path, timeout: float) -> subprocess.CompletedProcess:
    env = dict(os.environ, HACIENDA_HOME=str(env_home), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=timeout)


# ------------------------------------------------ 1. a hung (stopped) AI worker
HUNG = """
import os, signal, sys, time
from hacienda_game.ai import AIWorker
from hacienda_game.ai.base import Budget
from hacienda_game.engine import new_game, observe
state = new_game("symmetric", 2, 3)
worker = AIWorker()
worker.margin = 0.5
state.apply(worker.think("random", observe(state, state.current), 1).result(timeout=30))
t = time.monotonic()
thought = worker.think("easy", observe(state, state.current), 1, Budget(seconds=0.2))
os.kill(worker._process.pid, signal.SIGSTOP)   # stopped mid-think
action = thought.result()                      # the deadline, then a fallback
waited = time.monotonic() - t
state.apply(action)                            # a legal move of that seat
print("waited", round(waited, 2), "notice", bool(thought.notice), flush=True)
second = worker.think("random", observe(state, state.current), 2).result(timeout=30)
state.apply(second)
print("went on", flush=True)
"""


def test_a_stopped_worker_is_past_its_deadline_replaced_and_the_process_exits(tmp_path):
    # No wall-clock bound but the run's timeout (a worker waited on for ever
    # hangs the script): machine load must not fail the test.
    out = _run(HUNG, tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    waited = float(out.stdout.split()[1])
    assert waited >= 0.2, "the fallback came before the thinking budget was used"
    assert "notice True" in out.stdout and "went on" in out.stdout
    assert "Traceback" not in out.stderr


STOPPED_AT_EXIT = """
import os, signal
from hacienda_game.ai import AIWorker
from hacienda_game.engine import new_game, observe
worker = AIWorker()
worker.think("easy", observe(s := new_game("symmetric", 2, 3), s.current), 1)
os.kill(worker._process.pid, signal.SIGSTOP)
print("stopped", flush=True)
"""


@pytest.mark.parametrize("close", [True, False])
def test_a_stopped_worker_never_holds_up_leaving(tmp_path, close):
    """Closing (or not even closing: the exit handler) waits a moment, not for ever."""
    code = STOPPED_AT_EXIT + ("worker.close()\n" if close else "")
    out = _run(code, tmp_path, timeout=60)   # waiting for ever would hang it
    assert out.returncode == 0 and "stopped" in out.stdout


# ------------------------------------------------ 6. a killed worker, BrokenPipe
KILLED = """
import os, signal, time
from hacienda_game.ai import AIWorker
from hacienda_game.engine import new_game, observe
state = new_game("symmetric", 2, 3)
worker = AIWorker()
thought = worker.think("easy", observe(state, state.current), 1)
os.kill(worker._process.pid, signal.SIGKILL)   # killed mid-think
state.apply(thought.result(timeout=60))        # a fresh worker answers
print("answered", thought.notice is None or thought.notice, flush=True)
# Leaving while the worker thinks: its answer goes into a closed pipe.
thought = worker.think("medium", observe(state, state.current), 2)
time.sleep(0.3)
worker.close()
time.sleep(1.5)
print("left", flush=True)
"""


def test_a_killed_worker_is_replaced_and_leaving_prints_no_traceback(tmp_path):
    out = _run(KILLED, tmp_path, timeout=90)
    assert out.returncode == 0, out.stderr
    assert "answered" in out.stdout and "left" in out.stdout
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr, out.stderr


# ------------------------------------------------ 2. files naming other files
def _record_naming(home: Path, scenario: str) -> dict:
    state = _game(4)
    record = saves.make_record(state)
    record["header"]["scenario"] = scenario
    return record


def test_a_save_naming_dev_zero_or_a_fifo_as_its_scenario_is_refused_at_once(home):
    folder = home / "saves"
    folder.mkdir()
    path = saves.autosave(_game(4), _plan())
    data = json.loads(path.read_text())
    data["record"]["header"]["scenario"] = "/dev/zero"
    path.write_text(json.dumps(data))
    fifo = home / "pipe"
    os.mkfifo(fifo)
    other = folder / "fifo-scenario.json"
    data["record"]["header"]["scenario"] = str(fifo)
    other.write_text(json.dumps(data))
    before = _tree(home)
    t = time.process_time()                  # CPU: other work on the machine takes none
    for p in (path, other):
        with pytest.raises(SaveError, match="scenario"):
            saves.load_game(p)
    listed, problems = saves.list_saves()
    assert time.process_time() - t < 2
    from hacienda_game.session.keeper import continuable

    assert continuable() is None or continuable().load() is None
    assert _tree(home) == before


def test_replay_of_a_record_naming_dev_zero_is_refused_without_a_traceback(home, capsys):
    from hacienda_game.cli import main

    path = home / "zero.json"
    path.write_text(json.dumps(_record_naming(home, "/dev/zero")))
    assert main(["--replay", str(path), "--headless", "--max-frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "zero.json" in err and "scenario" in err and "Traceback" not in err


def test_a_scenario_beside_the_map_is_allowed(home):
    folder = home / "maps"
    folder.mkdir()
    for name in ("symmetric.tmx", "hacienda.tsx", "hacienda.png"):
        shutil.copyfile(ROOT / "maps" / name, folder / name)
    (folder / "start.json").write_text(json.dumps(
        {"format": "hacienda-scenario/1", "map": "symmetric.tmx", "players": 2, "seed": 4}))
    record = {"header": {"format": "hacienda-record/1", "map": str(folder / "symmetric.tmx"),
                         "players": 2, "seed": 4, "scenario": "start.json"},
              "actions": [], "result": None}
    path = home / "r.json"
    path.write_text(json.dumps(record))
    assert saves.load_replay(path).final.players == 2
    record["header"]["scenario"] = str(ROOT / "tests" / "data" / "x.json")
    path.write_text(json.dumps(record))
    with pytest.raises(SaveError, match="scenario"):
        saves.load_replay(path)


# ------------------------------------------------ 3. one odd record, the whole list
@pytest.mark.parametrize("damage", [
    lambda d: d.__setitem__("result", {"scores": 5, "winners": [0]}),
    lambda d: d["header"].__setitem__("seed", "abc"),
    lambda d: d["header"].__setitem__("players", 10 ** 8),
    lambda d: d["header"].__setitem__("map", 5),
    lambda d: d.__setitem__("actions", {"a": 1}),
])
def test_one_odd_record_never_breaks_the_replays_list(home, damage):
    state, plan = _game(10_000, seed=4), _plan(seed=4)
    good = saves.keep_replay(state, plan)
    data = json.loads(good.read_text())
    damage(data)
    bad = good.parent / "0000-odd.json"
    bad.write_text(json.dumps(data))
    before = _tree(home)
    t = time.process_time()
    entries, problems = saves.list_replays()
    assert time.process_time() - t < 2
    assert [e.path for e in entries] == [good]
    assert [p.path for p in problems] == [bad] and problems[0].reason
    assert _tree(home) == before


def test_listing_reads_headers_only_and_lists_odd_folder_entries(home, monkeypatch):
    plan = _plan()
    saves.save_game(_game(30), plan, "Evening")
    keep = saves.keep_replay(_game(10_000, seed=4), _plan(seed=4))
    folder = home / "saves"
    (folder / "a-folder.json").mkdir()
    os.mkfifo(folder / "a-pipe.json")
    (folder / "a-link.json").symlink_to(folder / "evening.json")
    import hacienda_game.session.saves as mod

    def no_replay(*args, **kwargs):
        raise AssertionError("a list replayed a game")

    monkeypatch.setattr(mod, "replay_with_limit", no_replay)
    listed, problems = saves.list_saves()
    assert [s.name for s in listed] == ["Evening"]
    assert sorted(p.path.name for p in problems) == ["a-folder.json", "a-link.json",
                                                       "a-pipe.json"]
    assert all(p.reason for p in problems)
    entries, _problems = saves.list_replays()
    assert [e.path for e in entries] == [keep]
    # The maps list too: a pipe named like a map is listed with the reason.
    from hacienda_game.session.plan import list_maps

    (home / "maps").mkdir()
    os.mkfifo(home / "maps" / "pipe.tmx")
    (odd,) = [m for m in list_maps() if m.name == "pipe"]
    assert not odd.ok and "pipe" in odd.errors[0]


def test_interrupted_writes_are_cleaned_at_start_and_only_those(home):
    folder = home / "saves"
    folder.mkdir()
    mine = folder / ".evening.k2j4_x9a.tmp"
    mine.write_text("half")
    os.utime(mine, (time.time() - 60, time.time() - 60))
    other = folder / "notes.tmp"
    other.write_text("the player's")
    saves.clean_temp()
    assert not mine.exists() and other.exists()


# ------------------------------------------------ 5. save names
def test_save_names_are_kept_and_files_never_collide(home):
    state, plan = _game(8), _plan()
    names = ["Ana's game", "Ana s game", "Партия", "ゲーム", "Autosave", "autosave"]
    paths = [saves.save_game(state, plan, n) for n in names]
    assert len(set(paths)) == len(paths)
    assert saves.autosave_path() not in paths
    listed, _problems = saves.list_saves()
    assert sorted(s.name for s in listed) == sorted(names)
    assert saves.find_save("Ana's game") == paths[0]
    assert saves.find_save("Nobody") is None
    # The same name again: the same file (the dialog asks first).
    assert saves.save_game(state, plan, "Ana s game", slot=saves.find_save(
        "Ana s game").stem) == paths[1]
    # A game's end removes only the autosave, never a save named "Autosave".
    saves.autosave(state, plan)
    saves.autosave_path().unlink()
    assert paths[4].exists()


# ------------------------------------------------ 8. damaged files kept aside
def test_a_damaged_autosave_is_kept_aside_before_a_new_game_writes(home):
    from hacienda_game.session.keeper import GameKeeper

    folder = home / "saves"
    folder.mkdir()
    damaged = b'{"format": "hacienda-save/1", "name": "Aut'
    saves.autosave_path().write_bytes(damaged)
    keeper = GameKeeper(_plan())
    state = new_game("symmetric", 2, 9)
    action = next(a for a in state.legal_actions() if a.verb == "play")
    keeper.note(state, action, state.apply(action))
    keeper.close()
    kept = [p for p in folder.iterdir() if p.read_bytes() == damaged]
    assert len(kept) == 1 and kept[0].name.startswith("autosave-damaged-")
    assert keeper.notice and kept[0].name in keeper.notice
    assert saves.load_game(saves.autosave_path()).state.snapshot() == state.snapshot()


def test_damaged_settings_are_kept_aside_and_the_refusal_said_once(home):
    from hacienda_game.session.userdirs import Settings

    path = Settings.path()
    path.parent.mkdir(parents=True)
    raw = b'{"anim_speed": "warp", "music_volume": 30, "scale": 99'
    path.write_bytes(raw)
    s = Settings.load()
    assert s.refused
    s.save()
    kept = [p for p in path.parent.iterdir() if p.read_bytes() == raw]
    assert len(kept) == 1 and kept[0].name.startswith("settings-damaged-")
    assert s.notice and kept[0].name in s.notice
    again = Settings.load()
    assert not again.refused and again.notice is None


# ------------------------------------------------ 9. a save on a changed map
def test_a_save_on_a_changed_map_says_so_or_is_refused(home):
    folder = home / "maps"
    folder.mkdir()
    for name in ("symmetric.tmx", "hacienda.tsx", "hacienda.png"):
        shutil.copyfile(ROOT / "maps" / name, folder / name)
    own = folder / "symmetric.tmx"
    state = _game(12, map_=str(own))
    plan = _plan(map_=str(own))
    path = saves.save_game(state, plan, "Own map")
    assert not saves.load_game(path).map_changed
    text = own.read_text()
    own.write_text(text.replace("<map ", "<map ", 1) + "\n<!-- edited -->\n")
    assert saves.load_game(path).map_changed
    from hacienda_game.maps.catalog import clear_cache

    # The land is gone (pampas everywhere): the old position cannot stand on it.
    head, data, tail = re.split(r"(<data[\s\S]*?</data>)", text)
    broken = head + re.sub(r"\b[2-5]\b", "6", data) + tail
    own.write_text(broken)
    clear_cache()
    with pytest.raises(SaveError, match="changed"):
        saves.load_game(path)


# ------------------------------------------------ 10. the command line
def _cli(args: list[str], home: Path, timeout: float = 20) -> subprocess.CompletedProcess:
    env = dict(os.environ, HACIENDA_HOME=str(home), PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "hacienda_game.cli", *args], env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_command_line_edges_exit_2_with_a_reason_before_the_game(home, tmp_path):
    from hacienda_game.cli import check_options, parser

    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    haz = tmp_path / "old.haz"
    haz.write_text("not xml")
    bad_tmx = tmp_path / "bad.tmx"
    bad_tmx.write_text("<map")
    cases = {
        ("--autoplay", "--headless", "--screenshot", "/nonexistent/dir/x.png"): "screenshot",
        ("--autoplay", "--headless", "--frame-log", "/nonexistent/dir/f.json"): "frame-log",
        ("--replay", str(fifo)): "plain file",
        ("--replay", ""): "--replay",
        ("--replay", str(tmp_path / "missing.json")): "missing.json",
        ("--map", ""): "--map",
        ("--windowed", "--map", str(bad_tmx)): "bad.tmx",
        ("--windowed", "--map", str(haz)): "import it",
    }
    for args, reason in cases.items():
        problems = check_options(parser().parse_args(list(args)))
        assert problems and any(reason in p for p in problems), (args, problems)
    out = _cli(["--replay", str(fifo)], home, timeout=60)    # opening the FIFO would hang
    assert out.returncode == 2 and "plain file" in out.stderr
    out = _cli(["--autoplay", "--headless", "--max-frames", "2", "--screenshot",
                "/nonexistent/dir/x.png"], home)
    assert out.returncode == 2 and "screenshot" in out.stderr and "Traceback" not in out.stderr
    assert check_options(parser().parse_args(["--map", "symmetric"])) == []


def test_headless_frames_never_wait_long_on_a_stopped_worker(home):
    """Headless, a frame waits for the AI's answer; past the deadline a
    fallback move comes, the game goes on (not 60 s and again)."""
    import signal

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.play import PlayScene

    app = App(Options(headless=True, autoplay=True))
    plan = GamePlan("symmetric", [SeatPlan("A", "easy", 0), SeatPlan("B", "easy", 1)], 5)
    try:
        app.push(PlayScene(plan, autoplay=True))
        scene = app.top
        while not scene.layer.game.history:      # the worker is up and answering
            app.step()
        scene.ai.margin = 0.3
        os.kill(scene.ai._process.pid, signal.SIGSTOP)
        t = time.monotonic()
        moves = len(scene.layer.game.history)
        while len(scene.layer.game.history) < moves + 2 and time.monotonic() - t < 40:
            app.step()
        assert len(scene.layer.game.history) >= moves + 2
        assert time.monotonic() - t < 30
    finally:
        app.finish()


@pytest.mark.slow
def test_the_fault_script_in_small_finds_nothing(tmp_path):
    """tools/faults.py --quick: one game with its worker killed and stopped,
    one kill of the game itself, eight damaged user folders (the full run is
    the script: python tools/faults.py)."""
    out = subprocess.run([sys.executable, "tools/faults.py", "--quick", "--json"], cwd=ROOT,
                         env=dict(os.environ, HACIENDA_HOME=str(tmp_path), PYTHONPATH=str(ROOT)),
                         capture_output=True, text=True, timeout=300)
    figures = json.loads(out.stdout)
    assert out.returncode == 0, out.stderr
    assert figures["worker"]["games_ended"] == 1
    assert figures["worker"]["worker_kills"] + figures["worker"]["worker_stops"] >= 1
    assert figures["worker"]["exit_after_quit_s_max"] < 3
    assert figures["kill"]["resumed_exactly"] + figures["kill"]["ended_before_the_kill"] == 1
    assert figures["corrupt"]["trials"] == 8
    assert figures["seats"]["games_ended"] == 1 and figures["seats"]["failures_logged"] > 0
    assert figures["long"]["failures"] == [] and figures["long"]["actions"] == 20_000
    files = figures["files"]
    assert files["failures"] == [] and files["many_saves"]["saves"] == 300
    assert all(files[k]["ok"] for k in ("edge_date", "settings_link", "full_disk_record"))
