"""The board on screen: the TMX map's layers drawn once, hex positions, hit tests.

The rules read only the ``board`` layer; the picture is every visible layer
of the map in document order, drawn as Tiled draws it (`render_map`, in
client/mappicture.py, from the one parse the maps loader made).  The static
picture is rendered once; the view transform (fit, zoom, pan) scales it by a
whole number when one fits (or shrinks it to fit) and zooms closer on demand;
pieces are drawn on the map picture at 1x (or a whole multiple for big hexes).
"""

from __future__ import annotations

import math
from typing import Literal

import pygame

from ..art.palette import MARKET, PALETTE
from ..maps.board import Board
from ..maps.tiledmap import TiledMap
from ..maps.tmx import read_checked
from .assets import GOLD, INK, WHITE
from .mappicture import render_map

SPACE_COLOURS = {
    "mountain": PALETTE["g"], "forest": PALETTE["D"], "meadow": PALETTE["L"],
    "rock": PALETTE["u"], "moor": PALETTE["O"], "pampas": PALETTE["y"],
    "market": MARKET, "water": PALETTE["a"],     # as the board's market tile is painted
}


def fit_scale(size: tuple[int, int], area: tuple[int, int]) -> float:
    """The largest whole-number scale that fits, or a shrink factor below 1."""
    w, h = size
    k = min(area[0] // max(1, w), area[1] // max(1, h))
    if k >= 1:
        return float(k)
    return min(area[0] / max(1, w), area[1] / max(1, h))


ZOOMS = (1.0, 1.5, 2.0, 3.0)      # the closer looks beyond "fit" (scales, at least 1.2x it)
TINT_ALPHA = 130                  # how strongly an owned land tile shows its owner's colour


def hacienda_spot(on_land: bool, colour: int) -> tuple[str, tuple[int, int]]:
    """A hacienda's frame and where its anchor goes from the hex centre (map
    pixels for 32-pixel hexes): large and raised on a land tile (whose emblem
    it then carries); small in the lower right of an animal's token, so the
    animal stays in sight."""
    if on_land:
        return f"hacienda_{colour}", (0, -6)
    return f"hacienda_small_{colour}", (8, 7)


def owner_tint(board: Board, rgb: tuple[int, int, int]) -> pygame.Surface:
    """The owner's colour, half see-through, over a land tile's whole face (drawn
    under the tile's ring and emblem, so the terrain, which decides chains, shows
    through): one hex of the board's layout, its top left at the tile's corner."""
    layout = board.layout
    x, y = board.cells[0]
    ox, oy = layout.top_left(x, y)
    surf = pygame.Surface((layout.tilewidth, layout.tileheight), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (*rgb, TINT_ALPHA),
                        [(px - ox, py - oy) for px, py in layout.polygon(x, y)])
    return surf


class BoardView:
    """The board drawn into an area of the canvas: a view transform (fit, zoom,
    pan) from map pixels to canvas pixels, hex positions and hit tests.

    ``scale`` and ``origin`` are the transform (canvas = origin + map x scale);
    ``centres`` are the hex centres on the canvas for the current transform.
    "Fit" shows every hex in the area: a whole-number scale when one fits, else
    the shrink that fits; zooming picks a closer look (1x, 1.5x, 2x, 3x, those
    at least 1.2 times fit) and pans with the pointer, the keys or the pad cursor.
    """

    def __init__(self, board: Board, area: pygame.Rect, picture: pygame.Surface | None = None):
        self.board = board
        if picture is None:
            picture = render_map(board, board.path) if board.path else self._plain_picture()
        self.base = picture
        layout = board.layout
        self.map_centres: list[tuple[float, float]] = [layout.center(x, y)
                                                       for x, y in board.cells]
        points = [p for x, y in board.cells for p in layout.polygon(x, y)] or [(0, 0)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        # What "fit" shows: every hex (the picture around them may be cut).
        self.bounds = pygame.Rect(min(xs), min(ys), max(1, max(xs) - min(xs)),
                                  max(1, max(ys) - min(ys)))
        # Pieces are made for 32-pixel hexes: a whole multiple on big hexes.
        self.piece_scale = max(1, int(layout.tilewidth // 32))
        self.zoom = 0                      # 0 = fit, else an index + 1 into ZOOMS
        self._pictures: dict[float, pygame.Surface] = {}
        self._tiled: TiledMap | Literal[False] | None = None   # read when first animated
        self._frames: tuple[int, ...] = ()                     # the animation state shown
        self.pan = (float(self.bounds.centerx), float(self.bounds.centery))
        self.version = 0                   # changes with every new transform
        self.set_area(area)

    # ----------------------------------------------------------- transform
    def set_area(self, area: pygame.Rect) -> None:
        self.area = pygame.Rect(area)
        self.fit = fit_scale(self.bounds.size, self.area.size)
        self._apply()

    @property
    def zooms(self) -> list[float]:
        """Every scale the view offers: fit first, then the closer looks."""
        closer = [z for z in ZOOMS if z > self.fit * 1.2][:3]
        return [self.fit] + closer

    def set_zoom(self, level: int, anchor: tuple[float, float] | None = None) -> None:
        """Zoom to a level (0 = fit); the map point under ``anchor`` (a canvas
        point) stays where it is."""
        level = max(0, min(len(self.zooms) - 1, level))
        if anchor is not None:
            mx, my = self.to_map(anchor)
        self.zoom = level
        if level == 0:
            self.pan = (float(self.bounds.centerx), float(self.bounds.centery))
            self._apply()
            return
        scale = self.zooms[level]
        if anchor is not None:
            ax, ay = anchor
            self.pan = (mx - (ax - self.area.centerx) / scale,
                        my - (ay - self.area.centery) / scale)
        self._apply()

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the view by canvas pixels."""
        self.pan = (self.pan[0] + dx / self.scale, self.pan[1] + dy / self.scale)
        self._apply()

    def follow(self, h: int, margin: int = 40) -> bool:
        """Pan so hex h is well inside the area; True if the view moved."""
        cx, cy = self.centres[h]
        inner = self.area.inflate(-2 * margin, -2 * margin)
        dx = min(0, cx - inner.left) + max(0, cx - inner.right)
        dy = min(0, cy - inner.top) + max(0, cy - inner.bottom)
        if not dx and not dy:
            return False
        self.pan_by(dx, dy)
        return True

    def _apply(self) -> None:
        scale = self.zooms[self.zoom] if self.zoom else self.fit
        self.scale = scale
        b = self.bounds
        # Keep the board in the area: centred when it is smaller, else no gap.
        half_w, half_h = self.area.width / 2 / scale, self.area.height / 2 / scale
        px, py = self.pan
        px = b.centerx if b.width <= 2 * half_w else max(b.left + half_w,
                                                          min(b.right - half_w, px))
        py = b.centery if b.height <= 2 * half_h else max(b.top + half_h,
                                                           min(b.bottom - half_h, py))
        self.pan = (px, py)
        self.origin = (round(self.area.centerx - px * scale),
                       round(self.area.centery - py * scale))
        ox, oy = self.origin
        self.centres: list[tuple[int, int]] = [(round(ox + cx * scale), round(oy + cy * scale))
                                               for cx, cy in self.map_centres]
        size = self.base.get_size()
        self.rect = pygame.Rect(self.origin, (max(1, round(size[0] * scale)),
                                              max(1, round(size[1] * scale))))
        self.radius = max(4.0, 0.6 * max(self.board.layout.tilewidth,
                                         self.board.layout.tileheight))
        self.version += 1

    def scaled(self, image: pygame.Surface) -> pygame.Surface:
        """A map-sized picture at the view's scale (nearest pixels, never smoothed)."""
        size = (max(1, round(image.get_width() * self.scale)),
                max(1, round(image.get_height() * self.scale)))
        return image if size == image.get_size() else pygame.transform.scale(image, size)

    def animate(self, ms: int) -> bool:
        """Show the map's animated tiles as they are ``ms`` milliseconds into
        their animations (the game loop's clock); True when the picture
        changed (whoever keeps a copy of `base` draws it again)."""
        if not self.board.path:
            return False
        if self._tiled is None:
            self._tiled = read_checked(self.board.path)[1] or False
        if not self._tiled or not self._tiled.animated_tiles():
            return False
        state = self._tiled.frame_state(ms)
        if state == self._frames:
            return False
        self._frames = state
        self.base = render_map(self.board, self.board.path, ms)
        self._pictures.clear()
        return True

    @property
    def picture(self) -> pygame.Surface:
        """The map picture at the current scale."""
        pic = self._pictures.get(self.scale)
        if pic is None:
            pic = self._pictures[self.scale] = self.scaled(self.base)
        return pic

    @property
    def hex_px(self) -> float:
        """How wide a hex is on the canvas now."""
        return self.board.layout.tilewidth * self.scale

    def to_map(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A canvas point in map pixels."""
        return ((pos[0] - self.origin[0]) / self.scale, (pos[1] - self.origin[1]) / self.scale)

    def to_screen(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A map point in canvas pixels."""
        return (round(self.origin[0] + pos[0] * self.scale),
                round(self.origin[1] + pos[1] * self.scale))

    def polygon(self, h: int) -> list[tuple[int, int]]:
        """Hex h's outline in canvas pixels."""
        x, y = self.board.cells[h]
        return [self.to_screen(p) for p in self.board.layout.polygon(x, y)]

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
        """The hex under a canvas point (its true hexagon), or None (off the
        board or outside the view's area)."""
        if not self.area.collidepoint(pos) or not self.rect.collidepoint(pos):
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


# ------------------------------------------------------------- marks on hexes
_marks: dict[tuple[str, int], pygame.Surface] = {}


def _hex_sized(sprites, name: str, size: int) -> pygame.Surface:
    """A hex-sized frame at a hex's size on the canvas (nearest pixels, cached)."""
    key = (name, size)
    image = _marks.get(key)
    if image is None:
        frame = sprites.get(name)
        image = pygame.transform.scale(frame, (size, round(frame.get_height() * size
                                                          / frame.get_width())))
        if len(_marks) > 32:
            _marks.clear()
        _marks[key] = image
    return image


def draw_illegal(surface: pygame.Surface, view: BoardView, sprites, h: int) -> None:
    """"Not here" on hex h: barrier tape and a cross, in no seat's colour."""
    size = max(8, round(view.board.layout.tilewidth * view.scale))
    image = _hex_sized(sprites, "hex_illegal", size)
    surface.blit(image, image.get_rect(center=view.centres[h]))


def _inset(points: list[tuple[int, int]], centre: tuple[int, int],
           by: float) -> list[tuple[float, float]]:
    """The polygon moved ``by`` pixels towards (or, negative, away from) its centre."""
    cx, cy = centre
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x - (x - cx) * by / d, y - (y - cy) * by / d))
    return out


def draw_hex_cursor(surface: pygame.Surface, view: BoardView, sprites, h: int,
                    t: float) -> None:
    """The pad's hex cursor, unmistakable from three metres: the hex lit and
    ringed by a thick band (ink, white, then gold blinking with white) and a big
    gold arrow bobbing over it."""
    poly = view.polygon(h)
    centre = view.centres[h]
    xs, ys = [x for x, _ in poly], [y for _, y in poly]
    box = pygame.Rect(min(xs) - 6, min(ys) - 6, max(xs) - min(xs) + 13, max(ys) - min(ys) + 13)
    light = pygame.Surface(box.size, pygame.SRCALPHA)
    glow = round(40 + 40 * (1 + math.sin(t * 6)) / 2)
    pygame.draw.polygon(light, (*WHITE, glow), [(x - box.x, y - box.y) for x, y in poly])
    surface.blit(light, box.topleft)
    for by, colour, width in ((-3, INK, 4), (0, WHITE, 3),
                              (3, GOLD if int(t * 4) % 2 else WHITE, 3), (5, INK, 1)):
        pygame.draw.polygon(surface, colour, _inset(poly, centre, by), width)
    arrow = sprites.get("pad_arrow")
    zoom = 2 if view.hex_px >= 24 else 1
    if zoom > 1:
        arrow = pygame.transform.scale_by(arrow, zoom)
    ax, ay = sprites.anchors.get("pad_arrow", (arrow.get_width() // 2, arrow.get_height() - 1))
    bob = round(3 * (1 + math.sin(t * 7)) / 2)
    tip = (centre[0], min(ys) - 4 - bob)
    surface.blit(arrow, (tip[0] - ax * zoom, tip[1] - ay * zoom))
