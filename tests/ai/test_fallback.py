"""A seat whose code raises, or answers an illegal move, never ends a game:
every loop asks through ``ai.fallback.decide``, which plays a legal move of
the seat's own view instead and says why."""

from __future__ import annotations

import random
import threading
from multiprocessing.dummy import Pipe

import pytest

from hacienda_game.ai import SEATS, worker
from hacienda_game.ai.fallback import decide, fallback_move
from hacienda_game.engine import new_game, observe, parse_action


class RaisingSeat:
    level = "raising"

    def choose(self, obs, rng, budget=None):
        raise ZeroDivisionError("a bug in the seat")


class IllegalSeat:
    level = "illegal"

    def choose(self, obs, rng, budget=None):
        return parse_action("play pig 0,0")           # never legal at the start


class NotAnActionSeat:
    level = "odd"

    def choose(self, obs, rng, budget=None):
        return "end"                                  # a string, not an Action


@pytest.fixture
def broken_levels(monkeypatch):
    for seat in (RaisingSeat, IllegalSeat, NotAnActionSeat):
        monkeypatch.setitem(SEATS, seat.level, seat)


def _positions(n: int = 6):
    state = new_game("symmetric", 3, 4)
    rng = random.Random(4)
    while not state.is_over() and n:
        yield state
        for _ in range(rng.randint(1, 40)):
            if state.is_over():
                break
            state.apply(state.random_action(rng))
        n -= 1


@pytest.mark.parametrize("level", ["raising", "illegal", "odd"])
def test_a_failing_seat_gets_a_legal_move_of_its_view_and_a_reason(broken_levels, level):
    for state in _positions():
        obs = observe(state, state.current)
        decision = decide(level, obs, 11)
        assert state.is_legal(decision.action)
        assert decision.problem and level in decision.problem
        assert decision.action == fallback_move(obs, 11)       # reproducible from the seed


def test_a_seat_that_answers_well_decides_as_choose_action():
    from hacienda_game.ai import choose_action

    for state in _positions():
        obs = observe(state, state.current)
        decision = decide("easy", obs, 5)
        assert decision.problem is None
        assert decision.action == choose_action("easy", obs, 5)


def test_asking_the_wrong_seat_is_the_callers_mistake():
    state = new_game("symmetric", 2, 1)
    with pytest.raises(ValueError):
        decide("random", observe(state, 1 - state.current), 1)
    with pytest.raises(ValueError):
        decide("nobody", observe(state, state.current), 1)


def test_the_worker_process_answers_a_failing_seat_with_a_legal_move(broken_levels):
    """The worker's loop (here on a thread, with the test's seats) never
    answers "failed" for a seat's bug: a legal move and the reason."""
    parent, child = Pipe()
    serving = threading.Thread(target=worker._serve, args=(child,), daemon=True)
    serving.start()
    try:
        assert parent.recv() == ("ready",)
        state = new_game("symmetric", 2, 3)
        for ident, level in enumerate(("raising", "illegal", "random"), 1):
            parent.send((ident, level, observe(state, state.current), 7, None))
            got, ok, action, problem = parent.recv()
            assert got == ident and ok and state.is_legal(action)
            assert (problem is None) == (level == "random")
            state.apply(action)
    finally:
        parent.send(None)
        serving.join(timeout=5)
