"""What drawing a map will cost, counted before anything is drawn.

The file budgets (`tmxfile`) count what a map *declares*; a small map can
still ask for a great deal of drawing: one tile object scaled to 4000 x 4000
and turned, thousands of scaled objects, hundreds of layers of turned tiles,
hundreds of image layers of one big picture or of a 1 x 1 picture repeated
over the map.  `drawing_problems` walks the `TiledMap` the way the picture
(`client/mappicture.py`) draws it and adds up, per visible layer in order:

- the area of every object and image layer after its scale and rotation
  (`MAX_ITEM_PIXELS` each),
- the tiles and objects drawn turned or scaled (`MAX_TRANSFORMED`, and their
  pixels, `MAX_TRANSFORMED_PIXELS`),
- the blits and the pixels copied (`MAX_BLITS`, `MAX_PIXELS`: image layers
  are copied once to be shaded, then blitted, once per repeat),
- the memory the picture takes: the picture itself, every image decoded
  once, and the largest single piece drawn (`MAX_MEMORY`).

Each limit is tens of times what the largest built-in or generated board
needs; the first one a map crosses is refused with a sentence naming the
layer (and the object) and the fix in Tiled.  No pygame here: the maps room
decides, the client draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..i18n import N_
from .reasons import MapFile, MapProblem, Words
from .tiledmap import FLIP_D, ROTATE_120, Layer, MapObject, TiledMap, tile_id

MAX_ITEM_PIXELS = 4096 * 4096          # one object or image layer as drawn
MAX_TRANSFORMED = 8192                 # tiles and objects drawn turned or scaled
MAX_TRANSFORMED_PIXELS = 32 * 1024 * 1024
MAX_BLITS = 100_000
MAX_PIXELS = 128 * 1024 * 1024         # pixels copied and blitted in all
MAX_MEMORY = 160 * 1024 * 1024         # bytes: picture, decoded images, largest piece
BYTES_PER_PIXEL = 4


def turned_size(w: float, h: float, degrees: float) -> tuple[int, int]:
    """The box a w x h picture fills when turned by ``degrees``."""
    if not degrees % 360:
        return max(1, math.ceil(w)), max(1, math.ceil(h))
    angle = math.radians(degrees)
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    return (max(1, math.ceil(w * cos + h * sin)), max(1, math.ceil(w * sin + h * cos)))


@dataclass
class DrawCost:
    """What drawing a map costs so far, and the first limit it crossed."""

    label: MapFile | str
    picture: tuple[int, int]
    transformed: int = 0
    transformed_pixels: int = 0
    blits: int = 0
    pixels: int = 0
    images: dict[object, int] = field(default_factory=dict)
    largest: int = 0
    problem: MapProblem | None = None

    def where(self, layer: Layer) -> Words:
        return Words(N_("{file}: layer {layer}"), file=self.label, layer=repr(layer.name))

    def item(self, layer: Layer, obj: MapObject | None, size: tuple[int, int]) -> bool:
        """One object or image layer drawn at ``size``; False once refused."""
        w, h = size
        self.largest = max(self.largest, w * h)
        if w * h <= MAX_ITEM_PIXELS:
            return True
        if obj is None:
            self.problem = MapProblem("too_big",
                N_("{where}: refused: the image draws {width}x{height} pixels,"
                             " over the limit of 16 million; in Tiled, use a smaller image"
                             ), where=self.where(layer), width=w, height=h)
        else:
            self.problem = MapProblem("too_big",
                N_("{where}: refused: object {id} draws {width}x{height} pixels"
                             " after its scale and rotation, over the limit of 16 million;"
                             " in Tiled, select the object and give it a smaller width and"
                             " height"), where=self.where(layer), id=obj.id, width=w,
                                               height=h)
        return False

    def transform(self, layer: Layer, size: tuple[int, int]) -> bool:
        self.transformed += 1
        self.transformed_pixels += size[0] * size[1]
        if (self.transformed <= MAX_TRANSFORMED
                and self.transformed_pixels <= MAX_TRANSFORMED_PIXELS):
            return True
        self.problem = MapProblem("too_big",
            N_("{where}: refused: the map draws {count} tiles and objects turned or"
                         " scaled ({pixels} million pixels), over the limit of {limit} tiles"
                         " and 32 million pixels; in Tiled, turn or scale fewer tiles and"
                         " objects, or draw them turned in the tileset"),
                             where=self.where(layer), count=self.transformed,
                             pixels=self.transformed_pixels // 1_000_000,
                             limit=MAX_TRANSFORMED)
        return False

    def blit(self, layer: Layer, count: int, pixels: int) -> bool:
        self.blits += count
        self.pixels += pixels
        if self.blits <= MAX_BLITS and self.pixels <= MAX_PIXELS:
            return True
        self.problem = MapProblem("too_big",
            N_("{where}: refused: drawing the map takes {count} pieces and {pixels}"
                         " million pixels, over the limit of {limit} pieces and 128 million"
                         " pixels; in Tiled, use fewer or larger repeated images, fewer image"
                         " layers and smaller objects"),
                             where=self.where(layer), count=self.blits,
                             pixels=self.pixels // 1_000_000, limit=MAX_BLITS)
        return False

    def image(self, key: object, size: tuple[int, int]) -> None:
        self.images[key] = size[0] * size[1]

    def memory(self) -> int:
        w, h = self.picture
        return BYTES_PER_PIXEL * (w * h + sum(self.images.values()) + 2 * self.largest)


def drawing_problems(tiled: TiledMap, picture: tuple[int, int],
                     label: MapFile | str) -> list[MapProblem]:
    """Why drawing the map would cost too much (empty when it would not)."""
    cost = DrawCost(label, picture)
    for layer in tiled.layers:
        if not layer.visible or layer.opacity <= 0:
            continue
        if layer.kind == "layer":
            ok = _tile_layer(tiled, layer, cost)
        elif layer.kind == "imagelayer":
            ok = _image_layer(layer, cost)
        else:
            ok = all(_object(tiled, layer, obj, cost) for obj in layer.objects if obj.visible)
        if not ok:
            return [cost.problem] if cost.problem else []
    if cost.memory() > MAX_MEMORY:
        return [MapProblem("too_big",
            N_("{file}: refused: drawing the map needs {size} MB of memory, over the limit"
                  " of 160 MB; in Tiled, use smaller images and a smaller map"),
                      file=label, size=cost.memory() // (1024 * 1024))]
    return []


def _tile_size(tiled: TiledMap, gid: int, cost: DrawCost) -> tuple[int, int] | None:
    """The size of a tile's picture (its image counted once as decoded)."""
    tileset = tiled.tileset_of(gid)
    found = tileset.source(tile_id(gid) - tileset.firstgid) if tileset else None
    if found is None:
        return None
    image, rect = found
    cost.image(image.path, (image.width, image.height))
    return rect[2], rect[3]


def _tile_layer(tiled: TiledMap, layer: Layer, cost: DrawCost) -> bool:
    sizes: dict[int, tuple[int, int] | None] = {}
    count = pixels = 0
    for gid in layer.gids:
        if not tile_id(gid):
            continue
        if gid not in sizes:
            sizes[gid] = _tile_size(tiled, gid, cost)
        size = sizes[gid]
        if size is None:
            continue
        turn = (60 if gid & FLIP_D else 0) + (120 if gid & ROTATE_120 else 0)
        if turn:
            size = turned_size(*size, turn)
            if not cost.transform(layer, size):
                return False
        count += 1
        pixels += size[0] * size[1]
    return cost.blit(layer, count, pixels)


def _image_layer(layer: Layer, cost: DrawCost) -> bool:
    image = layer.image
    if image is None:
        return True
    w, h = max(1, image.width), max(1, image.height)
    cost.image(image.path, (w, h))
    if not cost.item(layer, None, (w, h)):
        return False
    pw, ph = cost.picture
    across = pw // w + 2 if layer.repeat[0] else 1
    down = ph // h + 2 if layer.repeat[1] else 1
    count = across * down
    drawn = min(count * w * h, (pw + 2 * w) * (ph + 2 * h)) if count > 1 else w * h
    return cost.blit(layer, count, w * h + drawn)


def _object(tiled: TiledMap, layer: Layer, obj: MapObject, cost: DrawCost) -> bool:
    size = _tile_size(tiled, obj.gid, cost) if obj.gid else None
    if size is None:
        return True
    w = max(1.0, abs(obj.width) or size[0])
    h = max(1.0, abs(obj.height) or size[1])
    drawn = turned_size(w, h, obj.rotation)
    if not cost.item(layer, obj, drawn):
        return False
    changed = (round(w), round(h)) != size or obj.rotation % 360
    if changed and not cost.transform(layer, drawn):
        return False
    return cost.blit(layer, 1, drawn[0] * drawn[1])
