"""Helpers the map tests share: loading a script from tools/, playing a game out."""

from __future__ import annotations

import importlib
import random
import struct
import zlib
from pathlib import Path
from types import ModuleType

import numpy as np

from hacienda_game.engine import GameState

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
HAZ = ROOT / "tests" / "data" / "haz"
MAX_ACTIONS = 20_000


def tool(name: str) -> ModuleType:
    """A script in tools/ as a module: ``tools.NAME`` (pytest puts the checkout
    on the path, see pyproject.toml)."""
    return importlib.import_module(f"tools.{name}")


def play_out(state: GameState, seed: int) -> int:
    """Play random legal actions until the game is over; the number played."""
    rng = random.Random(seed)
    for played in range(MAX_ACTIONS):
        if state.is_over():
            return played
        state.apply(state.random_action(rng))
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


def read_png(path: Path) -> np.ndarray:
    """An 8-bit RGB or RGBA PNG (as Qt writes them) as an (height, width, 4) array."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    channels = 4 if colour == 6 else 3
    stride = width * channels
    raw = zlib.decompress(idat)
    rows = np.zeros((height, stride), dtype=np.int32)
    previous = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).astype(np.int32)
        if kind == 0:
            row = line
        elif kind == 2:
            row = (line + previous) & 255
        else:                      # 1 sub, 3 average, 4 Paeth: left-dependent, byte by byte
            row = line.copy()
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                up = previous[i]
                up_left = previous[i - channels] if i >= channels else 0
                if kind == 1:
                    guess = left
                elif kind == 3:
                    guess = (left + up) >> 1
                else:
                    p = left + up - up_left
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                    guess = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
                row[i] = (line[i] + guess) & 255
        rows[y] = row
        previous = row
    pixels = rows.reshape(height, width, channels).astype(np.uint8)
    if channels == 3:
        pixels = np.concatenate([pixels, np.full((height, width, 1), 255, np.uint8)], axis=2)
    return pixels


def drawn_touching(cells: np.ndarray) -> set[tuple[int, int]]:
    """Pairs of cell codes (x + 100 y) whose pixels touch along at least 3
    pixels in a picture of cell codes (-1 for none)."""
    touching: dict[tuple[int, int], int] = {}
    for a, b in ((cells[:, :-1], cells[:, 1:]), (cells[:-1, :], cells[1:, :])):
        edge = (a >= 0) & (b >= 0) & (a != b)
        for p, q in zip(a[edge], b[edge], strict=True):
            pair = (int(min(p, q)), int(max(p, q)))
            touching[pair] = touching.get(pair, 0) + 1
    return {pair for pair, pixels in touching.items() if pixels >= 3}


def board_pairs(board) -> set[tuple[int, int]]:
    """The board's neighbour pairs as cell codes (x + 100 y)."""
    def code(h: int) -> int:
        x, y = board.cells[h]
        return x + 100 * y
    return {(min(code(h), code(n)), max(code(h), code(n)))
            for h in range(len(board)) for n in board.adjacent[h]}
