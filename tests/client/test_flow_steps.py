"""The flow between screens, driven by posted input: Esc steps back one
level, tooltips go away when the game moves on, the end of a game shows
the tally before the celebration, the AI's pace is a setting."""

from __future__ import annotations

import pygame

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
