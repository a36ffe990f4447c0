"""The expert level: hard's search, twice as wide, on its own count of the end.

Expert lives in its own module, apart from the levels below it, so that work
on expert alone leaves the code of easy, medium and hard untouched: the
strength tables (`tools/tournament.py --log`) fingerprint the code of the
levels they seat, and a table without an expert seat does not digest this
file.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property

from ..engine import GameState
from .base import Budget
from .moves import HARD_WIDE
from .projection import Projection
from .strategies import HardSeat


@dataclass(frozen=True)
class ExpertProjection(Projection):
    """Hard's projection with expert's own count of the end of the game.  With
    its knobs at their defaults it is hard's projection, value for value.

    - ``race``: in the last stack (R40), the rounds left are at most the
      animal cards left divided by ``race``: any seat can end the game by
      buying up to three a turn, and the leader will.  Hard's pace, measured
      over the game so far, saw 12 rounds to go where 3 were left, so every
      seat bought land cards it never played.
    - ``final_card``: land cards in hand in the last stack count this share
      of hard's value (a card left in hand at the final scoring is worth
      nothing, and playing it takes an action; hard's seats ended games
      holding 9-16 land cards each).
    - ``final_animal``: the same for animal cards.  Left at 1 by `EXPERT`:
      animal cards are bought to be played at markets, whose triangular
      points the final scoring counts again (R42), and buying them is what
      ends the game (R40); halving them cost the knob variants market points.
    - ``last_round``: the share of that worth the cards keep once the last
      round is under way (R40: the second pile is out, the round is
      finished, then the final scoring).  0 in `EXPERT`: that turn is the
      seat's last, and a card it does not play then scores nothing (hard
      still counts a share of them).
    - ``mid_scoring``: before the intermediate scoring (R40), the share of
      it that cards in hand count when they cannot be played before it.
      Hard counts every card in hand for both scorings to come, so near the
      end of the first stack a land card bought is worth two scorings of a
      tile it cannot become before the first: in a traced game of commit
      09ec1d5's expert (table E, game 16) it bought 9 land cards in 3 of its last 4
      turns before that scoring, and at the scoring its projection fell by
      26 points, the leader's by 12.
      0 in `EXPERT`: only the cards the rounds left in the first stack let
      it play (two a round, as `Projection.hand` counts them) count for
      both scorings; the rest count as cards held into the last stack.
    - ``mid_race``: the rounds left in the first stack are at most its
      animal cards left divided by ``mid_race`` (as ``race`` in the last
      stack).  Hard's measured pace is the first stack's slow one: in that
      traced game it saw 38 rounds to the end of the game, 9.5 of them in
      the first stack, where 3.5 and 8 were left (the seats buy animal
      cards faster as the scoring nears).  2 in `EXPERT`, the pace of those
      last rounds.
    """

    race: float = 0.0
    final_card: float = 1.0
    final_animal: float = 1.0
    last_round: float = 1.0
    mid_scoring: float = 1.0
    mid_race: float = 0.0

    @cached_property
    def _final(self) -> Projection:
        """Hard's projection with the cards in hand at their last-stack worth."""
        base = {f.name: getattr(self, f.name) for f in fields(Projection)}
        base["land_card"] *= self.final_card
        base["animal_card"] *= self.final_animal
        return Projection(**base)

    def rounds(self, state: GameState) -> float:
        rounds = super().rounds(state)
        if self.race and state.stack == 2 and not state.final_due and not state.over:
            rounds = min(rounds, max(0.5, len(state.animal_draw) / self.race))
        return rounds

    def hand(self, state: GameState, seat: int, ahead: int, soon: float,
             rounds: float) -> float:
        if ahead == 2 and self.mid_scoring != 1.0:
            return self._before_mid(state, seat, soon, rounds)
        counted = self._final if ahead == 1 else self
        value = Projection.hand(counted, state, seat, ahead, soon, rounds)
        return value * self.last_round if state.final_due else value

    def _before_mid(self, state: GameState, seat: int, soon: float,
                    rounds: float) -> float:
        """Cards in hand before the intermediate scoring: as many as the
        rounds left in the first stack let the seat play count for both
        scorings; the rest count ``mid_scoring`` of the first and then what
        they will be worth held into the last stack (so the value does not
        jump at the scoring)."""
        land, animal = self.counted(state, seat, rounds)
        if state.stack == 1:           # the first stack's share of the rounds left
            first = len(state.animal_draw)
            left = rounds * first / max(1, first + len(state.animal_waiting))
            if self.mid_race:
                left = min(left, first / self.mid_race)
            early = 2.0 * left + 1.0
        else:                          # the round ends, then the scoring (R40)
            early = 0.0
        share = min(1.0, early / (land + animal)) if land + animal else 1.0
        late = 1.0 - share
        full = self.land_card * land + self.animal_card * animal
        held = self._final.land_card * land + self._final.animal_card * animal
        return soon * (2.0 * share * full + late * (self.mid_scoring * full + held))


# Measured with tools/ai_categories.py, hardX (hard with race 3 and both
# kinds of card at half worth) against hard in the same 4-player games with
# two medium seats: +3.4 points a game (standard error 3.8) on game seeds
# 1200-1223, +1.7 (3.8) on 1300-1323, at a cost in market points; animal cards
# keep their worth since commit 09ec1d5, and cards kept in the last round are worth
# nothing (docs/ai.md, "Expert's count of the end").  Since 2026-12-02 cards that
# cannot be played before the intermediate scoring do not count for it, and
# ``best_opponent`` is 0.85 (hard: 0.6, tuned only in 2-player games, where the
# best opponent is the only one): a 4-player game is won by finishing above
# the best opponent, and commit 09ec1d5's expert, at 0.6, scored 5.5 points a game
# more than the mean of three hard seats yet won only 35% of 82.
EXPERT = ExpertProjection(race=3.0, final_card=0.5, final_animal=1.0, last_round=0.0,
                          mid_scoring=0.0, mid_race=2.0, best_opponent=0.85)


class ExpertSeat(HardSeat):
    """Hard's search on expert's projection (`EXPERT`: the end of the game
    counted as a race in the last stack, land cards in hand there worth
    half, cards that cannot be played before the intermediate scoring not
    counted for it, the best opponent weighed more than the field), with
    twice hard's budget spent on search width rather than on a re-check: at
    140 iterations the widths are (16, 4) against hard's (9, 2), and no
    re-check.  Measured with tools/ai_categories.py (hardX with race 3 and
    both kinds of card at half, ``iterations`` 140 and ``worlds`` 0, against
    hard in the same games, two medium seats): +4.4 points a game (standard
    error 3.0, 22 games), where spending the budget on an earlier expert's wider
    re-check measured -2.8 (4.5), and +0.4 (3.7) with the knobs: the
    re-check's greedy replies misled more than they told."""

    level = "expert"
    default = Budget(seconds=20.0, iterations=140)
    # Hard's candidates: with the water placements that score most added
    # (moves.EXPERT_WIDE) it won 5 of 15 paired games (docs/ai.md).
    breadth = HARD_WIDE

    def __init__(self, weights: Projection = EXPERT):
        super().__init__(weights)

    @staticmethod
    def worlds(iterations: int | None, first_of_turn: bool) -> int:
        """No re-check: expert's budget goes to search width."""
        return 0


__all__ = ["EXPERT", "ExpertProjection", "ExpertSeat"]
