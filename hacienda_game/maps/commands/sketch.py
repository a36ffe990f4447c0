"""Turn a text sketch of a board into a Tiled TMX map using maps/hacienda.tsx.

A sketch is a header of ``key: value`` lines (map properties such as
``title``, plus the settings ``staggeraxis``, ``staggerindex`` and
``layout``), a line ``---``, then one text line per row of hexes, in the
letters of `Board.from_rows`: M mountain, F forest, G meadow, R rock, B moor,
``.`` pampas, ``$`` market, ``~`` water, ``_`` or a space for no hex.  Lines
starting with ``#`` are comments.

``layout: rows`` (the default) puts one letter per cell.  ``layout: hex``
(pointy-top maps only) draws the map as it looks: a letter every second
character, and the rows Tiled shifts right start one character in, so a
left-right mirror-symmetric board reads as mirror-symmetric text.

    python -m hacienda_game.maps sketch maps/sketches/symmetric.txt maps/symmetric.tmx
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from ..board import SPACES, Board
from ..hexgrid import is_shifted
from ..tmx import check_map
from ..tmxwrite import game_tileset, write_map

SETTINGS = ("staggeraxis", "staggerindex", "layout", "tilewidth", "tileheight",
            "hexsidelength")
DEFAULTS = {"staggeraxis": "y", "staggerindex": "odd", "layout": "rows",
            "tilewidth": "32", "tileheight": "32", "hexsidelength": "16"}
TILESET = game_tileset()


def parse_sketch(text: str) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """(settings, map properties, rows in one-letter-per-cell form)."""
    head, sep, body = text.partition("\n---\n")
    if not sep:
        head, body = "", text
    settings, properties = dict(DEFAULTS), {}
    for line in head.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise ValueError(f"header line without ':': {line!r}")
        target = settings if key.strip() in SETTINGS else properties
        target[key.strip()] = value.strip()
    rows = [line.rstrip() for line in body.splitlines() if not line.startswith("#")]
    while rows and not rows[-1]:
        rows.pop()
    if settings["layout"] == "hex":
        if settings["staggeraxis"] != "y":
            raise ValueError("layout: hex needs staggeraxis: y")
        rows = [_unhex(row, y, settings["staggerindex"]) for y, row in enumerate(rows)]
    elif settings["layout"] != "rows":
        raise ValueError(f"layout must be rows or hex, not {settings['layout']!r}")
    return settings, properties, rows


def _unhex(row: str, y: int, staggerindex: str) -> str:
    start = 1 if is_shifted(0, y, "y", staggerindex) else 0
    return row[start::2]


def convert(sketch: Path, out: Path, tileset: Path = TILESET) -> Board:
    settings, properties, rows = parse_sketch(sketch.read_text(encoding="utf-8"))
    board = Board.from_rows(rows, name=out.stem, staggeraxis=settings["staggeraxis"],
                            staggerindex=settings["staggerindex"])
    write_map(board, out, properties, tileset, settings)
    return board


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("sketch", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--tileset", type=Path, default=TILESET)
    args = parser.parse_args(argv)
    board = convert(args.sketch, args.out, args.tileset)
    counts = Counter(board.spaces)
    print(f"wrote {args.out}: {board.width}x{board.height}, {len(board)} hexes, "
          + ", ".join(f"{counts[s]} {s}" for s in SPACES))
    report = check_map(args.out)
    for line in report.errors + report.warnings:
        print(line)
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
