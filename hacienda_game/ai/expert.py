"""The expert level: hard's search on its own count of the end, then a wider re-check.

Expert lives in its own module, apart from the levels below it, so that work
on expert alone leaves the code of easy, medium and hard untouched: the
strength tables (`tools/tournament.py --log`) fingerprint the code of the
levels they seat, and a table without an expert seat does not digest this
file.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState
from .base import Budget
from .projection import Projection
from .strategies import HardSeat


@dataclass(frozen=True)
class ExpertProjection(Projection):
    """Hard's projection with expert's own count of the end of the game.  With
    both knobs at their defaults it is hard's projection, value for value.

    - ``race``: in the last stack (R40), the rounds left are at most the
      animal cards left divided by ``race``: any seat can end the game by
      buying up to three a turn, and the leader will.  Hard's pace, measured
      over the game so far, saw 12 rounds to go where 3 were left, so every
      seat bought land cards it never played.
    - ``final_card``: cards in hand in the last stack count this share of
      hard's value (a card left in hand at the final scoring is worth
      nothing, and playing it takes an action).
    """

    race: float = 0.0
    final_card: float = 1.0

    def rounds(self, state: GameState) -> float:
        rounds = super().rounds(state)
        if self.race and state.stack == 2 and not state.final_due and not state.over:
            rounds = min(rounds, max(0.5, len(state.animal_draw) / self.race))
        return rounds

    def hand(self, state: GameState, seat: int, ahead: int, soon: float,
             rounds: float) -> float:
        value = super().hand(state, seat, ahead, soon, rounds)
        return value * self.final_card if ahead == 1 else value


# Measured with tools/ai_categories.py, hardX (hard with these knobs) against
# hard in the same 4-player games with two medium seats: +3.4 points a game
# (standard error 3.8) on game seeds 1200-1223, +1.7 (3.8) on 1300-1323: a
# lean, not yet clear of the noise (docs/ai.md, "Expert's count of the end").
EXPERT = ExpertProjection(race=3.0, final_card=0.5)


class ExpertSeat(HardSeat):
    """Hard's search on expert's projection (`EXPERT`: the end of the game
    counted as a race in the last stack, cards in hand there worth half),
    then its best first actions re-checked on several fresh determinizations
    (other hands, decks) with the rest of its turn played out and one greedy
    reply turn by every opponent, valued by the projection."""

    level = "expert"
    default = Budget(seconds=20.0, iterations=70)
    first = 4             # first actions re-checked

    def __init__(self, weights: Projection = EXPERT):
        super().__init__(weights)

    @staticmethod
    def worlds(iterations: int | None, first_of_turn: bool) -> int:
        """Determinizations per re-check: growing with the budget, half as
        many later in a turn (the opponents' replies are the same)."""
        n = max(1, min(8, (70 if iterations is None else iterations) // 16))
        return n if first_of_turn else max(1, n // 2)


__all__ = ["EXPERT", "ExpertProjection", "ExpertSeat"]
