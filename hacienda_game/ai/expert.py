"""The expert level: hard's search and evaluation, then a wider re-check.

Expert lives in its own module, apart from the levels below it, so that work
on expert alone leaves the code of easy, medium and hard untouched: the
strength tables (`tools/tournament.py --log`) fingerprint the code of the
levels they seat, and a table without an expert seat does not digest this
file.
"""

from __future__ import annotations

from .base import Budget
from .strategies import HardSeat


class ExpertSeat(HardSeat):
    """Hard's search, then its best first actions re-checked on several fresh
    determinizations (other hands, decks) with the rest of its turn played
    out and one greedy reply turn by every opponent, valued by the projection."""

    level = "expert"
    default = Budget(seconds=20.0, iterations=70)
    first = 4             # first actions re-checked

    @staticmethod
    def worlds(iterations: int | None, first_of_turn: bool) -> int:
        """Determinizations per re-check: growing with the budget, half as
        many later in a turn (the opponents' replies are the same)."""
        n = max(1, min(8, (70 if iterations is None else iterations) // 16))
        return n if first_of_turn else max(1, n // 2)


__all__ = ["ExpertSeat"]
