"""The compiled catalogs (``<code>.mo``) the game reads hold exactly the
finished translations of their ``.po`` files, and reading them needs only the
standard library (Babel is the maintainers' tool)."""

from __future__ import annotations

import gettext
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hacienda_game import i18n

ROOT = Path(__file__).resolve().parents[1]
STALE = "is out of date with its .po: run python tools/update_catalogs.py and commit both"


def finished(code: str) -> dict:
    """What the .po says, in gettext's own keys: msgid -> text for a message,
    (singular, form) -> text for a plural; only translations without a gap."""
    with (i18n.LOCALE_DIR / f"{code}.po").open("rb") as f:
        po = read_po(f, locale=code)
    entries: dict = {}
    for m in po:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, tuple):
            if m.string and all(m.string):
                entries.update({(m.id[0], i): text for i, text in enumerate(m.string)})
        elif m.string:
            entries[m.id] = m.string
    return entries


@pytest.mark.parametrize("code", ["de", "es"])
def test_compiled_catalog_matches_its_po(code: str) -> None:
    with (i18n.LOCALE_DIR / f"{code}.mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    compiled = {key: text for key, text in mo._catalog.items() if key != ""}
    assert compiled == finished(code), f"{code}.mo {STALE}"
    with (i18n.LOCALE_DIR / f"{code}.po").open("rb") as f:
        rule = gettext.c2py(read_po(f, locale=code).plural_expr)
    assert [mo.plural(n) for n in range(200)] == [rule(n) for n in range(200)], \
        f"{code}.mo's Plural-Forms {STALE}"


def test_playing_in_every_language_never_imports_babel() -> None:
    code = ("import sys\n"
            "from hacienda_game import i18n\n"
            "for lang in ('de', 'es'):\n"
            "    i18n.set_language(lang)\n"
            "    assert i18n._('Settings') != 'Settings'\n"
            "    assert i18n.ngettext('{count} point', '{count} points', 2) != '{count} points'\n"
            "assert 'babel' not in sys.modules, 'reading the catalogs imported Babel'\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
