"""The ``hacienda`` command: the graphical game (``hacienda --text`` plays in a terminal).

    hacienda                          full screen, from the title screen
    hacienda --windowed --map NAME    in a window, straight to setup on a map
    hacienda --lang de                in German (en, de, es; default: settings, then system)
    hacienda --replay FILE            watch a finished game's record
    hacienda --tutorial               learn to play: a guided first game
    hacienda --autoplay --seats random,random,random --seed 7 --headless \\
             --max-frames 20000 --screenshot end.png --frame-log frames.json
"""

from __future__ import annotations

import argparse
import os
import sys

NO_SCREEN = ("hacienda: there is no screen here to show the game on{why}.\n"
             "  To play in this terminal:       hacienda --text\n"
             "  To watch AI seats play a game:  hacienda --autoplay --headless\n"
             "  (on a machine with a screen, start hacienda from its desktop)")


def parser() -> argparse.ArgumentParser:
    from . import __version__

    ap = argparse.ArgumentParser(
        prog="hacienda", description="Hacienda, the board game: full screen, played with the"
        " mouse. --text plays in the terminal instead.",
        epilog="other commands:\n"
               "  hacienda serve ...   host a network game without a screen"
               " (hacienda serve --help)\n"
               "  hacienda --text ...  play in the terminal (hacienda --text --help)",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"hacienda {__version__}")
    ap.add_argument("--text", action="store_true",
                    help="play in the terminal (see hacienda --text --help)")
    ap.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    ap.add_argument("--map", metavar="NAME_OR_PATH",
                    help="start on this map (built-in name or .tmx path)")
    ap.add_argument("--autoplay", action="store_true",
                    help="every seat an AI, no menus: watch (or benchmark) a whole game")
    ap.add_argument("--tutorial", action="store_true",
                    help="learn to play: a guided first game (with --autoplay: shown by a"
                    " demonstrator in your seat)")
    ap.add_argument("--autoplay-input", choices=("mouse", "pad"), default="mouse",
                    help="with --tutorial --autoplay: the demonstrator plays with the mouse"
                    " or a pad's buttons")
    from .session.choices import PLAYERS_TEXT, VARIANTS

    ap.add_argument("--seats", metavar="LEVEL,LEVEL,...",
                    help=f"AI level per seat for --autoplay, {PLAYERS_TEXT} seats"
                    " (default random x4)")
    ap.add_argument("--seed", type=int,
                    help="the game's seed (same seed, same deal: the board and the cards;"
                    " AI seats think against the clock, so their moves may differ)")
    ap.add_argument("--variant", action="append", default=[], choices=VARIANTS,
                    help="rule variant for --autoplay (repeatable)")
    ap.add_argument("--headless", action="store_true",
                    help="no window, no sound (SDL's dummy drivers); AI moves without pauses")
    ap.add_argument("--realtime", action="store_true",
                    help="with --headless: run at 60 fps with AI moves paced as on screen"
                    " (frames go on while the AI thinks), for measuring")
    ap.add_argument("--max-frames", type=int, metavar="N", help="stop after N frames")
    ap.add_argument("--screenshot", metavar="FILE.png", help="save the last frame")
    from .i18n import LANGUAGES

    ap.add_argument("--lang", choices=LANGUAGES,
                    help="the game's language (default: settings, else the system's)")
    ap.add_argument("--frame-log", metavar="FILE.json",
                    help="save per-frame times (ms) and their p50/p99")
    ap.add_argument("--replay", metavar="FILE",
                    help="watch a finished game's record (or a save) in the replay viewer")
    ap.add_argument("--join", nargs=2, metavar=("HOST:PORT", "CODE"),
                    help="join a networked game (hacienda serve, or a game hosted from Setup)")
    return ap


def main(argv: list[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "--text":
        from .terminal import play as textplay

        return textplay.main(args_list[1:])
    if args_list and args_list[0] == "serve":           # the headless network host
        from .net.serve import main as serve

        return serve(args_list[1:])
    ap = parser()
    args = ap.parse_args(args_list)
    from .client import Options

    seats: list[str] = []
    if args.seats is not None:
        if not args.autoplay:
            ap.error("--seats is for --autoplay (set up seats on the setup screen)")
        from .session.choices import parse_seats

        try:
            seats = parse_seats(args.seats, humans=False)
        except ValueError as exc:
            ap.error(str(exc))
    if args.max_frames is not None and args.max_frames < 1:
        ap.error("--max-frames must be at least 1")
    problems = check_options(args)
    if problems:
        for problem in problems:
            print(problem if problem.startswith(" ") else f"hacienda: {problem}",
                  file=sys.stderr)
        return 2
    options = Options(windowed=args.windowed, map=args.map, autoplay=args.autoplay,
                      seats=seats, seed=args.seed, variants=args.variant,
                      headless=args.headless, realtime=args.realtime,
                      max_frames=args.max_frames,
                      screenshot=args.screenshot, frame_log=args.frame_log,
                      language=args.lang, replay=args.replay,
                      join=tuple(args.join) if args.join else None,
                      tutorial=args.tutorial, autoplay_input=args.autoplay_input)
    if not (options.headless or options.autoplay) and not has_screen():
        print(NO_SCREEN.format(why=" (no display was found)"), file=sys.stderr)
        return 2
    from .client import run

    try:
        code = run(options)
    except Exception as exc:  # noqa: BLE001 - never a traceback: say what and where it is logged
        from .session.userdirs import log_error

        path = log_error(exc, "startup")
        if type(exc).__module__.startswith("pygame"):     # SDL could not open a window
            print(NO_SCREEN.format(why=f" (the screen could not be opened: {exc})"),
                  file=sys.stderr)
            return 2
        print(f"hacienda: {exc}" + (f" (details in {path})" if path else ""), file=sys.stderr)
        return 1
    if options.autoplay and options.tutorial:
        return _report_tutorial(code)
    if options.autoplay:
        _report(options)
    return code


def check_options(args: argparse.Namespace) -> list[str]:
    """Every file argument checked before the game starts: what is wrong with
    each, in a sentence (empty: all is well).  ``args.map`` becomes the map's key."""

    from .i18n import _, set_language

    if args.lang:                     # the problems in the language asked for
        set_language(args.lang)
    problems: list[str] = []
    for flag, value in (("--screenshot", args.screenshot), ("--frame-log", args.frame_log)):
        if value is not None:
            problems += _output_problems(flag, value)
    if args.replay is not None:
        from .session.saves import SaveError, load_replay
        from .session.userfiles import path_problem

        if not args.replay:
            problems.append(_("--replay needs a game record or a save file."))
        elif path_problem(args.replay):
            problems.append(f"--replay: {path_problem(args.replay)}")
        else:
            try:
                load_replay(args.replay)
            except SaveError as e:
                problems.append(str(e))
    if args.map is not None:
        problems += _map_problems(args)
    return problems


# What pygame writes a picture as, by the file's ending.
PICTURE_SUFFIXES = (".png", ".bmp", ".jpg", ".jpeg", ".tga")


def _output_problems(flag: str, value: str) -> list[str]:
    """A file the game will write at its end (a screenshot, the frame log),
    checked now: a name of a sane length and, for a picture, a known ending;
    a folder that exists and can be written; if the file is there, a plain
    file that can be written (never a device or a pipe)."""
    import stat
    from pathlib import Path

    from .i18n import _
    from .session.userfiles import path_problem

    if not value:
        return [_("{flag}: {path!r} is not a file name.").format(flag=flag, path=value)]
    if path_problem(value):
        return [f"{flag}: {path_problem(value)}"]
    path = Path(value)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        return [_("{flag}: {path} cannot be written ({why}).").format(
            flag=flag, path=path, why=e.strerror or e)]
    if mode is not None and stat.S_ISDIR(mode):
        return [_("{flag}: {path!r} is not a file name.").format(flag=flag, path=value)]
    if mode is not None and not stat.S_ISREG(mode):
        return [_("{flag}: {path} is not a plain file (a device or a pipe); name a new"
                  " file or a plain one to replace.").format(flag=flag, path=path)]
    if flag == "--screenshot" and path.suffix.lower() not in PICTURE_SUFFIXES:
        return [_("{flag}: {path} does not end in {endings}: the picture's kind is"
                  " named by its ending.").format(flag=flag, path=path,
                                                  endings=", ".join(PICTURE_SUFFIXES))]
    if not folder.is_dir():
        return [_("{flag}: there is no folder {folder}.").format(flag=flag, folder=folder)]
    if not os.access(folder, os.W_OK) or (mode is not None and not os.access(path, os.W_OK)):
        return [_("{flag}: {path} cannot be written.").format(flag=flag, path=path)]
    return []


def _map_problems(args: argparse.Namespace) -> list[str]:
    import importlib.util

    from .i18n import _
    from .maps.reasons import worded
    from .session.plan import find_map
    from .session.userfiles import path_problem

    if not args.map.strip():
        return [_("--map needs a built-in map name or a .tmx file.")]
    if path_problem(args.map):
        return [f"--map: {path_problem(args.map)}"]
    if args.map.lower().endswith(".haz"):
        if importlib.util.find_spec("hacienda_game.maps.__main__") is not None:
            how = f"python -m hacienda_game.maps import {args.map} OUT.tmx"
        else:
            how = f"python tools/haz2tmx.py {args.map} OUT.tmx"
        return [_("{file} is a .haz map: import it as a Tiled map first ({how}), then"
                  " start with --map OUT.tmx.").format(file=args.map, how=how)]
    entry = find_map(args.map)
    if not entry.ok:
        return [_("map {name} cannot be played:").format(name=repr(args.map)),
                *(f"  {worded(problem, full_path=True)}" for problem in entry.errors)]
    args.map = entry.key
    return []


def has_screen() -> bool:
    """Whether a window can be shown: SDL finds a real video device (not its
    off-screen stand-in).  A driver the player chose (SDL_VIDEODRIVER) is
    taken at its word; Windows and macOS always have a screen."""
    if os.environ.get("SDL_VIDEODRIVER") or not sys.platform.startswith("linux"):
        return True
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True
    # No X or Wayland: a console with a direct-rendering device (kmsdrm) still
    # shows the game; otherwise SDL would fall back to an off-screen driver.
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        import pygame
    saved = os.dup(2)                # SDL's own notes on what it tried are not for players
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error:
        return False
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        pygame.display.quit()
    return driver not in ("offscreen", "dummy", "evdev")


def _report_tutorial(code: int) -> int:
    from .client import app as app_module

    result = app_module.LAST_RESULT or {}
    done, total = result.get("tutorial_steps"), result.get("tutorial_total")
    if done is None:
        print("hacienda: the tutorial stopped before its game ended")
        return code or 1
    if done < total:
        print(f"tutorial stopped: {done} of {total} steps")
        return code or 1
    print(f"tutorial complete: {done} steps")
    return code


def _report(options) -> None:
    from .client import app as app_module

    result = app_module.LAST_RESULT
    if result is None:
        print(f"hacienda: stopped after {options.max_frames} frames before the game ended")
        return
    scores = ", ".join(f"{n} {s}" for n, s in zip(result["names"], result["scores"],
                                                   strict=True))
    print(f"game over after {result['actions']} actions ({result['reason']}): {scores};"
          f" winner {' and '.join(result['winners'])}")


if __name__ == "__main__":
    sys.exit(main())
