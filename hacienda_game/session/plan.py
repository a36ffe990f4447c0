"""A game to be played, as set up on the setup screen (or the command line),
and the maps to choose from."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _, language
from ..maps.board import Board
from ..maps.catalog import builtin_maps, maps_dir
from ..maps.tmx import check_map
from .userdirs import user_maps_dir

HUMAN = "human"
DEFAULT_NAMES = ("Ana", "Bruno", "Carmen", "Dieter", "Elena")


@dataclass
class SeatPlan:
    name: str
    kind: str = HUMAN          # "human" or an AI level from hacienda_game.ai.levels()
    colour: int = 0            # which of the five seat colours/emblems
    device: str = ""           # who controls it: "" mouse and keyboard, "pad:<instance id>"

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class GamePlan:
    map: str                   # built-in name or path
    seats: list[SeatPlan]
    seed: int
    variants: list[str] = field(default_factory=list)
    open_hands: bool = False
    # The AI seats' own seed, drawn from the OS at setup and kept in saves so a
    # resumed game plays on identically; never derived from ``seed`` (which
    # deals the cards), so no AI decision can give the deal away.
    ai_seed: int = field(default_factory=lambda: new_ai_seed())
    hints: bool = True         # the table allows the Hint command (coach)


def new_ai_seed() -> int:
    """A fresh seed for the AI seats, from the operating system's randomness."""
    return secrets.randbits(63)


@dataclass
class MapEntry:
    """One map in the list: its board, or the validator's reasons it can't be played."""

    name: str
    path: Path
    builtin: bool
    board: Board | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.board is not None and not self.errors

    @property
    def key(self) -> str:
        """How the game names it: the built-in name, else the path."""
        return self.name if self.builtin else str(self.path)

    def prop(self, name: str, default: str = "") -> str:
        return self.board.properties.get(name, default) if self.board else default

    @property
    def title(self) -> str:
        """The map's title in the game's language (English if it has none)."""
        return self.board.title(language()) if self.board else self.name

    @property
    def description(self) -> str:
        """The map's description in the game's language; a map without one in
        that language is described by its facts instead."""
        code = language()
        own = self.prop(f"description_{code}") if code != "en" else self.prop("description")
        if own or self.board is None:
            return own
        board = self.board
        text = _("A board of {hexes} hexes with {markets} markets and {water} water fields.")
        return text.format(hexes=len(board), markets=len(board.markets),
                           water=len(board.water_fields))

    @property
    def players(self) -> tuple[int, int]:
        """The player counts the map is made for (its ``players`` property)."""
        text = self.prop("players", "2-5")
        try:
            lo, _sep, hi = text.partition("-")
            return int(lo), int(hi or lo)
        except ValueError:
            return 2, 5


# Checked maps by file, its version and the language of the messages.
_checked: dict[tuple[str, int, int, str], MapEntry] = {}


def _entry(path: Path, builtin: bool) -> MapEntry:
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size, language())
    except OSError:
        key = (str(path), 0, 0, language())
    cached = _checked.get(key)
    if cached is not None:
        return cached
    report = check_map(path)
    entry = MapEntry(path.stem, path, builtin, report.board, list(report.errors),
                     list(report.warnings))
    _checked[key] = entry
    return entry


STANDARD_MAPS = ("symmetric", "asymmetric")


def default_level() -> str:
    """The AI level a new AI seat starts with: medium (a fair fight that
    thinks quickly) when it exists, else the strongest there is."""
    from ..ai import levels

    known = levels()
    return "medium" if "medium" in known else known[-1]


def list_maps(extra: list[str | os.PathLike] | None = None) -> list[MapEntry]:
    """Built-in maps, then the player's own (user maps folder), each checked."""
    names = builtin_maps()
    # The two standard boards first, then the others by name.
    names = [n for n in STANDARD_MAPS if n in names] + [n for n in names
                                                        if n not in STANDARD_MAPS]
    out = [_entry(maps_dir() / f"{name}.tmx", True) for name in names]
    folder = user_maps_dir()
    if folder.is_dir():
        out += [_entry(p, False) for p in sorted(folder.glob("*.tmx")) if p.is_file()]
    seen = {e.path.resolve() for e in out}
    for item in extra or []:
        p = Path(item)
        if p.resolve() not in seen:
            out.append(_entry(p, False))
    return out


def find_map(name_or_path: str) -> MapEntry:
    """The entry for a --map argument (built-in name or path), checked."""
    from ..maps.catalog import resolve_map

    try:
        path = resolve_map(name_or_path)
    except FileNotFoundError as exc:
        return MapEntry(str(name_or_path), Path(name_or_path), False, None, [str(exc)])
    builtin = path.parent.resolve() == maps_dir().resolve()
    return _entry(path, builtin)
