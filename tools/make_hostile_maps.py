"""Write hostile and odd TMX maps, several per kind of trick, to test the map budgets.

Each case is a map (with the files it names) written into a folder of its
own, and what the game must say: a fragment of the refusal, or ``None`` for
a legitimate map that must load and play.  The tests build every case into
a temporary folder (the big ones would bloat the repository); this script
writes the small ones into ``tests/boards/hostile/`` so they can be opened
in Tiled or given to ``hacienda --map``.  Cases that need a FIFO or a
symbolic link are only made on POSIX systems.

    python -m tools.make_hostile_maps [--out tests/boards/hostile] [--all]
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import quoteattr

from hacienda_game.maps.board import SPACES

ROOT = Path(__file__).resolve().parents[1]

OUT = ROOT / "tests" / "boards" / "hostile"
ROWS = ("..MM..$..", ".$.FF.~..", "..GG..RR.", "~..B.$.B.", ".R..GG..$", "..$..F..M")
LETTERS = {"M": "mountain", "F": "forest", "G": "meadow", "R": "rock", "B": "moor",
           ".": "pampas", "$": "market", "~": "water"}
WIDTH, HEIGHT = len(ROWS[0]), len(ROWS)
TILESET_PNG = ROOT / "maps" / "hacienda.png"
BIG = 64 * 1024   # cases at least this large are left out of the repository


def png_header(width: int, height: int, idat: bytes = b"") -> bytes:
    """A PNG that *says* it is width x height (the pixels need not follow)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat)
            + chunk(b"IEND", b""))


def real_png(width: int, height: int, rgba: tuple[int, int, int, int] = (90, 140, 60, 255)
             ) -> bytes:
    """A whole, valid PNG of one colour (small however large it is: it compresses)."""
    row = b"\x00" + bytes(rgba) * width
    return png_header(width, height, zlib.compress(row * height, 9))


def damaged_png(how: str) -> bytes:
    """A 32 x 32 PNG damaged one way: ``crc``, ``truncated`` or ``pixels``."""
    whole = real_png(32, 32)
    if how == "crc":
        return whole[:-20] + bytes([whole[-20] ^ 0xFF]) + whole[-19:]
    if how == "truncated":
        return whole[:len(whole) // 2 + 20]
    body = zlib.compress(b"\x00" * 100)           # pixel data for 100 bytes, not 32 rows
    return png_header(32, 32, body)


def tileset(image: str = "hacienda.png", width: int = 256, height: int = 32,
            extra: str = "", attrs: str = "", name: str = "hacienda") -> str:
    tiles = "".join(f'  <tile id="{i}"><properties><property name="space" value="{s}"/>'
                    f"</properties></tile>\n" for i, s in enumerate(SPACES))
    return (f' <tileset firstgid="1" name="{name}" tilewidth="32" tileheight="32"'
            f' tilecount="8" columns="8"{attrs}>\n'
            f'  <image source={quoteattr(image)} width="{width}" height="{height}"/>\n'
            f"{tiles}{extra} </tileset>\n")


def board_layer(layer_id: int = 1, name: str = "board", attrs: str = "") -> str:
    gids = [1 + SPACES.index(LETTERS[c]) for row in ROWS for c in row]
    return (f' <layer id="{layer_id}" name="{name}" width="{WIDTH}" height="{HEIGHT}"{attrs}>\n'
            f'  <data encoding="csv">{",".join(map(str, gids))}</data>\n </layer>\n')


def map_text(*, body: str | None = None, tilesets: str | None = None,
             properties: dict[str, str] | str = "", header: str = "",
             tilewidth: int = 32, tileheight: int = 32, hexside: int | str = 16,
             width: int = WIDTH, height: int = HEIGHT) -> str:
    if isinstance(properties, dict):
        properties = "".join(f"  <property name={quoteattr(k)} value={quoteattr(v)}/>\n"
                             for k, v in properties.items())
    props = f" <properties>\n{properties} </properties>\n" if properties else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal"'
        f' renderorder="right-down" width="{width}" height="{height}"'
        f' tilewidth="{tilewidth}" tileheight="{tileheight}" infinite="0"'
        f' hexsidelength="{hexside}" staggeraxis="y" staggerindex="odd"{header}'
        ' nextlayerid="9" nextobjectid="1">\n'
        f"{props}{tileset() if tilesets is None else tilesets}"
        f"{board_layer() if body is None else body}</map>\n")


Builder = Callable[[Path], Path]
CASES: dict[str, tuple[str, Builder, str | None]] = {}


def case(name: str, kind: str, expect: str | None) -> Callable[[Builder], Builder]:
    def register(build: Builder) -> Builder:
        CASES[name] = (kind, build, expect)
        return build
    return register


def write(folder: Path, text: str, name: str = "map.tmx", png: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if png:
        shutil.copyfile(TILESET_PNG, folder / "hacienda.png")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# -- declared sizes: a tiny image that says it is huge -------------------------

@case("declared_100k_image", "declared image size", "declares width='100000'")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilesets=tileset(width=100000, height=100000)))


@case("declared_tilecount", "declared image size", "tiles, over the limit of 4096")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilesets=tileset(width=4000, height=4000).replace(
        'tilecount="8"', 'tilecount="15625"')))


@case("declared_4000", "declared image size", "15625 tiles, over the limit of 4096")
def _(folder: Path) -> Path:
    # the true image is small, but a reader trusting the declaration would cut
    # 125 x 125 tiles from it
    return write(folder, map_text(tilesets=tileset(width=4000, height=4000)))


@case("external_declared_huge", "declared image size", "declares height='99999999'")
def _(folder: Path) -> Path:
    write(folder, tileset(height=99999999).replace('firstgid="1" ', ""), "big.tsx")
    return write(folder, map_text(tilesets=' <tileset firstgid="1" source="big.tsx"/>\n'))


# -- images: decompression bombs, pipes, devices, links ------------------------

@case("bomb_png_tileset", "image file", "30000x30000 pixels, over the limit")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bomb.png").write_bytes(png_header(30000, 30000, zlib.compress(bytes(1 << 16))))
    return write(folder, map_text(tilesets=tileset("bomb.png")))


@case("bomb_png_image_layer", "image file", "20000x100 pixels, over the limit")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "wide.png").write_bytes(png_header(20000, 100))
    layer = (' <imagelayer id="2" name="sky">\n  <image source="wide.png" width="200"'
             ' height="100"/>\n </imagelayer>\n')
    return write(folder, map_text(body=layer + board_layer()))


@case("bomb_png_tile_image", "image file", "8000x8000 pixels, over the limit")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tile.png").write_bytes(png_header(8000, 8000))
    extra = '  <tile id="9"><image width="32" height="32" source="tile.png"/></tile>\n'
    return write(folder, map_text(tilesets=tileset(extra=extra)))


@case("many_images_pixels", "image file", "over 16 million pixels")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    sets = []
    for i in range(5):
        (folder / f"sheet{i}.png").write_bytes(png_header(4096, 1024))
        sets.append(tileset(f"sheet{i}.png").replace('firstgid="1"', f'firstgid="{1 + 100 * i}"')
                    .replace('name="hacienda"', f'name="s{i}"'))
    return write(folder, map_text(tilesets="".join(sets)))


@case("not_png", "image file", "not a PNG, JPEG or GIF image")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tiles.bmp").write_bytes(b"BM" + bytes(100))
    return write(folder, map_text(tilesets=tileset("tiles.bmp")))


@case("fifo_image", "special file", "not a regular file")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.png")
    return write(folder, map_text(tilesets=tileset("pipe.png")))


@case("fifo_tileset", "special file", "not a regular file")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.tsx")
    return write(folder, map_text(tilesets=' <tileset firstgid="1" source="pipe.tsx"/>\n'))


@case("directory_image", "special file", "not a regular file")
def _(folder: Path) -> Path:
    (folder / "dir.png").mkdir(parents=True, exist_ok=True)
    return write(folder, map_text(tilesets=tileset("dir.png")))


@case("dev_zero_link", "special file", "leaves the map's folder")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    os.symlink("/dev/zero", folder / "zero.png")
    return write(folder, map_text(tilesets=tileset("zero.png")))


@case("link_out_of_folder", "special file", "leaves the map's folder")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    os.symlink(TILESET_PNG, folder / "linked.png")
    return write(folder, map_text(tilesets=tileset("linked.png")))


@case("oversized_image_file", "image file", "over the 8 MiB limit")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "huge.png", "wb") as f:
        f.write(png_header(64, 64))
        f.truncate(9 * 1024 * 1024)          # sparse: no disk used
    return write(folder, map_text(tilesets=tileset("huge.png")))


# -- budgets across the whole map ----------------------------------------------

@case("thousands_of_layers", "whole-map budget", "layers, over the limit of 256")
def _(folder: Path) -> Path:
    layers = "".join(f' <layer id="{10 + i}" name="deco{i}" width="{WIDTH}" height="{HEIGHT}">'
                     f'<data encoding="csv">{",".join(["1"] * WIDTH * HEIGHT)}</data></layer>\n'
                     for i in range(3000))
    return write(folder, map_text(body=board_layer() + layers))


@case("tileset_named_many_times", "whole-map budget", "over 16 MiB")
def _(folder: Path) -> Path:
    pad = "".join(f'  <tile id="{100 + i}"><properties><property name="note" value="'
                  + "x" * 1900 + '"/></properties></tile>\n' for i in range(1800))
    write(folder, tileset(extra=pad).replace('firstgid="1" ', ""), "fat.tsx")
    refs = "".join(f' <tileset firstgid="{1 + 2000 * i}" source="fat.tsx"/>\n'
                   for i in range(60))
    return write(folder, map_text(tilesets=refs))


@case("too_many_tilesets", "whole-map budget", "over 64 tilesets")
def _(folder: Path) -> Path:
    sets = "".join(tileset().replace('firstgid="1"', f'firstgid="{1 + 10 * i}"')
                   .replace('name="hacienda"', f'name="t{i}"') for i in range(80))
    return write(folder, map_text(tilesets=sets))


@case("many_objects", "whole-map budget", "objects, over the limit of 4096")
def _(folder: Path) -> Path:
    objects = "".join(f'  <object id="{i}" gid="1" x="{i % 300}" y="40" width="32"'
                      ' height="32"/>\n' for i in range(1, 5001))
    return write(folder, map_text(body=board_layer() + f' <objectgroup id="5" name="o">\n'
                                  f"{objects} </objectgroup>\n"))


@case("tiles_on_many_layers", "whole-map budget", "tiles on its layers, over the limit")
def _(folder: Path) -> Path:
    return largest_map(folder, layers=5)


# -- nesting ------------------------------------------------------------------

def in_groups(folder: Path, depth: int) -> Path:
    """The board layer inside ``depth`` nested group layers."""
    body = '<group id="2" name="g">' * depth + board_layer(3) + "</group>" * depth + "\n"
    return write(folder, map_text(body=body))


@case("deep_groups", "nesting", "nested over 32 deep")
def _(folder: Path) -> Path:
    return in_groups(folder, 20000)


@case("deep_class_properties", "nesting", "nested over 32 deep")
def _(folder: Path) -> Path:
    depth = 2000
    props = ('<property name="c" type="class" propertytype="C"><properties>' * depth
             + "</properties></property>" * depth)
    return write(folder, map_text(properties=props + "\n"))


@case("groups_31_deep_legit", "nesting", None)
def _(folder: Path) -> Path:
    return in_groups(folder, 28)


# -- the drawn picture and the hex shape --------------------------------------

@case("huge_tiles", "picture size", "draws a picture of")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilewidth=1024, tileheight=1024, hexside=512, width=64,
                                  height=64))


@case("negative_hexside", "picture size", "hexsidelength -16 must be between 1 and 32")
def _(folder: Path) -> Path:
    return write(folder, map_text(hexside=-16))


@case("hexside_over_tile", "picture size", "hexsidelength 40 must be between 1 and 32")
def _(folder: Path) -> Path:
    return write(folder, map_text(hexside=40))


@case("diamond_hexes", "picture size", "hexsidelength 0 draws diamonds")
def _(folder: Path) -> Path:
    return write(folder, map_text(hexside=0))


@case("one_pixel_tiles", "picture size", "tilewidth 1 must be between 4 and 1024")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilewidth=1, tileheight=1, hexside=0))


@case("huge_layer_offset", "picture size", "draws a picture of")
def _(folder: Path) -> Path:
    return write(folder, map_text(body=board_layer(attrs=' offsetx="900000"')))


# -- text properties ------------------------------------------------------------

@case("title_100k", "text property", "property 'title' is 100000 characters long")
def _(folder: Path) -> Path:
    return write(folder, map_text(properties={"title": "Hacienda " * 11111 + "H"}))


@case("description_3mb", "text property", "property 'description' is 3000000 characters")
def _(folder: Path) -> Path:
    return write(folder, map_text(properties={"description": "a" * 3_000_000}))


@case("title_de_long", "text property", "property 'title_de' is 5000 characters long")
def _(folder: Path) -> Path:
    return write(folder, map_text(properties={"title": "Fine", "title_de": "Ü" * 5000}))


@case("description_as_text_body", "text property", "property 'description' is 11000 characters")
def _(folder: Path) -> Path:
    return write(folder, map_text(properties='  <property name="description">'
                                  + "multi\nline " * 1000 + "</property>\n"))


@case("description_2000_legit", "text property", None)
def _(folder: Path) -> Path:
    words = " ".join(["pampas"] * 285)               # 1994 characters: within the limit
    return write(folder, map_text(properties={"title": "T" * 100, "description": words}))


# -- player counts (warned, played on 2-5) -------------------------------------

for _value in ("5-2", "0", "99", "1-9"):
    def _players(folder: Path, value: str = _value) -> Path:
        return write(folder, map_text(properties={"title": "Players", "players": value}))
    CASES[f"players_{_value.replace('-', '_to_')}"] = ("player count", _players, None)


@case("players_int_typed", "player count", None)
def _(folder: Path) -> Path:
    return write(folder, map_text(properties='  <property name="players" type="int"'
                                  ' value="3"/>\n'))


# -- what drawing costs: small files that ask for a great deal of drawing --------

def object_layer(objects: str, name: str = "things", attrs: str = "") -> str:
    return f' <objectgroup id="5" name="{name}"{attrs}>\n{objects} </objectgroup>\n'


@case("object_4000_rotated", "drawing cost", "after its scale and rotation")
def _(folder: Path) -> Path:
    obj = '  <object id="1" gid="1" x="10" y="4000" width="4000" height="4000" rotation="45"/>\n'
    return write(folder, map_text(body=board_layer() + object_layer(obj)))


@case("scaled_objects_4000", "drawing cost", "turned or scaled")
def _(folder: Path) -> Path:
    objects = "".join(f'  <object id="{i}" gid="{1 + i % 8}" x="{i % 300}" y="{40 + i % 200}"'
                      ' width="512" height="512"/>\n' for i in range(1, 4001))
    return write(folder, map_text(body=board_layer() + object_layer(objects)))


@case("turned_big_tiles_200_layers", "drawing cost", "turned or scaled")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "big.png").write_bytes(real_png(1024, 1024))
    big = (' <tileset firstgid="101" name="big" tilewidth="1024" tileheight="1024"'
           ' tilecount="1" columns="1">\n  <image source="big.png" width="1024"'
           ' height="1024"/>\n </tileset>\n')
    turned = ",".join([str(101 | 0x20000000)] * WIDTH * HEIGHT)
    layers = "".join(f' <layer id="{10 + i}" name="turned{i}" width="{WIDTH}"'
                     f' height="{HEIGHT}"><data encoding="csv">{turned}</data></layer>\n'
                     for i in range(200))
    return write(folder, map_text(tilesets=tileset() + big, body=board_layer() + layers))


@case("image_layers_254_big", "drawing cost", "million pixels, over the limit")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sky.png").write_bytes(real_png(4000, 4000))
    layers = "".join(f' <imagelayer id="{10 + i}" name="sky{i}">\n  <image source="sky.png"'
                     ' width="4000" height="4000"/>\n </imagelayer>\n' for i in range(254))
    return write(folder, map_text(body=board_layer() + layers))


@case("image_layers_200_repeated_dot", "drawing cost", "pieces and")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "dot.png").write_bytes(real_png(1, 1))
    layers = "".join(f' <imagelayer id="{10 + i}" name="dots{i}" repeatx="1" repeaty="1">\n'
                     '  <image source="dot.png" width="1" height="1"/>\n </imagelayer>\n'
                     for i in range(200))
    return write(folder, map_text(body=board_layer() + layers))


@case("turned_tiles_64x64_3_layers", "drawing cost", "turned or scaled")
def _(folder: Path) -> Path:
    return largest_map(folder, layers=3, flags=0x20000000)


@case("turned_board_64x64_legit", "drawing cost", None)
def _(folder: Path) -> Path:
    return largest_map(folder, layers=0, flags=0x20000000)


# -- numbers: every number read by one bounded parser ---------------------------

@case("tilecount_superscript", "numbers", "attribute tilecount='²' is not a number")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilesets=tileset().replace('tilecount="8"', 'tilecount="²"')))


@case("height_superscript", "numbers", "<map> attribute height='³²'")
def _(folder: Path) -> Path:
    return write(folder, map_text().replace(f'height="{HEIGHT}" tilewidth', 'height="³²"'
                                            ' tilewidth', 1))


@case("arabic_indic_digits", "numbers", "<map> attribute width='٩'")
def _(folder: Path) -> Path:
    return write(folder, map_text().replace(f'width="{WIDTH}" height="{HEIGHT}" tilewidth',
                                            'width="٩" height="٦" tilewidth', 1))


@case("tilecount_5000_digits", "numbers", "<tileset> attribute tilecount=")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilesets=tileset().replace('tilecount="8"',
                                                             f'tilecount="{"9" * 5000}"')))


@case("image_size_5000_digits", "numbers", "<image> attribute width=")
def _(folder: Path) -> Path:
    return write(folder, map_text(tilesets=tileset(width="7" * 5000)))  # type: ignore[arg-type]


@case("csv_cell_5001_digits", "numbers", "CSV data holds")
def _(folder: Path) -> Path:
    return write(folder, map_text(body=board_layer().replace('"csv">', '"csv">' + "1" * 5001,
                                                             1)))


@case("object_at_1e308", "numbers", "<object> attribute x='1e308'")
def _(folder: Path) -> Path:
    obj = '  <object id="1" gid="1" x="1e308" y="1e308" width="32" height="32"/>\n'
    return write(folder, map_text(body=board_layer() + object_layer(obj)))


# -- names and properties: bounded before they are kept ---------------------------

@case("class_property_1mb_name", "names", "a name of 1000000 characters")
def _(folder: Path) -> Path:
    members = "".join(f'<property name="m{i}" value="v"/>' for i in range(2000))
    props = (f'  <property name="{"c" * 1_000_000}" type="class" propertytype="C">'
             f"<properties>{members}</properties></property>\n")
    return write(folder, map_text(properties=props))


@case("layer_name_100k", "names", "a name of 100000 characters")
def _(folder: Path) -> Path:
    return write(folder, map_text(body=board_layer() + object_layer("", name="n" * 100_000)))


@case("twenty_thousand_properties", "names", "custom properties and class members")
def _(folder: Path) -> Path:
    props = "".join(f'  <property name="p{i}" value="{i}"/>\n' for i in range(20_000))
    return write(folder, map_text(properties=props))


@case("class_members_long_names", "names", "custom properties and class members")
def _(folder: Path) -> Path:
    # 12 classes in classes, each name 190 characters, 3000 members at the bottom
    depth, name = 12, "k" * 190
    members = "".join(f'<property name="{name}{i}" value="v"/>' for i in range(3000))
    props = (f'<property name="{name}" type="class" propertytype="C"><properties>' * depth
             + members + "</properties></property>" * depth)
    return write(folder, map_text(properties=props + "\n"))


# -- pictures: damaged, empty, missing -------------------------------------------

for _how in ("crc", "truncated", "pixels"):
    def _damaged(folder: Path, how: str = _how) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"damaged_{how}.png").write_bytes(damaged_png(how))
        extra = (f'  <tile id="9"><image width="32" height="32" source="damaged_{how}.png"/>'
                 "</tile>\n")
        return write(folder, map_text(tilesets=tileset(extra=extra)))
    CASES[f"damaged_png_{_how}"] = ("damaged picture", _damaged, "the image is damaged")


@case("empty_png_0x32", "damaged picture", "0x32 pixels: it is empty")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "empty.png").write_bytes(png_header(0, 32))
    extra = '  <tile id="9"><image width="0" height="32" source="empty.png"/></tile>\n'
    return write(folder, map_text(tilesets=tileset(extra=extra)))


@case("tileset_image_source_empty", "damaged picture", 'an image names no file (source="")')
def _(folder: Path) -> Path:
    extra = '  <tile id="9"><image width="32" height="32" source=""/></tile>\n'
    return write(folder, map_text(tilesets=tileset(extra=extra)))


@case("image_layer_source_empty_legit", "damaged picture", None)
def _(folder: Path) -> Path:
    layer = ' <imagelayer id="2" name="empty">\n  <image source=""/>\n </imagelayer>\n'
    return write(folder, map_text(body=layer + board_layer()))


@case("collision_shapes_300_tiles_legit", "damaged picture", None)
def _(folder: Path) -> Path:
    shapes = "".join(f'  <tile id="{8 + i}"><objectgroup draworder="index" id="2">'
                     f'<object id="1" x="0" y="0" width="32" height="32"/></objectgroup>'
                     "</tile>\n" for i in range(300))
    return write(folder, map_text(tilesets=tileset(extra=shapes)))


# -- maps saved as JSON (.tmj, .tsj): the same budgets and safety rules ---------

def json_map(*, layers: str | None = None, tilesets: str | None = None,
             header: str = '"width":9, "height":6') -> str:
    gids = ",".join(str(1 + SPACES.index(LETTERS[c])) for row in ROWS for c in row)
    board = (f'{{"type":"tilelayer", "id":1, "name":"board", "width":{WIDTH},'
             f' "height":{HEIGHT}, "data":[{gids}], "opacity":1, "visible":true}}')
    tiles = ",".join(f'{{"id":{i}, "properties":[{{"name":"space", "type":"string",'
                     f' "value":"{s}"}}]}}' for i, s in enumerate(SPACES))
    sets = tilesets if tilesets is not None else (
        '{"firstgid":1, "name":"hacienda", "tilewidth":32, "tileheight":32, "tilecount":8,'
        ' "columns":8, "image":"hacienda.png", "imagewidth":256, "imageheight":32,'
        f' "tiles":[{tiles}]}}')
    return ('{"type":"map", "orientation":"hexagonal", "renderorder":"right-down",'
            f' {header}, "tilewidth":32, "tileheight":32, "infinite":false,'
            ' "hexsidelength":16, "staggeraxis":"y", "staggerindex":"odd",'
            f' "tilesets":[{sets}], "layers":[{board if layers is None else layers}]}}\n')


@case("json_legit", "json", None)
def _(folder: Path) -> Path:
    return write(folder, json_map(), "map.tmj")


@case("json_deep_nesting", "json", "malformed JSON (nested too deep)")
def _(folder: Path) -> Path:
    return write(folder, '{"type":"map", "layers":' + "[" * 100_000 + "]" * 100_000 + "}",
                 "map.tmj")


@case("json_tileset_leaves_folder", "json", "path '../../x.tsj' leaves the map's folder")
def _(folder: Path) -> Path:
    return write(folder, json_map(tilesets='{"firstgid":1, "source":"../../x.tsj"}'),
                 "map.tmj")


@case("json_5000_digit_width", "json", "malformed JSON (not JSON: line 1")
def _(folder: Path) -> Path:
    return write(folder, json_map(header=f'"width":{"9" * 5000}, "height":6'), "map.tmj")


@case("json_width_superscript", "json", "<map> attribute width='²'")
def _(folder: Path) -> Path:
    return write(folder, json_map(header='"width":"²", "height":6'), "map.tmj")


@case("json_object_1e308", "json", "<object> attribute x='1e+308'")
def _(folder: Path) -> Path:
    board = json_map().split('"layers":[', 1)[1].rsplit("]}", 1)[0]
    objects = ('{"type":"objectgroup", "id":2, "name":"things", "objects":[{"id":1, "gid":1,'
               ' "x":1e308, "y":1e308, "width":32, "height":32}]}')
    return write(folder, json_map(layers=board + "," + objects), "map.tmj")


@case("json_4000_scaled_objects", "json", "turned or scaled")
def _(folder: Path) -> Path:
    board = json_map().split('"layers":[', 1)[1].rsplit("]}", 1)[0]
    objects = ",".join(f'{{"id":{i}, "gid":1, "x":{i % 300}, "y":40, "width":512,'
                       ' "height":512}' for i in range(1, 4001))
    return write(folder, json_map(layers=board + ',{"type":"objectgroup", "id":2,'
                                  f' "name":"things", "objects":[{objects}]}}'), "map.tmj")


def largest_map(folder: Path, layers: int = 3, flags: int = 0) -> Path:
    """The largest map the budgets let through, for measuring: 64 x 64 cells
    of the game tileset and ``layers`` decoration layers of 64 x 64 tiles
    (3: 16384 tiles to draw, under the 20000 limit)."""
    side = 64
    gids = [1 + SPACES.index(LETTERS[ROWS[y % HEIGHT][x % WIDTH]])
            for y in range(side) for x in range(side)]
    def layer(i: int, name: str, data: list[int]) -> str:
        return (f' <layer id="{i}" name="{name}" width="{side}" height="{side}">\n'
                f'  <data encoding="csv">{",".join(map(str, data))}</data>\n </layer>\n')
    deco = "".join(layer(10 + i, f"deco{i}",
                         [(i + j) % 9 | (flags if (i + j) % 9 else 0) for j in range(side * side)])
                   for i in range(layers))
    if layers == 0:
        gids = [gid | flags for gid in gids]
    return write(folder, map_text(body=layer(1, "board", gids) + deco, width=side,
                                  height=side, properties={"title": "Largest"}))


def build(name: str, folder: Path) -> Path:
    """Write one case into ``folder`` (made if needed); the map's path."""
    return CASES[name][1](folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--all", action="store_true",
                        help="also the big cases and those needing FIFOs or links")
    args = parser.parse_args(argv)
    written = 0
    for name, (kind, _build, _expect) in CASES.items():
        folder = args.out / name
        if folder.exists():
            shutil.rmtree(folder)
        if args.all or kind != "special file":
            build(name, folder)
        if not folder.exists():
            continue
        size = sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file())
        if size >= BIG and not args.all:
            shutil.rmtree(folder)
            continue
        written += 1
    print(f"wrote {written} hostile maps to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
