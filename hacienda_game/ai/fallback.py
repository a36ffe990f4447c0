"""A seat's decision that cannot end a game: the one place every game loop
(the client's AI worker, the text game, the network host, the tournament)
asks an AI seat for its move.

A seat whose code raises, or whose answer is not among the legal actions of
its own view, is replaced for that move by a legal one (uniform from the
seat's view and seed, as the worker's deadline does), and the decision says
why, so the loop logs it and tells the player.  A seat that answers well
decides exactly as ``choose_action`` does: this module decides nothing of its
own (the tournament's fingerprint leaves it out, like the worker).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action, Observation, determinize
from .base import Budget, choose_action, make_seat


@dataclass(frozen=True)
class Decision:
    """The move to play; ``problem``: None when it is the seat's own answer,
    else why the seat's answer was replaced (for the log)."""

    action: Action
    problem: str | None = None


def fallback_move(obs: Observation, seed: int) -> Action:
    """A legal move from the seat's own view at once (uniform, from the seed)."""
    rng = random.Random(seed)
    return rng.choice(determinize(obs, rng).legal_actions())


def is_legal_for(obs: Observation, action: object) -> bool:
    """Whether ``action`` is legal for the seat to move, judged from its own
    view (legality never depends on what the seat cannot see)."""
    if not isinstance(action, Action):
        return False
    return determinize(obs, random.Random(0)).is_legal(action)


def decide(level: str, obs: Observation, seed: int, budget: Budget | None = None) -> Decision:
    """The seat's move, or a legal fallback if the seat raised or answered an
    illegal move.  Asking a seat that is not to move, after the game's end or
    of an unknown level is the caller's mistake and raises ``ValueError``."""
    if obs.over:
        raise ValueError("the game is over: there is nothing to choose")
    if obs.current != obs.seat:
        raise ValueError(f"seat {obs.seat} is not the player to move ({obs.current})")
    make_seat(level)                          # an unknown level: ValueError, as choose_action
    return decide_with(lambda: choose_action(level, obs, seed, budget), obs, seed,
                       f"the {level} seat")


def decide_with(choose: Callable[[], object], obs: Observation, seed: int,
                who: str) -> Decision:
    """``choose()``'s move (any seat's code, such as a tool's reference bot),
    or a legal fallback if it raised or answered an illegal move; ``who``
    names the seat in the problem's words."""
    try:
        action = choose()
    except Exception as exc:  # noqa: BLE001 - any failure of a seat's own code: the game goes on
        problem = f"{who} failed: {type(exc).__name__}: {exc}"
    else:
        if isinstance(action, Action) and is_legal_for(obs, action):
            return Decision(action)
        problem = f"{who} answered an illegal move: {str(action)[:80]!r}"
    return Decision(fallback_move(obs, seed), problem)
