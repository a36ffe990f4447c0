"""The keys' and pads' focus reads across a room: a focused button or check box
differs strongly from an unfocused one (a thick gold ring, a lit face, a slow
pulse), not by a thin line round it."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from hacienda_game.client import ui
from hacienda_game.client.scene import Command
from hacienda_game.client.ui import FOCUS_RING, Button, Check, Focus


@pytest.fixture
def shown():
    before = Focus.shown
    Focus.shown = True
    yield
    Focus.shown = before


def luminance(surface: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    rgb = pygame.surfarray.array3d(surface.subsurface(rect)).astype(float)
    return rgb @ np.array([0.2126, 0.7152, 0.0722])


def drawn(driver, widget, focused: bool) -> pygame.Surface:
    surface = pygame.Surface((200, 80))
    surface.fill((40, 60, 90))
    widget.focused = focused
    widget.draw(surface, driver.app.art)
    return surface


@pytest.mark.parametrize("make", [
    lambda: Button((50, 25, 100, 28), "New game", face="medium"),
    lambda: Button((80, 28, 22, 24), "→", face="medium"),
    lambda: Check((50, 30), "Patterns", lambda: None, lambda: True, 100),
], ids=["button", "arrow", "check"])
@pytest.mark.parametrize("ms", [0, 300, 900], ids=["mid", "peak", "trough"])
def test_the_focused_widget_differs_strongly_from_the_unfocused(driver, shown, make, ms,
                                                                monkeypatch):
    # at every phase of the pulse, its dimmest (900 ms) included
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: ms)
    widget = make()
    plain, lit = drawn(driver, widget, False), drawn(driver, make(), True)
    rect = widget.rect
    face = np.abs(luminance(lit, rect) - luminance(plain, rect)).mean()
    assert face > 20, face                  # the face itself is lit, not only its edge
    around = rect.inflate(2 * FOCUS_RING + 6, 2 * FOCUS_RING + 6)
    whole = np.abs(luminance(lit, around) - luminance(plain, around)).mean()
    assert whole > 40, whole
    # a ring at least three canvas pixels thick, above and below the widget
    column = pygame.surfarray.array3d(lit)[rect.centerx]
    gold = np.all(np.abs(column - np.array(ui.GOLD[:3])) < 8, axis=1)
    assert gold[rect.top - FOCUS_RING - 3:rect.top].sum() >= 3
    assert gold[rect.bottom:rect.bottom + FOCUS_RING + 3].sum() >= 3


def test_the_focus_pulses(driver, shown, monkeypatch):
    button = Button((50, 25, 100, 28), "New game", face="medium")
    pictures = []
    for ms in (0, 300, 600):
        monkeypatch.setattr(pygame.time, "get_ticks", lambda ms=ms: ms)
        pictures.append(luminance(drawn(driver, button, True), button.rect).mean())
    assert max(pictures) - min(pictures) > 5, pictures


def test_the_settings_rows_show_the_ring_on_the_focused_value(driver, shown):
    from hacienda_game.client.scenes.settings import SettingsScene

    driver.click_button(driver.top.buttons, "Settings")
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    scene.handle(Command("key", (0, 0), name="down"))
    driver.frames(1)
    assert scene.value_buttons[1].focused and not scene.value_buttons[0].focused
