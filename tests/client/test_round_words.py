""""Round" means one thing: a round of turns (the header's "Round 11").  The
first animal stack "runs out"; it is never called a round that finishes."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacienda_game import i18n
from hacienda_game.client.tips import BY_ID

LOCALE = Path(i18n.__file__).parent / "locale"
# What each language says: the first stack runs out, the round of turns under way
# is played to its end.
SAYS = {"en": ("first animal stack runs out", "current round is played to its end"),
        "de": ("erste Tierkarten-Stapel aufgebraucht", "laufende Runde zu Ende gespielt"),
        "es": ("primer mazo de animales", "la ronda en curso se juega hasta el final")}
# The old wording, where "the round" read as the stack's time.
NOT = {"en": "the round is finished", "de": "wird die Runde zu Ende gespielt",
       "es": "se termina la ronda"}


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_the_stack_tip_and_the_rules_say_the_first_stack_runs_out(code):
    try:
        i18n.set_language(code)
        tip = i18n._(BY_ID["stack_low"].text)
    finally:
        i18n.set_language("en")
    rules = (LOCALE / f"rules_{code}.md").read_text(encoding="utf-8")
    scoring = rules[rules.index("## scoring"):]
    scoring = scoring[:scoring.index("\n\n")]
    for text in (tip, scoring):
        for words in SAYS[code]:
            assert words in text, (code, words, text)
        assert NOT[code] not in text, (code, text)
