"""The Hint command in the tutorial points at the step asked for (its card,
deck or button; its hex once the card is chosen), never at another move the
AI would choose, and puts no words over the board or the coach's panel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import hacienda_game.ai as ai  # noqa: E402
from hacienda_game.client.scenes.play.parts import hint as hint_part  # noqa: E402
from tests.client.test_hint import CoachWorker  # noqa: E402
from tests.client.test_tutorial import GUIDED, english, guided_scene  # noqa: E402,F401
from tests.client.test_tutorial_undo import TO_WATER  # noqa: E402

TO_HACIENDA = TO_WATER[:-1]


def ask_hint(driver, scene):
    assert scene.coach.button is not None and scene.coach.button.enabled
    driver.click(scene.coach.button.rect.center)
    driver.frames(3)
    return scene.coach.model()


def test_the_hint_rings_the_steps_button_not_the_ais_move(driver, monkeypatch):
    CoachWorker.asked = []
    monkeypatch.setattr(ai, "AIWorker", CoachWorker)
    scene = guided_scene(driver, TO_HACIENDA)
    assert scene.director.current.key == "hacienda"
    model = ask_hint(driver, scene)
    assert model is not None and not model.thinking
    assert model.target == tuple(scene.b_hacienda.rect)
    assert model.caption == ""                     # no words over the board
    assert not [a for a in CoachWorker.asked if a[0] == "hard"]   # the coach AI is not asked
    # The hacienda chosen, asked again: the hint rings the step's hex.
    driver.click(scene.b_hacienda.rect.center)
    driver.frames(2)
    assert scene.coach.model() is None             # a choice puts the hint away
    model = ask_hint(driver, scene)
    assert model is not None and model.target is None
    assert model.hexes == (scene.layer.board.hex_of((5, 3)),)


def test_the_hint_draws_nothing_over_the_board_or_the_coach(driver, monkeypatch):
    monkeypatch.setattr(ai, "AIWorker", CoachWorker)
    scene = guided_scene(driver, [])
    drawn = []
    real = hint_part.caption

    def caption(surface, art, area, text):
        drawn.append(real(surface, art, area, text))
        return drawn[-1]

    monkeypatch.setattr(hint_part, "caption", caption)
    model = ask_hint(driver, scene)
    assert model is not None
    slot = next(r for r, item, card in scene.market_slots if item == "land" and card == "forest")
    assert model.target == tuple(slot)             # step 1: the forest card on the display
    driver.frames(2)
    assert drawn == []
    assert not pygame.Rect(model.target).colliderect(scene.layout.coach)
