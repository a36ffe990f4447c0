"""The one interface every AI seat shares (R50, R60: seats see views only)."""

import pickle
import random

import pytest

from hacienda_game.ai import AIWorker, Budget, choose_action, levels, make_seat
from hacienda_game.engine import new_game, observe


def _midgame(seed: int = 3, steps: int = 60):
    state = new_game("symmetric", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(state.random_action(rng))
    return state


def test_observation_pickles_for_the_worker_process():
    obs = observe(_midgame(), 0)
    assert pickle.loads(pickle.dumps(obs)) == obs


@pytest.mark.parametrize("level", levels())
def test_every_level_returns_a_legal_action(level):
    state = _midgame()
    action = choose_action(level, observe(state, state.current), seed=1,
                           budget=Budget(iterations=50))
    assert state.is_legal(action)


def test_unknown_level_is_refused_clearly():
    with pytest.raises(ValueError, match="unknown AI level 'grandmaster'"):
        make_seat("grandmaster")


def test_a_seat_not_to_move_is_refused():
    state = _midgame()
    other = (state.current + 1) % state.players
    with pytest.raises(ValueError, match="not the player to move"):
        choose_action("random", observe(state, other), seed=1)


def test_worker_process_gives_the_same_decision_as_in_process():
    state = _midgame()
    obs = observe(state, state.current)
    with AIWorker() as worker:
        future = worker.think("random", obs, 11)
        assert future.result(timeout=60) == choose_action("random", obs, 11)
