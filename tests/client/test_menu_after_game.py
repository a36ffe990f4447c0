"""After a game played to its end the title menu focuses New game, and an
Enter still held or hammered through the scoring resumes nothing (an older
unfinished game waits behind Continue)."""

from __future__ import annotations

import pygame

from hacienda_game.client.scenes.menu import HELD_CONFIRM_S, MenuScene, Unfinished
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan


def _enter(driver) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=40))
    driver.frames(1)


def test_the_menu_after_a_finished_game_focuses_new_game_and_a_held_enter_resumes_nothing(
        driver, home):
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", "human", 1)], 7)
    older = new_game("symmetric", 2, 7)
    older.apply(next(a for a in older.legal_actions() if a.verb == "play"))
    saves.autosave(older, plan)                 # an older unfinished game: Continue
    play = PlayScene(plan, state=new_game("symmetric", 2, 8))
    driver.app.reset(play)
    driver.frames(2)
    play.after_final()                          # "Back to menu" at the final scoring
    menu = driver.top
    assert isinstance(menu, MenuScene)
    labels = [b.label for b in menu.buttons]
    assert labels[0] == "Continue"
    assert labels[menu.focus.index] == "New game"
    for _n in range(4):                         # Enter held: key repeat every 40 ms
        _enter(driver)
        driver.frames(1)
        assert driver.top is menu, "a held Enter pressed a menu button"
    driver.frames(round(HELD_CONFIRM_S * 60) + 2)   # let go, then press again
    _enter(driver)
    assert isinstance(driver.top, Unfinished), "Enter did not press the focused New game"
