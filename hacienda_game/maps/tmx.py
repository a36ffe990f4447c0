"""Tiled TMX hex maps -> `Board` (CONTRACTS section 1).

`check_map` reads a map and lists every problem and warning; `load_tmx`
returns the board or raises `BoardError` with every problem.  The file is
first scanned by `tmxfile` (hostile or unsupported forms are refused, every
budget checked), then read once by `tiledmap` into the `TiledMap` the
drawing uses too (`read_checked`: cached while the file is unchanged, so the
validator, the map lists, the board and the picture share one parse, in
any language).  Every problem is a `MapProblem` (``reasons``): a code and the
author's sentence, which starts with the file, then the cell where it has
one; it is worded where it is shown.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import N_
from .board import SPACES, TERRAINS, Board, BoardError, cell_name
from .drawcost import drawing_problems
from .hexgrid import STAGGER_AXES, STAGGER_INDICES, HexLayout
from .reasons import MapFile, MapProblem, Words
from .tiledmap import TiledMap, read_map, tile_id
from .tmxfile import Scan, check_picture, read_document, scan_map

BOARD_LAYER = "board"
# A terrain no hex has: one whole sentence per terrain, so each language can
# name it in its own words.
NO_TERRAIN_SPACE = {
    "mountain": N_("{file}: no mountain space (mountain cards can only be played as"
                   " pampas cards)"),
    "forest": N_("{file}: no forest space (forest cards can only be played as"
                 " pampas cards)"),
    "meadow": N_("{file}: no meadow space (meadow cards can only be played as"
                 " pampas cards)"),
    "rock": N_("{file}: no rock space (rock cards can only be played as pampas cards)"),
    "moor": N_("{file}: no moor space (moor cards can only be played as pampas cards)"),
}
CANNOT_BE_READ = N_("{file}: cannot be read")
CANNOT_BE_READ_AS = N_("{file}: cannot be read ({error}: {reason})")
CACHE_SIZE = 16
_checked: OrderedDict[tuple, tuple[MapReport, TiledMap | None]] = OrderedDict()
# The other files each checked map was read with (tilesets, templates, pictures,
# missing ones too) and their state then: a picture put in later is seen.
_read_with: dict[tuple, tuple[tuple[str, tuple[int, int] | None], ...]] = {}


@dataclass(frozen=True)
class MapReport:
    """The outcome of checking a map: ``board`` is None when there are errors."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    board: Board | None = None

    @property
    def ok(self) -> bool:
        return not self.errors


def load_tmx(path: str | Path) -> Board:
    """The board of a TMX map; `BoardError` listing every problem otherwise."""
    report = check_map(path)
    if report.errors or report.board is None:
        raise BoardError(report.errors
                         or [MapProblem("unreadable", CANNOT_BE_READ, file=MapFile(path))])
    return report.board


def check_map(path: str | Path) -> MapReport:
    """Read and validate a map, collecting every error and warning."""
    return read_checked(path)[0]


def read_checked(path: str | Path) -> tuple[MapReport, TiledMap | None]:
    """`check_map`'s report and the map as read (None when refused), parsed
    once per file version and language."""
    path = Path(path)
    try:
        st = os.stat(path)
        key = (str(path), st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError:
        key = None
    if key is not None and key in _checked and _unchanged(_read_with.get(key, ())):
        _checked.move_to_end(key)
        return _checked[key]
    scan = Scan()
    result = _check(path, scan)
    if key is not None:
        _checked[key] = result
        _read_with[key] = tuple((str(p), _stamp(p)) for p in [*scan.opened, *scan.missing]
                                if Path(p) != path)
        while len(_checked) > CACHE_SIZE:
            _read_with.pop(_checked.popitem(last=False)[0], None)
    return result


def _stamp(path: str | Path) -> tuple[int, int] | None:
    """A file's modification time and size, None when it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _unchanged(files: tuple[tuple[str, tuple[int, int] | None], ...]) -> bool:
    return all(_stamp(name) == stamp for name, stamp in files)


def clear_checked() -> None:
    _checked.clear()
    _read_with.clear()


def _check(path: Path, scan: Scan) -> tuple[MapReport, TiledMap | None]:
    try:
        return _check_file(path, scan)
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError,
            MemoryError, UnicodeError, AttributeError) as exc:
        # the last resort: every known trouble has its own sentence above
        return MapReport([MapProblem("unreadable", CANNOT_BE_READ_AS,
            file=MapFile(path), error=type(exc).__name__, reason=str(exc)[:200])]), None


def _check_file(path: Path, scan: Scan) -> tuple[MapReport, TiledMap | None]:
    label = MapFile(path)
    root = read_document(path, label, scan, "map")
    if root is not None:
        from .catalog import map_roots

        scan_map(path, root, label, scan, roots=map_roots())
    if scan.fatal or root is None:
        return MapReport(scan.problems), None
    errors = list(scan.problems)
    try:
        tiled = read_map(path, root, scan)
        board = _read_board(tiled, label, errors)
    except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
        return MapReport([*errors, MapProblem("unreadable", CANNOT_BE_READ_AS,
            file=label, error=type(exc).__name__, reason=str(exc)[:200])]), None
    if board is None:
        return MapReport(errors), None
    board_errors, warnings = validate_board(board)
    errors += board_errors
    if not errors:
        errors += drawing_problems(tiled, board.layout.picture_size(board.width, board.height),
                                   label)
    warnings += _players_warnings(board, label)
    # first: the one the Maps screen shows (the board looks other than in Tiled)
    for picture in reversed(dict.fromkeys(scan.missing)):
        warnings.insert(0, MapProblem("missing_picture",
            N_("{file}: the picture {image} is not there (looked at {path}), so the board"
               " is drawn in plain colours; put the picture next to the tileset, or pick"
               " it again in Tiled (Tileset > Tileset Properties, Image)"),
            file=label, image=repr(picture.name), path=MapFile(picture)))
    return MapReport(errors, warnings, None if errors else board), tiled


def validate_board(board: Board) -> tuple[list[str], list[str]]:
    """The rules' demands on a board: (errors, warnings)."""
    label = MapFile(board.path) if board.path else board.name
    errors: list[str] = []
    warnings: list[str] = []
    if not board.markets:
        errors.append(MapProblem("no_market",
            N_("{file}: no market (paint at least one tile with space `market`)"), file=label))
    for m in board.markets:
        if not any(board.spaces[n] == "pampas" for n in board.adjacent[m]):
            errors.append(MapProblem("market_no_pampas",
                N_("{file}: cell {cell}: market has no neighbouring pampas"),
                file=label, cell=board.names[m]))
    for terrain in TERRAINS:
        if not board.by_space[terrain]:
            warnings.append(MapProblem("no_terrain", NO_TERRAIN_SPACE[terrain], file=label))
    pieces = board.pieces
    if len(pieces) > 1:
        parts = tuple(Words(N_("{hexes} hexes at {cell}"), hexes=len(p), cell=board.names[p[0]])
                      for p in pieces)
        warnings.append(MapProblem("in_pieces",
            N_("{file}: the board is in {count} pieces ({pieces})"),
            file=label, count=len(pieces), pieces=parts))
    return errors, warnings


def _read_board(tiled: TiledMap, label: str, errors: list[str]) -> Board | None:
    hexagonal = _check_header(tiled, label, errors)
    layers = [layer for layer in tiled.layers
              if layer.kind == "layer" and layer.name.lower() == BOARD_LAYER]
    if not layers:
        names = ", ".join(repr(layer.name) for layer in tiled.layers) or Words(N_("none"))
        errors.append(MapProblem("no_board_layer",
            N_("{file}: no tile layer named `board` (layers: {layers});"
                        " the rules read the hexes of that layer"), file=label,
                                                                          layers=names))
        return None
    if len(layers) > 1:
        errors.append(MapProblem("two_boards",
            N_("{file}: {count} tile layers are named `board`; keep one"),
            file=label, count=len(layers)))
        return None
    board_layer = layers[0]
    spaces = _read_spaces(tiled, board_layer, label, errors)
    if not hexagonal:
        return None
    offset = _board_offset(tiled, board_layer, label, errors)
    if offset is None:
        return None
    margins = tiled.draw_margins()
    layout = HexLayout(tiled.staggeraxis, tiled.staggerindex, tiled.tilewidth,
                       tiled.tileheight, tiled.hexsidelength)
    w, h = layout.map_size(tiled.width, tiled.height)
    scan = Scan()
    check_picture(w + margins[0] + margins[2], h + margins[1] + margins[3], label, scan)
    if scan.problems:
        errors += scan.problems
        return None
    return Board(tiled.path.stem, tiled.width, tiled.height, spaces,
                 staggeraxis=tiled.staggeraxis, staggerindex=tiled.staggerindex,
                 tilewidth=tiled.tilewidth, tileheight=tiled.tileheight,
                 hexsidelength=tiled.hexsidelength, origin=offset, margins=margins,
                 properties=tiled.properties, path=str(tiled.path))


def _board_offset(tiled: TiledMap, layer, label: str,
                  errors: list[str]) -> tuple[float, float] | None:
    """Where the board layer's hexes are drawn: its offset (with its groups')
    plus the tile offset of the tileset its tiles come from."""
    offsets = {tileset.offset for gid in layer.gids if gid
               if (tileset := tiled.tileset_of(gid)) is not None}
    if len(offsets) > 1:
        errors.append(MapProblem("misaligned",
            N_("{file}: the `board` layer shows tiles of tilesets with different"
                        " tile offsets, so its hexes would not line up; in Tiled: Tileset >"
                        " Tileset Properties, give them the same Drawing Offset"),
                            file=label))
        return None
    tx, ty = offsets.pop() if offsets else (0, 0)
    return (layer.offset[0] + tx, layer.offset[1] + ty)


def _check_header(tiled: TiledMap, label: str, errors: list[str]) -> bool:
    if tiled.orientation != "hexagonal":
        errors.append(MapProblem("not_hexagonal",
            # Translators: "Orientation: Hexagonal" is Tiled's New Map dialog, in English.
            N_("{file}: orientation is {orientation}, not hexagonal;"
                        " make a new map in Tiled with Orientation: Hexagonal"),
                            file=label, orientation=repr(tiled.orientation)))
        return False
    ok = True
    if tiled.staggeraxis not in STAGGER_AXES:
        errors.append(MapProblem("not_hexagonal", N_("{file}: stagger axis {axis} must be x or y"),
            file=label, axis=repr(tiled.staggeraxis)))
        ok = False
    if tiled.staggerindex not in STAGGER_INDICES:
        errors.append(MapProblem("not_hexagonal",
            N_("{file}: stagger index {index} must be odd or even"),
            file=label, index=repr(tiled.staggerindex)))
        ok = False
    return ok


def _read_spaces(tiled: TiledMap, layer, label: str,
                 errors: list[str]) -> dict[tuple[int, int], str]:
    spaces: dict[tuple[int, int], str] = {}
    width = layer.width
    for i, gid in enumerate(layer.gids):
        if not tile_id(gid):
            continue
        x, y = i % width, i // width
        cell = cell_name((x, y))
        if not (0 <= x < tiled.width and 0 <= y < tiled.height):
            errors.append(MapProblem("outside_map",
                N_("{file}: cell {cell}: lies outside the {width}x{height} map"),
                file=label, cell=cell, width=tiled.width, height=tiled.height))
            continue
        space = tiled.tile_properties(gid).get("space")
        if space is None:
            errors.append(MapProblem("unknown_tile",
                N_("{file}: cell {cell}: {tile} has no custom property `space`"),
                file=label, cell=cell, tile=_tile_name(tiled, gid)))
        elif space not in SPACES and "space" in tiled.numeric_properties(gid):
            errors.append(MapProblem("unknown_tile",
                # Translators: Tiled's menu names stay in English, as Tiled shows them.
                N_("{file}: cell {cell}: {tile} has space {space}: space is stored as a"
                            " number; give the enum string values in the project (in Tiled:"
                            " View > Custom Types Editor, the enum `space`, Save as: String),"
                            " then set `space` on the tiles again"),
                                file=label, cell=cell, tile=_tile_name(tiled, gid),
                                space=repr(space)))
        elif space not in SPACES:
            errors.append(MapProblem("unknown_tile",
                N_("{file}: cell {cell}: {tile} has unknown space {space}"
                            " (expected one of {spaces})"),
                                file=label, cell=cell, tile=_tile_name(tiled, gid),
                                space=repr(space), spaces=" ".join(SPACES)))
        else:
            spaces[(x, y)] = space
    return spaces


def _tile_name(tiled: TiledMap, gid: int) -> Words:
    tileset = tiled.tileset_of(gid)
    if tileset is None:
        # Translators: a Tiled tile, the subject of "{tile} has no custom property ...".
        return Words(N_("tile number {number} (in no tileset)"), number=tile_id(gid))
    # Translators: a Tiled tile, the subject of "{tile} has no custom property ...".
    return Words(N_("tile {number} of tileset {tileset}"),
        number=tile_id(gid) - tileset.firstgid, tileset=repr(tileset.name))


def _players_warnings(board: Board, label: str) -> list[str]:
    from .catalog import read_players

    _range, problem = read_players(board.properties.get("players", ""), label)
    return [problem] if problem else []
