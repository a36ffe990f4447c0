"""The AI's board-relative constants (docs/ai.md, "Constants and the board"):
each is derived from the board, is what it was on the symmetric and
asymmetric boards, and scales on others."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacienda_game.ai.evaluate import MEDIUM, REACH_DEPTH, board_info, evaluate, market_gap
from hacienda_game.ai.projection import board_facts
from hacienda_game.engine import load_scenario, new_game
from hacienda_game.maps.board import Board


def _row_board(pampas: int) -> Board:
    """Two markets with ``pampas`` pampas hexes between them in one row, and a
    forest space under the first market (a land tile there reaches the row)."""
    return Board.from_rows(["$" + "." * pampas + "$", "F"], name=f"row{pampas}")


def _state(b: Board):
    seats = [{"score": 0, "money": 20, "hand": {"land": [], "animal": []}, "land": ["0,1"],
              "animals": {}, "haciendas": [], "harvest": []},
             {"score": 0, "money": 20, "hand": {"land": [], "animal": []}, "land": [],
              "animals": {}, "haciendas": [], "harvest": []}]
    return load_scenario({"format": "hacienda-scenario/1", "players": 2, "seed": 1,
                          "start_player": 0, "current_player": 0, "seats": seats}, board=b)


@pytest.mark.parametrize("name", ["symmetric", "asymmetric"])
def test_reach_depth_is_three_on_the_tables_boards(name):
    """Where the constant was 3 (every board until it was derived), the
    derived depth is 3 on the symmetric and asymmetric boards."""
    assert board_info(new_game(name, 2, seed=1).board).reach_depth == 3 == REACH_DEPTH


def test_reach_depth_follows_the_markets_spacing():
    """Markets further apart are counted further out: the depth is the
    pampas steps between neighbouring markets."""
    depths = [market_gap(b, board_info(b).markets_next)
              for b in (_row_board(1), _row_board(2), _row_board(5), _row_board(8))]
    assert depths == [1, 2, 5, 8]
    assert [board_info(new_game(m, 2, seed=1).board).reach_depth
            for m in ("everest", "pinwheel", "eight")] == [4, 5, 2]


def test_a_board_without_joined_markets_keeps_the_default_depth():
    """A board whose markets no pampas path joins: the default."""
    b = Board.from_rows(["$.F.$"], name="cut")
    assert board_info(b).reach_depth == REACH_DEPTH


def test_projection_counts_a_market_as_far_as_the_board_spaces_them():
    """On a board whose markets lie 5 pampas apart, hard's projection counts
    the far market 5 steps out (a fixed depth of 3 saw only the near one,
    which the land tile's free pampas touches)."""
    assert board_facts(_state(_row_board(5)))[0].reach == [1, 5]
    assert board_facts(_state(_row_board(2)))[0].reach == [1, 2]


def test_the_older_evaluation_takes_the_boards_depth_when_asked():
    """Medium's evaluation counts 3 steps unless its weights ask for the
    board's depth (0): then a market 5 steps out counts too."""
    state = _state(_row_board(5))
    fixed = evaluate(state, 0, MEDIUM)
    board = evaluate(state, 0, replace(MEDIUM, reach_depth=0))
    assert MEDIUM.reach_depth == 3
    assert board > fixed
