"""AI seats: each chooses the next action from what its seat can see.

    from hacienda_game.ai import choose_action, levels, Budget
    action = choose_action("hard", observe(state, state.current), seed=7)

Levels, weakest first: random, easy, medium, hard, expert (see strategies.py, expert.py and
docs/ai.md).  ``AIWorker`` runs the same call in another process for the client.
"""

from .base import (
                   FROZEN,
                   SEATS,
                   Budget,
                   RandomSeat,
                   Seat,
                   choose_action,
                   decision_seed,
                   levels,
                   make_seat,
)
from .expert import ExpertSeat
from .strategies import EasySeat, HardSeat, HardV1Seat, MediumSeat
from .worker import AIWorker

SEATS.update({"easy": EasySeat, "medium": MediumSeat, "hard": HardSeat, "expert": ExpertSeat,
              "hard-v1": HardV1Seat})
FROZEN.add("hard-v1")

__all__ = ["FROZEN", "SEATS", "AIWorker", "Budget", "EasySeat", "ExpertSeat", "HardSeat",
           "HardV1Seat", "MediumSeat", "RandomSeat", "Seat", "choose_action", "decision_seed",
           "levels", "make_seat"]
