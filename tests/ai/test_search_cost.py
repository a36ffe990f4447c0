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


def test_the_groups_candidates_read_are_the_chains_and_herds_on_the_board():
    """Harvest and hacienda candidates look a hex's group up in the state's
    cached chains and herds: the same group `chain_at` finds, for every own
    piece, in positions of 2 to 4 seats."""
    from hacienda_game.ai.moves import _own_groups
    from hacienda_game.engine import EMPTY, WATER

    checked = 0
    for seed, players in ((5, 3), (6, 4), (7, 2)):
        state = turn_start(seed, players, 120)
        for seat in range(state.players):
            groups = _own_groups(state, seat)
            for h, (k, o) in enumerate(zip(state.kind, state.owner, strict=True)):
                if k not in (EMPTY, WATER) and o == seat:
                    assert groups[h] == state.chain_at(h)
                    checked += 1
            assert all(state.owner[h] == seat for h in groups)
    assert checked > 20
