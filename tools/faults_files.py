"""The player's files and the command line under faults: the part of
``tools/faults.py`` that checks the one bounded reader, the autosave slots of
two windows on one folder, a full disk at a game's end and the path
arguments.  Prints nothing itself; ``user_files()`` returns the figures.

Each check builds its own user folder.  Whatever could hang (a pipe, a link
to /dev/zero, a second window) runs in a child process with a time limit, so
a fault found is reported, not a frozen script.
"""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # stdout carries the figures
ROOT = Path(__file__).resolve().parents[1]
LONG = "9" * 5000               # past Python's 4,300-digit int-from-string limit


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, HACIENDA_HOME=str(home), PYTHONPATH=str(ROOT),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def _plan(seed: int):
    from hacienda_game.session.plan import GamePlan, SeatPlan

    return GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], seed)


def _game(steps: int, seed: int):
    from hacienda_game.engine import new_game

    state = new_game("symmetric", 2, seed)
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < steps:
        state.apply(state.random_action(rng))
    return state


class _Home:
    """A fresh user folder as HACIENDA_HOME for the length of a check."""

    def __enter__(self) -> Path:
        self.path = Path(tempfile.mkdtemp(prefix="hacienda-files-"))
        self.saved = os.environ.get("HACIENDA_HOME")
        os.environ["HACIENDA_HOME"] = str(self.path)
        return self.path

    def __exit__(self, *exc) -> None:
        if self.saved is None:
            os.environ.pop("HACIENDA_HOME", None)
        else:
            os.environ["HACIENDA_HOME"] = self.saved
        shutil.rmtree(self.path, ignore_errors=True)


class _Hung(Exception):
    pass


def _alarm(signum, frame):
    raise _Hung("a time limit was reached")


def _screens(problems: list[str], push: Callable, pick_all: bool = True) -> None:
    """A scene pushed over the title menu, every entry chosen; the error screen
    or an exception is a problem."""
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.overlays import ErrorOverlay

    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.push(MenuScene())
        app.step()
        push(app)
        for _ in range(3):
            app.step()
        scene = app.top
        for i in range(len(getattr(scene, "entries", [])) if pick_all else 0):
            scene.pick(i)
            app.step()
        if any(isinstance(s, ErrorOverlay) for s in app.stack):
            problems.append("the error screen showed")
    except Exception as e:  # noqa: BLE001 - the finding is any exception at all
        problems.append(f"{type(e).__name__}: {str(e)[:120]}")
    finally:
        app.finish()


# ----------------------------------------------------------------- the checks
def long_number() -> dict:
    """A 5,000-digit number in the autosave: the menu builds (no Continue),
    Load lists it with the reason, --replay exits 2 without a traceback."""
    from hacienda_game.client.scenes.saveload import LoadScene
    from hacienda_game.session import saves
    from hacienda_game.session.keeper import continuable

    problems: list[str] = []
    with _Home() as home:
        path = saves.autosave(_game(10, 9), _plan(9))
        data = json.loads(path.read_text())
        data["summary"]["round"] = 12345
        path.write_text(json.dumps(data).replace("12345", LONG))
        try:
            if continuable() is not None:
                problems.append("Continue is offered for it")
        except Exception as e:  # noqa: BLE001
            problems.append(f"the menu's Continue check raised {type(e).__name__}")
        _screens(problems, lambda app: app.push(LoadScene()))
        listed, refused = saves.list_saves()
        if not refused or "digits" not in refused[0].reason:
            problems.append("Load gives no reason for it")
        out = subprocess.run([sys.executable, "-m", "hacienda_game.cli", "--replay", str(path),
                              "--headless", "--max-frames", "1"], env=_env(home),
                             capture_output=True, text=True, timeout=60)
        if out.returncode != 2 or "Traceback" in out.stderr:
            problems.append(f"--replay exited {out.returncode}: {out.stderr.strip()[-120:]}")
    return {"ok": not problems, "problems": problems}


def edge_date() -> dict:
    """A save dated 0001-01-01T00:00:00+14:00 beside a good one: Load opens."""
    from hacienda_game.client.scenes.saveload import LoadScene
    from hacienda_game.session import saves

    problems: list[str] = []
    with _Home():
        saves.save_game(_game(12, 9), _plan(9), "Evening")
        odd = saves.save_game(_game(20, 9), _plan(9), "Odd")
        data = json.loads(odd.read_text())
        data["saved_at"] = "0001-01-01T00:00:00+14:00"
        odd.write_text(json.dumps(data))
        _screens(problems, lambda app: app.push(LoadScene()))
        listed, refused = saves.list_saves()
        if len(listed) != 1 or [p.path for p in refused] != [odd]:
            problems.append("the odd save is not listed apart with its reason")
    return {"ok": not problems, "problems": problems}


HOST_NOTE = """
import resource, sys, time
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from hacienda_game.net.hosting import net_note_path, read_note
save = Path(sys.argv[1])
note = net_note_path(save)
for kind in ("fifo", "zero"):
    if note.exists() or note.is_symlink():
        note.unlink()
    if kind == "fifo":
        import os
        os.mkfifo(note)
    else:
        note.symlink_to("/dev/zero")
    t = time.monotonic()
    print(kind, read_note(save) == {}, round(time.monotonic() - t, 3), flush=True)
"""

LOG_PIPE = """
import os, time
from hacienda_game.session.userdirs import log_error, log_path
path = log_path()
path.parent.mkdir(parents=True, exist_ok=True)
os.mkfifo(path)
t = time.monotonic()
try:
    raise RuntimeError("an error")
except RuntimeError as exc:
    written = log_error(exc, "faults")
print("log", written is None, round(time.monotonic() - t, 3), flush=True)
"""


def _child(code: str, home: Path, args: list[str], limit_s: float) -> tuple[str, str]:
    """A child's output, or a note that it hung (then it is killed)."""
    try:
        out = subprocess.run([sys.executable, "-c", code, *args], env=_env(home),
                             capture_output=True, text=True, timeout=limit_s)
    except subprocess.TimeoutExpired:
        return "", f"hung past {limit_s:.0f} s"
    return out.stdout, "" if out.returncode == 0 else out.stderr.strip()[-160:]


def host_note_and_log() -> dict:
    """A pipe and a link to /dev/zero as the host note (1 GiB memory limit),
    a pipe as the log with an error to write: each answered at once."""
    from hacienda_game.session import saves

    problems: list[str] = []
    seconds: dict[str, float] = {}
    with _Home() as home:
        save = saves.autosave(_game(10, 9), _plan(9))
        for code, args in ((HOST_NOTE, [str(save)]), (LOG_PIPE, [])):
            out, error = _child(code, home, args, 30)
            if error:
                problems.append(error)
            for line in out.splitlines():
                kind, ok, took = line.split()
                seconds[kind] = float(took)
                if ok != "True":
                    problems.append(f"{kind}: not refused")
    return {"ok": not problems, "seconds": seconds, "problems": problems}


def settings_link() -> dict:
    """settings.json a link to a file elsewhere: a change writes through it."""
    from hacienda_game.session.userdirs import Settings

    problems: list[str] = []
    with _Home() as home:
        kept = home / "elsewhere" / "settings.json"
        kept.parent.mkdir()
        kept.write_text(json.dumps({"music_volume": 30}))
        path = Settings.path()
        path.parent.mkdir(parents=True)
        path.symlink_to(kept)
        s = Settings.load()
        s.music_volume = 70
        s.save()
        if not path.is_symlink():
            problems.append("the link was replaced by a file")
        elif json.loads(kept.read_text()).get("music_volume") != 70:
            problems.append("the change did not reach the linked file")
    return {"ok": not problems, "problems": problems}


WINDOW = """
import random, sys
from hacienda_game.engine import new_game
from hacienda_game.session.keeper import GameKeeper
from hacienda_game.session.plan import GamePlan, SeatPlan
seed, steps = int(sys.argv[1]), int(sys.argv[2])
plan = GamePlan("symmetric", [SeatPlan("W%d" % seed), SeatPlan("X", "easy", 1)], seed)
keeper = GameKeeper(plan)
state = new_game("symmetric", 2, seed)
rng = random.Random(seed)
while not state.is_over() and len(state.history) < steps:
    action = state.random_action(rng)
    keeper.note(state, action, state.apply(action))
keeper.flush()
print("played", len(state.history), flush=True)
if sys.stdin.readline().strip() == "finish":
    while not state.is_over():
        action = state.random_action(rng)
        keeper.note(state, action, state.apply(action))
    keeper.close()
    print("finished", flush=True)
"""

def window(home: Path, seed: int, steps: int) -> subprocess.Popen:
    """Another window of the game on ``home``: it plays ``steps`` actions
    (autosaved), says "played N", and finishes its game if told "finish"."""
    return subprocess.Popen([sys.executable, "-c", WINDOW, str(seed), str(steps)],
                            env=_env(home), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)


def write_saves(folder: Path, base: dict, count: int) -> None:
    """``count`` copies of a save's data as saves of their own (names and
    dates differ), dated an hour ago on disk."""
    old = time.time() - 3600
    for i in range(count):
        base["name"] = f"Game {i}"
        base["saved_at"] = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:{i % 60:02d}:00+00:00"
        path = folder / f"game-{i}.json"
        path.write_text(json.dumps(base))
        os.utime(path, (old, old))


RECORDS = """
import sys, time
from hacienda_game.engine import new_game
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.saves import keep_replay
import random
state = new_game("symmetric", 2, 4)
rng = random.Random(4)
while not state.is_over():
    state.apply(state.random_action(rng))
plan = GamePlan("symmetric", [SeatPlan("A"), SeatPlan("B", "easy", 1)], 4)
start, rounds = float(sys.argv[1]), int(sys.argv[2])
for r in range(rounds):
    time.sleep(max(0.0, start + 0.25 * r - time.time()))
    keep_replay(state, plan)
print("kept", rounds, flush=True)
"""


def two_windows(rounds: int) -> dict:
    """Two windows on one folder: one finishes its game while the other's
    is unfinished; then ``rounds`` records written by both in the same instant."""
    from hacienda_game.session import saves

    problems: list[str] = []
    with _Home() as home:
        first = window(home, 21, 30)
        try:
            first.stdout.readline()
            second = window(home, 22, 40)
            second.stdout.readline()
            second.communicate("finish\n", timeout=180)
            games = {}
            for path in (home / "saves").glob("autosave*.json"):
                saved = saves.load_game(path)
                games[saved.plan.seed] = len(saved.state.history)
            if games != {21: 30}:
                problems.append(f"after the second window's end the autosaves hold {games}")
        finally:
            first.communicate("", timeout=60)
        shutil.rmtree(home / "replays", ignore_errors=True)
        start = time.time() + 4.0               # both children up and waiting by then
        children = [subprocess.Popen([sys.executable, "-c", RECORDS, repr(start), str(rounds)],
                                     env=_env(home), stdout=subprocess.PIPE, text=True)
                    for _ in range(2)]
        for child in children:
            child.communicate(timeout=60 + rounds)
        kept = len(list((home / "replays").glob("*.json")))
        if kept != 2 * rounds:
            problems.append(f"{2 * rounds - kept} of {2 * rounds} records lost")
    return {"ok": not problems, "record_rounds": rounds, "records_kept": kept,
            "problems": problems}


def full_disk_record() -> dict:
    """The disk fills as the finished game's record is written (fsync fails
    with ENOSPC): told at once, not continued, written once there is room."""
    from hacienda_game.engine import new_game
    from hacienda_game.session import keeper as keeper_module
    from hacienda_game.session import saves
    from hacienda_game.session.keeper import GameKeeper, continuable

    problems: list[str] = []
    real_fsync = os.fsync
    full: list[bool] = []

    def fsync(fd):
        if full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    with _Home() as home:
        os.fsync = fsync
        try:
            keeper = GameKeeper(_plan(4))
            state = new_game("symmetric", 2, 4)
            rng = random.Random(4)
            while True:
                action = state.random_action(rng)
                after = state.clone()
                after.apply(action)
                if after.is_over():
                    break
                keeper.note(state, action, state.apply(action))
            keeper.flush()
            full.append(True)
            keeper.note(state, action, state.apply(action))
            if not keeper.problem:
                problems.append("the player was not told")
            if continuable() is not None:
                problems.append("the ended game is offered as unfinished")
            keeper.close()
            full.clear()
            other = GameKeeper(_plan(5))
            fresh = new_game("symmetric", 2, 5)
            first = fresh.random_action(random.Random(5))
            other.note(fresh, first, fresh.apply(first))
            other.close()
            kept = list((home / "replays").glob("*.json"))
            if len(kept) != 1 or saves.load_replay(kept[0]).final.history != state.history:
                problems.append("the record was not written once there was room")
            if keeper_module.unkept():
                problems.append("a record is still waiting")
        finally:
            os.fsync = real_fsync
    return {"ok": not problems, "problems": problems}


def command_line() -> dict:
    """Path arguments: each refused before the game, exit 2, no traceback."""
    problems: list[str] = []
    with _Home() as home:
        for args in (["--windowed", "--map", "a" * 5000],
                     ["--autoplay", "--headless", "--max-frames", "2", "--screenshot",
                      "/dev/full"],
                     ["--autoplay", "--headless", "--max-frames", "2", "--screenshot",
                      "out.xyz"],
                     ["--replay", "b" * 5000]):
            out = subprocess.run([sys.executable, "-m", "hacienda_game.cli", *args],
                                 env=_env(home), cwd=home, capture_output=True, text=True,
                                 timeout=60)
            if out.returncode != 2 or "Traceback" in out.stderr or "no screen" in out.stderr:
                problems.append(f"{args[-1][:16]}: exit {out.returncode}:"
                                f" {out.stderr.strip()[-100:]}")
    return {"ok": not problems, "problems": problems}


def many_saves(count: int) -> dict:
    """``count`` saves of a 600-action game: Load's first frame, its slowest
    frame while the list fills (CPU time), frames until it is whole, and
    opening it again."""
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.saveload import LoadScene
    from hacienda_game.session import saves

    problems: list[str] = []
    with _Home() as home:
        base = saves.save_game(_game(600, 7), _plan(7), "Base")
        write_saves(home / "saves", json.loads(base.read_text()), count)
        app = App(Options(windowed=True, fake_clock=True, language="en"))
        try:
            app.step()
            t = time.process_time()
            app.push(LoadScene())
            app.step()
            first = time.process_time() - t
            load, worst, frames = app.top, 0.0, 1
            while getattr(load, "scan", None) is not None and not load.scan.finished \
                    and frames < 100_000:
                t = time.process_time()
                app.step()
                worst = max(worst, time.process_time() - t)
                frames += 1
            if len(load.items) != count + 1:
                problems.append(f"{len(load.items)} of {count + 1} saves listed")
            app.pop()
            app.step()
            t = time.process_time()
            app.push(LoadScene())
            app.step()
            again = time.process_time() - t
        finally:
            app.finish()
    return {"ok": not problems, "saves": count, "first_frame_cpu_s": round(first, 3),
            "slowest_frame_cpu_s": round(max(worst, first), 3), "frames_to_whole": frames,
            "open_again_cpu_s": round(again, 3), "problems": problems}


def user_files(saves_count: int, record_rounds: int, limit_s: float = 600,
               quick: bool = False) -> dict:
    """Every check (``quick``: not those that start other processes, which
    the test suite covers one by one); the figures, and a failure line for
    each problem."""
    old = signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    figures: dict = {}
    checks = [("long_number", long_number), ("edge_date", edge_date),
              ("host_note_and_log", host_note_and_log), ("settings_link", settings_link),
              ("two_windows", lambda: two_windows(record_rounds)),
              ("full_disk_record", full_disk_record), ("command_line", command_line),
              ("many_saves", lambda: many_saves(saves_count))]
    if quick:
        checks = [c for c in checks if c[0] not in ("two_windows", "command_line",
                                                    "host_note_and_log", "long_number")]
    try:
        for name, check in checks:
            signal.alarm(int(limit_s))
            try:
                figures[name] = check()
            except (_Hung, Exception) as e:  # noqa: BLE001 - reported, the others go on
                figures[name] = {"ok": False, "problems": [f"{type(e).__name__}: {e}"]}
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    failures = [f"{name}: {p}" for name, v in figures.items() for p in v.get("problems", [])]
    return {**figures, "seconds": round(time.monotonic() - started, 1), "failures": failures}
