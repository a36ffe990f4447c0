"""R40: a hard or expert seat that has won ends the game.

Commit 6e12310's hard vs ref-greedy table had games still running after 2,000 turns:
the last animal pile held one card, hard led by hundreds of pesos and
harvested every turn (its lead grew, so playing on looked better than ending
to a search that counts points), and ref-greedy, behind, harvested too.
"""

import random

import pytest

from hacienda_game.ai import Budget, choose_action
from hacienda_game.ai.projection import HARD2
from hacienda_game.ai.projection import lead as lead_of
from hacienda_game.ai.strategies import CLOSE_LEAD, close_out
from hacienda_game.engine import new_game, observe
from tests.helpers_ai import LONE


def _last_pile_state():
    """A game of random moves (animal cards kept scarce) stopped at the first
    turn start where buying an animal card uses up stack 2."""
    rng = random.Random(3)
    # Random seats go broke and stall the game without lone harvests (R39).
    state = new_game("symmetric", players=2, seed=41, variants=LONE)
    while not state.is_over():
        if (state.stack == 2 and not state.final_due and state.actions_taken == 0
                and len(state.animal_draw) == 1 and state.animal_waiting == []
                and any(a.kind == "buy animal" for a in state.legal_actions())):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game never reached its last animal pile")


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_r40_a_seat_far_ahead_buys_the_last_animal_card(level):
    state = _last_pile_state()
    seat = state.current
    state.seats[seat].score += 200            # far ahead, whatever the board says
    state.seats[seat].money += 300            # and rich enough to play on for ever
    action = choose_action(level, observe(state, seat), 5, Budget(iterations=20))
    assert action.kind == "buy animal"
    state.apply(action)
    assert state.final_due                     # the round is finished, then the final scoring


def test_r40_the_end_is_forced_only_from_a_lead_of_close_lead_points():
    state = _last_pile_state()
    seat = state.current
    ranked = [(0.0, a) for a in state.legal_actions()]
    buys = [a for _, a in ranked if a.kind == "buy animal"]
    lead = min(lead_of(child, seat, HARD2) for a in buys
               for _, child in state.chance_outcomes(a, 64))
    # Scores add to the projection one for one: shift the seat's lead to just
    # below and just above the threshold.
    state.seats[seat].score += round(CLOSE_LEAD - lead) - 1
    assert close_out(state, ranked, HARD2) is None
    state.seats[seat].score += 2
    closing = close_out(state, ranked, HARD2)
    assert closing is not None and closing.kind == "buy animal"
    state.seats[seat].score -= 400            # far behind: never
    assert close_out(state, ranked, HARD2) is None



def _stack_two_state():
    """A turn start in the second animal pile with cards to spare (buying one
    does not end the game)."""
    rng = random.Random(5)
    state = new_game("symmetric", players=2, seed=43, variants=LONE)     # as above (R39)
    while not state.is_over():
        if (state.stack == 2 and not state.final_due and state.actions_taken == 0
                and len(state.animal_draw) >= 4
                and any(a.kind == "buy animal" for a in state.legal_actions())):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game never reached its second animal pile")


def _pass_rounds(state, rounds):
    from hacienda_game.engine.actions import END
    for _ in range(rounds * state.players):
        state.apply(END)


def test_r40_when_nobody_buys_animal_cards_the_leader_moves_the_clock_on():
    from hacienda_game.ai.strategies import STALE_ROUNDS, STUCK_ROUNDS, rounds_without_animal_buy
    state = _stack_two_state()
    seat = state.current
    ranked = [(0.0, a) for a in state.legal_actions()]
    state.seats[seat].score += 200
    assert close_out(state, ranked, HARD2) is None          # the clock moves: nothing to do
    _pass_rounds(state, STALE_ROUNDS)
    assert STALE_ROUNDS <= rounds_without_animal_buy(state) < STUCK_ROUNDS
    ranked = [(0.0, a) for a in state.legal_actions()]
    action = close_out(state, ranked, HARD2)
    assert action is not None and action.kind == "buy animal"
    state.seats[seat].score -= 400                          # far behind: it waits ...
    assert close_out(state, ranked, HARD2) is None
    _pass_rounds(state, STUCK_ROUNDS - STALE_ROUNDS)
    ranked = [(0.0, a) for a in state.legal_actions()]
    action = close_out(state, ranked, HARD2)                # ... until the table is stuck
    assert action is not None and action.kind == "buy animal"
    before = len(state.animal_draw) + len(state.animal_waiting)
    state.apply(action)
    assert rounds_without_animal_buy(state) == 0
    assert len(state.animal_draw) + len(state.animal_waiting) <= before
