"""A game to be played, as set up on the setup screen (or the command line),
and the maps to choose from."""

from __future__ import annotations

import os
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _, language
from ..maps.board import Board, BoardError
from ..maps.catalog import (
    ALL_PLAYERS,
    MAP_SUFFIXES,
    MapInfo,
    builtin_maps,
    map_info,
    maps_dir,
)
from ..maps.reasons import MapFile, MapProblem
from ..maps.tmx import CANNOT_BE_READ_AS, check_map
from .choices import HUMAN, default_level
from .userdirs import user_maps_dir

__all__ = ["DEFAULT_NAMES", "HUMAN", "GamePlan", "MapEntry", "SeatPlan", "default_level",
           "find_map", "list_maps"]
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


GAME_SEED_BITS = 128


def new_game_seed() -> int:
    """A fresh seed for a game's deal, from the operating system's secure
    generator: 128 bits, so no seat can search for the seed from its own hand
    and with it learn every hidden card."""
    return secrets.randbits(GAME_SEED_BITS)


def new_ai_seed() -> int:
    """A fresh seed for the AI seats, from the operating system's randomness."""
    return secrets.randbits(63)


@dataclass(frozen=True)
class MapEntry:
    """One map in the list: what `maps.catalog.MapInfo` says of it (titles,
    author, player counts, size), its board, or the validator's reasons it
    cannot be played."""

    path: Path
    builtin: bool
    info: MapInfo | None = None
    board: Board | None = None
    errors: tuple[str, ...] = ()      # `MapProblem`s (a plain string: a file refused unread)
    warnings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.info.name if self.info else self.path.stem

    @property
    def ok(self) -> bool:
        return self.info is not None and not self.errors

    @property
    def key(self) -> str:
        """How the game names it: the built-in name, else the path."""
        return self.name if self.builtin else str(self.path)

    def prop(self, name: str, default: str = "") -> str:
        return self.board.properties.get(name, default) if self.board else default

    @property
    def title(self) -> str:
        """The map's title in the game's language (English if it has none)."""
        return self.info.title(language()) if self.info else self.name

    @property
    def players(self) -> tuple[int, int]:
        """The player counts the map is made for (its ``players`` property)."""
        return self.info.players if self.info else ALL_PLAYERS

    @property
    def description(self) -> str:
        """The map's description in the game's language; a map without one in
        that language is described by its facts instead."""
        info, code = self.info, language()
        if info is None:
            return ""
        own = self.prop(f"description_{code}") if code != "en" else info.description
        if own:
            return own
        text = _("A board of {hexes} hexes with {markets} markets and {water} water fields.")
        return text.format(hexes=info.hexes, markets=info.markets, water=info.water_fields)


# Checked maps by file and its version (each holds its board and its problems
# as data, worded when shown in whatever language is chosen then: the oldest
# go first).
_checked: dict[tuple[str, int, int], MapEntry] = {}
_checked_lock = threading.Lock()     # the Maps screen checks on a thread, Setup on the frame
CHECKED_KEPT = 64        # the built-in maps in every language, and some own maps


def _entry(path: Path, builtin: bool) -> MapEntry:
    path = path.resolve()
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
    except OSError:
        key = (str(path), 0, 0)
    with _checked_lock:
        cached = _checked.get(key)
    if cached is not None and not any(getattr(w, "code", "") == "missing_picture"
                                      for w in cached.warnings):
        return cached                 # (a missing picture may be put in at any time)
    entry = _check(path, builtin)
    if entry.errors:                  # the author's words, with the whole path, for the log
        from .userdirs import log_note

        log_note(f"map {path} cannot be played: " + " | ".join(entry.errors))
    if not all(isinstance(e, MapProblem) for e in entry.errors):
        return entry                  # worded already (a pipe, a folder): looked at again
    with _checked_lock:
        _checked[key] = entry
        while len(_checked) > CHECKED_KEPT:      # a map edited all evening
            del _checked[next(iter(_checked))]
    return entry


def _check(path: Path, builtin: bool) -> MapEntry:
    """A map checked, or the reason it cannot be (a folder, a pipe, a huge
    file, a checker that failed): one map never breaks the list."""
    from .saves import MAX_MAP_BYTES, SaveError, plain_file

    try:
        plain_file(path, MAX_MAP_BYTES, _("map"))    # a plain file of a sane size
        report = check_map(path)
        errors = tuple(report.errors)
        info = None
        if report.board is not None and not errors:
            try:
                info = map_info(path)
            except BoardError as exc:                # changed since it was checked
                errors = tuple(exc.problems)
            except OSError as exc:
                errors = (MapProblem("unreadable", CANNOT_BE_READ_AS, file=MapFile(path),
                                     error=type(exc).__name__, reason=str(exc)[:200]),)
    except SaveError as e:
        return MapEntry(path, builtin, errors=(str(e),))
    except Exception as e:  # noqa: BLE001 - any file at all: say what, list the rest
        return MapEntry(path, builtin, errors=(MapProblem(
            "unreadable", CANNOT_BE_READ_AS, file=MapFile(path), error=type(e).__name__,
            reason=str(e)[:200]),))
    return MapEntry(path, builtin, info, report.board, errors, tuple(report.warnings))


STANDARD_MAPS = ("symmetric", "asymmetric")


def list_maps(extra: list[str | os.PathLike[str]] | None = None) -> list[MapEntry]:
    """Built-in maps, then the player's own (user maps folder), each checked;
    then any of ``extra`` (names or paths, as ``--map`` takes) not among them."""
    names = builtin_maps()
    # The two standard boards first, then the others by name.
    names = [n for n in STANDARD_MAPS if n in names] + [n for n in names
                                                        if n not in STANDARD_MAPS]
    out = [_entry(maps_dir() / f"{name}.tmx", True) for name in names]
    folder = user_maps_dir()
    if folder.is_dir():
        out += [_entry(p, False) for p in sorted(folder.iterdir())     # odd ones say why
                if p.suffix.lower() in MAP_SUFFIXES]
    seen = {e.path.resolve() for e in out}
    for item in extra or []:
        entry = find_map(os.fspath(item))
        if entry.path.resolve() not in seen:
            seen.add(entry.path.resolve())
            out.append(entry)
    return out


def find_map(name_or_path: str) -> MapEntry:
    """The entry for a --map argument (built-in name or path), checked."""
    from ..maps.catalog import MapNotFound, resolve_map

    try:
        path = resolve_map(name_or_path)
    except MapNotFound as exc:
        return MapEntry(Path(name_or_path), False, errors=(exc.problem,))
    except FileNotFoundError as exc:
        return MapEntry(Path(name_or_path), False, errors=(str(exc),))
    builtin = path.parent.resolve() == maps_dir().resolve()
    return _entry(path, builtin)
