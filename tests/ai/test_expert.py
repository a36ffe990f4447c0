"""Expert's own projection (hacienda_game/ai/expert.py): how it counts the end
of the game (R40) and the cards in hand, against hard's."""

import random

import pytest

from hacienda_game.ai.expert import EXPERT, ExpertProjection, ExpertSeat
from hacienda_game.ai.projection import HARD2, project
from hacienda_game.ai.strategies import HardSeat, grown_widths
from hacienda_game.engine import new_game


def _positions(players: int, seed: int):
    rng = random.Random(seed)
    state = new_game("symmetric", players=players, seed=seed)
    while not state.is_over():
        yield state
        state.apply(rng.choice(state.legal_actions()))


def test_r40_at_its_defaults_the_expert_projection_is_hards_value_for_value():
    plain = ExpertProjection()
    n = 0
    for players, seed in ((2, 1), (4, 2)):
        for i, state in enumerate(_positions(players, seed)):
            if i % 7:
                continue
            for q in range(players):
                assert project(state, q, plain) == project(state, q, HARD2)
                n += 1
    assert n > 50


def _last_stack(players: int, seed: int):
    for state in _positions(players, seed):
        if state.stack == 2 and state.scorings_done == 1 and not state.final_due \
                and len(state.animal_draw) >= 6:
            return state.clone()
    pytest.skip("no position in the last stack")


def test_r40_in_the_last_stack_the_rounds_left_are_at_most_the_animal_cards_over_race():
    state = _last_stack(4, 3)
    racing = ExpertProjection(race=3.0)
    assert racing.rounds(state) == min(HARD2.rounds(state),
                                       max(0.5, len(state.animal_draw) / 3.0))
    assert racing.rounds(state) <= HARD2.rounds(state)
    for early in _positions(4, 3):                  # the first stack: hard's count
        if early.stack == 1 and early.turn > 8:
            assert racing.rounds(early) == HARD2.rounds(early)
            break


def test_r40_cards_in_hand_count_final_card_and_final_animal_of_their_value_in_the_last_stack():
    state = _last_stack(4, 5)
    seat = max(range(4), key=lambda q: min(sum(state.seats[q].land_hand),
                                           sum(state.seats[q].animal_hand)))
    assert sum(state.seats[seat].land_hand) > 0 and sum(state.seats[seat].animal_hand) > 0
    rounds = HARD2.rounds(state)
    land = HARD2.with_values(animal_card=0.0).hand(state, seat, 1, 1.0, rounds)
    animal = HARD2.with_values(land_card=0.0).hand(state, seat, 1, 1.0, rounds)
    assert land > 0 and animal > 0
    assert HARD2.hand(state, seat, 1, 1.0, rounds) == pytest.approx(land + animal)
    assert ExpertProjection(final_card=0.25).hand(state, seat, 1, 1.0, rounds) == \
        pytest.approx(0.25 * land + animal)
    assert ExpertProjection(final_card=0.5, final_animal=0.25).hand(
        state, seat, 1, 1.0, rounds) == pytest.approx(0.5 * land + 0.25 * animal)
    assert not state.final_due
    assert EXPERT.hand(state, seat, 1, 1.0, rounds) == pytest.approx(
        EXPERT.final_card * land + EXPERT.final_animal * animal)
    # before the intermediate scoring (two scorings to come) the cards count in full
    assert ExpertProjection(final_card=0.25, final_animal=0.25).hand(
        state, seat, 2, 1.0, rounds) == HARD2.hand(state, seat, 2, 1.0, rounds)


def test_expert_spends_its_budget_on_search_width_not_a_re_check():
    """Twice hard's default iterations, so wider search steps, and no re-check
    of the first actions on fresh determinizations (hard keeps its own)."""
    assert ExpertSeat.default.iterations == 2 * HardSeat.default.iterations
    assert grown_widths(ExpertSeat.default.iterations) > grown_widths(HardSeat.default.iterations)
    assert ExpertSeat.worlds(ExpertSeat.default.iterations, True) == 0
    assert HardSeat.worlds(HardSeat.default.iterations, True) >= 1


def test_r40_in_the_last_round_cards_in_hand_are_worth_nothing_to_expert():
    """Once the second pile is out (final_due) the seat's turn is its last:
    a card it keeps scores nothing at the final scoring."""
    rng = random.Random(8)
    state = new_game("symmetric", players=3, seed=8)
    while not state.final_due and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert state.final_due
    seat = state.current
    held = sum(state.seats[seat].land_hand) + sum(state.seats[seat].animal_hand)
    assert held > 0
    rounds = EXPERT.rounds(state)
    assert HARD2.hand(state, seat, 1, 1.0, rounds) > 0
    assert EXPERT.hand(state, seat, 1, 1.0, rounds) == 0.0
    assert ExpertProjection(last_round=0.5).hand(state, seat, 1, 1.0, rounds) == \
        pytest.approx(0.5 * HARD2.hand(state, seat, 1, 1.0, rounds))
