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


@case("not_png", "image file", "not a PNG image")
def _(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tiles.gif").write_bytes(b"GIF89a" + bytes(100))
    return write(folder, map_text(tilesets=tileset("tiles.gif")))


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
    return write(folder, map_text(body=board_layer(attrs=' offsetx="100000000"')))


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


def largest_map(folder: Path, layers: int = 3) -> Path:
    """The largest map the budgets let through, for measuring: 64 x 64 cells
    of the game tileset and ``layers`` decoration layers of 64 x 64 tiles
    (3: 16384 tiles to draw, under the 20000 limit)."""
    side = 64
    gids = [1 + SPACES.index(LETTERS[ROWS[y % HEIGHT][x % WIDTH]])
            for y in range(side) for x in range(side)]
    def layer(i: int, name: str, data: list[int]) -> str:
        return (f' <layer id="{i}" name="{name}" width="{side}" height="{side}">\n'
                f'  <data encoding="csv">{",".join(map(str, data))}</data>\n </layer>\n')
    deco = "".join(layer(10 + i, f"deco{i}", [(i + j) % 9 for j in range(side * side)])
                   for i in range(layers))
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
