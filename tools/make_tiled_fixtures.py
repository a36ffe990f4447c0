"""Make the Tiled fidelity fixtures in tests/boards/tiled/ with Tiled itself.

Needs Debian's ``tiled`` package (``tiled`` and ``tmxrasterizer`` on PATH;
Qt runs offscreen) and the ``zstd`` command.  CI has no Tiled, so the files
this writes are committed and the tests only read them.

1. Stagger fixtures, one per stagger axis/index pair, each with its own tile
   size and side length: every cell of an 8x7 map shows its own tile, a hex
   filled with a colour that encodes the cell (red 40 + 24 X, green 40 + 24 Y,
   blue 200).  Tiled re-saves each map (``tiled --export-map``) and
   ``tmxrasterizer`` renders it to ``stagger_*_tiled.png``; the tests read the
   cell under every hex centre the game computes and which cells touch.
2. Re-saved boards: one board written in CSV, base64, base64+zlib,
   base64+gzip and base64+zstd and re-saved by Tiled with the tileset
   embedded, once more with the tileset as an external ``.tsx`` (re-saved by
   ``tiled --export-tileset``), and exported as JSON (``.tmj``).  The game
   must read the first five identically and refuse zstd and JSON, saying how
   to re-save them.

    python tools/make_tiled_fixtures.py [--out tests/boards/tiled]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

import numpy as np  # noqa: E402

from hacienda_game.art.pixels import png_bytes  # noqa: E402
from hacienda_game.maps.board import SPACES  # noqa: E402

OUT = ROOT / "tests" / "boards" / "tiled"
SIZE = (8, 7)  # columns, rows of the stagger fixtures
# (axis, index) -> (tilewidth, tileheight, hexsidelength): a different shape each.
STAGGER = {
    ("y", "odd"): (32, 32, 16),
    ("y", "even"): (28, 36, 20),
    ("x", "odd"): (32, 28, 16),
    ("x", "even"): (40, 30, 22),
}
MARKET_CELL = (3, 3)
ENCODINGS = ("csv", "base64", "zlib", "gzip", "zstd")
# The re-saved board (rows of Board.from_rows letters, pointy-top, stagger odd).
BOARD_ROWS = (
    "..MM..$..", ".$.FF.~..", "..GG..RR.", "~..B.$.B.", ".R..GG..$", "..$..F..M",
)
LETTERS = {"M": "mountain", "F": "forest", "G": "meadow", "R": "rock", "B": "moor",
           ".": "pampas", "$": "market", "~": "water"}


def cell_colour(x: int, y: int) -> tuple[int, int, int]:
    """The colour of cell (x, y) in the stagger fixtures (see the module notes)."""
    return (40 + 24 * x, 40 + 24 * y, 200)


def colour_cell(rgb: tuple[int, int, int]) -> tuple[int, int] | None:
    """The cell a pixel's colour encodes, None for background."""
    r, g, b = rgb
    if b != 200 or (r - 40) % 24 or (g - 40) % 24:
        return None
    return ((r - 40) // 24, (g - 40) // 24)


def hex_tile(tw: int, th: int, side: int, axis: str, rgb: tuple[int, int, int]) -> np.ndarray:
    """A tile image: the hex Tiled's renderer outlines for this tile size
    (tileToScreenPolygon), filled where a pixel's centre lies inside."""
    side_x, side_y = (side, 0) if axis == "x" else (0, side)
    off_x, off_y = (tw - side_x) / 2, (th - side_y) / 2
    corners = [(0, th - off_y), (0, off_y), (off_x, 0), (tw - off_x, 0),
               (tw, off_y), (tw, th - off_y), (tw - off_x, th), (off_x, th)]
    tile = np.zeros((th, tw, 4), dtype=np.uint8)
    for py in range(th):
        for px in range(tw):
            if _inside(px + 0.5, py + 0.5, corners):
                tile[py, px] = (*rgb, 255)
    return tile


def _inside(x: float, y: float, corners: list[tuple[float, float]]) -> bool:
    """Inside a convex polygon given clockwise on screen (y down)."""
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        if (x2 - x1, y2 - y1) == (0, 0):
            continue
        if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) < 0:
            return False
    return True


def stagger_fixture(folder: Path, axis: str, index: str) -> str:
    """Write the tileset image and return the TMX text of one stagger fixture."""
    tw, th, side = STAGGER[(axis, index)]
    width, height = SIZE
    name = f"stagger_{axis}_{index}"
    sheet = np.zeros((th * height, tw * width, 4), dtype=np.uint8)
    tiles = []
    for y in range(height):
        for x in range(width):
            sheet[y * th:(y + 1) * th, x * tw:(x + 1) * tw] = hex_tile(
                tw, th, side, axis, cell_colour(x, y))
            space = "market" if (x, y) == MARKET_CELL else "pampas"
            tiles.append(f'  <tile id="{y * width + x}"><properties>'
                         f'<property name="space" value="{space}"/></properties></tile>\n')
    (folder / f"{name}.png").write_bytes(png_bytes(sheet))
    gids = ",".join(str(1 + i) for i in range(width * height))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="hexagonal" renderorder="right-down"'
        f' width="{width}" height="{height}" tilewidth="{tw}" tileheight="{th}" infinite="0"'
        f' hexsidelength="{side}" staggeraxis="{axis}" staggerindex="{index}"'
        ' nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" name="{name}" tilewidth="{tw}" tileheight="{th}"'
        f' tilecount="{width * height}" columns="{width}">\n'
        f'  <image source="{name}.png" width="{tw * width}" height="{th * height}"/>\n'
        + "".join(tiles) + " </tileset>\n"
        f' <layer id="1" name="board" width="{width}" height="{height}">\n'
        f'  <data encoding="csv">{gids}</data>\n </layer>\n</map>\n')


def board_gids() -> list[int]:
    width = max(len(r) for r in BOARD_ROWS)
    return [1 + SPACES.index(LETTERS[row[x]]) if x < len(row) else 0
            for row in BOARD_ROWS for x in range(width)]


def layer_data(encoding: str) -> str:
    gids = board_gids()
    if encoding == "csv":
        return '<data encoding="csv">' + ",".join(map(str, gids)) + "</data>"
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if encoding == "zlib":
        raw = zlib.compress(raw)
    elif encoding == "gzip":
        raw = gzip.compress(raw, mtime=0)
    elif encoding == "zstd":
        raw = subprocess.run(["zstd", "-q", "-c"], input=raw, check=True,
                             capture_output=True).stdout
    compression = "" if encoding == "base64" else f' compression="{encoding}"'
    return (f'<data encoding="base64"{compression}>'
            + base64.b64encode(raw).decode("ascii") + "</data>")


def board_map(encoding: str, tileset: str = "hacienda.tsx") -> str:
    width, height = max(len(r) for r in BOARD_ROWS), len(BOARD_ROWS)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="hexagonal" renderorder="right-down"'
        f' width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0"'
        ' hexsidelength="16" staggeraxis="y" staggerindex="odd"'
        ' nextlayerid="3" nextobjectid="1">\n'
        ' <properties>\n  <property name="title" value="Re-saved"/>\n'
        '  <property name="title_de" value="Neu gespeichert"/>\n </properties>\n'
        f' <tileset firstgid="1" source="{tileset}"/>\n'
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
        f'  {layer_data("csv")}\n </layer>\n'
        f' <layer id="2" name="Board" width="{width}" height="{height}">\n'
        f'  {layer_data(encoding)}\n </layer>\n</map>\n')


def tiled(*args: str) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(list(args), env=env, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}{result.stderr}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    for command in ("tiled", "tmxrasterizer", "zstd"):
        if shutil.which(command) is None:
            print(f"{command} not found: apt-get install tiled zstd", file=sys.stderr)
            return 1
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    # Tiled re-writes every path relative to the file it exports, so the
    # sources are written next to the results (and removed afterwards).
    sources: list[Path] = []

    def source(name: str, text: str) -> str:
        path = out / f"_source_{name}"
        path.write_text(text, encoding="utf-8")
        sources.append(path)
        return str(path)

    try:
        for axis, index in STAGGER:
            name = f"stagger_{axis}_{index}"
            text = stagger_fixture(out, axis, index)
            tiled("tiled", "--export-map", source(f"{name}.tmx", text), str(out / f"{name}.tmx"))
            tiled("tmxrasterizer", "--no-smoothing", str(out / f"{name}.tmx"),
                  str(out / f"{name}_tiled.png"))
        shutil.copyfile(ROOT / "maps" / "hacienda.png", out / "hacienda.png")
        tsx = (ROOT / "maps" / "hacienda.tsx").read_text(encoding="utf-8")
        tiled("tiled", "--export-tileset", source("hacienda.tsx", tsx), str(out / "hacienda.tsx"))
        for encoding in ENCODINGS:
            tiled("tiled", "--export-map", "--embed-tilesets",
                  source(f"{encoding}.tmx", board_map(encoding)),
                  str(out / f"resaved_{encoding}.tmx"))
        tiled("tiled", "--export-map", source("external.tmx", board_map("csv")),
              str(out / "resaved_external_tsx.tmx"))
        tiled("tiled", "--export-map", "json", str(out / "_source_zlib.tmx"),
              str(out / "resaved.tmj"))
    finally:
        for path in sources:
            path.unlink(missing_ok=True)
    print(f"wrote the Tiled fixtures to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
