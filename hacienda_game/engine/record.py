"""Game records (STYLE lesson 8): a header and the action list in notation.

``replay(record)`` sets the game up again from the header and applies every
action: it reproduces the final state exactly (R12).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .. import __version__
from ..maps.board import Board, BoardError
from .actions import parse_action
from .errors import IllegalAction, ScenarioError
from .events import Event
from .state import GameState

FORMAT = "hacienda-record/1"
# The rules' edition a record was played under.  2: a lone tile cannot be
# harvested (R39).  A record without it was played when every lone tile could
# be, so it replays with the house rule that allows it (``lone_harvest``).
RULES = 2


def make_record(state: GameState, **extra: Any) -> dict[str, Any]:
    """The record of a game so far: header + actions (JSON-ready)."""
    header: dict[str, Any] = {
        "format": FORMAT,
        "rules": RULES,
        "engine_version": __version__,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": state.players,
        "seed": state.seed,
        "variants": sorted(state.variants),
        "map": state.origin.get("map", state.board.path or state.board.name),
        "start_player": state.start_player,
        **extra,
    }
    if "scenario" in state.origin:
        header["scenario"] = state.origin["scenario"]
    result = None
    if state.over:
        result = {"reason": state.over_reason, "scores": [s.score for s in state.seats],
                  "money": [s.money for s in state.seats], "winners": state.winners()}
    return {"header": header, "actions": [str(a) for a in state.history], "result": result}


def save_record(state: GameState, path: str | os.PathLike[str], **extra: Any) -> None:
    Path(path).write_text(json.dumps(make_record(state, **extra), indent=1), encoding="utf-8")


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ScenarioError(f"{path}: cannot read game record: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("header"), dict):
        raise ScenarioError(f"{path}: not a game record (no header)")
    return data


def initial_state(record: dict[str, Any], board: Board | None = None) -> GameState:
    """The position a record starts from; `ScenarioError` says what is wrong."""
    from .scenario import load_scenario
    from .setup import new_game

    header = record.get("header") if isinstance(record, dict) else None
    if not isinstance(header, dict):
        raise ScenarioError("not a game record (no header)")
    if header.get("format") != FORMAT:
        raise ScenarioError(f"not a {FORMAT} record (format {header.get('format')!r})")
    if "scenario" in header:
        return load_scenario(header["scenario"], board=board)
    missing = [k for k in ("map", "players", "seed") if k not in header]
    if missing:
        raise ScenarioError(f"record header lacks {', '.join(missing)}")
    if not isinstance(header["seed"], int):
        raise ScenarioError("record header: seed must be a whole number")
    variants = header.get("variants", [])
    if not isinstance(variants, list):
        raise ScenarioError("record header: variants must be a list")
    if "rules" not in header and "lone_harvest" not in variants:
        variants = [*variants, "lone_harvest"]          # played before the R39 ruling
    try:
        return new_game(board or header["map"], header["players"], header["seed"],
                        variants, header.get("start_player"))
    except ScenarioError:
        raise
    except (BoardError, OSError, ValueError, TypeError) as e:
        raise ScenarioError(f"record header: map {header['map']!r}: {e}") from None


def replay(record: dict[str, Any] | str | os.PathLike[str], board: Board | None = None,
           upto: int | None = None,
           on_events: Callable[[int, list[Event]], None] | None = None) -> GameState:
    """Replay a record (a dict or a file), optionally only its first ``upto`` actions;
    ``on_events(i, events)`` hears what each action ``i`` did."""
    if not isinstance(record, dict):
        record = load_record(record)
    state = initial_state(record, board)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("record: actions must be a list of action texts")
    for i, text in enumerate(actions[:upto]):
        if not isinstance(text, str):
            raise ScenarioError(f"action {i + 1} is not an action text: {text!r}")
        try:
            events = state.apply(parse_action(text))
        except (IllegalAction, ValueError) as e:
            raise ScenarioError(f"action {i + 1} ({text!r}) cannot be replayed: {e}") from None
        if on_events is not None:
            on_events(i, events)
    return state
