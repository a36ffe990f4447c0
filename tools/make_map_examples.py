"""Write the example maps for authors in maps/examples/: a shared tileset and
an object template.

- ``maps/examples/shared_tileset.tmx`` paints its board with the game
  tileset one folder up (``../hacienda.tsx``, the tileset every built-in
  board uses): how one tileset serves many maps kept in folders of their own.
- ``maps/examples/template_objects.tmx`` places three market signs from one
  object template, ``maps/templates/market_sign.tx`` (a folder beside the
  map's), whose tile comes from the game tileset; the third sign is larger
  and turned, overriding the template as Tiled lets an instance do.

Both are valid boards (the game reads them when they are under ``maps/`` or
the player's maps folder) and open in Tiled as they are.

    python -m tools.make_map_examples [--out maps]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hacienda_game.maps.board import SPACES

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps"
ROWS = ("..MM..$..", ".$.FF.~..", "..GG..RR.", "~..B.$.B.", ".R..GG..$", "..$..F..M")
LETTERS = {"M": "mountain", "F": "forest", "G": "meadow", "R": "rock", "B": "moor",
           ".": "pampas", "$": "market", "~": "water"}


def board_map(title: str, tileset: str, extra: str = "", next_object: int = 1) -> str:
    width, height = len(ROWS[0]), len(ROWS)
    gids = [str(1 + SPACES.index(LETTERS[c])) for row in ROWS for c in row]
    rows = ",\n".join(",".join(gids[y * width:(y + 1) * width]) for y in range(height))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal"'
        f' renderorder="right-down" width="{width}" height="{height}" tilewidth="32"'
        ' tileheight="32" infinite="0" hexsidelength="16" staggeraxis="y" staggerindex="odd"'
        f' nextlayerid="3" nextobjectid="{next_object}">\n'
        ' <properties>\n'
        f'  <property name="title" value="{title}"/>\n'
        '  <property name="author" value="Hacienda project"/>\n'
        '  <property name="players" value="2-3"/>\n'
        ' </properties>\n'
        f' <tileset firstgid="1" source="{tileset}"/>\n'
        f' <layer id="1" name="board" width="{width}" height="{height}">\n'
        f'  <data encoding="csv">\n{rows}\n</data>\n </layer>\n'
        f"{extra}</map>\n")


def examples() -> dict[str, str]:
    """Path under maps/ -> text of every example file."""
    market = 1 + SPACES.index("market")
    signs = (' <objectgroup id="2" name="signs">\n'
             '  <object id="1" template="../templates/market_sign.tx" x="200" y="20"/>\n'
             '  <object id="2" template="../templates/market_sign.tx" x="36" y="52"/>\n'
             '  <object id="3" template="../templates/market_sign.tx" x="250" y="150"'
             ' width="36" height="36" rotation="30"/>\n'
             " </objectgroup>\n")
    return {
        "examples/shared_tileset.tmx": board_map("Shared tileset", "../hacienda.tsx"),
        "examples/template_objects.tmx": board_map("Template objects", "../hacienda.tsx",
                                                   signs, 4),
        "templates/market_sign.tx": (
            '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
            ' <tileset firstgid="1" source="../hacienda.tsx"/>\n'
            f' <object name="market sign" gid="{market}" width="24" height="24"/>\n'
            "</template>\n"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    for name, text in examples().items():
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(examples())} example files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
