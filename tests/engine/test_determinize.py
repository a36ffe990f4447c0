"""Determinizing an observation (R60): AI seats guess hidden cards, never see them."""

import random

import pytest

from hacienda_game.engine import determinize, new_game, observe


def positions(seed: int, every: int = 29):
    """Positions along a random game on the symmetric board."""
    players = 2 + seed % 4
    state = new_game("symmetric", players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state
        state.apply(state.random_action(rng))
        step += 1
    yield state


@pytest.mark.parametrize("seed", range(8))
def test_r60_determinized_state_looks_the_same_to_the_seat(seed):
    for state in positions(seed):
        for seat in range(state.players):
            view = observe(state, seat)
            guess = determinize(view, random.Random(seed * 1000 + seat))
            assert observe(guess, seat) == view
            if seat == state.current:
                # What the seat to move may do never depends on the hidden cards.
                assert guess.legal_actions() == state.legal_actions()


def test_r60_determinizing_keeps_known_cards_in_their_hands():
    state = new_game("symmetric", 3, seed=11)
    # The player to move takes a face-up card: everyone knows they hold it.
    buyer = state.current
    card = next(c for c in state.land_face_up if c)
    state.apply(f"buy land {card}")
    view = observe(state, (buyer + 1) % 3)
    for k in range(20):
        guess = determinize(view, random.Random(k))
        assert guess.seats[buyer].land_cards.get(card, 0) >= 1


def test_r60_determinized_hidden_cards_vary_with_the_guess():
    state = new_game("symmetric", 4, seed=5)
    view = observe(state, 0)
    hands = {tuple(determinize(view, random.Random(k)).seats[1].land_hand) for k in range(10)}
    assert len(hands) > 1
