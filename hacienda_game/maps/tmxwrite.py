"""Writing a `Board` as a Tiled TMX map painted with the game's tileset.

The map tools (sketches, community imports, the board generator) all write
through `write_map`, so every map they make looks as Tiled 1.10 saves it:
CSV layer data, properties sorted by name, the tileset ``hacienda.tsx`` as an
external file.  A map must not name files outside its own folder (CONTRACTS
section 1), so a map written elsewhere gets a copy of the tileset and its
image next to it.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from xml.sax.saxutils import quoteattr

from .board import SPACES, Board, BoardError

TILESET_NAME = "hacienda.tsx"
TILESET_IMAGE = "hacienda.png"
# The game tileset's pointy-top hex: 32x32 pixels, vertical sides 16 pixels.
TILE_SIZE = {"tilewidth": "32", "tileheight": "32", "hexsidelength": "16"}


def game_tileset() -> Path:
    """The game's tileset, ``maps/hacienda.tsx``."""
    from .catalog import MAPS_DIR

    return MAPS_DIR / TILESET_NAME


def gid_of(space: str) -> int:
    """Tile number (gid, first tileset at 1) of a space in the game tileset."""
    return 1 + SPACES.index(space)


def tmx_text(board: Board, settings: Mapping[str, str], properties: Mapping[str, str],
             tileset_source: str) -> str:
    """The map as Tiled 1.10 saves it: CSV data, properties sorted by name.

    ``settings`` gives ``tilewidth``, ``tileheight`` and ``hexsidelength``.
    """
    props = "".join(f'  <property name={quoteattr(k)} value={quoteattr(v)}/>\n'
                    for k, v in sorted(properties.items()))
    rows = []
    for y in range(board.height):
        gids = []
        for x in range(board.width):
            h = board.index.get((x, y))
            gids.append("0" if h is None else str(gid_of(board.spaces[h])))
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


def place_tileset(out: Path, tileset: Path | None = None) -> Path:
    """The tileset a map written to ``out`` should name: ``tileset`` itself if
    it lies in ``out``'s folder or below, else a copy (with its image) next to
    the map.  An existing different file of that name is never overwritten."""
    tileset = (tileset or game_tileset()).resolve()
    folder = out.resolve().parent
    if tileset.is_relative_to(folder):
        return tileset
    target = folder / tileset.name
    image = tileset.parent / TILESET_IMAGE
    for source, dest in ((tileset, target), (image, folder / TILESET_IMAGE)):
        if not source.is_file():
            raise FileNotFoundError(f"tileset file {source} not found")
        if dest.exists():
            if not filecmp.cmp(source, dest, shallow=False):
                raise FileExistsError(
                    f"{dest} exists and differs from the game's {source.name}; write the map"
                    " to another folder or pass that folder's tileset with --tileset")
            continue
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest)
    return target


def write_map(board: Board, out: str | os.PathLike[str], properties: Mapping[str, str],
              tileset: Path | None = None,
              settings: Mapping[str, str] | None = None) -> Path:
    """Write ``board`` to ``out`` naming the game tileset (copied next to the
    map when it lies elsewhere); returns the path written."""
    out = Path(out)
    used = place_tileset(out, tileset)
    source = Path(os.path.relpath(used, out.resolve().parent)).as_posix()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(tmx_text(board, {**TILE_SIZE, **(settings or {})}, properties, source),
                   encoding="utf-8")
    return out


def write_for_command_line(out: Path, write: Callable[[], Board]) -> Board | None:
    """Run a map tool's writer: print what was written, or print the problems
    to stderr and return None (the tool then exits 1)."""
    if out.suffix.lower() != ".tmx":
        print(f"{out}: the output must be a .tmx file", file=sys.stderr)
        return None
    try:
        board = write()
    except BoardError as exc:
        print("\n".join(exc.problems), file=sys.stderr)
        return None
    except OSError as exc:
        print(f"cannot write {out}: {exc}", file=sys.stderr)
        return None
    counts = Counter(board.spaces)
    print(f"wrote {out}: {board.width}x{board.height}, {len(board)} hexes, "
          + ", ".join(f"{counts[s]} {s}" for s in SPACES))
    return board
