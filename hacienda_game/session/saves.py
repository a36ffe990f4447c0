"""Saved games and the records of finished games (no pygame here).

A save is one JSON file::

    {"format": "hacienda-save/1", "name": "Game 3", "saved_at": "2026-11-30T15:40:00+00:00",
     "summary": {"map": "Symmetric", "seats": ["Ana", "Bruno (AI medium)"], "round": 4, ...},
     "plan": {"map": "symmetric", "seed": 7, "variants": [], "open_hands": false,
              "seats": [{"name": "Ana", "kind": "human", "colour": 0}, ...]},
     "record": {"header": {...}, "actions": ["buy land", ...], "result": null}}

The game itself is the engine's record (header + actions, CONTRACTS): loading
replays it, so a save can only hold a game the rules allow, and the state it
gives is the one that was saved (R12).  ``plan`` says who sits where (human or
AI level, names, colours); ``summary`` is for people reading the file.

Writing is atomic: a temporary file in the same folder, flushed to disk, then
renamed over the old save, so a game killed while saving leaves the previous
save whole.  A file that is cut short, damaged, of another format version or
whose game cannot be replayed is refused with `SaveError` (one clear message)
and left as it is.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import json
import os
import re
import stat
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ..engine import (
    RECORD_FORMAT,
    GameState,
    ScenarioError,
    UndoLimit,
    make_record,
    replay_with_limit,
)
from ..i18n import _, language
from . import userfiles
from .choices import HUMAN, PLAYER_COUNTS, PLAYERS_TEXT, check_seat_kind, check_variants
from .plan import GamePlan, SeatPlan, new_ai_seed
from .userdirs import replays_dir, saves_dir
from .userfiles import not_plain

T = TypeVar("T")

FORMAT = "hacienda-save/1"
AUTOSAVE = "autosave"
SUFFIX = ".json"
NOTE_SUFFIX = ".net.json"          # a hosted game's note beside its save (net.hosting)
MAX_BYTES = userfiles.SAVE.limit   # a save of the longest game is well under 100 KiB
MAX_MAP_BYTES = userfiles.MAP.limit                # a map file a save names
MAX_SCENARIO_BYTES = userfiles.SCENARIO.limit      # a scenario file beside that map
MAX_ACTIONS = 500_000              # more than any legal game (a 4 MiB file holds fewer)
MAX_NAME = 4096                    # a map's name or path
QUICK_ACTIONS = 4_000              # a save this long replays within a frame or two
MAX_SEATS_COLOURS = 5


class SaveError(Exception):
    """A save or record that cannot be written or read; the message says why."""


@dataclass
class SavedGame:
    """A save file read back: the game as it stood and how to show it in a list."""

    path: Path
    name: str
    saved_at: datetime
    plan: GamePlan
    state: GameState
    limit: UndoLimit                   # how far its current turn may be undone
    map_changed: bool = False          # its map's file is not the one it was played on

    @property
    def slot(self) -> str:
        return self.path.stem

    @property
    def map_title(self) -> str:
        """The map's title in the game's language."""
        return self.state.board.title(language())

    @property
    def round(self) -> int:
        return self.state.round

    def seat_labels(self) -> list[str]:
        return seat_labels(self.plan)


@dataclass
class SaveInfo:
    """A save as a list shows it: read and checked, its game not yet replayed
    (``load`` replays it), so listing costs the same for a long game as a short one."""

    path: Path
    name: str
    saved_at: datetime
    plan: GamePlan
    actions: int                       # how many actions its record holds
    summary_round: int | None = None   # what the file says (shown until it is replayed)

    @property
    def slot(self) -> str:
        return self.path.stem

    @property
    def map_title(self) -> str:
        return _map_title(self.plan.map, language())

    @property
    def round(self) -> int | str:
        return self.summary_round if self.summary_round is not None else "?"

    @property
    def quick(self) -> bool:
        """Short enough to replay between two frames."""
        return self.actions <= QUICK_ACTIONS

    def seat_labels(self) -> list[str]:
        return seat_labels(self.plan)

    def load(self) -> SavedGame:
        return load_game(self.path)


@dataclass
class Problem:
    """A file a list skipped (and left alone), with the reason."""

    path: Path
    reason: str

    @property
    def name(self) -> str:
        return self.path.name


@dataclass
class ReplayEntry:
    """A kept record, as the replay list shows it (read, not yet replayed)."""

    path: Path
    date: str
    map: str
    names: list[str]
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    @property
    def map_title(self) -> str:
        """The map's title in the game's language (its name if the map is gone)."""
        return _map_title(self.map, language())


@functools.lru_cache(maxsize=64)
def _map_title(name: str, code: str) -> str:
    """A kept record's map title (the replay list draws it every frame)."""
    from ..maps.catalog import load_board

    try:
        _map_file(name, "")
        return load_board(name).title(code)
    except (OSError, ValueError, SaveError):     # moved, deleted or broken since
        return name


# --------------------------------------------------------------- plans
def seat_labels(plan: GamePlan) -> list[str]:
    """Each seat as a list shows it, in the current language: the level too
    ("Bo (KI schwer)"; the level's words are the catalog's, as Setup has them)."""
    return [s.name if s.is_human else _("{name} (AI {level})").format(name=s.name, level=_(s.kind))
            for s in plan.seats]


def plan_to_dict(plan: GamePlan) -> dict[str, Any]:
    return {"map": plan.map, "seed": plan.seed, "variants": list(plan.variants),
            "open_hands": plan.open_hands, "ai_seed": plan.ai_seed, "hints": plan.hints,
            "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour} for s in plan.seats]}


def plan_from_dict(data: Any) -> GamePlan:
    """The plan a save names, checked (ValueError says what is wrong)."""
    if not isinstance(data, dict):
        raise ValueError("plan: not an object")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) not in PLAYER_COUNTS:
        raise ValueError(f"plan: seats must be a list of {PLAYERS_TEXT} seats")
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise ValueError(f"plan: seat {i + 1} is not an object")
        name, kind, colour = s.get("name"), s.get("kind"), s.get("colour")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"plan: seat {i + 1} has no name")
        try:
            kind = check_seat_kind(kind)
        except ValueError as exc:
            raise ValueError(f"plan: seat {i + 1} kind {exc}") from None
        if not isinstance(colour, int) or isinstance(colour, bool) \
                or not 0 <= colour < MAX_SEATS_COLOURS:
            raise ValueError(f"plan: seat {i + 1} colour must be 0-4")
        out.append(SeatPlan(name[:24], kind, colour))
    seed, variants = data.get("seed"), data.get("variants", [])
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("plan: seed must be a whole number")
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ValueError("plan: variants must be a list of names")
    try:
        check_variants(variants)
    except ValueError as exc:
        raise ValueError(f"plan: {exc}") from None
    if not isinstance(data.get("map"), str):
        raise ValueError("plan: map must be a name or path")
    ai_seed = data.get("ai_seed")
    if ai_seed is None:
        ai_seed = new_ai_seed()        # a save from before AI seeds were kept
    if not isinstance(ai_seed, int) or isinstance(ai_seed, bool) or ai_seed < 0:
        raise ValueError("plan: ai_seed must be a whole number")
    return GamePlan(data["map"], out, seed, list(variants), bool(data.get("open_hands")),
                    ai_seed, bool(data.get("hints", True)))


# --------------------------------------------------------------- files
def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either the old one or
    the whole new one, never a part (temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError, AttributeError):    # the rename itself, on disk
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


# The temporary files write_atomic and Settings.save make (mkstemp: 8 random characters).
TEMP_NAME = re.compile(r"^\.(?:[^/]+\.|settings-)[A-Za-z0-9_]{8}\.tmp$")
TEMP_AGE_S = 2.0          # a write in progress (another window of the game) is younger


def clean_temp(folders: list[Path] | None = None) -> list[Path]:
    """Remove what interrupted writes left (only the game's own temporary
    names, only plain files); the paths removed."""
    from .userdirs import config_dir

    removed = []
    now = time.time()
    for folder in folders if folders is not None else [saves_dir(), replays_dir(),
                                                       config_dir()]:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if (TEMP_NAME.match(entry.name) and entry.is_file(follow_symlinks=False)
                        and now - entry.stat(follow_symlinks=False).st_mtime > TEMP_AGE_S):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue
    return removed


def read_user_file(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a file from the player's folders or the command line, through
    the one bounded reader (`userfiles.read_bytes`); SaveError with the reason."""
    try:
        return userfiles.read_bytes(path, userfiles.FileKind(what, limit, userfiles.FOLLOW))
    except userfiles.FileRefused as e:
        raise SaveError(str(e)) from None


def plain_file(path: Path, limit: int, what: str) -> os.stat_result:
    """Looked at, not opened: SaveError unless a plain file of at most ``limit`` bytes."""
    try:
        return userfiles.looked_at(path, userfiles.FileKind(what, limit, userfiles.FOLLOW))[1]
    except userfiles.FileRefused as e:
        raise SaveError(str(e)) from None


def _write_json(path: Path, data: dict[str, Any], failed: str) -> None:
    """Write atomically; SaveError with ``failed`` ({file}, {why}) if the disk refuses."""
    try:
        write_atomic(path, json.dumps(data, indent=1))
    except OSError as e:
        raise SaveError(failed.format(file=path, why=e.strerror or e)) from None


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.strip().lower()).strip("-")[:40]


def slot_for(name: str, folder: Path | None = None) -> str:
    """A file name (without .json) for a new save named ``name``: made from the
    name, never the autosave's nor one already there (``-2``, ``-3``, ...)."""
    folder = saves_dir() if folder is None else folder
    from .unfinished import SLOT_NAME

    base = _slug(name) or "save"
    if SLOT_NAME.match(base) or base.startswith(f"{AUTOSAVE}-damaged"):
        base = f"{base}-save"          # the autosave slots' names are theirs alone
    n, slot = 1, base
    while os.path.lexists(folder / f"{slot}{SUFFIX}"):
        n += 1
        slot = f"{base}-{n}"
    return slot


def _read_json(path: Path, kind: userfiles.FileKind = userfiles.SAVE) -> dict[str, Any]:
    """A user file's JSON object, through the one bounded reader."""
    try:
        return userfiles.read_json_object(path, kind)
    except userfiles.FileRefused as e:
        raise SaveError(str(e)) from None


# ------------------------------------------------- what a record may name
def _map_file(name: Any, file: str) -> Path:
    """The map file a save or record names, checked: a built-in map or a plain
    file of a sane size (SaveError otherwise)."""
    from ..maps.catalog import resolve_map

    if not isinstance(name, str) or not name or len(name) > MAX_NAME or "\0" in name:
        raise SaveError(_("{file}: the record names no map.").format(file=file))
    try:
        path = resolve_map(name)
        st = path.stat()
    except (OSError, ValueError):
        raise SaveError(_("{file}: its map {map} is not there any more.").format(
            file=file, map=name)) from None
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MAP_BYTES:
        raise SaveError(_("{file}: its map {map} is not a map file.").format(
            file=file, map=name))
    return path


@functools.lru_cache(maxsize=32)
def _digest(path: str, mtime_ns: int, size: int) -> str:
    try:
        return hashlib.sha256(userfiles.read_bytes(Path(path), userfiles.MAP)).hexdigest()
    except userfiles.FileRefused as e:
        raise SaveError(str(e)) from None


def map_digest(name: str) -> str | None:
    """The SHA-256 of a map's file (None if it cannot be read)."""
    try:
        path = _map_file(name, "")
        st = path.stat()
        return _digest(str(path), st.st_mtime_ns, st.st_size)
    except (OSError, SaveError):
        return None


def _damaged(file: str, why: str) -> SaveError:
    return SaveError(_("{file}: the save is damaged: {why}").format(file=file, why=why))


def checked_record(record: Any, file: str, headers_only: bool = False) -> dict[str, Any]:
    """A record from a file, checked before anything is built from it: sizes
    and counts bounded, its map a map file, a scenario it names only a file
    beside that map (read here, under a size limit).  A copy is returned
    (with the scenario read in); SaveError says what is wrong."""
    from ..engine import MAX_PLAYERS, MIN_PLAYERS, VARIANTS

    if not isinstance(record, dict) or not isinstance(record.get("header"), dict):
        raise _damaged(file, "no game record")
    header = dict(record["header"])
    if header.get("format") != RECORD_FORMAT:
        raise _damaged(file, f"the record's format is not {RECORD_FORMAT}")
    players, seed, variants = header.get("players"), header.get("seed"), header.get("variants",
                                                                                     [])
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _damaged(file, f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}")
    if type(seed) is not int or abs(seed) > 1 << 128:
        raise _damaged(file, "the seed must be a whole number")
    if not isinstance(variants, list) or not all(v in VARIANTS for v in variants):
        raise _damaged(file, "unknown rule variants")
    start = header.get("start_player")
    if start is not None and (type(start) is not int or not 0 <= start < players):
        raise _damaged(file, "the start player is not a seat")
    actions = record.get("actions", [])
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise _damaged(file, "the actions must be a list of action texts")
    map_path = _map_file(header.get("map"), file)
    if "scenario" in header:
        header["scenario"] = _scenario(header["scenario"], map_path, file)
    if not headers_only and not all(isinstance(a, str) and len(a) <= 200 for a in actions):
        raise _damaged(file, "the actions must be a list of action texts")
    return {**record, "header": header, "actions": actions}


def _scenario(value: Any, map_path: Path, file: str) -> dict[str, Any]:
    """The scenario a record starts from: in the record, or a file beside its map."""
    if isinstance(value, str):
        where = Path(value)
        if not where.is_absolute():
            where = map_path.parent / where
        try:
            beside = where.resolve().parent == map_path.resolve().parent
        except (OSError, ValueError, RuntimeError):
            beside = False
        if not beside or where.suffix.lower() != ".json":
            raise SaveError(_("{file}: its scenario {name} is not a file beside its map; the"
                              " game reads no other files.").format(file=file, name=value))
        value = _read_json(where, userfiles.SCENARIO)
    if not isinstance(value, dict):
        raise _damaged(file, "the scenario must be an object")
    # The board the game was played on is the one the header names.
    return {**value, "map": str(map_path)}


# ------------------------------------------------------------------ saves
def save_game(state: GameState, plan: GamePlan, name: str,
              folder: Path | None = None, slot: str | None = None) -> Path:
    """Save the game under ``name`` (its title in the file): into the save of
    that title if there is one (the save dialog asks first), else a new file;
    ``slot`` names the file outright.  Raises SaveError."""
    folder = saves_dir() if folder is None else folder
    if slot is None:
        same = find_save(name, folder)
        slot = same.stem if same is not None else slot_for(name, folder)
    path = folder / f"{slot}{SUFFIX}"
    record = make_record(state)
    data = {
        "format": FORMAT,
        "name": name,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "summary": {"map": state.board.title(), "seats": seat_labels(plan),
                    "round": state.round, "turn": state.turn,
                    "to_play": plan.seats[state.current].name,
                    "actions": len(state.history), "over": state.over},
        "map_sha256": map_digest(record["header"]["map"]),
        "plan": plan_to_dict(plan),
        "record": record,
    }
    _write_json(path, data, _("The game could not be saved to {file} ({why})."))
    return path


def autosave(state: GameState, plan: GamePlan, folder: Path | None = None,
             slot: str = AUTOSAVE) -> Path:
    """The unfinished game, into an autosave slot (`session.unfinished`)."""
    return save_game(state, plan, _("Autosave"), folder, slot)


def autosave_path(folder: Path | None = None) -> Path:
    return (saves_dir() if folder is None else folder) / f"{AUTOSAVE}{SUFFIX}"


def keep_aside(path: Path) -> Path:
    """Rename a damaged file beside itself with the date (``autosave-damaged-
    2026-12-01_1530.json``), its bytes untouched; the new path."""
    stamp = datetime.now().strftime("%Y-%m-%d_%H%M%S")
    base = f"{path.stem}-damaged-{stamp}"
    target, n = path.with_name(f"{base}{path.suffix}"), 2
    while os.path.lexists(target):
        target, n = path.with_name(f"{base}-{n}{path.suffix}"), n + 1
    os.rename(path, target)
    return target


def _read_save(path: Path) -> tuple[dict[str, Any], SaveInfo]:
    """A save file's data and list entry, checked (not replayed)."""
    data = _read_json(path, userfiles.SAVE)
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("hacienda-save/"):
            raise SaveError(_("{file}: saved by another version of the game ({found}; this"
                              " version reads {wanted}).").format(
                                  file=path.name, found=fmt[:40], wanted=FORMAT))
        raise SaveError(_("{file}: not a saved Hacienda game.").format(file=path.name))
    name, saved_at = data.get("name"), data.get("saved_at")
    try:
        if not isinstance(name, str) or not isinstance(saved_at, str):
            raise ValueError("name and saved_at must be texts")
        when = userfiles.parse_date(saved_at)   # in range: lists compare and show it
        plan = plan_from_dict(data.get("plan"))
    except ValueError as e:
        raise _damaged(path.name, str(e)) from None
    data["record"] = checked_record(data.get("record"), path.name, headers_only=True)
    header = data["record"]["header"]
    if len(plan.seats) != header["players"] or plan.seed != header["seed"]:
        raise _damaged(path.name, "its seats do not match its game")
    summary: dict[str, Any] = data["summary"] if isinstance(data.get("summary"), dict) else {}
    rnd = summary.get("round")
    return data, SaveInfo(path, name[:40], when, plan, len(data["record"]["actions"]),
                          rnd if type(rnd) is int and 0 < rnd < 100 else None)


def load_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read a save back and replay its game; SaveError (nothing changed) if
    it is not a whole, readable save of this version whose game the rules allow."""
    path = Path(path)
    data, info = _read_save(path)
    record = checked_record(data["record"], path.name)
    recorded = data.get("map_sha256")
    changed = isinstance(recorded, str) and recorded != map_digest(record["header"]["map"])
    try:
        state, limit = replay_with_limit(record)
    except (ValueError, ScenarioError) as e:
        if changed:
            raise SaveError(_("{file}: its map has changed since the game was saved, and the"
                              " game no longer fits on it ({why}).").format(
                                  file=path.name, why=e)) from None
        raise _damaged(path.name, str(e)) from None
    return SavedGame(path, info.name, info.saved_at, info.plan, state, limit, changed)


def _entries(folder: Path, reverse: bool = False) -> Iterator[tuple[Path, str | None]]:
    """The folder's entries, by name: (path, None) for a plain .json file,
    (path, reason) for anything else that is not a hidden temporary file."""
    for entry in _dir_entries(folder, reverse):
        yield _entry_kind(entry)


def _dir_entries(folder: Path, reverse: bool = False) -> list[os.DirEntry[str]]:
    """The folder's entries by name, hidden ones left out (not yet looked at),
    and the host's notes beside saves (``NAME.net.json``: part of their save)."""
    try:
        with os.scandir(folder) as found:
            entries = [e for e in found
                       if not e.name.startswith(".") and not e.name.endswith(NOTE_SUFFIX)]
    except OSError:
        return []
    return sorted(entries, key=lambda e: e.name, reverse=reverse)


def _entry_kind(entry: os.DirEntry[str]) -> tuple[Path, str | None]:
    """(path, None) for a plain .json file, else (path, why it is not read)."""
    path = Path(entry.path)
    try:
        mode = entry.stat(follow_symlinks=False).st_mode
    except OSError as e:
        return path, _("{file}: cannot be read ({why}).").format(file=entry.name,
                                                                why=e.strerror or e)
    if not stat.S_ISREG(mode):
        return path, not_plain(path, mode)
    if entry.name.endswith(SUFFIX):
        return path, None
    return path, _("{file}: not a game file (they end in .json).").format(file=entry.name)


def _read_entry(path: Path, reason: str | None, read: Callable[[Path], T]) -> T | Problem:
    """One entry of a list: read(path) for a plain file, else a Problem with
    the reason; any failure at all becomes the reason (one odd file never
    stops a list)."""
    if reason is None:
        try:
            return read(path)
        except SaveError as e:
            reason = str(e)
        except Exception as e:  # noqa: BLE001 - any file at all: say what, list the rest
            reason = _("{file}: the file is damaged ({why}).").format(
                file=path.name, why=type(e).__name__)
    return Problem(path, reason)


def _listed(folder: Path, read: Callable[[Path], T], reverse: bool = False
            ) -> tuple[list[T], list[Problem]]:
    """Every entry: read(path) for the plain files, the others with the reason;
    one odd file never stops the list."""
    items: list[T] = []
    problems: list[Problem] = []
    for path, reason in _entries(folder, reverse):
        entry = _read_entry(path, reason, read)
        if isinstance(entry, Problem):
            problems.append(entry)
        else:
            items.append(entry)
    return items, problems


# Saves read for a list, by path, while the file is the same (size, time, inode):
# opening Load again, or a save dialog's name check, reads only what changed.
_listed_saves: dict[str, tuple[tuple[int, int, int], SaveInfo]] = {}
MAX_REMEMBERED = 20_000
RACY_NS = 2_000_000_000


def _save_info(path: Path) -> SaveInfo:
    try:
        st = os.stat(path)
        key = (st.st_size, st.st_mtime_ns, st.st_ino)
    except OSError:
        key = None
    known = _listed_saves.get(str(path))
    if key is not None and known is not None and known[0] == key:
        return known[1]
    info = _read_save(path)[1]
    # A file changed within the last seconds may change again within the file
    # system's time step, unseen: it is not remembered (git's "racily clean").
    if key is not None and time.time_ns() - key[1] > RACY_NS:
        if len(_listed_saves) >= MAX_REMEMBERED:
            _listed_saves.clear()
        _listed_saves[str(path)] = (key, info)
    return info


class SaveScan:
    """The saves of a folder read a few at a time: ``step(budget_s)`` reads
    entries until the budget is spent (at least `MIN_STEP` of them), so a
    screen reading thousands of saves goes on drawing frames meanwhile."""

    MIN_STEP = 32

    def __init__(self, folder: Path | None = None):
        self.folder = saves_dir() if folder is None else folder
        self._todo = _dir_entries(self.folder)        # names only: quick
        self.total = len(self._todo)
        self.done = 0
        self.saves: list[SaveInfo] = []
        self.problems: list[Problem] = []

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self, budget_s: float = float("inf")) -> bool:
        """Read on for about ``budget_s`` seconds; whether anything was added.
        The saves stay sorted newest first."""
        end = time.perf_counter() + budget_s
        start = self.done
        while self.done < self.total and (self.done - start < self.MIN_STEP
                                          or time.perf_counter() < end):
            path, reason = _entry_kind(self._todo[self.done])
            self.done += 1
            entry = _read_entry(path, reason, _save_info)
            if isinstance(entry, Problem):
                self.problems.append(entry)
            else:
                self.saves.append(entry)
        if self.done > start:
            self.saves.sort(key=lambda s: s.saved_at, reverse=True)
        return self.done > start


def list_saves(folder: Path | None = None) -> tuple[list[SaveInfo], list[Problem]]:
    """Every save in the folder, newest first (read and checked, not replayed),
    and every other entry with the reason it is not one (left untouched).
    Temporary files of an interrupted save are not listed."""
    scan = SaveScan(folder)
    scan.step()
    return scan.saves, scan.problems


def find_save(name: str, folder: Path | None = None) -> Path | None:
    """The named save (not the autosave) whose title is ``name``, if any."""
    folder = saves_dir() if folder is None else folder
    from .unfinished import is_slot

    for info in list_saves(folder)[0]:
        if info.name == name and not is_slot(info.path):
            return info.path
    return None


def delete_save(path: Path, folder: Path | None = None) -> None:
    """Remove one save file (only from the saves folder)."""
    from .unfinished import held_elsewhere, is_slot

    folder = saves_dir() if folder is None else folder
    if path.parent.resolve() != folder.resolve():
        raise SaveError(_("{file} is not in the saves folder.").format(file=path))
    if is_slot(path) and held_elsewhere(path):
        raise SaveError(_("{file} is the game of another window of Hacienda.").format(
            file=path.name))
    try:
        path.unlink()
    except OSError as e:
        raise SaveError(_("{file} could not be deleted ({why}).").format(
            file=path.name, why=e.strerror or e)) from None


def next_name(folder: Path | None = None) -> str:
    """The name a new save gets unless the player types one: Game 1, Game 2, ..."""
    folder = saves_dir() if folder is None else folder
    taken = {s.name for s in list_saves(folder)[0]}
    n = 1
    while _("Game {n}").format(n=n) in taken:
        n += 1
    return _("Game {n}").format(n=n)


# ------------------------------------------------------------- replays
def keep_replay(state: GameState, plan: GamePlan, folder: Path | None = None) -> Path:
    """Keep a finished game's record (the engine's format, with the seats'
    names) in the replays folder, named by date and map; never overwrites."""
    folder = replays_dir() if folder is None else folder
    stamp = datetime.now().strftime("%Y-%m-%d_%H%M")
    base = f"{stamp}_{_slug(state.board.name) or 'map'}"
    text = json.dumps(make_record(state, plan=plan_to_dict(plan)), indent=1)
    try:
        return write_new(folder, base, text)
    except OSError as e:
        raise SaveError(_("The game's record could not be kept in {file} ({why}).").format(
            file=folder / f"{base}{SUFFIX}", why=e.strerror or e)) from None


def write_new(folder: Path, base: str, text: str) -> Path:
    """Write ``text`` to a file that did not exist, ``base.json`` or
    ``base-2.json``, ...: the name is taken atomically (a hard link of the
    whole written file, or an exclusive create where links are not
    supported), so two games writing in the same instant (two windows on one
    folder) never take one name and one of them is never lost."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        n, links = 1, True
        while True:
            path = folder / (f"{base}{SUFFIX}" if n == 1 else f"{base}-{n}{SUFFIX}")
            try:
                if links:
                    os.link(tmp, path)
                else:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
                    os.replace(tmp, path)
                break
            except FileExistsError:
                n += 1
            except OSError as e:
                if not links or e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV,
                                                errno.EMLINK, errno.ENOSYS):
                    raise
                links = False              # a file system without hard links
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _sync_folder(folder)
    return path


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError, AttributeError):    # the new name itself, on disk
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def default_plan(record: dict[str, Any]) -> GamePlan:
    """Seats for a (checked) record that names none: Player 1, Player 2, ..."""
    header = record["header"]
    seats = [SeatPlan(_("Player {n}").format(n=i + 1), HUMAN, i % MAX_SEATS_COLOURS)
             for i in range(header["players"])]
    return GamePlan(str(header["map"]), seats, header["seed"],
                    list(header.get("variants") or []))


def _record_plan(record: dict[str, Any]) -> GamePlan:
    try:
        plan = plan_from_dict(record["header"].get("plan"))
    except ValueError:
        return default_plan(record)
    return plan if len(plan.seats) == record["header"]["players"] else default_plan(record)


@dataclass
class Replay:
    """A game to watch: its record, its seats, and the game at its end."""

    path: Path
    record: dict[str, Any]
    plan: GamePlan
    final: GameState

    @property
    def actions(self) -> list[str]:
        actions: list[str] = self.record["actions"]
        return actions


def _read_record(path: Path) -> dict[str, Any]:
    """A kept record's data, its header checked (not replayed)."""
    data = _read_json(path, userfiles.RECORD)
    header = data.get("header")
    fmt = header.get("format") if isinstance(header, dict) else data.get("format")
    if fmt != RECORD_FORMAT:
        if isinstance(fmt, str) and fmt.startswith(("hacienda-record/", "hacienda-save/")):
            raise SaveError(_("{file}: made by another version of the game ({found}; this"
                              " version reads {wanted}).").format(
                                  file=path.name, found=fmt[:40], wanted=RECORD_FORMAT))
        raise SaveError(_("{file}: not a Hacienda game record.").format(file=path.name))
    return data


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """A kept record (hacienda-record/1) or a save, replayed; SaveError says
    what is wrong with a file that is not one."""
    path = Path(path)
    data = _read_json(path, userfiles.RECORD)
    if data.get("format") == FORMAT:
        saved = load_game(path)
        record = checked_record(data["record"], path.name)
        return Replay(path, record, saved.plan, saved.state)
    record = checked_record(_read_record(path), path.name)
    try:
        state, _limit = replay_with_limit(record)
    except (ValueError, ScenarioError) as e:
        raise SaveError(_("{file}: the record cannot be replayed: {why}").format(
            file=path.name, why=e)) from None
    return Replay(path, record, _record_plan(record), state)


def _replay_entry(path: Path) -> ReplayEntry:
    data = checked_record(_read_record(path), path.name, headers_only=True)
    header, players = data["header"], data["header"]["players"]
    result = data.get("result")
    scores: list[int] = []
    winners: list[int] = []
    if result is not None:
        told, won = (result.get("scores"), result.get("winners")) \
            if isinstance(result, dict) else (None, None)
        if not (isinstance(told, list) and len(told) == players
                and all(type(v) is int for v in told)
                and isinstance(won, list) and len(won) <= players
                and all(type(v) is int and 0 <= v < players for v in won)):
            raise _damaged(path.name, "its result is not a list of scores and winners")
        scores, winners = told, won
    date = header.get("date")
    return ReplayEntry(path, date[:16].replace("T", " ") if isinstance(date, str) else "",
                       header["map"], [s.name for s in _record_plan(data).seats],
                       scores, winners)


def list_replays(folder: Path | None = None) -> tuple[list[ReplayEntry], list[Problem]]:
    """The kept records, newest first (read, not replayed: opening one replays
    it), and every other entry with the reason it cannot be shown."""
    folder = replays_dir() if folder is None else folder
    return _listed(folder, _replay_entry, reverse=True)
