"""Good TMX boards load as Tiled shows them (CONTRACTS section 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacienda_game.maps import SPACES, TERRAINS, Board, check_map, load_tmx, validate_board

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "tests" / "boards"

SMALL = (".$.G", "M..F", ".~.R", "B.$.")

# Neighbours of cells 1,1 and 2,2 on a 4x4 map, worked out by hand from Tiled.
EXPECTED_NEIGHBOURS = {
    ("y", "odd"): {(1, 1): {(0, 1), (2, 1), (1, 0), (2, 0), (1, 2), (2, 2)},
                   (2, 2): {(1, 2), (3, 2), (1, 1), (2, 1), (1, 3), (2, 3)}},
    ("y", "even"): {(1, 1): {(0, 1), (2, 1), (0, 0), (1, 0), (0, 2), (1, 2)},
                    (2, 2): {(1, 2), (3, 2), (2, 1), (3, 1), (2, 3), (3, 3)}},
    ("x", "odd"): {(1, 1): {(1, 0), (1, 2), (0, 1), (2, 1), (0, 2), (2, 2)},
                   (2, 2): {(2, 1), (2, 3), (1, 1), (3, 1), (1, 2), (3, 2)}},
    ("x", "even"): {(1, 1): {(1, 0), (1, 2), (0, 0), (2, 0), (0, 1), (2, 1)},
                    (2, 2): {(2, 1), (2, 3), (1, 2), (3, 2), (1, 3), (3, 3)}},
}


def neighbour_cells(board: Board, cell: tuple[int, int]) -> set[tuple[int, int]]:
    return {board.cells[n] for n in board.adjacent[board.index[cell]]}


@pytest.mark.parametrize("axis,index", list(EXPECTED_NEIGHBOURS))
def test_each_stagger_combination_loads_with_tiled_neighbours(axis: str, index: str) -> None:
    board = load_tmx(BOARDS / f"hex_{axis}_{index}.tmx")
    assert (board.staggeraxis, board.staggerindex) == (axis, index)
    assert (board.width, board.height, len(board)) == (4, 4, 16)
    assert board.spaces == Board.from_rows(SMALL).spaces
    assert [board.names[m] for m in board.markets] == ["1,0", "2,3"]
    assert [board.names[w] for w in board.water_fields] == ["1,2"]
    for cell, expected in EXPECTED_NEIGHBOURS[(axis, index)].items():
        assert neighbour_cells(board, cell) == expected
    assert board.layout.hexsidelength == 16
    assert board.layout.tileheight == (32 if axis == "y" else 28)


def test_all_layer_encodings_load_identically() -> None:
    boards = [load_tmx(BOARDS / f"enc_{e}.tmx") for e in ("csv", "base64", "zlib", "gzip")]
    for board in boards[1:]:
        assert board.cells == boards[0].cells
        assert board.spaces == boards[0].spaces
        assert board.adjacent == boards[0].adjacent


def test_external_tileset_in_subfolder_and_map_properties() -> None:
    board = load_tmx(BOARDS / "external_tsx.tmx")
    assert board.spaces == load_tmx(BOARDS / "hex_y_odd.tmx").spaces
    assert board.properties["title"] == "External"
    assert board.title("de") == "Extern"
    assert board.title("es") == "External"     # no title_es: falls back
    assert board.properties["players"] == "2-4"
    assert board.name == "external_tsx"
    assert board.path == str(BOARDS / "external_tsx.tmx")


def test_warnings_for_a_board_in_pieces_and_missing_terrains() -> None:
    report = check_map(BOARDS / "warnings.tmx")   # layer named "Board": any case
    assert report.errors == []
    assert report.board is not None and len(report.board) == 8
    assert any("2 pieces" in w for w in report.warnings)
    missing = [t for t in TERRAINS if any(f"no {t} space" in w for w in report.warnings)]
    assert missing == list(TERRAINS)


def test_validate_board_on_a_sketch() -> None:
    errors, warnings = validate_board(Board.from_rows(["$M", "M.", " $"], name="s"))
    assert errors == ["s: cell 0,0: market has no neighbouring pampas"]
    assert len(warnings) == 4    # forest meadow rock moor missing, one piece


def symmetric_board() -> Board:
    report = check_map(ROOT / "maps" / "symmetric.tmx")
    assert report.errors == [] and report.warnings == []
    assert report.board is not None
    return report.board


def test_symmetric_map_is_valid_with_ten_markets_and_four_water_fields() -> None:
    board = symmetric_board()
    assert len(board.markets) == 10
    assert len(board.water_fields) == 4
    assert all(len(board.by_space[t]) >= 12 for t in TERRAINS)
    assert len(board.pampas) >= 100
    assert len(board.pieces) == 1
    assert (board.staggeraxis, board.staggerindex) == ("y", "odd")
    assert board.title() == "Symmetric" and board.title("de") == "Symmetrisch"
    assert board.title("es") == "Simétrico"
    assert board.properties["players"] == "2-5"
    assert board.properties["author"] == "Hacienda project"
    assert board.properties["description"]
    assert set(board.spaces) == set(SPACES)


def test_symmetric_map_is_mirror_symmetric_on_screen() -> None:
    board = symmetric_board()
    centres = {board.layout.center(*c): s
               for c, s in zip(board.cells, board.spaces, strict=True)}
    axis = (min(x for x, _ in centres) + max(x for x, _ in centres)) / 2
    for (x, y), space in centres.items():
        assert centres.get((2 * axis - x, y)) == space, (x, y)
