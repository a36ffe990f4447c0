"""A Tiled map as the game reads it: one parse, shared by the rules and the drawing.

`read_map` builds a `TiledMap` from a map the safety scan (`tmxfile`)
passed: header, properties (``class`` properties flattened, enum values as
written), tilesets (embedded or external, image or collection, tile offset,
object alignment), and every layer in document order with its total offset,
opacity, tint and visibility (group layers folded in, walked iteratively).
Tile numbers keep Tiled's flag bits: `GID_FLAGS` says which, `tile_id` masks
them.  No library sees the file: pytmx loops over every tile a tileset
*declares*, raises on ``class`` properties and misreads hex rotations.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from .numbers import float_or, int_or, parse_colour
from .tmxfile import Scan

FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000        # anti-diagonal; on hex maps: rotate 60 degrees
ROTATE_120 = 0x10000000    # hex maps only
GID_FLAGS = FLIP_H | FLIP_V | FLIP_D | ROTATE_120


def tile_id(gid: int) -> int:
    """A cell's tile number without Tiled's flip and rotation bits."""
    return gid & ~GID_FLAGS


@dataclass(frozen=True)
class Image:
    path: Path
    width: int
    height: int
    trans: tuple[int, int, int] | None = None   # Tiled's transparent colour


@dataclass
class Tileset:
    firstgid: int
    name: str
    tilewidth: int
    tileheight: int
    columns: int = 0
    tilecount: int = 0
    margin: int = 0
    spacing: int = 0
    offset: tuple[int, int] = (0, 0)
    alignment: str = "unspecified"
    image: Image | None = None
    tiles: dict[int, dict[str, str]] = field(default_factory=dict)
    tile_images: dict[int, Image] = field(default_factory=dict)
    # properties saved as numbers (an enum whose values Tiled stores as ints),
    # by tile: the rules want names, and say why a number is not one
    numeric: dict[int, set[str]] = field(default_factory=dict)
    # animated tiles: local id -> frames (local id shown, milliseconds)
    animations: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    # Tiled 1.9: the part of a collection tile's image it shows (x, y, w, h)
    sub_rects: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    render_size: str = "tile"      # Tiled 1.10 tilerendersize: "tile" or "grid"
    fill_mode: str = "stretch"     # Tiled 1.10 fillmode: "stretch" or "preserve-aspect-fit"

    def frame(self, local: int, ms: int = 0) -> int:
        """The tile an animated tile shows ``ms`` milliseconds into its
        animation (frame 0 at 0, as in a still picture); any other tile itself."""
        frames = self.animations.get(local)
        if not frames:
            return local
        total = sum(duration for _tile, duration in frames)
        if total <= 0:
            return frames[0][0]
        ms %= total
        for shown, duration in frames:
            if ms < duration:
                return shown
            ms -= duration
        return frames[-1][0]

    def source(self, local: int, ms: int | None = 0
               ) -> tuple[Image, tuple[int, int, int, int]] | None:
        """The image and rectangle (x, y, w, h) that draw a tile (an animated
        tile: its frame at ``ms``; None: the tile's own picture)."""
        if ms is not None:
            local = self.frame(local, ms)
        if local in self.tile_images:
            image = self.tile_images[local]
            rect = self.sub_rects.get(local)
            if rect is not None:
                return image, rect
            return image, (0, 0, image.width, image.height)
        if self.image is None or self.columns <= 0 or not 0 <= local < self.tilecount:
            return None
        row, col = divmod(local, self.columns)
        x = self.margin + col * (self.tilewidth + self.spacing)
        y = self.margin + row * (self.tileheight + self.spacing)
        return self.image, (x, y, self.tilewidth, self.tileheight)

    def max_tile_size(self) -> tuple[int, int]:
        sizes = [(i.width, i.height) for i in self.tile_images.values()]
        if self.image is not None:
            sizes.append((self.tilewidth, self.tileheight))
        return (max((w for w, _ in sizes), default=self.tilewidth),
                max((h for _, h in sizes), default=self.tileheight))


@dataclass
class MapObject:
    gid: int
    x: float
    y: float
    width: float
    height: float
    rotation: float
    visible: bool
    id: str = ""


@dataclass
class Layer:
    kind: str                       # "layer", "imagelayer", "objectgroup"
    name: str
    id: str
    offset: tuple[float, float]     # with every group above it
    opacity: float
    visible: bool
    tint: tuple[int, int, int, int] | None
    width: int = 0
    height: int = 0
    gids: list[int] = field(default_factory=list)
    image: Image | None = None
    repeat: tuple[bool, bool] = (False, False)
    objects: list[MapObject] = field(default_factory=list)


@dataclass
class TiledMap:
    path: Path
    orientation: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    hexsidelength: int
    staggeraxis: str
    staggerindex: str
    properties: dict[str, str]
    tilesets: list[Tileset]
    layers: list[Layer]
    _animated: list[tuple[Tileset, int]] | None = field(default=None, repr=False,
                                                        compare=False)

    def animated_tiles(self) -> list[tuple[Tileset, int]]:
        """The animated tiles the map's visible layers show (tileset, local
        id), found once."""
        if self._animated is None:
            found: dict[tuple[int, int], tuple[Tileset, int]] = {}
            for layer in self.layers:
                if not layer.visible:
                    continue
                for gid in set(layer.gids) | {obj.gid for obj in layer.objects}:
                    tileset = self.tileset_of(gid)
                    if tileset is not None and tileset.animations:
                        local = tile_id(gid) - tileset.firstgid
                        if local in tileset.animations:
                            found[(tileset.firstgid, local)] = (tileset, local)
            self._animated = list(found.values())
        return self._animated

    def frame_state(self, ms: int) -> tuple[int, ...]:
        """Which frame every animated tile shows at ``ms``: equal states draw
        equal pictures (empty for a map without animations)."""
        return tuple(tileset.frame(local, ms) for tileset, local in self.animated_tiles())

    def tileset_of(self, gid: int) -> Tileset | None:
        """The tileset a tile number belongs to (flags masked)."""
        gid = tile_id(gid)
        firsts = [t.firstgid for t in self.tilesets]
        i = bisect.bisect_right(firsts, gid) - 1
        return self.tilesets[i] if i >= 0 and gid else None

    def numeric_properties(self, gid: int) -> set[str]:
        """The tile's properties saved as numbers of an enum (see `Tileset.numeric`)."""
        tileset = self.tileset_of(gid)
        if tileset is None:
            return set()
        return tileset.numeric.get(tile_id(gid) - tileset.firstgid, set())

    def tile_properties(self, gid: int) -> dict[str, str]:
        tileset = self.tileset_of(gid)
        if tileset is None:
            return {}
        return tileset.tiles.get(tile_id(gid) - tileset.firstgid, {})

    def draw_margins(self) -> tuple[int, int, int, int]:
        """Extra pixels (left, top, right, bottom) Tiled draws around the map
        for layer offsets (Tiled's computeLayerOffsetMargins, as tmxrasterizer
        1.8 sizes its picture: tiles taller than the grid are cut at the top)."""
        lo = [0, 0, 0, 0]
        for layer in self.layers:
            x, y = layer.offset
            for i, v in enumerate((-x, -y, x, y)):
                lo[i] = max(lo[i], math.ceil(v))
        return tuple(lo)  # type: ignore[return-value]


def read_properties(node: Element | None) -> dict[str, str]:
    """A <properties> element as name -> text; a ``class`` property's members
    are read as ``name.member`` (and the members themselves, for the map's own
    optional properties), iteratively."""
    out: dict[str, str] = {}
    if node is None:
        return out
    stack: list[tuple[Element, str]] = [(node, "")]
    while stack:
        props, prefix = stack.pop()
        for prop in props.findall("property"):
            name = prop.get("name", "")
            inner = prop.find("properties")
            if prop.get("type") == "class" or inner is not None:
                if inner is not None:
                    stack.append((inner, f"{prefix}{name}."))
                continue
            value = prop.get("value")
            if value is None:
                value = prop.text or ""
            out[prefix + name] = value
    return out


def _num(text: str | None, default: float = 0.0) -> float:
    return float_or(text, default)


def _int(text: str | None, default: int = 0) -> int:
    return int_or(text, default)


def _tint(text: str | None) -> tuple[int, int, int, int] | None:
    """``#AARRGGBB`` or ``#RRGGBB`` -> (r, g, b, a)."""
    return parse_colour(text)


def _mul_tint(a: tuple[int, int, int, int] | None,
              b: tuple[int, int, int, int] | None) -> tuple[int, int, int, int] | None:
    if a is None or b is None:
        return a or b
    return tuple(x * y // 255 for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _image(node: Element | None, base: Path, scan: Scan) -> Image | None:
    if node is None or not node.get("source"):
        return None
    path = base / node.get("source", "")
    size = scan.images.get(str(path.resolve()))
    key = _tint(node.get("trans"))
    return Image(path, *size, key[:3] if key else None) if size else None


def _tileset(node: Element, firstgid: int, base: Path, scan: Scan) -> Tileset:
    offset = node.find("tileoffset")
    tileset = Tileset(
        firstgid=firstgid, name=node.get("name", ""),
        tilewidth=max(1, _int(node.get("tilewidth"), 1)),
        tileheight=max(1, _int(node.get("tileheight"), 1)),
        margin=max(0, _int(node.get("margin"))), spacing=max(0, _int(node.get("spacing"))),
        offset=(_int(offset.get("x")), _int(offset.get("y"))) if offset is not None else (0, 0),
        alignment=node.get("objectalignment", "unspecified"),
        image=_image(node.find("image"), base, scan),
        render_size=node.get("tilerendersize", "tile"),
        fill_mode=node.get("fillmode", "stretch"))
    if tileset.image is not None:
        step_x, step_y = tileset.tilewidth + tileset.spacing, tileset.tileheight + tileset.spacing
        tileset.columns = max(0, (tileset.image.width - 2 * tileset.margin + tileset.spacing)
                              // step_x)
        rows = max(0, (tileset.image.height - 2 * tileset.margin + tileset.spacing) // step_y)
        tileset.tilecount = tileset.columns * rows
    for tile in node.findall("tile"):
        local = _int(tile.get("id"), -1)
        if local < 0:
            continue
        props = tile.find("properties")
        tileset.tiles[local] = read_properties(props)
        numeric = {prop.get("name", "") for prop in (props if props is not None else ())
                   if prop.get("type") in ("int", "float") and prop.get("propertytype")}
        if numeric:
            tileset.numeric[local] = numeric
        image = _image(tile.find("image"), base, scan)
        if image is not None:
            tileset.tile_images[local] = image
            if any(tile.get(k) is not None for k in ("x", "y", "width", "height")):
                x, y = _int(tile.get("x")), _int(tile.get("y"))
                w = _int(tile.get("width"), image.width - x)
                h = _int(tile.get("height"), image.height - y)
                tileset.sub_rects[local] = (x, y, max(0, min(w, image.width - x)),
                                            max(0, min(h, image.height - y)))
        animation = tile.find("animation")
        if animation is not None:
            frames = tuple((_int(f.get("tileid")), max(0, _int(f.get("duration"))))
                           for f in animation.findall("frame"))
            if frames:
                tileset.animations[local] = frames
    return tileset


def read_map(path: Path, root: Element, scan: Scan) -> TiledMap:
    """The map a scan passed, read once (see the module notes)."""
    tilesets = []
    for node in root.findall("tileset"):
        firstgid = _int(node.get("firstgid"), 1)
        found = scan.tilesets_read.get(id(node))
        if found is not None:
            tilesets.append(_tileset(found[0], firstgid, found[1], scan))
        elif not node.get("source"):
            tilesets.append(_tileset(node, firstgid, path.parent, scan))
    tilesets.sort(key=lambda t: t.firstgid)
    # Each template's tileset gets tile numbers of its own, past any a map can
    # hold (bit 32 up: Tiled's flag bits 28-31 stay free), as Tiled keeps a
    # template's tileset apart from the map's.
    template_gids: dict[str, int] = {}
    for n, (key, template) in enumerate(sorted(scan.templates.items()), start=1):
        if template.tileset is not None:
            base = n << 32
            tilesets.append(_tileset(template.tileset[0], base, template.tileset[1], scan))
            template_gids[key] = base - template.firstgid
    properties = read_properties(root.find("properties"))
    for key, value in list(properties.items()):
        member = key.rpartition(".")[2]
        if "." in key and member not in properties:
            properties[member] = value          # an optional property given by a class
    return TiledMap(
        path=path, orientation=root.get("orientation", ""),
        width=_int(root.get("width")), height=_int(root.get("height")),
        tilewidth=_int(root.get("tilewidth"), 1), tileheight=_int(root.get("tileheight"), 1),
        hexsidelength=_int(root.get("hexsidelength")),
        staggeraxis=root.get("staggeraxis", ""), staggerindex=root.get("staggerindex", ""),
        properties=properties, tilesets=tilesets,
        layers=_layers(root, path.parent, scan, template_gids))


def _object(obj: Element, base: Path, scan: Scan,
            template_gids: dict[str, int]) -> MapObject | None:
    """A tile object, its template's attributes under its own (as Tiled reads
    a template instance: what the instance sets wins); None when it shows no
    tile (shapes, text, points are not drawn)."""
    attrs = dict(obj.attrib)
    gid_shift = 0
    if obj.get("template"):
        key = str((base / obj.get("template", "")).resolve())
        template = scan.templates.get(key)
        if template is not None:
            attrs = {**template.obj.attrib, **obj.attrib}
            if obj.get("gid") is None:
                gid_shift = template_gids.get(key, 0)
    gid = _int(attrs.get("gid"))
    if not tile_id(gid) or (gid_shift == 0 and obj.get("gid") is None and "gid" in attrs):
        return None
    return MapObject(
        gid=gid + gid_shift if gid_shift else gid, x=_num(attrs.get("x")),
        y=_num(attrs.get("y")), width=_num(attrs.get("width")),
        height=_num(attrs.get("height")), rotation=_num(attrs.get("rotation")),
        visible=attrs.get("visible", "1") != "0", id=attrs.get("id", ""))


def _layers(root: Element, base: Path, scan: Scan,
            template_gids: dict[str, int] | None = None) -> list[Layer]:
    """Every tile, image and object layer in document order, groups folded in."""
    out: list[Layer] = []
    # (node, offset x, offset y, opacity, visible, tint)
    stack: list[tuple[Element, float, float, float, bool, tuple | None]] = [
        (child, 0.0, 0.0, 1.0, True, None) for child in reversed(list(root))]
    while stack:
        node, ox, oy, opacity, visible, tint = stack.pop()
        if node.tag not in ("layer", "imagelayer", "objectgroup", "group"):
            continue
        x = ox + _num(node.get("offsetx"))
        y = oy + _num(node.get("offsety"))
        alpha = opacity * min(1.0, max(0.0, _num(node.get("opacity"), 1.0)))
        shown = visible and node.get("visible", "1") != "0"
        tinted = _mul_tint(tint, _tint(node.get("tintcolor")))
        if node.tag == "group":
            stack.extend((child, x, y, alpha, shown, tinted) for child in reversed(list(node)))
            continue
        layer = Layer(node.tag, node.get("name", ""), node.get("id", ""), (x, y), alpha,
                      shown, tinted)
        if node.tag == "layer":
            layer.width, layer.height = _int(node.get("width")), _int(node.get("height"))
            layer.gids = scan.layer_data.get(id(node), [])
        elif node.tag == "imagelayer":
            layer.image = _image(node.find("image"), base, scan)
            layer.repeat = (node.get("repeatx") == "1", node.get("repeaty") == "1")
        else:
            for obj in node.findall("object"):
                found = _object(obj, base, scan, template_gids or {})
                if found is not None:
                    layer.objects.append(found)
        out.append(layer)
    return out
