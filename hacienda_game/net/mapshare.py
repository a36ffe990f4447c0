"""A joiner gets the map it plays on from the host: the map file and the files
it names (tilesets, images), by names relative to the map's folder, never a
path or a user name of the host's machine.

The host packs what the maps' own safety scan read (`maps.tmxfile`: regular
files inside the map's folder, bounded); the joiner checks the package as
hostile input (at most `MAX_FILES` files, `MAX_BYTES` together, plain names,
the map's bytes matching the digest in the welcome), writes it into its own
folder of received maps, and loads it like any local map (`find_map`: the
bounded reader and the validator), so a hostile host gets no further than a
hostile map file would.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
from pathlib import Path
from typing import Any

from .protocol import ProtocolError

MAX_FILES = 16
MAX_BYTES = 2 * 1024 * 1024            # the files together, before base64
NAME_PART = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\- ]{0,63}$")
MAX_DEPTH = 3                          # folders below the map's own


def digest(data: bytes) -> str:
    """The map file's fingerprint, as `hosting.map_digest` makes it."""
    return hashlib.sha256(data).hexdigest()[:16]


def _name_ok(name: str) -> bool:
    parts = name.split("/")
    return (0 < len(parts) <= MAX_DEPTH + 1 and "\\" not in name
            and all(NAME_PART.match(p) and p not in (".", "..") for p in parts))


def pack(map_path: str | os.PathLike[str] | None) -> dict[str, str]:
    """The files of a map that is not built in, for joiners: {relative name:
    base64}; {} for a built-in map (every joiner has it), or a map that cannot
    be sent (unreadable, a file outside its folder, over the limits)."""
    from ..maps.catalog import map_roots, maps_dir
    from ..maps.tmxfile import Scan, read_document, read_regular, scan_map

    if not map_path:
        return {}
    path = Path(map_path).resolve()
    if path.parent == maps_dir().resolve() or path.suffix.lower() != ".tmx":
        return {}
    scan = Scan()
    root = read_document(path, path.name, scan, "map")
    if root is None or scan.fatal:
        return {}
    scan_map(path, root, path.name, scan, roots=map_roots())
    if scan.fatal:
        return {}
    folder = path.parent
    files: dict[str, str] = {}
    total = 0
    for opened in dict.fromkeys([path, *scan.opened]):
        try:
            name = Path(opened).resolve().relative_to(folder).as_posix()
        except ValueError:
            return {}                        # a shared tileset above the map's folder
        data = read_regular(Path(opened), name, Scan(), limit=MAX_BYTES)
        total += len(data or b"")
        if data is None or not _name_ok(name) or total > MAX_BYTES \
                or len(files) >= MAX_FILES:
            return {}
        files[name] = base64.b64encode(data).decode("ascii")
    return files


def received_dir() -> Path:
    """Where this machine keeps maps hosts sent (apart from the player's maps)."""
    home = os.environ.get("HACIENDA_HOME")
    if home:
        return Path(home) / "received-maps"
    import platformdirs

    return Path(platformdirs.user_cache_dir("hacienda")) / "received-maps"


def unpack(files: Any, want: str) -> Path:
    """Check a host's map package and write it into its own folder; the map
    file's path.  ProtocolError when anything is not what a host sends."""
    if not isinstance(files, dict) or not files or len(files) > MAX_FILES:
        raise ProtocolError("the host sent no map, or too many files")
    maps = [n for n in files if isinstance(n, str) and "/" not in n
            and n.lower().endswith(".tmx")]
    if len(maps) != 1:
        raise ProtocolError("the host's map file is not in what it sent")
    map_name = maps[0]
    if not isinstance(want, str) or not re.fullmatch(r"[0-9a-f]{16}", want):
        raise ProtocolError("the host's map has no fingerprint")
    decoded: dict[str, bytes] = {}
    total = 0
    for name, text in files.items():
        if not isinstance(name, str) or not _name_ok(name) or not isinstance(text, str) \
                or len(text) > MAX_BYTES * 4 // 3 + 4:
            raise ProtocolError("the host sent a map file with a name this game refuses")
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise ProtocolError("the host sent a map file this game cannot read") from None
        total += len(data)
        if total > MAX_BYTES:
            raise ProtocolError("the host's map is over the size limit")
        decoded[name] = data
    if digest(decoded[map_name]) != want:
        raise ProtocolError("the host's map is not the one it plays on")
    folder = received_dir() / want
    for name, data in decoded.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise ProtocolError("the received map's folder holds something else")
        tmp = target.with_name(f".{target.name}.part")
        tmp.write_bytes(data)
        os.replace(tmp, target)
    return folder / map_name
