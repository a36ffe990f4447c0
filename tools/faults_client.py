"""Parts 5 and 6 of tools/faults.py: AI seats that fail, and long legal files.

5. **Seats**: headless autoplay games (the real client in a child process)
   whose AI seats raise or answer illegal moves at random (the worker on a
   thread there, so the child's broken seats are the ones it runs); every
   game must reach its end, exit 0, print no traceback, and the log must name
   every failure.
6. **Long files**: a legal save of ``actions`` actions (turns ended at once,
   for ever) continued from the title menu, then watched in the replay viewer
   and jumped to its end; the longest frame (main-thread CPU) and the time
   until each is ready.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SEATS_CHILD = r"""
import multiprocessing, random, sys, threading
from multiprocessing.dummy import Pipe
from hacienda_game.ai import SEATS, RandomSeat
from hacienda_game.engine import parse_action

class Failing(RandomSeat):
    level = "failing"
    rng = random.Random(int(sys.argv[1]))
    def choose(self, obs, rng, budget=None):
        roll = Failing.rng.random()
        if roll < 0.2:
            raise RuntimeError("a bug in the seat")
        if roll < 0.4:
            return parse_action("buy hacienda 0,0")
        return super().choose(obs, rng, budget)

class Threads:
    @staticmethod
    def Pipe():
        return Pipe()
    @staticmethod
    def Process(target, args, daemon, name):
        return threading.Thread(target=target, args=args, daemon=daemon, name=name)

SEATS["failing"] = Failing
multiprocessing.get_context = lambda *_a: Threads
from hacienda_game.cli import main
sys.exit(main(["--autoplay", "--headless", "--seats", sys.argv[2], "--seed", sys.argv[1]]))
"""


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, HACIENDA_HOME=str(home), PYTHONPATH=str(ROOT),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def failing_seats(games: int, rng: random.Random, limit_s: float = 900) -> dict:
    """Autoplay games with seats that raise or answer illegal moves."""
    ended, failures, logged = 0, [], 0
    started = time.monotonic()
    for g in range(games):
        if time.monotonic() - started > limit_s:
            failures.append(f"time limit reached after {g} games")
            break
        seats = ["failing"] + [rng.choice(["failing", "random", "easy"])
                               for _ in range(rng.randint(1, 3))]
        rng.shuffle(seats)
        with tempfile.TemporaryDirectory() as home:
            out = subprocess.run([sys.executable, "-c", SEATS_CHILD, str(3000 + g),
                                  ",".join(seats)], env=_env(Path(home)), capture_output=True,
                                 text=True, timeout=600)
            log = Path(home) / "log" / "hacienda.log"
            notes = log.read_text().count(" instead") if log.exists() else 0
        if out.returncode == 0 and "game over after" in out.stdout:
            ended += 1
        else:
            failures.append(f"game {g} ({','.join(seats)}): exit {out.returncode}:"
                            f" {(out.stdout + out.stderr).strip()[-200:]}")
        if "Traceback" in out.stderr:
            failures.append(f"game {g}: a traceback: {out.stderr.strip()[-300:]}")
        if not notes:
            failures.append(f"game {g}: no seat failure in the log")
        logged += notes
    return {"games": games, "games_ended": ended, "failures_logged": logged,
            "seconds": round(time.monotonic() - started, 1), "failures": failures}


def _long_save(actions: int):
    from hacienda_game.engine import new_game, parse_action
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "human", 1)], 7,
                    open_hands=True)
    state = new_game("symmetric", 2, 7)
    rng = random.Random(7)
    for _ in range(40):
        state.apply(state.random_action(rng))
    end = parse_action("end")
    while len(state.history) < actions:
        state.apply(end)
    return saves.autosave(state, plan), state


def long_files(actions: int, limit_s: float = 600) -> dict:
    """Continue and Watch of a legal save of ``actions`` actions."""
    saved_home = os.environ.get("HACIENDA_HOME")
    home = Path(tempfile.mkdtemp(prefix="hacienda-long-"))
    os.environ["HACIENDA_HOME"] = str(home)
    failures: list[str] = []
    figures: dict = {"actions": actions}
    try:
        from hacienda_game.client.app import App
        from hacienda_game.client.options import Options
        from hacienda_game.client.scenes.menu import MenuScene
        from hacienda_game.client.scenes.play import PlayScene
        from hacienda_game.client.scenes.replay import ReplayScene
        from hacienda_game.client.scenes.saveload import Background, Loading
        from hacienda_game.session import saves

        path, state = _long_save(actions)
        app = App(Options(windowed=True, fake_clock=True, language="en"))
        longest = [0.0]

        def until(done, what: str) -> float:
            t0 = time.monotonic()
            while not done():
                t = time.thread_time()
                app.step()
                longest[0] = max(longest[0], time.thread_time() - t)
                if time.monotonic() - t0 > limit_s:
                    failures.append(f"{what}: not ready within {limit_s} s")
                    break
            return time.monotonic() - t0

        try:
            app.push(MenuScene())
            app.step()
            app.top.continue_game()

            def resumed() -> bool:
                plays = [s for s in app.stack if isinstance(s, PlayScene)]
                return bool(plays) and plays[0].retelling is None

            figures["continue_ready_s"] = round(until(resumed, "Continue"), 1)
            figures["continue_longest_frame_ms"] = round(longest[0] * 1000, 1)
            plays = [s for s in app.stack if isinstance(s, PlayScene)]
            if not plays or plays[0].layer.game.snapshot() != state.snapshot():
                failures.append("Continue did not resume the game saved")
            app.reset(MenuScene())
            app.step()
            longest[0] = 0.0
            job = Background(lambda: saves.load_replay(path))
            app.push(Loading(job, lambda j: app.push(ReplayScene(j.value))))
            figures["watch_open_s"] = round(until(lambda: isinstance(app.top, ReplayScene),
                                                  "Watch"), 1)
            viewer = app.top
            if isinstance(viewer, ReplayScene):
                viewer.goto(len(viewer.actions))
                figures["watch_end_s"] = round(until(lambda: viewer.wanted is None,
                                                     "Watch, End"), 1)
                if viewer.layer.game.snapshot() != state.snapshot():
                    failures.append("the viewer's end is not the game saved")
            figures["watch_longest_frame_ms"] = round(longest[0] * 1000, 1)
        finally:
            app.finish()
    finally:
        import shutil

        shutil.rmtree(home, ignore_errors=True)
        if saved_home is None:
            os.environ.pop("HACIENDA_HOME", None)
        else:
            os.environ["HACIENDA_HOME"] = saved_home
    figures["failures"] = failures
    return figures
