"""Engine and rendering benchmark: prints measured figures (median of several runs).

    python tools/bench.py [--json] [--map symmetric] [--runs 5] [--games 10]
                          [--render-runs 5] [--only engine|render|display|ai]
                          [--levels hard,expert]

Engine figures: complete random 4-player games per second on one core (each
action from `GameState.random_action`), `legal_actions()` calls per second on
mid-game positions, `clone()` calls per second, engine play-outs per second
(a mid-game position copied and played to the end with random actions).  Runs pinned to one core
where the OS allows it; games per second are given by wall time and by CPU
time (the steadier figure on a shared machine).

Rendering figures (the game client under SDL's dummy driver): p99 frame time
during a whole autoplay game of four random seats (``hacienda --autoplay
--headless --frame-log``), by wall time and by the main thread's CPU time,
median over runs with different seeds; and the time from launching
``hacienda`` to its first menu frame (the whole process, start to exit after
that one frame, so an upper bound).

AI figures (``--only ai``): each level's time per turn (all decisions of its
turn, CPU time of the process; the client thinks in a worker process of its
own) over ``--games`` seeded 4-player games on ``--map``, one seat of the
level against three medium seats, and the same with 2 players against one;
median and 90th percentile, one core.

Display figures (``--only display``, also part of the rendering figures):
p99 frame time during an autoplay game of four random seats with every effect
on (animations at normal speed, colour-blind patterns) under the dummy driver
(the canvas is the window), by wall time and CPU time; and, when
an X display is there (``DISPLAY``, e.g. Xvfb 1920x1080 with a window
manager), the median and p99 frame time full screen on it, median of runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hacienda_game.engine import new_game  # noqa: E402
from hacienda_game.maps import load_board  # noqa: E402


def ai_figures(levels: list[str], games: int, map_name: str) -> dict:
    """Each level's CPU time per turn, one seat against medium seats, timed by
    the tournament's own game loop (`tools/tournament.py`)."""
    try:
        from tools.tournament import play_game
    except ImportError:                  # run as a script: tools/ itself is on the path
        from tournament import play_game
    out: dict = {"map": map_name, "games": games}
    for level in levels:
        for players in (4, 2):
            ts = []
            for g in range(games):
                seats = ["medium"] * players
                seats[g % players] = level
                result = play_game((g, map_name, seats, 31 + g, 1031 + g, {}))
                ts.extend(result["turn_cpu"][level])
            ts.sort()
            out[f"{level}_{players}p_turns"] = len(ts)
            out[f"{level}_{players}p_cpu_median_ms"] = round(1000 * statistics.median(ts))
            out[f"{level}_{players}p_cpu_p90_ms"] = round(1000 * ts[int(0.9 * (len(ts) - 1))])
    return out


def random_game(board, players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = new_game(board, players, seed=seed)
    n = 0
    while not state.is_over():
        state.apply(state.random_action(rng))
        n += 1
    return n


def mid_game_positions(board, count: int, seed: int) -> list:
    """Positions halfway through random 4-player games."""
    out = []
    for i in range(count):
        rng = random.Random(seed + i)
        state = new_game(board, 4, seed=seed + i)
        states = []
        while not state.is_over():
            states.append(state.clone())
            state.apply(state.random_action(rng))
        out.append(states[len(states) // 2])
    return out


def playout(state, seed: int) -> int:
    """One play-out as search uses it: a copy of a position played to the end
    of the game by ``random_action``; the actions it took."""
    sim, rng, n = state.clone(), random.Random(seed), 0
    while not sim.is_over():
        sim.apply(sim.random_action(rng))
        n += 1
    return n


def playout_rate(positions: list, runs: int) -> tuple[float, float]:
    """Play-outs per CPU second from mid-game positions (median over runs),
    and the median length of a play-out in actions."""
    rates, lengths = [], []
    for r in range(runs):
        cpu = time.process_time()
        lengths += [playout(s, 31 * r + i) for i, s in enumerate(positions)]
        rates.append(len(positions) / (time.process_time() - cpu))
    return statistics.median(rates), statistics.median(lengths)


def rate(fn, items, min_seconds: float = 0.3) -> float:
    """Calls per second of fn over items, repeated until min_seconds pass."""
    calls, start = 0, time.perf_counter()
    while True:
        for it in items:
            fn(it)
        calls += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return calls / elapsed


def autoplay_frames(seed: int, map_name: str, affinity) -> dict:
    """One headless autoplay game in a fresh process; its frame log."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "frames.json"
        subprocess.run(
            [sys.executable, "-m", "hacienda_game.cli", "--autoplay", "--headless",
             "--seats", "random,random,random,random", "--seed", str(seed), "--map", map_name,
             "--max-frames", "20000", "--frame-log", str(log)],
            check=True, capture_output=True, env={**os.environ, "HACIENDA_HOME": tmp},
            preexec_fn=(lambda: os.sched_setaffinity(0, affinity)) if affinity else None)
        return json.loads(log.read_text())


def thinking_frames(seconds: float, map_name: str, affinity) -> dict:
    """Frames at 60 fps (headless, --realtime) while a hard seat and three
    medium seats think in their process: what a player would see."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "frames.json"
        subprocess.run(
            [sys.executable, "-m", "hacienda_game.cli", "--autoplay", "--headless", "--realtime",
             "--seats", "hard,medium,medium,medium", "--seed", "5", "--map", map_name,
             "--max-frames", str(int(seconds * 60)), "--frame-log", str(log)],
            check=True, capture_output=True, env={**os.environ, "HACIENDA_HOME": tmp},
            preexec_fn=(lambda: os.sched_setaffinity(0, affinity)) if affinity else None)
        return json.loads(log.read_text())


def launch_seconds(affinity) -> tuple[float, float]:
    """(whole process with one menu frame, launch-to-first-frame inside it) in seconds."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "frames.json"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "hacienda_game.cli", "--headless",
                        "--max-frames", "1", "--frame-log", str(log)], check=True,
                       capture_output=True, env={**os.environ, "HACIENDA_HOME": tmp},
                       preexec_fn=(lambda: os.sched_setaffinity(0, affinity))
                       if affinity else None)
        whole = time.perf_counter() - start
        return whole, json.loads(log.read_text())["first_frame_s"]


def effects_game(seed: int, headless: bool, frames: int = 20000) -> dict:
    """An autoplay game of four random seats in this process, every effect on;
    headless (the canvas is the window) or full screen on the X display."""
    import tempfile

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["HACIENDA_HOME"] = tmp
        from hacienda_game.client.app import App, frame_report
        from hacienda_game.client.options import Options
        from hacienda_game.client.scenes.start import first_scene

        options = Options(autoplay=True, seats=["random"] * 4, seed=seed, fake_clock=True,
                          max_frames=frames)
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            options.headless = True
        app = App(options)
        if not headless and not app.settings.fullscreen:
            app.toggle_fullscreen()             # autoplay opens a window: full screen here
        app.settings.patterns = True
        app.settings.anim_speed = "normal"
        try:
            app.push(first_scene(app))
            while app.running and app.stack and app.frame < frames:
                app.step()
            report = frame_report(app.frame_ms, app.frame_cpu_ms, app.idle_ms,
                                  app.first_frame_s, app.result)
            report["view"] = app.view.mode
            report["screen"] = "x".join(map(str, app.window.get_size()))
            for key in ("frame_ms", "cpu_ms", "ai_part_ms"):
                report.pop(key)
        finally:
            app.finish()
        return report


def display_figures(runs: int) -> dict:
    """The display part: all effects under the dummy driver, full screen on X."""
    games = [effects_game(2000 + r, True) for r in range(runs)]
    out = {
        "effects_frame_p99_ms": round(statistics.median(g["p99_ms"] for g in games), 2),
        "effects_frame_p99_ms_runs": [g["p99_ms"] for g in games],
        "effects_frame_cpu_p99_ms": round(statistics.median(g["cpu_p99_ms"] for g in games), 2),
        "effects_frames_per_game": round(statistics.median(g["frames"] for g in games)),
    }
    if os.environ.get("DISPLAY"):
        # Each in a fresh process: SDL keeps the video driver it started with.
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        shown = [json.loads(subprocess.run(
            [sys.executable, __file__, "--fullscreen-game", str(3000 + r)], env=env,
            check=True, capture_output=True, text=True).stdout) for r in range(runs)]
        out.update({
            "fullscreen_size": shown[0]["screen"],
            "fullscreen_view": shown[0]["view"],
            "fullscreen_frame_p50_ms": round(statistics.median(g["p50_ms"] for g in shown), 2),
            "fullscreen_frame_p50_ms_runs": [g["p50_ms"] for g in shown],
            "fullscreen_frame_p99_ms": round(statistics.median(g["p99_ms"] for g in shown), 2),
            "fullscreen_frame_cpu_p50_ms": round(statistics.median(g["cpu_p50_ms"]
                                                                   for g in shown), 2),
        })
    return out


def render_figures(runs: int, map_name: str, affinity, think_seconds: float = 30.0) -> dict:
    games = [autoplay_frames(1000 + r, map_name, affinity) for r in range(runs)]
    launches = [launch_seconds(affinity) for _ in range(runs)]
    thinking = [thinking_frames(think_seconds, map_name, affinity)
                for _ in range(max(1, runs // 2))]
    return {
        "render_runs": runs,
        "frame_p99_ms": round(statistics.median(g["p99_ms"] for g in games), 2),
        "frame_p99_ms_runs": [g["p99_ms"] for g in games],
        "frame_p50_ms": round(statistics.median(g["p50_ms"] for g in games), 2),
        "frame_cpu_p99_ms": round(statistics.median(g["cpu_p99_ms"] for g in games), 2),
        "frame_cpu_p99_ms_runs": [g["cpu_p99_ms"] for g in games],
        "frame_ai_part_p99_ms": round(statistics.median(g["ai_part_p99_ms"] for g in games), 2),
        "frames_per_game": round(statistics.median(g["frames"] for g in games)),
        "frame_p99_ms_while_ai_thinks": round(statistics.median(g["p99_ms"] for g in thinking),
                                              2),
        "frame_p99_ms_while_ai_thinks_runs": [g["p99_ms"] for g in thinking],
        "launch_to_first_menu_frame_s": round(statistics.median(w for w, _ in launches), 3),
        "launch_to_first_menu_frame_s_runs": [round(w, 3) for w, _ in launches],
        "first_frame_after_app_start_s": round(statistics.median(f for _, f in launches), 3),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--map", default="symmetric")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=10, help="games per run")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--render-runs", type=int, default=None,
                    help="autoplay games and launches for the rendering figures"
                         " (default: --runs)")
    ap.add_argument("--think-seconds", type=float, default=30.0,
                    help="seconds of 60 fps play while AI seats think (hard + 3 medium)")
    ap.add_argument("--only", choices=["engine", "render", "display", "ai"],
                    help="measure only the engine, the rendering, the display or the AI figures")
    ap.add_argument("--levels", default="hard",
                    help="with --only ai: the levels timed (comma-separated)")
    ap.add_argument("--fullscreen-game", type=int, metavar="SEED", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.fullscreen_game is not None:        # a child of display_figures
        print(json.dumps(effects_game(args.fullscreen_game, False, frames=1200)))
        return 0
    # The game client runs on every core (its AI thinks in a second process).
    affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if args.only == "display":
        return _print(display_figures(args.render_runs or args.runs), args.json)
    if args.only == "ai":
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        return _print(ai_figures(args.levels.split(","), args.games, args.map), args.json)
    render = render_figures(args.render_runs or args.runs, args.map, affinity,
                            args.think_seconds) \
        if args.only != "engine" else {}
    if args.only != "engine":
        render.update(display_figures(args.render_runs or args.runs))
    if args.only == "render":
        return _print(render, args.json)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    board = load_board(args.map)

    game_rates, cpu_rates, actions = [], [], []
    for r in range(args.runs):
        start, cpu_start = time.perf_counter(), time.process_time()
        n = sum(random_game(board, args.players, 1000 * r + g) for g in range(args.games))
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        game_rates.append(args.games / elapsed)
        cpu_rates.append(args.games / cpu)
        actions.append(n / args.games)
    positions = mid_game_positions(board, 20, seed=77)
    legal_rates = [rate(lambda s: s.legal_actions(), positions) for _ in range(args.runs)]
    clone_rates = [rate(lambda s: s.clone(), positions) for _ in range(args.runs)]
    sizes = [len(s.legal_actions()) for s in positions]
    playouts, playout_length = playout_rate(positions, args.runs)
    figures = {
        "map": args.map, "players": args.players, "runs": args.runs,
        "games_per_run": args.games,
        "random_games_per_second": round(statistics.median(game_rates), 2),
        "random_games_per_second_runs": [round(x, 2) for x in game_rates],
        # CPU time, not wall time: steadier on a shared machine whose other
        # tenants steal cycles from the pinned core.
        "random_games_per_cpu_second": round(statistics.median(cpu_rates), 2),
        "actions_per_game": round(statistics.median(actions), 1),
        "legal_actions_per_second": round(statistics.median(legal_rates)),
        "legal_actions_list_size_median": statistics.median(sizes),
        "clones_per_second": round(statistics.median(clone_rates)),
        # Engine play-outs (mid-game position to the game's end, random actions),
        # per CPU second on one core: what a Monte Carlo search can afford.
        "playouts_per_cpu_second": round(playouts, 1),
        "playout_actions_median": playout_length,
        **render,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    return _print(figures, args.json)


def _print(figures: dict, as_json: bool) -> int:
    if as_json:
        print(json.dumps(figures, indent=1))
    else:
        for k, v in figures.items():
            print(f"{k:34} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
