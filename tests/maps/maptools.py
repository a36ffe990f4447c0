"""Helpers the map tests share: loading a script from tools/, playing a game out."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from hacienda_game.engine import GameState

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
HAZ = ROOT / "tests" / "data" / "haz"
MAX_ACTIONS = 20_000


def tool(name: str) -> ModuleType:
    """A script in tools/ as a module (loaded once)."""
    key = f"_tools_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


def play_out(state: GameState, seed: int) -> int:
    """Play random legal actions until the game is over; the number played."""
    rng = random.Random(seed)
    for played in range(MAX_ACTIONS):
        if state.is_over():
            return played
        state.apply(state.random_action(rng))
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")
