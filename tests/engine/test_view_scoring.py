"""Scoring from a seat's view (R41-R47): the screens score and preview from
the `Observation` they hold, and get what the whole state gives."""

from __future__ import annotations

from hacienda_game.engine import observe, score, scoring_hexes
from tests.helpers_ai import LONE, sampled_positions


def test_r41_a_seat_views_scoring_is_the_states():
    seen = 0
    for state, _rng in sampled_positions(60, ("symmetric", "asymmetric"), steps=(5, 40),
                                         variants=lambda s: LONE + (("lakes",) if s % 2 else ())):
        table = score(state)
        hexes = scoring_hexes(state)
        for seat in range(state.players):
            view = observe(state, seat)
            assert score(view) == table
            assert scoring_hexes(view) == hexes
        seen += any(row["total"] for row in table)
    assert seen > 10       # the positions score something: the comparison means something


def test_r44_scoring_hexes_name_a_haciendas_group():
    for state, _rng in sampled_positions(200, ("symmetric",), steps=(20, 60), variants=LONE):
        if state.haciendas:
            break
    h = state.haciendas[0]
    seat = state.owner[h]
    assert h in scoring_hexes(observe(state, 1 - seat if seat < 2 else 0))["haciendas"][seat]
