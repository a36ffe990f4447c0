"""Turns as a new player meets them: a key that plays, pressed while an AI seat
moves, says whose turn it is (not "choose a card first")."""

from __future__ import annotations

import pygame

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.session.plan import GamePlan, SeatPlan


def _key(driver, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    driver.frames(1)


def test_enter_at_an_ai_seats_turn_says_whose_turn_it_is(driver, home):
    seats = [SeatPlan("Blue", "easy", 1), SeatPlan("Ana", colour=0)]
    play = PlayScene(GamePlan("symmetric", seats, 7, open_hands=True))   # seed 7: seat 0 starts
    driver.app.reset(play)
    driver.frames(1)
    for k in (pygame.K_RETURN, pygame.K_w, pygame.K_s):
        assert play.layer.current == 0 and not play.human_turn
        _key(driver, k)
        assert play.message == "Wait: Blue is playing.", (k, play.message)
        assert driver.top is play and play.selection is None
