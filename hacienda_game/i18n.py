"""The words the game shows, in English, German and Spanish.

Every string a player reads goes through ``_()`` (or is marked with ``N_()``
where it is defined and translated with ``_()`` where it is shown), with the
English text as the key and named ``{fields}`` for what varies::

    _("{name} buys a land card").format(name=name)

A text that counts something has a form per number: ``ngettext(singular,
plural, n)`` picks it by the language's own plural rule (the ``Plural-Forms``
header of its catalog), so "1 point" and "2 points" read right in every
language::

    ngettext("{count} point", "{count} points", n).format(count=n)

Translations live in gettext catalogs, ``hacienda_game/locale/<code>.po``
(translators can use Poedit or any PO editor), compiled to ``<code>.mo`` by
``tools/update_catalogs.py`` and read with the standard library's ``gettext``.  A missing
translation shows the English text, never an empty label; the test suite
proves none is missing.  No pygame here: tools and the engine's callers use
it too.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Callable
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
def _read(code: str) -> gettext.GNUTranslations:
    """The compiled catalog of a language (``<code>.mo``, made from ``<code>.po``
    by tools/update_catalogs.py), read by the standard library."""
    with (LOCALE_DIR / f"{code}.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


def _entries(code: str) -> dict:
    # gettext keeps a compiled catalog as one dict: msgid -> text, and
    # (singular, form) -> text for a plural; "" is the header.
    return _read(code)._catalog  # type: ignore[attr-defined]


@cache
def catalog(code: str) -> dict[str, str]:
    """English text -> translation for one language (empty for English)."""
    if code == "en":
        return {}
    return {key: text for key, text in _entries(code).items()
            if isinstance(key, str) and key and text}


@cache
def plural_catalog(code: str) -> dict[str, tuple[str, ...]]:
    """English singular -> the translation's forms (empty for English); only
    entries with every form translated."""
    if code == "en":
        return {}
    forms: dict[str, dict[int, str]] = {}
    for key, text in _entries(code).items():
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
    return {singular: tuple(by_form[i] for i in range(len(by_form)))
            for singular, by_form in forms.items()
            if sorted(by_form) == list(range(len(by_form))) and all(by_form.values())}


@cache
def plural_rule(code: str) -> Callable[[int], int]:
    """n -> which form a language uses for it, from its catalog's Plural-Forms
    header (English: the first for 1, the second otherwise)."""
    if code == "en":
        return lambda n: int(n != 1)
    return _read(code).plural


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counting text for ``n`` in the current language (the
    English form by the English rule when no translation exists)."""
    forms = plural_catalog(_language).get(singular)
    if forms is None:
        return singular if n == 1 else plural
    return forms[min(plural_rule(_language)(n), len(forms) - 1)]


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


__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "N_", "_", "catalog", "language", "ngettext",
           "plural_catalog", "plural_rule", "set_language", "system_language"]
