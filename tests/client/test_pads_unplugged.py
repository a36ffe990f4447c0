"""A pad unplugged with its buy list open, or just after pressing Y, never
leaves its seat stuck: its pending press and its menus are dropped, the
screen says the controller was unplugged, and another pad or the mouse
takes the seat."""

from __future__ import annotations

import pygame

from hacienda_game.client.pads import PadManager
from hacienda_game.client.scenes.padmenus import BuyMenu, Reconnect

from .test_pads import A, Player, Y, pad_driver, pick_playable_card, started_by_pads

__all__ = ["pad_driver"]          # the fixture, used by name below


def _takes_over(driver, play, seat: int, lost: str) -> None:
    assert isinstance(driver.top, Reconnect), driver.top
    assert driver.top.title == "Controller unplugged"
    spare = Player(driver, "switch")
    spare.press(A)
    assert driver.top is play
    assert play.plan.seats[seat].device == spare.pad.device != lost
    pick_playable_card(play, spare)
    taken = play.layer._state.actions_taken
    spare.press(A)
    assert play.layer._state.actions_taken == taken + 1


def test_unplugged_with_its_buy_list_open(pad_driver):
    driver = pad_driver
    play, mover, _other = started_by_pads(driver)
    seat = play.layer.current
    mover.press(Y)                                   # tap: the buy list
    assert isinstance(driver.top, BuyMenu)
    lost = mover.pad.device
    mover.pad.detach()
    driver.frames(2)
    assert not any(isinstance(s, BuyMenu) for s in driver.app.stack)
    _takes_over(driver, play, seat, lost)


def test_unplugged_while_y_is_down(pad_driver):
    """SDL lets go of every button of a pad it loses: that is no tap of Y."""
    driver = pad_driver
    play, mover, _other = started_by_pads(driver)
    seat = play.layer.current
    mover.pad.button(Y, True)
    driver.frames(3)                                 # 0.05 s: well within a tap
    lost = mover.pad.device
    mover.pad.detach()
    driver.frames(3)
    assert not any(isinstance(s, BuyMenu) for s in driver.app.stack)
    assert isinstance(driver.top, Reconnect)
    # The mouse and keys may take the seat too.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    driver.frames(1)
    assert driver.top is play and play.plan.seats[seat].device == "" != lost


def test_a_release_in_the_same_batch_as_the_unplug_sends_nothing():
    """The manager alone: Y down, then SDL's release and removal in one batch."""
    now = [0.0]
    manager = PadManager(opener=lambda i: (None, 7, "Xbox pad", "xbox"))
    manager.use_clock(lambda: now[0])
    manager.add(0)
    down = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=Y)
    up = pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=7, button=Y)
    gone = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7)
    assert manager.handle(down) == [] and manager.poll() == []
    now[0] = 0.1
    batch = manager.handle(up) + manager.handle(gone) + manager.poll()
    assert [c.name for c in batch] == ["pad_lost"]
    # A real tap still buys, at the end of its frame's events.
    manager.add(0)
    manager.handle(down)
    now[0] = 0.3
    assert [c.name for c in manager.handle(up) + manager.poll()] == ["buy"]
