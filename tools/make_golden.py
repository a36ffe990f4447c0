"""Regenerate the golden legal-action counts in tests/data/golden/*.json.

Each golden file holds a scenario (CONTRACTS §3), optional ``actions`` applied
after setting it up, and ``expected``: the number of legal actions in total
and per kind, like python-chess's perft files.  This script recomputes
``expected`` and prints one diff-friendly line per file and kind::

    python tools/make_golden.py            # recompute, print, rewrite the files
    python tools/make_golden.py --check    # print; exit 1 if any count changed
    python tools/make_golden.py --from-game symmetric 4 11 150 midgame_4p
                                           # a new golden file from a random game

A changed count is a rules change: check it by hand before committing it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.engine import ANIMALS, LAND_CARDS, GameState, load_scenario, new_game  # noqa: E402  # noqa: E402
from hacienda_game.maps import load_board  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "golden"
FORMAT = "hacienda-golden/1"


def position(path: Path, data: dict[str, Any] | None = None) -> GameState:
    """The position a golden file describes: its scenario, then its actions."""
    data = data if data is not None else json.loads(path.read_text(encoding="utf-8"))
    scenario = data["scenario"]
    board = load_board(scenario["map"], relative_to=path.parent)
    state = load_scenario(scenario, board=board)
    for text in data.get("actions", []):
        state.apply(text)
    return state


def counts(state: GameState) -> dict[str, Any]:
    by_kind = Counter(a.kind for a in state.legal_actions())
    return {"total": sum(by_kind.values()), "by_kind": dict(by_kind)}


def summary(name: str, expected: dict[str, Any] | None, now: dict[str, Any]) -> list[str]:
    lines = []
    kinds = sorted(set(now["by_kind"]) | set((expected or {}).get("by_kind", {})))
    for kind in ["total", *kinds]:
        new = now["total"] if kind == "total" else now["by_kind"].get(kind, 0)
        if expected is None:
            old = None
        else:
            old = expected["total"] if kind == "total" else expected["by_kind"].get(kind, 0)
        mark = "" if old == new else f"  (was {old})"
        lines.append(f"{name}: {kind}: {new}{mark}")
    return lines


def scenario_from_state(state: GameState, map_name: str) -> dict[str, Any]:
    """A scenario holding the public board and the hands of a game in progress."""
    names = state.board.names
    starting = set(state.board.water_fields)
    seats = []
    for i, s in enumerate(state.seats):
        land = [c for c, n in zip(LAND_CARDS, s.land_hand, strict=True) for _ in range(n)]
        animal = [c for c, n in zip(ANIMALS, s.animal_hand, strict=True) for _ in range(n)]
        seats.append({
            "money": s.money,
            "score": s.score,
            "hand": {"land": land, "animal": animal},
            "land": [names[h] for h in sorted(s.land_hexes)],
            "animals": {a: [names[h] for h in sorted(hexes)]
                        for a, hexes in zip(ANIMALS, s.animal_hexes, strict=True) if hexes},
            "haciendas": [names[h] for h in state.haciendas if state.owner[h] == i],
            "harvest": [names[h] for h in state.chips if state.owner[h] == i],
        })
    return {
        "format": "hacienda-scenario/1", "map": map_name, "players": state.players,
        "seed": state.seed, "variants": sorted(state.variants),
        "start_player": state.start_player, "current_player": state.current,
        "round": state.round, "stack": min(state.stack, 2),
        "face_up": {"land": [c for c in state.land_face_up if c],
                    "animal": [c for c in state.animal_face_up if c]},
        "seats": seats,
        "water": [[names[h] for h in t] for t in state.water_tiles
                  if not (len(t) == 1 and t[0] in starting)],
    }


def from_game(map_name: str, players: int, seed: int, steps: int, name: str) -> Path:
    """Play a random game until the first turn start after ``steps`` actions."""
    state = new_game(map_name, players, seed)
    rng = random.Random(seed)
    while not state.is_over() and (len(state.history) < steps or state.actions_taken):
        state.apply(state.random_action(rng))
    path = GOLDEN / f"{name}.json"
    data = {"format": FORMAT,
            "note": f"random game on {map_name}, {players} players, seed {seed},"
                    f" after {len(state.history)} actions (tools/make_golden.py --from-game)",
            "scenario": scenario_from_state(state, map_name), "actions": [], "expected": None}
    data["expected"] = counts(position(path, data))
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on change")
    parser.add_argument("--from-game", nargs=5, metavar=("MAP", "PLAYERS", "SEED", "STEPS",
                                                         "NAME"))
    parser.add_argument("files", nargs="*", type=Path, help="golden files (default: all)")
    args = parser.parse_args(argv)
    if args.from_game:
        m, p, s, n, name = args.from_game
        print(f"wrote {from_game(m, int(p), int(s), int(n), name)}")
        return 0
    changed = 0
    for path in args.files or sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        now = counts(position(path, data))
        expected = data.get("expected")
        print("\n".join(summary(path.stem, expected, now)))
        if expected != now:
            changed += 1
            if not args.check:
                data["expected"] = now
                path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{changed} file(s) {'differ' if args.check else 'updated'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
