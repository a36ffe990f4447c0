"""Bring the translation catalogs up to date with the source.

    python tools/update_catalogs.py           # extract, merge, write de.po and es.po
    python tools/update_catalogs.py --check   # only report; exit 1 if anything is missing
    python tools/update_catalogs.py --take de=FILE.po   # also fill empty entries from FILE
    python tools/update_catalogs.py --mo      # only compile each .po as it is to its .mo

Every string marked with ``_()`` or ``N_()`` under hacienda_game/ is
extracted with Babel's extractor, and every ``ngettext(singular, plural, n)``
as a plural entry (``msgid_plural``, one ``msgstr[i]`` per form of the
language's ``Plural-Forms`` header: two in German and Spanish).  New strings are added to each
``hacienda_game/locale/<code>.po`` with an empty translation (translate them
with any PO editor, e.g. Poedit, or by hand); existing translations are kept;
strings no longer in the source are dropped (and listed).  Each catalog is
then compiled to ``<code>.mo`` beside it, holding only the finished
translations: the game reads the ``.mo`` with the standard library's
``gettext`` (Babel is a maintainer's tool, not needed to play); commit both.
``--check`` also reports a ``.mo`` that no longer matches its ``.po``;
``--mo`` only compiles (after merging a branch: a conflict in a ``.mo`` is
settled by resolving the ``.po`` and compiling again).  The
rules help lives in ``hacienda_game/locale/rules_<code>.md`` and is not
touched here.
"""

from __future__ import annotations

import argparse
import copy
import gettext
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hacienda_game"
LOCALE = PACKAGE / "locale"
# ngettext(singular, plural, n): a counting text with its forms (Plural-Forms).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
METHODS = [("**.py", "python")]


def extract(package: Path = PACKAGE) -> Catalog:
    """Every marked string of the package, with where it is used."""
    template = Catalog(project="hacienda_game")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(package), METHODS, keywords=KEYWORDS, comment_tags=("Translators:",)):
        if isinstance(message, tuple):          # a plural: (singular, plural)
            if not all(isinstance(part, str) and part for part in message[:2]):
                continue
            message = tuple(message[:2])
        elif not isinstance(message, str) or not message:
            continue
        template.add(message, locations=[(f"hacienda_game/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def read_catalog(path: Path, code: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code)


def merge(path: Path, code: str, template: Catalog) -> tuple[Catalog, list[str], list[str]]:
    """The catalog updated to the template: (catalog, new ids, dropped ids)."""
    catalog = read_catalog(path, code)
    before = {m.id for m in catalog if m.id}
    created = catalog.creation_date       # no churn in the header from run to run
    # A copy per catalog: Babel adds the template's own message objects, which
    # would otherwise be shared (and filled) by every language.
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True,
                   update_header_comment=False)
    catalog.creation_date = created
    after = {m.id for m in catalog if m.id}
    dropped = sorted(str(i) for i in catalog.obsolete)
    new = sorted(str(i) for i in after - before)
    return catalog, new, dropped


def translated(message) -> bool:
    """Every form of the entry has its translation (one form, or all of a plural's)."""
    if isinstance(message.string, tuple | list):
        return bool(message.string) and all(message.string) and not message.fuzzy
    return bool(message.string) and not message.fuzzy


def fill_from(catalog: Catalog, other: Catalog) -> int:
    """Copy the other catalog's translations into entries still empty here."""
    taken = 0
    for m in catalog:
        if m.id and not translated(m):
            found = other.get(m.id)
            if found is not None and translated(found):
                m.string, m.flags = found.string, set()
                taken += 1
    return taken


def untranslated(catalog: Catalog) -> list[str]:
    return [str(m.id) for m in catalog if m.id and not translated(m)]


def compiled(catalog: Catalog) -> bytes:
    """The catalog as a ``.mo`` file: its header and its finished translations
    (an entry still to translate, or a plural with a form missing, is left
    out, so the game shows the English text instead of an empty one)."""
    finished = copy.deepcopy(catalog)
    for message in list(finished):
        if message.id and not translated(message):
            del finished[message.id]
    out = io.BytesIO()
    write_mo(out, finished, use_fuzzy=False)
    return out.getvalue()


def same_translations(one: bytes, other: bytes) -> bool:
    """Two ``.mo`` files translate alike: the same entries and plural rule (the
    header, which names the Babel version that wrote it, may differ)."""
    a, b = (gettext.GNUTranslations(io.BytesIO(data)) for data in (one, other))
    entries = [{k: v for k, v in t._catalog.items() if k != ""} for t in (a, b)]
    return entries[0] == entries[1] and all(a.plural(n) == b.plural(n) for n in range(200))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="report only, write nothing")
    ap.add_argument("--take", action="append", default=[], metavar="CODE=FILE",
                    help="fill still-empty translations of CODE from another PO file "
                         "(a branch's or a translator's); repeatable")
    ap.add_argument("--mo", action="store_true",
                    help="only compile each .po as it is to its .mo (no extraction)")
    args = ap.parse_args(argv)
    if args.mo:
        for path in sorted(LOCALE.glob("*.po")):
            path.with_suffix(".mo").write_bytes(compiled(read_catalog(path, path.stem)))
            print(f"{path.with_suffix('.mo').name}: compiled from {path.name}")
        return 0
    extra: dict[str, list[Path]] = {}
    for item in args.take:
        code, sep, file = item.partition("=")
        if not sep or not Path(file).is_file():
            ap.error(f"--take wants CODE=FILE with an existing file, not {item!r}")
        extra.setdefault(code, []).append(Path(file))
    template = extract()
    print(f"{len(template)} marked strings in hacienda_game/")
    problems = 0
    for path in sorted(LOCALE.glob("*.po")):
        code = path.stem
        catalog, new, dropped = merge(path, code, template)
        for file in extra.get(code, []):
            taken = fill_from(catalog, read_catalog(file, code))
            print(f"{path.name}: {taken} translations taken from {file}")
        missing = untranslated(catalog)
        print(f"{path.name}: {len(new)} new, {len(dropped)} dropped,"
              f" {len(missing)} to translate")
        for text in dropped:
            print(f"  dropped: {text!r}")
        for text in missing:
            print(f"  to translate: {text!r}")
        problems += len(missing) + len(new) + len(dropped)
        mo = path.with_suffix(".mo")
        binary = compiled(catalog)
        if not mo.is_file() or not same_translations(mo.read_bytes(), binary):
            print(f"{mo.name}: {'out of date' if args.check else 'compiled'}")
            problems += 1
        if not args.check:
            with path.open("wb") as f:
                write_po(f, catalog, width=100, ignore_obsolete=True, include_lineno=False,
                         sort_output=False)
            mo.write_bytes(binary)
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
