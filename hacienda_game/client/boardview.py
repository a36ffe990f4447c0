"""The board on screen: the TMX map's layers drawn once, hex positions, hit tests.

The rules read only the ``board`` layer; the picture is every visible layer
of the map in document order, drawn as Tiled draws it (`render_map`, in
client/mappicture.py, from the one parse the maps loader made).  The static
picture is rendered once to a surface and scaled by a whole number to fit (or
shrunk to fit when a user map is too big); pieces are drawn at 1x (or a whole
multiple for big hexes), centred on the hexes.
"""

from __future__ import annotations

import pygame

from ..art.palette import PALETTE
from ..maps.board import Board
from .mappicture import render_map

SPACE_COLOURS = {
    "mountain": PALETTE["g"], "forest": PALETTE["D"], "meadow": PALETTE["L"],
    "rock": PALETTE["u"], "moor": PALETTE["O"], "pampas": PALETTE["y"],
    "market": PALETTE["r"], "water": PALETTE["B"],
}


def fit_scale(size: tuple[int, int], area: tuple[int, int]) -> float:
    """The largest whole-number scale that fits, or a shrink factor below 1."""
    w, h = size
    k = min(area[0] // max(1, w), area[1] // max(1, h))
    if k >= 1:
        return float(k)
    return min(area[0] / max(1, w), area[1] / max(1, h))


class BoardView:
    """The board drawn into an area of the canvas, with hex positions."""

    def __init__(self, board: Board, area: pygame.Rect, picture: pygame.Surface | None = None):
        self.board = board
        self.area = pygame.Rect(area)
        if picture is None:
            picture = render_map(board, board.path) if board.path else self._plain_picture()
        self.scale = fit_scale(picture.get_size(), self.area.size)
        size = (max(1, round(picture.get_width() * self.scale)),
                max(1, round(picture.get_height() * self.scale)))
        self.picture = picture if size == picture.get_size() else \
            pygame.transform.scale(picture, size)
        self.origin = (self.area.x + (self.area.width - size[0]) // 2,
                       self.area.y + (self.area.height - size[1]) // 2)
        layout = board.layout
        ox, oy = self.origin
        self.centres: list[tuple[int, int]] = [
            (round(ox + cx * self.scale), round(oy + cy * self.scale))
            for cx, cy in (layout.center(x, y) for x, y in board.cells)]
        # Pieces are made for 32-pixel hexes: a whole multiple on big hexes.
        hex_px = layout.tilewidth * self.scale
        self.piece_scale = max(1, int(hex_px // 32))
        # Hexes tile the plane, so the nearest centre is the hex under a point;
        # beyond a hex's corner radius the point lies off the board.
        self.radius = max(4.0, 0.6 * max(layout.tilewidth, layout.tileheight) * self.scale)
        self.rect = pygame.Rect(self.origin, size)

    def polygon(self, h: int) -> list[tuple[int, int]]:
        """Hex h's outline in canvas pixels."""
        ox, oy = self.origin
        x, y = self.board.cells[h]
        return [(round(ox + px * self.scale), round(oy + py * self.scale))
                for px, py in self.board.layout.polygon(x, y)]

    def _plain_picture(self) -> pygame.Surface:
        """A board without a file (tests, sketches): coloured hexes."""
        layout = self.board.layout
        surf = pygame.Surface(layout.map_size(self.board.width, self.board.height),
                              pygame.SRCALPHA)
        for (x, y), space in zip(self.board.cells, self.board.spaces, strict=True):
            points = layout.polygon(x, y)
            pygame.draw.polygon(surf, SPACE_COLOURS[space], points)
            pygame.draw.polygon(surf, PALETTE["k"], points, 1)
        return surf

    def hex_at(self, pos: tuple[int, int]) -> int | None:
        """The hex under a canvas point (its true hexagon), or None."""
        if not self.rect.collidepoint(pos):
            return None
        ox, oy = self.origin
        cell = self.board.layout.hex_at((pos[0] + 0.5 - ox) / self.scale,
                                        (pos[1] + 0.5 - oy) / self.scale, self.board.present)
        return self.board.index.get(cell)


def thumbnail(board: Board, size: tuple[int, int],
              paint: dict[int, tuple[int, int, int]] | None = None) -> pygame.Surface:
    """A small picture of a board from its cells: one coloured hex per space
    (``paint``: another colour for some hexes, e.g. the pieces of a saved game)."""
    layout = board.layout
    outlines = [layout.polygon(x, y) for x, y in board.cells]
    xs = [x for outline in outlines for x, _ in outline] or [0]
    ys = [y for outline in outlines for _, y in outline] or [0]
    w, h = max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))
    s = min((size[0] - 4) / w, (size[1] - 4) / h)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    ox = (size[0] - w * s) / 2 - min(xs) * s
    oy = (size[1] - h * s) / 2 - min(ys) * s
    paint = paint or {}
    for h, (outline, space) in enumerate(zip(outlines, board.spaces, strict=True)):
        points = [(ox + px * s, oy + py * s) for px, py in outline]
        pygame.draw.polygon(surf, paint.get(h, SPACE_COLOURS[space]), points)
    return surf
