"""Which unfinished game belongs to which running game (no pygame here).

Two windows of the game may share one user folder.  Each unfinished game
lives in an autosave slot of the saves folder, ``autosave.json``,
``autosave-2.json``, ...; a running game owns one slot by holding an
operating-system lock on its lock file (``.autosave.lock``, ``.autosave-2.lock``;
hidden, so no list shows them).  The lock ends with the process, however it
ends (a crash or a kill too), so a slot is never owned by a game that is gone.

- A new game claims the first slot that is free and empty: it never writes
  over an unfinished game, its own or another window's.
- A game resumed from a slot (Continue, or Load of an autosave) claims that
  slot, if no other running game holds it.
- Only the owner writes or removes its slot: a window that finishes its game
  removes its own autosave, never another's.
- Continue offers the newest unfinished game no other running game holds.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from .userdirs import saves_dir

if TYPE_CHECKING:
    from .plan import GamePlan

AUTOSAVE = "autosave"
SUFFIX = ".json"
SLOT_NAME = re.compile(r"^autosave(?:-([1-9][0-9]{0,3}))?$")    # a file's stem
MAX_SLOTS = 64                      # more windows than anyone opens at once

_guard = threading.Lock()
_held: dict[Path, tuple[Path, int]] = {}      # folder -> (this process's slot, lock fd)
_tickets: dict[Path, tuple[str, str]] = {}    # folder -> (slot resumed from, game mark)


def slot_path(folder: Path, n: int) -> Path:
    return folder / (f"{AUTOSAVE}{SUFFIX}" if n == 1 else f"{AUTOSAVE}-{n}{SUFFIX}")


def is_slot(path: Path) -> bool:
    """Whether a file of the saves folder is an autosave slot."""
    return path.suffix == SUFFIX and SLOT_NAME.match(path.stem) is not None


def _lock_path(slot: Path) -> Path:
    return slot.with_name(f".{slot.stem}.lock")


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:                     # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _open_lock(slot: Path, create: bool) -> int | None:
    """The lock file's descriptor (a plain file only; None if absent or odd)."""
    flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(_lock_path(slot), flags | (os.O_CREAT if create else 0), 0o644)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return fd


def _key(folder: Path) -> Path:
    return Path(os.path.realpath(folder))


def held_elsewhere(slot: Path) -> bool:
    """Whether another running game holds this slot."""
    folder = _key(slot.parent)
    with _guard:
        mine = _held.get(folder)
        if mine is not None and mine[0].name == slot.name:
            return False
        fd = _open_lock(slot, create=False)
        if fd is None:
            return False
        try:
            return not _try_lock(fd)
        finally:
            os.close(fd)            # flock: closing this descriptor drops only its lock


def _release(folder: Path) -> None:
    mine = _held.pop(folder, None)
    if mine is not None:
        os.close(mine[1])


def _take(key: Path, slot: Path) -> bool:
    """Lock ``slot`` for this process (its old slot given up); under _guard."""
    for gone in [k for k in _held if not os.path.isdir(k)]:     # folders removed since
        _release(gone)
    fd = _open_lock(slot, create=True)
    if fd is None or not _try_lock(fd):
        if fd is not None:
            os.close(fd)
        return False
    _release(key)
    _held[key] = (slot, fd)
    return True


def claim(slot: Path, mark: str = "") -> bool:
    """A game is being resumed from ``slot`` (Continue, Load): make the slot
    this process's, so the resumed game goes on writing it.  ``mark`` names
    the game (`game_mark`): the next keeper takes the slot only for that game.
    False if another running game holds the slot (the resumed game then gets
    a slot of its own at its first write: nothing is written over)."""
    key = _key(slot.parent)
    with contextlib.suppress(OSError):
        slot.parent.mkdir(parents=True, exist_ok=True)
    with _guard:
        mine = _held.get(key)
        if (mine is None or mine[0].name != slot.name) \
                and not _take(key, slot.parent / slot.name):
            _tickets.pop(key, None)
            return False
        _tickets[key] = (slot.name, mark)
        return True


def game_mark(plan: GamePlan) -> str:
    """Which game a slot was claimed for (map, seed, seats)."""
    return repr((plan.map, plan.seed, [(s.name, s.colour) for s in plan.seats]))


def slot_for_game(folder: Path, plan: GamePlan) -> Path:
    """Where a game's autosave goes, decided at its first write: the slot it
    was resumed from (`claim` with its mark), else this process's slot if it
    is empty, else the first slot that is free (no running game holds it) and
    empty (no unfinished game in it), claimed now.  An unfinished game is never
    written over, this window's or another's."""
    key = _key(folder)
    with _guard:
        ticket = _tickets.get(key)
        mine = _held.get(key)
        if mine is not None:
            if ticket is not None and ticket == (mine[0].name, game_mark(plan)):
                return folder / mine[0].name         # the resumed game, again
            _tickets.pop(key, None)
            if not os.path.lexists(folder / mine[0].name):
                return folder / mine[0].name
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return slot_path(folder, 1)         # the write that follows says why it fails
    for n in range(1, MAX_SLOTS + 1):
        slot = slot_path(folder, n)
        if os.path.lexists(slot):
            continue                        # an unfinished game: never written over
        with _guard:
            if _take(key, slot):
                if not os.path.lexists(slot):
                    return slot
                _release(key)               # written since it was looked at
    # Every slot taken (64 windows, or 64 unfinished games): the first one,
    # as before slots existed; never reached in practice.
    return slot_path(folder, 1)


def release(folder: Path | None = None) -> None:
    """Give this process's slot up (tests; a process's end does it anyway)."""
    folder = saves_dir() if folder is None else folder
    with _guard:
        _release(_key(folder))
        _tickets.pop(_key(folder), None)


def slots(folder: Path | None = None) -> list[Path]:
    """The autosave slots in the folder that hold something, by number."""
    folder = saves_dir() if folder is None else folder
    try:
        names = [e.name for e in os.scandir(folder)]
    except OSError:
        return []
    found = []
    for name in names:
        path = folder / name
        m = SLOT_NAME.match(path.stem) if path.suffix == SUFFIX else None
        if m is not None:
            found.append((int(m.group(1) or 1), path))
    return [p for _n, p in sorted(found)]


def offered(folder: Path | None = None) -> list[Path]:
    """The slots whose unfinished games no other running game holds."""
    return [p for p in slots(folder) if not held_elsewhere(p)]
