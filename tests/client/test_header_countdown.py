"""The play screen's header never drops the countdown to the next scoring:
in every language, at both text sizes, with the longest names, it is drawn
whole, right of the turn's words and clear of the Menu button."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.play.parts import header
from hacienda_game.client.scenes.play.parts.viewmodel import HeaderModel
from hacienda_game.client.words import stack_words
from hacienda_game.engine.countdown import ScoringAhead

from .drawnhelp import record_drawn


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("code", ["en", "de", "es"])
@pytest.mark.parametrize("width", [960, 720])
def test_the_countdown_is_drawn_whole_beside_the_turn(code, size, width, home, monkeypatch):
    app = App(Options(headless=True, language=code, screen=(width, 540)))
    app.set_text_size(size)
    recorded = record_drawn(monkeypatch)
    try:
        right = app.canvas_size[0] - 90          # the Menu button's left edge, or left of it
        area = pygame.Rect(0, 0, right, 24)
        for ahead in [ScoringAhead("intermediate", False, 17), ScoringAhead("final", False, 23),
                      ScoringAhead("intermediate", True, 0, True), ScoringAhead("final", True, 0)]:
            for name, kind in [("Maximilian", "human"), ("Bartolomeo", "expert")]:
                model = HeaderModel(False, None, 12, name, kind, 3, ahead, right)
                recorded.clear()
                header.draw(app.screen, app.art, area, model)
                drawn = [(d.text, d.rect) for d in recorded]
                countdown = stack_words(ahead)
                texts = [text for text, _rect in drawn]
                assert countdown in texts, (code, size, width, texts)
                rects = [rect for _text, rect in drawn]
                assert all(rect.right <= right - 8 + 1 for rect in rects), drawn
                for i, a in enumerate(rects):
                    assert not any(a.colliderect(b) for b in rects[i + 1:]), drawn
    finally:
        app.finish()
        i18n.set_language("en")


def test_the_cards_in_hand_follow_large_text():
    from hacienda_game.client.scenes.play.layout import CARD_H, CARD_W, play_layout
    from hacienda_game.client.scenes.play.parts import hand
    from hacienda_game.client.scenes.play.parts.viewmodel import HandModel

    model = HandModel(False, 0, (("land", "forest", 2), ("animal", "pig", 1)), None, None)
    normal = hand.slots(play_layout((960, 540), 3, 15), model)
    large_layout = play_layout((960, 540), 3, 24)
    large = hand.slots(large_layout, model)
    assert [r.size for r, _i, _c in normal] == [(CARD_W, CARD_H)] * 2
    assert [r.size for r, _i, _c in large] == [(2 * CARD_W, 2 * CARD_H)] * 2
    assert all(large_layout.hand.contains(r) for r, _i, _c in large)


@pytest.mark.parametrize("screen", [(1920, 1080), (1366, 768)])
@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_large_text_enlarges_the_countdown(code, screen, home):
    """With Large text the countdown to the next scoring is drawn in the
    large face (the round number or the turn's words give way first)."""
    app = App(Options(headless=True, language=code, screen=screen))
    app.set_text_size("large")
    try:
        right = app.canvas_size[0] - 90
        area = pygame.Rect(0, 0, right, 24)
        for ahead in [ScoringAhead("intermediate", False, 17), ScoringAhead("final", False, 23),
                      ScoringAhead("intermediate", True, 0, True)]:
            model = HeaderModel(False, None, 12, "Maximilian", "expert", 3, ahead, right)
            _left, _face, stack, stack_face = header.fitted(app.art, area, model)
            assert stack == stack_words(ahead)
            assert stack_face is app.art.fonts.large, (code, screen, stack)
    finally:
        app.finish()
        i18n.set_language("en")
