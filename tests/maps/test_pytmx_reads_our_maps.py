"""Every map the game writes loads in pytmx, the common Python Tiled reader,
and pytmx finds the same board: so other tools can read our maps.

The game reads TMX itself (docs/maps.md says why); pytmx is only a test
dependency, here.  Covered: the built-in boards, the generator
(`python -m hacienda_game.maps generate`), the `.haz` import and the sketch
converter, each written into a fresh folder with its tileset beside it.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest
from maptools import HAZ, MAPS

from hacienda_game.maps import load_tmx
from hacienda_game.maps.commands import generate, import_haz, sketch
from hacienda_game.maps.generate import SYMMETRIES, Request

PYGAME_PARTS = ("pygame", "pytmx.util_pygame")


def import_pytmx() -> ModuleType:
    """pytmx without its pygame helpers (it imports pygame when it can; a
    ``None`` in ``sys.modules`` makes that import fail quietly)."""
    blocked = [name for name in PYGAME_PARTS if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        return importlib.import_module("pytmx")
    finally:
        for name in blocked:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


pytmx = import_pytmx()


def assert_pytmx_reads(path: Path) -> None:
    """pytmx loads the map and sees the game's board: the same hex layout,
    and on every cell of the `board` layer the same space."""
    board = load_tmx(path)
    tiled = pytmx.TiledMap(str(path))          # images are not loaded: no pygame needed
    assert tiled.orientation == "hexagonal"
    assert (tiled.width, tiled.height) == (board.width, board.height)
    assert (tiled.staggeraxis, tiled.staggerindex) == (board.staggeraxis, board.staggerindex)
    layer = next(layer for layer in tiled.visible_layers
                 if layer.name.lower() == "board")
    seen = {}
    for x, y, gid in layer.iter_data():
        if gid:
            seen[(x, y)] = tiled.get_tile_properties_by_gid(gid)["space"]
    assert seen == dict(zip(board.cells, board.spaces, strict=True)), path.name


@pytest.mark.parametrize("name", sorted(p.stem for p in MAPS.glob("*.tmx")))
def test_built_in_boards_load_in_pytmx(name: str) -> None:
    assert_pytmx_reads(MAPS / f"{name}.tmx")


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_generated_maps_load_in_pytmx(symmetry: str, players: int, tmp_path: Path) -> None:
    out = tmp_path / "generated.tmx"
    generate.make(Request(markets=8, water=2, players=players, symmetry=symmetry, seed=3),
                  out, title="Generated")
    assert_pytmx_reads(out)


def test_imported_haz_maps_load_in_pytmx(tmp_path: Path) -> None:
    sources = sorted(HAZ.glob("*.haz"))
    assert len(sources) >= 50
    for source in sources:
        out = tmp_path / f"{source.stem}.tmx"
        import_haz.convert(source, out)
        assert_pytmx_reads(out)


def test_sketched_maps_load_in_pytmx(tmp_path: Path) -> None:
    for drawn in sorted((MAPS / "sketches").glob("*.txt")):
        out = tmp_path / f"{drawn.stem}.tmx"
        sketch.convert(drawn, out, MAPS / "hacienda.tsx")
        assert_pytmx_reads(out)
