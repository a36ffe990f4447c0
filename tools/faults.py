"""Fault injection: the game under a hung or killed AI worker, killed itself,
and fed damaged files.  Prints measured figures.

    python tools/faults.py                 # 20 worker games, 30 game kills, 100 corruptions,
                                           # the user-file checks (3,000 saves, 20 rounds)
    python tools/faults.py --quick         # 1, 1, 8 and the file checks in one process
                                           # (300 saves): the default test suite runs this
    python tools/faults.py --memory 30     # 30 games in one process: RSS after each
    python tools/faults.py --json          # the figures as JSON

1. **Worker**: headless autoplay games (the real client in a child process)
   whose AI worker is SIGKILLed or SIGSTOPped at random moments; every game
   must reach its end, print no traceback, and the process must exit within
   3 s of the game's Quit (the worker's deadlines are shortened to 1 s beyond
   the budget so a stopped worker costs seconds, not minutes).
2. **Kill**: a game whose AI seats play (autosaved after every action) is
   SIGKILLed at a random moment; the autosave must load whole and hold
   exactly the game played up to one of its last actions (checked against
   the actions the child printed, replayed independently from the seed),
   and the game must go on from it.
3. **Corrupt**: a user folder with saves, an autosave, records and settings
   is damaged in random ways (cut short, bytes flipped, emptied, values
   replaced by odd ones, a pipe, a folder, a link to /dev/zero, a scenario
   naming /dev/zero, far too big, nested too deep); the title menu, Load
   (every entry chosen), Replays (every entry chosen, the first watched)
   and Continue must all work without the error screen, within a time
   limit, and no byte of any file may change (a damaged settings file or
   autosave may only be renamed aside).
4. **Files** (`tools/faults_files.py`): a 5,000-digit number in the autosave,
   a save dated at the edge of the date range, a pipe or /dev/zero as the
   host note, a pipe as the log, settings.json a link, two windows on one
   folder (one ends its game while the other's is unfinished; records
   written by both in the same instant), a full disk at a game's end, path
   arguments too long or naming a device or an unknown picture ending, and
   thousands of saves on the Load screen (CPU time per frame).
5. **Seats** (`tools/faults_client.py`): autoplay games whose AI seats raise
   or answer illegal moves at random must reach their end, exit 0, and log
   every failure.
6. **Long files** (`tools/faults_client.py`): a legal save of 300,000
   actions continued and watched: the longest frame and the time until ready.

Conditions: 2 shared cores; the figures say how long each part took.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXIT_LIMIT_S = 3.0

WORKER_CHILD = r"""
import sys, time
import hacienda_game.ai.worker as worker
worker.MARGIN_S = 1.0          # a stopped worker is given up after its budget + 1 s
worker.DEFAULT_SECONDS = 1.0
from hacienda_game.client import app as app_module
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.play import autoplay_scene

quit_at = []
real_quit = App.quit
def quit(self, code=0):
    if not quit_at:
        quit_at.append(time.monotonic())
        print("quit", repr(quit_at[0]), flush=True)
    real_quit(self, code)
App.quit = quit
app = App(Options(headless=True, autoplay=True, seats=sys.argv[2].split(","),
                  seed=int(sys.argv[1]), max_frames=200000))
print("ready", flush=True)
code = app.run()
print("result", app_module.LAST_RESULT is not None, flush=True)
sys.exit(code)
"""

GAME_CHILD = r"""
import sys
import hacienda_game.client.scenes.play as play
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.session.keeper import GameKeeper
from hacienda_game.session.plan import GamePlan, SeatPlan

real_note = GameKeeper.note
def note(self, state, action, events):
    real_note(self, state, action, events)
    print("action", action, flush=True)
GameKeeper.note = note
seed = int(sys.argv[1])
plan = GamePlan("symmetric", [SeatPlan("Ana", "random", 0), SeatPlan("Bruno", "random", 1),
                              SeatPlan("Carmen", "random", 2)], seed)
app = App(Options(headless=True))
scene = play.PlayScene(plan)         # not autoplay: it is autosaved after every action
app.push(scene)
scene.autoplay = True                # but moves at once and closes its scoring tables
while app.running:
    app.step()
print("over", flush=True)
app.finish()
"""


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, HACIENDA_HOME=str(home), PYTHONPATH=str(ROOT),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


class _Lines:
    """A child's output lines, read on a thread (the parent polls ``text``)."""

    def __init__(self, stream):
        import threading

        self.lines: list[str] = []
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.append(line.rstrip("\n"))

    def finish(self) -> str:
        self._thread.join(timeout=5)
        return self.text

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


# ------------------------------------------------------------------ 1. worker
def worker_faults(games: int, rng: random.Random, limit_s: float, most: int = 4) -> dict:
    """Games (of 2 to ``most`` seats) whose worker is killed and stopped at random moments."""
    levels = ["random", "easy"]
    ended, exits, faults, failures = 0, [], {"kill": 0, "stop": 0}, []
    started = time.monotonic()
    for g in range(games):
        if time.monotonic() - started > limit_s:
            failures.append(f"time limit reached after {g} games")
            break
        seats = ",".join(rng.choice(levels) for _ in range(rng.randint(2, most)))
        with tempfile.TemporaryDirectory() as home:
            child = subprocess.Popen([sys.executable, "-c", WORKER_CHILD, str(1000 + g), seats],
                                     env=_env(Path(home)), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
            quit_at = None
            next_fault = time.monotonic() + rng.uniform(0.5, 2.0)
            game_limit = time.monotonic() + 240
            lines, errors = _Lines(child.stdout), _Lines(child.stderr)
            while child.poll() is None and time.monotonic() < game_limit:
                time.sleep(0.05)
                m = re.search(r"^quit (\S+)$", lines.text, re.M)
                if m and quit_at is None:
                    quit_at = float(m.group(1))
                if quit_at is None and time.monotonic() >= next_fault:
                    workers = _children(child.pid)
                    if workers:
                        kind = rng.choice(["kill", "stop"])
                        os.kill(workers[-1], signal.SIGKILL if kind == "kill" else signal.SIGSTOP)
                        faults[kind] += 1
                    next_fault = time.monotonic() + rng.uniform(0.5, 3.0)
            if child.poll() is None:
                child.kill()
                failures.append(f"game {g} ({seats}) did not end within its limit")
            exited = time.monotonic()
            child.wait()
            out, err = lines.finish(), errors.finish()
            m = re.search(r"^quit (\S+)$", out, re.M)
            if m:
                exits.append(exited - float(m.group(1)))
            if "result True" in out:
                ended += 1
            else:
                failures.append(f"game {g} ({seats}) did not reach its end")
            if "Traceback" in err:
                failures.append(f"game {g}: a traceback on stderr: {err.strip()[-300:]}")
            if exits and exits[-1] > EXIT_LIMIT_S:
                failures.append(f"game {g}: exited {exits[-1]:.2f} s after Quit")
    return {"games": games, "games_ended": ended, "worker_kills": faults["kill"],
            "worker_stops": faults["stop"],
            "exit_after_quit_s_max": round(max(exits, default=0.0), 3),
            "exit_after_quit_s_median": round(statistics.median(exits), 3) if exits else 0.0,
            "seconds": round(time.monotonic() - started, 1), "failures": failures}


# -------------------------------------------------------------- 2. game kills
def game_kills(kills: int, rng: random.Random, limit_s: float) -> dict:
    """A game killed (SIGKILL) at random moments; the autosave resumes exactly."""
    from hacienda_game.engine import new_game, parse_action
    from hacienda_game.session.saves import SaveError, autosave_path, load_game

    resumed, lags, ended_first, failures = 0, [], 0, []
    started = time.monotonic()
    for k in range(kills):
        if time.monotonic() - started > limit_s:
            failures.append(f"time limit reached after {k} kills")
            break
        seed = 500 + k
        with tempfile.TemporaryDirectory() as home_text:
            home = Path(home_text)
            child = subprocess.Popen([sys.executable, "-c", GAME_CHILD, str(seed)],
                                     env=_env(home), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
            lines, _errors = _Lines(child.stdout), _Lines(child.stderr)
            wait_for = rng.randint(5, 300)          # actions played before the kill
            limit = time.monotonic() + 120
            while child.poll() is None and time.monotonic() < limit:
                if len(lines.lines) >= wait_for:
                    time.sleep(rng.uniform(0.0, 0.05))
                    break
                time.sleep(0.005)
            child.kill()
            child.wait()
            out = lines.finish()
            played = [line[7:] for line in out.splitlines() if line.startswith("action ")]
            path = autosave_path(home / "saves")
            if "over" in out.split() or not path.exists():
                if not played:
                    failures.append(f"kill {k}: nothing was played")
                else:
                    ended_first += 1
                continue
            try:
                saved = load_game(path)
            except SaveError as e:
                failures.append(f"kill {k}: the autosave does not load: {e}")
                continue
            history = list(saved.state.history_text())
            if history != played[:len(history)] or len(history) > len(played):
                failures.append(f"kill {k}: the autosave is not the game played")
                continue
            lags.append(len(played) - len(history))
            again = new_game("symmetric", 3, seed)
            for text in history:
                again.apply(parse_action(text))
            if again.snapshot() != saved.state.snapshot():
                failures.append(f"kill {k}: the autosave's state is not the game's")
                continue
            goes_on = saved.state
            moves = random.Random(k)
            for _ in range(20):                      # and the game goes on from it
                if goes_on.is_over():
                    break
                goes_on.apply(goes_on.random_action(moves))
            resumed += 1
    return {"kills": kills, "resumed_exactly": resumed, "ended_before_the_kill": ended_first,
            "actions_behind_max": max(lags, default=0),
            "actions_behind_median": statistics.median(lags) if lags else 0,
            "seconds": round(time.monotonic() - started, 1), "failures": failures}


# ------------------------------------------------------------- 3. corruption
ODD_VALUES = [None, 5, -1, 10 ** 8, 10 ** 30, 1e308, "abc", "", "/dev/zero", True, [], {},
              [5, "x", None], {"a": 1}, "x" * 5000, list(range(2000)),
              "0001-01-01T00:00:00+14:00"]
LONG_NUMBER = "9" * 5000          # past Python's 4,300-digit limit (json.dumps cannot write it)


def _pristine(home: Path) -> None:
    """A user folder: two named saves, an autosave, two records, settings."""
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "human", 1)], 7)
    for steps, name in ((12, "Evening"), (40, "Sunday")):
        state = new_game("symmetric", 2, 7)
        r = random.Random(steps)
        while len(state.history) < steps:
            state.apply(state.random_action(r))
        saves.save_game(state, plan, name)
        if steps == 40:
            saves.autosave(state, plan)
    for seed in (3, 4):
        state = new_game("symmetric", 2, seed)
        r = random.Random(seed)
        while not state.is_over():
            state.apply(state.random_action(r))
        saves.keep_replay(state, GamePlan("symmetric", plan.seats, seed))
    settings = home / "config" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"anim_speed": "fast", "music_volume": 30,
                                    "fullscreen": False}))


def _paths_in(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths_in(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):
            yield from _paths_in(v, (*prefix, i))


def _corrupt(path: Path, rng: random.Random) -> str:
    """Damage one file in a random way; what was done."""
    raw = path.read_bytes()
    kind = rng.choice(["cut", "flip", "empty", "garbage", "value", "value", "value", "fifo",
                       "folder", "link", "scenario", "huge", "deep", "players",
                       "long number"])
    if kind == "cut":
        path.write_bytes(raw[:rng.randrange(max(1, len(raw)))])
    elif kind == "flip":
        b = bytearray(raw)
        for _ in range(rng.randint(1, 20)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        path.write_bytes(bytes(b))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "garbage":
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(1, 3000))))
    elif kind in ("value", "scenario", "players"):
        try:
            data = json.loads(raw)
        except ValueError:
            path.write_bytes(raw[:-3])
            return f"{path.name}: cut (not JSON)"
        record = data.get("record", data) if isinstance(data, dict) else data
        header = record.get("header") if isinstance(record, dict) else None
        if kind == "scenario" and isinstance(header, dict):
            header["scenario"] = rng.choice(["/dev/zero", "/etc/passwd", "../../x.json"])
        elif kind == "players" and isinstance(header, dict):
            header["players"] = rng.choice([10 ** 8, 0, -3, 6, "5", 2.5])
        else:
            where = rng.choice([p for p in _paths_in(data) if p])
            target = data
            for key in where[:-1]:
                target = target[key]
            target[where[-1]] = rng.choice(ODD_VALUES)
        path.write_text(json.dumps(data))
    elif kind == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif kind == "folder":
        path.unlink()
        path.mkdir()
    elif kind == "link":
        path.unlink()
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        path.write_bytes(b"{" + b" " * (5 * 1024 * 1024) + b"}")
    elif kind == "deep":
        path.write_bytes(b"[" * 100000 + b"]" * 100000)
    elif kind == "long number":
        text = raw.decode("utf-8", "replace")
        numbers = [m.start() for m in re.finditer(r"(?<![\w.\"])\d+(?![\w.\"])", text)]
        if not numbers:
            path.write_text(text + LONG_NUMBER)
            return f"{path.name}: {kind}"
        at = rng.choice(numbers)
        end = re.match(r"\d+", text[at:]).end() + at
        path.write_text(text[:at] + LONG_NUMBER + text[end:])
    return f"{path.name}: {kind}"


def _contents(home: Path) -> dict[Path, bytes]:
    out = {}
    for p in home.rglob("*"):
        if p.is_file() and not p.is_symlink() and "log" not in p.parts:
            out[p] = p.read_bytes()
    return out


class Hung(Exception):
    pass


def _alarm(signum, frame):
    raise Hung("a time limit was reached")


def _check_client(home: Path) -> list[str]:
    """The title menu, Load, Replays and Continue, driven as a player would."""
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.overlays import ErrorOverlay, Message
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.client.scenes.replay import ReplayScene
    from hacienda_game.client.scenes.saveload import LoadScene, ReplaysScene

    problems = []
    app = App(Options(windowed=True, fake_clock=True, language="en"))

    def frames(n: int) -> None:
        for _ in range(n):
            app.step()
            if not app.running:
                raise Hung("the game quit")
            if any(isinstance(s, ErrorOverlay) for s in app.stack):
                raise Hung("the error screen showed")

    try:
        app.push(MenuScene())
        frames(2)
        while isinstance(app.top, Message):      # a damaged settings file is told once
            app.pop()
        menu = app.top
        for scene_type in (LoadScene, ReplaysScene):
            app.push(scene_type())
            frames(2)
            listing = app.top
            for i in range(len(listing.entries)):
                listing.pick(i)
                frames(2)
            if scene_type is ReplaysScene and listing.items:
                listing.pick(0)
                listing.watch()
                frames(3)
                if isinstance(app.top, ReplayScene):
                    app.top.close()
                frames(1)
                while app.top is not listing and len(app.stack) > 2:
                    app.pop()
            app.reset(MenuScene())
            frames(2)
            menu = app.top
        labels = [b.label for b in menu.buttons]
        if "Continue" in labels:
            menu.continue_game()
            def arrived() -> bool:
                return isinstance(app.top, Message) or any(isinstance(s, PlayScene)
                                                           for s in app.stack)

            for _ in range(200):
                frames(1)
                if arrived():
                    break
            if not arrived():
                problems.append("Continue led nowhere")
            app.reset(MenuScene())
            frames(1)
    except Hung as e:
        problems.append(str(e))
    finally:
        app.finish()
    return problems


def corruptions(trials: int, rng: random.Random, limit_s: float) -> dict:
    """The client with damaged user files: works, and changes no byte."""
    failures, kinds = [], {}
    old = signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    pristine = Path(tempfile.mkdtemp(prefix="hacienda-pristine-"))
    saved_home = os.environ.get("HACIENDA_HOME")
    try:
        os.environ["HACIENDA_HOME"] = str(pristine)
        _pristine(pristine)
        done = 0
        for t in range(trials):
            if time.monotonic() - started > limit_s:
                failures.append(f"time limit reached after {t} trials")
                break
            home = Path(tempfile.mkdtemp(prefix="hacienda-corrupt-"))
            try:
                shutil.copytree(pristine, home, dirs_exist_ok=True)
                files = sorted(p for p in home.rglob("*.json") if p.is_file())
                what = [_corrupt(p, rng) for p in rng.sample(files, rng.randint(1, 3))]
                for w in what:
                    kind = w.split(": ")[-1]
                    kinds[kind] = kinds.get(kind, 0) + 1
                before = _contents(home)
                os.environ["HACIENDA_HOME"] = str(home)
                signal.alarm(30)
                try:
                    problems = _check_client(home)
                except Hung as e:
                    problems = [str(e)]
                finally:
                    signal.alarm(0)
                after = _contents(home)
                for p, data in before.items():
                    if p in after and after[p] != data:
                        problems.append(f"{p.name} was changed")
                    elif p not in after and not any(
                            q.name.startswith(f"{p.stem}-damaged-") and after[q] == data
                            for q in after):
                        problems.append(f"{p.name} is gone")
                if problems:
                    failures.append(f"trial {t} ({'; '.join(what)}): {'; '.join(problems)}")
                done += 1
            finally:
                shutil.rmtree(home, ignore_errors=True)
    finally:
        signal.signal(signal.SIGALRM, old)
        shutil.rmtree(pristine, ignore_errors=True)
        if saved_home is None:
            os.environ.pop("HACIENDA_HOME", None)
        else:
            os.environ["HACIENDA_HOME"] = saved_home
    return {"trials": done, "corruptions": dict(sorted(kinds.items())),
            "seconds": round(time.monotonic() - started, 1), "failures": failures}


# ----------------------------------------------------------------- 4. memory
def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def memory(games: int, rng: random.Random) -> dict:
    """Whole games one after another in one process (the real client, headless
    autoplay, easy and medium seats): the resident memory after each."""
    import gc

    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    started = time.monotonic()
    with tempfile.TemporaryDirectory() as home:
        os.environ["HACIENDA_HOME"] = home
        app = App(Options(headless=True, autoplay=True))
        series, frames = [], 0
        try:
            for g in range(games):
                seats = [SeatPlan(f"S{i}", rng.choice(["easy", "medium"]), i)
                         for i in range(rng.randint(2, 4))]
                app.running = True
                app.reset(PlayScene(GamePlan("symmetric", seats, 2000 + g, open_hands=True),
                                    autoplay=True))
                while app.running:
                    app.step()
                frames = app.frame
                gc.collect()
                series.append(round(_rss_mib(), 1))
                print(f"game {g + 1}: RSS {series[-1]} MiB", file=sys.stderr, flush=True)
        finally:
            app.finish()
    half = max(1, len(series) // 3)
    return {"games": len(series), "frames": frames, "rss_mib": series,
            "rss_first_third_mean": round(statistics.mean(series[:half]), 1),
            "rss_last_third_mean": round(statistics.mean(series[-half:]), 1),
            "seconds": round(time.monotonic() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="1 worker game, 1 kill, 8 trials")
    ap.add_argument("--games", type=int, help="worker-fault games (20)")
    ap.add_argument("--kills", type=int, help="game kills (30)")
    ap.add_argument("--corruptions", type=int, help="corruption trials (100)")
    ap.add_argument("--memory", type=int, metavar="GAMES",
                    help="only: this many games in one process, RSS after each")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    if args.memory:
        figures = {"memory": memory(args.memory, rng)}
    else:
        games = args.games if args.games is not None else 1 if args.quick else 20
        kills = args.kills if args.kills is not None else 1 if args.quick else 30
        trials = args.corruptions if args.corruptions is not None else 8 if args.quick \
            else 100
        from tools.faults_client import failing_seats, long_files
        from tools.faults_files import user_files

        figures = {"worker": worker_faults(games, rng, 1500, 2 if args.quick else 4),
                   "kill": game_kills(kills, rng, 900),
                   "corrupt": corruptions(trials, rng, 900),
                   "files": user_files(300 if args.quick else 3000, 20, quick=args.quick),
                   "seats": failing_seats(1 if args.quick else 10, rng),
                   "long": long_files(20_000 if args.quick else 300_000)}
    figures["conditions"] = "2 shared cores, SDL dummy drivers"
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for part, values in figures.items():
            print(f"{part}: {values}")
    failed = [f for v in figures.values() if isinstance(v, dict) for f in v.get("failures", [])]
    for f in failed:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
