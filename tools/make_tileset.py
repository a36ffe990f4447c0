"""Generate the game's hex tileset: maps/hacienda.png and maps/hacienda.tsx.

One pointy-top hex tile per space, in the order of ``SPACES`` (mountain,
forest, meadow, rock, moor, pampas, market, water).  Chunky pixel art from a
small fixed palette; each terrain differs by texture as well as hue (peaks,
trees, flowers, boulders, reeds, grass dots, a market stall, waves), with a
1-pixel dark outline.  Tiles are 32x32 with hexsidelength 16: the slanted
edges then step 2 pixels across per pixel down, which stays crisp.

    python tools/make_tileset.py [--out maps] [--preview preview.png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.art.palette import PALETTE  # noqa: E402
from hacienda_game.art.pixels import hex_mask, png_bytes  # noqa: E402
from hacienda_game.maps.board import SPACES  # noqa: E402

TILE = 32  # tile width and height in pixels
SIDE = 16  # hexsidelength: the vertical sides of a pointy-top hex


SPRITES: dict[str, str] = {
    "peak": """
        .......k.......
        ......kwk......
        .....kwwwk.....
        ....kwwwwgk....
        ...kwlwwlggk...
        ..kllllllgggk..
        .kllllllggggdk.
        kllllllgggggddk
        """,
    "small_peak": """
        ...k...
        ..kwk..
        .kllgk.
        kllggdk
        """,
    "tree": """
        ...k...
        ..kDk..
        .kDGDk.
        .kDDDk.
        kDGDDDk
        kDDDDDk
        .kkUkk.
        ..kUk..
        """,
    "tuft": """
        G.G.G
        .GGG.
        """,
    "flower": """
        .w.
        wyw
        .w.
        """,
    "red_flower": """
        .r.
        ryr
        .r.
        """,
    "boulder": """
        ..kkkk..
        .kwlllk.
        kllllggk
        klllgggk
        .kggddk.
        ..kkkk..
        """,
    "pebble": """
        .kk.
        klgk
        .kk.
        """,
    "puddle": """
        .nnnnn.
        nnBnnnn
        .nnnnn.
        """,
    "reed": """
        U
        u
        D
        D
        D
        """,
    "grass": """
        t.t
        .t.
        """,
    "dot": """
        t
        """,
    "stall": """
        ..kkkkkkkkkk..
        .kwrwrwrwrwrwk.
        kwrwrwrwrwrwrwk
        .kkkkkkkkkkkkk.
        .kU.........Uk.
        .kU..kkkk...Uk.
        .kU.kyyyok..Uk.
        .kkkkkkkkkkkkk.
        """,
    "coin": """
        .kkk.
        kyyok
        kyook
        .kkk.
        """,
    "wave": """
        .cc....
        c..c..c
        ....cc.
        """,
    "glint": """
        BB
        """,
}

# Each tile: base colour, then (sprite, x, y) stamps; (0, 0) is the tile's top left.
TILES: dict[str, tuple[str, list[tuple[str, int, int]]]] = {
    "mountain": ("g", [("small_peak", 5, 7), ("small_peak", 19, 6), ("peak", 8, 11),
                       ("small_peak", 20, 17), ("small_peak", 3, 17), ("pebble", 13, 24)]),
    "forest": ("G", [("tree", 6, 4), ("tree", 17, 6), ("tree", 10, 13), ("tree", 21, 17),
                     ("tree", 3, 16)]),
    "meadow": ("L", [("tuft", 6, 8), ("flower", 15, 5), ("tuft", 20, 11), ("red_flower", 8, 14),
                     ("tuft", 13, 18), ("flower", 23, 19), ("tuft", 4, 21), ("flower", 15, 25),
                     ("red_flower", 24, 9), ("tuft", 20, 25)]),
    "rock": ("s", [("boulder", 5, 8), ("boulder", 17, 14), ("pebble", 19, 6),
                   ("pebble", 7, 19), ("boulder", 9, 20)]),
    "moor": ("O", [("puddle", 4, 12), ("puddle", 17, 21), ("reed", 13, 6), ("reed", 15, 8),
                   ("reed", 22, 10), ("reed", 6, 19), ("reed", 9, 21), ("reed", 25, 14),
                   ("reed", 11, 23)]),
    "pampas": ("y", [("grass", 8, 9), ("dot", 17, 6), ("grass", 21, 15), ("dot", 5, 17),
                     ("grass", 12, 21), ("dot", 25, 22), ("dot", 14, 13), ("grass", 18, 26)]),
    "market": ("p", [("stall", 8, 8), ("coin", 14, 21), ("coin", 7, 18), ("coin", 21, 18)]),
    "water": ("b", [("wave", 5, 9), ("wave", 17, 7), ("wave", 10, 15), ("wave", 21, 16),
                    ("wave", 5, 21), ("glint", 18, 24), ("glint", 14, 4)]),
}


def stamp(tile: np.ndarray, sprite: str, x0: int, y0: int) -> None:
    rows = [line.strip() for line in SPRITES[sprite].strip().splitlines()]
    for dy, row in enumerate(rows):
        for dx, letter in enumerate(row):
            if letter != ".":
                tile[y0 + dy, x0 + dx] = PALETTE[letter] + (255,)


def draw_tile(space: str) -> np.ndarray:
    base, stamps = TILES[space]
    mask = hex_mask()
    tile = np.zeros((TILE, TILE, 4), dtype=np.uint8)
    tile[mask] = PALETTE[base] + (255,)
    for sprite, x, y in stamps:
        stamp(tile, sprite, x, y)
    padded = np.pad(mask, 1)
    inner = (padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2] & padded[1:-1, 2:])
    tile[mask & ~inner] = PALETTE["k"] + (255,)
    tile[~mask] = 0
    return tile


def tsx_text(image_name: str) -> str:
    tiles = "".join(
        f' <tile id="{i}">\n  <properties>\n'
        f'   <property name="space" value="{space}"/>\n  </properties>\n </tile>\n'
        for i, space in enumerate(SPACES))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" tiledversion="1.10.2" name="hacienda"'
        f' tilewidth="{TILE}" tileheight="{TILE}" tilecount="{len(SPACES)}"'
        f' columns="{len(SPACES)}">\n'
        f' <image source="{image_name}" width="{TILE * len(SPACES)}" height="{TILE}"/>\n'
        f"{tiles}</tileset>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "maps")
    parser.add_argument("--preview", type=Path, help="also write a 6x preview PNG")
    args = parser.parse_args(argv)
    sheet = np.concatenate([draw_tile(space) for space in SPACES], axis=1)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "hacienda.png").write_bytes(png_bytes(sheet))
    (args.out / "hacienda.tsx").write_text(tsx_text("hacienda.png"), encoding="utf-8")
    if args.preview:
        big = sheet.repeat(6, axis=0).repeat(6, axis=1)
        args.preview.write_bytes(png_bytes(big))
    print(f"wrote {args.out / 'hacienda.png'} and {args.out / 'hacienda.tsx'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
