"""What every rule module shares: refusing an action as data, reading a hex,
paying, telling an event, and the turn's action count (R13, R16, R61).

Each rule area (cards.py, haciendas.py, water.py, land.py, animals.py,
harvest.py, phases.py) is a module of functions over a `GameState`:
``options(state, first)`` lists its legal actions as segments,
``check(state, action, seat)`` refuses an illegal one or returns the `Do`
that carries it out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..maps.board import cell_name
from . import components as C
from .actions import Action
from .errors import IllegalAction
from .events import Event
from .segments import Cell, Segment, new_action

if TYPE_CHECKING:
    from .state import GameState, Seat

# What a checked action does when carried out: it appends its events.
Do = Callable[[list[Event]], None]


def refuse(action: Action, code: str, why: str, rule: str = "", **params: Any) -> IllegalAction:
    """The refusal of ``action``: its code, the rule it cites (given where it
    is raised) and what it is about, with the English sentence."""
    return IllegalAction(f"{action}: {why}", code, params, rule)


def hex_at(state: GameState, action: Action, cell: Cell) -> int:
    """The hex a cell of an action names (R61: a cell off the board is refused)."""
    h = state.board.index.get(cell)
    if h is None:
        raise refuse(action, "not_a_hex", f"{cell_name(cell)} is not a hex of this board (R61)",
                     cell=cell_name(cell), rule="R61")
    return h


def pay(action: Action, s: Seat, price: int, what: str) -> None:
    """R16: a player who cannot pay cannot act."""
    if s.money < price:
        raise refuse(action, "cannot_pay", f"{what} costs {price} pesos and you have {s.money}"
                     " (R16: cannot pay, cannot act)",
                     price=price, money=s.money, item=what, rule="R16")


_new = object.__new__
_set = object.__setattr__


def event(events: list[Event], kind: str, seat: int | None = None,
          secret: tuple[str, ...] = (), **data: Any) -> None:
    """Tell an event: ``Event(kind, seat, data, secret)`` made without the
    frozen dataclass's field-by-field ``__init__`` (the rules tell about one
    event an action, and it showed as a tenth of a random game's time)."""
    e = _new(Event)
    _set(e, "__dict__", {"kind": kind, "seat": seat, "data": data, "secret": secret})
    events.append(e)


def turn_open(state: GameState) -> bool:
    """R13: the game runs and the seat to move has actions left."""
    return not state.over and state.actions_taken < C.ACTIONS_PER_TURN


def spend_action(state: GameState) -> None:
    state.actions_taken += 1


def play_segment(state: GameState, item: str, name: str, targets: list[int]) -> Segment:
    """The actions playing card ``name`` on each of ``targets``."""
    names = state.board.cells
    return (targets, lambda h: new_action(Action, ("play", item, name, (names[h],), None)))


__all__ = ["Do", "event", "hex_at", "pay", "play_segment", "refuse", "spend_action",
           "turn_open"]
