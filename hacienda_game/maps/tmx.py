"""Tiled TMX hex maps -> `Board` (CONTRACTS section 1).

`check_map` reads a map and lists every problem and warning; `load_tmx`
returns the board or raises `BoardError` with every problem.  The file is
first scanned by `tmxfile` (hostile or unsupported forms are refused), then
read by pytmx, which is imported without pygame: the engine must stay
headless, and pytmx imports pygame when it can.  Every message is in the
game's language (``i18n``) and starts with the file, then the cell where it
has one.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ..i18n import N_, _
from .board import SPACES, TERRAINS, Board, BoardError, cell_name
from .hexgrid import STAGGER_AXES, STAGGER_INDICES
from .tmxfile import RESAVE_TMX, Scan, read_xml, scan_map

BOARD_LAYER = "board"
_PYGAME_MODULES = ("pygame", "pytmx.util_pygame")
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


@dataclass(frozen=True)
class MapReport:
    """The outcome of checking a map: ``board`` is None when there are errors."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    board: Board | None = None

    @property
    def ok(self) -> bool:
        return not self.errors


def import_pytmx() -> ModuleType:
    """Import pytmx without letting it import pygame (the engine is headless).

    While pygame is not loaded, ``None`` entries in ``sys.modules`` make
    pytmx's ``import pygame`` and its pygame helpers fail quietly; the entries
    are removed afterwards so the game client can still import pygame and
    ``pytmx.util_pygame`` itself.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    blocked = [] if "pygame" in sys.modules else [
        name for name in _PYGAME_MODULES if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        return importlib.import_module("pytmx")
    finally:
        for name in blocked:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


def load_tmx(path: str | Path) -> Board:
    """The board of a TMX map; `BoardError` listing every problem otherwise."""
    report = check_map(path)
    if report.errors or report.board is None:
        raise BoardError(report.errors or [_(CANNOT_BE_READ).format(file=path)])
    return report.board


def check_map(path: str | Path) -> MapReport:
    """Read and validate a map, collecting every error and warning."""
    path = Path(path)
    label = str(path)
    if path.suffix.lower() in (".tmj", ".json"):
        return MapReport([_("{file}: JSON maps are not supported; {fix}").format(
            file=label, fix=_(RESAVE_TMX))])
    scan = Scan()
    root = read_xml(path, label, scan)
    if root is not None:
        scan_map(path, root, label, scan)
    if scan.fatal or root is None:
        return MapReport(scan.problems)
    errors = list(scan.problems)
    try:
        board = _read_board(path, root, label, errors)
    except Exception as exc:  # pytmx raises bare Exceptions on odd input
        return MapReport([*errors, _("{file}: cannot be read ({error}: {reason})").format(
            file=label, error=type(exc).__name__, reason=exc)])
    if board is None:
        return MapReport(errors)
    board_errors, warnings = validate_board(board)
    errors += board_errors
    return MapReport(errors, warnings, None if errors else board)


def validate_board(board: Board) -> tuple[list[str], list[str]]:
    """The rules' demands on a board: (errors, warnings)."""
    label = board.path or board.name
    errors: list[str] = []
    warnings: list[str] = []
    if not board.markets:
        errors.append(_("{file}: no market (paint at least one tile with space `market`)")
                      .format(file=label))
    for m in board.markets:
        if not any(board.spaces[n] == "pampas" for n in board.adjacent[m]):
            errors.append(_("{file}: cell {cell}: market has no neighbouring pampas").format(
                file=label, cell=board.names[m]))
    for terrain in TERRAINS:
        if not board.by_space[terrain]:
            warnings.append(_(NO_TERRAIN_SPACE[terrain]).format(file=label))
    pieces = board.pieces
    if len(pieces) > 1:
        parts = ", ".join(_("{hexes} hexes at {cell}").format(hexes=len(p),
                                                              cell=board.names[p[0]])
                          for p in pieces)
        warnings.append(_("{file}: the board is in {count} pieces ({pieces})").format(
            file=label, count=len(pieces), pieces=parts))
    return errors, warnings


def _read_board(path: Path, root: Any, label: str, errors: list[str]) -> Board | None:
    pytmx = import_pytmx()
    tiled = pytmx.TiledMap(allow_duplicate_names=True)
    tiled.filename = str(path)
    tiled.parse_xml(root)
    hexagonal = _check_header(tiled, label, errors)
    layers = [layer for layer in tiled.layers if isinstance(layer, pytmx.TiledTileLayer)
              and (layer.name or "").lower() == BOARD_LAYER]
    if not layers:
        names = ", ".join(repr(layer.name) for layer in tiled.layers) or _("none")
        errors.append(_("{file}: no tile layer named `board` (layers: {layers});"
                        " the rules read the hexes of that layer").format(file=label,
                                                                          layers=names))
        return None
    if len(layers) > 1:
        errors.append(_("{file}: {count} tile layers are named `board`; keep one").format(
            file=label, count=len(layers)))
        return None
    spaces = _read_spaces(tiled, layers[0], label, errors)
    if not hexagonal:
        return None
    properties = {k: v for k, v in tiled.properties.items() if isinstance(v, str)}
    return Board(path.stem, tiled.width, tiled.height, spaces,
                 staggeraxis=tiled.staggeraxis, staggerindex=tiled.staggerindex,
                 tilewidth=tiled.tilewidth, tileheight=tiled.tileheight,
                 hexsidelength=int(tiled.hexsidelength or 0),
                 properties=properties, path=str(path))


def _check_header(tiled: Any, label: str, errors: list[str]) -> bool:
    if tiled.orientation != "hexagonal":
        # Translators: "Orientation: Hexagonal" is Tiled's New Map dialog, in English.
        errors.append(_("{file}: orientation is {orientation}, not hexagonal;"
                        " make a new map in Tiled with Orientation: Hexagonal").format(
                            file=label, orientation=repr(tiled.orientation)))
        return False
    ok = True
    if tiled.staggeraxis not in STAGGER_AXES:
        errors.append(_("{file}: stagger axis {axis} must be x or y").format(
            file=label, axis=repr(tiled.staggeraxis)))
        ok = False
    if tiled.staggerindex not in STAGGER_INDICES:
        errors.append(_("{file}: stagger index {index} must be odd or even").format(
            file=label, index=repr(tiled.staggerindex)))
        ok = False
    return ok


def _read_spaces(tiled: Any, layer: Any, label: str,
                 errors: list[str]) -> dict[tuple[int, int], str]:
    spaces: dict[tuple[int, int], str] = {}
    for x, y, gid in layer.iter_data():
        if not gid:
            continue
        cell = cell_name((x, y))
        if not (0 <= x < tiled.width and 0 <= y < tiled.height):
            errors.append(_("{file}: cell {cell}: lies outside the {width}x{height} map").format(
                file=label, cell=cell, width=tiled.width, height=tiled.height))
            continue
        props = tiled.get_tile_properties_by_gid(gid) or {}
        space = props.get("space")
        if space is None:
            errors.append(_("{file}: cell {cell}: {tile} has no custom property `space`").format(
                file=label, cell=cell, tile=_tile_name(tiled, gid)))
        elif space not in SPACES:
            errors.append(_("{file}: cell {cell}: {tile} has unknown space {space}"
                            " (expected one of {spaces})").format(
                                file=label, cell=cell, tile=_tile_name(tiled, gid),
                                space=repr(space), spaces=" ".join(SPACES)))
        else:
            spaces[(x, y)] = space
    return spaces


def _tile_name(tiled: Any, gid: int) -> str:
    tiled_gid = tiled.tiledgidmap.get(gid, gid)
    owners = [ts for ts in tiled.tilesets if ts.firstgid <= tiled_gid]
    if not owners:
        # Translators: a Tiled tile, the subject of "{tile} has no custom property ...".
        return _("tile number {number} (in no tileset)").format(number=tiled_gid)
    tileset = max(owners, key=lambda ts: ts.firstgid)
    # Translators: a Tiled tile, the subject of "{tile} has no custom property ...".
    return _("tile {number} of tileset {tileset}").format(number=tiled_gid - tileset.firstgid,
                                                          tileset=repr(tileset.name))
