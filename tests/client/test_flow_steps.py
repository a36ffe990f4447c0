"""The flow between screens, driven by posted input: Esc steps back one
level, tooltips go away when the game moves on, the end of a game shows
the tally before the celebration, the AI's pace is a setting."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.scenes.overlays import Pause
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.saveload import SaveDialog
from hacienda_game.session.plan import GamePlan, SeatPlan


def _plan(kinds=("human", "human"), seed=7) -> GamePlan:
    return GamePlan("symmetric", [SeatPlan(f"P{i}", k, i) for i, k in enumerate(kinds)], seed,
                    open_hands=True)


def _start(driver, plan: GamePlan) -> PlayScene:
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    assert isinstance(driver.top, PlayScene)
    return driver.top


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
    right = next(b for b in scene.buttons if b.rect.left > value.rect.right
                 and b.rect.y == value.rect.y)
    driver.click(right.rect.center)
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


def test_the_title_menu_shows_no_hover_nor_pointer_over_an_item_until_the_mouse_moves(home):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.start import first_scene

    from .conftest import Driver

    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.push(first_scene(app))
        driver = Driver(app)
        menu = driver.top
        assert isinstance(menu, MenuScene)
        first = menu.buttons[0]          # "Learn to play" heads a new player's menu
        assert first.label == "Learn to play"
        # SDL tells where the mouse rests as the window opens: over that item.
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
