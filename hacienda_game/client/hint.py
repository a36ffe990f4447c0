"""The Hint command in the play scene: the coach's best next action, lit on
the board, and why in the player's language.

A button ("Hint"), the T key and a pad's left-stick click ask ``hard`` (in
its own AI process, so the frame rate holds) for the best next action of
the seat to move, from that seat's view only (``ai.coach``); the answer
lights the hexes it uses and shows its reason, naming places by landmark.
The hint belongs to one seat at one moment: it is put away as soon as the
player selects anything (``dismiss``), and dropped when anything is played
or the turn passes, so at a hot seat the next player never sees it.  A game
set up with hints off (``GamePlan.hints``) has no button and refuses the
command.

The coach works ahead: while a player may ask (their own turn, on their own
screen), the AI process already thinks about the position, so the answer is
there when asked; answers are kept per position (seat and the actions that
led to it), so going back to a position (undo) answers at once.

The play scene keeps a `HintCoach` and calls it from seven places (its hooks):
``enter`` (create), ``layout_buttons`` (its button), ``handle`` (first),
``select`` (dismiss), ``idle`` (poll), ``draw`` (after the highlights) and
``exit`` (close).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ai.coach import COACH_BUDGET, Advice, advice_for, words
from ..i18n import _
from .ui import Button

if TYPE_CHECKING:
    from .scene import Command
    from .scenes.play import PlayScene
    from .scenes.play.parts.viewmodel import HintModel

HINT_SALT = 0x48494E54           # hint seeds differ from the AI seats' decision seeds
KEPT = 32                        # positions whose answers are kept


class HintCoach:
    def __init__(self, play: PlayScene):
        self.play = play
        self.worker = None
        self.thought = None
        self.asked: tuple | None = None      # (seat, actions so far) the hint is for
        self.advice: Advice | None = None
        self.button: Button | None = None
        self.wanted = False                  # the player asked for this moment's hint
        self.answers: dict[tuple, Advice] = {}   # position -> the coach's advice
        self._position: tuple = ((), ())         # (layer version, position key)
        self.failed: tuple | None = None         # the moment the AI could not answer

    # ------------------------------------------------------------ hooks
    def layout(self, rect: tuple[int, int, int, int]) -> list[Button]:
        """The Hint button at ``rect`` (none if the table plays without hints)."""
        if not self.play.plan.hints or self.play.autoplay:
            self.button = None
            return []
        self.button = Button(rect, _("Hint"), self.request, key="hint", face="body")
        return [self.button]

    def handle(self, cmd: Command) -> bool:
        """The hint command by key or pad; True when it was used up here."""
        if cmd.kind != "key" or cmd.name != "hint":
            return False
        if not self.play.controls(cmd):
            return True                      # another seat's pad: not theirs to ask
        self.request()
        return True

    def poll(self) -> None:
        """Each frame: drop a hint the game has moved past, think ahead about
        a position the player may ask about, collect the answer."""
        key = self.moment()
        if self.asked is not None and self.asked != key:
            self.forget()
        allowed = self.play.plan.hints and not self.play.autoplay and self.allowed()
        if self.button is not None:
            self.button.enabled = allowed and (self.thought is None or not self.wanted)
        if allowed and self.asked is None and self.failed != key:
            self.start()                     # work ahead while the player thinks
        if self.thought is not None and self.thought.done():
            thought, self.thought = self.thought, None
            try:
                action = thought.result()
            except Exception:                # noqa: BLE001 - the AI failed: say so, play on
                if self.wanted:
                    self.play.warn(_("No hint now."))
                self.failed = self.asked     # not asked again on its own for this moment
                self.asked = None
                self.wanted = False
                return
            seat, _moves = self.asked
            self.advice = advice_for(self.play.layer.view(seat), action, self.seed())
            self.keep(self.advice)

    def model(self) -> HintModel | None:
        """What the hint part draws now (None: no hint shown)."""
        from .scenes.play.parts.viewmodel import HintModel

        if self.visible_advice() is None:
            if self.thought is not None and self.wanted:
                return HintModel((), None, "", thinking=True)
            return None
        target = self.target()
        # Worded now, so a change of language reaches it.
        return HintModel(tuple(self.hexes()), None if target is None else tuple(target),
                         words(self.advice.reason, self.play.layer.board))

    def draw(self, surface: pygame.Surface) -> None:
        """The hint, drawn by its part (``parts/hint.py``) from ``model()``."""
        from .scenes.play.parts import hint

        hint.draw(surface, self.play.app.art, self.play.view, self.model(), self.play.app.time)

    def dismiss(self) -> None:
        """The player selected something: the hint's marks go; its answer is
        kept, so asking again at this moment shows it at once."""
        self.wanted = False

    def close(self) -> None:
        self.forget()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ------------------------------------------------------------ parts
    def moment(self) -> tuple[int, int]:
        layer = self.play.layer
        return (layer.current, len(layer.game.history))

    def allowed(self) -> bool:
        """Hints are on for this table, a human is to move and the screen shows
        that seat's own view (at a hot seat: after the hand-off)."""
        play = self.play
        on_top = bool(play.app.stack) and play.app.stack[-1] is play   # no hand-off screen
        return (play.plan.hints and play.human_turn and not play.pending and on_top
                and play.viewer == play.layer.current)

    def seed(self) -> int:
        from ..ai.base import decision_seed

        seat, moves = self.asked
        return decision_seed(self.play.plan.ai_seed ^ HINT_SALT, seat, moves)

    def request(self) -> None:
        if not self.play.plan.hints:
            self.play.warn(_("Hints are off for this game."))
            return
        if not self.allowed():
            self.play.warn(_("A hint is for the player to move."))
            return
        if self.asked != self.moment():
            self.forget()
        self.play.message = ""               # an older refusal never stays over the hint
        self.wanted = True                   # shown as soon as it is there (now if it is)
        if self.asked is None:
            self.start()

    def start(self) -> None:
        """Ask for this moment's advice: from the answers kept, else the AI
        process (started once, on the first need)."""
        self.asked = self.moment()
        kept = self.answers.get(self.position())
        if kept is not None:
            self.advice = kept
            return
        if self.worker is None:
            from ..ai import AIWorker

            self.worker = AIWorker()
        seat = self.asked[0]
        self.thought = self.worker.think("hard", self.play.layer.view(seat), self.seed(),
                                         COACH_BUDGET)

    def position(self) -> tuple:
        """The position now, as the seat to move and the actions that led to
        it (worked out again only when the game changes)."""
        layer = self.play.layer
        if self._position[0] != (id(layer.game), layer.version):
            game = layer.game
            # history_text() is kept up to date by the state itself: a long
            # game's texts are not made again at every position.
            self._position = ((id(game), layer.version), (game.current, game.history_text()))
        return self._position[1]

    def keep(self, advice: Advice) -> None:
        if len(self.answers) >= KEPT:
            self.answers.pop(next(iter(self.answers)))
        self.answers[self.position()] = advice

    def forget(self) -> None:
        if self.thought is not None:
            self.thought.cancel()
        self.thought = None
        self.advice = None
        self.asked = None
        self.wanted = False

    def visible_advice(self) -> Advice | None:
        """The hint, once asked for, while it is still about this moment and
        may be shown."""
        if (self.advice is None or not self.wanted or self.asked != self.moment()
                or not self.allowed()):
            return None
        return self.advice

    def hexes(self) -> list[int]:
        """The board hexes the hinted action uses (none for buying a card or ending)."""
        board = self.play.layer.board
        action = self.advice.action if self.advice else None
        if action is None:
            return []
        cells = [*action.cells, *((action.source,) if action.source else ())]
        return [board.index[c] for c in cells if c in board.index]

    def target(self) -> pygame.Rect | None:
        """Where the hinted action starts off the board: its card in the hand,
        the face-up card or deck it buys, or its action button."""
        action = self.advice.action if self.advice else None
        if action is None:
            return None
        play = self.play
        if action.verb == "play":
            return next((rect for rect, _item, card in play.hand_slots
                         if card == action.card), None)
        if action.verb == "buy" and action.item in ("land", "animal"):
            return next((rect for rect, item, card in play.market_slots
                         if item == action.item and card == action.card), None)
        button = {"hacienda": "b_hacienda", "water": "b_water"}.get(action.item or "") \
            if action.verb == "buy" else {"harvest": "b_harvest", "end": "b_end"}.get(
                action.verb)
        b = getattr(play, button, None) if button else None
        return None if b is None else pygame.Rect(b.rect)


__all__ = ["HintCoach"]
