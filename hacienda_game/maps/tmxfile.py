"""Reading TMX/TSX files defensively, before the game's reader (`tiledmap`) parses them.

A map may come from anyone, so it is refused, never followed, when it is
hostile or in a form the reader would mishandle: DTD or entity declarations,
a file over 4 MiB, a board over 64x64 cells, layer data that inflates past
what the layer's size says, infinite maps, zstd, ``.tmj``, and paths
(tilesets, images, templates) that leave the map's folder.  Budgets hold
across the whole map (`Budget`): bytes read over the map and every file it
names, layers, nesting depth, image sizes (read from a PNG's header, never
decoded here), tiles per tileset, text property lengths and the size of the
drawn picture.  Only regular files inside the map's folder are opened, and
never in a way that could block (a FIFO, a device).  Each problem
says how to fix the map in Tiled (a `MapProblem`, worded where it is shown):
the file, layer or tileset comes first, then the reason.
"""

from __future__ import annotations

import base64
import binascii
import os
import stat
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

from ..i18n import N_
from .imagefile import ImageProblem, check_png, image_kind, image_size
from .numbers import COORDINATE, parse_colour, parse_float, parse_int
from .reasons import MapFile, MapProblem, Words
from .tmjson import JSON_SUFFIXES, JsonProblem, parse_json

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_CELLS_SIDE = 64
# Budgets across a whole map: the map, every tileset and image it names.
MAX_TOTAL_BYTES = 16 * 1024 * 1024
MAX_TILESETS = 64
MAX_LAYERS = 256
MAX_DEPTH = 32            # XML nesting: groups in groups, class properties in classes
MAX_OBJECTS = 4096
MAX_DRAWN_TILES = 20_000  # tiles on every tile layer together (each is drawn)
MAX_IMAGE_SIDE = 4096
MAX_IMAGE_BYTES = 8 * 1024 * 1024
MAX_IMAGE_PIXELS = 16 * 1024 * 1024   # decoded, across every image of a map (64 MB)
MAX_TILES = 4096          # tiles per tileset
MAX_TEMPLATES = 256       # object templates (.tx) a map names
MAX_PICTURE_SIDE = 8192
MAX_PICTURE_PIXELS = 16 * 1024 * 1024
MIN_TILE = 4
MAX_TILE = 1024
# Text properties a map list shows: title(s) and description(s); any other.
TEXT_LIMITS = {"title": 100, "description": 2000}
MAX_PROPERTY_CHARS = 2000
MAX_NAME_CHARS = 200      # a layer, object, tileset or property name
MAX_PROPERTIES = 16384    # properties and class members in one file
MAX_PROPERTY_KEYS = 1_000_000   # characters of every property's full name (class.member)

# How to fix a map in Tiled (translated where shown: the {fix} of a problem).
# Translators: Tiled's menu names stay in English, as Tiled shows them.
RESAVE_FORMAT = N_("in Tiled: Map > Map Properties > Tile Layer Format: CSV, then save")
# Translators: Tiled's menu names stay in English, as Tiled shows them.
RESAVE_TMX = N_("open it in Tiled and use File > Save As... with type"
                " 'Tiled map files (*.tmx)'")
# Translators: Tiled's menu names stay in English, as Tiled shows them.
RESAVE_FINITE = N_("in Tiled: Map > Map Properties > untick Infinite, then save")
# Translators: Tiled's menu names stay in English, as Tiled shows them.
RESAVE_TSX = N_("in Tiled: open the tileset and use File > Save As... with type"
                " 'Tiled tileset files (*.tsx)', then re-add it to the map")
# Translators: Tiled's menu names stay in English, as Tiled shows them.
FIX_PROPERTY = N_("shorten it in Tiled: Map > Map Properties, Custom Properties")
# Translators: Tiled's menu names stay in English, as Tiled shows them.
FIX_TILESET_IMAGE = N_("in Tiled: Tileset > Tileset Properties, pick a smaller image"
                       " (at most 4096 x 4096 pixels) or larger tiles")
# Translators: Tiled's menu names stay in English, as Tiled shows them.
FIX_MAP_SIZE = N_("in Tiled: Map > Resize Map... or Map > Map Properties, smaller tiles")
COMPRESSIONS = {None: None, "": None, "zlib": 15, "gzip": 31}


@dataclass
class Scan:
    """What a safety scan found: problems, whether the file may be read further,
    and what the whole map has used of its budgets so far."""

    problems: list[MapProblem] = field(default_factory=list)
    fatal: bool = False
    bytes_read: int = 0
    pixels: int = 0
    tilesets: int = 0
    images: dict[str, tuple[int, int]] = field(default_factory=dict)
    # What the scan read, for the reader: tile layer gids by id(element), and
    # each external tileset's root and folder by id(<tileset> element).
    layer_data: dict[int, list[int]] = field(default_factory=dict)
    tilesets_read: dict[int, tuple[Element, Path]] = field(default_factory=dict)
    tsx_parsed: dict[str, Element] = field(default_factory=dict)
    unchecked_png: list[tuple[Path, str]] = field(default_factory=list)
    templates: dict[str, Template] = field(default_factory=dict)
    opened: list[Path] = field(default_factory=list)     # every file read, in order
    missing: list[Path] = field(default_factory=list)    # pictures named but not there

    def refuse(self, message: MapProblem) -> None:
        self.problems.append(message)
        self.fatal = True


def read_regular(path: Path, label: str, scan: Scan, limit: int = MAX_FILE_BYTES,
                 head: int | None = None) -> bytes | None:
    """The bytes of a regular file (``head``: only its first bytes), counted
    against the map's byte budget; a FIFO, device or directory is refused
    without opening it for reading, and a file is opened non-blocking."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            scan.refuse(MapProblem("unreadable",
                N_("{where}: refused: not a regular file (a folder, device or pipe);"
                          " point Tiled at an ordinary file next to the map"),
                              where=label))
            return None
        if info.st_size > limit:
            _too_big(label, info.st_size, limit, scan)
            return None
        want = info.st_size if head is None else min(head, info.st_size)
        if scan.bytes_read + info.st_size > MAX_TOTAL_BYTES:
            _over_total(label, scan)
            return None
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):   # swapped after the stat
                raise OSError(0, "not a regular file")
            chunks, left = [], want + 1
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        finally:
            os.close(fd)
    except OSError as exc:
        scan.refuse(MapProblem("unreadable", N_("{where}: cannot read the file ({reason})"),
            where=label, reason=exc.strerror or exc))
        return None
    data = b"".join(chunks)[:want] if head is not None else b"".join(chunks)
    if head is None and len(data) > limit:
        _too_big(label, len(data), limit, scan)
        return None
    scan.bytes_read += len(data) if head is None else info.st_size
    scan.opened.append(path)
    return data


def _over_total(label: str, scan: Scan) -> None:
    scan.refuse(MapProblem("too_big",
        N_("{where}: refused: the map and the files it names come to over"
                  " 16 MiB; use fewer or smaller tilesets in Tiled"), where=label))


def _too_big(label: str, size: int, limit: int, scan: Scan) -> None:
    if limit == MAX_FILE_BYTES:
        scan.refuse(MapProblem("too_big", N_("{where}: file is {size} bytes, over the 4 MiB limit"),
            where=label, size=size))
    else:
        scan.refuse(MapProblem("too_big",
            N_("{where}: image file is {size} bytes, over the 8 MiB limit;"
                      " save it smaller (as PNG) and re-add it in Tiled"),
                          where=label, size=size))


def read_xml(path: Path, label: str, scan: Scan) -> Element | None:
    """Parse a file with defusedxml; on any trouble note it and return None."""
    data = read_regular(path, label, scan)
    if data is None:
        return None
    try:
        return SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        kind = type(exc).__name__.removesuffix("Forbidden")
        scan.refuse(MapProblem("unsafe",
            N_("{where}: refused: the file declares a DTD or entities ({kind});"
                      " Tiled never writes these, re-save the map in Tiled"),
                          where=label, kind=kind))
    except (SafeET.ParseError, ValueError, LookupError) as exc:
        # LookupError, ValueError: e.g. a bad or unknown encoding declaration
        scan.refuse(MapProblem("unreadable",
            N_("{where}: malformed XML ({reason})"), where=label, reason=exc))
    return None


def allowed_folder(path: Path, roots: Sequence[Path] = ()) -> Path:
    """The folder a map's files must stay in: the map's own folder, or, for a
    map in a folder below one of ``roots`` (the built-in boards, the player's
    maps folder), that whole root, so maps in ``root/desert/`` may share
    tilesets and templates in ``root/tilesets/``."""
    folder = path.parent.resolve()
    for root in sorted((r.resolve() for r in roots), key=lambda r: -len(r.parts)):
        if folder != root and folder.is_relative_to(root):
            return root
    return folder


def read_document(path: Path, label: str, scan: Scan, kind: str) -> Element | None:
    """A map, tileset or template file as elements: TMX/TSX/TX parsed with
    defusedxml, Tiled's JSON forms (``.tmj``, ``.tsj``, ``.tj``) turned into
    the same tree (`tmjson`), so both go through the same scan."""
    if path.suffix.lower() not in JSON_SUFFIXES:
        return read_xml(path, label, scan)
    data = read_regular(path, label, scan)
    if data is None:
        return None
    try:
        return parse_json(data, kind)
    except JsonProblem as exc:
        scan.refuse(MapProblem("unreadable",
            N_("{where}: malformed JSON ({reason}); re-save it from Tiled"),
            where=label, reason=exc.words))
        return None


def scan_map(path: Path, root: Element, label: str, scan: Scan,
             roots: Sequence[Path] = ()) -> None:
    """Check a parsed map's header, budgets, layer data and every file it names."""
    if root.tag != "map":
        scan.refuse(MapProblem("not_a_map",
            N_("{file}: not a Tiled map (root element <{tag}>, expected <map>)"),
            file=label, tag=root.tag))
        return
    if root.get("infinite", "0") not in ("0", ""):
        scan.refuse(MapProblem("unsupported", N_("{file}: infinite maps are not supported; {fix}"),
            file=label, fix=Words(RESAVE_FINITE)))
    width = _int_attr(root, "width", label, scan)
    height = _int_attr(root, "height", label, scan)
    if width is not None and height is not None and (
            width > MAX_CELLS_SIDE or height > MAX_CELLS_SIDE):
        scan.refuse(MapProblem("too_big",
            N_("{file}: map is {width}x{height} cells, over the 64x64 limit"),
            file=label, width=width, height=height))
    sizes = {}
    for name in ("tilewidth", "tileheight"):
        value = sizes[name] = _int_attr(root, name, label, scan)
        if value is not None and not MIN_TILE <= value <= MAX_TILE:
            scan.refuse(MapProblem("bad_number",
                N_("{file}: {attribute} {value} must be between 4 and 1024;"
                          " in Tiled: Map > Map Properties > Tile Width, Tile Height"),
                              file=label, attribute=name, value=value))
    side = _hex_side(root, sizes, label, scan)
    if not scan.fatal and width is not None and height is not None and side is not None:
        _scan_picture(root, (width, height), sizes, side, label, scan)
    _scan_structure(root, label, scan)
    if scan.fatal:
        return
    for layer in root.iter("layer"):
        _scan_layer(layer, label, scan)
    drawn = sum(len(gids) - gids.count(0) for gids in scan.layer_data.values())
    if drawn > MAX_DRAWN_TILES:
        scan.refuse(MapProblem("too_big",
            N_("{file}: refused: {count} tiles on its layers, over the limit of"
                      " {limit}; delete decoration layers or tiles in Tiled"),
                          file=label, count=drawn, limit=MAX_DRAWN_TILES))
    folder = allowed_folder(path, roots)
    _scan_paths(root, path.parent, folder, label, scan)
    if scan.fatal:
        return
    for tileset in root.iter("tileset"):
        scan.tilesets += 1
        if scan.tilesets > MAX_TILESETS:
            scan.refuse(MapProblem("too_big",
                N_("{file}: refused: over {limit} tilesets; remove tilesets in Tiled"
                          " (Map > Remove Tileset)"), file=label, limit=MAX_TILESETS))
            return
        source = tileset.get("source")
        if source:
            found = _scan_external_tileset(path.parent / source, source, folder, label, scan)
            if found is not None:
                scan.tilesets_read[id(tileset)] = found
        else:
            # Translators: where a problem is: a map file and one of its tilesets (quoted).
            where = Words(N_("{file}: tileset {tileset}"), file=label,
                                                          tileset=repr(tileset.get("name", "")))
            _scan_tileset(tileset, path.parent, where, scan)
        if scan.fatal:
            return
    for layer in root.iter("imagelayer"):
        image = layer.find("image")
        if image is not None:
            where = Words(N_("{file}: layer {layer}"), file=label,
                                                      layer=repr(layer.get("name", "")))
            scan_image(image, path.parent, where, scan, layer=True)
            if scan.fatal:
                return
    for obj in root.iter("object"):
        source = obj.get("template")
        if source:
            _scan_template(path.parent / source, source, folder, label, scan)
            if scan.fatal:
                return
    check_pngs(scan)


@dataclass(frozen=True)
class Template:
    """An object template (``.tx``) as read: its object, and the tileset its
    tile comes from (the root element, its folder, the template's firstgid)."""

    obj: Element
    tileset: tuple[Element, Path] | None
    firstgid: int


def _scan_template(path: Path, source: str, folder: Path, label: str, scan: Scan) -> None:
    """An object template: inside the allowed folder, a regular file within the
    budgets, its tileset (and that tileset's image) checked like the map's own."""
    # Translators: where a problem is: a map file and the object template it names (quoted).
    where = Words(N_("{file}: template {template}"), file=label, template=repr(source))
    key = str(path.resolve())
    if key in scan.templates or not _inside(path, folder):
        return   # read already, or refused by _scan_paths
    if len(scan.templates) >= MAX_TEMPLATES:
        scan.refuse(MapProblem("too_big",
            N_("{file}: refused: over {limit} object templates; use fewer templates"
                      " in Tiled"), file=label, limit=MAX_TEMPLATES))
        return
    if not os.path.lexists(path):
        scan.refuse(MapProblem("missing_file", N_("{where}: file not found (looked at {path})"),
            where=where, path=MapFile(path)))
        return
    root = read_document(path, where, scan, "template")
    if root is None:
        return
    obj = root.find("object")
    if root.tag != "template" or obj is None:
        scan.refuse(MapProblem("unreadable",
            N_("{where}: not a Tiled object template (root element <{tag}>)"),
            where=where, tag=root.tag))
        return
    _scan_structure(root, where, scan)
    _scan_paths(root, path.parent, folder, where, scan)
    if scan.fatal:
        return
    node = root.find("tileset")
    found, firstgid = None, 1
    if node is not None:
        firstgid = parse_int(node.get("firstgid"), 1, 2**28) or 1
        if node.get("source"):
            found = _scan_external_tileset(path.parent / node.get("source", ""),
                                           node.get("source", ""), folder, where, scan)
        else:
            _scan_tileset(node, path.parent, where, scan)
            found = (node, path.parent)
        scan.tilesets += 1
        if scan.tilesets > MAX_TILESETS:
            scan.refuse(MapProblem("too_big",
                N_("{file}: refused: over {limit} tilesets; remove tilesets in Tiled"
                          " (Map > Remove Tileset)"), file=label, limit=MAX_TILESETS))
    scan.templates[key] = Template(obj, found, firstgid)


def _hex_side(root: Element, sizes: dict[str, int | None], label: str,
              scan: Scan) -> int | None:
    """The hexsidelength, if it draws hexes Tiled and the rules agree on."""
    if root.get("orientation") != "hexagonal":
        return 0
    value = _int_attr(root, "hexsidelength", label, scan)
    axis = root.get("staggeraxis")
    tile = sizes.get("tileheight" if axis == "y" else "tilewidth")
    if value is None or tile is None:
        return None
    limit = tile & ~1
    if value == 0:
        scan.refuse(MapProblem("not_hexagonal",
            N_("{file}: hexsidelength 0 draws diamonds, which touch the hexes beside"
                      " them only at a corner, so the rules cannot connect them as Tiled"
                      " draws them; in Tiled: Map > Map Properties > Hex Side Length, about"
                      " half the tile size"), file=label))
        return None
    if not 0 < value <= limit:
        scan.refuse(MapProblem("bad_number",
            N_("{file}: hexsidelength {value} must be between 1 and {limit} (the"
                      " tile size); in Tiled: Map > Map Properties > Hex Side Length"),
                          file=label, value=value, limit=limit))
        return None
    return value


def _scan_picture(root: Element, cells: tuple[int, int], sizes: dict[str, int | None],
                  side: int, label: str, scan: Scan) -> None:
    from .hexgrid import HexLayout

    tw, th = sizes.get("tilewidth"), sizes.get("tileheight")
    axis, index = root.get("staggeraxis"), root.get("staggerindex")
    if tw is None or th is None or axis not in ("x", "y") or index not in ("odd", "even"):
        return
    w, h = HexLayout(axis, index, tw, th, side).map_size(*cells)
    check_picture(w, h, label, scan)


def check_picture(w: int, h: int, label: str, scan: Scan) -> None:
    """Refuse a drawn picture too large to hold in memory."""
    if w > MAX_PICTURE_SIDE or h > MAX_PICTURE_SIDE or w * h > MAX_PICTURE_PIXELS:
        scan.refuse(MapProblem("too_big",
            N_("{file}: the map draws a picture of {width}x{height} pixels, over the"
                      " limit of 8192 a side and 16 million pixels; {fix}"),
                          file=label, width=w, height=h, fix=Words(FIX_MAP_SIZE)))


_LAYER_TAGS = ("layer", "imagelayer", "objectgroup", "group")
_ID = (0, 2**31 - 1)
_SIZE = (0, 2**31 - 1)
_GID = (0, 2**32 - 1)
_SIGNED = (-(2**31), 2**31 - 1)
_COORD = (-COORDINATE, COORDINATE)
_LAYER_INTS = {"id": _ID}
_LAYER_FLOATS = {"offsetx": _COORD, "offsety": _COORD, "opacity": _COORD,
                 "parallaxx": _COORD, "parallaxy": _COORD}
# Every number Tiled (1.8 to 1.10) writes, by element: whole numbers and
# decimals, each read by `numbers` within its range.
INT_ATTRIBUTES: dict[str, dict[str, tuple[int, int]]] = {
    "map": {"width": _SIZE, "height": _SIZE, "tilewidth": _SIZE, "tileheight": _SIZE,
            "hexsidelength": _SIGNED, "nextlayerid": _ID, "nextobjectid": _ID,
            "compressionlevel": (-1, 9)},
    "tileset": {"firstgid": _GID, "tilewidth": _SIZE, "tileheight": _SIZE, "spacing": _SIZE,
                "margin": _SIZE, "tilecount": _SIZE, "columns": _SIZE},
    "tileoffset": {"x": _SIGNED, "y": _SIGNED},
    "grid": {"width": _SIZE, "height": _SIZE},
    "image": {"width": _SIZE, "height": _SIZE},
    "tile": {"id": _ID, "x": _SIZE, "y": _SIZE, "width": _SIZE, "height": _SIZE},
    "frame": {"tileid": _ID, "duration": _SIZE},
    "layer": {**_LAYER_INTS, "width": _SIZE, "height": _SIZE, "x": _SIZE, "y": _SIZE},
    "imagelayer": _LAYER_INTS, "objectgroup": _LAYER_INTS, "group": _LAYER_INTS,
    "object": {"id": _ID, "gid": _GID},
}
FLOAT_ATTRIBUTES: dict[str, dict[str, tuple[float, float]]] = {
    "map": {"parallaxoriginx": _COORD, "parallaxoriginy": _COORD},
    "layer": _LAYER_FLOATS, "imagelayer": _LAYER_FLOATS, "objectgroup": _LAYER_FLOATS,
    "group": _LAYER_FLOATS,
    "object": {"x": _COORD, "y": _COORD, "width": _COORD, "height": _COORD,
               "rotation": _COORD},
}


def _scan_structure(root: Element, label: str, scan: Scan) -> None:
    """Nesting depth, layer and object counts, every number (`numbers`),
    name lengths, property counts and text property lengths, before anything
    is kept (an iterative walk: a deep file cannot overflow the stack).
    Collision shapes (an object group inside a tileset's ``<tile>``) are
    neither layers nor objects drawn."""
    layers = objects = properties = key_chars = 0
    # (element, depth, inside a <tile>, characters of the class names above it)
    stack: list[tuple[Element, int, bool, int]] = [(root, 1, False, 0)]
    while stack:
        node, depth, in_tile, prefix = stack.pop()
        if depth > MAX_DEPTH:
            scan.refuse(MapProblem("too_big",
                N_("{file}: refused: elements nested over {limit} deep (groups in"
                          " groups, or classes in classes); in Tiled, move layers out of"
                          " nested groups"), file=label, limit=MAX_DEPTH))
            return
        if not _scan_numbers(node, label, scan) or not _scan_name(node, label, scan):
            return
        if node.tag in _LAYER_TAGS and not in_tile:
            layers += 1
        elif node.tag == "object" and not in_tile:
            objects += 1
        elif node.tag == "property":
            properties += 1
            prefix += len(node.get("name", "")) + 1
            key_chars += prefix
            if properties > MAX_PROPERTIES or key_chars > MAX_PROPERTY_KEYS:
                scan.refuse(MapProblem("too_big",
                    N_("{file}: refused: over {limit} custom properties and class"
                              " members, or their names too long; remove properties in"
                              " Tiled"), file=label, limit=MAX_PROPERTIES))
                return
            _scan_property(node, label, scan)
        elif node.tag != "properties":
            prefix = 0
        inside = in_tile or node.tag == "tile"
        stack.extend((child, depth + 1, inside, prefix) for child in node)
    if layers > MAX_LAYERS:
        scan.refuse(MapProblem("too_big",
            N_("{file}: refused: {count} layers, over the limit of {limit};"
                      " merge or delete layers in Tiled"),
                          file=label, count=layers, limit=MAX_LAYERS))
    if objects > MAX_OBJECTS:
        scan.refuse(MapProblem("too_big",
            N_("{file}: refused: {count} objects, over the limit of {limit};"
                      " delete objects in Tiled"),
                          file=label, count=objects, limit=MAX_OBJECTS))


def _scan_numbers(node: Element, label: str, scan: Scan) -> bool:
    """Every number the element holds is one (see `numbers`); False after a refusal."""
    for name, (low, high) in INT_ATTRIBUTES.get(node.tag, {}).items():
        text = node.get(name)
        if text is not None and parse_int(text, low, high) is None:
            bad_number(node, name, low, high, label, scan)
            return False
    for name, (bottom, top) in FLOAT_ATTRIBUTES.get(node.tag, {}).items():
        text = node.get(name)
        if text is not None and parse_float(text, bottom, top) is None:
            bad_number(node, name, bottom, top, label, scan)
            return False
    for name in ("tintcolor", "trans", "backgroundcolor", "color"):
        text = node.get(name)
        if text and node.tag != "property" and parse_colour(text) is None:
            scan.refuse(MapProblem("bad_number",
                N_("{where}: <{tag}> attribute {attribute}={value} is not a colour"
                          " (#RRGGBB or #AARRGGBB); pick the colour again in Tiled"),
                              where=label, tag=node.tag, attribute=name,
                              value=repr(text[:20])))
            return False
    return True


def bad_number(node: Element, name: str, low: float, high: float, label: str,
               scan: Scan) -> None:
    """Refuse an attribute that is not a number the map may hold."""
    message = MapProblem("bad_number",
        N_("{where}: <{tag}> attribute {attribute}={value} is not a number from {low} to"
                " {high} written with the digits 0-9; set it again in Tiled and save"),
                    where=label, tag=node.tag, attribute=name,
                    value=repr(node.get(name, "")[:20]), low=_plain(low), high=_plain(high))
    if message not in scan.problems:
        scan.refuse(message)


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _scan_name(node: Element, label: str, scan: Scan) -> bool:
    name = node.get("name")
    if name is None or len(name) <= MAX_NAME_CHARS:
        return True
    scan.refuse(MapProblem("too_big",
        N_("{file}: refused: a <{tag}> has a name of {length} characters, over the"
                  " limit of {limit}; give it a shorter name in Tiled"),
                      file=label, tag=node.tag, length=len(name), limit=MAX_NAME_CHARS))
    return False


def _scan_property(node: Element, label: str, scan: Scan) -> None:
    name = node.get("name", "")
    value = node.get("value")
    if value is None:
        value = node.text or ""
    limit = next((n for key, n in TEXT_LIMITS.items() if name.startswith(key)),
                 MAX_PROPERTY_CHARS)
    if len(value) > limit:
        scan.refuse(MapProblem("too_big",
            N_("{file}: property {name} is {length} characters long, over the limit"
                      " of {limit}; {fix}"), file=label, name=repr(name[:40]),
                                                  length=len(value), limit=limit,
                                                  fix=Words(FIX_PROPERTY)))


def _scan_tileset(node: Element, base: Path, where: str, scan: Scan) -> None:
    """A tileset's tile size, tile count and images."""
    sizes = []
    for name in ("tilewidth", "tileheight"):
        value = _int_attr(node, name, where, scan)
        if value is not None and not 1 <= value <= MAX_TILE:
            scan.refuse(MapProblem("bad_number",
                N_("{file}: {attribute} {value} must be between 4 and 1024;"
                          " in Tiled: Map > Map Properties > Tile Width, Tile Height"),
                              file=where, attribute=name, value=value))
            return
        sizes.append(value)
    if None in sizes:
        return
    tw, th = sizes
    declared = _small_int(node.get("tilecount"), 2**31)
    tiles = node.findall("tile")
    count = max(declared, len(tiles))
    image = node.find("image")
    if image is not None:
        size = scan_image(image, base, where, scan, tileset=True) or (0, 0)
        if scan.fatal:
            return
        margin = _small_int(node.get("margin"))
        spacing = _small_int(node.get("spacing"))
        declared = (_small_int(image.get("width")), _small_int(image.get("height")))
        for w, h in (size, declared):      # what the file is, and what the map says
            columns = max(0, (w - 2 * margin + spacing) // (tw + spacing))
            rows = max(0, (h - 2 * margin + spacing) // (th + spacing))
            count = max(count, columns * rows)
    if count > MAX_TILES:
        scan.refuse(MapProblem("too_big",
            N_("{where}: {count} tiles, over the limit of {limit} per tileset;"
                      " {fix}"), where=where, count=count, limit=MAX_TILES,
                                       fix=Words(FIX_TILESET_IMAGE)))
        return
    for tile in tiles:
        tile_image = tile.find("image")
        if tile_image is not None:
            scan_image(tile_image, base, where, scan)
            if scan.fatal:
                return


def _small_int(text: str | None, high: int = MAX_IMAGE_SIDE) -> int:
    """A count or size already checked by `_scan_numbers`, kept within ``high``."""
    return max(0, min(parse_int(text) or 0, high))


def scan_image(node: Element, base: Path, where: str, scan: Scan,
               tileset: bool = False, layer: bool = False) -> tuple[int, int] | None:
    """An image's true size from its header (PNG, JPEG or GIF, never decoded
    here: `imagefile`), within the budgets; None (and a refusal) otherwise.
    An image layer with no picture (``source=""``) draws nothing, as in Tiled."""
    source = node.get("source")
    fix = Words(FIX_TILESET_IMAGE) if tileset else Words(N_("use a smaller PNG image in Tiled"))
    if source is None or node.find("data") is not None:
        scan.refuse(MapProblem("unsupported",
            N_("{where}: images stored inside the map are not supported; {fix}"),
            where=where, fix=Words(RESAVE_TSX)))
        return None
    if not source.strip():
        if not layer:
            scan.refuse(MapProblem("bad_picture",
                N_("{where}: an image names no file (source=\"\"); in Tiled, pick"
                          " the image again (Tileset > Tileset Properties, Image)"),
                              where=where))
        return None
    for name in ("width", "height"):
        text = node.get(name) or "0"
        if parse_int(text, 0, MAX_IMAGE_SIDE) is None:
            scan.refuse(MapProblem("too_big",
                N_("{where}: image {image} declares {attribute}={value}, over the"
                          " limit of 4096 pixels; {fix}"),
                              where=where, image=repr(source), attribute=name,
                              value=repr(text[:12]), fix=fix))
            return None
    path = base / source
    key = str(path.resolve())
    if key in scan.images:
        return scan.images[key]
    if not os.path.lexists(path):
        scan.missing.append(path)
        return None   # a missing picture is left out of the drawing, not fatal
    label = Words(N_("{where}: image {image}"), where=where, image=repr(source))
    head = read_regular(path, label, scan, limit=MAX_IMAGE_BYTES, head=MAX_IMAGE_BYTES)
    if head is None:
        return None
    if image_kind(head) is None:
        scan.refuse(MapProblem("bad_picture",
            N_("{where}: not a PNG, JPEG or GIF image; save it as PNG and re-add it"
                      " in Tiled"), where=label))
        return None
    try:
        width, height = image_size(head)
    except ImageProblem as problem:
        _damaged(label, problem, scan)
        return None
    if not width or not height:
        scan.refuse(MapProblem("bad_picture",
            N_("{where}: the picture is {width}x{height} pixels: it is empty; draw"
                      " something in it, or pick another image in Tiled"),
                          where=label, width=width, height=height))
        return None
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
        scan.refuse(MapProblem("too_big",
            N_("{where}: the picture is {width}x{height} pixels, over the limit of"
                      " 4096 a side; {fix}"), where=label, width=width, height=height,
                                                     fix=fix))
        return None
    scan.pixels += width * height
    if scan.pixels > MAX_IMAGE_PIXELS:
        scan.refuse(MapProblem("too_big",
            N_("{where}: refused: the map's images come to over 16 million pixels;"
                      " use fewer or smaller images in Tiled"), where=label))
        return None
    scan.images[key] = (width, height)
    if image_kind(head) == "png":
        scan.unchecked_png.append((path, label))
    return width, height


def _damaged(label: str, problem: ImageProblem, scan: Scan) -> None:
    scan.refuse(MapProblem("bad_picture",
        N_("{where}: the image is damaged: {reason}; save it again from a paint"
                  " program and re-add it in Tiled"),
                      where=label, reason=problem.words))


def check_pngs(scan: Scan) -> None:
    """Check every PNG the map uses whole (`imagefile.check_png`), once the
    budgets have passed: a damaged one is refused with the reason."""
    for path, label in scan.unchecked_png:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):   # swapped since it was sized
                    raise OSError(0, "not a regular file")
                with os.fdopen(fd, "rb", closefd=False) as f:
                    data = f.read(MAX_IMAGE_BYTES + 1)
            finally:
                os.close(fd)
            check_png(data)
        except OSError as exc:
            scan.refuse(MapProblem("unreadable", N_("{where}: cannot read the file ({reason})"),
                where=label, reason=exc.strerror or exc))
        except ImageProblem as problem:
            _damaged(label, problem, scan)
    scan.unchecked_png.clear()


def _int_attr(node: Element, name: str, label: str, scan: Scan) -> int | None:
    low, high = INT_ATTRIBUTES.get(node.tag, {}).get(name, _SIGNED)
    text = node.get(name)
    value = parse_int(text, low, high)
    if value is None and text is None:
        scan.refuse(MapProblem("bad_number",
            N_("{where}: <{tag}> attribute {attribute}={value} is not a whole number"),
            where=label, tag=node.tag, attribute=name, value=repr(text)))
    elif value is None:
        bad_number(node, name, low, high, label, scan)
    return value


def _scan_layer(layer: Element, label: str, scan: Scan) -> None:
    name = layer.get("name", "")
    # Translators: where a problem is: a file and one of its layers ({layer} is quoted).
    where = Words(N_("{file}: layer {layer}"), file=label, layer=repr(name))
    width = _int_attr(layer, "width", where, scan)
    height = _int_attr(layer, "height", where, scan)
    if width is None or height is None:
        return
    if width > MAX_CELLS_SIDE or height > MAX_CELLS_SIDE or width < 0 or height < 0:
        scan.refuse(MapProblem("too_big",
            N_("{where}: {width}x{height} cells, over the 64x64 limit"),
            where=where, width=width, height=height))
        return
    data = layer.find("data")
    if data is None:
        scan.refuse(MapProblem("unsupported",
            N_("{where}: no <data>; {fix}"), where=where, fix=Words(RESAVE_FORMAT)))
        return
    if data.find("chunk") is not None:
        scan.refuse(MapProblem("unsupported",
            N_("{where}: stored in chunks (an infinite map); {fix}"),
            where=where, fix=Words(RESAVE_FINITE)))
        return
    encoding = data.get("encoding")
    compression = data.get("compression")
    text = (data.text or "").strip()
    if encoding == "csv":
        gids = _csv_gids(text, where, scan)
    elif encoding == "base64":
        gids = _base64_gids(text, compression, width * height * 4, where, scan)
    elif encoding is None:
        scan.refuse(MapProblem("unsupported",
            N_("{where}: tile data as XML elements is not supported; {fix}"),
            where=where, fix=Words(RESAVE_FORMAT)))
        return
    else:
        scan.refuse(MapProblem("unsupported",
            N_("{where}: unknown data encoding {encoding}; {fix}"),
            where=where, encoding=repr(encoding), fix=Words(RESAVE_FORMAT)))
        return
    if gids is not None and len(gids) != width * height:
        scan.refuse(MapProblem("damaged", N_("{where}: data holds {count} cells but the layer is"
                      " {width}x{height} = {cells}"),
                          where=where, count=len(gids), width=width, height=height,
                          cells=width * height))
    elif gids is not None:
        scan.layer_data[id(layer)] = gids


def _csv_gids(text: str, where: str, scan: Scan) -> list[int] | None:
    items = [t.strip() for t in text.split(",")] if text else []
    gids = []
    for item in items:
        # ASCII digits (isascii: no '²' or '٩'), at most 10 of them: the
        # parser's own test, written out for the 20,000 cells of a big map
        gid = int(item) if item.isascii() and item.isdigit() and len(item) <= 10 else None
        if gid is None or gid >= 2**32:
            scan.refuse(MapProblem("damaged",
                N_("{where}: CSV data holds {item}, not a tile number"),
                where=where, item=repr(item[:20])))
            return None
        gids.append(gid)
    return gids


def _base64_gids(text: str, compression: str | None, limit: int, where: str,
                 scan: Scan) -> list[int] | None:
    if compression not in COMPRESSIONS:
        scan.refuse(MapProblem("unsupported",
            N_("{where}: {compression} compression is not supported; {fix}"),
            where=where, compression=compression, fix=Words(RESAVE_FORMAT)))
        return None
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        scan.refuse(MapProblem("damaged", N_("{where}: base64 data is corrupt"), where=where))
        return None
    wbits = COMPRESSIONS[compression]
    if wbits is not None:
        inflater = zlib.decompressobj(wbits)
        try:
            raw = inflater.decompress(raw, limit + 1)
        except zlib.error as exc:
            scan.refuse(MapProblem("damaged",
                N_("{where}: {compression} data is corrupt ({reason})"),
                where=where, compression=compression, reason=exc))
            return None
        if len(raw) > limit or inflater.unconsumed_tail or inflater.unused_data:
            scan.refuse(MapProblem("unsafe",
                N_("{where}: refused: data inflates past the layer's size"),
                where=where))
            return None
        if not inflater.eof:
            scan.refuse(MapProblem("damaged", N_("{where}: {compression} data is truncated"),
                where=where, compression=compression))
            return None
    if len(raw) % 4:
        scan.refuse(MapProblem("damaged",
            N_("{where}: data is {size} bytes, not a whole number of tiles"),
            where=where, size=len(raw)))
        return None
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


def _scan_paths(root: Element, base: Path, folder: Path, label: str, scan: Scan) -> None:
    """Every image, tileset and template path must stay inside the map's folder."""
    for node in root.iter():
        if node.tag in ("image", "tileset"):
            target = node.get("source")
        elif node.tag == "object":
            target = node.get("template")
        else:
            continue
        if target and not _inside(base / target, folder):
            scan.refuse(MapProblem("outside_folder",
                N_("{where}: refused: path {path} leaves the map's folder; in Tiled,"
                          " move the file next to the map (or below it) and re-add it"),
                              where=label, path=repr(target)))


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError, ValueError):
        return False


def _scan_external_tileset(path: Path, source: str, folder: Path, label: str,
                           scan: Scan) -> tuple[Element, Path] | None:
    # Translators: where a problem is: a map file and the tileset file it names (quoted).
    where = Words(N_("{file}: tileset {tileset}"), file=label, tileset=repr(source))
    if not _inside(path, folder):
        return None  # already refused by _scan_paths
    if path.suffix.lower() not in (".tsx", ".tsj", ".json"):
        scan.refuse(MapProblem("unsupported",
            N_("{where}: only .tsx tilesets are supported; {fix}"),
            where=where, fix=Words(RESAVE_TSX)))
        return None
    if not os.path.lexists(path):
        scan.refuse(MapProblem("missing_file", N_("{where}: file not found (looked at {path})"),
            where=where, path=MapFile(path)))
        return None
    key = str(path.resolve())
    if key in scan.tsx_parsed:     # named again: counted again, parsed once
        size = path.stat().st_size
        if scan.bytes_read + size > MAX_TOTAL_BYTES:
            _over_total(where, scan)
            return None
        scan.bytes_read += size
        return scan.tsx_parsed[key], path.parent
    root = read_document(path, where, scan, "tileset")
    if root is None:
        return None
    scan.tsx_parsed[key] = root
    if root.tag != "tileset":
        scan.refuse(MapProblem("unreadable",
            N_("{where}: not a Tiled tileset (root element <{tag}>)"),
            where=where, tag=root.tag))
        return None
    _scan_structure(root, where, scan)
    _scan_paths(root, path.parent, folder, where, scan)
    if not scan.fatal:
        _scan_tileset(root, path.parent, where, scan)
    return root, path.parent
