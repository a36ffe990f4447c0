"""What keeps a search cheap without changing what it decides: the cycle
collector is paused while a seat thinks and left as it was after."""

import gc
import random

import pytest

from hacienda_game.ai import HardSeat, MediumSeat
from hacienda_game.engine import observe
from tests.helpers_ai import turn_start


class _Watching(HardSeat):
    """Hard, noting whether the collector ran while it thought."""

    def think(self, state, rng, clock):
        self.collector_on = gc.isenabled()
        return super().think(state, rng, clock)


def _obs():
    state = turn_start(5, 3, 70)
    return observe(state, state.current)


def test_the_collector_is_paused_while_a_seat_thinks_and_on_again_after():
    seat = _Watching()
    assert gc.isenabled()
    seat.choose(_obs(), random.Random(1))
    assert seat.collector_on is False
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off():
    gc.disable()
    try:
        MediumSeat().choose(_obs(), random.Random(1))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_seat_that_fails_turns_the_collector_on_again():
    class Failing(HardSeat):
        def think(self, state, rng, clock):
            raise RuntimeError("no move")

    with pytest.raises(RuntimeError):
        Failing().choose(_obs(), random.Random(1))
    assert gc.isenabled()
