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


# -- fidelity fixtures: layers, flags, offsets, opacity, tint, images, objects --

FIX_SIZE = (6, 5)
H, V, D, R = 0x80000000, 0x40000000, 0x20000000, 0x10000000
# Every flip and hex rotation combination, for decoration layers.
ALL_FLAGS = [h | v | d | r for h in (0, H) for v in (0, V) for d in (0, D) for r in (0, R)]
# Flags that keep a hex's outline (so its cell still reads from the picture).
SHAPE_KEEPING = (0, H, V, H | V, D | R)


def read_rgba(path: Path) -> np.ndarray:
    """A PNG as an (height, width, 4) array (pygame reads it; the tools may)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(image).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(image).T
    return np.dstack([rgb, alpha]).astype(np.uint8)


def coded_tileset(folder: Path, name: str, axis: str, tw: int, th: int, side: int,
                  cells: list[tuple[int, int]], firstgid: int = 1, offset: tuple = (0, 0),
                  external: bool = False, extra_props: str = "",
                  space_attrs: str = "") -> str:
    """A tileset with one colour-coded hex tile per cell (as the stagger
    fixtures), its image written to ``folder``; its XML for the map (the
    ``<tileset>`` element, or a reference to ``name.tsx`` written there too)."""
    columns = 8
    rows = (len(cells) + columns - 1) // columns
    sheet = np.zeros((th * rows, tw * columns, 4), dtype=np.uint8)
    tiles = []
    for i, (x, y) in enumerate(cells):
        r, c = divmod(i, columns)
        sheet[r * th:(r + 1) * th, c * tw:(c + 1) * tw] = hex_tile(tw, th, side, axis,
                                                                   cell_colour(x, y))
        space = "market" if (x, y) == (2, 2) else "pampas"
        tiles.append(f'  <tile id="{i}"><properties>{extra_props}'
                     f'<property name="space"{space_attrs} value="{space}"/>'
                     "</properties></tile>\n")
    (folder / f"{name}.png").write_bytes(png_bytes(sheet))
    tileoffset = (f'  <tileoffset x="{offset[0]}" y="{offset[1]}"/>\n'
                  if offset != (0, 0) else "")
    body = (f' name="{name}" tilewidth="{tw}" tileheight="{th}" tilecount="{len(cells)}"'
            f' columns="{columns}">\n{tileoffset}'
            f'  <image source="{name}.png" width="{tw * columns}" height="{th * rows}"/>\n'
            + "".join(tiles))
    if external:
        (folder / f"{name}.tsx").write_text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8"' + body
            + "</tileset>\n", encoding="utf-8")
        return f' <tileset firstgid="{firstgid}" source="{name}.tsx"/>\n'
    return f' <tileset firstgid="{firstgid}"' + body + " </tileset>\n"


def deco_tileset(firstgid: int, attrs: str = "") -> str:
    """The game tileset (hacienda.png), for decoration layers."""
    return (f' <tileset firstgid="{firstgid}" name="deco" tilewidth="32" tileheight="32"'
            f' tilecount="8" columns="8"{attrs}>\n'
            '  <image source="hacienda.png" width="256" height="32"/>\n </tileset>\n')


def csv_layer(layer_id: int, name: str, gids: list[int], attrs: str = "",
              encoding: str = "csv") -> str:
    width, height = FIX_SIZE
    if encoding == "csv":
        data = '<data encoding="csv">' + ",".join(map(str, gids)) + "</data>"
    else:
        raw = struct.pack(f"<{len(gids)}I", *gids)
        raw = {"zlib": zlib.compress, "gzip": lambda b: gzip.compress(b, mtime=0)}.get(
            encoding, lambda b: b)(raw)
        compression = "" if encoding == "base64" else f' compression="{encoding}"'
        data = (f'<data encoding="base64"{compression}>'
                + base64.b64encode(raw).decode("ascii") + "</data>")
    return (f' <layer id="{layer_id}" name="{name}" width="{width}" height="{height}"{attrs}>\n'
            f"  {data}\n </layer>\n")


def fixture_map(shape: tuple[str, str, int, int, int], body: str, properties: str = "") -> str:
    axis, index, tw, th, side = shape
    width, height = FIX_SIZE
    props = f" <properties>\n{properties} </properties>\n" if properties else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="hexagonal" renderorder="right-down"'
        f' width="{width}" height="{height}" tilewidth="{tw}" tileheight="{th}" infinite="0"'
        f' hexsidelength="{side}" staggeraxis="{axis}" staggerindex="{index}"'
        ' nextlayerid="20" nextobjectid="40">\n' + props + body + "</map>\n")


CELLS = [(x, y) for y in range(FIX_SIZE[1]) for x in range(FIX_SIZE[0])]
HOLES = {(0, 0), (5, 4)}       # empty board cells: no hex
BOARD = [0 if c in HOLES else 1 + i for i, c in enumerate(CELLS)]
DECO = 1000                    # firstgid of the decoration tileset


# The map properties as a map made with maps/hacienda.tiled-project holds them
# (class HaciendaMap; Tiled 1.8.2's command line cannot load a project, so it
# re-saves the class without its members).
PROJECT_PROPERTIES = (
    '  <property name="hacienda" type="class" propertytype="HaciendaMap">\n'
    "   <properties>\n"
    '    <property name="players" value="3-4"/>\n'
    '    <property name="title" value="Made with the project"/>\n'
    '    <property name="title_de" value="Mit dem Projekt gemacht"/>\n'
    "   </properties>\n  </property>\n")


def project_map(folder: Path) -> str:
    """A map as Tiled writes it with maps/hacienda.tiled-project loaded: the
    ``space`` enum on every tile, the optional properties as a class."""
    tilesets = coded_tileset(folder, "made_with_project_cells", "y", 32, 32, 16, CELLS,
                             space_attrs=' propertytype="space"')
    return fixture_map(("y", "odd", 32, 32, 16), tilesets + csv_layer(1, "board", BOARD),
                       PROJECT_PROPERTIES).replace(
        '<map version="1.8"', '<map version="1.8" tiledversion="1.8.2"')


def _flagged(gids: list[int], flags: tuple[int, ...]) -> list[int]:
    return [g | flags[i % len(flags)] if g else 0 for i, g in enumerate(gids)]


def _deco(flags: list[int] | tuple[int, ...] = (0,), every: int = 1) -> list[int]:
    return [(DECO + i % 8) | flags[i % len(flags)] if i % every == 0 else 0
            for i in range(len(CELLS))]


def fidelity_fixtures(folder: Path) -> dict[str, str]:
    """name -> TMX text of every fidelity fixture (images written to ``folder``)."""
    out: dict[str, str] = {}

    def shaped(name: str, shape: tuple[str, str, int, int, int], body: str = "",
               encoding: str = "csv", board_attrs: str = "", flags=(0,),
               tileset_kw: dict | None = None, properties: str = "",
               deco_attrs: str = "") -> None:
        axis, _index, tw, th, side = shape
        tilesets = coded_tileset(folder, f"{name}_cells", axis, tw, th, side, CELLS,
                                 **(tileset_kw or {}))
        board = csv_layer(1, "board", _flagged(BOARD, flags), board_attrs, encoding)
        out[name] = fixture_map(shape, tilesets + deco_tileset(DECO, deco_attrs)
                                + body.replace("{board}", board)
                                + ("" if "{board}" in body else board), properties)

    shaped("fid_y_odd_side8", ("y", "odd", 32, 32, 8))
    shaped("fid_x_even_side4_base64", ("x", "even", 36, 32, 4), encoding="base64")
    shaped("fid_y_even_odd_height_zlib", ("y", "even", 32, 33, 16), encoding="zlib")
    shaped("fid_x_odd_side30_gzip", ("x", "odd", 40, 32, 30), encoding="gzip")
    shaped("fid_flips_rotations", ("y", "odd", 32, 32, 16), flags=SHAPE_KEEPING,
           body="{board}" + csv_layer(2, "deco", _deco(ALL_FLAGS, 1)))
    shaped("fid_x_rotations", ("x", "even", 32, 28, 16), flags=SHAPE_KEEPING,
           body="{board}" + csv_layer(2, "deco", _deco(ALL_FLAGS[::-1], 2)))
    shaped("fid_offsets", ("y", "odd", 32, 32, 16), tileset_kw={"offset": (3, 1)},
           body=csv_layer(2, "under", _deco((0,), 3), ' offsetx="-10" offsety="-7"')
           + ' <group id="3" name="lifted" offsetx="2" offsety="4">\n'
           + "{board}".replace("{board}", "{board}") + " </group>\n",
           board_attrs=' offsetx="5" offsety="-3"')
    shaped("fid_groups_hidden_opacity", ("y", "odd", 32, 32, 16),
           body="{board}"
           + ' <group id="3" name="outer" opacity="0.5">\n  <group id="4" name="inner">\n'
           + csv_layer(5, "faded", _deco((0,), 2), ' opacity="0.6"')
           + csv_layer(6, "hidden", _deco((0,), 1), ' visible="0"')
           + "  </group>\n </group>\n"
           + ' <group id="7" name="hidden group" visible="0">\n'
           + csv_layer(8, "inside hidden", _deco((0,), 1)) + " </group>\n"
           + csv_layer(9, "market at 40%", _deco((0,), 5), ' opacity="0.4"'))
    shaped("fid_tint", ("y", "even", 32, 32, 16),
           body="{board}" + csv_layer(2, "orange", _deco((0,), 2), ' tintcolor="#ff8040"')
           + ' <group id="3" name="blue group" tintcolor="#8080ff">\n'
           + csv_layer(4, "half tint", _deco((0,), 3), ' tintcolor="#80ffff00"')
           + " </group>\n")
    shaped("fid_image_objects", ("y", "odd", 32, 32, 16),
           body=' <imagelayer id="2" name="sky" offsetx="12" offsety="20">\n'
           '  <image source="hacienda.png" width="256" height="32"/>\n </imagelayer>\n'
           "{board}"
           ' <imagelayer id="3" name="band" offsetx="-40" offsety="100" repeatx="1"'
           ' opacity="0.7">\n'
           '  <image source="hacienda.png" width="256" height="32"/>\n </imagelayer>\n'
           ' <objectgroup id="4" name="signs" offsetx="4">\n'
           f'  <object id="1" gid="{DECO + 1}" x="10" y="60" width="32" height="32"/>\n'
           f'  <object id="2" gid="{DECO + 2}" x="80" y="70" width="48" height="40"/>\n'
           f'  <object id="3" gid="{DECO + 3}" x="120" y="100" width="32" height="32"'
           ' rotation="90"/>\n'
           f'  <object id="4" gid="{(DECO + 4) | H}" x="150" y="50" width="32" height="32"/>\n'
           f'  <object id="5" gid="{DECO + 5}" x="60" y="130" width="32" height="32"'
           ' visible="0"/>\n'
           "  </objectgroup>\n")
    shaped("fid_object_alignment", ("y", "odd", 32, 32, 16), deco_attrs=' objectalignment="center"',
           body="{board}"
           ' <objectgroup id="4" name="centred">\n'
           f'  <object id="1" gid="{DECO + 1}" x="40" y="40" width="32" height="32"/>\n'
           f'  <object id="2" gid="{DECO + 6}" x="120" y="90" width="32" height="32"'
           ' rotation="180"/>\n'
           "  </objectgroup>\n")
    shaped("fid_class_properties", ("y", "odd", 32, 32, 16),
           properties='  <property name="players" type="int" value="3"/>\n'
           '  <property name="look" type="class" propertytype="Look">\n   <properties>\n'
           '    <property name="colour" type="color" value="#ff102030"/>\n'
           '    <property name="weight" type="float" value="1.5"/>\n'
           "   </properties>\n  </property>\n",
           tileset_kw={"extra_props": '<property name="note" type="class"'
                       ' propertytype="Note"><properties><property name="n" type="int"'
                       ' value="1"/></properties></property>'},
           body="{board}".replace("{board}", "{board}") + csv_layer(
               2, "deco", _deco((0,), 4)).replace(
               ">\n  <data", '>\n  <properties>\n   <property name="style" type="class"'
               ' propertytype="Style">\n    <properties>\n     <property name="on"'
               ' type="bool" value="true"/>\n    </properties>\n   </property>\n'
               "  </properties>\n  <data", 1))
    shaped("fid_big_tiles_margins", ("x", "odd", 32, 28, 16),
           body="{board}" + csv_layer(2, "tall", [DECO + 1 if i % 4 == 0 else 0
                                                  for i in range(len(CELLS))]),
           deco_attrs="")
    # A second, taller decoration tileset (48 x 64 tiles: Tiled adds margins).
    out["fid_big_tiles_margins"] = out["fid_big_tiles_margins"].replace(
        ' <layer id="2"', ' <tileset firstgid="2000" name="tall" tilewidth="48"'
        ' tileheight="64" tilecount="2" columns="2">\n'
        '  <image source="tall.png" width="96" height="64"/>\n </tileset>\n <layer id="2"'
    ).replace(f'{DECO + 1},', "2001,")
    tall = np.zeros((64, 96, 4), dtype=np.uint8)
    tall[4:60, 6:42] = (200, 60, 60, 255)
    tall[10:64, 54:90] = (60, 200, 60, 255)
    (folder / "tall.png").write_bytes(png_bytes(tall))
    shaped("fid_project", ("y", "odd", 32, 32, 16), properties=PROJECT_PROPERTIES,
           tileset_kw={"space_attrs": ' propertytype="space"'})
    # A tileset whose image has a transparent colour (Tiled's trans="ff00ff").
    keyed = read_rgba(ROOT / "maps" / "hacienda.png")
    keyed[keyed[..., 3] == 0] = (255, 0, 255, 255)
    (folder / "keyed.png").write_bytes(png_bytes(keyed))
    shaped("fid_transparent_colour", ("y", "odd", 32, 32, 16),
           body="{board}" + csv_layer(2, "keyed", _deco((0,), 2)).replace(
               f'{DECO}', f'{DECO}'))
    out["fid_transparent_colour"] = out["fid_transparent_colour"].replace(
        '<image source="hacienda.png" width="256" height="32"/>',
        '<image source="keyed.png" trans="ff00ff" width="256" height="32"/>')
    # Two tilesets on the board: one embedded, one external (same tile offset).
    half = len(CELLS) // 2
    first = coded_tileset(folder, "fid_multi_a", "y", 32, 32, 16, CELLS[:half])
    second = coded_tileset(folder, "fid_multi_b", "y", 32, 32, 16, CELLS[half:],
                           firstgid=500, external=True)
    gids = [0 if c in HOLES else (1 + i if i < half else 500 + i - half)
            for i, c in enumerate(CELLS)]
    out["fid_multiple_tilesets"] = fixture_map(
        ("y", "odd", 32, 32, 16), first + second + csv_layer(1, "board", gids))
    out.update(authoring_fixtures(folder, shaped, out))
    return out


def _sheet(columns: int, rows: int, size: int, seed: int) -> np.ndarray:
    """A tileset picture of ``columns`` x ``rows`` tiles, each its own colour
    with a darker mark in a corner (so flips, turns and frames show)."""
    rng = np.random.default_rng(seed)
    sheet = np.zeros((rows * size, columns * size, 4), dtype=np.uint8)
    for r in range(rows):
        for c in range(columns):
            colour = rng.integers(60, 230, 3)
            tile = sheet[r * size:(r + 1) * size, c * size:(c + 1) * size]
            tile[2:-2, 2:-2] = (*colour, 255)
            tile[2:size // 3, 2:size // 3] = (*(colour // 3), 255)
    return sheet


def _convert(source: Path, target: Path, *options: str) -> None:
    """A picture in another format, made by ImageMagick (``convert``)."""
    subprocess.run(["convert", str(source), *options, str(target)], check=True,
                   capture_output=True, timeout=60)


def authoring_fixtures(folder: Path, shaped, out: dict[str, str]) -> dict[str, str]:
    """What map authors use beyond the basics: object templates (``.tx`` with a
    tileset of their own), animated tiles (Tiled's still picture: frame 0),
    collision shapes on more than 256 tiles, JPEG and GIF pictures."""
    made: dict[str, str] = {}
    # templates: a tileset only the template names, and objects overriding it
    (folder / "fid_sign_tiles.png").write_bytes(png_bytes(_sheet(4, 1, 24, 3)))
    (folder / "fid_sign_tiles.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" tiledversion="1.8.2"'
        ' name="signs" tilewidth="24" tileheight="24" tilecount="4" columns="4">\n'
        ' <image source="fid_sign_tiles.png" width="96" height="24"/>\n</tileset>\n',
        encoding="utf-8")
    (folder / "fid_sign.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <tileset firstgid="1" source="fid_sign_tiles.tsx"/>\n'
        ' <object name="sign" gid="3" width="24" height="24"/>\n</template>\n',
        encoding="utf-8")
    shaped("fid_templates", ("y", "odd", 32, 32, 16),
           body="{board}"
           ' <objectgroup id="4" name="signs">\n'
           '  <object id="1" template="fid_sign.tx" x="20" y="60"/>\n'
           '  <object id="2" template="fid_sign.tx" x="70" y="90" width="40" height="30"/>\n'
           '  <object id="3" template="fid_sign.tx" x="120" y="70" rotation="90"/>\n'
           f'  <object id="4" template="fid_sign.tx" gid="{DECO + 4}" x="150" y="120"'
           ' width="32" height="32"/>\n'
           "  </objectgroup>\n")
    made["fid_templates"] = out.pop("fid_templates")
    # animated tiles: tile 0 shows tile 5 then tile 2; tile 6 shows itself after 3
    animated = ('  <tile id="0"><animation><frame tileid="5" duration="200"/>'
                '<frame tileid="2" duration="200"/></animation></tile>\n'
                '  <tile id="6"><animation><frame tileid="6" duration="100"/>'
                '<frame tileid="3" duration="100"/></animation></tile>\n')
    shaped("fid_animated", ("y", "odd", 32, 32, 16),
           body="{board}" + csv_layer(2, "animated", [
               (DECO if i % 3 == 0 else DECO + 6) if i % 2 == 0 else 0
               for i in range(len(CELLS))]))
    made["fid_animated"] = out.pop("fid_animated").replace(
        '  <image source="hacienda.png" width="256" height="32"/>\n </tileset>',
        '  <image source="hacienda.png" width="256" height="32"/>\n' + animated + " </tileset>")
    # collision shapes on 320 tiles: neither layers nor objects, never drawn
    (folder / "fid_shapes.png").write_bytes(png_bytes(_sheet(20, 16, 16, 5)))
    shapes = "".join(f'  <tile id="{i}">\n   <objectgroup draworder="index" id="2">\n'
                     f'    <object id="1" x="1" y="1" width="14" height="14"/>\n'
                     "   </objectgroup>\n  </tile>\n" for i in range(320))
    shaped("fid_collision_shapes", ("y", "odd", 32, 32, 16),
           body="{board}" + csv_layer(2, "shaped", [
               3000 + (i * 37) % 320 if i % 2 else 0 for i in range(len(CELLS))]))
    made["fid_collision_shapes"] = out.pop("fid_collision_shapes").replace(
        ' <layer id="2"', ' <tileset firstgid="3000" name="shapes" tilewidth="16"'
        ' tileheight="16" tilecount="320" columns="20">\n'
        '  <image source="fid_shapes.png" width="320" height="256"/>\n'
        + shapes + " </tileset>\n <layer id=\"2\"", 1)
    # JPEG and GIF: image layers, and a collection tile drawn as an object
    blocks = np.zeros((48, 64, 4), dtype=np.uint8)
    for r in range(6):
        for c in range(8):
            blocks[r * 8:(r + 1) * 8, c * 8:(c + 1) * 8] = (40 + 24 * c, 60 + 30 * r,
                                                            200 - 20 * c, 255)
    (folder / "_blocks.png").write_bytes(png_bytes(blocks))
    _convert(folder / "_blocks.png", folder / "fid_blocks.jpg", "-quality", "100",
             "-sampling-factor", "1x1")
    _convert(folder / "_blocks.png", folder / "fid_blocks.gif")
    (folder / "_blocks.png").unlink()
    shaped("fid_jpeg_gif", ("y", "odd", 32, 32, 16),
           body=' <imagelayer id="2" name="jpeg" offsetx="8" offsety="10">\n'
           '  <image source="fid_blocks.jpg" width="64" height="48"/>\n </imagelayer>\n'
           "{board}"
           ' <imagelayer id="3" name="gif" offsetx="100" offsety="90">\n'
           '  <image source="fid_blocks.gif" width="64" height="48"/>\n </imagelayer>\n'
           ' <objectgroup id="4" name="gif tile">\n'
           '  <object id="1" gid="4000" x="30" y="150" width="64" height="48"/>\n'
           "  </objectgroup>\n")
    made["fid_jpeg_gif"] = out.pop("fid_jpeg_gif").replace(
        ' <imagelayer id="2"', ' <tileset firstgid="4000" name="pictures" tilewidth="64"'
        ' tileheight="48" tilecount="1" columns="0">\n  <grid orientation="orthogonal"'
        ' width="1" height="1"/>\n  <tile id="0">\n   <image width="64" height="48"'
        ' source="fid_blocks.gif"/>\n  </tile>\n </tileset>\n <imagelayer id="2"', 1)
    return made


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


def fidelity(out: Path, source) -> None:
    """Re-save every fidelity fixture with Tiled and draw it with tmxrasterizer:
    ``NAME_tiled.png`` the whole map, ``NAME_board.png`` the board layer alone."""
    if not (out / "hacienda.png").exists():
        shutil.copyfile(ROOT / "maps" / "hacienda.png", out / "hacienda.png")
    (out / "made_with_project.tmx").write_text(project_map(out), encoding="utf-8")
    for name, text in fidelity_fixtures(out).items():
        target = out / f"{name}.tmx"
        tiled("tiled", "--export-map", source(f"{name}.tmx", text), str(target))
        drawn = target
        if "template=" in text:
            # tmxrasterizer 1.8.2 draws a template instance as an outline (it
            # leaves the template's tileset out), though Tiled reads it: the
            # picture is drawn from Tiled's own export with the templates
            # detached (each object as Tiled resolves it).
            drawn = out / f"_detached_{name}.tmx"
            tiled("tiled", "--export-map", "--detach-templates", str(target), str(drawn))
        tiled("tmxrasterizer", "--no-smoothing", str(drawn), str(out / f"{name}_tiled.png"))
        if drawn != target:
            drawn.unlink()
        tiled("tmxrasterizer", "--no-smoothing", "--show-layer", "board", str(target),
              str(out / f"{name}_board.png"))


def shared_fixture(out: Path) -> None:
    """``shared/desert/fid_shared.tmx``: a map whose board tileset and an
    object template live in folders beside the map's folder (``../tilesets/``,
    ``../templates/``), as authors keep one tileset for many maps; the game
    reads it when ``shared/`` is a maps root (the built-in boards or the
    player's maps folder)."""
    root = out / "shared"
    maps, tilesets, templates = root / "desert", root / "tilesets", root / "templates"
    for folder in (maps, tilesets, templates):
        folder.mkdir(parents=True, exist_ok=True)
    cells = coded_tileset(tilesets, "fid_shared_cells", "y", 32, 32, 16, CELLS, external=True)
    shutil.copyfile(out / "fid_sign_tiles.png", tilesets / "fid_sign_tiles.png")
    shutil.copyfile(out / "fid_sign_tiles.tsx", tilesets / "fid_sign_tiles.tsx")
    (templates / "fid_sign.tx").write_text(
        (out / "fid_sign.tx").read_text(encoding="utf-8").replace(
            '"fid_sign_tiles.tsx"', '"../tilesets/fid_sign_tiles.tsx"'), encoding="utf-8")
    text = fixture_map(("y", "odd", 32, 32, 16),
                       cells.replace('source="', 'source="../tilesets/')
                       + csv_layer(1, "board", BOARD)
                       + ' <objectgroup id="4" name="signs">\n'
                       '  <object id="1" template="../templates/fid_sign.tx" x="40" y="70"/>\n'
                       " </objectgroup>\n")
    source = maps / "_source_fid_shared.tmx"
    source.write_text(text, encoding="utf-8")
    try:
        target = maps / "fid_shared.tmx"
        tiled("tiled", "--export-map", str(source), str(target))
        detached = maps / "_detached_fid_shared.tmx"
        tiled("tiled", "--export-map", "--detach-templates", str(target), str(detached))
        tiled("tmxrasterizer", "--no-smoothing", str(detached), str(maps / "fid_shared_tiled.png"))
        tiled("tmxrasterizer", "--no-smoothing", "--show-layer", "board", str(target),
              str(maps / "fid_shared_board.png"))
        detached.unlink()
    finally:
        source.unlink(missing_ok=True)


def json_fixtures(out: Path) -> None:
    """The JSON forms: ``fid_json_tilesets.tmj`` (Tiled's JSON export of
    ``fid_multiple_tilesets`` naming its external tileset as ``.tsj``) and
    ``fid_json_templates.tmj`` (of ``fid_templates``, its template as ``.tj``
    naming a ``.tsj``); the first drawn by tmxrasterizer from the JSON itself,
    the second is drawn as its twin (tmxrasterizer leaves template tiles out,
    see `fidelity`)."""
    tiled("tiled", "--export-tileset", "json", str(out / "fid_multi_b.tsx"),
          str(out / "fid_multi_b.tsj"))
    tiled("tiled", "--export-tileset", "json", str(out / "fid_sign_tiles.tsx"),
          str(out / "fid_sign_tiles.tsj"))
    (out / "fid_sign.tj").write_text(
        '{ "object":\n    {\n     "gid":3,\n     "height":24,\n     "id":0,\n'
        '     "name":"sign",\n     "rotation":0,\n     "type":"",\n     "visible":true,\n'
        '     "width":24\n    },\n "tileset":\n    {\n     "firstgid":1,\n'
        '     "source":"fid_sign_tiles.tsj"\n    },\n "type":"template"\n}\n',
        encoding="utf-8")
    for name, twin, old, new in (
            ("fid_json_tilesets", "fid_multiple_tilesets", "fid_multi_b.tsx",
             "fid_multi_b.tsj"),
            ("fid_json_templates", "fid_templates", "fid_sign.tx", "fid_sign.tj")):
        target = out / f"{name}.tmj"
        tiled("tiled", "--export-map", "json", str(out / f"{twin}.tmx"), str(target))
        target.write_text(target.read_text(encoding="utf-8").replace(f'"{old}"', f'"{new}"'),
                          encoding="utf-8")
        if name != "fid_json_templates":    # its picture is fid_templates_tiled.png
            tiled("tmxrasterizer", "--no-smoothing", str(target),
                  str(out / f"{name}_tiled.png"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--fidelity-only", action="store_true",
                        help="only the fidelity fixtures (fid_*)")
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
        if args.fidelity_only:
            fidelity(out, source)
            json_fixtures(out)
            shared_fixture(out)
            return 0
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
        fidelity(out, source)
        json_fixtures(out)
        shared_fixture(out)
    finally:
        for path in sources:
            path.unlink(missing_ok=True)
    print(f"wrote the Tiled fixtures to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
