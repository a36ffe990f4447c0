"""Where the game keeps the player's files: settings, the error log, own maps,
saved games and the records of finished games (replays).

``HACIENDA_HOME`` (tests, portable installs) puts them all in one folder;
otherwise platformdirs picks the usual place on each system.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

APP = "hacienda"
ANIM_SPEEDS = ("off", "slow", "normal", "fast")
ANIM_FACTORS = {"off": 0.0, "slow": 1.6, "normal": 1.0, "fast": 0.5}
TEXT_SIZES = ("normal", "large")
AI_PACES = ("fast", "normal", "slow")
# How long each AI move stays on screen before the next, times the normal pause
AI_PACE_FACTORS = {"fast": 0.35, "normal": 1.0, "slow": 2.5}


def _dir(kind: str) -> Path:
    home = os.environ.get("HACIENDA_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    folders: dict[str, Callable[[str], str]] = {
                 "config": platformdirs.user_config_dir,
                 "log": platformdirs.user_log_dir,
                 "maps": lambda app: os.path.join(platformdirs.user_data_dir(app), "maps"),
                 "saves": lambda app: os.path.join(platformdirs.user_data_dir(app), "saves"),
                 "replays": lambda app: os.path.join(platformdirs.user_data_dir(app),
                                                     "replays"),
                 "tutorial": lambda app: os.path.join(platformdirs.user_data_dir(app),
                                                      "tutorial"),
                 }
    return Path(folders[kind](APP))


def user_maps_dir() -> Path:
    """The folder where a player drops own .tmx maps (listed in setup)."""
    return _dir("maps")


def saves_dir() -> Path:
    """The folder of saved games (the autosave and named saves)."""
    return _dir("saves")


def replays_dir() -> Path:
    """The folder where every finished game's record is kept."""
    return _dir("replays")


def tutorial_dir() -> Path:
    """The folder of the guided first game left unfinished (kept apart from saves)."""
    return _dir("tutorial")


def config_dir() -> Path:
    """The folder of settings.json."""
    return _dir("config")


def log_path() -> Path:
    return _dir("log") / "hacienda.log"


def log_error(exc: BaseException, where: str) -> Path | None:
    """Append the exception's details to the log file; its path (None if not
    written: unwritable, or not a plain file there; writing never blocks)."""
    from .userfiles import append_text

    path = log_path()
    text = (f"--- {datetime.datetime.now().isoformat(timespec='seconds')} in {where}\n"
            + "".join(traceback.format_exception(exc)))
    return path if append_text(path, text) else None


def log_note(text: str) -> None:
    """Append one dated line to the log file (best effort, never blocks)."""
    from .userfiles import append_text

    append_text(log_path(),
                f"--- {datetime.datetime.now().isoformat(timespec='seconds')} {text}\n")


@dataclass
class Settings:
    """What the player chose in the settings scene, kept as JSON in the config folder.

    Loading checks every value on its own: one that is missing, of the wrong
    type or out of range falls back to its default (and is named in
    ``refused``), so a damaged or hostile file never stops the game."""

    anim_speed: str = "normal"
    ai_pace: str = "normal"         # how long each AI move stays on screen: fast, normal, slow
    fullscreen: bool = True
    open_hands: bool = False
    scale: int = 0                  # windowed: 0 = the largest that fits, else 1x, 2x, ...
    music_volume: int = 60          # percent, in steps of 10
    effects_volume: int = 80
    language: str | None = None     # None: the system's language
    patterns: bool = False          # colour-blind patterns on the seats' pieces
    rumble: bool = True
    pixel_perfect: bool = False     # whole-number scaling only, with borders
    text_size: str = "normal"       # the text players read during play: normal or large
    ask_end_turn: bool = True       # ask before ending a turn with actions left
    tutorial_done: bool = False     # the guided first game was played to its end once
    tips: bool = True               # tips the first time a player meets a situation
    refused: list[str] = field(default_factory=list, repr=False, compare=False)
    # The file could not be used as it was: kept aside before anything new is
    # written over it, and the player told once (``notice``) what and where.
    damaged: bool = field(default=False, repr=False, compare=False)
    notice: str | None = field(default=None, repr=False, compare=False)
    unsaved: str | None = field(default=None, repr=False, compare=False)

    @property
    def anim_factor(self) -> float:
        """Multiplies animation durations; 0 means no animations."""
        return ANIM_FACTORS.get(self.anim_speed, 1.0)

    @property
    def ai_pace_factor(self) -> float:
        """Multiplies the time each AI move stays on screen."""
        return AI_PACE_FACTORS.get(self.ai_pace, 1.0)

    @staticmethod
    def path() -> Path:
        return _dir("config") / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        path = cls.path()
        text, why = _read_small(path)
        s = cls.from_text(text)
        if os.path.islink(path) and (text is None or s.refused):
            # A link is the player's: it is never renamed aside nor written over;
            # what could not be used falls back to the defaults, and that is said.
            from ..i18n import _

            s.tell_unsaved(why or _("{file} is a link to a file with settings the game"
                                    " cannot use ({what}).").format(
                                        file=path.name, what=", ".join(s.refused)))
            return s
        if text is None and os.path.lexists(path):
            s.refused.append("the file cannot be read as a plain file")
        s.damaged = bool(s.refused) and os.path.lexists(path)
        return s

    def keep_damaged(self) -> str | None:
        """Rename a damaged settings file aside (with the date; its bytes
        untouched) and say so: what was refused and where the old file is.
        Nothing if the file was fine (or is already kept aside)."""
        if not self.damaged:
            return self.notice if self.unsaved else None     # a link the game leaves alone
        self.damaged = False
        from ..i18n import _
        from .saves import keep_aside

        what = ", ".join(self.refused)
        try:
            kept = keep_aside(self.path())
        except OSError as e:
            self.notice = _("Some settings could not be used ({what}); the defaults are used"
                            " for them. The file could not be kept aside ({why}), so settings"
                            " are not saved.").format(what=what, why=e.strerror or e)
            self.damaged = True       # never written over
            return self.notice
        self.notice = _("Some settings could not be used ({what}); the defaults are used for"
                        " them. The old file is kept as {file}.").format(what=what, file=kept)
        return self.notice

    def tell_unsaved(self, why: str) -> None:
        """Settings that cannot be written where the file is: said once."""
        from ..i18n import _

        if self.unsaved is None:
            self.unsaved = why
            self.notice = _("Settings are not saved: {why}").format(why=why)

    @classmethod
    def from_text(cls, text: str | None) -> Settings:
        """Settings from a file's text (None: no readable file), value by value."""
        s = cls()
        if text is None:
            return s
        from .userfiles import SETTINGS, FileRefused, parse_json

        try:
            data = parse_json(text, cls.path(), SETTINGS)
        except FileRefused:
            s.refused.append("the file is not JSON")
            return s
        if not isinstance(data, dict):
            s.refused.append("the file is not a JSON object")
            return s
        for f in fields(cls):
            if f.name in UNSAVED or f.name not in data:
                continue
            value = data[f.name]
            if _valid(f.name, value):
                setattr(s, f.name, _volume(value) if f.name.endswith("_volume") else value)
            else:
                s.refused.append(f.name)
        return s

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k not in UNSAVED}

    def save(self) -> None:
        """Write the file now (see :meth:`save_soon`) and wait for it, at most
        ``WRITE_WAIT_S``."""
        self.save_soon()
        settings_written()

    def save_soon(self) -> None:
        """Write the file on the settings writer's thread (a slow disk never
        holds a frame): atomically (a temporary file, then renamed over the old
        one), the newest values last; a damaged file is first kept aside
        (never written over)."""
        self.keep_damaged()
        if self.damaged:
            return
        data = self.as_dict()
        _writer.put(lambda: self._write(data))

    def _write(self, data: dict[str, object]) -> None:
        """On the writer's thread: ``data`` to the file (or to the plain file a
        link there leads to)."""
        path = self.path()
        tmp = None
        from .userfiles import SETTINGS, FileRefused, write_target

        try:
            # A settings.json that is a link (kept with the player's other
            # settings elsewhere) stays a link: its plain-file target is written.
            path = write_target(path, SETTINGS)
        except FileRefused as e:
            self.tell_unsaved(e.reason)
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)
            os.replace(tmp, path)
            tmp = None
        except OSError:
            pass  # settings are a convenience: the game goes on with them in memory
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


class SettingsWriter:
    """One thread that writes the settings file, so a change in the settings
    screen never waits for the disk (a rename there took up to 30 ms on a
    busy disk, on the frame).  Bounded: it holds at most one write besides
    the one under way, the newest (which has every value, so an older one
    not yet begun is dropped, never the last); the thread ends when idle."""

    IDLE_S = 5.0

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: Callable[[], None] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None

    def put(self, job: Callable[[], None]) -> None:
        with self._cond:
            self._pending = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="settings-writer",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._pending is None:
                    self._cond.wait(self.IDLE_S)
                if self._pending is None:
                    self._thread = None            # the next put() starts another
                    return
                job, self._pending = self._pending, None
                self._busy = True
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - a convenience: logged, never fatal
                log_error(exc, "settings writer")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float) -> bool:
        """Wait until every settings change is on disk, at most ``timeout``
        seconds; True if it is."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True


_writer = SettingsWriter()
WRITE_WAIT_S = 2.0


def settings_written(timeout: float = WRITE_WAIT_S) -> bool:
    """Wait (at most ``timeout`` seconds) until the settings changed so far
    are written: at the game's end, and where a test reads the file."""
    return _writer.flush(timeout)


MAX_SCALE = 8
UNSAVED = {"refused", "damaged", "notice", "unsaved"}     # Settings fields that are not settings
MAX_SETTINGS_BYTES = 64 * 1024


def _read_small(path: Path) -> tuple[str | None, str | None]:
    """A settings file's text (None when it is missing, unreadable or not a
    plain file: a pipe never blocks the start; far too big is refused whole)
    and why it was not read.  A link is followed to its plain file (the one
    bounded reader)."""
    from .userfiles import SETTINGS, TOO_LARGE, FileRefused, read_bytes

    if not os.path.lexists(path):
        return None, None
    try:
        raw = read_bytes(path, SETTINGS)
    except FileRefused as e:
        return ("too big" if e.cause == TOO_LARGE else None), e.reason   # too big: not JSON
    return raw.decode("utf-8", errors="replace"), None


def _valid(name: str, value: object) -> bool:
    if name == "anim_speed":
        return value in ANIM_SPEEDS
    if name == "text_size":
        return value in TEXT_SIZES
    if name == "ai_pace":
        return value in AI_PACES
    if name == "scale":
        return type(value) is int and 0 <= value <= MAX_SCALE
    if name.endswith("_volume"):
        return type(value) is int and 0 <= value <= 100
    if name == "language":
        from ..i18n import LANGUAGES

        return value is None or (isinstance(value, str) and value in LANGUAGES)
    return type(value) is bool


def _volume(value: int) -> int:
    """A volume in steps of 10 (the nearest)."""
    return min(100, 10 * round(value / 10))
