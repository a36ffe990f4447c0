"""The one reader of the player's files (no pygame here).

Every file the game takes from the player's folders or the command line goes
through `read_bytes` / `read_json`: saves, records, settings, scenarios, the
maps a save names, the host's note beside a save.  A file is looked at before
it is opened and read only if it is

- a plain file: never a pipe (which would block for ever), a device
  (``/dev/zero`` floods memory), a folder;
- reached without leaving its folder, where its kind says so: a link to a
  file elsewhere is refused with the reason (settings and maps are followed,
  to a plain file);
- at most its kind's size;
- JSON whose numbers are ones a game file holds: a number of more than
  `MAX_DIGITS` digits is refused with the reason (Python's own limit on
  turning long digit strings into integers would otherwise raise a
  ``ValueError`` from deep inside ``json``, one no caller expects).  Values
  are range-checked by whoever reads them (dates with `parse_date`).

Every refusal is a `FileRefused` whose text names the file and says why, in
the player's language; nothing is changed.  `parse_date` turns a stored date
into an aware UTC datetime inside `DATE_RANGE` (one at the edge of Python's
range would overflow when shown in local time).

Writing: `append_text` adds to a log without ever blocking (a pipe or a device
at the log's place is left alone) and keeps the file under its kind's size;
`write_target` is where an atomic write of a file that may be a link goes
(the link's plain-file target, so a link is never replaced by a file).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..i18n import N_, _

KiB, MiB = 1024, 1024 * 1024
MAX_DIGITS = 64                     # a seed has 19; no game file holds a longer whole number
MAX_FLOAT_TEXT = 400
MAX_PATH = 4096                     # a path the game is given (Linux's PATH_MAX)
MAX_NAME_PART = 255                 # one file or folder name (every usual file system's limit)
DATE_RANGE = (datetime(1970, 1, 1, tzinfo=UTC), datetime(9000, 1, 1, tzinfo=UTC))

WITHIN = "within"                   # a link must stay in the file's own folder
FOLLOW = "follow"                   # a link is followed anywhere (to a plain file)


@dataclass(frozen=True)
class FileKind:
    """What a file is to the game: its name in messages, its size cap, and
    whether a link at its place may lead out of its folder."""

    what: str                       # N_() text: "saved game", "settings file", ...
    limit: int
    links: str = WITHIN


SAVE = FileKind(N_("saved game"), 4 * MiB)          # the longest legal game is < 100 KiB
RECORD = FileKind(N_("game record"), 4 * MiB)
SCENARIO = FileKind(N_("scenario"), 256 * KiB)
MAP = FileKind(N_("map"), 8 * MiB, FOLLOW)
SETTINGS = FileKind(N_("settings file"), 64 * KiB, FOLLOW)
HOST_NOTE = FileKind(N_("host note"), 64 * KiB)
LOG = FileKind(N_("log"), 1 * MiB)                   # kept under this by starting afresh


# Why a file is refused (``FileRefused.cause``), for code that acts on the kind.
UNREADABLE, NOT_PLAIN, OUTSIDE, TOO_LARGE, EMPTY, DAMAGED, NUMBER, BAD_PATH = (
    "unreadable", "not_plain", "outside", "too_large", "empty", "damaged", "number", "path")


class FileRefused(Exception):
    """A user file the game does not read (or write); ``str()`` is the
    sentence for the player, naming the file and the reason; ``cause`` is one
    of the causes above."""

    def __init__(self, path: str | os.PathLike[str], reason: str, cause: str = UNREADABLE):
        super().__init__(reason)
        self.path = Path(path)
        self.reason = reason
        self.cause = cause


class _NumberRefused(ValueError):
    def __init__(self, text: str):
        super().__init__(text[:20])
        self.digits = len(text.lstrip("-"))


def _name(path: Path) -> str:
    text = path.name or str(path)
    return text if len(text) <= 80 else f"{text[:60]}...{text[-16:]}"


def cannot_read(path: Path, why: object) -> FileRefused:
    return FileRefused(path, _("{file}: cannot be read ({why}).").format(
        file=_name(path), why=getattr(why, "strerror", None) or why))


def not_plain(path: Path, mode: int) -> str:
    """Why a folder, pipe, device or link is not read."""
    if stat.S_ISDIR(mode):
        kind = _("a folder")
    elif stat.S_ISLNK(mode):
        kind = _("a link")
    elif stat.S_ISFIFO(mode):
        kind = _("a pipe")
    else:
        kind = _("not a plain file")
    return _("{file}: {kind}; the game reads only plain files here.").format(
        file=_name(path), kind=kind)


def too_large(path: Path, kind: FileKind) -> FileRefused:
    return FileRefused(path, _("{file}: too large to be a {what}.").format(
        file=_name(path), what=_(kind.what)), TOO_LARGE)


def path_problem(path: str | os.PathLike[str]) -> str | None:
    """What makes a path unusable before anything looks at the disk (too long,
    a name part too long, a NUL), or None."""
    text = os.fspath(path)
    if "\0" in text:
        return _("{file}: not a file name.").format(file=repr(text[:40]))
    if len(text) > MAX_PATH or any(len(p.encode("utf-8", "surrogatepass")) > MAX_NAME_PART
                                   for p in text.split(os.sep)):
        return _("{file}: the path is too long ({n} characters).").format(
            file=_name(Path(text)), n=len(text))
    return None


def _checked_path(path: str | os.PathLike[str]) -> Path:
    path = Path(path)
    problem = path_problem(path)
    if problem:
        raise FileRefused(path, problem, BAD_PATH)
    return path


def _link_target(path: Path, kind: FileKind, outside: str) -> Path:
    """Where the link at ``path`` leads; FileRefused (``outside``: the reason's
    text) if it leaves the folder and the kind keeps to it."""
    target = Path(os.path.realpath(path))
    if kind.links == WITHIN and target.parent != Path(os.path.realpath(path.parent)):
        raise FileRefused(path, outside.format(file=_name(path)), OUTSIDE)
    return target


def looked_at(path: str | os.PathLike[str], kind: FileKind) -> tuple[Path, os.stat_result]:
    """The plain file to open for ``path`` and its status, looked at, not opened
    (FileRefused unless a plain file within the kind's limits)."""
    path = _checked_path(path)
    try:
        st = os.lstat(path)
        target = path
        if stat.S_ISLNK(st.st_mode):
            target = _link_target(path, kind, _("{file}: a link to a file outside its folder;"
                                                " the game reads only files in its folders"
                                                " here."))
            st = os.stat(target)
    except (OSError, ValueError) as e:
        raise cannot_read(path, e) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(path, not_plain(path, st.st_mode), NOT_PLAIN)
    if st.st_size > kind.limit:
        raise too_large(path, kind)
    return target, st


def read_bytes(path: str | os.PathLike[str], kind: FileKind) -> bytes:
    """A user file's bytes (see the module's text for what is refused)."""
    path = Path(path)
    target, _st = looked_at(path, kind)
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise cannot_read(path, e) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):                  # swapped since it was looked at
            raise FileRefused(path, not_plain(path, mode), NOT_PLAIN)
        chunks, size = [], 0
        while size <= kind.limit:
            chunk = os.read(fd, min(1 * MiB, kind.limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise cannot_read(path, e) from None
    finally:
        os.close(fd)
    if size > kind.limit:
        raise too_large(path, kind)
    return b"".join(chunks)


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS:
        raise _NumberRefused(text)
    return int(text)


def _float(text: str) -> float:
    # An infinite float is a value like any other (whoever reads it range-checks it);
    # only the length of its text is bounded.
    if len(text) > MAX_FLOAT_TEXT:
        raise _NumberRefused(text)
    return float(text)


def parse_json(raw: bytes | str, path: str | os.PathLike[str], kind: FileKind) -> Any:
    """JSON from a user file, its numbers bounded (FileRefused says why not)."""
    path = Path(path)
    if not raw.strip():
        raise FileRefused(path, _("{file}: the file is empty.").format(file=_name(path)), EMPTY)
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return json.loads(text, parse_int=_int, parse_float=_float)
    except _NumberRefused as e:
        reason = _("{file}: it holds a number of {digits} digits; a {what} holds none"
                   " longer than {most}.").format(file=_name(path), digits=e.digits,
                                                  what=_(kind.what), most=MAX_DIGITS)
        raise FileRefused(path, reason, NUMBER) from None
    except (ValueError, RecursionError, MemoryError):   # JSONDecodeError, UnicodeDecodeError
        raise FileRefused(path, _("{file}: the file is damaged or cut short.").format(
            file=_name(path)), DAMAGED) from None


def read_json(path: str | os.PathLike[str], kind: FileKind) -> Any:
    """A user file read (bounded) and parsed (bounded numbers)."""
    return parse_json(read_bytes(path, kind), path, kind)


def read_json_object(path: str | os.PathLike[str], kind: FileKind) -> dict[str, Any]:
    data = read_json(path, kind)
    if not isinstance(data, dict):
        raise FileRefused(path, _("{file}: not a {what}.").format(file=_name(Path(path)),
                                                                what=_(kind.what)), DAMAGED)
    return data


def parse_date(value: Any) -> datetime:
    """A stored date (ISO 8601 text) as an aware UTC datetime inside
    `DATE_RANGE`; ValueError (in developer words) otherwise."""
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("the date must be a text")
    when = datetime.fromisoformat(value)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        when = when.astimezone(UTC)
    except OverflowError:
        raise ValueError(f"the date {value!r} is out of range") from None
    if not DATE_RANGE[0] <= when < DATE_RANGE[1]:
        raise ValueError(f"the date {value!r} is out of range")
    return when


# ------------------------------------------------------------------ writing
def write_target(path: str | os.PathLike[str], kind: FileKind) -> Path:
    """Where an atomic write of ``path`` goes: the path itself, or the plain
    file a link at it leads to (the link stays a link).  FileRefused if the
    place holds something else (a folder, a pipe, a dangling or looping link)."""
    path = _checked_path(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError as e:
        raise cannot_read(path, e) from None
    if stat.S_ISREG(st.st_mode):
        return path
    if not stat.S_ISLNK(st.st_mode):
        raise FileRefused(path, not_plain(path, st.st_mode), NOT_PLAIN)
    target = _link_target(path, kind, _("{file}: a link to a file outside its folder; the"
                                        " game does not write there."))
    try:
        mode = os.stat(target).st_mode
    except OSError:
        raise FileRefused(path, _("{file}: a link that leads nowhere ({target}); the game"
                                  " does not replace it.").format(file=_name(path),
                                                                  target=target),
                           NOT_PLAIN) from None
    if not stat.S_ISREG(mode):
        raise FileRefused(path, not_plain(path, mode), NOT_PLAIN)
    return target


def append_text(path: str | os.PathLike[str], text: str, kind: FileKind | None = None) -> bool:
    """Add ``text`` to a log file; never blocks.  Only a plain file (or a new
    one) is written: a pipe, a device or a link at the place is left alone.
    A file past the kind's size is first moved to ``NAME.1`` (the one before
    it is dropped), so the log never fills the disk.  True if written."""
    path, kind = Path(path), kind or LOG
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None:
            if not stat.S_ISREG(st.st_mode):
                return False                # a pipe would block, a device flood
            if st.st_size > kind.limit:
                os.replace(path, path.with_name(f"{path.name}.1"))
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT
                     | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):      # swapped since
                return False
            data = text.encode("utf-8", "replace")
            while data:
                written = os.write(fd, data)
                data = data[written:]
        finally:
            os.close(fd)
        return True
    except OSError:
        return False
