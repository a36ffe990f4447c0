"""How many players a game seats is one range (R9), the engine's, that every
room checks against."""

from __future__ import annotations

import pytest

from hacienda_game.engine import PLAYER_COUNTS, ScenarioError, new_game
from hacienda_game.maps.catalog import ALL_PLAYERS
from hacienda_game.session import saves
from hacienda_game.session.choices import PLAYERS_TEXT, parse_seats
from hacienda_game.session.plan import GamePlan, SeatPlan


def test_r9_one_range_of_player_counts():
    assert list(PLAYER_COUNTS) == [2, 3, 4, 5] and PLAYERS_TEXT == "2-5"
    # The maps room sits below the engine: its default range is the same one.
    assert (PLAYER_COUNTS[0], PLAYER_COUNTS[-1]) == ALL_PLAYERS


@pytest.mark.parametrize("players", [PLAYER_COUNTS[0] - 1, PLAYER_COUNTS[-1] + 1])
def test_r9_every_room_refuses_a_count_outside_the_range(players):
    with pytest.raises(ValueError, match=f"{PLAYERS_TEXT} seats"):
        parse_seats(",".join(["easy"] * players))
    plan = GamePlan("symmetric", [SeatPlan(f"P{i}", "easy", i % 5) for i in range(players)], 1)
    with pytest.raises(ValueError, match=f"{PLAYERS_TEXT} seats"):
        saves.plan_from_dict(saves.plan_to_dict(plan))
    with pytest.raises(ScenarioError):
        new_game("symmetric", players, seed=1)
    for fits in PLAYER_COUNTS:
        assert len(parse_seats(",".join(["easy"] * fits))) == fits
