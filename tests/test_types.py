"""The typed rooms pass a strict type checker (mypy --strict): the session
(the table, saves, the keeper ...); the engine and the network join here as
they are typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = ["hacienda_game/session"]


def test_the_typed_rooms_pass_mypy_strict():
    pytest.importorskip("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", *STRICT], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
