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
import functools
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine import GameState, ScenarioError, make_record
from ..engine.record import FORMAT as RECORD_FORMAT
from ..engine.undo import UndoLimit, replay_with_limit
from ..i18n import _, language
from .choices import HUMAN, check_seat_kind, check_variants
from .plan import GamePlan, SeatPlan, new_ai_seed
from .userdirs import replays_dir, saves_dir

FORMAT = "hacienda-save/1"
AUTOSAVE = "autosave"
SUFFIX = ".json"
MAX_BYTES = 4 * 1024 * 1024        # a save of the longest game is well under 100 KiB
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
class Problem:
    """A file a list skipped (and left alone), with the reason."""

    path: Path
    reason: str


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
        return load_board(name).title(code)
    except (OSError, ValueError):          # moved, deleted or broken since
        return name


# --------------------------------------------------------------- plans
def seat_labels(plan: GamePlan) -> list[str]:
    return [s.name if s.is_human else _("{name} (AI {level})").format(name=s.name, level=s.kind)
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
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        raise ValueError("plan: seats must be a list of 2-5 seats")
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise ValueError(f"plan: seat {i + 1} is not an object")
        name, kind, colour = s.get("name"), s.get("kind"), s.get("colour")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"plan: seat {i + 1} has no name")
        try:
            check_seat_kind(kind)
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


def _write_json(path: Path, data: dict[str, Any], failed: str) -> None:
    """Write atomically; SaveError with ``failed`` ({file}, {why}) if the disk refuses."""
    try:
        write_atomic(path, json.dumps(data, indent=1))
    except OSError as e:
        raise SaveError(failed.format(file=path, why=e.strerror or e)) from None


def slot_for(name: str) -> str:
    """A save's file name (without .json) from the name the player typed."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")[:40]
    return slug or "save"


def _read_json(path: Path, what: str) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise SaveError(_("{file}: cannot be read ({why}).").format(
            file=path.name, why=e.strerror or e)) from None
    if len(raw) > MAX_BYTES:
        raise SaveError(_("{file}: too large to be a {what}.").format(file=path.name, what=what))
    if not raw.strip():
        raise SaveError(_("{file}: the file is empty.").format(file=path.name))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise SaveError(_("{file}: the file is damaged or cut short.").format(
            file=path.name)) from None
    if not isinstance(data, dict):
        raise SaveError(_("{file}: not a {what}.").format(file=path.name, what=what))
    return data


def save_game(state: GameState, plan: GamePlan, name: str,
              folder: Path | None = None, slot: str | None = None) -> Path:
    """Save the game under ``name`` (file ``slot``.json, from the name if not
    given); replaces a save of the same slot. Raises SaveError."""
    folder = saves_dir() if folder is None else folder
    path = folder / f"{slot or slot_for(name)}{SUFFIX}"
    record = make_record(state)
    data = {
        "format": FORMAT,
        "name": name,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "summary": {"map": state.board.title(), "seats": seat_labels(plan),
                    "round": state.round, "turn": state.turn,
                    "to_play": plan.seats[state.current].name,
                    "actions": len(state.history), "over": state.over},
        "plan": plan_to_dict(plan),
        "record": record,
    }
    _write_json(path, data, _("The game could not be saved to {file} ({why})."))
    return path


def autosave(state: GameState, plan: GamePlan, folder: Path | None = None) -> Path:
    return save_game(state, plan, _("Autosave"), folder, AUTOSAVE)


def autosave_path(folder: Path | None = None) -> Path:
    return (saves_dir() if folder is None else folder) / f"{AUTOSAVE}{SUFFIX}"


def load_game(path: str | os.PathLike) -> SavedGame:
    """Read a save back and replay its game; SaveError (nothing changed) if
    it is not a whole, readable save of this version whose game the rules allow."""
    path = Path(path)
    data = _read_json(path, _("saved game"))
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("hacienda-save/"):
            raise SaveError(_("{file}: saved by another version of the game ({found}; this"
                              " version reads {wanted}).").format(file=path.name, found=fmt,
                                                                  wanted=FORMAT))
        raise SaveError(_("{file}: not a saved Hacienda game.").format(file=path.name))
    name, saved_at = data.get("name"), data.get("saved_at")
    try:
        if not isinstance(name, str) or not isinstance(saved_at, str):
            raise ValueError("name and saved_at must be texts")
        when = datetime.fromisoformat(saved_at)
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)     # lists compare the dates
        plan = plan_from_dict(data.get("plan"))
        record = data.get("record")
        if not isinstance(record, dict):
            raise ValueError("no game record")
        state, limit = replay_with_limit(record)
    except (ValueError, ScenarioError) as e:
        raise SaveError(_("{file}: the save is damaged: {why}").format(
            file=path.name, why=e)) from None
    if len(plan.seats) != state.players or plan.seed != state.seed:
        raise SaveError(_("{file}: the save is damaged: its seats do not match its game.")
                        .format(file=path.name))
    return SavedGame(path, name[:40], when, plan, state, limit)


def list_saves(folder: Path | None = None) -> tuple[list[SavedGame], list[Problem]]:
    """Every save in the folder, newest first, and the files that could not
    be read (left untouched). Temporary files of an interrupted save are skipped."""
    folder = saves_dir() if folder is None else folder
    saves: list[SavedGame] = []
    problems: list[Problem] = []
    if not folder.is_dir():
        return saves, problems
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            saves.append(load_game(path))
        except SaveError as e:
            problems.append(Problem(path, str(e)))
    saves.sort(key=lambda s: s.saved_at, reverse=True)
    return saves, problems


def delete_save(path: Path, folder: Path | None = None) -> None:
    """Remove one save file (only from the saves folder)."""
    folder = saves_dir() if folder is None else folder
    if path.resolve().parent != folder.resolve():
        raise SaveError(_("{file} is not in the saves folder.").format(file=path))
    try:
        path.unlink()
    except OSError as e:
        raise SaveError(_("{file} could not be deleted ({why}).").format(
            file=path.name, why=e.strerror or e)) from None


def next_name(folder: Path | None = None) -> str:
    """The name a new save gets unless the player types one: Game 1, Game 2, ..."""
    folder = saves_dir() if folder is None else folder
    n = 1
    while (folder / f"{slot_for(_('Game {n}').format(n=n))}{SUFFIX}").exists():
        n += 1
    return _("Game {n}").format(n=n)


# ------------------------------------------------------------- replays
def keep_replay(state: GameState, plan: GamePlan, folder: Path | None = None) -> Path:
    """Keep a finished game's record (the engine's format, with the seats'
    names) in the replays folder, named by date and map; never overwrites."""
    folder = replays_dir() if folder is None else folder
    stamp = datetime.now().strftime("%Y-%m-%d_%H%M")
    base = f"{stamp}_{slot_for(state.board.name)}"
    path = folder / f"{base}{SUFFIX}"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}{SUFFIX}"
        n += 1
    _write_json(path, make_record(state, plan=plan_to_dict(plan)),
                _("The game's record could not be kept in {file} ({why})."))
    return path


def default_plan(record: dict[str, Any]) -> GamePlan:
    """Seats for a record that names none: Player 1, Player 2, ..."""
    header = record.get("header", {})
    players = header.get("players") if isinstance(header.get("players"), int) else 2
    seats = [SeatPlan(_("Player {n}").format(n=i + 1), HUMAN, i % MAX_SEATS_COLOURS)
             for i in range(players)]
    return GamePlan(str(header.get("map", "")), seats, int(header.get("seed") or 0),
                    list(header.get("variants") or []))


@dataclass
class Replay:
    """A game to watch: its record, its seats, and the game at its end."""

    path: Path
    record: dict[str, Any]
    plan: GamePlan
    final: GameState

    @property
    def actions(self) -> list[str]:
        return self.record["actions"]


def load_replay(path: str | os.PathLike) -> Replay:
    """A kept record (hacienda-record/1) or a save, replayed; SaveError says
    what is wrong with a file that is not one."""
    path = Path(path)
    data = _read_json(path, _("game record"))
    if data.get("format") == FORMAT:
        saved = load_game(path)
        return Replay(path, data["record"], saved.plan, saved.state)
    header = data.get("header")
    fmt = header.get("format") if isinstance(header, dict) else data.get("format")
    if fmt != RECORD_FORMAT:
        if isinstance(fmt, str) and fmt.startswith(("hacienda-record/", "hacienda-save/")):
            raise SaveError(_("{file}: made by another version of the game ({found}; this"
                              " version reads {wanted}).").format(file=path.name, found=fmt,
                                                                  wanted=RECORD_FORMAT))
        raise SaveError(_("{file}: not a Hacienda game record.").format(file=path.name))
    try:
        state, _limit = replay_with_limit(data)
    except ScenarioError as e:
        raise SaveError(_("{file}: the record cannot be replayed: {why}").format(
            file=path.name, why=e)) from None
    try:
        plan = plan_from_dict(header.get("plan"))
        if len(plan.seats) != state.players:
            plan = default_plan(data)
    except ValueError:
        plan = default_plan(data)
    return Replay(path, data, plan, state)


def list_replays(folder: Path | None = None) -> tuple[list[ReplayEntry], list[Problem]]:
    """The kept records, newest first (read, not replayed: opening one replays it)."""
    folder = replays_dir() if folder is None else folder
    out: list[ReplayEntry] = []
    problems: list[Problem] = []
    if not folder.is_dir():
        return out, problems
    for path in sorted(folder.glob(f"*{SUFFIX}"), reverse=True):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            data = _read_json(path, _("game record"))
            header = data.get("header")
            if not isinstance(header, dict) or header.get("format") != RECORD_FORMAT:
                raise SaveError(_("{file}: not a Hacienda game record.").format(
                    file=path.name))
            try:
                names = [s.name for s in plan_from_dict(header.get("plan")).seats]
            except ValueError:
                names = [s.name for s in default_plan(data).seats]
            result = data.get("result") if isinstance(data.get("result"), dict) else {}
            out.append(ReplayEntry(path, str(header.get("date", ""))[:16].replace("T", " "),
                                   str(header.get("map", "?")), names,
                                   list(result.get("scores") or []),
                                   list(result.get("winners") or [])))
        except SaveError as e:
            problems.append(Problem(path, str(e)))
    return out, problems
