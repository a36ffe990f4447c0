"""Overlays with a pad: each shows the pad's own buttons, holding Y ends the
turn from over the buy list too, the log overlay uses its whole width; the
attract demo says "Demo" from its first frame; the rules help follows Large."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.pads import HOLD_END_TURN, VirtualPad
from hacienda_game.client.scenes import overlays
from hacienda_game.client.scenes.overlays import Pause
from hacienda_game.client.scenes.padmenus import BuyMenu, LogView
from hacienda_game.client.scenes.play import PlayScene, demo_scene
from hacienda_game.client.scenes.rules import SECTIONS, RulesScene

from .drawnhelp import record_drawn
from .test_pads import START, Player, Y, started_by_pads

BACK = pygame.CONTROLLER_BUTTON_BACK

needs_pads = pytest.mark.skipif(not VirtualPad.available(), reason="SDL without virtual pads")


@pytest.fixture
def pads(driver):
    driver.app.settings.anim_speed = "off"
    yield driver
    while Player.plugged:                 # unplug them: the next test starts with none
        Player.plugged.pop().detach()
    pygame.event.clear()


@needs_pads
def test_holding_y_over_the_buy_list_ends_the_turn(pads):
    driver = pads
    play, mover, _other = started_by_pads(driver)
    seat = play.layer.current
    mover.press(Y)                                   # a tap: the buy list
    assert isinstance(driver.top, BuyMenu)
    mover.hold(Y, HOLD_END_TURN)
    assert not isinstance(driver.top, BuyMenu)
    assert play.layer.current != seat or play.layer.is_over(), "the turn ended"


@needs_pads
def test_the_log_overlay_shows_a_pads_buttons_and_uses_its_width(pads):
    driver = pads
    play, mover, _other = started_by_pads(driver)
    long = ("A long entry of the log that the play screen's narrow log column wraps over"
            " several lines, but the log overlay has room for much more of it on a line")
    play.say(long)
    mover.press(BACK)                                # the pad's Back: the log
    view = driver.top
    assert isinstance(view, LogView)
    family = driver.app.pads.family(mover.pad.device)
    assert view.family() == family != "keyboard", "the pad's glyphs, never [Esc]"
    font = driver.app.art.fonts.body
    mine = [line for line, _seat in view.lines() if line in long]
    column = [line for line, _seat, _first in play.log if line in long]
    assert len(mine) < len(column)
    assert max(font.width(line) for line in mine) > play.layout.log.w


@needs_pads
def test_a_dialog_opened_by_a_pad_shows_its_buttons(pads, monkeypatch):
    driver = pads
    play, mover, _other = started_by_pads(driver)
    shown = []
    monkeypatch.setattr(overlays, "draw_prompts",
                        lambda surface, art, family, items, *a, **k: shown.append(family))
    mover.press(START)
    assert isinstance(driver.top, Pause)
    driver.frames(1)
    assert driver.app.pads.family(mover.pad.device) in shown


def test_the_demo_says_demo_from_its_first_frame(driver, monkeypatch):
    drawn = record_drawn(monkeypatch)
    demo = demo_scene()
    driver.app.push(demo)
    assert isinstance(demo, PlayScene) and demo.demo
    for frame in range(40):                          # every frame, steadily
        drawn.clear()
        driver.app.draw()
        driver.app.time += 1 / 60
        assert any("Demo" in d.text for d in drawn), f"frame {frame}"


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_the_rules_help_follows_large_text_and_keeps_every_line(driver, code, monkeypatch):
    from hacienda_game import i18n

    driver.app.apply_language(code)
    driver.app.set_text_size("large")
    large = driver.app.art.fonts.large
    drawn = record_drawn(monkeypatch)
    rules = RulesScene()
    driver.app.push(rules)
    try:
        for page in range(len(SECTIONS)):
            rules.turn_to(page)
            section = rules.sections[page]
            seen: list[str] = []
            for _part in range(rules.parts()):
                drawn.clear()
                rules.draw(driver.app.screen)
                seen += [d.text for d in drawn if d.font is large]
                rules.step(1)
            for para in section.paragraphs:
                text = para[2:] if para.startswith("- ") else para
                for word in text.split():
                    assert any(word in line for line in seen), (section.id, word)
            assert rules.page == min(page + 1, len(SECTIONS) - 1)     # the book ends
    finally:
        i18n.set_language("en")
