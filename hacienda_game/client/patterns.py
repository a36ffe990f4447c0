"""Colour-blind patterns: with the setting on, every seat's pieces carry a bold
pattern of their own in high contrast (white on dark colours, ink on light
ones) over the largest part painted in the seat's colour: the band of a land
tile, the rim of an animal token, the roof of a hacienda (the emblem stays
solid).  Together with the
emblems the sprites always have, a board reads without any colour at all.

Seat 0 dots, 1 horizontal stripes, 2 diagonal stripes, 3 checks, 4 vertical
stripes.  The patterned frames are made once from the sprite sheet and added
to it under their own names (``land_2~p``), with the same anchors.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art.palette import PALETTE
from .assets import Sprites

PATTERNS: tuple[tuple[str, Callable[[int, int], bool]], ...] = (
    ("dots", lambda x, y: x % 3 == 1 and y % 3 == 1),
    ("horizontal stripes", lambda x, y: y % 3 == 0),
    ("diagonal stripes", lambda x, y: (x + y) % 4 < 2),
    ("checks", lambda x, y: (x // 2 + y // 2) % 2 == 0),
    ("vertical stripes", lambda x, y: x % 3 == 0),
)
SUFFIX = "~p"


def ink_for(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The palette colour that stands out most on a seat colour: white or ink."""
    r, g, b = colour
    light = (0.299 * r + 0.587 * g + 0.114 * b) / 255
    return PALETTE["k"] if light > 0.55 else PALETTE["w"]


def patterned(sprites: Sprites, name: str, colour: int) -> str:
    """The name of ``name`` (a piece of seat colour ``colour``) with its seat's
    pattern; made and added to the sprites the first time."""
    new = name + SUFFIX
    if new in sprites.frames:
        return new
    image = sprites.get(name).copy()
    seat = sprites.seat_colours[colour % len(sprites.seat_colours)]
    shade = sprites.seat_shades[colour % len(sprites.seat_shades)] if sprites.seat_shades \
        else seat
    ink = ink_for(seat)
    rule = PATTERNS[colour % len(PATTERNS)][1]
    w, h = image.get_size()
    px = pygame.PixelArray(image)
    try:
        colours = {(x, y): image.unmap_rgb(px[x, y]) for y in range(h) for x in range(w)}
        inside = {xy for xy, c in colours.items() if c.a and (c.r, c.g, c.b) != PALETTE["k"]}
        for x, y in _largest_part(inside):      # the band or rim, not the emblem
            c = colours[(x, y)]
            if (c.r, c.g, c.b) in (seat, shade) and rule(x, y):
                px[x, y] = (*ink, 255)
    finally:
        px.close()
    sprites.frames[new] = image
    sprites.anchors[new] = sprites.anchors.get(name, (w // 2, h // 2))
    return new


def _largest_part(cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The biggest 4-connected group of pixels: inside a piece's dark outlines, its
    band, rim or roof (the emblem, outlined apart, is a group of its own)."""
    best: set[tuple[int, int]] = set()
    left = set(cells)
    while left:
        start = left.pop()
        part, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in left:
                    left.remove(n)
                    part.add(n)
                    todo.append(n)
        if len(part) > len(best):
            best = part
    return best


def piece_name(sprites: Sprites, name: str, colour: int, on: bool) -> str:
    """A seat piece's frame, patterned when the setting is on."""
    return patterned(sprites, name, colour) if on else name
