"""Which first-time tips each player has seen on this machine (no pygame).

A profile is a seat's player name as typed at the setup screen; the book
keeps, per profile, the ids of the tips already shown, in ``tips.json``
beside the settings.  It is read through the one bounded reader
(``userfiles``) and written atomically where ``write_target`` says; a
missing, damaged or hostile file is a book with nothing seen (tips come
again, nothing else changes), and a book that cannot be written stays in
memory for the game.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path

from ..i18n import N_
from .userdirs import config_dir
from .userfiles import FileKind, FileRefused, read_json_object, write_target

TIPS_FILE = FileKind(N_("tips file"), 64 * 1024)
MAX_PROFILES = 64         # the oldest profile is forgotten past this
MAX_NAME = 40             # a profile's name (longer is cut)
MAX_ID = 32               # a tip's id


def profile_of(name: str) -> str:
    """The profile a seat's name stands for: the same name in any case or
    spacing is the same player."""
    return " ".join(name.split()).casefold()[:MAX_NAME]


class TipBook:
    """The tips seen, per profile.  ``path`` None: the user folder's file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / "tips.json"
        self.seen: dict[str, list[str]] = {}
        self.problem: str | None = None        # why the file was not read or written
        self.load()

    def load(self) -> None:
        self.seen = {}
        if not os.path.lexists(self.path):
            return
        try:
            data = read_json_object(self.path, TIPS_FILE)
        except FileRefused as e:
            self.problem = e.reason
            return
        profiles = data.get("seen")
        if not isinstance(profiles, dict):
            return
        for name, ids in list(profiles.items())[-MAX_PROFILES:]:
            if not isinstance(name, str) or not isinstance(ids, list):
                continue
            kept = [i for i in ids if isinstance(i, str) and 0 < len(i) <= MAX_ID]
            self.seen[profile_of(name)] = sorted(set(kept))

    def has_seen(self, name: str, tip: str) -> bool:
        return tip in self.seen.get(profile_of(name), ())

    def mark(self, name: str, tip: str) -> None:
        """The tip was shown to the player of that name: kept at once."""
        profile = profile_of(name)
        if not profile or len(tip) > MAX_ID or self.has_seen(name, tip):
            return
        ids = self.seen.pop(profile, [])      # the latest profile goes last (kept longest)
        self.seen[profile] = sorted({*ids, tip})
        while len(self.seen) > MAX_PROFILES:
            del self.seen[next(iter(self.seen))]
        self.save()

    def reset(self) -> None:
        """Every tip comes again, for every profile."""
        self.seen = {}
        self.save()

    def save(self) -> None:
        tmp = None
        try:
            path = write_target(self.path, TIPS_FILE)
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tips-", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"seen": self.seen}, f, indent=1)
            os.replace(tmp, path)
            tmp = None
        except FileRefused as e:
            self.problem = e.reason
        except OSError as e:
            self.problem = str(e.strerror or e)   # tips are a convenience: kept in memory
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
