"""Import a community .haz map (M. Lanza's hacienda-maps) as a Tiled TMX map.

The map is written with the game's tileset (copied next to OUT.tmx when it
is written outside maps/), its title, the author, the credit
"M. Lanza, hacienda-maps, CC BY 4.0" and the licence in the map properties.
Terrain codes 3-7 become mountain, forest, meadow, rock, moor; a market that
no pampas touches becomes pampas (the importer says which).  The written map
is then checked as the game checks it.

    python -m hacienda_game.maps import IN.haz OUT.tmx [--title TITLE]
        [--title-de TITLE] [--title-es TITLE] [--tileset FILE.tsx]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..board import Board
from ..haz import haz_board, haz_properties, read_haz
from ..tmx import check_map
from ..tmxwrite import write_for_command_line, write_map
from .generate import add_description_options, descriptions


def convert(source: Path, out: Path, title: str | None = None,
            tileset: Path | None = None, extra: dict[str, str] | None = None
            ) -> tuple[Board, list[str]]:
    """Write ``out`` from ``source``; (the board, the importer's notes)."""
    haz = read_haz(source)
    properties = haz_properties(haz, source.stem)
    if title:
        properties["title"] = title
    properties.update(extra or {})
    board = haz_board(haz, out.stem)
    write_map(board, out, properties, tileset)
    return board, haz.warnings


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, metavar="IN.haz")
    parser.add_argument("out", type=Path, metavar="OUT.tmx")
    parser.add_argument("--title", help="map title (default: the .haz MapName)")
    parser.add_argument("--title-de", help="German title")
    parser.add_argument("--title-es", help="Spanish title")
    parser.add_argument("--tileset", type=Path, help="tileset to name (default: maps/hacienda.tsx)")
    add_description_options(parser)
    args = parser.parse_args(argv)
    notes: list[str] = []

    def write() -> Board:
        titles = {k: v for k, v in (("title_de", args.title_de),
                                    ("title_es", args.title_es)) if v}
        board, found = convert(args.source, args.out, args.title, args.tileset,
                               {**titles, **descriptions(args)})
        notes.extend(found)
        return board

    if write_for_command_line(args.out, write) is None:
        return 1
    for note in notes:
        print(f"note: {note}")
    report = check_map(args.out)
    for line in report.errors:
        print(line, file=sys.stderr)
    for line in report.warnings:
        print(f"warning: {line}")
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
