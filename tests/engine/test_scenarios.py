"""Scenarios (CONTRACTS §3): set up as written, refused with every reason when not."""

import json
from pathlib import Path

import pytest

from hacienda_game.engine import ScenarioError, load_scenario, observe
from hacienda_game.engine.components import LAND_DECK, LAND_HAND
from hacienda_game.maps import Board

ROWS = ["F.$..", ".~..G", "..R.$", "MB..."]


def base(**extra) -> dict:
    data = {"format": "hacienda-scenario/1", "map": "symmetric", "players": 2, "seed": 1,
            "variants": [], "current_player": 0, "seats": []}
    data.update(extra)
    return data


@pytest.fixture
def board() -> Board:
    return Board.from_rows(ROWS, name="scenario-test")


def refusal(board: Board, **extra) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario(base(**extra), board=board)
    return str(info.value)


def test_r61_scenario_sets_up_exactly_what_it_says(board):
    state = load_scenario(base(seats=[
        {"money": 7, "hand": {"land": ["forest"], "animal": ["pig", "pig"]},
         "land": ["0,0", "1,0"], "animals": {"pig": ["0,1"]}, "haciendas": ["0,0"],
         "harvest": ["1,0"], "score": 12},
    ], water=[["3,1"], ["3,0", "4,0"]], current_player=1, start_player=1), board=board)
    s0 = state.seats[0]
    assert (s0.money, s0.score) == (7, 12)
    assert s0.land_cards == {"forest": 1} and s0.animal_cards == {"pig": 2}
    assert state.piece_at("0,0") == ("land", 0) and state.piece_at("0,1") == ("pig", 0)
    assert state.haciendas == [board.hex_of("0,0")] and state.chips == [board.hex_of("1,0")]
    assert state.piece_at("3,0") == ("water", -1) and len(state.water_tiles) == 3
    assert state.current == 1 and state.start_player == 1
    # Seat 1 was not given a hand: it is dealt one from the seed (R9).
    assert sum(state.seats[1].land_hand) == LAND_HAND


def test_r1_scenario_hands_leave_the_deck(board):
    state = load_scenario(base(seats=[{"hand": {"land": ["forest"] * 14}}]), board=board)
    elsewhere = state.land_deck + [c for c in state.land_face_up if c]
    assert "forest" not in elsewhere
    assert state.seats[1].land_hand[1] == 0            # no forest left to deal
    total = sum(sum(s.land_hand) for s in state.seats) + len(state.land_deck) + 4
    assert total == sum(LAND_DECK.values())


@pytest.mark.parametrize(("extra", "reason"), [
    ({"seats": [{"land": ["2,0"]}]}, "2,0 is a market"),
    ({"seats": [{"land": ["1,1"]}]}, "1,1 is a water"),
    ({"seats": [{"land": ["0,0"]}, {"land": ["0,0"]}]}, "0,0 holds two pieces"),
    ({"seats": [{"land": ["9,9"]}]}, "9,9 is not a hex"),
    ({"seats": [{"animals": {"pig": ["0,0"]}}]}, "animals go on pampas"),
    ({"seats": [{"animals": {"dragon": ["1,0"]}}]}, "unknown animal 'dragon'"),
    ({"seats": [{"haciendas": ["1,0"]}]}, "not the seat's own tile or token"),
    ({"seats": [{"land": ["1,0"]}, {"harvest": ["1,0"]}]}, "not the seat's own land tile"),
    ({"seats": [{"money": -1}]}, "money must be"),
    ({"seats": [{"hand": {"land": ["forest"] * 15}}]}, "more forest land cards"),
    ({"players": 6}, "players must be 2-5"),
    ({"variants": ["giants"]}, "unknown variant 'giants'"),
    ({"water": [["2,1", "4,1"]]}, "not the shape of a water tile"),
    ({"water": [["0,0"]]}, "0,0 is not pampas"),
    ({"current_player": 3}, "current_player must be 0-1"),
    ({"format": "hacienda-scenario/9"}, "format must be"),
    ({"colour": "red"}, "unknown keys: colour"),
])
def test_r61_inconsistent_scenario_is_refused_with_the_reason(board, extra, reason):
    assert reason in refusal(board, **extra)


def test_r61_every_problem_is_listed_at_once(board):
    with pytest.raises(ScenarioError) as info:
        load_scenario(base(seats=[{"land": ["2,0", "9,9"], "money": -3}]), board=board)
    assert len(info.value.problems) == 3


def test_scenario_file_names_its_map_relative_to_itself(tmp_path):
    (tmp_path / "boards").mkdir()
    boards = Path(__file__).resolve().parents[1] / "boards"
    for name in ("hex_y_odd.tmx", "hacienda.png"):
        (tmp_path / "boards" / name).write_bytes((boards / name).read_bytes())
    path = tmp_path / "s.json"
    path.write_text(json.dumps(base(map="boards/hex_y_odd.tmx")), encoding="utf-8")
    state = load_scenario(path)
    assert state.board.path and state.board.path.endswith("hex_y_odd.tmx")
    assert observe(state, 0).seat == 0


@pytest.mark.parametrize("text", ["", "{", "[1]", '{"players": 2, "map": "no_such_map"}'])
def test_r61_unreadable_scenario_file_is_refused(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError):
        load_scenario(path)
