"""The Hint command in the tutorial: it points at what the coach asks now.

The play screen's hint asks the hard AI for the best action, which need not
be the step's (at "Buy a hacienda" it could say "Buy a land card"): here the
hint rings the current step's target instead (its card, deck or button, or
its hex once the card is chosen) with the "Hint" tag, and repeats nothing
over the board: the step's words stay in the coach's panel, uncovered.  No
AI process is started for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _
from ..hint import HintCoach

if TYPE_CHECKING:
    from ..scenes.play.parts.viewmodel import HintModel


class TutorialHint(HintCoach):
    def poll(self) -> None:
        """Each frame: a hint the game has moved past goes; the button is on
        while the learner may ask (nothing is worked out ahead)."""
        if self.asked is not None and self.asked != self.moment():
            self.forget()
        if self.button is not None:
            self.button.enabled = self.allowed()

    def request(self) -> None:
        if not self.allowed():
            self.play.warn(_("A hint is for the player to move."))
            return
        self.play.message = ""
        self.asked = self.moment()
        self.wanted = True

    def model(self) -> HintModel | None:
        from ..scenes.play.parts.viewmodel import HintModel

        if not self.wanted or self.asked != self.moment() or not self.allowed():
            return None
        target, hexes = self.play.hint_target()
        if target is None and not hexes:
            return None
        return HintModel(tuple(hexes), None if target is None else tuple(target), "")
