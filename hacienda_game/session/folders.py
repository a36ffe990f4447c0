"""Showing one of the player's folders in the system's file manager (the Maps
screen's "Open folder"): ``xdg-open`` on Linux and the BSDs, ``open`` on macOS,
Explorer on Windows.  Nothing here waits: the file manager is started and left
to itself; a failure is said in the player's words, never raised."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..i18n import N_, _

YOURSELF = N_("Open it yourself: its path is shown on the screen.")


def file_manager_command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that shows ``path`` in the file manager (None on Windows,
    where Explorer is asked through ``os.startfile``)."""
    if platform.startswith("win"):
        return None
    return ["open" if platform == "darwin" else "xdg-open", str(path)]


def open_folder(path: Path, platform: str = sys.platform
                ) -> subprocess.Popen[bytes] | str | None:
    """Show the folder (made first if it is not there yet).  Returns the file
    manager's process while it starts (a non-zero exit later means it failed:
    see `failed`), None when the system took it at once, or why it cannot be
    opened, in the player's words."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return _("The folder cannot be made ({why}).").format(why=e.strerror or e)
    command = file_manager_command(path, platform)
    if command is None:
        start = getattr(os, "startfile", None)
        if start is None:
            return _("No file manager was found.") + " " + _(YOURSELF)
        try:
            start(str(path))
        except OSError as e:
            return _("The file manager did not start ({why}).").format(
                why=e.strerror or e) + " " + _(YOURSELF)
        return None
    if shutil.which(command[0]) is None:
        return _("No file manager was found.") + " " + _(YOURSELF)
    try:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as e:
        return _("The file manager did not start ({why}).").format(
            why=e.strerror or e) + " " + _(YOURSELF)


def failed(process: subprocess.Popen[bytes]) -> str | None:
    """Once the file manager's starter has finished: why it failed, if it did
    ("" while it runs, None when it went well)."""
    code = process.poll()
    if code is None:
        return ""
    if code == 0:
        return None
    return _("The file manager could not show the folder.") + " " + _(YOURSELF)
