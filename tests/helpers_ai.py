"""Helpers the AI, coach and hint tests share: positions, and an AI answer
that is ready at once (stands in for ``AIWorker``'s ``Thought``)."""

from __future__ import annotations

import random

from hacienda_game.engine import new_game

# Random games go broke without lone harvests and stall (R39); the positions
# the AI tests pin were recorded when every lone tile could be harvested, so
# random play reaches them under the house rule that allows it.
LONE = ("lone_harvest",)


def turn_start(seed: int, players: int = 3, steps: int = 60, variants=LONE):
    """A position at the start of a turn, ``steps`` random actions into a game."""
    state = new_game("symmetric", players=players, seed=seed, variants=variants)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(state.random_action(rng))
    while state.actions_taken:
        state.apply("end")
    return state


class Ready:
    """An answer already there: ``done()`` true, ``result()`` the action."""

    def __init__(self, action):
        self.action = action

    def done(self) -> bool:
        return True

    def result(self, timeout=None):
        return self.action

    def cancel(self) -> None:
        pass
