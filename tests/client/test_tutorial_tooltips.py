"""Tooltips in the tutorial keep clear of the coach's words (its band under
the board, or its panel beside it with Large text), of the cards in the hand
and of the step's lit target: a card's or a button's tooltip never hides
what the step asks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game.client.scenes.play.parts import tooltip as tooltips  # noqa: E402
from tests.client.test_tutorial import english, guided_scene  # noqa: E402,F401
from tests.client.test_tutorial_undo import TO_WATER  # noqa: E402


def shown_tip(driver, monkeypatch, pos) -> pygame.Rect:
    drawn = []
    real = tooltips.draw

    def draw(*args, **kw):
        drawn.append(real(*args, **kw))
        return drawn[-1]

    monkeypatch.setattr(tooltips, "draw", draw)
    driver.move(pos)
    driver.frames(int(2 * tooltips.DELAY * 60) + 2)
    assert drawn, "no tooltip shown"
    return drawn[-1]


@pytest.mark.parametrize("size", ["normal", "large"])
def test_a_hand_cards_tooltip_keeps_clear_of_the_coach_and_the_hand(driver, monkeypatch, size):
    driver.app.set_text_size(size)
    scene = guided_scene(driver, ["buy land forest"])      # step 2: the forest card is lit
    assert scene.director.current.key == "terrain"
    card = next(r for r, _item, c in scene.hand_slots if c == "forest")
    driver.click(card.center)
    tip = shown_tip(driver, monkeypatch, (card.centerx + 2, card.centery + 2))
    assert not tip.colliderect(scene.layout.coach), (tip, scene.layout.coach)
    for r, _item, _card in scene.hand_slots:
        assert not tip.colliderect(r), (tip, r)


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_hacienda_buttons_tooltip_keeps_clear_of_the_coach_and_the_hand(
        driver, monkeypatch, size):
    driver.app.set_text_size(size)
    scene = guided_scene(driver, TO_WATER[:-1])             # step 10: the hacienda
    assert scene.director.current.key == "hacienda"
    tip = shown_tip(driver, monkeypatch, scene.b_hacienda.rect.center)
    assert not tip.colliderect(scene.layout.coach), (tip, scene.layout.coach)
    assert not tip.colliderect(scene.b_hacienda.rect)       # the lit button shows whole
    for r, _item, _card in scene.hand_slots:
        assert not tip.colliderect(r), (tip, r)
