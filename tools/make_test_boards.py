"""Write the small TMX boards in tests/boards/ that the map tests load.

Good boards: every stagger axis/index pair, every layer data encoding, an
external tileset in a subfolder.  Broken and hostile boards: one per way a
map is refused (CONTRACTS section 1).

    python tools/make_test_boards.py [--out tests/boards]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import shutil
import struct
import sys
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.maps.board import SPACE_LETTERS, SPACES  # noqa: E402

# The standard small board: 4 columns x 4 rows, read as Board.from_rows.
SMALL = (".$.G", "M..F", ".~.R", "B.$.")
GID = {letter: 1 + SPACES.index(space) for letter, space in SPACE_LETTERS.items()}
GID.update({" ": 0, "_": 0, "?": 9, "0": 10})  # ? unknown space, 0 no property


def tileset_xml(image: str = "hacienda.png", extra: bool = False, indent: str = " ") -> str:
    """An embedded tileset; ``extra`` adds tile 8 (space "lava") and 9 (no space)."""
    spaces: list[str | None] = [*SPACES, "lava", None] if extra else list(SPACES)
    tiles = "".join(
        f'{indent} <tile id="{i}">\n{indent}  <properties>\n'
        f'{indent}   <property name="space" value="{space}"/>\n'
        f'{indent}  </properties>\n{indent} </tile>\n'
        for i, space in enumerate(spaces) if space is not None)
    return (f'{indent}<tileset firstgid="1" name="hacienda" tilewidth="32" tileheight="32"'
            f' tilecount="{len(spaces)}" columns="{len(spaces)}">\n'
            f'{indent} <image source={quoteattr(image)} width="{32 * len(spaces)}"'
            f' height="32"/>\n{tiles}{indent}</tileset>\n')


def encode(gids: list[int], width: int, encoding: str) -> str:
    if encoding == "csv":
        rows = [",".join(map(str, gids[i:i + width])) for i in range(0, len(gids), width)]
        return '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>"
    raw = struct.pack(f"<{len(gids)}I", *gids)
    compression = {"base64": None, "zlib": "zlib", "gzip": "gzip", "zstd": "zstd"}[encoding]
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    elif compression == "zstd":
        raw = b"(\xb5/\xfd" + raw  # a zstd frame's magic; the payload is never read
    attr = f' compression="{compression}"' if compression else ""
    text = base64.b64encode(raw).decode("ascii")
    return f'<data encoding="base64"{attr}>\n   {text}\n  </data>'


def tmx(rows: tuple[str, ...] = SMALL, *, orientation: str = "hexagonal", axis: str = "y",
        index: str = "odd", encoding: str = "csv", layer: str = "board",
        tileset: str | None = None, extra_tiles: bool = False, size: tuple[int, int] | None = None,
        head: str = "", data: str | None = None,
        properties: dict[str, str] | None = None) -> str:
    width, height = size or (max(len(r) for r in rows), len(rows))
    gids = [GID[r[x]] if y < len(rows) and x < len(r) else 0
            for y, r in enumerate([*rows, *[""] * (height - len(rows))]) for x in range(width)]
    tw, th = (32, 32) if axis == "y" else (32, 28)
    props = "".join(f"  <property name={quoteattr(k)} value={quoteattr(v)}/>\n"
                    for k, v in sorted((properties or {}).items()))
    hexattrs = (f' hexsidelength="16" staggeraxis="{axis}" staggerindex="{index}"'
                if orientation == "hexagonal" else "")
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n{head}'
        f'<map version="1.10" tiledversion="1.10.2" orientation="{orientation}"'
        f' renderorder="right-down" width="{width}" height="{height}" tilewidth="{tw}"'
        f' tileheight="{th}" infinite="0"{hexattrs} nextlayerid="2" nextobjectid="1">\n'
        + (f" <properties>\n{props} </properties>\n" if props else "")
        + (tileset or tileset_xml(extra=extra_tiles))
        + f' <layer id="1" name="{layer}" width="{width}" height="{height}">\n'
        f"  {data or encode(gids, width, encoding)}\n </layer>\n</map>\n")


GOOD: dict[str, str] = {
    **{f"hex_{a}_{i}.tmx": tmx(axis=a, index=i) for a in "xy" for i in ("odd", "even")},
    **{f"enc_{e}.tmx": tmx(encoding=e) for e in ("csv", "base64", "zlib", "gzip")},
    "external_tsx.tmx": tmx(tileset=' <tileset firstgid="1" source="tilesets/hacienda.tsx"/>\n',
                            properties={"title": "External", "title_de": "Extern",
                                        "author": "tests", "players": "2-4",
                                        "description": "uses a .tsx in a subfolder"}),
    "warnings.tmx": tmx(("$.", "..", "  ", "..", ".$"), layer="Board"),
}

BAD: dict[str, str] = {
    "no_board_layer.tmx": tmx(layer="terrain"),
    "orthogonal.tmx": tmx(orientation="orthogonal"),
    "unknown_space.tmx": tmx((".$.?", "M..F"), extra_tiles=True),
    "no_space.tmx": tmx((".$.0", "M..F"), extra_tiles=True),
    "no_market.tmx": tmx((".G.", "M.F")),
    "market_no_pampas.tmx": tmx(("MMM.", "M$M.", "MMM$")),
    "many_problems.tmx": tmx(("?0M.", "M$M.", "MMM$"), extra_tiles=True),
    "dtd.tmx": tmx(head='<!DOCTYPE map [<!ENTITY boom "boom">]>\n',
                   properties={"title": "&boom;"}),
    "zstd.tmx": tmx(encoding="zstd"),
    "infinite.tmx": tmx().replace('infinite="0"', 'infinite="1"'),
    "too_big.tmx": tmx(("$.",), size=(65, 65)),
    "image_escape.tmx": tmx(tileset=tileset_xml(image="../../maps/hacienda.png")),
    "tileset_escape.tmx": tmx(
        tileset=' <tileset firstgid="1" source="../../maps/hacienda.tsx"/>\n'),
    "missing_tsx.tmx": tmx(tileset=' <tileset firstgid="1" source="nowhere.tsx"/>\n'),
    "xml_tiles.tmx": tmx().replace('<data encoding="csv">', "<data>"),
    "bomb.tmx": tmx(data='<data encoding="base64" compression="zlib">'
                    + base64.b64encode(zlib.compress(bytes(1_000_000))).decode() + "</data>"),
    "short_data.tmx": tmx().replace(",\n5,6,7,6\n</data>", "\n</data>"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "boards")
    args = parser.parse_args(argv)
    out: Path = args.out
    (out / "tilesets").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "maps" / "hacienda.png", out / "hacienda.png")
    tsx = (ROOT / "maps" / "hacienda.tsx").read_text(encoding="utf-8")
    (out / "tilesets" / "hacienda.tsx").write_text(
        tsx.replace('source="hacienda.png"', 'source="../hacienda.png"'), encoding="utf-8")
    for name, text in {**GOOD, **BAD}.items():
        (out / name).write_text(text, encoding="utf-8")
    truncated = GOOD["hex_y_odd.tmx"]
    (out / "truncated.tmx").write_text(truncated[: len(truncated) // 2], encoding="utf-8")
    (out / "map.tmj").write_text('{"type": "tileset"}\n', encoding="utf-8")
    print(f"wrote {len(GOOD) + len(BAD) + 2} boards to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
