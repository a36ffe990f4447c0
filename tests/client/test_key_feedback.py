"""Playing with keys, what the game says goes where the keys are: a card Q/W
moved to that cannot be played says why at the card (not at the mouse
pointer parked in a corner), no pointer tooltip stays up, and Esc with a
card chosen lets go of the card before it opens the pause menu."""

from __future__ import annotations

import pygame

from hacienda_game.client.scenes.overlays import Pause
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.session.plan import GamePlan, SeatPlan


def _key(driver, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    driver.frames(1)


def _play(driver) -> PlayScene:
    seats = [SeatPlan("Ana", colour=0), SeatPlan("Bo", "easy", 1)]
    play = PlayScene(GamePlan("symmetric", seats, 7, open_hands=True))
    driver.app.reset(play)
    driver.frames(3)
    w, h = driver.app.canvas_size
    driver.move((w - 3, h - 3))             # the mouse parked in the bottom-right corner
    driver.frames(120)                      # resting there long enough for a tooltip
    return play


def test_a_card_refused_by_keys_says_why_at_the_card_not_at_the_pointer(driver, home):
    play = _play(driver)
    for _n in range(len(play.hand_slots)):
        _key(driver, pygame.K_w)
        if play.message:
            break
    assert play.message, "no card in the opening hand was refused"
    rect = play.hand_slots[play.card_index][0]
    spot = play.bubble_model().at
    pointer = driver.app.pointer
    assert abs(spot[0] - rect.centerx) <= rect.w and abs(spot[1] - rect.top) <= 40, \
        f"the refusal is at {spot}, the card at {rect}"
    assert abs(spot[0] - pointer[0]) + abs(spot[1] - pointer[1]) > 300
    driver.frames(60)                       # the pointer rests on: still no tooltip by it
    assert play.tooltip() is None


def test_escape_lets_go_of_the_chosen_card_before_pausing(driver, home):
    play = _play(driver)
    for _n in range(len(play.hand_slots)):
        _key(driver, pygame.K_w)
        if play.selection is not None:
            break
    assert play.selection is not None, "no card in the opening hand could be chosen"
    _key(driver, pygame.K_ESCAPE)
    assert play.selection is None and driver.top is play
    _key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.top, Pause)
