"""Keeping the game at the screen: the autosave after every action, undo and
redo within the turn, and the record of a finished game (no drawing here).

Undo goes back as far as the engine allows (`engine.undo`: never past a card
drawn or turned face up, nor the start of the turn) and only on a human's
own turn; redo re-applies what was undone while nothing else was done.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from ..engine import (
    CARD_DRAWN,
    CARD_REVEALED,
    Action,
    Event,
    GameState,
    UndoLimit,
    initial_state,
    make_record,
    undone,
)
from ..i18n import N_, _
from .plan import GamePlan
from .saves import (
    SaveError,
    SaveInfo,
    autosave,
    autosave_path,
    keep_aside,
    keep_replay,
    load_game,
    save_game,
)
from .unfinished import claim, game_mark, offered, slot_for_game
from .userdirs import replays_dir, saves_dir

# Why the Undo button is off: its label, and the sentence the status line shows.
BLOCKED = {
    CARD_DRAWN: (N_("Card drawn: can't undo"),
                 N_("A card was drawn from a deck: nothing before it can be undone.")),
    CARD_REVEALED: (N_("Card shown: can't undo"),
                    N_("A new card was turned face up: nothing before it can be undone.")),
}


# The autosave is never more than this many actions behind the game: a move
# that would leave it further behind waits for the writer (AI seats moving
# faster than the disk, a loaded machine); at a normal pace it never waits.
MOST_BEHIND = 5
STALL_S = 3.0


class GameKeeper:
    """Undo, redo and the saving of one game at the screen.  ``own_file``: the
    game's own save file (the tutorial's), written under the title ``title``
    (an `N_` text) instead of an autosave slot; it is not offered by Continue,
    and at the game's end it is removed and no record is kept."""

    def __init__(self, plan: GamePlan, limit: UndoLimit | None = None, keep: bool = True,
                 own_file: Path | None = None, title: str = ""):
        self.plan = plan
        self.limit = limit or UndoLimit()
        self.keep = keep              # autosave and keep the record (not demo or autoplay)
        self.own_file = own_file
        self.title = title
        self.redo: list[str] = []     # undone actions, the next to redo last
        self.problem: str | None = None      # the last save that failed, to tell the player
        self.replay_path: Path | None = None
        self.notice: str | None = None       # said once: a damaged autosave kept aside
        self._writer: ThreadPoolExecutor | None = None
        self._last: Future[None] | None = None
        self._slot: Path | None = None   # this game's autosave slot (chosen at the first write)
        self._lock = threading.Lock()
        self._pending: tuple[GameState, Path, Path] | None = None    # the game to write next
        self._told = False
        self._written = threading.Condition(self._lock)
        self._on_disk: int | None = None    # actions in the newest game written (or failed to)
        self._stalled = False         # the writer hung past STALL_S: not waited for again yet

    # ------------------------------------------------------------ recording
    def note(self, state: GameState, action: Action, events: list[Event]) -> None:
        """After every action: move the undo limit, drop or use up the redo
        list, save the game (or keep its record once it is over)."""
        self.limit = self.limit.after(len(state.history), events)
        text = str(action)
        if self.redo and self.redo[-1] == text:
            self.redo.pop()
        else:
            self.redo.clear()
        self.save(state)

    def save(self, state: GameState) -> None:
        """Write the autosave (or, once the game is over, keep its record and
        drop the autosave) on a writer thread: the disk's flush never holds up a
        frame.  One writer, so saves land in order; the folders are fixed now."""
        if not self.keep:
            return
        self._collect()
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hacienda-save")
        # Only the newest game waits to be written: moves faster than the disk
        # (AI seats without pauses) never pile up writes nor leave the autosave behind.
        actions = len(state.history)
        with self._lock:
            queued = self._pending is not None
            folder = saves_dir() if self.own_file is None else self.own_file.parent
            self._pending = (state.clone(), folder, replays_dir())
            # The game as it stood before this action is on disk already (a new
            # game, or the save it was resumed from); an undo goes back.
            on_disk = actions - 1 if self._on_disk is None else self._on_disk
            self._on_disk = min(on_disk, actions)
        if not queued:
            self._last = self._writer.submit(self._drain)
        if state.is_over():
            self._collect(wait=True)     # the end's record: the player hears at once if it failed
            return
        with self._written:
            # Never further behind than MOST_BEHIND: wait for the writer (a
            # failed write counts as done: the player is told, the game goes on).
            # A disk that hangs is waited for once (STALL_S), not at every move.
            if not self._stalled and not self._written.wait_for(
                    lambda: actions - (self._on_disk or 0) <= MOST_BEHIND, timeout=STALL_S):
                self._stalled = True

    def _drain(self) -> None:
        with self._lock:
            job, self._pending = self._pending, None
        if job is None:
            return
        try:
            self._write(*job)
        finally:
            with self._written:
                self._on_disk = max(self._on_disk or 0, len(job[0].history))
                self._stalled = False
                self._written.notify_all()

    def _write(self, state: GameState, saves_folder: Path, replays_folder: Path) -> None:
        if self.own_file is not None:
            if state.is_over():
                self.own_file.unlink(missing_ok=True)    # done: nothing to take up again
            else:
                save_game(state, self.plan, _(self.title) if self.title else "", saves_folder,
                          self.own_file.stem)
            return
        if self._slot is None:
            for path in offered(saves_folder):          # not another window's game
                self._keep_damaged(path, state)
            # This window's own slot: never another window's unfinished game.
            self._slot = slot_for_game(saves_folder, self.plan)
        _keep_unkept()
        if not state.is_over():
            autosave(state, self.plan, saves_folder, self._slot.stem)
            return
        try:
            self.replay_path = keep_replay(state, self.plan, replays_folder)
        except SaveError as e:
            # A full disk: the record stays in memory (written as soon as it can
            # be, at this window's next write), the player is told, and the
            # game is not offered again as unfinished.
            with _unkept_lock:
                _unkept.append((state, self.plan, replays_folder))
            raise SaveError(_("{why} The record is kept in memory and written when there is"
                              " room again, while the game is open.").format(why=e)) from None
        finally:
            self._slot.unlink(missing_ok=True)           # nothing left to continue

    def _keep_damaged(self, path: Path, state: GameState) -> None:
        """Before the first write: an autosave that does not load (damaged, of
        another version, on a changed map...) is renamed aside, never written over.
        One that holds this very game at an earlier point (a named save of it
        loaded while its autosave stayed) is this game's slot from now on: the
        game goes on writing it and clears it at its end, so Continue never
        offers a game that has since been played to its end."""
        if not os.path.lexists(path):
            return
        try:
            older = load_game(path)
            if (game_mark(older.plan) == game_mark(self.plan)
                    and older.state.history == state.history[:len(older.state.history)]):
                claim(path, game_mark(self.plan))
            return
        except SaveError as e:
            why = str(e)
        except Exception as e:  # noqa: BLE001 - whatever is wrong with it, keep it
            why = type(e).__name__
        kept = keep_aside(path)
        self.notice = _("The old autosave could not be loaded ({why}); it is kept as"
                        " {file}.").format(why=why, file=kept.name)

    def _collect(self, wait: bool = False) -> None:
        """Note how the last write went (the player is told of a failure)."""
        last = self._last
        if last is None or not (wait or last.done()):
            return
        self._last = None
        try:
            last.result()
            self.problem = self.notice if not self._told else None
            self._told = self._told or self.notice is not None      # told once
        except (SaveError, OSError) as e:
            self.problem = str(e)

    def flush(self) -> None:
        """Wait until the last save is on disk."""
        self._collect(wait=True)

    def close(self) -> None:
        self.flush()
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    # ----------------------------------------------------------------- undo
    def undo_label(self, state: GameState, own_turn: bool) -> tuple[bool, str, str]:
        """(may undo, button label, why not) for the seat at the screen."""
        if own_turn and self.limit.allows(state):
            return True, _("Undo"), ""
        if not own_turn or state.is_over():
            return False, _("Undo"), _("Undo is for your own turn.")
        blocked = BLOCKED.get(self.limit.reason)
        if blocked is not None:
            return False, _(blocked[0]), _(blocked[1])
        return False, _("Undo"), _("Nothing to undo in this turn yet.")

    def undo(self, state: GameState) -> GameState:
        """The game one action earlier (ValueError if that would pass the limit)."""
        earlier = undone(state, self.limit)
        self.redo.append(str(state.history[-1]))
        self.save(earlier)
        return earlier

    def next_redo(self) -> str | None:
        return self.redo[-1] if self.redo else None


RETOLD_ACTIONS = 200       # a resumed game's log: its last actions (the log keeps 200 lines)


def retold(state: GameState, keep: int = RETOLD_ACTIONS) -> list[list[Event]]:
    """The events of the game's last ``keep`` actions, replayed from its
    record (the log of a resumed game: a long one replays on a thread)."""
    replayed = initial_state(make_record(state), state.board)
    start = max(0, len(state.history) - keep)
    out = []
    for i, action in enumerate(state.history):
        events = replayed.apply(action)
        if i >= start:
            out.append(events)
    return out


def story(state: GameState) -> list[tuple[Action, list[Event], list[int], list[int]]]:
    """Every action of the game so far with its events and the scores and
    money after it (to rebuild the log and the charts of a resumed game)."""
    replayed = initial_state(make_record(state), state.board)
    out = []
    for action in state.history:
        events = replayed.apply(action)
        out.append((action, events, [s.score for s in replayed.seats],
                    [s.money for s in replayed.seats]))
    return out


# Records of finished games that a full disk refused: kept in memory and
# written at the next write of any game in this process (``unkept()`` lists them).
_unkept: list[tuple[GameState, GamePlan, Path]] = []
_unkept_lock = threading.Lock()


def _keep_unkept() -> None:
    with _unkept_lock:
        waiting = list(_unkept)
    for item in waiting:
        try:
            keep_replay(*item)
        except SaveError:
            return                      # still no room: tried again at the next write
        with _unkept_lock:
            _unkept.remove(item)


def unkept() -> list[tuple[GameState, GamePlan, Path]]:
    """Finished games whose records are waiting for room on the disk."""
    with _unkept_lock:
        return list(_unkept)


def continuable() -> SaveInfo | None:
    """The newest unfinished game no other window of the game is playing, as
    a list entry (`SaveInfo`: read and checked, not replayed), for the menu's
    Continue; its ``load()`` replays it.  None if there is none (a file that
    cannot be read is listed by the load screen with the reason)."""
    from .saves import _read_save

    found = []
    for path in offered():
        try:
            found.append(_read_save(path)[1])
        except Exception:  # noqa: BLE001 - any file at all: the load screen says why
            continue
    return max(found, key=lambda info: info.saved_at, default=None)


def _unfinished_path() -> Path:
    """The unfinished game Continue offers (never one another window plays)."""
    from .unfinished import held_elsewhere

    info = continuable()
    path = info.path if info is not None else autosave_path()
    if held_elsewhere(path):
        raise SaveError(_("{file} is the game of another window of Hacienda.").format(
            file=path.name))
    return path


def keep_unfinished(name: str | None = None) -> Path:
    """The unfinished game (the autosave) kept as a named save, ``name`` or
    the next "Game N", its game untouched; then the autosave is removed (a
    new game may begin).  SaveError if it cannot be read or written (then
    nothing is removed)."""
    import json

    from .saves import (
        MAX_BYTES,
        SUFFIX,
        _read_save,
        _write_json,
        next_name,
        read_user_file,
        slot_for,
    )

    path = _unfinished_path()
    _read_save(path)                                      # checked: a save of this version
    data = json.loads(read_user_file(path, MAX_BYTES, _("saved game")).decode("utf-8"))
    data["name"] = name or next_name()
    target = saves_dir() / f"{slot_for(data['name'])}{SUFFIX}"
    _write_json(target, data, _("The game could not be saved to {file} ({why})."))
    discard_unfinished(path)
    return target


def discard_unfinished(path: Path | None = None) -> None:
    """The player chose to throw the unfinished game away (New game asked):
    the one Continue offers, never another window's."""
    path = _unfinished_path() if path is None else path
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        raise SaveError(_("{file} could not be deleted ({why}).").format(
            file=path.name, why=e.strerror or e)) from None
