"""Counting words in every language: gettext plural forms (ngettext, the
catalogs' Plural-Forms headers), and no rule codes, file paths or map keys in
the words a player reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hacienda_game import i18n
from hacienda_game.client import words
from hacienda_game.engine.countdown import ScoringAhead

ROOT = Path(__file__).resolve().parents[1]
RULE_CODE = re.compile(r"\bR\d{1,2}\b")
PATH = re.compile(r"(?:^|[\s(\"'])(?:/|~/|[A-Za-z]:\\)[\w.-]+|[\w.-]+/[\w.-]+/")

EXPECTED = {
    "en": {0: "0 points", 1: "1 point", 2: "2 points", 21: "21 points"},
    "de": {0: "0 Punkte", 1: "1 Punkt", 2: "2 Punkte", 21: "21 Punkte"},
    "es": {0: "0 puntos", 1: "1 punto", 2: "2 puntos", 21: "21 puntos"},
}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_counting_words_take_the_form_the_number_asks_for(code):
    i18n.set_language(code)
    try:
        assert {n: words.points(n) for n in EXPECTED[code]} == EXPECTED[code]
        assert words.pesos(1) != words.pesos(2).replace("2", "1")
        one = words.stack_words(ScoringAhead("intermediate", False, 1))
        many = words.stack_words(ScoringAhead("intermediate", False, 18))
        assert "18" in many and one != many.replace("18", "1")
        assert words.stack_words(ScoringAhead("final", False, 5)) != \
            words.stack_words(ScoringAhead("intermediate", False, 5))
        assert words.hexes_take("forest", 1) != words.hexes_take("forest", 2).replace("2", "1")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["de", "es"])
def test_each_catalog_has_its_plural_forms_and_fills_every_form(code):
    with (i18n.LOCALE_DIR / f"{code}.po").open("rb") as f:
        po = read_po(f, locale=code)
    assert po.num_plurals >= 2 and "Plural-Forms" in dict(po.mime_headers)
    rule = i18n.plural_rule(code)
    assert rule(1) == 0 and rule(2) == rule(0) == rule(21) != 0
    plurals = [m for m in po if isinstance(m.id, tuple)]
    assert len(plurals) >= 10
    for m in plurals:
        assert len(m.string) == po.num_plurals and all(m.string), m.id
        fields = set(re.findall(r"\{\w+\}", m.id[1]))
        for form in m.string:
            assert set(re.findall(r"\{\w+\}", form)) == fields, (m.id, form)


def test_the_catalog_tool_extracts_plurals():
    from tools.update_catalogs import extract, translated

    template = extract()
    ids = [m.id for m in template if isinstance(m.id, tuple)]
    assert ("{count} point", "{count} points") in ids

    class Entry:
        string, fuzzy = ("a", ""), False

    assert not translated(Entry())


@pytest.mark.parametrize("code", ["de", "es"])
def test_no_rule_codes_or_file_paths_in_the_catalogs(code):
    with (i18n.LOCALE_DIR / f"{code}.po").open("rb") as f:
        po = read_po(f, locale=code)
    bad = []
    for m in po:
        if not m.id:
            continue
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)) + \
                (m.string if isinstance(m.string, tuple) else (m.string,)):
            if RULE_CODE.search(text) or PATH.search(text):
                bad.append(text)
    assert not bad, bad
