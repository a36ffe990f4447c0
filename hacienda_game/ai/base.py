"""What every AI seat is: observation + budget + seeded RNG -> next action.

A seat never receives the full game state, only ``observe(state, seat)``;
it fills in what it cannot see with ``determinize`` (cards dealt at random,
consistent with what it has seen), so two states that differ only in
hidden information give the same decision for the same seed.
"""

from __future__ import annotations

import gc
import hashlib
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from ..engine import Action, Observation, determinize


@dataclass(frozen=True)
class Budget:
    """How long a seat may think: wall-clock seconds, iterations, or both
    (whichever runs out first).  ``None`` in both means the level's default."""

    seconds: float | None = None
    iterations: int | None = None


_pause_lock = threading.Lock()
_pauses = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a seat thinks, as it was after.

    A search makes and drops tens of thousands of small states, all freed by
    reference counting (they hold no cycles); the collector, run every few
    hundred allocations, walked the caches and the game's history each time
    and took a third of a decision's CPU time (measured, docs/ai.md).
    Nested and concurrent decisions share one pause: the last to finish
    turns the collector back on if it was on before the first began."""
    global _pauses, _was_enabled
    with _pause_lock:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()


class Seat(Protocol):
    level: str

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        """The action this seat plays next.  ``obs.current == obs.seat``."""
        ...


class RandomSeat:
    """Uniform over the legal actions: the baseline the others must beat."""

    level = "random"

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        return rng.choice(determinize(obs, rng).legal_actions())


SEATS: dict[str, Callable[[], Seat]] = {"random": RandomSeat}
# Levels kept only to measure against (not offered in a game's setup).
FROZEN: set[str] = set()


def levels(frozen: bool = False) -> tuple[str, ...]:
    """The AI levels offered to players, weakest first; with ``frozen`` also
    the levels kept for measurements (e.g. ``hard-v1``)."""
    return tuple(k for k in SEATS if frozen or k not in FROZEN)


def make_seat(level: str) -> Seat:
    try:
        return SEATS[level]()
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; choose one of "
                         f"{', '.join(SEATS)}") from None


def decision_seed(ai_seed: int, seat: int, move: int) -> int:
    """The seed of one AI decision: from the table's AI seed (never the game
    seed), the seat and the move number (actions so far), so a resumed game
    decides exactly as the first run did, and one seat's seeds say nothing
    about another's or about the deal."""
    digest = hashlib.blake2b(f"hacienda-ai/{ai_seed}/{seat}/{move}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def choose_action(level: str, obs: Observation, seed: int,
                  budget: Budget | None = None) -> Action:
    """One decision, reproducible from (level, observation, seed, budget)."""
    if obs.over:
        raise ValueError("the game is over: there is nothing to choose")
    if obs.current != obs.seat:
        raise ValueError(f"seat {obs.seat} is not the player to move ({obs.current})")
    return make_seat(level).choose(obs, random.Random(seed), budget)
