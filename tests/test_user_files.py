"""The one bounded reader of the player's files, and the faults it closes: a
number too long for Python to read, a date at the edge of the range, a pipe
or /dev/zero where the host note or the log is, a settings file that is a
link."""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.saves import SaveError

ROOT = Path(__file__).resolve().parents[1]
LONG = "9" * 5000                    # past Python's 4,300-digit int-from-string limit


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    return tmp_path


def _plan(seed: int = 9) -> GamePlan:
    return GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], seed)


def _game(steps: int, seed: int = 9):
    state = new_game("symmetric", 2, seed)
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < steps:
        state.apply(state.random_action(rng))
    return state


def _finished(seed: int = 4):
    return _game(100_000, seed)


def _with_long_number(path: Path) -> bytes:
    """The file with one number of 5,000 digits put in (5 KB more)."""
    data = json.loads(path.read_text())
    data.setdefault("summary", {})["round"] = 12345
    raw = json.dumps(data).replace("12345", LONG).encode()
    path.write_bytes(raw)
    return raw


def _in_thread(fn, seconds: float = 5.0):
    """fn() on a thread; (finished in time, its result)."""
    out: list = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive(), (out[0] if out else None)


def _release(fifo: Path) -> None:
    """Open the other end of a pipe (so a thread blocked on it, on old code, goes on)."""
    for flags in (os.O_RDONLY | os.O_NONBLOCK, os.O_WRONLY | os.O_NONBLOCK):
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, flags))


# ------------------------------------------------------------ the reader
def test_the_reader_refuses_what_is_not_a_plain_file_of_its_size(tmp_path):
    from hacienda_game.session import userfiles
    from hacienda_game.session.userfiles import FileRefused

    kind = userfiles.FileKind("saved game", 1000)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1001)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "real.json").write_text("{}")
    sub = tmp_path / "saves"
    sub.mkdir()
    (sub / "away.json").symlink_to(tmp_path / "outside" / "real.json")
    (sub / "here.json").write_text('{"a": 1}')
    (sub / "near.json").symlink_to("here.json")
    t = time.process_time()
    causes = {}
    for name in ("pipe.json", "folder.json", "zero.json", "big.json", "saves/away.json",
                 "missing.json", "x" * 300 + ".json"):
        with pytest.raises(FileRefused) as refused:
            userfiles.read_bytes(tmp_path / name, kind)
        assert refused.value.reason.startswith(Path(name).name[:60])
        causes[name] = refused.value.cause
    assert causes == {"pipe.json": "not_plain", "folder.json": "not_plain",
                      "zero.json": "outside", "big.json": "too_large",
                      "saves/away.json": "outside", "missing.json": "unreadable",
                      "x" * 300 + ".json": "path"}
    assert time.process_time() - t < 1.0
    assert userfiles.read_json(sub / "near.json", kind) == {"a": 1}      # within its folder
    follow = userfiles.FileKind("settings file", 1000, userfiles.FOLLOW)
    assert userfiles.read_json(sub / "away.json", follow) == {}


def test_the_reader_refuses_numbers_too_long_for_python_with_a_reason(tmp_path):
    from hacienda_game.session import userfiles
    from hacienda_game.session.userfiles import FileRefused

    path = tmp_path / "n.json"
    for text in (f'{{"a": {LONG}}}', f'[-{LONG}]', '{"a": 1.' + "5" * 500 + "}",
                 '{"a": ' + "1" * 65 + "}"):
        path.write_text(text)
        with pytest.raises(FileRefused, match="digits") as refused:
            userfiles.read_json(path, userfiles.SAVE)
        assert refused.value.cause == "number"
    path.write_text('{"seed": ' + str(2 ** 63) + ', "x": 1e400, "y": -' + "9" * 64 + "}")
    data = userfiles.read_json(path, userfiles.SAVE)
    assert data["seed"] == 2 ** 63 and data["y"] == -int("9" * 64)


@pytest.mark.parametrize("text", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                                  "0001-01-01T00:00:00", "1969-12-31T23:59:59+00:00",
                                  "9000-01-01T00:00:00+00:00", "x" * 65, "2026-13-01", 5])
def test_dates_out_of_range_are_refused(text):
    from hacienda_game.session import userfiles

    with pytest.raises(ValueError):
        userfiles.parse_date(text)


def test_dates_in_range_are_utc():
    from hacienda_game.session import userfiles

    when = userfiles.parse_date("2026-11-30T15:40:00+02:00")
    assert when.utcoffset().total_seconds() == 0 and when.hour == 13


# ------------------------------------------------- a number of 5,000 digits
def test_a_long_number_in_the_autosave_is_a_refusal_not_a_crash(home):
    from hacienda_game.session.keeper import continuable

    path = saves.autosave(_game(10), _plan())
    raw = _with_long_number(path)
    assert continuable() is None                  # the menu builds, without Continue
    listed, problems = saves.list_saves()
    assert listed == [] and [p.path for p in problems] == [path]
    assert "5000 digits" in problems[0].reason
    with pytest.raises(SaveError, match="digits"):
        saves.load_game(path)
    assert path.read_bytes() == raw


def test_replay_of_a_file_with_a_long_number_exits_2_without_a_traceback(home, capsys):
    from hacienda_game.cli import main

    for path in (saves.autosave(_game(10), _plan()),
                 saves.keep_replay(_finished(), _plan(seed=4))):
        _with_long_number(path)
        assert main(["--replay", str(path), "--headless", "--max-frames", "1"]) == 2
        err = capsys.readouterr().err
        assert path.name in err and "digits" in err and "Traceback" not in err


def test_a_long_number_in_settings_or_a_record_is_a_refusal(home):
    from hacienda_game.session.userdirs import Settings

    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.write_text('{"music_volume": ' + LONG + ', "scale": 2}')
    s = Settings.load()
    assert s.refused and s.scale == 0
    kept = saves.keep_replay(_finished(), _plan(seed=4))
    _with_long_number(kept)
    entries, problems = saves.list_replays()
    assert entries == [] and "digits" in problems[0].reason


# ------------------------------------------------- a date at the range's edge
@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_save_dated_at_the_edge_of_the_range_is_listed_with_the_reason(home, when):
    good = saves.save_game(_game(12), _plan(), "Evening")
    odd = saves.save_game(_game(20), _plan(), "Odd")
    data = json.loads(odd.read_text())
    data["saved_at"] = when
    odd.write_text(json.dumps(data))
    listed, problems = saves.list_saves()
    assert [s.path for s in listed] == [good]
    assert [p.path for p in problems] == [odd] and "range" in problems[0].reason
    for info in listed:                           # every date listed can be shown locally
        info.saved_at.astimezone()


# ------------------------------------------------- the host note beside a save
def test_a_pipe_where_the_host_note_is_never_blocks_continue(home):
    from hacienda_game.net.hosting import net_note_path, read_note

    save = saves.autosave(_game(10), _plan())
    fifo = net_note_path(save)
    os.mkfifo(fifo)
    try:
        done, note = _in_thread(lambda: read_note(save, _plan()))
        assert done, "reading the host note blocked on a pipe"
        assert note == {}
    finally:
        _release(fifo)


HOST_NOTE_ZERO = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))   # 1 GiB: old code ran out
from hacienda_game.net.hosting import net_note_path, read_note
save = Path(sys.argv[1])
net_note_path(save).symlink_to("/dev/zero")
print("note", read_note(save), flush=True)
"""


def test_a_host_note_linked_to_dev_zero_is_refused_at_once(home, tmp_path):
    save = saves.autosave(_game(10), _plan())
    env = dict(os.environ, HACIENDA_HOME=str(home), PYTHONPATH=str(ROOT))
    t = time.monotonic()
    out = subprocess.run([sys.executable, "-c", HOST_NOTE_ZERO, str(save)], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-500:]
    assert "note {}" in out.stdout and time.monotonic() - t < 30


def test_a_good_host_note_is_still_read_and_written_in_place(home):
    from hacienda_game.net.hosting import game_mark, net_note_path, read_note, saved_plan

    save = saves.autosave(_game(10), _plan())
    note = {"code": "ABCD", "remote": [1], "tokens": {"1": "t"},
            "game": game_mark(saved_plan(_plan()))}
    net_note_path(save).write_text(json.dumps(note))
    assert read_note(save, _plan()) == {"code": "ABCD", "remote": [1], "tokens": {1: "t"}}
    listed, problems = saves.list_saves()            # the note is part of its save
    assert [s.path for s in listed] == [save] and problems == []


# ------------------------------------------------------------------ the log
def test_a_pipe_at_the_log_never_blocks_writing_an_error(home):
    from hacienda_game.session.userdirs import log_error, log_note, log_path

    path = log_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    try:
        def write():
            try:
                raise RuntimeError("boom")
            except RuntimeError as exc:
                log_note("a note")
                return log_error(exc, "test")

        done, written = _in_thread(write)
        assert done, "writing the log blocked on a pipe"
        assert written is None
    finally:
        _release(path)
    assert path.is_fifo()                         # left alone


def test_the_log_is_written_to_a_plain_file_and_kept_small(home, monkeypatch):
    from hacienda_game.session import userfiles
    from hacienda_game.session.userdirs import log_note, log_path

    monkeypatch.setattr(userfiles, "LOG", userfiles.FileKind("log", 200))
    for i in range(20):
        log_note(f"line {i}")
    path = log_path()
    assert "line 19" in path.read_text()
    assert path.stat().st_size <= 200 + 60
    assert path.with_name("hacienda.log.1").exists()
    os.unlink(path)
    path.symlink_to("/dev/full")
    log_note("into a device?")                    # left alone, no error
    assert path.is_symlink()


# ------------------------------------------------------------ settings links
def test_a_settings_file_that_is_a_link_stays_a_link(home, tmp_path):
    from hacienda_game.session.userdirs import Settings

    kept = tmp_path / "dotfiles" / "hacienda-settings.json"
    kept.parent.mkdir()
    kept.write_text(json.dumps({"music_volume": 30}))
    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.symlink_to(kept)
    s = Settings.load()
    assert s.music_volume == 30 and not s.refused
    s.music_volume = 70
    s.save()
    assert path.is_symlink() and os.readlink(path) == str(kept)
    assert json.loads(kept.read_text())["music_volume"] == 70
    assert Settings.load().music_volume == 70
    assert not [p for p in kept.parent.iterdir() if p != kept]      # no temporary left


def test_a_settings_link_that_leads_nowhere_is_not_replaced(home, tmp_path):
    from hacienda_game.session.userdirs import Settings

    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.symlink_to(tmp_path / "gone" / "settings.json")
    s = Settings.load()
    s.music_volume = 70
    s.save()
    assert path.is_symlink() and not (tmp_path / "gone").exists()
    assert s.notice and "settings.json" in s.notice


# ------------------------------------------- two windows on one user folder
def test_two_windows_on_one_folder_never_lose_each_others_unfinished_game(home):
    from hacienda_game.session.keeper import continuable
    from tools.faults_files import window

    first = window(home, 21, 30)
    try:
        assert first.stdout.readline().strip() == "played 30"
        second = window(home, 22, 40)
        assert second.stdout.readline().strip() == "played 40"
        # A third window (this test) offers neither: both games are being played,
        # and deletes neither.
        assert continuable() is None
        for path in (home / "saves").glob("autosave*.json"):
            with pytest.raises(SaveError, match="another window"):
                saves.delete_save(path)
        second.communicate("finish\n", timeout=120)   # the second window's game ends
        assert second.returncode == 0
        games = {}
        for path in sorted((home / "saves").glob("autosave*.json")):
            saved = saves.load_game(path)
            games[saved.plan.seed] = len(saved.state.history)
        assert games == {21: 30}, games               # the first window's game is whole
    finally:
        first.communicate("", timeout=60)             # the first window closes unfinished
    info = continuable()                              # now it is offered, to any window
    assert info is not None and info.plan.seed == 21 and info.actions == 30
    assert len(list((home / "replays").glob("*.json"))) == 1


def test_records_written_in_the_same_instant_are_all_kept(home):
    state, plan = _finished(), _plan(seed=4)
    start = threading.Barrier(6)
    paths: list[Path] = []

    def keep() -> None:
        for _ in range(4):
            start.wait()
            paths.append(saves.keep_replay(state, plan))

    threads = [threading.Thread(target=keep) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    kept = sorted((home / "replays").glob("*.json"))
    assert len(paths) == 24 and len(set(paths)) == 24 and len(kept) == 24
    assert not [p for p in (home / "replays").iterdir() if p.name.startswith(".")]


def test_a_named_save_never_takes_an_autosave_slots_name(home):
    state, plan = _game(8), _plan()
    paths = [saves.save_game(state, plan, n) for n in ("Autosave", "Autosave 2", "autosave-3")]
    assert [p.stem for p in paths] == ["autosave-save", "autosave-2-save", "autosave-3-save"]


# ------------------------------------------- a full disk at the game's end
def test_a_record_a_full_disk_refuses_is_kept_in_memory_told_and_not_continued(
        home, monkeypatch):
    import errno

    from hacienda_game.session import keeper as keeper_module
    from hacienda_game.session.keeper import GameKeeper, continuable

    plan = _plan(seed=4)
    keeper = GameKeeper(plan)
    state = new_game("symmetric", 2, 4)
    rng = random.Random(4)
    real_fsync = os.fsync
    full = []

    def fsync(fd):
        if full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    while True:
        action = state.random_action(rng)
        if _ends(state, action):
            break
        keeper.note(state, action, state.apply(action))
    keeper.flush()
    assert continuable() is not None                  # the game so far is autosaved
    full.append(True)                                 # the disk fills up
    keeper.note(state, action, state.apply(action))   # the last action: the game ends
    assert state.is_over()
    assert keeper.problem and "No space left" in keeper.problem   # told at once
    assert "memory" in keeper.problem
    assert continuable() is None                      # never offered as unfinished
    assert not list((home / "replays").glob("*.json"))
    keeper.close()
    full.clear()                                      # room again: the next game's write
    waiting = keeper_module.unkept()
    assert [w[0].history for w in waiting] == [state.history]
    other = GameKeeper(_plan(seed=5))
    fresh = new_game("symmetric", 2, 5)
    first = fresh.random_action(random.Random(5))
    other.note(fresh, first, fresh.apply(first))
    other.close()
    kept = list((home / "replays").glob("*.json"))
    assert len(kept) == 1 and saves.load_replay(kept[0]).final.history == state.history
    assert keeper_module.unkept() == []


def _ends(state, action) -> bool:
    after = state.clone()
    after.apply(action)
    return after.is_over()


# ------------------------------------------------------------ the command line
def test_every_path_argument_is_checked_for_length_kind_and_ending(home, tmp_path):
    from hacienda_game.cli import check_options, parser

    long = "a" * 5000
    cases = {
        ("--windowed", "--map", long): "too long",
        ("--windowed", "--map", long + ".tmx"): "too long",
        ("--replay", long): "too long",
        ("--autoplay", "--headless", "--screenshot", "/dev/full"): "plain file",
        ("--autoplay", "--headless", "--screenshot", str(tmp_path / "out.xyz")): ".png",
        ("--autoplay", "--headless", "--screenshot", str(tmp_path / (long + ".png"))):
            "too long",
        ("--autoplay", "--headless", "--frame-log", "/dev/full"): "plain file",
        ("--autoplay", "--headless", "--frame-log", str(tmp_path / long)): "too long",
    }
    for args, reason in cases.items():
        problems = check_options(parser().parse_args(list(args)))
        assert problems and any(reason in p for p in problems), (args[-1][:40], problems)
        assert all(len(p) < 400 for p in problems)
    for good in (("--autoplay", "--headless", "--screenshot", str(tmp_path / "end.PNG")),
                 ("--autoplay", "--headless", "--frame-log", str(tmp_path / "frames.json"))):
        assert check_options(parser().parse_args(list(good))) == []


def test_a_path_too_long_exits_2_before_the_game_without_a_traceback(home):
    env = dict(os.environ, HACIENDA_HOME=str(home), PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for args in (["--windowed", "--map", "a" * 5000],
                 ["--autoplay", "--headless", "--max-frames", "2", "--screenshot", "/dev/full"],
                 ["--autoplay", "--headless", "--max-frames", "2", "--screenshot", "out.xyz"]):
        out = subprocess.run([sys.executable, "-m", "hacienda_game.cli", *args], env=env,
                             cwd=home, capture_output=True, text=True, timeout=60)
        assert out.returncode == 2, (args[-1][:20], out.returncode, out.stderr[-300:])
        assert "Traceback" not in out.stderr and "no screen" not in out.stderr
        assert out.stderr.startswith("hacienda: ") and len(out.stderr) < 600
    assert not (home / "out.xyz").exists()


def test_a_resumed_game_goes_on_in_its_slot_and_a_new_one_never_takes_a_full_slot(home):
    from hacienda_game.session import unfinished
    from hacienda_game.session.keeper import GameKeeper

    folder = home / "saves"
    older = saves.autosave(_game(10, seed=31), _plan(seed=31), folder)
    resumed = saves.autosave(_game(20, seed=32), _plan(seed=32), folder, "autosave-2")
    before = older.read_bytes()
    try:
        saved = saves.load_game(resumed)
        assert unfinished.claim(resumed, unfinished.game_mark(saved.plan))
        keeper = GameKeeper(saved.plan, saved.limit)
        state = saved.state
        action = state.random_action(random.Random(1))
        keeper.note(state, action, state.apply(action))
        keeper.close()
        assert len(saves.load_game(resumed).state.history) == 21     # its own slot, on
        fresh = GameKeeper(_plan(seed=33))                           # then a new game
        state = new_game("symmetric", 2, 33)
        action = state.random_action(random.Random(2))
        fresh.note(state, action, state.apply(action))
        fresh.close()
        third = folder / "autosave-3.json"
        assert saves.load_game(third).plan.seed == 33
        assert older.read_bytes() == before                          # never written over
        assert saves.load_game(resumed).plan.seed == 32
    finally:
        unfinished.release(folder)
