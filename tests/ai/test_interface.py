"""The one interface every AI seat shares (R50, R60: seats see views only)."""

import os
import pickle
import random
import signal

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


def test_worker_answers_in_order_and_a_stopped_process_is_replaced():
    state = _midgame()
    obs = observe(state, state.current)
    with AIWorker() as worker:
        first, second = worker.think("random", obs, 1), worker.think("random", obs, 2)
        assert second.result(timeout=60) == choose_action("random", obs, 2)
        assert first.result(timeout=60) == choose_action("random", obs, 1)
        worker._process.terminate()
        worker._process.join(timeout=10)
        again = worker.think("random", obs, 3)       # a new process takes over
        assert again.result(timeout=60) == choose_action("random", obs, 3)


def test_a_thought_whose_process_dies_is_answered_by_a_fresh_one():
    """A worker killed mid-think is replaced and the request sent
    again; the answer is the one the seat would have given (same seed)."""
    state = _midgame()
    obs = observe(state, state.current)
    with AIWorker() as worker:
        worker.think("random", obs, 1).result(timeout=60)     # the process is up
        os.kill(worker._process.pid, signal.SIGSTOP)          # it cannot answer now
        pending = worker.think("random", obs, 2)
        assert not pending.done()
        os.kill(worker._process.pid, signal.SIGKILL)
        assert pending.result(timeout=60) == choose_action("random", obs, 2)
        assert pending.notice is None and worker.restarts == 1


def test_a_failing_seat_reports_its_error_and_the_process_goes_on():
    from hacienda_game.ai.worker import AIError

    state = _midgame()
    obs = observe(state, state.current)
    with AIWorker() as worker:
        with pytest.raises(AIError, match="unknown AI level 'nobody'"):
            worker.think("nobody", obs, 1).result(timeout=60)
        assert worker.think("random", obs, 1).result(timeout=60) == choose_action(
            "random", obs, 1)
