"""The picture of a TMX map, drawn as Tiled draws it (``tmxrasterizer``).

Every visible layer in document order from the one `TiledMap` the maps
loader read (`read_checked`): tile layers cell by cell, each tile at its
bottom-left corner plus its tileset's tile offset, with every flip and the
hex rotation bits (60 and 120 degrees, turned about the tile's centre, as
Tiled's ``CellRenderer``); image layers (repeated when asked); tile objects
at their alignment point, scaled and rotated.  Layer offsets (with their
groups'), opacity and tint colour apply as Tiled applies them, and the
picture keeps Tiled's margins around the map (big tiles, offsets) instead
of cutting it to the map's size.  Text objects are not drawn.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pygame

from ..art.palette import PALETTE
from ..maps.board import Board, BoardError
from ..maps.hexgrid import HexLayout
from ..maps.reasons import MapFile, MapProblem
from ..maps.tiledmap import (
    FLIP_D,
    FLIP_H,
    FLIP_V,
    ROTATE_120,
    Image,
    Layer,
    MapObject,
    TiledMap,
    tile_id,
)
from ..maps.tmx import CANNOT_BE_READ, read_checked

# Where an object's anchor (x, y) sits on its picture, as fractions of its size.
ALIGNMENT = {
    "topleft": (0, 0), "top": (0.5, 0), "topright": (1, 0),
    "left": (0, 0.5), "center": (0.5, 0.5), "right": (1, 0.5),
    "bottomleft": (0, 1), "bottom": (0.5, 1), "bottomright": (1, 1),
}
_pictures: OrderedDict[tuple, pygame.Surface] = OrderedDict()
PICTURE_CACHE = 2
ANIMATION_CACHE_PIXELS = 16 * 1024 * 1024   # pictures of an animated map's frames kept


def render_map(board: Board, path: str | Path, ms: int = 0) -> pygame.Surface:
    """Every visible layer of a map, in order, at the map's own pixel size
    with Tiled's margins (`HexLayout.picture_size`); animated tiles as they
    are ``ms`` milliseconds into their animations (0: frame 0, Tiled's still
    picture)."""
    path = Path(path)
    report, tiled = read_checked(path)
    if report.errors:
        raise BoardError(report.errors)
    if tiled is None:
        raise BoardError([MapProblem("unreadable", CANNOT_BE_READ, file=MapFile(path))])
    st = path.stat()
    # id(tiled): a new reading of the map (its tileset or pictures changed)
    key = (str(path), st.st_mtime_ns, st.st_size, id(tiled), board.layout,
           tiled.frame_state(ms))
    if key in _pictures:
        _pictures.move_to_end(key)
        return _pictures[key]
    surface = Painter(tiled, board.layout, ms).draw(board.layout.picture_size(board.width,
                                                                               board.height))
    plain_where_empty(surface, board)
    _pictures[key] = surface
    while len(_pictures) > PICTURE_CACHE and (
            len(_pictures) > 24 or sum(p.get_width() * p.get_height()
                                       for p in _pictures.values()) > ANIMATION_CACHE_PIXELS):
        _pictures.popitem(last=False)
    return surface


def plain_where_empty(surface: pygame.Surface, board: Board) -> int:
    """Every hex of the board with nothing drawn at its centre (its tileset's
    picture missing or empty) painted as the map lists show it: the colour of
    its space, outlined; how many were painted.  The board is never invisible."""
    # boardview draws with this module: imported when first needed
    from .boardview import SPACE_COLOURS

    painted = 0
    rect = surface.get_rect()
    for (x, y), space in zip(board.cells, board.spaces, strict=True):
        cx, cy = board.layout.center(x, y)
        centre = (int(cx), int(cy))
        if rect.collidepoint(centre) and surface.get_at(centre).a > 0:
            continue
        points = board.layout.polygon(x, y)
        pygame.draw.polygon(surface, SPACE_COLOURS[space], points)
        pygame.draw.polygon(surface, PALETTE["k"], points, 1)
        painted += 1
    return painted


class Painter:
    """Draws one map's layers onto a surface."""

    def __init__(self, tiled: TiledMap, layout: HexLayout, ms: int = 0):
        self.tiled = tiled
        self.ms = ms   # where animated tiles are in their animations (0: frame 0)
        self.margins = layout.margins
        self.grid = HexLayout(tiled.staggeraxis, tiled.staggerindex, tiled.tilewidth,
                              tiled.tileheight, tiled.hexsidelength)
        self.files: dict[tuple, pygame.Surface | None] = {}
        self.tiles: dict[tuple, pygame.Surface | None] = {}
        self.turned: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self.fitted: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}

    def draw(self, size: tuple[int, int]) -> pygame.Surface:
        surface = self.target = pygame.Surface(size, pygame.SRCALPHA)
        for layer in self.tiled.layers:
            if not layer.visible or layer.opacity <= 0:
                continue
            origin = (round(layer.offset[0]) + self.margins[0],
                      round(layer.offset[1]) + self.margins[1])
            if layer.kind == "layer":
                self._tile_layer(surface, layer, origin)
            elif layer.kind == "imagelayer":
                self._image_layer(surface, layer, origin)
            else:
                for obj in layer.objects:
                    if obj.visible:
                        self._object(surface, layer, obj, origin)
        return surface

    # -- pieces of pictures ------------------------------------------------

    def _file(self, image: Image) -> pygame.Surface | None:
        key = (image.path, image.trans)
        if key not in self.files:
            try:   # sizes and kinds were checked by the maps loader (PNG, budgets)
                picture = pygame.image.load(str(image.path))
            except (OSError, pygame.error):
                picture = None   # a missing picture is left out, not fatal
            if picture is not None and image.trans is not None:
                picture = with_alpha(picture).copy()
                keyed = (pygame.surfarray.array3d(picture) == image.trans).all(axis=2)
                alpha = pygame.surfarray.pixels_alpha(picture)
                alpha[keyed] = 0
                del alpha
            self.files[key] = picture
        return self.files[key]

    def _tile(self, gid: int, layer: Layer) -> pygame.Surface | None:
        """A tile's picture, flipped (not yet rotated), tinted and faded."""
        tileset = self.tiled.tileset_of(gid)
        local = tileset.frame(tile_id(gid) - tileset.firstgid, self.ms) if tileset else 0
        key = (tile_id(gid), local, gid & (FLIP_H | FLIP_V), layer.tint, layer.opacity)
        if key in self.tiles:
            return self.tiles[key]
        image = None
        found = tileset.source(local, None) if tileset else None
        sheet = self._file(found[0]) if found else None
        if found and sheet is not None:
            rect = pygame.Rect(found[1]).clip(sheet.get_rect())
            if rect.width > 0 and rect.height > 0:
                image = sheet.subsurface(rect).copy()
                image = pygame.transform.flip(image, bool(gid & FLIP_H), bool(gid & FLIP_V))
                # in the picture's own pixel format: blits four times faster
                image = _shade(image, layer).convert(self.target)
        self.tiles[key] = image
        return image

    def _tile_layer(self, surface: pygame.Surface, layer: Layer,
                    origin: tuple[int, int]) -> None:
        th = self.tiled.tileheight & ~1   # Tiled draws with an even tile height
        width = max(1, layer.width)
        for i in self._order(layer):
            gid = layer.gids[i]
            if not tile_id(gid):
                continue
            image = self._tile(gid, layer)
            if image is None:
                continue
            tileset = self.tiled.tileset_of(gid)
            tx, ty = tileset.offset if tileset else (0, 0)
            px, py = self.grid.top_left(i % width, i // width)
            w, h = image.get_size()
            left, top = px + origin[0] + tx, py + origin[1] + th - h + ty
            if tileset is not None and tileset.render_size == "grid":
                image, (dx, dy) = self._fitted(image, gid, layer, tileset.fill_mode)
                w, h = image.get_size()
                left = px + origin[0] + tx + dx
                top = py + origin[1] + th - self.tiled.tileheight + ty + dy
            turn = (60 if gid & FLIP_D else 0) + (120 if gid & ROTATE_120 else 0)
            if turn:
                image, (left, top) = self._turned(image, gid, layer, turn, (left, top))
            surface.blit(image, (left, top))

    def _fitted(self, image: pygame.Surface, gid: int, layer: Layer,
                fill: str) -> tuple[pygame.Surface, tuple[int, int]]:
        """A tile of a tileset drawn at the map's grid size (Tiled 1.10
        ``tilerendersize="grid"``): stretched to the grid cell, or with
        ``fillmode="preserve-aspect-fit"`` scaled to fit it whole and centred;
        the picture and its corner within the cell."""
        key = (gid, layer.tint, layer.opacity, fill)
        if key not in self.fitted:
            box_w, box_h = self.tiled.tilewidth, self.tiled.tileheight
            w, h = image.get_size()
            if fill == "preserve-aspect-fit":
                scale = min(box_w / w, box_h / h)
                size = (max(1, round(w * scale)), max(1, round(h * scale)))
            else:
                size = (box_w, box_h)
            corner = ((box_w - size[0]) // 2, (box_h - size[1]) // 2)
            fitted = image if size == (w, h) else pygame.transform.scale(image, size)
            self.fitted[key] = (fitted, corner)
        return self.fitted[key]

    def _turned(self, image: pygame.Surface, gid: int, layer: Layer, turn: int,
                at: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
        """A tile turned about its centre: the same picture wherever it is drawn
        (its corner moves with the cell), so it is turned once per tile."""
        key = (gid, layer.tint, layer.opacity)
        if key not in self.turned:
            w, h = image.get_size()
            self.turned[key] = _rotated(image, turn, (w / 2, h / 2), (w / 2, h / 2))
        turned, (dx, dy) = self.turned[key]
        return turned, (at[0] + dx, at[1] + dy)

    def _order(self, layer: Layer) -> list[int]:
        """Cell indices in Tiled's drawing order: row by row; on flat-top maps
        (stagger x) each row's upper columns first, then its shifted ones."""
        width = max(1, layer.width)
        cells = range(len(layer.gids))
        if self.tiled.staggeraxis != "x":
            return list(cells)
        even = self.tiled.staggerindex == "even"
        return sorted(cells, key=lambda i: (i // width, ((i % width) & 1) ^ even, i % width))

    def _image_layer(self, surface: pygame.Surface, layer: Layer,
                     origin: tuple[int, int]) -> None:
        picture = self._file(layer.image) if layer.image else None
        if picture is None:
            return
        picture = _shade(picture.copy(), layer)
        w, h = picture.get_size()
        xs = range(origin[0] % w - w, surface.get_width(), w) if layer.repeat[0] \
            else (origin[0],)
        ys = range(origin[1] % h - h, surface.get_height(), h) if layer.repeat[1] \
            else (origin[1],)
        for y in ys:
            for x in xs:
                surface.blit(picture, (x, y))

    def _object(self, surface: pygame.Surface, layer: Layer, obj: MapObject,
                origin: tuple[int, int]) -> None:
        image = self._tile(obj.gid, layer)
        tileset = self.tiled.tileset_of(obj.gid)
        if image is None or tileset is None:
            return
        w = max(1, round(obj.width or image.get_width()))
        h = max(1, round(obj.height or image.get_height()))
        if (w, h) != image.get_size():
            if w * h > 4096 * 4096:
                return
            image = pygame.transform.scale(image, (w, h))
        align = ALIGNMENT.get(tileset.alignment, ALIGNMENT["bottomleft"])
        ax, ay = obj.x + origin[0], obj.y + origin[1]
        left = ax - align[0] * w + tileset.offset[0]
        top = ay - align[1] * h + tileset.offset[1]
        if obj.rotation % 360:
            image, (left, top) = _rotated(image, obj.rotation, (ax - left, ay - top), (ax, ay))
        surface.blit(image, (round(left), round(top)))


def _shade(image: pygame.Surface, layer: Layer) -> pygame.Surface:
    """A picture with a layer's tint colour (multiplied, its alpha as opacity)
    and opacity applied."""
    alpha = layer.opacity
    image = with_alpha(image)
    if layer.tint is not None:
        r, g, b, a = layer.tint
        image = image.copy()
        image.fill((r, g, b, 255), special_flags=pygame.BLEND_RGB_MULT)
        alpha *= a / 255
    if alpha < 1:
        image = image.copy()
        image.fill((255, 255, 255, round(alpha * 255)), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def with_alpha(image: pygame.Surface) -> pygame.Surface:
    """The picture with per-pixel alpha (a PNG without it loads as plain RGB)."""
    if image.get_flags() & pygame.SRCALPHA:
        return image
    out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    out.blit(image, (0, 0))
    return out


def _rotated(image: pygame.Surface, degrees: float, pivot: tuple[float, float],
             at: tuple[float, float]) -> tuple[pygame.Surface, tuple[int, int]]:
    """A picture turned clockwise about ``pivot`` (in the picture) placed at
    ``at``: the new picture and its top-left corner.  Nearest pixel, sampled
    at pixel centres, as Tiled draws without smoothing."""
    w, h = image.get_size()
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    corners = [(x - pivot[0], y - pivot[1]) for x in (0, w) for y in (0, h)]
    turned = [(x * cos - y * sin + at[0], x * sin + y * cos + at[1]) for x, y in corners]
    left = math.floor(min(x for x, _ in turned) + 1e-6)
    top = math.floor(min(y for _, y in turned) + 1e-6)
    right = math.ceil(max(x for x, _ in turned) - 1e-6)
    bottom = math.ceil(max(y for _, y in turned) - 1e-6)
    out_w, out_h = max(1, right - left), max(1, bottom - top)
    ys, xs = np.mgrid[0:out_h, 0:out_w]
    dx = xs + left + 0.5 - at[0]
    dy = ys + top + 0.5 - at[1]
    sx = np.floor(dx * cos + dy * sin + pivot[0] + 1e-9).astype(np.int64)
    sy = np.floor(-dx * sin + dy * cos + pivot[1] + 1e-9).astype(np.int64)
    inside = (sx >= 0) & (sx < w) & (sy >= 0) & (sy < h)
    rgb = pygame.surfarray.array3d(image)          # (w, h, 3)
    alpha = pygame.surfarray.array_alpha(image)    # (w, h)
    out = pygame.Surface((out_w, out_h), pygame.SRCALPHA)
    out_rgb = np.zeros((out_w, out_h, 3), np.uint8)
    out_alpha = np.zeros((out_w, out_h), np.uint8)
    cx, cy = sx[inside], sy[inside]
    ox, oy = xs[inside], ys[inside]
    out_rgb[ox, oy] = rgb[cx, cy]
    out_alpha[ox, oy] = alpha[cx, cy]
    pygame.surfarray.blit_array(out, out_rgb)
    pixels = pygame.surfarray.pixels_alpha(out)
    pixels[...] = out_alpha
    del pixels
    return out, (left, top)
