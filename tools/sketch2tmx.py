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

    python tools/sketch2tmx.py maps/sketches/symmetric.txt maps/symmetric.tmx
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hacienda_game.maps.board import SPACES, Board  # noqa: E402
from hacienda_game.maps.hexgrid import is_shifted  # noqa: E402
from hacienda_game.maps.tmx import check_map  # noqa: E402

SETTINGS = ("staggeraxis", "staggerindex", "layout", "tilewidth", "tileheight",
            "hexsidelength")
DEFAULTS = {"staggeraxis": "y", "staggerindex": "odd", "layout": "rows",
            "tilewidth": "32", "tileheight": "32", "hexsidelength": "16"}
TILESET = ROOT / "maps" / "hacienda.tsx"


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


def tmx_text(board: Board, settings: dict[str, str], properties: dict[str, str],
             tileset_source: str) -> str:
    """The map as Tiled 1.10 saves it: CSV data, properties sorted by name."""
    props = "".join(f'  <property name={quoteattr(k)} value={quoteattr(v)}/>\n'
                    for k, v in sorted(properties.items()))
    rows = []
    for y in range(board.height):
        gids = []
        for x in range(board.width):
            h = board.index.get((x, y))
            gids.append("0" if h is None else str(1 + SPACES.index(board.spaces[h])))
        rows.append(",".join(gids))
    data = ",\n".join(rows)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="hexagonal"'
        f' renderorder="right-down" width="{board.width}" height="{board.height}"'
        f' tilewidth="{settings["tilewidth"]}" tileheight="{settings["tileheight"]}"'
        f' infinite="0" hexsidelength="{settings["hexsidelength"]}"'
        f' staggeraxis="{board.staggeraxis}" staggerindex="{board.staggerindex}"'
        ' nextlayerid="2" nextobjectid="1">\n'
        + (f" <properties>\n{props} </properties>\n" if props else "")
        + f' <tileset firstgid="1" source={quoteattr(tileset_source)}/>\n'
        f' <layer id="1" name="board" width="{board.width}" height="{board.height}">\n'
        f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n</map>\n')


def convert(sketch: Path, out: Path, tileset: Path = TILESET) -> Board:
    settings, properties, rows = parse_sketch(sketch.read_text(encoding="utf-8"))
    board = Board.from_rows(rows, name=out.stem, staggeraxis=settings["staggeraxis"],
                            staggerindex=settings["staggerindex"])
    source = Path(os.path.relpath(tileset.resolve(), out.resolve().parent)).as_posix()
    out.write_text(tmx_text(board, settings, properties, source), encoding="utf-8")
    return board


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
