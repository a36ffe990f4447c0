"""Chance made explicit (R18, R19, R60): what a blind draw can yield from a
seat's view, and the outcomes of an action built by the engine."""

import random

from hacienda_game.engine import determinize, observe, parse_action
from hacienda_game.engine.chance import draw_outcomes, is_blind_draw, unseen_cards
from tests.helpers_ai import turn_start


def _midgame(seed: int):
    return turn_start(seed, 3, 70)


def test_r18_r19_draw_outcomes_weigh_the_unseen_cards():
    state = _midgame(3)
    for item in ("land", "animal"):
        outs = draw_outcomes(state, item)
        assert abs(sum(p for _, p in outs) - 1) < 1e-9
        pool = unseen_cards(state, state.current, item == "land")
        total = sum(pool.values())
        assert {c: round(p * total) for c, p in outs} == pool


def test_r60_chance_outcomes_keep_the_seats_view_and_leave_the_state_alone():
    real = _midgame(5)
    seat = real.current
    state = determinize(observe(real, seat), random.Random(1))
    before = state.snapshot()
    action = parse_action("buy land")
    assert is_blind_draw(state, action)
    outs = state.chance_outcomes(action)
    assert state.snapshot() == before
    assert abs(sum(p for p, _ in outs) - 1) < 1e-9
    drawn = set()
    for p, child in outs:
        assert p > 0
        seen = observe(child, seat)
        base = observe(state, seat)
        # Only the seat's own hand, money, deck size and history moved.
        assert seen.board is base.board and seen.kind == base.kind
        assert seen.land_deck_size == base.land_deck_size - 1
        assert sum(seen.land_hand) == sum(base.land_hand) + 1
        pairs = zip(seen.land_hand, base.land_hand, strict=True)
        diff = [i for i, (a, b) in enumerate(pairs) if a != b]
        drawn.add(diff[0])
        for q in range(state.players):
            if q != seat:
                assert seen.seats[q] == base.seats[q]
    assert len(drawn) == len(outs) == len(unseen_cards(state, seat, True))
    assert len(state.chance_outcomes(action, most=2)) == 2
    (p, child), = state.chance_outcomes(parse_action("end"))
    assert p == 1.0 and child.current != state.current


def test_r21_water_options_are_the_legal_water_placements():
    state = _midgame(7)
    legal = [a.cells for a in state.legal_actions_of("buy water")]
    options = state.water_options()
    if legal:
        assert [cells for _, cells in options] == legal
    for mask, cells in options:
        assert mask == sum(1 << state.board.index[c] for c in cells)
