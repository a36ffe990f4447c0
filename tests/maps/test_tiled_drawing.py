"""The game draws, places and clicks every map exactly as Tiled draws it.

The ``fid_*`` maps in tests/boards/tiled/ were re-saved by Tiled 1.8.2 and
drawn by its ``tmxrasterizer`` (tools/make_tiled_fixtures.py): stagger x/y,
odd/even, several hexsidelengths, an odd tile height, CSV/base64/zlib/gzip,
embedded, external and several tilesets, every flip and hex rotation, layer,
group and tile offsets, groups, hidden layers, opacity, tint, image layers
(one repeated), tile objects (scaled, rotated, aligned), class properties and
tiles larger than the grid.  Their board layer shows colour-coded hexes
(``NAME_board.png``: the board layer alone), so every hex's pixels in
Tiled's picture name their cell.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from maptools import ROOT, board_pairs, drawn_touching, read_png, tool

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from hacienda_game.maps import Board, check_map  # noqa: E402

TILED = ROOT / "tests" / "boards" / "tiled"
FIDELITY = sorted(p.stem for p in TILED.glob("fid_*.tmx"))
STAGGER = sorted(p.stem for p in TILED.glob("stagger_*.tmx"))
BACKGROUND = np.array([30, 60, 90], float)


def over_background(rgba: np.ndarray) -> np.ndarray:
    alpha = rgba[..., 3:4].astype(float) / 255
    return np.round(rgba[..., :3] * alpha + BACKGROUND * (1 - alpha))


def surface_pixels(surface: pygame.Surface) -> np.ndarray:
    rgb = pygame.surfarray.array3d(surface)
    alpha = pygame.surfarray.array_alpha(surface)
    return np.transpose(np.dstack([rgb, alpha]), (1, 0, 2))


@cache
def fixture(name: str) -> tuple[Board, np.ndarray]:
    """The game's board and the cell every pixel of Tiled's board picture
    shows (x + 100 y, -1 for none)."""
    report = check_map(TILED / f"{name}.tmx")
    assert report.ok, report.errors
    picture = TILED / (f"{name}_board.png" if name.startswith("fid_") else f"{name}_tiled.png")
    pixels = read_png(picture).astype(np.int32)
    red, green, blue, alpha = (pixels[..., i] for i in range(4))
    ours = (blue == 200) & (alpha == 255) & ((red - 40) % 24 == 0) & ((green - 40) % 24 == 0)
    return report.board, np.where(ours, (red - 40) // 24 + 100 * ((green - 40) // 24), -1)


def test_there_are_enough_fixtures_made_by_tiled() -> None:
    assert len(FIDELITY) + len(STAGGER) >= 15
    for name in FIDELITY:
        assert 'tiledversion="1.8.2"' in (TILED / f"{name}.tmx").read_text(), name


@pytest.mark.parametrize("name", FIDELITY)
def test_the_picture_is_tmxrasterizers_pixel_for_pixel(name: str) -> None:
    from hacienda_game.client.mappicture import render_map

    board, _cells = fixture(name)
    ours = surface_pixels(render_map(board, TILED / f"{name}.tmx"))
    theirs = read_png(TILED / f"{name}_tiled.png")
    assert ours.shape == theirs.shape
    diff = np.abs(over_background(ours) - over_background(theirs)).max(axis=2)
    # opacity and tint round to within 2 of Qt's values
    assert int((diff > 2).sum()) == 0, (name, np.argwhere(diff > 2)[:10])


@pytest.mark.parametrize("name", FIDELITY + STAGGER)
def test_no_hex_is_misplaced(name: str) -> None:
    board, cells = fixture(name)
    for cell in board.cells:
        cx, cy = board.layout.center(*cell)
        assert int(cells[int(cy), int(cx)]) == cell[0] + 100 * cell[1], (name, cell)
    drawn = {int(v) for v in np.unique(cells) if v >= 0}
    assert drawn == {x + 100 * y for x, y in board.cells}


@pytest.mark.parametrize("name", FIDELITY)
def test_adjacency_is_the_hexes_tiled_draws_touching(name: str) -> None:
    board, cells = fixture(name)
    assert board_pairs(board) == drawn_touching(cells)


@pytest.mark.parametrize("name", FIDELITY + STAGGER)
def test_every_pixel_of_a_drawn_hex_clicks_that_hex(name: str) -> None:
    board, cells = fixture(name)
    ys, xs = np.nonzero(cells >= 0)
    got_x, got_y = board.layout.cells_at(xs + 0.5, ys + 0.5, board.present)
    wrong = (got_x + 100 * got_y) != cells[ys, xs]
    assert not wrong.any(), (name, int(wrong.sum()), len(xs),
                             list(zip(xs[wrong][:10], ys[wrong][:10], strict=True)))
    for x, y in list(zip(xs.tolist(), ys.tolist(), strict=True))[::97]:     # one point at a time
        assert board.layout.hex_at(x + 0.5, y + 0.5, board.present) == (
            int(cells[y, x]) % 100,
            int(cells[y, x]) // 100)


@pytest.mark.parametrize("name", ["fid_offsets", "stagger_x_even"])
def test_board_view_clicks_and_pieces_follow_offsets(name: str) -> None:
    from hacienda_game.client.boardview import BoardView

    board, cells = fixture(name)
    picture_size = board.layout.picture_size(board.width, board.height)
    view = BoardView(board, pygame.Rect((50, 40), picture_size))
    assert view.scale == 1.0
    ox, oy = view.origin
    ys, xs = np.nonzero(cells >= 0)
    for x, y in zip(xs.tolist()[::41], ys.tolist()[::41], strict=True):
        value = int(cells[y, x])
        assert view.hex_at((ox + x, oy + y)) == board.index[(value % 100, value // 100)]
    for h, (cx, cy) in enumerate(view.centres):     # pieces sit on their hexes
        x, y = board.cells[h]
        assert int(cells[cy - oy, cx - ox]) == x + 100 * y


def test_offsets_and_flags_reach_the_board() -> None:
    board, _cells = fixture("fid_offsets")
    # layer 5,-3 + group 2,4 + tile offset 3,1, and the left/top margins of
    # a decoration layer at -10,-7
    assert board.layout.margins[:2] == (10, 7)
    assert board.layout.origin == (10 + 5 + 2 + 3, 7 - 3 + 4 + 1)
    flagged = check_map(TILED / "fid_flips_rotations.tmx")
    assert flagged.ok and not any("pieces" in w for w in flagged.warnings), flagged
    text = (TILED / "fid_flips_rotations.tmx").read_text()
    assert "268435" in text or "805306" in text       # the 120-degree bit, written by Tiled


def test_class_properties_read_without_fuss() -> None:
    report = check_map(TILED / "fid_class_properties.tmx")
    assert report.ok and report.board is not None
    assert report.board.properties["players"] == "3"
    # Tiled without the project keeps the class properties, empty
    assert '<property name="look" type="class"/>' in (
        TILED / "fid_class_properties.tmx").read_text()


def test_the_fixtures_are_what_the_script_writes(tmp_path: Path) -> None:
    texts = tool("make_tiled_fixtures").fidelity_fixtures(tmp_path)
    assert sorted(texts) == FIDELITY
    for png in tmp_path.glob("*.png"):
        assert png.read_bytes() == (TILED / png.name).read_bytes(), png.name


def test_the_tiled_project_offers_spaces_and_map_properties() -> None:
    import json

    from hacienda_game.maps import SPACES

    project = json.loads((ROOT / "maps" / "hacienda.tiled-project").read_text())
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert types["space"]["type"] == "enum" and tuple(types["space"]["values"]) == SPACES
    assert types["space"]["storageType"] == "string"
    members = {m["name"] for m in types["HaciendaMap"]["members"]}
    assert {"title", "title_de", "title_es", "author", "players", "description"} <= members


def test_a_map_made_with_the_project_is_read() -> None:
    from hacienda_game.maps import map_info

    path = TILED / "made_with_project.tmx"
    text = path.read_text()
    assert 'propertytype="space"' in text and 'propertytype="HaciendaMap"' in text
    report = check_map(path)
    assert report.ok and len(report.board) == 28 and len(report.board.markets) == 1
    info = map_info(str(path))
    assert info.title() == "Made with the project" and info.players == (3, 4)
    assert info.title("de") == "Mit dem Projekt gemacht"
    resaved = check_map(TILED / "fid_project.tmx")     # Tiled drops the class's members
    assert resaved.ok and resaved.board.spaces == report.board.spaces
