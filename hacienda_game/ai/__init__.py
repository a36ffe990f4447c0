"""AI seats: each chooses the next action from what its seat can see.

    from hacienda_game.ai import choose_action, levels, Budget
    action = choose_action("hard", observe(state, state.current), seed=7)

Levels, weakest first: random, easy, medium, hard (see strategies.py and
docs/ai.md).  ``AIWorker`` runs the same call in another process for the client.
"""

from .base import SEATS, Budget, RandomSeat, Seat, choose_action, decision_seed, levels, make_seat
from .strategies import EasySeat, HardSeat, MediumSeat
from .worker import AIWorker

SEATS.update(easy=EasySeat, medium=MediumSeat, hard=HardSeat)

__all__ = ["SEATS", "AIWorker", "Budget", "EasySeat", "HardSeat", "MediumSeat", "RandomSeat",
           "Seat", "choose_action", "decision_seed", "levels", "make_seat"]
