"""One key press is one action: a key held while its press opens a game,
closes a dialog or opens an overlay (a frame stalled by loading a game lets
the key repeat) never acts on the screen that comes up.  A resumed game with
hidden hands and two people at the screen shows the hand-off screen first,
and a held Enter does not click it away."""

from __future__ import annotations

import dataclasses
import time

import pygame
import pytest

from hacienda_game.client.pads import PadManager
from hacienda_game.client.scenes.menu import MenuScene, Unfinished
from hacienda_game.client.scenes.overlays import Pause, Privacy
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.settings import SettingsScene
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


# ------------------------------------------------------------------ pads
# A pad's buttons pass the same check: a stick held, or Y held, acts only on
# the screen its press went to.  The pad is a fake device; its events are
# posted as SDL sends them.

PAD_ID = 41


def _pad(driver) -> PadManager:
    pads = PadManager(opener=lambda index: (None, PAD_ID, "Xbox Wireless Controller", "xbox"))
    pads.use_clock(lambda: driver.app.time)
    driver.app.pads = pads
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    driver.frames(1)
    assert pads.connected(f"pad:{PAD_ID}")
    return pads


def _stick_down(driver, down: bool) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD_ID,
                                         axis=pygame.CONTROLLER_AXIS_LEFTY,
                                         value=30000 if down else 0))


def _button(button: int, down: bool) -> None:
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    pygame.event.post(pygame.event.Event(kind, instance_id=PAD_ID, button=button))


def test_a_stick_held_on_the_menu_never_steps_the_screen_its_a_opens(driver, home):
    _pad(driver)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    _stick_down(driver, True)                     # the focus steps down... held
    driver.frames(1)
    _menu_to(driver, "Settings")
    _button(pygame.CONTROLLER_BUTTON_A, True)     # A opens the settings, the stick still down
    _button(pygame.CONTROLLER_BUTTON_A, False)
    driver.frames(1)
    setup = driver.top
    assert isinstance(setup, SettingsScene)
    focused = setup.focus
    driver.frames(60)                             # a second of the stick's repeats
    _stick_down(driver, False)
    driver.frames(2)
    assert driver.top is setup
    assert setup.focus == focused, "the menu's held stick stepped the table's focus"


def test_a_stick_held_on_one_screen_still_repeats_there(driver, home):
    _pad(driver)
    menu = driver.top
    _menu_to(driver, "New game")
    start = menu.focus.index
    _stick_down(driver, True)
    driver.frames(30)                             # the press, then repeats (0.35 s, 0.12 s)
    _stick_down(driver, False)
    driver.frames(1)
    assert menu.focus.index >= start + 2, "the held stick stepped only once"


def test_y_pressed_on_one_screen_does_not_tap_or_end_on_the_next(driver, home):
    _pad(driver)
    _unfinished(driver, "easy", open_hands=True)
    _menu_to(driver, "Continue")
    _event(pygame.KEYDOWN, pygame.K_RETURN)
    _event(pygame.KEYUP, pygame.K_RETURN)
    driver.wait_until(lambda: isinstance(driver.top, PlayScene), 30)
    driver.frames(2)
    play = driver.top
    assert driver.wait_until(lambda: play.layer.current == 0, 60)
    driver.frames(30)
    play.plan.seats[0] = dataclasses.replace(play.plan.seats[0], device=f"pad:{PAD_ID}")
    _event(pygame.KEYDOWN, pygame.K_ESCAPE)       # the pause, from the keyboard
    _event(pygame.KEYUP, pygame.K_ESCAPE)
    driver.frames(1)
    pause = driver.top
    assert isinstance(pause, Pause)
    _button(pygame.CONTROLLER_BUTTON_Y, True)     # Y down on the pause...
    driver.frames(1)
    _event(pygame.KEYDOWN, pygame.K_ESCAPE)       # ... which closes meanwhile
    _event(pygame.KEYUP, pygame.K_ESCAPE)
    driver.frames(1)
    assert driver.top is play
    _button(pygame.CONTROLLER_BUTTON_Y, False)    # a tap of Y: the buy list, were it for here
    driver.frames(2)
    assert driver.top is play, f"Y pressed on the pause acted on the board: {driver.top}"
