"""The turn and the game's phases (R13, R40, R41, R49): actions spent, ending a
turn, the stacks running out, scorings, the end.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import components as C
from .actions import END, KINDS
from .errors import Termination
from .events import Event
from .segments import Segment, same

if TYPE_CHECKING:
    pass


class PhaseRules:
    __slots__ = ()

    def _turn_open(self) -> bool:
        return not self.over and self.actions_taken < C.ACTIONS_PER_TURN

    def _spend_action(self) -> None:
        self.actions_taken += 1

    def _stack_used_up(self, events: list[Event]) -> None:
        if self.stack == 1:
            self.stack = 2
            self.animal_draw, self.animal_waiting = self.animal_waiting, []
            self.intermediate_due = True
            self._event(events, "stack_switched", stack=2, scoring="intermediate")
            if not self.animal_draw:
                self._stack_used_up(events)
        elif self.stack == 2:
            self.stack = 3
            self.final_due = True
            self._event(events, "stack_switched", stack=3, scoring="final")

    def _can_act(self) -> bool:
        """Whether the current player has any action besides ending the turn."""
        return any(self._options[k](self, True) for k in KINDS if k != "end")

    def _opt_end(self, first: bool) -> list[Segment]:
        return [] if self.over else [((END,), same)]

    def _do_end(self, events: list[Event]) -> None:
        from .scoring import apply_scoring

        # A player who cannot do anything passes; when every player in a row
        # had to pass, nothing can ever change: the game ends (engine ruling).
        forced = self.actions_taken == 0 and not self._can_act()
        self.forced_passes = self.forced_passes + 1 if forced else 0
        ended = self.current
        nxt = (self.current + 1) % self.players
        self._event(events, "turn_ended", ended, next=nxt, forced=forced)
        self.actions_taken = 0
        self.bought_hacienda = self.bought_water = self.harvested = False
        self.turn += 1
        self.current = nxt
        if self.forced_passes >= self.players:
            apply_scoring(self, "final", events)
            self._finish(Termination.STALEMATE, events)
            return
        if nxt == self.start_player:
            # R40: the round is finished; scorings that became due happen now.
            self.round += 1
            if self.intermediate_due:
                self.intermediate_due = False
                apply_scoring(self, "intermediate", events)
            if self.final_due:
                self.final_due = False
                apply_scoring(self, "final", events)
                self._finish(Termination.STACKS, events)

    def _finish(self, termination: Termination, events: list[Event]) -> None:
        from .scoring import ranking

        self.over = True
        self.over_reason = termination.reason
        order, winners = ranking(self)
        self._event(events, "game_over", reason=termination.reason,
                    termination=termination.code, winners=winners, ranking=order,
                    scores=[s.score for s in self.seats], money=[s.money for s in self.seats])

    def winners(self) -> list[int]:
        """R49: the seats with the most points, ties broken by money (may be several)."""
        from .scoring import ranking

        return ranking(self)[1]
