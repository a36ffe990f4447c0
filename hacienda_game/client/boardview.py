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
        """The hex under a canvas point, or None."""
        if not self.rect.inflate(8, 8).collidepoint(pos):
            return None
        best, best_d = None, self.radius * self.radius
        px, py = pos
        for h, (cx, cy) in enumerate(self.centres):
            d = (cx - px) ** 2 + (cy - py) ** 2
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

