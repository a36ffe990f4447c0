"""Reading TMX/TSX files defensively, before pytmx sees them.

A map may come from anyone, so it is refused, never followed, when it is
hostile or in a form pytmx would mishandle: DTD or entity declarations, a
file over 4 MiB, a board over 64x64 cells, layer data that inflates past
what the layer's size says, infinite maps, zstd, ``.tmj``, and paths
(tilesets, images, templates) that leave the map's folder.  Each problem
says how to fix the map in Tiled, in the game's language (``i18n``): the
file, layer or tileset comes first, then the reason.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

from ..i18n import N_, _

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_CELLS_SIDE = 64

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
COMPRESSIONS = {None: None, "": None, "zlib": 15, "gzip": 31}


@dataclass
class Scan:
    """What a safety scan found: problems, and whether pytmx may read the file."""

    problems: list[str] = field(default_factory=list)
    fatal: bool = False

    def refuse(self, message: str) -> None:
        self.problems.append(message)
        self.fatal = True


def read_xml(path: Path, label: str, scan: Scan) -> Element | None:
    """Parse a file with defusedxml; on any trouble note it and return None."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            scan.refuse(_("{where}: file is {size} bytes, over the 4 MiB limit").format(
                where=label, size=size))
            return None
        data = path.read_bytes()
    except OSError as exc:
        scan.refuse(_("{where}: cannot read the file ({reason})").format(
            where=label, reason=exc.strerror or exc))
        return None
    try:
        return SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        kind = type(exc).__name__.removesuffix("Forbidden")
        scan.refuse(_("{where}: refused: the file declares a DTD or entities ({kind});"
                      " Tiled never writes these, re-save the map in Tiled").format(
                          where=label, kind=kind))
    except (SafeET.ParseError, ValueError, LookupError) as exc:
        # LookupError, ValueError: e.g. a bad or unknown encoding declaration
        scan.refuse(_("{where}: malformed XML ({reason})").format(where=label, reason=exc))
    return None


def scan_map(path: Path, root: Element, label: str, scan: Scan) -> None:
    """Check a parsed map's header, layer data and every path it names."""
    if root.tag != "map":
        scan.refuse(_("{file}: not a Tiled map (root element <{tag}>, expected <map>)").format(
            file=label, tag=root.tag))
        return
    if root.get("infinite", "0") not in ("0", ""):
        scan.refuse(_("{file}: infinite maps are not supported; {fix}").format(
            file=label, fix=_(RESAVE_FINITE)))
    width = _int_attr(root, "width", label, scan)
    height = _int_attr(root, "height", label, scan)
    if width is not None and height is not None and (
            width > MAX_CELLS_SIDE or height > MAX_CELLS_SIDE):
        scan.refuse(_("{file}: map is {width}x{height} cells, over the 64x64 limit").format(
            file=label, width=width, height=height))
    for name in ("tilewidth", "tileheight"):
        value = _int_attr(root, name, label, scan)
        if value is not None and not 0 < value <= 1024:
            scan.refuse(_("{file}: {attribute} {value} must be between 1 and 1024").format(
                file=label, attribute=name, value=value))
    if root.get("hexsidelength") is not None:
        _int_attr(root, "hexsidelength", label, scan)
    too_big = scan.fatal
    for layer in root.iter("layer"):
        _scan_layer(layer, label, scan, quiet_size=too_big)
    folder = path.parent.resolve()
    _scan_paths(root, path.parent, folder, label, scan)
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source:
            _scan_external_tileset(path.parent / source, source, folder, label, scan)


def _int_attr(node: Element, name: str, label: str, scan: Scan) -> int | None:
    text = node.get(name)
    try:
        return int(text or "")
    except ValueError:
        scan.refuse(_("{where}: <{tag}> attribute {attribute}={value} is not a whole number")
                    .format(where=label, tag=node.tag, attribute=name, value=repr(text)))
        return None


def _scan_layer(layer: Element, label: str, scan: Scan, quiet_size: bool) -> None:
    name = layer.get("name", "")
    # Translators: where a problem is: a file and one of its layers ({layer} is quoted).
    where = _("{file}: layer {layer}").format(file=label, layer=repr(name))
    width = _int_attr(layer, "width", where, scan)
    height = _int_attr(layer, "height", where, scan)
    if width is None or height is None:
        return
    if width > MAX_CELLS_SIDE or height > MAX_CELLS_SIDE or width < 0 or height < 0:
        if not quiet_size:
            scan.refuse(_("{where}: {width}x{height} cells, over the 64x64 limit").format(
                where=where, width=width, height=height))
        return
    data = layer.find("data")
    if data is None:
        scan.refuse(_("{where}: no <data>; {fix}").format(where=where, fix=_(RESAVE_FORMAT)))
        return
    if data.find("chunk") is not None:
        scan.refuse(_("{where}: stored in chunks (an infinite map); {fix}").format(
            where=where, fix=_(RESAVE_FINITE)))
        return
    encoding = data.get("encoding")
    compression = data.get("compression")
    text = (data.text or "").strip()
    if encoding == "csv":
        count = _csv_count(text, where, scan)
    elif encoding == "base64":
        count = _base64_count(text, compression, width * height * 4, where, scan)
    elif encoding is None:
        scan.refuse(_("{where}: tile data as XML elements is not supported; {fix}").format(
            where=where, fix=_(RESAVE_FORMAT)))
        return
    else:
        scan.refuse(_("{where}: unknown data encoding {encoding}; {fix}").format(
            where=where, encoding=repr(encoding), fix=_(RESAVE_FORMAT)))
        return
    if count is not None and count != width * height:
        scan.refuse(_("{where}: data holds {count} cells but the layer is"
                      " {width}x{height} = {cells}").format(
                          where=where, count=count, width=width, height=height,
                          cells=width * height))


def _csv_count(text: str, where: str, scan: Scan) -> int | None:
    items = [t.strip() for t in text.split(",")] if text else []
    for item in items:
        if not (item.isascii() and item.isdigit()) or int(item) >= 1 << 32:
            scan.refuse(_("{where}: CSV data holds {item}, not a tile number").format(
                where=where, item=repr(item[:20])))
            return None
    return len(items)


def _base64_count(text: str, compression: str | None, limit: int, where: str,
                  scan: Scan) -> int | None:
    if compression not in COMPRESSIONS:
        scan.refuse(_("{where}: {compression} compression is not supported; {fix}").format(
            where=where, compression=compression, fix=_(RESAVE_FORMAT)))
        return None
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        scan.refuse(_("{where}: base64 data is corrupt").format(where=where))
        return None
    wbits = COMPRESSIONS[compression]
    if wbits is not None:
        inflater = zlib.decompressobj(wbits)
        try:
            raw = inflater.decompress(raw, limit + 1)
        except zlib.error as exc:
            scan.refuse(_("{where}: {compression} data is corrupt ({reason})").format(
                where=where, compression=compression, reason=exc))
            return None
        if len(raw) > limit or inflater.unconsumed_tail or inflater.unused_data:
            scan.refuse(_("{where}: refused: data inflates past the layer's size").format(
                where=where))
            return None
        if not inflater.eof:
            scan.refuse(_("{where}: {compression} data is truncated").format(
                where=where, compression=compression))
            return None
    if len(raw) % 4:
        scan.refuse(_("{where}: data is {size} bytes, not a whole number of tiles").format(
            where=where, size=len(raw)))
        return None
    return len(raw) // 4


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
            scan.refuse(_("{where}: refused: path {path} leaves the map's folder; in Tiled,"
                          " move the file next to the map (or below it) and re-add it").format(
                              where=label, path=repr(target)))


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError, ValueError):
        return False


def _scan_external_tileset(path: Path, source: str, folder: Path, label: str,
                           scan: Scan) -> None:
    # Translators: where a problem is: a map file and the tileset file it names (quoted).
    where = _("{file}: tileset {tileset}").format(file=label, tileset=repr(source))
    if not _inside(path, folder):
        return  # already refused by _scan_paths
    if path.suffix.lower() != ".tsx":
        scan.refuse(_("{where}: only .tsx tilesets are supported; {fix}").format(
            where=where, fix=_(RESAVE_TSX)))
        return
    if not path.is_file():
        scan.refuse(_("{where}: file not found (looked at {path})").format(
            where=where, path=path))
        return
    root = read_xml(path, where, scan)
    if root is None:
        return
    if root.tag != "tileset":
        scan.refuse(_("{where}: not a Tiled tileset (root element <{tag}>)").format(
            where=where, tag=root.tag))
        return
    _scan_paths(root, path.parent, folder, where, scan)
