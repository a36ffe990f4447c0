"""The game reads maps as Tiled itself draws and saves them.

The fixtures in tests/boards/tiled/ were made by Tiled 1.8.2 (Debian) with
tools/make_tiled_fixtures.py: ``tiled --export-map`` saved every map and
``tmxrasterizer`` drew the stagger fixtures, whose every cell shows a hex in
a colour that names the cell.  So these tests hold the game's geometry
against Tiled's own pictures, and its reader against Tiled's own files.
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from maptools import ROOT, board_pairs, drawn_touching, read_png, tool

from hacienda_game.maps import Board, BoardError, check_map, load_tmx

TILED = ROOT / "tests" / "boards" / "tiled"
COMBOS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
READABLE = ("csv", "base64", "zlib", "gzip", "external_tsx")


@cache
def fixture(axis: str, index: str) -> tuple[Board, np.ndarray]:
    """The game's board of a stagger fixture and Tiled's picture of it, as
    an array of the cell each pixel shows (-1 for background)."""
    name = f"stagger_{axis}_{index}"
    board = load_tmx(TILED / f"{name}.tmx")
    pixels = read_png(TILED / f"{name}_tiled.png").astype(np.int32)
    red, green, blue, alpha = (pixels[..., i] for i in range(4))
    ours = (blue == 200) & (alpha == 255) & ((red - 40) % 24 == 0) & ((green - 40) % 24 == 0)
    cells = np.where(ours, (red - 40) // 24 + 100 * ((green - 40) // 24), -1)
    return board, cells


def cell_at(cells: np.ndarray, x: float, y: float) -> tuple[int, int] | None:
    value = int(cells[int(y), int(x)])
    return None if value < 0 else (value % 100, value // 100)


@pytest.mark.parametrize("axis,index", COMBOS)
def test_the_fixture_is_what_tiled_saved_and_drew(axis: str, index: str) -> None:
    board, cells = fixture(axis, index)
    text = (TILED / f"stagger_{axis}_{index}.tmx").read_text()
    assert 'tiledversion="1.8.2"' in text
    assert (board.staggeraxis, board.staggerindex) == (axis, index)
    layout = board.layout
    assert (layout.tilewidth, layout.tileheight, layout.hexsidelength) == (
        tool("make_tiled_fixtures").STAGGER[(axis, index)])
    assert len(board) == 56
    # Tiled's picture is exactly as big as the game says the map is.
    assert cells.shape[::-1] == layout.map_size(board.width, board.height)


@pytest.mark.parametrize("axis,index", COMBOS)
def test_every_hex_centre_lies_inside_tiled_drawn_hex(axis: str, index: str) -> None:
    board, cells = fixture(axis, index)
    for cell in board.cells:
        cx, cy = board.layout.center(*cell)
        # the pixels touching the centre point all belong to that cell
        for dx, dy in itertools.product((-0.5, 0.5), repeat=2):
            assert cell_at(cells, cx + dx, cy + dy) == cell, (cell, dx, dy)


@pytest.mark.parametrize("axis,index", COMBOS)
def test_tiled_draws_each_hex_inside_the_game_outline(axis: str, index: str) -> None:
    board, cells = fixture(axis, index)
    for cell in board.cells:
        outline = board.layout.polygon(*cell)
        ys, xs = np.nonzero(cells == cell[0] + 100 * cell[1])
        area = 0.5 * abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                             in zip(outline, outline[1:] + outline[:1], strict=True)))
        assert len(xs) >= 0.9 * area, (cell, len(xs), area)     # the whole hex is drawn
        outside = ~inside(outline, xs + 0.5, ys + 0.5, slack=1.0)  # ... and only there
        assert not outside.any(), (cell, xs[outside], ys[outside])


@pytest.mark.parametrize("axis,index", COMBOS)
def test_tiled_puts_every_tile_where_the_game_does(axis: str, index: str) -> None:
    """Pixel for pixel: the cell's hex in Tiled's picture is its tile image
    placed at the game's top-left corner for that cell (less the few edge
    pixels a neighbour's tile, drawn later, covers)."""
    board, cells = fixture(axis, index)
    tw, th = board.layout.tilewidth, board.layout.tileheight
    sheet = read_png(TILED / f"stagger_{axis}_{index}.png")
    for h, cell in enumerate(board.cells):
        x, y = cell
        tile = sheet[y * th:(y + 1) * th, x * tw:(x + 1) * tw, 3] > 0
        left, top = board.layout.top_left(*cell)
        expected = np.zeros(cells.shape, dtype=bool)
        expected[top:top + th, left:left + tw] = tile
        drawn = cells == x + 100 * y
        assert not (drawn & ~expected).any(), cell
        covered = {int(c) for c in cells[expected & ~drawn]}
        around = {bx + 100 * by for bx, by in (board.cells[n] for n in board.adjacent[h])}
        assert covered <= around and (expected & ~drawn).sum() <= 2 * th, cell


def inside(outline: tuple[tuple[int, int], ...], xs: np.ndarray, ys: np.ndarray,
           slack: float) -> np.ndarray:
    """Which points lie inside a convex outline (clockwise on screen), allowing
    ``slack`` pixels."""
    result = np.ones(xs.shape, dtype=bool)
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        length = float(np.hypot(x2 - x1, y2 - y1))
        result &= ((x2 - x1) * (ys - y1) - (y2 - y1) * (xs - x1)) / length >= -slack
    return result


@pytest.mark.parametrize("axis,index", COMBOS)
def test_neighbours_are_the_hexes_tiled_draws_touching(axis: str, index: str) -> None:
    board, cells = fixture(axis, index)
    ours = board_pairs(board)
    assert len(ours) > 130 and ours == drawn_touching(cells)


@pytest.mark.parametrize("axis,index", COMBOS)
def test_tileset_images_are_what_the_script_draws(axis: str, index: str,
                                                  tmp_path: Path) -> None:
    tool("make_tiled_fixtures").stagger_fixture(tmp_path, axis, index)
    name = f"stagger_{axis}_{index}.png"
    assert (tmp_path / name).read_bytes() == (TILED / name).read_bytes()


def test_a_map_saved_as_json_by_tiled_loads_as_its_tmx_twin() -> None:
    """``resaved.tmj``: Tiled 1.8.2's JSON export of the zlib map (its tileset
    embedded): the same board, layout and properties as the TMX."""
    ours, twin = load_tmx(TILED / "resaved.tmj"), load_tmx(TILED / "resaved_zlib.tmx")
    assert '"type":"map"' in (TILED / "resaved.tmj").read_text()
    assert ours.cells == twin.cells and ours.spaces == twin.spaces
    assert ours.adjacent == twin.adjacent and ours.layout == twin.layout
    assert dict(ours.properties) == dict(twin.properties)


def test_maps_resaved_by_tiled_load_identically() -> None:
    boards = {name: load_tmx(TILED / f"resaved_{name}.tmx") for name in READABLE}
    expected = Board.from_rows(tool("make_tiled_fixtures").BOARD_ROWS)
    for name, board in boards.items():
        assert board.cells == expected.cells, name
        assert board.spaces == expected.spaces, name
        assert board.adjacent == expected.adjacent, name
        assert board.layout == boards["csv"].layout, name
        assert dict(board.properties) == {"title": "Re-saved", "title_de": "Neu gespeichert"}
    texts = {name: (TILED / f"resaved_{name}.tmx").read_text() for name in READABLE}
    assert 'name="Board"' in texts["csv"] and 'name="ground"' in texts["csv"]
    assert '<data encoding="csv">' in texts["csv"]
    assert '<data encoding="base64">' in texts["base64"]
    assert 'compression="zlib"' in texts["zlib"] and 'compression="gzip"' in texts["gzip"]
    assert '<tileset firstgid="1" source="hacienda.tsx"/>' in texts["external_tsx"]
    assert all('tiledversion="1.8.2"' in t for t in texts.values())


@pytest.mark.parametrize("name,fragments", [
    ("resaved_zstd.tmx", ["layer 'Board': zstd compression is not supported",
                          "Tile Layer Format: CSV"]),
])
def test_tiled_files_in_other_formats_are_refused_with_how_to_resave(
        name: str, fragments: list[str]) -> None:
    path = TILED / name
    problems = check_map(path).errors
    assert any(all(f in p for f in fragments) for p in problems), problems
    assert all(p.startswith(f"{path}: ") for p in problems)
    with pytest.raises(BoardError):
        load_tmx(path)
