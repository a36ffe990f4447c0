"""The next scoring and when it comes (R40, R41): the one answer the header,
the banners, the log and the panels word, so none of them works it out again.

The first animal stack running out makes the intermediate scoring due at the
end of the round, the second the final one (and the game ends after it).
Both may come due in the same round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .observe import Observation
from .state import GameState


@dataclass(frozen=True)
class ScoringAhead:
    which: str | None         # "intermediate", "final"; None once the game is over
    due: bool                 # it happens when this round ends
    cards: int                # animal cards left in the stack before it comes due
    final_too: bool = False   # the final scoring follows at the same round end


OVER = ScoringAhead(None, False, 0)


def scoring_ahead(view: Observation | GameState) -> ScoringAhead:
    """The next scoring of a seat view (``Observation``) or a game state."""
    if view.over:
        return OVER
    if view.intermediate_due:
        return ScoringAhead("intermediate", True, 0, bool(view.final_due))
    if view.final_due:
        return ScoringAhead("final", True, 0)
    cards = view.animal_draw_size if isinstance(view, Observation) else len(view.animal_draw)
    return ScoringAhead("intermediate" if view.stack <= 1 else "final", False, cards)


def scoring_switched(data: dict[str, Any]) -> ScoringAhead:
    """What a ``stack_switched`` event makes due: its scoring, at this round's end."""
    return ScoringAhead(data["scoring"], True, 0)
