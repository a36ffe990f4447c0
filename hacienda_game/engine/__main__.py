"""``python -m hacienda_game.engine run SCENARIO [--do "ACTION"]... [--json]``

Sets up a scenario (or a built-in map name for a fresh game), applies the
actions in order and prints every seat's money, the events and `score()`.
An illegal action prints the reason and exits 1 (CONTRACTS §5).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..maps.board import BoardError
from .actions import parse_action
from .errors import IllegalAction, ScenarioError
from .events import Event
from .scenario import load_scenario
from .scoring import score
from .setup import new_game
from .state import GameState


def _load(source: str, players: int, seed: int) -> GameState:
    if Path(source).suffix.lower() == ".json":
        return load_scenario(source)
    return new_game(source, players=players, seed=seed)


def _summary(state: GameState, events: list[Event], error: str | None) -> dict[str, Any]:
    return {
        "money": [s.money for s in state.seats],
        "events": [e.to_dict() for e in events],
        "score": score(state),
        "current_player": state.current,
        "actions_left": state.actions_left,
        "over": state.over,
        "error": error,
    }


def _print_text(state: GameState, events: list[Event], error: str | None) -> None:
    for e in events:
        print(e.describe())
    print("money:", " ".join(f"P{i + 1}={s.money}" for i, s in enumerate(state.seats)))
    for i, row in enumerate(score(state)):
        parts = ", ".join(f"{k} {row[k]}" for k in ("markets", "chains", "haciendas",
                                                     "water", "money"))
        print(f"score P{i + 1}: {parts}, total {row['total']}")
    if error:
        print(f"illegal: {error}")


def run(args: argparse.Namespace) -> int:
    try:
        state = _load(args.scenario, args.players, args.seed)
    except (ScenarioError, BoardError, OSError, ValueError) as e:
        print(f"cannot set up {args.scenario}: {e}", file=sys.stderr)
        return 2
    events: list[Event] = []
    error: str | None = None
    for text in args.do:
        try:
            events.extend(state.apply(parse_action(text)))
        except (IllegalAction, ValueError) as e:
            error = str(e)
            break
    if args.json:
        print(json.dumps(_summary(state, events, error), indent=1))
    else:
        _print_text(state, events, error)
    return 1 if error else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hacienda_game.engine",
                                     description="Hacienda rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="apply actions to a scenario and print the result")
    p.add_argument("scenario", help="scenario .json file, or a map name/path for a new game")
    p.add_argument("--do", action="append", default=[], metavar="ACTION",
                   help='an action in notation, e.g. "play pig 5,5" (repeatable)')
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--players", type=int, default=4, help="players, for a new game (default 4)")
    p.add_argument("--seed", type=int, default=0, help="seed, for a new game")
    args = parser.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
