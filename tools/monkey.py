"""A monkey at the real client: random mouse, keys, pads and window events
across every scene, for a bounded number of frames; prints the CPU time per
frame (p50, p99, max, frames over 16 ms and over 1 s) and the resident
memory (at the start, the end, and its slope per 100,000 frames).

    python tools/monkey.py                       # 100,000 frames, seed 1
    python tools/monkey.py --frames 5000 --seed 3
    python tools/monkey.py --frames 5000 --profile     # + the costliest functions
    python tools/monkey.py --frames 20000 --memory     # + where memory grows (tracemalloc)
    python tools/monkey.py --json
    python tools/monkey.py --switch 900          # rapid scene switching: memory per round

The client runs windowed on SDL's dummy drivers with the fake clock (1/60 s
a frame, no sleeping), in a temporary user folder; the network stays off
(no remote seats, no LAN discovery, no address but 127.0.0.1 joined).
Every input is a pygame event posted before the frame, as SDL would post
it: clicks go to a random enabled button of the screen on top half the
time (so the monkey walks through every screen), to a random point
otherwise; pads are plugged, pressed, pushed and unplugged; the window is
resized.  Now and then the monkey jumps straight to a random screen (title,
setup, a game of AI seats, load, replays, the replay viewer, maps, rules,
settings).  The Quit button brings it back to the title; the error screen
counts as a failure (exit 1).

CPU per frame is the main thread's (``time.thread_time``) across
``App.step``: input, update, drawing and the idle work; the AI worker thinks
in its own process.  Memory is VmRSS of this process, sampled every 1,000
frames; the slope is a least-squares line over the samples after the first
tenth of the run (caches filling).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

FRAMES = 100_000
SAMPLE_EVERY = 1_000
SLOW_MS = 40.0            # --profile keeps the functions of frames slower than this


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def display_mib(app) -> float:
    """The pixels that follow the window's size: the window, the canvas and
    the smoothing steps (client/app.py present)."""
    steps = getattr(app, "_big", None)
    surfaces = [app.window, app.screen, *(steps if isinstance(steps, tuple) else [steps])]
    seen = {id(s): s for s in surfaces if s is not None}
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in seen.values()) / 2**20


def slope_per(samples: list[tuple[int, float]], per: int) -> float:
    """Least-squares slope of (frame, MiB) samples, in MiB per ``per`` frames."""
    if len(samples) < 2:
        return 0.0
    xs, ys = [s[0] for s in samples], [s[1] for s in samples]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return 0.0 if den == 0 else per * sum((x - mx) * (y - my) for x, y in zip(xs, ys,
                                                                          strict=True)) / den


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Monkey:
    """Random input for the client, and jumps between its screens."""

    def __init__(self, app, rng: random.Random):
        import pygame

        self.pygame = pygame
        self.app = app
        self.rng = rng
        self.pads: list[int] = []          # instance ids of the fake pads plugged in
        self.next_pad = 100
        self.jumps = 0
        self.quits = 0
        self.keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_r,
                     pygame.K_e, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                     pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_u, pygame.K_q, pygame.K_w,
                     pygame.K_a, pygame.K_s, pygame.K_b, pygame.K_l, pygame.K_m, pygame.K_t,
                     pygame.K_z, pygame.K_PLUS, pygame.K_MINUS, pygame.K_F1, pygame.K_h,
                     pygame.K_x, pygame.K_1, pygame.K_DELETE, pygame.K_HOME, pygame.K_END]
        app.pads.opener = self._open_pad

    # ------------------------------------------------------------- pads
    def _open_pad(self, device_index: int):
        """A pad as SDL would open it (no device: rumble is skipped)."""
        from hacienda_game.client.pads import family_of

        name = self.rng.choice(["Xbox One Controller", "PS5 Controller",
                                "Nintendo Switch Pro Controller", "Generic pad"])
        return None, device_index, name, family_of(name)

    def _pad_event(self) -> None:
        pygame, rng = self.pygame, self.rng
        roll = rng.random()
        if not self.pads or roll < 0.03:
            if len(self.pads) < 4:
                self.next_pad += 1
                self.pads.append(self.next_pad)
                pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED,
                                                     device_index=self.next_pad))
            return
        pad = rng.choice(self.pads)
        if roll < 0.05:
            self.pads.remove(pad)
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED,
                                                 instance_id=pad))
        elif roll < 0.8:
            button = rng.choice([pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_A,
                                 pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
                                 pygame.CONTROLLER_BUTTON_Y,
                                 pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
                                 pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                                 pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK,
                                 pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                                 pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                                 pygame.CONTROLLER_BUTTON_DPAD_UP,
                                 pygame.CONTROLLER_BUTTON_DPAD_DOWN])
            kind = rng.choice([pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP])
            pygame.event.post(pygame.event.Event(kind, instance_id=pad, button=button))
        else:
            axis = rng.choice([pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY,
                               pygame.CONTROLLER_AXIS_RIGHTY, pygame.CONTROLLER_AXIS_TRIGGERLEFT,
                               pygame.CONTROLLER_AXIS_TRIGGERRIGHT])
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad,
                                                 axis=axis, value=rng.randint(-32768, 32767)))

    # ----------------------------------------------------------- mouse, keys
    def _point(self) -> tuple[int, int]:
        """A window position: on a button of the top screen half the time."""
        app, rng = self.app, self.rng
        buttons = [b for b in getattr(app.top, "buttons", []) or []
                   if getattr(b, "enabled", True) and getattr(b, "rect", None) is not None]
        if buttons and rng.random() < 0.5:
            pos = rng.choice(buttons).rect.center
        else:
            w, h = app.canvas_size
            pos = (rng.randrange(w), rng.randrange(h))
        return app.view.to_window(pos)

    def _mouse_event(self) -> None:
        pygame, rng = self.pygame, self.rng
        pos = self._point()
        roll = rng.random()
        if roll < 0.45:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        elif roll < 0.9:
            button = 1 if rng.random() < 0.85 else 3
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0,
                                                 y=rng.choice([-1, 1]), flipped=False))

    def _key_event(self) -> None:
        pygame, rng = self.pygame, self.rng
        if rng.random() < 0.15:
            text = rng.choice(["a", "Z", "ñ", " ", "ß", "é", "7", "?", "日"])
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
            return
        key = rng.choice(self.keys)
        mod = pygame.KMOD_CTRL if rng.random() < 0.05 else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                             scancode=0))

    def _window_event(self) -> None:
        pygame, rng = self.pygame, self.rng
        size = rng.choice([(1280, 720), (1920, 1080), (1024, 768), (800, 600), (2560, 1440),
                           (1366, 768), (640, 480)])
        with contextlib.suppress(pygame.error):
            pygame.display.set_mode(size, pygame.RESIZABLE)
        kind = rng.choice([pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED])
        if kind == pygame.VIDEORESIZE:
            pygame.event.post(pygame.event.Event(kind, size=size, w=size[0], h=size[1]))
        else:
            pygame.event.post(pygame.event.Event(kind, x=size[0], y=size[1]))

    # --------------------------------------------------------------- screens
    def jump(self) -> None:
        """Straight to a random screen (rapid scene switching)."""
        from hacienda_game.client.scenes.maps import MapsScene
        from hacienda_game.client.scenes.menu import MenuScene
        from hacienda_game.client.scenes.rules import RulesScene
        from hacienda_game.client.scenes.saveload import LoadScene, ReplaysScene
        from hacienda_game.client.scenes.settings import SettingsScene
        from hacienda_game.client.scenes.setup import SetupScene

        rng = self.rng
        self.jumps += 1
        choices = [MenuScene, SetupScene, LoadScene, ReplaysScene, MapsScene, RulesScene,
                   SettingsScene, self._game, self._game, self._replay]
        make = rng.choice(choices)
        scene = make()
        if scene is None:
            return
        self.app.reset(MenuScene())
        if not isinstance(scene, MenuScene):
            self.app.push(scene)

    def _game(self):
        from hacienda_game.client.scenes.play import PlayScene
        from hacienda_game.session.plan import GamePlan, SeatPlan

        rng = self.rng
        players = rng.randint(2, 4)
        seats = [SeatPlan(f"P{i + 1}", rng.choice(["human", "random", "easy"]) if i else
                          "human", i) for i in range(players)]
        return PlayScene(GamePlan(rng.choice(["symmetric", "asymmetric"]), seats,
                                  rng.randrange(1000), open_hands=rng.random() < 0.5))

    def _replay(self):
        from hacienda_game.client.scenes.replay import ReplayScene
        from hacienda_game.session import saves

        entries, _problems = saves.list_replays()
        if not entries:
            return None
        try:
            return ReplayScene(saves.load_replay(self.rng.choice(entries).path))
        except saves.SaveError:
            return None

    # ------------------------------------------------------------------ frame
    def before_frame(self) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.002:
            self.jump()
            return
        if roll < 0.004:
            self._window_event()
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 3])):
            kind = rng.random()
            if kind < 0.55:
                self._mouse_event()
            elif kind < 0.8:
                self._key_event()
            else:
                self._pad_event()


def _keep_off_the_network():
    """No remote seats and no LAN discovery: the monkey stays in this process.
    Returns what puts things back."""
    from hacienda_game.client.scenes import setup as setup_module
    from hacienda_game.net import REMOTE, discovery

    def no_network(_interfaces):
        raise OSError("the monkey keeps off the network")

    real_zeroconf, real_enter = discovery._zeroconf, setup_module.SetupScene.enter

    def enter(self, app):
        real_enter(self, app)
        self.kinds = [k for k in self.kinds if k != REMOTE]

    from hacienda_game.net import client as client_module

    real_session = client_module.NetClient._session

    async def session(self):
        if self.host not in ("127.0.0.1", "localhost"):      # a typed address: no lookup
            return "fatal", "the monkey keeps off the network"
        return await real_session(self)

    discovery._zeroconf = no_network
    setup_module.SetupScene.enter = enter
    client_module.NetClient._session = session

    def undo() -> None:
        discovery._zeroconf = real_zeroconf
        setup_module.SetupScene.enter = real_enter
        client_module.NetClient._session = real_session

    return undo


def _seed_folder(home: Path) -> None:
    """Saves and finished games for Load, Continue and Replays to show."""
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], 7)
    for steps, name in ((12, "Evening"), (60, "Sunday")):
        state = new_game("symmetric", 2, 7)
        r = random.Random(steps)
        while len(state.history) < steps:
            state.apply(state.random_action(r))
        saves.save_game(state, plan, name)
    for seed in (3, 4):
        state = new_game("symmetric", 2, seed)
        r = random.Random(seed)
        while not state.is_over():
            state.apply(state.random_action(r))
        saves.keep_replay(state, GamePlan("symmetric", plan.seats, seed))


def _cause(stats) -> str:
    """What one slow frame spent most in: the game's own function with the
    most time of its own and of the library calls it made directly."""
    own: dict[str, float] = {}
    for (file, line, name), (_cc, _nc, tt, _ct, callers) in stats.stats.items():
        here = f"{Path(file).name}:{line}({name})"
        if "hacienda_game" in file:
            own[here] = own.get(here, 0.0) + tt
        else:                        # a library's time goes to the game's caller
            for (cfile, cline, cname), caller in callers.items():
                if "hacienda_game" in cfile:
                    key = f"{Path(cfile).name}:{cline}({cname}) -> {name}"
                    own[key] = own.get(key, 0.0) + caller[2]
    return max(own, key=own.get) if own else "-"


def _start(rng: random.Random, language: str):
    """The game at its title, headless, in a private user folder seeded with
    saves and maps, kept off the network: the app, its monkey, and what puts
    everything back as it was (call it when done)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = Path(tempfile.mkdtemp(prefix="hacienda-monkey-"))
    saved_home = os.environ.get("HACIENDA_HOME")
    os.environ["HACIENDA_HOME"] = str(home)
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.menu import MenuScene

    undo = _keep_off_the_network()
    _seed_folder(home)
    app = App(Options(windowed=True, fake_clock=True, language=language))
    monkey = Monkey(app, rng)
    app.push(MenuScene())

    def ended() -> None:
        app.finish()
        undo()
        shutil.rmtree(home, ignore_errors=True)
        if saved_home is None:
            os.environ.pop("HACIENDA_HOME", None)
        else:
            os.environ["HACIENDA_HOME"] = saved_home

    return app, monkey, ended


def run(frames: int, seed: int, profile: bool = False, memory: bool = False,
        progress: bool = True, seconds: float | None = None) -> dict:
    """``frames`` frames of the monkey (fewer if ``seconds`` of wall time run out)."""
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.overlays import ErrorOverlay

    rng = random.Random(seed)
    app, monkey, ended = _start(rng, rng.choice(["en", "de", "es"]))
    cpu: list[float] = []          # the main thread's CPU per frame, ms
    cpu_all: list[float] = []      # the whole process's (every thread of it)
    slow_where: dict[str, int] = {}    # frames over 16 ms by screen and window size
    causes: dict[str, int] = {}    # --profile: what each slow frame spent most in
    slow: list[tuple[float, int, str]] = []
    rss: list[tuple[int, float]] = []
    pictures: list[tuple[int, float]] = []     # RSS less the window's own pictures
    failures: list[str] = []
    scenes: dict[str, int] = {}
    slow_stats = None           # --profile: the functions of the frames over SLOW_MS
    if profile:
        import cProfile
        import pstats
    if memory:
        import tracemalloc

        tracemalloc.start(8)
        first_snapshot = None
    started = time.monotonic()
    try:
        for frame in range(frames):
            if seconds is not None and time.monotonic() - started > seconds:
                frames = frame                     # what the time allowed
                break
            monkey.before_frame()
            name = type(app.top).__name__ if app.top is not None else "-"
            scenes[name] = scenes.get(name, 0) + 1
            profiler = cProfile.Profile(time.thread_time) if profile else None
            if profiler is not None:
                profiler.enable()
            t, tp = time.thread_time(), time.process_time()
            app.step()
            spent = (time.thread_time() - t) * 1000.0
            cpu_all.append((time.process_time() - tp) * 1000.0)
            if profiler is not None:
                profiler.disable()
                if spent > SLOW_MS:
                    frame_stats = pstats.Stats(profiler)
                    causes[_cause(frame_stats)] = causes.get(_cause(frame_stats), 0) + 1
                    if slow_stats is None:
                        slow_stats = frame_stats
                    else:
                        slow_stats.add(profiler)
            cpu.append(spent)
            if spent > 16.0:
                slow.append((round(spent, 1), frame, name))
                where = f"{name} {app.window.get_width()}x{app.window.get_height()}"
                slow_where[where] = slow_where.get(where, 0) + 1
            if not app.running:                    # the Quit button: back to the title
                monkey.quits += 1
                app.running = True
                app.reset(MenuScene())
            if any(isinstance(s, ErrorOverlay) for s in app.stack):
                failures.append(f"frame {frame}: the error screen over {name}")
                app.reset(MenuScene())
            if frame % SAMPLE_EVERY == 0:
                rss.append((frame, rss_mib()))
                pictures.append((frame, rss[-1][1] - display_mib(app)))
                if memory and first_snapshot is None and frame >= frames // 5:
                    first_snapshot = tracemalloc.take_snapshot()
                if progress and frame % (SAMPLE_EVERY * 10) == 0:
                    print(f"frame {frame}: p99 {percentile(cpu, 0.99):.1f} ms, "
                          f"RSS {rss[-1][1]:.1f} MiB, {time.monotonic() - started:.0f} s",
                          file=sys.stderr, flush=True)
        rss.append((frames, rss_mib()))
        pictures.append((frames, rss[-1][1] - display_mib(app)))
    finally:
        ended()
    warm = [s for s in rss if s[0] >= frames // 10] or rss
    warm_less = [s for s in pictures if s[0] >= frames // 10] or pictures
    figures = {
        "frames": frames, "seed": seed,
        "cpu_ms_p50": round(percentile(cpu, 0.5), 2),
        "cpu_ms_p99": round(percentile(cpu, 0.99), 2),
        "cpu_ms_max": round(max(cpu, default=0.0), 1),
        "process_cpu_ms_p50": round(percentile(cpu_all, 0.5), 2),
        "process_cpu_ms_p99": round(percentile(cpu_all, 0.99), 2),
        "frames_over_16ms": sum(1 for c in cpu if c > 16.0),
        "frames_over_1s": sum(1 for c in cpu if c > 1000.0),
        "rss_mib_start": round(warm[0][1], 1), "rss_mib_end": round(rss[-1][1], 1),
        "rss_mib_growth": round(rss[-1][1] - warm[0][1], 1),
        "rss_mib_per_100k_frames": round(slope_per(warm, 100_000), 1),
        "rss_mib_max": round(max(s[1] for s in rss), 1),
        # The window's size decides a good part of the memory (the window, the
        # canvas and the smoothing steps: 45 MiB at 2560x1440): without them.
        "rss_less_window_mib_growth": round(pictures[-1][1] - warm_less[0][1], 1),
        "rss_less_window_mib_per_100k_frames": round(slope_per(warm_less, 100_000), 1),
        "screen_jumps": monkey.jumps, "quits": monkey.quits,
        "screens": dict(sorted(scenes.items(), key=lambda kv: -kv[1])),
        "slowest": sorted(slow, reverse=True)[:12],
        "over_16ms_where": dict(sorted(slow_where.items(), key=lambda kv: -kv[1])[:20]),
        "seconds": round(time.monotonic() - started, 1),
        "conditions": "SDL dummy drivers, fake clock, windowed; CPU of the main thread",
        "failures": failures,
    }
    if slow_stats is not None:
        import io

        out = io.StringIO()
        slow_stats.stream = out
        slow_stats.sort_stats("cumulative").print_stats(45)
        figures["profile"] = out.getvalue()
        figures["slow_causes"] = dict(sorted(causes.items(), key=lambda kv: -kv[1])[:25])
    if memory:
        import tracemalloc

        last = tracemalloc.take_snapshot()
        if first_snapshot is not None:
            figures["memory_growth"] = [str(s) for s in
                                        last.compare_to(first_snapshot, "traceback")[:12]]
        tracemalloc.stop()
    return figures


def switching(rounds: int, seed: int, progress: bool = True) -> dict:
    """Rapid scene switching: ``rounds`` jumps to a random screen, three frames
    each; the resident memory every 50 rounds, back at the title with the
    freed heap handed back (what stays is what the switching kept)."""
    import gc

    from hacienda_game.client import memory
    from hacienda_game.client.scenes.menu import MenuScene

    rng = random.Random(seed)
    app, monkey, ended = _start(rng, "en")
    samples: list[tuple[int, float]] = []
    started = time.monotonic()
    try:
        for r in range(rounds + 1):
            if r % 50 == 0:
                app.reset(MenuScene())
                for _ in range(3):
                    app.step()
                gc.collect()
                memory.give_back()
                samples.append((r, rss_mib()))
                if progress:
                    print(f"round {r}: RSS {samples[-1][1]:.1f} MiB", file=sys.stderr,
                          flush=True)
            monkey.jump()
            for _ in range(3):
                app.step()
    finally:
        ended()
    warm = [x for x in samples if x[0] >= rounds // 3] or samples
    return {"rounds": rounds, "seed": seed, "rss_mib": [round(x[1], 1) for x in samples],
            "rss_mib_growth_after_first_third": round(samples[-1][1] - warm[0][1], 1),
            "rss_mib_per_300_rounds": round(slope_per(warm, 300), 2),
            "seconds": round(time.monotonic() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=FRAMES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true",
                    help=f"cProfile of the frames over {SLOW_MS:.0f} ms")
    ap.add_argument("--memory", action="store_true", help="tracemalloc: where memory grows")
    ap.add_argument("--seconds", type=float, help="stop after this much wall time")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--switch", type=int, metavar="ROUNDS",
                    help="rapid scene switching instead: memory after ROUNDS jumps")
    args = ap.parse_args(argv)
    if args.switch:
        figures = switching(args.switch, args.seed)
        print(json.dumps(figures, indent=1) if args.json else
              "\n".join(f"{k}: {v}" for k, v in figures.items()))
        return 0
    if args.frames < 1:
        ap.error("--frames must be at least 1")
    figures = run(args.frames, args.seed, args.profile, args.memory, seconds=args.seconds)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            if key in ("profile", "memory_growth"):
                print(f"{key}:")
                print(value if isinstance(value, str) else "\n".join(value))
            else:
                print(f"{key}: {value}")
    for f in figures["failures"]:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if figures["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
