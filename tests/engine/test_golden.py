"""Golden positions and their legal-action counts (like python-chess's perft files).

Each ``tests/data/golden/*.json`` holds a scenario (CONTRACTS §3; its map is a
built-in name or a path relative to the golden file), optional ``actions``
applied after setting it up, and ``expected``: legal actions in total and per
kind.  ``tools/make_golden.py`` recomputes them; the ``note`` of the files
counted by hand says how.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from hacienda_game.engine import KINDS, load_scenario, parse_action
from hacienda_game.maps import load_board

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def _position(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    scenario = data["scenario"]
    board = load_board(scenario["map"], relative_to=path.parent)
    state = load_scenario(scenario, board=board)
    for text in data.get("actions", []):
        state.apply(text)
    return data, state


def test_enough_diverse_golden_positions():
    assert len(FILES) >= 12
    hand_counted = [p for p in FILES if "by hand" in json.loads(p.read_text())["note"]]
    assert len(hand_counted) >= 4


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_legal_action_counts_match_golden(path: Path):
    data, state = _position(path)
    legal = state.legal_actions()
    by_kind = Counter(a.kind for a in legal)
    assert set(by_kind) <= set(KINDS)
    got = {"total": len(legal), "by_kind": dict(by_kind)}
    assert got == data["expected"], (
        f"{path.name}: legal actions changed; if the rules changed on purpose, check by hand"
        " and run tools/make_golden.py")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_actions_are_legal_and_round_trip(path: Path):
    _, state = _position(path)
    before = state.snapshot()
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    for a in legal:
        assert parse_action(str(a)) == a
        assert parse_action("  " + str(a).upper().replace(" ", "   ") + " ") == a
        assert state.is_legal(a), f"{a}: {state.explain(a)}"
        state.clone().apply(a)
    assert state.snapshot() == before
