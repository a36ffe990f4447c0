"""The coach (ai/coach.py): hard's best action for a seat with its reason, from
that seat's view only (R60); it never changes the game; key moments."""

import random
import re

from hacienda_game import i18n
from hacienda_game.ai import Budget
from hacienda_game.ai.coach import Reason, advise, key_moments, reason_for, words
from hacienda_game.engine import determinize, load_scenario, new_game, observe
from hacienda_game.maps.landmarks import where
from tests.helpers_ai import turn_start

SMALL = Budget(iterations=4)


def test_the_hint_never_changes_the_state():
    state = turn_start(4)
    before = state.snapshot()
    obs = observe(state, state.current)
    advice = advise(obs, 3, SMALL)
    assert state.snapshot() == before and observe(state, state.current) == obs
    assert state.is_legal(advice.action)
    assert advice.text and "(R" not in advice.text


def test_r60_the_hint_sees_only_the_seats_view():
    """Two states that differ only in what the seat cannot see give the same
    hint, action, reason and words."""
    for seed in (5, 8):
        real = turn_start(seed)
        seat = real.current
        other = determinize(observe(real, seat), random.Random(50 + seed))
        assert observe(other, seat) == observe(real, seat)
        assert other.snapshot() != real.snapshot()
        assert advise(observe(real, seat), 1, SMALL) == advise(observe(other, seat), 1, SMALL)


def test_the_reason_says_what_the_action_earns_in_the_players_language():
    from tests.ai.test_levels import _market_scenario

    state = load_scenario(_market_scenario())
    market = next(a for a in state.legal_actions() if a.kind == "play animal"
                  and any(state.board.is_market[m]
                          for m in state.board.adjacent[state.board.index[a.cells[0]]]))
    reason = reason_for(state.clone(), market)
    assert reason.kind == "new_market" and reason.params["animal"] == "pig"
    assert reason.params["pesos"] == 2 and reason.params["markets"] == 1
    board = state.board
    text = words(reason, board)
    assert text.endswith("+2 pesos.") and "pig herd" in text
    assert where(board, market.cells[0]) in text and not re.search(r"\d+,\d+", text)
    i18n.set_language("de")
    try:
        assert "Schwein" in words(reason, board) and "+2 Pesos" in words(reason, board)
    finally:
        i18n.set_language("en")
    assert words(Reason("end"), board) == "End your turn: nothing else pays now."


def test_key_moments_are_the_winners_best_turns():
    start = new_game("symmetric", players=2, seed=9)
    state = start.clone()
    rng = random.Random(9)
    while not state.is_over():
        state.apply(state.random_action(rng))
    moments = key_moments(start, list(state.history))
    winner = state.winners()[0]
    assert len(moments) == 3 and all(m.seat == winner for m in moments)
    assert [m.turn for m in moments] == sorted(m.turn for m in moments)
    assert start.history == [] and moments[0].actions
