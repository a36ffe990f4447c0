"""The typed rooms pass a strict type checker (mypy --strict, configured in
pyproject.toml): one line of `ROOMS` per room."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOMS = [
    "hacienda_game/engine",
    "hacienda_game/session",
    "hacienda_game/net",
]


def test_the_typed_rooms_pass_mypy_strict():
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e .[test])")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", *ROOMS], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
