"""One key press is one action: a key held while its press opens a game,
closes a dialog or opens an overlay (a frame stalled by loading a game lets
the key repeat) never acts on the screen that comes up.  A resumed game with
hidden hands and two people at the screen shows the hand-off screen first,
and a held Enter does not click it away."""

from __future__ import annotations

import time

import pygame
import pytest

from hacienda_game.client.scenes.menu import MenuScene, Unfinished
from hacienda_game.client.scenes.overlays import Pause, Privacy
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan

HELD_S = 0.35         # past the key repeat's delay (300 ms, client/app.py)


def _event(kind: int, key: int) -> None:
    """A key event as SDL sends it (naming the window), so a held key repeats."""
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0,
                                         window=None))


def _held_on(driver, key: int, repeats: int = 8) -> None:
    """The key pressed, then held past the repeat delay: repeats, then released."""
    _event(pygame.KEYDOWN, key)
    driver.frames(1)
    time.sleep(HELD_S)      # a frame stalled while the key is down
    for _n in range(repeats):
        _event(pygame.KEYDOWN, key)              # what the key repeat sends meanwhile
    _event(pygame.KEYUP, key)
    driver.frames(3)


def _unfinished(driver, second: str, open_hands: bool) -> None:
    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0), SeatPlan("Bruno", second, 1)], 7,
                    open_hands=open_hands)
    state = new_game("symmetric", 2, 7)
    for _n in range(3):
        state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    state.apply(next(a for a in state.legal_actions() if a.kind == "end"))
    saves.autosave(state, plan)
    driver.app.reset(MenuScene())
    driver.frames(2)


def _menu_to(driver, label: str) -> None:
    menu = driver.top
    menu.focus.index = [b.label for b in menu.buttons].index(label)


def _play(driver) -> PlayScene:
    return next(s for s in driver.app.stack if isinstance(s, PlayScene))


def test_enter_held_on_continue_it_never_reaches_the_board(driver, home):
    _unfinished(driver, "human", open_hands=True)
    _menu_to(driver, "New game")
    _event(pygame.KEYDOWN, pygame.K_RETURN)
    _event(pygame.KEYUP, pygame.K_RETURN)
    driver.frames(2)
    assert isinstance(driver.top, Unfinished)
    _held_on(driver, pygame.K_RETURN)            # on "Continue it"
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.message == "", f"the board answered the dialog's Enter: {play.message!r}"
    assert not play.cursor_shown


@pytest.mark.parametrize("way", ["Continue", "Continue it"])
def test_a_resumed_hot_seat_game_with_hidden_hands_opens_on_the_hand_off(driver, home, way):
    _unfinished(driver, "human", open_hands=False)
    if way == "Continue it":
        _menu_to(driver, "New game")
        _event(pygame.KEYDOWN, pygame.K_RETURN)
        _event(pygame.KEYUP, pygame.K_RETURN)
        driver.frames(2)
        assert isinstance(driver.top, Unfinished)
    else:
        _menu_to(driver, "Continue")
    _held_on(driver, pygame.K_RETURN)
    assert isinstance(driver.top, Privacy), "the resumed game showed a hand without the gate"
    assert "Bruno" in driver.top.name
    play = _play(driver)
    assert play.viewer is None
    # A new press (after the release) is the next player's: now the hand shows.
    _event(pygame.KEYDOWN, pygame.K_RETURN)
    _event(pygame.KEYUP, pygame.K_RETURN)
    driver.frames(2)
    assert driver.top is play and play.viewer == 1


def test_escape_held_opens_pause_once_and_it_stays(driver, home):
    _unfinished(driver, "easy", open_hands=True)
    _menu_to(driver, "Continue")
    _event(pygame.KEYDOWN, pygame.K_RETURN)
    _event(pygame.KEYUP, pygame.K_RETURN)
    driver.wait_until(lambda: isinstance(driver.top, PlayScene), 30)
    driver.frames(2)
    _held_on(driver, pygame.K_ESCAPE, repeats=5)   # an odd number of repeats: Pause, back...
    assert isinstance(driver.top, Pause), "the held Escape's repeats closed the pause again"


def test_a_key_held_on_one_screen_still_repeats_there(driver, home):
    _unfinished(driver, "easy", open_hands=True)
    _menu_to(driver, "Continue")
    menu = driver.top
    _event(pygame.KEYDOWN, pygame.K_DOWN)
    driver.frames(1)
    time.sleep(HELD_S)
    _event(pygame.KEYDOWN, pygame.K_DOWN)
    _event(pygame.KEYDOWN, pygame.K_DOWN)
    _event(pygame.KEYUP, pygame.K_DOWN)
    driver.frames(1)
    assert driver.top is menu
    assert menu.buttons[menu.focus.index].label == "Join game"   # three steps down
