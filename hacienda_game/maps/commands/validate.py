"""Check Tiled maps as the game checks them before it plays on them.

Every problem is printed with the file and, where it has one, the cell, in
the very words the game shows (the game and this tool share
`hacienda_game.maps.check_map`).  Warnings (a terrain with no space, a
board in several pieces) are printed but do not fail a map.  A map may be
given as a path or as a built-in map name (``symmetric``).  ``--lang de``
(or ``es``) prints the problems in German (Spanish), as the game shows them
in that language.

    python -m hacienda_game.maps validate FILE.tmx [FILE.tmx ...]    exit 0: all valid, 1: not
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections import Counter
from pathlib import Path

from ... import i18n
from ..catalog import resolve_map
from ..reasons import MapFile, MapProblem, worded
from ..tmx import CANNOT_BE_READ_AS, MapReport, check_map


def locate(name: str) -> Path:
    """The file the game would load for a built-in map name or a path (so
    the messages name it as the game does)."""
    try:
        return resolve_map(name)
    except FileNotFoundError:
        return Path(name)   # check_map then says it cannot read the file


def summary(path: Path, report: MapReport) -> str:
    board = report.board
    assert board is not None
    counts = Counter(board.spaces)
    return (f"{path}: valid: {board.title()!r}, {board.width}x{board.height} cells,"
            f" {len(board)} hexes, {counts['market']} markets, {counts['water']} water fields,"
            f" {counts['pampas']} pampas; stagger {board.staggeraxis}/{board.staggerindex}")


def safe_output() -> None:
    """Write what the console's encoding cannot show as ``\\N{...}`` escapes
    (an emoji layer name on a cp1252 console), never a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="namereplace")


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="+", metavar="FILE", help=".tmx file or built-in map name")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    parser.add_argument("--lang", choices=i18n.LANGUAGES, default="en",
                        help="the language of the problems (default: en)")
    args = parser.parse_args(argv)
    i18n.set_language(args.lang)
    safe_output()
    invalid = 0
    for name in args.maps:
        path = locate(name)
        try:
            report = check_map(path)
        except Exception as exc:  # noqa: BLE001 - never a traceback: the map is refused
            report = MapReport([MapProblem("unreadable", CANNOT_BE_READ_AS, file=MapFile(path),
                                           error=type(exc).__name__, reason=str(exc)[:200])])
        for problem in report.errors:
            print(f"error: {worded(problem, full_path=True)}")
        for warning in report.warnings:
            print(f"warning: {worded(warning, full_path=True)}")
        if report.errors:
            invalid += 1
        elif not args.quiet:
            print(summary(path, report))
    if len(args.maps) > 1 and not args.quiet:
        print(f"{len(args.maps) - invalid} of {len(args.maps)} maps valid")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
