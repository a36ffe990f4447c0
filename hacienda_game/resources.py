"""Where the game's own files are: art and sound, built-in maps, catalogs, rules help.

The repository keeps ``assets/`` and ``maps/`` at its top level (the
generators in ``tools/`` write there); the wheel carries them inside the
package as ``hacienda_game/assets`` and ``hacienda_game/boards`` (see
``setup.py``), beside ``hacienda_game/locale``.  Everything is found through
`importlib.resources`, so an installed game plays from any folder.  Run from a
checkout (plain, ``PYTHONPATH`` or an editable install) the package has no
such folders and the checkout's own top-level folders are used instead, so a
regenerated asset is seen at once.

No pygame here: the maps room, the session and tools use it too.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

PACKAGE = "hacienda_game"
# Folder inside the installed package -> the checkout's top-level folder.
CHECKOUT_FOLDERS = {"assets": "assets", "boards": "maps", "locale": "hacienda_game/locale"}


def checkout_root() -> Path | None:
    """The repository this package runs from, or None when it is installed."""
    root = Path(__file__).resolve().parent.parent
    if (root / "pyproject.toml").is_file() and (root / "maps").is_dir():
        return root
    return None


@cache
def _folder(name: str) -> Path:
    # An installed package is a folder on disk (pip never zips a wheel's files),
    # so the files are plain paths that pygame and gettext can open.
    packaged = resources.files(PACKAGE) / name
    if packaged.is_dir():
        return Path(str(packaged))
    root = checkout_root()
    if root is not None:
        return root / CHECKOUT_FOLDERS[name]
    # Neither installed nor a checkout: name where it should have been, so the
    # caller's "cannot read ..." says what is missing.
    return Path(str(packaged))


def assets_dir() -> Path:
    """Generated art, font and sounds (``assets/`` in the repository)."""
    return _folder("assets")


def boards_dir() -> Path:
    """The built-in ``.tmx`` maps and the game tileset (``maps/`` in the repository)."""
    return _folder("boards")


def locale_dir() -> Path:
    """The translation catalogs and the rules help (``hacienda_game/locale``)."""
    return _folder("locale")


def repair_hint(tool: str) -> str:
    """What to do about a missing or damaged game file, in a player's words;
    only a checkout (where the files are generated) names the generator."""
    root = checkout_root()
    if root is not None and assets_dir() == root / "assets":
        return f"rebuild it with python {tool}"
    return "the game's files are incomplete: reinstall Hacienda"
