"""The board on screen: the TMX map's layers drawn once, hex positions, hit tests.

The rules read only the ``board`` layer; the picture is every visible layer
of the map in document order (tile layers with their tilesets, flips and
offsets, image layers, tile objects), read with plain pytmx after the same
safety checks the maps loader makes.  The static picture is rendered once to
a surface and scaled by a whole number to fit (or shrunk to fit when a user
map is too big); pieces are drawn at 1x (or a whole multiple for big hexes),
centred on the hexes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pygame

from ..art.palette import PALETTE
from ..i18n import _
from ..maps.board import Board, BoardError
from ..maps.tmx import CANNOT_BE_READ, check_map, import_pytmx
from ..maps.tmxfile import Scan, read_xml

SPACE_COLOURS = {
    "mountain": PALETTE["g"], "forest": PALETTE["D"], "meadow": PALETTE["L"],
    "rock": PALETTE["u"], "moor": PALETTE["O"], "pampas": PALETTE["y"],
    "market": PALETTE["r"], "water": PALETTE["B"],
}


def _layer_order(root: Element) -> list[tuple[str, str | None, str | None, int, int, bool]]:
    """(tag, id, name, offset x, offset y, visible) of every drawable layer in
    document order; group layers add their offsets and hide their children."""
    out: list[tuple[str, str | None, str | None, int, int, bool]] = []

    def walk(node: Element, ox: float, oy: float, visible: bool) -> None:
        for child in node:
            if child.tag not in ("layer", "imagelayer", "objectgroup", "group"):
                continue
            x = ox + float(child.get("offsetx", 0) or 0)
            y = oy + float(child.get("offsety", 0) or 0)
            vis = visible and child.get("visible", "1") != "0" and \
                float(child.get("opacity", 1) or 1) > 0
            if child.tag == "group":
                walk(child, x, y, vis)
            else:
                out.append((child.tag, child.get("id"), child.get("name"), round(x), round(y),
                            vis))

    walk(root, 0, 0, True)
    return out


class _Images:
    """Tileset images loaded with pygame, cut and flipped per gid."""

    def __init__(self) -> None:
        self.files: dict[str, pygame.Surface | None] = {}

    def load(self, desc: Any) -> pygame.Surface | None:
        if not desc:
            return None
        filename, rect, flags = desc
        if filename not in self.files:
            try:
                self.files[filename] = pygame.image.load(filename)
            except (OSError, pygame.error):
                self.files[filename] = None   # a missing picture is left out, not fatal
        image = self.files[filename]
        if image is None:
            return None
        if rect is not None:
            r = pygame.Rect(rect).clip(image.get_rect())
            if r.width <= 0 or r.height <= 0:
                return None
            image = image.subsurface(r)
        if flags is not None and not isinstance(flags, int):
            if flags.flipped_diagonally:
                image = pygame.transform.flip(pygame.transform.rotate(image, 270), True, False)
            if flags.flipped_horizontally or flags.flipped_vertically:
                image = pygame.transform.flip(image, flags.flipped_horizontally,
                                              flags.flipped_vertically)
        return image


def render_map(board: Board, path: str | Path) -> pygame.Surface:
    """Every visible layer of a map, in order, at the map's own pixel size."""
    path = Path(path)
    report = check_map(path)
    if report.errors:
        raise BoardError(report.errors)
    root = read_xml(path, str(path), Scan())
    if root is None:
        raise BoardError([_(CANNOT_BE_READ).format(file=path)])
    pytmx = import_pytmx()
    tiled = pytmx.TiledMap(allow_duplicate_names=True)
    tiled.filename = str(path)
    tiled.parse_xml(root)
    layout = board.layout
    size = layout.map_size(board.width, board.height)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    images = _Images()
    by_id = {str(getattr(layer, "id", "")): layer for layer in tiled.layers}
    by_name: dict[str | None, list[Any]] = {}
    for layer in tiled.layers:
        by_name.setdefault(layer.name, []).append(layer)
    th = tiled.tileheight
    offsets = {ts.firstgid: getattr(ts, "offset", (0, 0)) for ts in tiled.tilesets}
    for tag, lid, name, ox, oy, visible in _layer_order(root):
        layer = by_id.get(str(lid)) if lid is not None else None
        if layer is None and by_name.get(name):
            layer = by_name[name].pop(0)
        if layer is None or not visible:
            continue
        if tag == "layer":
            for x, y, gid in layer.iter_data():
                if not gid:
                    continue
                image = images.load(tiled.images[gid] if gid < len(tiled.images) else None)
                if image is None:
                    continue
                px, py = layout.top_left(x, y)
                tx, ty = _tile_offset(tiled, gid, offsets)
                surface.blit(image, (px + ox + tx, py + th - image.get_height() + oy + ty))
        elif tag == "imagelayer":
            gid = getattr(layer, "gid", 0)
            image = images.load(tiled.images[gid] if gid and gid < len(tiled.images) else None)
            if image is not None:
                surface.blit(image, (ox, oy))
        else:
            for obj in layer:
                if not getattr(obj, "gid", 0) or not getattr(obj, "visible", 1):
                    continue
                image = images.load(tiled.images[obj.gid] if obj.gid < len(tiled.images)
                                    else None)
                if image is None:
                    continue
                w, h = int(obj.width or image.get_width()), int(obj.height or image.get_height())
                if (w, h) != image.get_size() and w > 0 and h > 0:
                    image = pygame.transform.scale(image, (w, h))
                surface.blit(image, (round(obj.x) + ox, round(obj.y) + oy))
    return surface


def _tile_offset(tiled: Any, gid: int, offsets: dict[int, Any]) -> tuple[int, int]:
    real = tiled.tiledgidmap.get(gid, gid)
    first = max((f for f in offsets if f <= real), default=None)
    off = offsets.get(first) if first is not None else None
    try:
        return int(off[0]), int(off[1])
    except (TypeError, IndexError, ValueError):
        return 0, 0


def fit_scale(size: tuple[int, int], area: tuple[int, int]) -> float:
    """The largest whole-number scale that fits, or a shrink factor below 1."""
    w, h = size
    k = min(area[0] // max(1, w), area[1] // max(1, h))
    if k >= 1:
        return float(k)
    return min(area[0] / max(1, w), area[1] / max(1, h))


ZOOMS = (1.5, 2.0, 3.0)      # the closer looks beyond "fit"


class BoardView:
    """The board drawn into an area of the canvas: a view transform (fit, zoom,
    pan) from map pixels to canvas pixels, hex positions and hit tests.

    ``scale`` and ``origin`` are the transform (canvas = origin + map x scale);
    ``centres`` are the hex centres on the canvas for the current transform.
    "Fit" shows every hex in the area: a whole-number scale when one fits, else
    the shrink that fits; zooming picks a closer look and pans with the pointer,
    the keys or the pad cursor.
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
        return [self.fit] + [self.fit * z if self.fit < 1 else float(round(self.fit * z))
                             for z in ZOOMS]

    def set_zoom(self, level: int, anchor: tuple[float, float] | None = None) -> None:
        """Zoom to a level (0 = fit); the map point under ``anchor`` (a canvas
        point) stays where it is."""
        level = max(0, min(len(ZOOMS), level))
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
        """The hex under a canvas point, or None (off the board or outside its area)."""
        if not self.area.collidepoint(pos):
            return None
        mx, my = self.to_map(pos)
        best, best_d = None, self.radius * self.radius
        for h, (cx, cy) in enumerate(self.map_centres):
            d = (cx - mx) ** 2 + (cy - my) ** 2
            if d < best_d:
                best, best_d = h, d
        return best


def thumbnail(board: Board, size: tuple[int, int],
              paint: dict[int, tuple[int, int, int]] | None = None) -> pygame.Surface:
    """A small picture of a board from its cells: one coloured hex per space
    (``paint``: another colour for some hexes, e.g. the pieces of a saved game)."""
    layout = board.layout
    w, h = layout.map_size(board.width, board.height)
    s = min((size[0] - 4) / max(1, w), (size[1] - 4) / max(1, h))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    ox = (size[0] - w * s) / 2
    oy = (size[1] - h * s) / 2
    paint = paint or {}
    for h, ((x, y), space) in enumerate(zip(board.cells, board.spaces, strict=True)):
        points = [(ox + px * s, oy + py * s) for px, py in layout.polygon(x, y)]
        pygame.draw.polygon(surf, paint.get(h, SPACE_COLOURS[space]), points)
    return surf

