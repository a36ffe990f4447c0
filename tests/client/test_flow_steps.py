"""The flow between screens, driven by posted input: Esc steps back one
level, tooltips go away when the game moves on, the end of a game shows
the tally before the celebration, the AI's pace is a setting."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.scenes.overlays import Pause
from hacienda_game.client.scenes.saveload import SaveDialog

from .test_saves_client import _plan, _start


def _key(driver, key: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                         scancode=0))
    driver.frames(frames)


def test_esc_after_the_saved_toast_takes_the_toast_away_and_keeps_the_pause_menu(driver):
    play = _start(driver, _plan())
    _key(driver, pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, Pause)
    driver.click_button(pause.buttons, "Save game")
    assert isinstance(driver.top, SaveDialog)
    driver.click_button(driver.top.buttons, "Save")
    assert driver.top is pause and pause.toast is not None
    _key(driver, pygame.K_ESCAPE)
    assert driver.top is pause, "Esc closed the pause menu with the toast"
    assert pause.toast is None
    _key(driver, pygame.K_ESCAPE)
    assert driver.top is play


def test_ai_pace_is_a_setting_kept_and_applied_to_the_move_on_screen(driver, home):
    import json

    from hacienda_game.client.scenes.play.ai import AI_PAUSE
    from hacienda_game.client.scenes.settings import SettingsScene

    play = _start(driver, _plan(("random", "random")))
    moves = len(play.layer.game.history)
    assert driver.wait_until(lambda: len(play.layer.game.history) > moves)
    turns = play.ai_turns
    shown = turns.shown_at
    assert shown is not None
    assert turns.ready_at - shown == pytest.approx(AI_PAUSE * max(play.factor, 0.3))
    # The player slows the AI down in the settings: the move on screen stays longer.
    driver.app.push(SettingsScene())
    driver.frames(1)
    scene = driver.top
    i = [r.key for r in scene.rows].index("ai_pace")
    value = scene.value_buttons[i]
    # the arrows step Slow, Normal, Fast: the left one slows the AI down
    left = next(b for b in scene.buttons if b.rect.right < value.rect.left
                and b.rect.y == value.rect.y)
    driver.click(left.rect.center)
    assert driver.app.settings.ai_pace == "slow"
    assert scene.value_buttons[i].label == "Slow"
    _key(driver, pygame.K_ESCAPE)
    assert driver.top is play
    slow = turns.ready_at - turns.shown_at
    assert slow > 2 * AI_PAUSE * max(play.factor, 0.3)
    seen = len(play.layer.game.history)
    last = turns.shown_at
    while driver.app.time < last + slow - 0.05:
        driver.frames(1)
        assert turns.shown_at == last and len(play.layer.game.history) == seen, \
            "an AI move came before its time"
    driver.app.settings.save()
    assert json.loads((home / "config" / "settings.json").read_text())["ai_pace"] == "slow"


def test_the_title_menu_shows_no_hover_nor_pointer_over_an_item_until_the_mouse_moves(
        home, monkeypatch):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.start import first_scene

    from .conftest import Driver

    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        menu = first_scene(app)
        assert isinstance(menu, MenuScene)
        menu.app = app
        menu.layout()
        first = menu.buttons[0]          # "Learn to play" heads a new player's menu
        assert first.label == "Learn to play"
        # The mouse rests over that item as the window opens, and SDL tells so.
        driver = Driver(app)
        at = driver.window_pos(first.rect.center)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
        monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
        app.push(menu)
        driver.move(first.rect.center)
        driver.frames(2)
        assert not any(b.hover for b in menu.buttons), "an item lit before the mouse moved"
        assert app.pointer is None, "the pointer drawn over the item's words"
        # The player moves the mouse: hover and pointer as ever.
        second = menu.buttons[1]
        driver.move(second.rect.center)
        assert second.hover and app.pointer is not None
    finally:
        app.finish()


def _rest_on(driver, pos) -> None:
    """The pointer moves to ``pos`` and rests there past the tooltip's delay."""
    from hacienda_game.client.scenes.play.parts.tooltip import DELAY

    driver.move(pos)
    driver.frames(int(DELAY * 60) + 3)


def test_a_tooltip_goes_when_an_ai_moves_and_comes_back_only_when_the_pointer_rests_again(
        driver):
    driver.app.settings.ai_pace = "slow"      # each move on screen 1.1 s: time to rest
    play = _start(driver, _plan(("random", "random")))
    history = play.layer.game.history

    def next_move() -> None:
        moves = len(history)
        assert driver.wait_until(lambda: len(history) > moves)

    next_move()
    money = next(t for t in play.tips() if t.key == "money")
    spot = pygame.Rect(money.rect).center
    _rest_on(driver, spot)
    assert play.tooltip() is not None and play.tooltip().key == "money"
    next_move()                       # an AI move, the pointer resting still
    driver.frames(1)
    assert play.tooltip() is None, "the tooltip lingered over an AI move"
    driver.frames(30)
    assert play.tooltip() is None
    # The pointer moves and rests again: the tooltip, with the numbers of now.
    next_move()
    _rest_on(driver, (spot[0] + 1, spot[1]))
    assert play.tooltip() is not None


def test_a_click_takes_a_tooltip_away_until_the_pointer_moves(driver):
    play = _start(driver, _plan())
    driver.frames(1)
    money = next(t for t in play.tips() if t.key == "money")
    spot = pygame.Rect(money.rect).center
    _rest_on(driver, spot)
    assert play.tooltip() is not None
    driver.click(spot)                          # on the counter itself: nothing else moves
    driver.frames(40)
    assert play.tooltip() is None
    _rest_on(driver, (spot[0], spot[1] + 1))
    assert play.tooltip() is not None


def test_no_tooltip_covers_the_lit_targets_of_a_choice(driver):
    from hacienda_game.client.scenes.play.parts import tooltip

    play = _start(driver, _plan())
    cards = [slot for slot in play.hand_slots]
    assert cards
    checked = 0
    for rect, _item, _card in cards:
        driver.click(rect.center)
        sel = play.selection
        if sel is None or not sel.targets:
            continue
        size = round(play.view.hex_px)
        lit = []
        for cell in sel.targets:
            r = pygame.Rect(0, 0, size, size)
            r.center = play.centre(cell)
            lit.append(r.clip(play.view.area))
        drawn: list[pygame.Rect] = []
        real = tooltip.draw

        def record(*a, drawn=drawn, real=real, **k):
            drawn.append(real(*a, **k))
            return drawn[-1]

        tooltip.draw = record
        try:
            for t in play.tips():
                if t.key not in ("hand_card", "button", "shown_card", "score", "money"):
                    continue
                drawn.clear()
                driver.app.pointer = pygame.Rect(t.rect).center
                play.tip_clock.pointer = None
                play.tooltip()
                play.tip_clock.since -= 1.0
                driver.app.draw()
                assert drawn, t
                covered = [r for r in lit if drawn[0].colliderect(r)]
                assert not covered, f"the tooltip of {t.key} covers lit targets"
                checked += 1
        finally:
            tooltip.draw = real
        driver.click(rect.center)               # the card put back
    assert checked


def test_the_lit_targets_of_a_water_tile_are_its_anchor_hexes(driver):
    """A water tile's targets are groups of hexes; the tooltip keeps off the
    hexes lit for it (before, reading them as single hexes raised IndexError
    the first time a tooltip showed while a tile was being placed)."""
    from hacienda_game.client.scenes.play import selection as choose

    play = _start(driver, _plan())
    sel = choose.choose_water(play.layer, 3, None)
    assert not isinstance(sel, str), sel
    play.select(sel)
    lit = play.lit_rects()
    marked = choose.marked_hexes(play.layer, sel)
    assert marked and len(lit) == len(marked)
    for h in marked:
        assert any(r.collidepoint(play.view.centres[h]) for r in lit)
    for t in play.tips():                   # every tooltip of the screen keeps off them
        driver.app.pointer = pygame.Rect(t.rect).center
        play.tip_clock.pointer = None
        play.tooltip()
        play.tip_clock.since -= 1.0
        driver.app.draw()
