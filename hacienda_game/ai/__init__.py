"""AI seats: each chooses the next action from what its seat can see.

    from hacienda_game.ai import choose_action, levels, Budget
    action = choose_action("random", observe(state, state.current), seed=7)

``AIWorker`` runs the same call in another process for the client.
"""

from .base import SEATS, Budget, RandomSeat, Seat, choose_action, levels, make_seat
from .worker import AIWorker

__all__ = ["SEATS", "AIWorker", "Budget", "RandomSeat", "Seat", "choose_action", "levels",
           "make_seat"]
