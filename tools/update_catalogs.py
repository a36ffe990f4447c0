"""Bring the translation catalogs up to date with the source.

    python tools/update_catalogs.py           # extract, merge, write de.po and es.po
    python tools/update_catalogs.py --check   # only report; exit 1 if anything is missing

Every string marked with ``_()`` or ``N_()`` under hacienda_game/ is
extracted with Babel's extractor.  New strings are added to each
``hacienda_game/locale/<code>.po`` with an empty translation (translate them
with any PO editor, e.g. Poedit, or by hand); existing translations are kept;
strings no longer in the source are dropped (and listed).  The rules help
lives in ``hacienda_game/locale/rules_<code>.md`` and is not touched here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hacienda_game"
LOCALE = PACKAGE / "locale"
KEYWORDS = {"_": None, "N_": None}
METHODS = [("**.py", "python")]


def extract(package: Path = PACKAGE) -> Catalog:
    """Every marked string of the package, with where it is used."""
    template = Catalog(project="hacienda_game")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(package), METHODS, keywords=KEYWORDS, comment_tags=("Translators:",)):
        if not isinstance(message, str) or not message:
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
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.creation_date = created
    after = {m.id for m in catalog if m.id}
    dropped = sorted(str(i) for i in catalog.obsolete)
    new = sorted(str(i) for i in after - before)
    return catalog, new, dropped


def untranslated(catalog: Catalog) -> list[str]:
    return [str(m.id) for m in catalog if m.id and (not m.string or m.fuzzy)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="report only, write nothing")
    args = ap.parse_args(argv)
    template = extract()
    print(f"{len(template)} marked strings in hacienda_game/")
    problems = 0
    for path in sorted(LOCALE.glob("*.po")):
        code = path.stem
        catalog, new, dropped = merge(path, code, template)
        missing = untranslated(catalog)
        print(f"{path.name}: {len(new)} new, {len(dropped)} dropped,"
              f" {len(missing)} to translate")
        for text in dropped:
            print(f"  dropped: {text!r}")
        for text in missing:
            print(f"  to translate: {text!r}")
        problems += len(missing) + len(new) + len(dropped)
        if not args.check:
            with path.open("wb") as f:
                write_po(f, catalog, width=100, ignore_obsolete=True, include_lineno=False,
                         sort_output=False)
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
