"""Community ``.haz`` maps (M. Lanza's hacienda-maps) -> `Board`.

A ``.haz`` file is INI-like text: ``[Control]`` (``Version=GRHIG0101``,
``ColCount``, ``RowCount``, ``Author``, ``MapName``, ``MapVersion``) then
``[Hex]`` with one ``KEY=CODE`` line per hex.  ``KEY = row * 100 + d``: ``row``
is the screen row from the top and ``d`` a doubled column; each row uses only
odd or only even ``d`` (alternating between rows), so the screen column is
``d // 2`` and rows on odd ``d`` are shifted right by half a hex, which is a
pointy-top Tiled map (stagger axis ``y``) whose stagger index follows from
the first row.  ``CODE``: 1 no hex, 2 pampas, 3-7 the five terrains, 9
market, 10 water field.  The files do not say which of 3-7 is which terrain
(the online sites dealt terrain at random); this importer fixes it as
`TERRAIN_CODES` says.  Empty rows and columns round the board are dropped.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .board import Board, BoardError, cell_name
from .hexgrid import Cell, neighbours
from .reasons import MapFile, MapProblem

MAX_HAZ_BYTES = 256 * 1024
MAX_SIDE = 64
HAZ_VERSION = "GRHIG0101"
TERRAIN_CODES = {3: "mountain", 4: "forest", 5: "meadow", 6: "rock", 7: "moor"}
SPACE_CODES = {2: "pampas", **TERRAIN_CODES, 9: "market", 10: "water"}
NO_HEX = 1
_NUMBER = re.compile(r"[0-9]{1,6}")

AUTHOR = "M. Lanza"
CREDIT = "M. Lanza, hacienda-maps, CC BY 4.0"
LICENCE = "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)"
SOURCE = "https://github.com/mlanza/hacienda-maps"


@dataclass
class HazMap:
    """A parsed ``.haz`` file: the control section and the spaces by cell."""

    control: dict[str, str]
    spaces: dict[Cell, str]
    width: int
    height: int
    staggerindex: str
    warnings: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        name = self.control.get("MapName", "").strip()
        return name if name and name != "None" else ""


def read_haz(path: str | os.PathLike[str]) -> HazMap:
    """Parse a ``.haz`` file; `BoardError` listing every problem otherwise."""
    path = Path(path)
    label = MapFile(path)
    try:
        size = path.stat().st_size
        if size > MAX_HAZ_BYTES:
            raise BoardError([MapProblem("too_big", "{file}: file is {size} bytes, over the"
                                         " 256 KiB limit", file=label, size=size)])
        raw = path.read_bytes()
    except OSError as exc:
        raise BoardError([MapProblem("unreadable", "{file}: cannot read the file ({reason})",
                                     file=label, reason=str(exc.strerror or exc))]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return parse_haz(text, label)


def parse_haz(text: str, label: MapFile | str = "map.haz") -> HazMap:
    """Parse ``.haz`` text (see the module notes)."""
    label = label if isinstance(label, MapFile) else MapFile(label)
    problems: list[str] = []
    control: dict[str, str] = {}
    codes: dict[tuple[int, int], int] = {}
    section = ""
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith((";", "#")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq:
            problems.append(MapProblem("bad_line", "{file}: line {line}: expected KEY=VALUE,"
                                       " not {text}", file=label, line=number,
                                       text=repr(line[:40])))
        elif section == "control":
            control[key] = value
        elif section == "hex":
            _read_hex(key, value, number, label, codes, problems)
        else:
            problems.append(MapProblem("bad_line", "{file}: line {line}: {key} outside [Control]"
                                       " and [Hex]", file=label, line=number, key=repr(key)))
    if control.get("Version", HAZ_VERSION) != HAZ_VERSION:
        problems.append(MapProblem("unsupported", "{file}: version {version} is not {known}",
                                   file=label, version=repr(control["Version"]),
                                   known=HAZ_VERSION))
    if not codes and not problems:
        problems.append(MapProblem("not_a_map", "{file}: no [Hex] lines: not a .haz map",
                                   file=label))
    if problems:
        raise BoardError(_at_most(problems, 20, label))
    return _layout(control, codes, label)


def _at_most(problems: list[str], limit: int, label: MapFile) -> list[str]:
    if len(problems) <= limit:
        return problems
    return [*problems[:limit], MapProblem("more_problems", "{file}: ... and {count} more problems",
                                          file=label, count=len(problems) - limit)]


def _read_hex(key: str, value: str, number: int, label: MapFile,
              codes: dict[tuple[int, int], int], problems: list[str]) -> None:
    if not (_NUMBER.fullmatch(key) and _NUMBER.fullmatch(value)) or len(value) > 3:
        problems.append(MapProblem("bad_line", "{file}: line {line}: {key}={value} is not"
                                   " KEY=CODE with whole numbers", file=label, line=number,
                                   key=key, value=value))
        return
    code = int(value)
    if code != NO_HEX and code not in SPACE_CODES:
        problems.append(MapProblem("unknown_line_tile", "{file}: line {line}: unknown code"
                                   " {code} (known: 1 no hex, 2 pampas, 3-7 terrains, 9 market,"
                                   " 10 water)", file=label, line=number, code=code))
        return
    row, d = divmod(int(key), 100)
    if (row, d) in codes:
        problems.append(MapProblem("bad_line", "{file}: line {line}: hex {key} is given twice",
                                   file=label, line=number, key=key))
        return
    codes[(row, d)] = code


def _layout(control: dict[str, str], codes: dict[tuple[int, int], int],
            label: MapFile) -> HazMap:
    hexes = {rd: SPACE_CODES[c] for rd, c in codes.items() if c != NO_HEX}
    if not hexes:
        raise BoardError([MapProblem("no_board_layer", "{file}: the map has no hexes",
                                     file=label)])
    # Every row's doubled columns share one parity, alternating down the map:
    # row + d has the same parity on every hex.
    parities = {(row + d) & 1 for row, d in codes}
    if len(parities) > 1:
        odd = sorted(rd for rd in codes if (rd[0] + rd[1]) & 1 != (sum(min(codes)) & 1))
        raise BoardError(_at_most([MapProblem("not_hexagonal", "{file}: hex {hex}: its row mixes"
                                              " odd and even columns; not a hex map this"
                                              " importer understands", file=label,
                                              hex=row * 100 + d)
                                   for row, d in odd], 10, label))
    top = min(r for r, _ in hexes)
    top_row_odd = bool(next(d for (r, d) in sorted(hexes) if r == top) & 1)
    left = min(d // 2 for _, d in hexes)
    spaces = {(d // 2 - left, row - top): space for (row, d), space in hexes.items()}
    width = 1 + max(x for x, _ in spaces)
    height = 1 + max(y for _, y in spaces)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise BoardError([MapProblem("too_big", "{file}: map is {width}x{height} hexes, over"
                                     " the 64x64 limit", file=label, width=width,
                                     height=height)])
    # Tiled shifts odd rows right for stagger index odd, even rows for even.
    staggerindex = "even" if top_row_odd else "odd"
    warnings = _unreachable_markets_to_pampas(spaces, staggerindex, label)
    return HazMap(control, spaces, width, height, staggerindex, warnings)


def _unreachable_markets_to_pampas(spaces: dict[Cell, str], staggerindex: str,
                                   label: MapFile) -> list[str]:
    """A market with no neighbouring pampas can never be reached (our rules
    refuse such a map), so it is imported as pampas; this only adds pampas
    next to other markets, so one pass settles it."""
    lonely = [cell for cell, space in spaces.items() if space == "market"
              and not any(spaces.get(n) == "pampas"
                          for n in neighbours(*cell, "y", staggerindex))]
    for cell in lonely:
        spaces[cell] = "pampas"
    return [MapProblem("market_no_pampas", "{file}: cell {cell}: market with no neighbouring"
                       " pampas imported as pampas", file=label, cell=cell_name(cell))
            for cell in sorted(lonely, key=lambda c: (c[1], c[0]))]


def haz_properties(haz: HazMap, stem: str) -> dict[str, str]:
    """Map properties for an imported map: title, credit and licence."""
    title = haz.title or _spaced(stem)
    author = haz.control.get("Author", "").strip()
    counts = {s: sum(1 for v in haz.spaces.values() if v == s)
              for s in ("market", "water")}
    version = haz.control.get("MapVersion", "").strip()
    return {
        "title": title,
        "author": author if author and author != "None" else AUTHOR,
        "credit": CREDIT,
        "licence": LICENCE,
        "source": f"{SOURCE} {stem}.haz" + (f" (map version {version})" if version else ""),
        "players": "2-5",
        # in a player's words (where it came from is in credit and source)
        "description": (f"A board by {AUTHOR} with {counts['market']} markets and"
                        f" {counts['water']} water fields."
                        + (f" {len(haz.warnings)} market(s) that no pampas touched became"
                           " pampas." if haz.warnings else "")),
    }


def haz_board(haz: HazMap, name: str) -> Board:
    return Board(name, haz.width, haz.height, haz.spaces, staggeraxis="y",
                 staggerindex=haz.staggerindex, tilewidth=32, tileheight=32, hexsidelength=16)


def _spaced(stem: str) -> str:
    out = []
    for i, ch in enumerate(stem):
        if i and ch.isupper() and not stem[i - 1].isupper():
            out.append(" ")
        out.append(ch)
    return "".join(out)
