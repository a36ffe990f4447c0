"""Small pixel-art helpers shared by the asset generators in ``tools/`` (font,
tileset, sprites, prompts, previews).  It imports no generator: each generator
imports this.

Images are numpy RGBA arrays (height, width, 4) of uint8 with alpha 0 or 255,
coloured only from hacienda_game.art.palette.  Sprites are written as text, one
palette letter per pixel and '.' for clear; seat sprites use the digits
1 (seat colour), 2 (its shade) and 3 (its light) so one drawing serves all
five seats.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

import numpy as np

from .palette import PALETTE

Image = np.ndarray
HEX_TILE = 32      # the game tileset's pointy-top hex: 32x32 pixels ...
HEX_SIDE = 16      # ... with vertical sides 16 pixels long (Tiled's hexsidelength)


def hex_mask(tile: int = HEX_TILE, side: int = HEX_SIDE) -> np.ndarray:
    """Pixels inside the hexagon: 2:1 slanted edges that tile exactly in Tiled."""
    off_y = (tile - side) // 2
    mask = np.zeros((tile, tile), dtype=bool)
    for y in range(tile):
        if y < off_y:
            half = 2 * y + 1
        elif y >= tile - off_y:
            half = 2 * (tile - 1 - y) + 1
        else:
            half = tile // 2
        mask[y, tile // 2 - half:tile // 2 + half] = True
    return mask


def png_bytes(rgba: np.ndarray) -> bytes:
    """An RGBA image as a PNG file (no dependencies beyond zlib)."""
    height, width, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def rgba(letter: str) -> tuple[int, int, int, int]:
    return PALETTE[letter] + (255,)


def blank(width: int, height: int) -> Image:
    return np.zeros((height, width, 4), dtype=np.uint8)


def draw(text: str, inks: dict[str, str] | None = None) -> Image:
    """A text drawing as an image; short rows are padded with clear pixels."""
    rows = [line.strip() for line in text.strip().splitlines()]
    image = blank(max(len(row) for row in rows), len(rows))
    for y, row in enumerate(rows):
        for x, letter in enumerate(row):
            if letter != ".":
                image[y, x] = rgba((inks or {}).get(letter, letter))
    return image


def mask_of(image: Image) -> np.ndarray:
    return image[..., 3] > 0


def grow(mask: np.ndarray, diagonal: bool = True) -> np.ndarray:
    """The mask plus every pixel next to it (8 neighbours, or 4 without diagonals)."""
    padded = np.pad(mask, 1)
    out = mask.copy()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dy or dx) and (diagonal or not (dy and dx)):
                out |= padded[1 + dy:1 + dy + mask.shape[0], 1 + dx:1 + dx + mask.shape[1]]
    return out


def shrink(mask: np.ndarray) -> np.ndarray:
    """The mask minus its 4-connected edge; beyond the image counts as outside."""
    return ~grow(~np.pad(mask, 1), diagonal=False)[1:-1, 1:-1]


def outline(image: Image, letter: str = "k", diagonal: bool = True) -> Image:
    """Pad by one pixel and ring every opaque shape with a 1-pixel outline."""
    padded = np.pad(image, ((1, 1), (1, 1), (0, 0)))
    solid = mask_of(padded)
    ring = grow(solid, diagonal) & ~solid
    padded[ring] = rgba(letter)
    return padded


def paste(target: Image, source: Image, x: int, y: int) -> None:
    """Opaque pixels of source over target at (x, y), clipped to the target."""
    h, w = source.shape[:2]
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, target.shape[1]), min(y + h, target.shape[0])
    if x0 >= x1 or y0 >= y1:
        return
    part = source[y0 - y:y1 - y, x0 - x:x1 - x]
    region = target[y0:y1, x0:x1]
    region[mask_of(part)] = part[mask_of(part)]


def paste_centred(target: Image, source: Image, dx: int = 0, dy: int = 0) -> None:
    paste(target, source, (target.shape[1] - source.shape[1]) // 2 + dx,
          (target.shape[0] - source.shape[0]) // 2 + dy)


def fill(mask: np.ndarray, letter: str) -> Image:
    image = blank(mask.shape[1], mask.shape[0])
    image[mask] = rgba(letter)
    return image


def scale(image: Image, factor: int) -> Image:
    return image.repeat(factor, axis=0).repeat(factor, axis=1)


def recolour(image: Image, mapping: dict[str, str]) -> Image:
    """Swap palette colours, e.g. {'w': 'y'} turns every white pixel yellow."""
    out = image.copy()
    for old, new in mapping.items():
        hit = np.all(image == rgba(old), axis=-1)
        out[hit] = rgba(new)
    return out


def disc(size: int) -> np.ndarray:
    """A filled circle of the given diameter, measured at pixel centres."""
    centre = (size - 1) / 2
    y, x = np.mgrid[0:size, 0:size]
    return (x - centre) ** 2 + (y - centre) ** 2 <= (size / 2) ** 2 - 0.5


def json_text(data: object) -> str:
    """Indented JSON with short lists (rectangles, colours, anchors) kept on one line."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    return re.sub(r"\[\s+([^\[\]{}]*?)\s+\]",
                  lambda match: "[" + " ".join(match.group(1).split()) + "]", text) + "\n"


def write_sheet(out: Path, stem: str, image: Image, meta: dict) -> tuple[Path, Path]:
    """Write <stem>.png and <stem>.json into out (made if missing)."""
    out.mkdir(parents=True, exist_ok=True)
    png, table = out / f"{stem}.png", out / f"{stem}.json"
    png.write_bytes(png_bytes(image))
    table.write_text(json_text(meta), encoding="utf-8")
    return png, table
