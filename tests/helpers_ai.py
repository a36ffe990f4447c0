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


def sampled_positions(count: int, maps: tuple[str, ...], most_players: int = 5,
                      steps: tuple[int, int] = (3, 25), seed: int = 0, variants=()):
    """``count`` positions of random games (one game per seed, on the maps in
    turn, 2 to ``most_players`` players; ``variants(seed)`` gives a game's
    variants), each ``steps`` random actions after the last, with the game's
    random generator: (state, rng) pairs."""
    made = 0
    while made < count:
        rng = random.Random(seed)
        state = new_game(maps[seed % len(maps)], players=2 + seed % (most_players - 1),
                         seed=seed, variants=variants(seed) if callable(variants) else variants)
        seed += 1
        while made < count and not state.is_over():
            for _ in range(rng.randrange(*steps)):
                if state.is_over():
                    break
                state.apply(state.random_action(rng))
            if not state.is_over():
                made += 1
                yield state, rng


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
