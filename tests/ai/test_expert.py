"""Expert's own projection (hacienda_game/ai/expert.py): how it counts the end
of the game (R40) and the cards in hand, against hard's."""

import random

import pytest

from hacienda_game.ai.expert import EXPERT, ExpertProjection, ExpertSeat
from hacienda_game.ai.projection import HARD2, project
from hacienda_game.ai.strategies import HardSeat, grown_widths
from hacienda_game.engine import new_game
from tests.helpers_ai import LONE


def _positions(players: int, seed: int):
    rng = random.Random(seed)
    state = new_game("symmetric", players=players, seed=seed)
    while not state.is_over():
        yield state
        state.apply(rng.choice(state.legal_actions()))


def _seat_positions(games, every: int):
    """(state, seat) for every seat at each ``every``-th position of random
    games, one per (players, seed) of ``games``."""
    for players, seed in games:
        for i, state in enumerate(_positions(players, seed)):
            if i % every == 0:
                for q in range(players):
                    yield state, q


def test_r40_at_its_defaults_the_expert_projection_is_hards_value_for_value():
    plain = ExpertProjection()
    n = 0
    for state, q in _seat_positions(((2, 1), (4, 2)), 7):
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
    # Random seats go broke and stall the game without lone harvests (R39).
    state = new_game("symmetric", players=3, seed=8, variants=LONE)
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


def test_r40_cards_that_cannot_be_played_before_the_intermediate_scoring_do_not_count_for_it():
    """Before the intermediate scoring hard counts every card in hand for both
    scorings to come; expert (``mid_scoring`` 0) counts only the cards the
    rounds left in the first stack let it play (two a round) for both, and
    the rest as cards held into the last stack."""
    state = new_game("symmetric", players=4, seed=11)
    seat = state.current
    state.seats[seat].land_hand = [2, 2, 2, 2, 1, 1]          # 10 land cards
    state.seats[seat].animal_hand = [1, 1, 0, 0]              # 2 animal cards
    assert state.stack == 1 and state.scorings_done == 0
    plain = ExpertProjection(race=3.0, final_card=0.5, final_animal=1.0, last_round=0.0)
    rounds = EXPERT.rounds(state)
    # a whole first stack to go: every card can still be played before the scoring
    assert EXPERT.hand(state, seat, 2, 1.0, rounds) == pytest.approx(
        plain.hand(state, seat, 2, 1.0, rounds))
    # two animal cards left in the first stack: few of the twelve can be played in time
    near = state.clone()
    near.animal_draw = near.animal_draw[:2]
    rounds = EXPERT.rounds(near)
    first = 2.0 * min(rounds * 2 / (2 + len(near.animal_waiting)), 2 / EXPERT.mid_race) + 1.0
    # the cards that count at all: two rounds' plays of each kind (Projection.counted)
    land, animal = EXPERT.counted(near, seat, rounds)
    assert (land, animal) == (min(10, 2.0 * min(rounds, EXPERT.hand_rounds) + 1.0), 2)
    assert first < land + animal
    full = plain.land_card * land + plain.animal_card * animal
    held = plain.land_card * plain.final_card * land + plain.animal_card * animal
    share = first / (land + animal)
    assert EXPERT.hand(near, seat, 2, 1.0, rounds) == pytest.approx(
        2 * share * full + (1 - share) * held)
    assert EXPERT.hand(near, seat, 2, 1.0, rounds) < plain.hand(near, seat, 2, 1.0, rounds)
    # ``mid_scoring`` 1 is hard's count; after the intermediate scoring nothing changes
    assert EXPERT.with_values(mid_scoring=1.0).hand(near, seat, 2, 1.0, rounds) == \
        pytest.approx(plain.hand(near, seat, 2, 1.0, rounds))
    assert EXPERT.hand(near, seat, 1, 1.0, rounds) == plain.hand(near, seat, 1, 1.0, rounds)


def test_expert_weighs_the_best_opponent_more_than_the_field():
    """A 4-player game is won above the best opponent: expert's position value
    is its projection minus 0.85 of the best opponent's and 0.15 of the
    opponents' mean (hard: 0.6 and 0.4).  In a 2-player game the best opponent
    is the only one, so the blend changes nothing there."""
    assert EXPERT.best_opponent == 0.85 > HARD2.best_opponent
    same = EXPERT.with_values(best_opponent=HARD2.best_opponent)
    apart = 0
    for state, q in _seat_positions(((4, 9), (2, 10)), 9):
        every = EXPERT.seat_values(state)
        mine = every.pop(q)
        best, mean = max(every), sum(every) / len(every)
        assert project(state, q, EXPERT) == pytest.approx(mine - 0.85 * best - 0.15 * mean)
        gap = project(state, q, same) - project(state, q, EXPERT)
        assert gap == pytest.approx(0.25 * (best - mean))
        if state.players == 2:
            assert gap == pytest.approx(0.0)
        apart += gap > 1e-9
    assert apart > 10          # the blend matters in the 4-player positions
