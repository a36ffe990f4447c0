"""Hex geometry agrees with Tiled's HexagonalRenderer (CONTRACTS section 1)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacienda_game.maps.hexgrid import (
    CUBE_DIRECTIONS,
    HexLayout,
    add_cube,
    from_cube,
    neighbours,
    rotate_cube,
    to_cube,
)

COMBOS = [(axis, index) for axis in ("x", "y") for index in ("odd", "even")]
coords = st.integers(min_value=-70, max_value=70)


def tiled_neighbours(x: int, y: int, axis: str, index: str) -> set[tuple[int, int]]:
    """Transliterated from Tiled's hexagonalrenderer.cpp (topLeft ... bottomRight)
    plus the two cells along the unstaggered axis."""
    stagger_index = 1 if index == "even" else 0
    if axis == "y":
        odd = (y & 1) ^ stagger_index
        top_left = (x, y - 1) if odd else (x - 1, y - 1)
        top_right = (x + 1, y - 1) if odd else (x, y - 1)
        bottom_left = (x, y + 1) if odd else (x - 1, y + 1)
        bottom_right = (x + 1, y + 1) if odd else (x, y + 1)
        straight = {(x - 1, y), (x + 1, y)}
    else:
        odd = (x & 1) ^ stagger_index
        top_left = (x - 1, y) if odd else (x - 1, y - 1)
        top_right = (x + 1, y) if odd else (x + 1, y - 1)
        bottom_left = (x - 1, y + 1) if odd else (x - 1, y)
        bottom_right = (x + 1, y + 1) if odd else (x + 1, y)
        straight = {(x, y - 1), (x, y + 1)}
    return {top_left, top_right, bottom_left, bottom_right, *straight}


@pytest.mark.parametrize("axis,index", COMBOS)
def test_neighbours_match_tiled_renderer(axis: str, index: str) -> None:
    for x, y in itertools.product(range(-3, 8), repeat=2):
        found = neighbours(x, y, axis, index)
        assert len(found) == 6
        assert set(found) == tiled_neighbours(x, y, axis, index), (x, y)


@pytest.mark.parametrize("axis,index", COMBOS)
def test_neighbours_are_symmetric(axis: str, index: str) -> None:
    for x, y in itertools.product(range(-3, 8), repeat=2):
        for n in neighbours(x, y, axis, index):
            assert (x, y) in neighbours(*n, axis, index)


@pytest.mark.parametrize("axis,index", COMBOS)
@given(x=coords, y=coords)
def test_cube_adjacency_agrees_with_neighbours(axis: str, index: str, x: int, y: int) -> None:
    cube = to_cube(x, y, axis, index)
    assert sum(cube) == 0
    around = {from_cube(add_cube(cube, d), axis, index) for d in CUBE_DIRECTIONS}
    assert around == set(neighbours(x, y, axis, index))


@pytest.mark.parametrize("axis,index", COMBOS)
@given(x=coords, y=coords)
def test_from_cube_inverts_to_cube(axis: str, index: str, x: int, y: int) -> None:
    assert from_cube(to_cube(x, y, axis, index), axis, index) == (x, y)


@given(q=coords, r=coords, turns=st.integers(-12, 12))
def test_rotating_six_times_is_identity_and_keeps_distance(q: int, r: int, turns: int) -> None:
    cube = (q, r, -q - r)
    assert rotate_cube(cube, 6) == cube
    turned = rotate_cube(cube, turns)
    assert sum(turned) == 0
    assert max(map(abs, turned)) == max(map(abs, cube))


@pytest.mark.parametrize("axis,index", COMBOS)
def test_neighbours_share_an_edge_on_screen(axis: str, index: str) -> None:
    """Tiled's pixel polygons of neighbours share exactly one edge (two corners)."""
    size = (32, 32) if axis == "y" else (32, 28)
    layout = HexLayout(axis, index, *size, 16)
    for x, y in itertools.product(range(0, 5), repeat=2):
        corners = set(layout.polygon(x, y))
        assert len(corners) == 6
        for other in itertools.product(range(-1, 6), repeat=2):
            if other == (x, y):
                continue
            shared = corners & set(layout.polygon(*other))
            expected = 2 if other in neighbours(x, y, axis, index) else 0
            assert len(shared) == expected, (x, y, other)


def test_pixel_positions_as_tiled_draws_them() -> None:
    pointy = HexLayout("y", "odd", 32, 32, 16)
    assert pointy.top_left(0, 0) == (0, 0)
    assert pointy.top_left(0, 1) == (16, 24)   # odd row shifted by half a hex
    assert pointy.top_left(2, 2) == (64, 48)
    assert pointy.map_size(21, 13) == (21 * 32 + 16, 13 * 24 + 8)
    flat = HexLayout("x", "even", 32, 28, 16)
    assert flat.top_left(0, 0) == (0, 14)       # even column shifted down
    assert flat.top_left(1, 0) == (24, 0)
    assert flat.map_size(4, 4) == (4 * 24 + 8, 4 * 28 + 14)
