"""One word per concept per language: every catalog entry that names a game
concept in English names it with the language's one word for it, and never
with a rival word (Spanish land is "tierra", never "terreno", which is the
terrain; a scoring is a "recuento", never a "puntuación")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[1] / "hacienda_game" / "locale"

# concept: (English pattern, English pattern that exempts the entry, {language:
# (the word it must use, a rival word it must not)})
GLOSSARY: dict[str, tuple[str, str | None, dict[str, tuple[str, str | None]]]] = {
    "land": (r"\b[Ll]and\b", r"terrain",
             {"es": (r"[Tt]ierra", r"[Tt]erreno"), "de": (r"Land", r"Gelände")}),
    "land tile": (r"\bland tiles?\b", None,
                  {"es": (r"tierra", r"losetas? de tierra"),
                   "de": (r"Land", None)}),
    "water tile": (r"\b[Ww]ater tiles?\b", None,
                   {"es": (r"[Ll]osetas? de agua", r"fichas? de agua"),
                    "de": (r"Wasserplättchen", None)}),
    "scoring": (r"(?<!\{)\b[Ss]corings?\b(?!\})", None,
                {"es": (r"[Rr]ecuento", r"[Pp]untuaci"), "de": (r"[Ww]ertung", None)}),
    # the piece, not the game's name ("a saved Hacienda game", "Hacienda {version}")
    "hacienda": (r"\bhaciendas?\b|^Haciendas?\b", r"Hacienda (game|\{version)|of Hacienda",
                 {"es": (r"[Hh]acienda", None), "de": (r"Hazienda", r"Hacienda")}),
    "herd": (r"\bherds?\b", None, {"es": (r"rebaño", None), "de": (r"Herde", None)}),
    "market": (r"\b[Mm]arkets?\b", None,
               {"es": (r"[Mm]ercado", None), "de": (r"[Mm]arkt|Märkt", None)}),
    "chain": (r"\b[Cc]hains?\b", None, {"es": (r"[Cc]adena", None), "de": (r"[Kk]ette", None)}),
    # a board to play on (German "Karte" is a card; a map file in Tiled's own
    # words, as the validator speaks of it, is Tiled's "Map")
    "map": (r"(?<!\{)\b[Mm]aps?\b(?!\})", r"[Cc]ard|\.tmx|--map|map key|Tiled|refused",
            {"es": (r"[Mm]apa|[Tt]ablero", None), "de": (r"[Pp]lan|[Pp]läne", r"Karte")}),
}


def entries(code: str):
    with open(LOCALE / f"{code}.po", "rb") as f:
        catalog = read_po(f)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            for text in texts:
                if text:
                    yield english, text


@pytest.mark.parametrize("code", ["de", "es"])
def test_each_concept_has_one_word_in_the_catalog(code):
    wrong = []
    for english, text in entries(code):
        for concept, (pattern, exempt, words) in GLOSSARY.items():
            if not re.search(pattern, english) or (exempt and re.search(exempt, english)):
                continue
            must, rival = words[code]
            if not re.search(must, text) or (rival and re.search(rival, text)):
                wrong.append(f"{concept}: {english!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


def test_the_spanish_rules_help_uses_the_catalog_words():
    rules = (LOCALE / "rules_es.md").read_text(encoding="utf-8")
    for rival in ("puntuaci", "ficha de agua", "fichas de agua", "loseta de tierra",
                  "losetas de tierra", "carta de terreno", "cartas de terreno"):
        assert rival not in rules.lower(), rival
