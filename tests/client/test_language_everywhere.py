"""A language change reaches every scene at once: after switching, no scene
on the stack draws an English word that has a translation (a title, a button,
a heading worded when the scene was built)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.options import Options

from .drawnhelp import record_drawn, show
from .test_layouts import scenes

LOCALE = Path(__file__).resolve().parents[2] / "hacienda_game" / "locale"


def english_words(code: str) -> set[str]:
    """Whole English texts whose translation differs (a label left English shows)."""
    with open(LOCALE / f"{code}.po", "rb") as f:
        catalog = read_po(f)
    out = set()
    for message in catalog:
        if message.id and isinstance(message.id, str) and message.string and \
                message.string != message.id and "{" not in message.id and len(message.id) > 3:
            out.add(message.id)
    return out


@pytest.mark.parametrize("code", ["de", "es"])
def test_every_scene_speaks_the_new_language_at_once(code, home, monkeypatch):
    english = english_words(code)
    drawn = record_drawn(monkeypatch)
    app = App(Options(headless=True, language="en", screen=(960, 540)))
    problems: list[str] = []
    try:
        for scene in scenes(app):
            show(app, scene)
            app.draw()                      # drawn once in English
            app.apply_language(code)
            drawn.clear()
            app.draw()
            name = type(scene).__name__
            problems += [f"{name}: {d.text!r}" for d in drawn if d.text.strip() in english]
            app.apply_language("en")
    finally:
        app.finish()
        i18n.set_language("en")
    assert not problems, "\n".join(sorted(set(problems)))
