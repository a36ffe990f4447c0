"""Medium keeps itself able to act (R16: no action may make money negative).

The evaluation prices a card in hand above the pesos it costs, so medium
used to spend its last pesos on a card played at once and be left with 0
pesos, no card and nothing to harvest: every later turn it could only end
(103 of 597 turns of eight 3-seat medium games on the symmetric map, seeds
1-8, 400 iterations; 0 of 495 with the reserve; measured 3 Dec 2026)."""

import random

import pytest

from hacienda_game.ai import Budget
from hacienda_game.ai.strategies import MediumSeat, stranded
from hacienda_game.engine import components as C
from hacienda_game.engine import new_game, observe


def _broke(seed: int, money: int):
    """A new 3-seat game whose first seat holds ``money`` pesos and no cards
    (its cards go to the discards, so every card is still counted)."""
    state = new_game("symmetric", 3, seed)
    seat = state.current
    s = state.seats[seat]
    s.money = money
    for i, n in enumerate(s.land_hand):
        state.land_discard.extend([C.LAND_CARDS[i]] * n)
        s.land_hand[i] = 0
    for i, n in enumerate(s.animal_hand):
        state.animal_discard.extend([C.ANIMALS[i]] * n)
        s.animal_hand[i] = 0
    return state, seat


def _could_act_next_turn(state, seat: int) -> bool:
    turn = state.clone()
    turn.current, turn.actions_taken = seat, 0
    turn.harvested = turn.bought_hacienda = turn.bought_water = False
    return any(kind != "end" for kind in turn.legal_kinds())


def test_stranded_is_only_ending_left():
    state, seat = _broke(1, 0)
    assert stranded(state, seat) and [a.kind for a in state.legal_actions()] == ["end"]
    state.seats[seat].money = C.PRICE_BLIND
    assert not stranded(state, seat)
    state.seats[seat].money = 1
    state.seats[seat].land_hand[0] = 1                # a land card it can play
    assert not stranded(state, seat)


@pytest.mark.parametrize(("seed", "money"), [(1, 2), (3, 3), (6, 2)])
def test_r16_medium_does_not_spend_itself_into_only_ending_turns(seed, money):
    """2 or 3 pesos and no cards: medium used to buy a land card and play it,
    and had nothing left; now it ends its turn still able to act."""
    state, seat = _broke(seed, money)
    medium, rng = MediumSeat(), random.Random(seed)
    while state.current == seat:
        state.apply(medium.choose(observe(state, seat), rng, Budget(iterations=400)))
    assert _could_act_next_turn(state, seat), state.history_text()
