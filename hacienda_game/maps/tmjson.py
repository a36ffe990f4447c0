"""Tiled's JSON formats (``.tmj`` maps, ``.tsj`` tilesets, ``.tj`` templates)
turned into the elements a TMX file parses to.

An author may save in either format, so a JSON file becomes the very tree
its TMX twin would (Tiled's own TMX <-> JSON correspondence: attributes for
plain values, child elements for tilesets, layers, objects, properties,
images, animations and tile offsets, layer data as CSV or base64 text), and
from there the one scan (`tmxfile`: every budget, every safety rule) and the
one reader (`tiledmap`) take it: no JSON-only path to get wrong.  A value
that is not what Tiled writes (an object where a number goes, a list of
strings as layer data) is left out or refused by the scan, never trusted.
"""

from __future__ import annotations

import json
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from ..i18n import N_
from .reasons import Reason

JSON_SUFFIXES = (".tmj", ".tsj", ".tj", ".json")
MAX_JSON_DEPTH = 64
_LAYER_TAGS = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer",
               "group": "group"}
# JSON keys that are child elements or handled apart, never attributes.
_SKIP = {"layers", "tilesets", "properties", "objects", "tiles", "data", "chunks", "image",
         "imagewidth", "imageheight", "transparentcolor", "tileoffset", "grid", "animation",
         "objectgroup", "wangsets", "terrains", "text", "polygon", "polyline", "ellipse",
         "point", "encoding", "compression", "type", "class", "template", "tileset",
         "object", "transformations"}


# Why a JSON file is not a Tiled document: the {reason} of a refusal.
NOT_JSON = N_("not JSON: line {line}, column {column}")
TOO_DEEP = N_("nested too deep")
NOT_AN_OBJECT = N_("not a JSON object")
NOT_A_NUMBER = N_("{name} is not a number Tiled writes")
NOT_A_MAP = N_("not a Tiled map")
NOT_A_TILESET = N_("not a Tiled tileset")
NOT_A_TEMPLATE = N_("not a Tiled object template")


class JsonProblem(Reason):
    """A JSON file that is not a Tiled document."""


def parse_json(data: bytes, kind: str) -> Element:
    """The TMX-shaped tree of a Tiled JSON document (``kind``: ``map``,
    ``tileset`` or ``template``); `JsonProblem` when it is not one."""
    try:
        document = json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant)
    except RecursionError:
        raise JsonProblem(TOO_DEEP) from None
    except json.JSONDecodeError as exc:
        raise JsonProblem(NOT_JSON, line=exc.lineno, column=exc.colno) from None
    except (UnicodeDecodeError, ValueError):
        raise JsonProblem(NOT_JSON, line=1, column=1) from None
    if not isinstance(document, dict):
        raise JsonProblem(NOT_AN_OBJECT)
    try:
        if kind == "template":
            return _template(document)
        if kind == "tileset":
            return _tileset(document, "tileset")
        return _map(document)
    except RecursionError:
        raise JsonProblem(TOO_DEEP) from None


def _no_constant(name: str) -> float:
    raise JsonProblem(NOT_A_NUMBER, name=name)


def _text(value: Any) -> str | None:
    """A plain JSON value as an attribute's text (as Tiled writes it in TMX)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return value
    return None


def _attrs(node: Element, document: dict, skip: set[str] = _SKIP) -> None:
    for key, value in document.items():
        if key in skip or not isinstance(key, str):
            continue
        text = _text(value)
        if text is not None:
            node.set(key, text)


def _list(document: dict, key: str) -> list:
    value = document.get(key)
    return value if isinstance(value, list) else []


def _properties(node: Element, document: dict) -> None:
    props = _list(document, "properties")
    if props:
        _property_list(SubElement(node, "properties"), props, 0)


def _property_list(parent: Element, props: list, depth: int) -> None:
    if depth > MAX_JSON_DEPTH:
        raise RecursionError
    for prop in props:
        if not isinstance(prop, dict):
            continue
        node = SubElement(parent, "property")
        _attrs(node, prop, {"value"})
        value = prop.get("value")
        if isinstance(value, dict):             # a class: its members
            _members(SubElement(node, "properties"), value, depth + 1)
        elif (text := _text(value)) is not None:
            node.set("value", text if prop.get("type") != "bool" else str(value).lower())


def _members(parent: Element, members: dict, depth: int) -> None:
    if depth > MAX_JSON_DEPTH:
        raise RecursionError
    for name, value in members.items():
        node = SubElement(parent, "property", name=str(name))
        if isinstance(value, dict):
            node.set("type", "class")
            _members(SubElement(node, "properties"), value, depth + 1)
        elif (text := _text(value)) is not None:
            node.set("value", text if not isinstance(value, bool) else str(value).lower())


def _image(node: Element, document: dict, key: str = "image") -> None:
    source = document.get(key)
    if not isinstance(source, str):
        return
    image = SubElement(node, "image", source=source)
    for attr, name in (("imagewidth", "width"), ("imageheight", "height"),
                       ("transparentcolor", "trans")):
        text = _text(document.get(attr))
        if text is not None:
            image.set(name, text.lstrip("#") if name == "trans" else text)


def _map(document: dict) -> Element:
    if document.get("type", "map") != "map":
        raise JsonProblem(NOT_A_MAP)
    node = Element("map")
    _attrs(node, document)
    _properties(node, document)
    for tileset in _list(document, "tilesets"):
        if isinstance(tileset, dict):
            node.append(_tileset(tileset, "tileset", embedded=True))
    _layers(node, _list(document, "layers"), 0)
    return node


def _tileset(document: dict, tag: str, embedded: bool = False) -> Element:
    if not embedded and document.get("type", "tileset") != "tileset":
        raise JsonProblem(NOT_A_TILESET)
    node = Element(tag)
    _attrs(node, document)
    offset = document.get("tileoffset")
    if isinstance(offset, dict):
        SubElement(node, "tileoffset", {k: t for k in ("x", "y")
                                         if (t := _text(offset.get(k))) is not None})
    _properties(node, document)
    _image(node, document)
    for tile in _list(document, "tiles"):
        if not isinstance(tile, dict):
            continue
        element = SubElement(node, "tile")
        _attrs(element, tile)
        if isinstance(tile.get("class", tile.get("type")), str):
            element.set("type", tile.get("class", tile.get("type")))
        _properties(element, tile)
        _image(element, tile)
        frames = _list(tile, "animation")
        if frames:
            animation = SubElement(element, "animation")
            for frame in frames:
                if isinstance(frame, dict):
                    SubElement(animation, "frame", {k: t for k in ("tileid", "duration")
                                                    if (t := _text(frame.get(k))) is not None})
        shapes = tile.get("objectgroup")
        if isinstance(shapes, dict):
            group = SubElement(element, "objectgroup")
            _attrs(group, shapes)
            for obj in _list(shapes, "objects"):
                if isinstance(obj, dict):
                    group.append(_object(obj))
    return node


def _layers(parent: Element, layers: list, depth: int) -> None:
    if depth > MAX_JSON_DEPTH:
        raise RecursionError
    for layer in layers:
        if not isinstance(layer, dict) or layer.get("type") not in _LAYER_TAGS:
            continue
        kind = layer["type"]
        node = SubElement(parent, _LAYER_TAGS[kind])
        _attrs(node, layer)
        _properties(node, layer)
        if kind == "tilelayer":
            _data(node, layer)
        elif kind == "imagelayer":
            _image(node, layer)
        elif kind == "objectgroup":
            for obj in _list(layer, "objects"):
                if isinstance(obj, dict):
                    node.append(_object(obj))
        else:
            _layers(node, _list(layer, "layers"), depth + 1)


def _data(node: Element, layer: dict) -> None:
    if "chunks" in layer:
        SubElement(SubElement(node, "data", encoding="csv"), "chunk")
        return
    data = layer.get("data")
    if isinstance(data, list):
        element = SubElement(node, "data", encoding="csv")
        element.text = ",".join(str(v) if isinstance(v, int) and not isinstance(v, bool)
                                else "x" for v in data)
    elif isinstance(data, str):
        element = SubElement(node, "data", encoding="base64")
        compression = layer.get("compression")
        if isinstance(compression, str) and compression:
            element.set("compression", compression)
        element.text = data


def _object(document: dict) -> Element:
    node = Element("object")
    _attrs(node, document)
    template = document.get("template")
    if isinstance(template, str):
        node.set("template", template)
    _properties(node, document)
    return node


def _template(document: dict) -> Element:
    if document.get("type", "template") != "template":
        raise JsonProblem(NOT_A_TEMPLATE)
    node = Element("template")
    tileset = document.get("tileset")
    if isinstance(tileset, dict):
        node.append(_tileset(tileset, "tileset", embedded=True))
    obj = document.get("object")
    if isinstance(obj, dict):
        node.append(_object(obj))
    return node
