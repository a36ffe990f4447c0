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


def _broke(driver, chain: bool, money: int = 0) -> PlayScene:
    """Ana (seat 0, to move) with ``money`` pesos and no cards; with a chain of
    two land tiles to harvest, or with nothing on the board."""
    seats = [SeatPlan("Ana", colour=0), SeatPlan("Bo", colour=1)]
    play = PlayScene(GamePlan("symmetric", seats, 7, open_hands=True))
    driver.app.reset(play)
    driver.frames(2)
    state = play.layer._state
    if chain:
        first = next(a for a in play.layer.legal() if a.kind == "play land")
        play.layer.perform(first)
        near = set(state.board.adjacent[state.board.hex_of(first.cells[0])])
        play.layer.perform(next(a for a in play.layer.legal() if a.kind == "play land"
                                and state.board.hex_of(a.cells[0]) in near))
        for _seat in range(2):
            play.layer.perform(next(a for a in play.layer.legal() if a.kind == "end"))
    assert state.current == 0 and state.actions_taken == 0
    me = state.seats[0]
    me.money = money
    me.land_hand[:] = [0] * len(me.land_hand)
    me.animal_hand[:] = [0] * len(me.animal_hand)
    play.layer.version += 1
    play.layer._legal = None
    driver.frames(2)
    return play


def test_no_pesos_no_cards_and_a_chain_says_harvest_or_end(driver, home):
    play = _broke(driver, chain=True)
    assert {a.kind for a in play.layer.legal()} == {"harvest", "end"}
    assert play.status_hint() == "No pesos and no cards: harvest a chain or end your turn."
    assert play.b_harvest.enabled and not play.b_end.hover


def test_no_pesos_no_cards_nothing_to_harvest_says_end_and_lights_end_turn(driver, home):
    play = _broke(driver, chain=False)
    assert [a.kind for a in play.layer.legal()] == ["end"]
    assert play.status_hint() == "No pesos, no cards, nothing to harvest: end your turn."
    assert play.b_end.hover, "End turn, the one thing left, is not lit"
    play.layer._state.seats[0].money = 1
    play.layer.version += 1
    play.layer._legal = None
    driver.frames(1)
    assert play.status_hint() == "Too few pesos, no cards, nothing to harvest: end your turn."
    play.layer._state.seats[0].money = 2               # a blind card: not stuck
    play.layer.version += 1
    play.layer._legal = None
    driver.frames(1)
    assert "nothing to harvest" not in play.status_hint() and not play.b_end.hover
