"""The words the game shows, in English, German and Spanish.

Every string a player reads goes through ``_()`` (or is marked with ``N_()``
where it is defined and translated with ``_()`` where it is shown), with the
English text as the key and named ``{fields}`` for what varies::

    _("{name} buys a land card").format(name=name)

Translations live in gettext catalogs, ``hacienda_game/locale/<code>.po``,
read with Babel (translators can use Poedit or any PO editor).  A missing
translation shows the English text, never an empty label; the test suite
proves none is missing.  No pygame here: tools and the engine's callers use
it too.
"""

from __future__ import annotations

import locale
import os
from functools import cache
from pathlib import Path

from .resources import locale_dir

LANGUAGES: tuple[str, ...] = ("en", "de", "es")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}
LOCALE_DIR: Path = locale_dir()

_language = "en"


def N_(message: str) -> str:
    """Marks a string for translation where it is defined; ``_()`` it when shown."""
    return message


@cache
def catalog(code: str) -> dict[str, str]:
    """English text -> translation for one language (empty for English)."""
    if code == "en":
        return {}
    from babel.messages.pofile import read_po

    path = LOCALE_DIR / f"{code}.po"
    with path.open("rb") as f:
        po = read_po(f, locale=code)
    return {m.id: m.string for m in po
            if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


def _(message: str) -> str:
    """``message`` in the current language (English when no translation exists)."""
    if _language == "en":
        return message
    return catalog(_language).get(message, message)


def language() -> str:
    return _language


def set_language(code: str) -> None:
    """Switch every later ``_()`` to ``code``; an unknown code raises ValueError."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose from {', '.join(LANGUAGES)}")
    _language = code


def system_language() -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then
    the C library's locale), if the game has it; English otherwise."""
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            wanted.extend(value.split(":"))
            break
    try:
        found = locale.getlocale()[0]
    except ValueError:
        found = None
    if found:
        wanted.append(found)
    for tag in wanted:
        code = tag.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "N_", "_", "catalog", "language", "set_language",
           "system_language"]
