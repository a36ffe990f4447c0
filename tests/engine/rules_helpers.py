"""Small, stable helpers for the rule tests (tests/engine/test_rules_*.py).

Test files import them with ``from rules_helpers import ...``: pytest's default
"prepend" import mode puts this folder on ``sys.path``.

- `board(rows)`: a `Board` from text rows (M F G R B terrains, ``.`` pampas,
  ``$`` market, ``~`` water field; pointy-top, odd rows shifted right).
- `seat(...)`: one seat of a scenario; hands default to *empty*.
- `scenario(board, seats, ...)`: a game state on that board; missing seats are
  empty seats, seat 0 starts and is current, seed 1.
- `refused(state, action, rule)`: asserts `IllegalAction` naming ``rule`` (or
  one of a tuple of rules) and an unchanged `snapshot()`; returns the message.
- `legal(state, kind=None)`: the legal actions (of one kind) as texts.
- `neighbours(cell)`: the six cells around a cell (default layout), as names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import pytest

from hacienda_game.engine import GameState, IllegalAction, load_scenario
from hacienda_game.maps.board import Board

__all__ = ["board", "legal", "neighbours", "refused", "scenario", "seat"]


def board(rows: Iterable[str], **kwargs) -> Board:
    """A test board from text rows (see `Board.from_rows`)."""
    return Board.from_rows(list(rows), **kwargs)


def seat(money: int = 20, land: Sequence[str] = (), animal: Sequence[str] = (),
         tiles: Sequence[str] = (), animals: dict[str, Sequence[str]] | None = None,
         haciendas: Sequence[str] = (), harvest: Sequence[str] = (),
         points: int = 0) -> dict:
    """One scenario seat: ``land``/``animal`` are the hand (exact, default
    empty), ``tiles`` the land tiles on the board, ``animals`` the tokens,
    ``points`` the score so far."""
    return {
        "score": points,
        "money": money,
        "hand": {"land": list(land), "animal": list(animal)},
        "land": list(tiles),
        "animals": {a: list(c) for a, c in (animals or {}).items()},
        "haciendas": list(haciendas),
        "harvest": list(harvest),
    }


def scenario(b: Board, seats: Sequence[dict] = (), players: int | None = None,
             **extra) -> GameState:
    """A position on board ``b``.  Seats not given are empty seats (no cards,
    20 pesos).  Extra keys (``water``, ``decks``, ``face_up``, ``variants``,
    ``current_player``, ``seed``, ``stack``, ...) go into the scenario as is."""
    players = players or max(2, len(seats))
    seats = list(seats) + [seat() for _ in range(players - len(seats))]
    data = {"format": "hacienda-scenario/1", "players": players, "seed": 1,
            "start_player": 0, "current_player": 0, "seats": seats}
    data.update(extra)
    return load_scenario(data, board=b)


def refused(state: GameState, action, rule: str | tuple[str, ...]) -> str:
    """Apply ``action`` (text or `Action`): it must raise `IllegalAction`
    whose message names ``rule`` (e.g. "R15"; a tuple: any one of them), and
    leave the state unchanged (`snapshot()`).  Returns the message."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    rules = (rule,) if isinstance(rule, str) else rule
    assert any(re.search(rf"\b{re.escape(r)}(?!\d)", message) for r in rules), (rule, message)
    assert state.snapshot() == before, f"state changed by refused {action}"
    return message


def legal(state: GameState, kind: str | None = None) -> set[str]:
    """The legal actions now (only those of ``kind`` if given), as texts."""
    actions = state.legal_actions() if kind is None else state.legal_actions_of(kind)
    return {str(a) for a in actions}


def neighbours(cell: str) -> set[str]:
    """The cells around ``cell`` on a default board (pointy-top, odd rows
    shifted right), whether or not they are on the board."""
    x, y = (int(v) for v in cell.split(","))
    if y % 2:
        around = [(x - 1, y), (x + 1, y), (x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1)]
    else:
        around = [(x - 1, y), (x + 1, y), (x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1)]
    return {f"{a},{b}" for a, b in around}
