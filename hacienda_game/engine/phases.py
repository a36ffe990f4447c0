"""The turn and the game's phases (R13, R40, R41, R49): ending a turn, the
stacks running out, scorings, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import END
from .common import event
from .errors import Termination
from .events import Event
from .scoring import apply_scoring, ranking
from .segments import Segment, same

if TYPE_CHECKING:
    from .state import GameState


def stack_used_up(state: GameState, events: list[Event]) -> None:
    """R40: the draw pile ran out; the next stack comes and a scoring is due."""
    if state.stack == 1:
        state.stack = 2
        state.animal_draw, state.animal_waiting = state.animal_waiting, []
        state.intermediate_due = True
        event(events, "stack_switched", stack=2, scoring="intermediate")
        if not state.animal_draw:
            stack_used_up(state, events)
    elif state.stack == 2:
        state.stack = 3
        state.final_due = True
        event(events, "stack_switched", stack=3, scoring="final")


def options(state: GameState, first: bool) -> list[Segment]:
    return [] if state.over else [((END,), same)]


def end_turn(state: GameState, events: list[Event]) -> None:
    """R13, R40: the next seat's turn; at a round's end the scorings due."""
    from .legal import can_act

    # A player who cannot do anything passes; when every player in a row
    # had to pass, nothing can ever change: the game ends (engine ruling).
    forced = state.actions_taken == 0 and not can_act(state)
    state.forced_passes = state.forced_passes + 1 if forced else 0
    ended = state.current
    nxt = (state.current + 1) % state.players
    event(events, "turn_ended", ended, next=nxt, forced=forced)
    state.actions_taken = 0
    state.bought_hacienda = state.bought_water = state.harvested = False
    state.turn += 1
    state.current = nxt
    if state.forced_passes >= state.players:
        apply_scoring(state, "final", events)
        finish(state, Termination.STALEMATE, events)
        return
    if nxt == state.start_player:
        # R40: the round is finished; scorings that became due happen now.
        state.round += 1
        if state.intermediate_due:
            state.intermediate_due = False
            apply_scoring(state, "intermediate", events)
        if state.final_due:
            state.final_due = False
            apply_scoring(state, "final", events)
            finish(state, Termination.STACKS, events)


def finish(state: GameState, termination: Termination, events: list[Event]) -> None:
    state.over = True
    state.over_reason = termination.reason
    order, winners = ranking(state)
    event(events, "game_over", reason=termination.reason,
          termination=termination.code, winners=winners, ranking=order,
          scores=[s.score for s in state.seats], money=[s.money for s in state.seats])
