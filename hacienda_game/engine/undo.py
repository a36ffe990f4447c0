"""How far back a player may take actions back (undo), from what each action did.

Undo never un-reveals hidden information (R60): once a card came off a deck
the player knows what it was, so no action before that can be taken back.
Three things set that limit, in the engine's own events:

- a card bought blind from a deck (R18, R19: the buyer sees the card drawn);
- a face-up card bought and replaced at once from the deck (R18, R19: the new
  card is turned face up for all to see); a deck reshuffled from the discards
  (R18) is part of such a draw;
- the end of a turn (R13): the next seat's turn is theirs, not the undoer's;
  scorings and the end of the game (R40) only happen at a turn's end.

Everything else (playing a card R23-R27, a hacienda R20, water R21, a harvest
R36) reveals nothing and can be taken back within the turn.  Undo itself is a
replay of the record up to one action less (R12: the same actions give the
same game).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .events import Event
from .record import make_record, replay
from .state import GameState

CARD_DRAWN = "card_drawn"          # R18/R19: bought blind from a deck
CARD_REVEALED = "card_revealed"    # R18/R19: a face-up card replaced from the deck
TURN_START = "turn_start"          # R13: the seat to act changed (or the game began)
GAME_OVER = "game_over"            # R40: nothing is left to undo


def limit_reason(events: Iterable[Event]) -> str | None:
    """Why nothing before this action may be undone (None: it can be)."""
    kinds = set()
    for e in events:
        if e.kind == "card_bought" and not e.data.get("face_up"):
            return CARD_DRAWN
        kinds.add(e.kind)
    if "game_over" in kinds:
        return GAME_OVER
    if "card_revealed" in kinds or "deck_reshuffled" in kinds:
        return CARD_REVEALED
    if "turn_ended" in kinds:
        return TURN_START
    return None


@dataclass(frozen=True)
class UndoLimit:
    """Actions before ``floor`` (a history length) can't be undone, for ``reason``."""

    floor: int = 0
    reason: str = TURN_START

    def after(self, done: int, events: Iterable[Event]) -> UndoLimit:
        """The limit once the ``done``-th action (1-based) did ``events``."""
        reason = limit_reason(events)
        return UndoLimit(done, reason) if reason is not None else self

    def allows(self, state: GameState) -> bool:
        """Whether the last action of ``state`` may be taken back."""
        return not state.is_over() and len(state.history) > self.floor


def replay_with_limit(record: dict[str, Any]) -> tuple[GameState, UndoLimit]:
    """Replay a record and find how far back its last turn may be undone
    (raises ScenarioError for a record that cannot be replayed)."""
    limit = UndoLimit()

    def hear(i: int, events: list[Event]) -> None:
        nonlocal limit
        limit = limit.after(i + 1, events)

    state = replay(record, on_events=hear)
    return state, limit


def undone(state: GameState, limit: UndoLimit) -> GameState:
    """The game one action earlier (ValueError if the limit forbids it)."""
    if not limit.allows(state):
        raise ValueError(f"cannot undo: {limit.reason}")
    return replay(make_record(state), board=state.board, upto=len(state.history) - 1)
