"""Couch play: gamepads through SDL's own virtual pads (SDL sends the device and
button events a real pad would), from the title menu to the final scoring."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.pads import HOLD_END_TURN, TAP_MAX, PadManager, VirtualPad
from hacienda_game.client.scenes.celebration import CelebrationScene
from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.overlays import Pause, Privacy
from hacienda_game.client.scenes.padmenus import BuyMenu, Reconnect
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.client.scenes.setup import SetupScene

from .focushelp import focus_by

A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
              pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y)
DPAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
START = pygame.CONTROLLER_BUTTON_START

pytestmark = pytest.mark.skipif(not VirtualPad.available(), reason="SDL without virtual pads")


class Player:
    """A person holding one pad: every input is a button on SDL's virtual pad."""

    plugged: list[VirtualPad] = []

    def __init__(self, driver, family: str = "xbox"):
        self.driver = driver
        self.pad = VirtualPad(family)
        Player.plugged.append(self.pad)
        driver.frames(1)                   # SDL announces the pad

    def press(self, button: int, frames: int = 1) -> None:
        self.pad.button(button, True)
        self.driver.frames(1)
        self.pad.button(button, False)
        self.driver.frames(frames)

    def hold(self, button: int, seconds: float) -> None:
        self.pad.button(button, True)
        self.driver.frames(int(seconds * 60) + 2)
        self.pad.button(button, False)
        self.driver.frames(1)

    def focus_on(self, scene, button) -> None:
        """Move the scene's focus onto a button with the D-pad."""
        focus_by(lambda way: self.press(DPAD[way]), scene, button)


@pytest.fixture
def pad_driver(driver):
    driver.app.settings.anim_speed = "off"
    yield driver
    while Player.plugged:                 # unplug them: the next test starts with none
        Player.plugged.pop().detach()
    pygame.event.clear()


def join_two_pads(driver) -> tuple[Player, Player, SetupScene]:
    one = Player(driver, "xbox")
    assert isinstance(driver.top, MenuScene)
    one.press(A)                                    # "New game" has the focus
    setup = driver.top
    assert isinstance(setup, SetupScene)
    two = Player(driver, "playstation")
    one.press(A)                                     # press A to join
    two.press(A)
    assert [s.device for s in setup.seats[:2]] == [one.pad.device, two.pad.device]
    assert all(s.is_human for s in setup.seats[:2])
    remove_third = setup.buttons[4 * 2 + 3]
    one.focus_on(setup, remove_third)
    one.press(A)
    assert len(setup.seats) == 2
    one.focus_on(setup, setup.start_button)
    return one, two, setup


def start_game(driver, one: Player) -> PlayScene:
    one.press(A)
    play = next((s for s in driver.app.stack if isinstance(s, PlayScene)), None)
    assert play is not None, driver.app.stack
    return play


def started_by_pads(driver) -> tuple[PlayScene, Player, Player]:
    """Two pads joined and started; (play, the pad to move, the other pad)."""
    one, two, _setup = join_two_pads(driver)
    play = start_game(driver, one)
    if isinstance(driver.top, Privacy):
        player_of(play, [one, two]).press(A)
    mover = player_of(play, [one, two])
    return play, mover, two if mover is one else one


def player_of(play, players: list[Player]) -> Player:
    device = play.plan.seats[play.layer.current].device
    return next(p for p in players if p.pad.device == device)


def pick_playable_card(play, player: Player) -> None:
    """RB through the hand until a card with a legal hex is chosen."""
    for _try in range(len(play.hand_slots) + 1):
        player.press(RB)
        if play.selection is not None and play.selection.kind == "play":
            return
    raise AssertionError("no playable card in hand")


def take_turn(driver, play, player: Player) -> None:
    """Buy animal cards blind while that is allowed, else play a card; then hold
    Y to end the turn.  The test reads the state only to choose; it acts by pad."""
    state = play.layer._state
    seat = state.current
    for _ in range(3):
        if state.current != seat or state.actions_taken >= 3:
            break
        if play.layer.buy_card("animal", None) is not None:
            player.press(Y)                                        # tap: the buy menu
            menu = driver.top
            assert isinstance(menu, BuyMenu)
            deck = next(b for b in menu.buttons if "deck" in b.label and "Animal" in b.label)
            player.focus_on(menu, deck)
            hand = sum(state.seats[seat].animal_hand)
            player.press(A)
            assert driver.top is play
            assert sum(state.seats[seat].animal_hand) == hand + 1
            continue
        plays = [a for a in play.layer.legal() if a.verb == "play"]
        if not plays:
            break
        pick_playable_card(play, player)
        taken = state.actions_taken
        if play.first_tips.current() is not None and play.first_tips.box is not None:
            player.press(A)             # a first-time tip: this press closes it, only that
            assert play.first_tips.current() is None and state.actions_taken == taken
        player.press(A)                 # the cursor already stands on a legal hex
        assert state.actions_taken == taken + 1
    player.hold(Y, HOLD_END_TURN)


def test_two_pads_play_from_the_title_menu_to_the_final_scoring(pad_driver):
    driver = pad_driver
    one, two, _setup = join_two_pads(driver)
    play = start_game(driver, one)
    players = [one, two]
    state = play.layer._state
    for _turn in range(200):
        top = driver.top
        if isinstance(top, Privacy):
            player_of(play, players).press(A)
            continue
        if isinstance(top, CelebrationScene):
            one.press(A)                    # the winner's podium, then the crown and charts
            assert isinstance(driver.top, ScoringScene) and driver.top.which == "final"
            continue
        if isinstance(top, ScoringScene):
            final = top.which == "final"
            one.press(A)                    # animations off: the table is all there
            if final and not isinstance(driver.top, CelebrationScene):
                break                       # the tally, the podium, then the menu
            continue
        assert top is play, top
        seat = state.current
        take_turn(driver, play, player_of(play, players))
        assert state.current != seat or state.is_over()
    else:
        raise AssertionError("no final scoring after 200 turns")
    assert state.is_over()
    assert isinstance(driver.top, MenuScene)
    assert driver.app.result["winners"]


def test_other_seats_pads_only_pause_and_a_short_press_of_y_does_not_end(pad_driver):
    driver = pad_driver
    play, mover, other = started_by_pads(driver)
    state = play.layer._state
    seat = state.current
    other.press(RB)
    other.hold(Y, HOLD_END_TURN)
    assert play.selection is None and state.current == seat
    mover.pad.button(Y, True)
    driver.frames(int((TAP_MAX + HOLD_END_TURN) / 2 * 60))
    assert 0 < driver.app.pads.hold_progress(mover.pad.device) < 1
    mover.pad.button(Y, False)
    driver.frames(1)
    assert state.current == seat, "a press shorter than the hold does not end the turn"
    assert "Hold" in play.message and driver.top is play
    other.press(START)
    assert isinstance(driver.top, Pause)
    other.press(START)
    assert driver.top is play


def test_a_pad_unplugged_mid_turn_waits_for_another_to_take_over(pad_driver):
    driver = pad_driver
    play, mover, other = started_by_pads(driver)
    state = play.layer._state
    seat = state.current
    pick_playable_card(play, mover)
    assert "cursor" in play.status_hint()           # a pad seat is told of the cursor
    lost = mover.pad.device
    mover.pad.detach()
    driver.frames(2)
    assert isinstance(driver.top, Reconnect), driver.top
    assert state.current == seat
    spare = Player(driver, "switch")
    spare.press(A)
    assert driver.top is play
    assert play.plan.seats[seat].device == spare.pad.device != lost
    pick_playable_card(play, spare)
    taken = state.actions_taken
    spare.press(A)
    assert state.actions_taken == taken + 1
    spare.hold(Y, HOLD_END_TURN)
    assert state.current != seat
    # The other seat's pad goes too: the keyboard hands that seat to mouse and keys.
    if isinstance(driver.top, Privacy):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        driver.frames(1)
    now = state.current
    other.pad.detach()
    driver.frames(2)
    assert isinstance(driver.top, Reconnect)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    driver.frames(1)
    assert driver.top is play and play.plan.seats[now].device == ""
    assert "Pick a card in your hand" in play.status_hint()    # mouse words again


def test_unknown_pads_and_unopenable_devices_never_crash(pad_driver):
    driver = pad_driver
    for event in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(event, instance_id=987, button=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=987, axis=0,
                                         value=32000))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=987))
    driver.frames(2)
    assert isinstance(driver.top, MenuScene) and driver.app.running

    def broken(index: int):
        raise pygame.error("Could not open controller")

    manager = PadManager(opener=broken)
    assert manager.add(0) is None and manager.pads == {}
    assert manager.handle(pygame.event.Event(pygame.CONTROLLERDEVICEADDED,
                                             device_index=5)) == []


def test_stick_moves_like_the_dpad_and_repeats_while_held():
    times = [0.0]
    manager = PadManager(opener=lambda i: (None, 40 + i, "Wireless Controller", "playstation"))
    manager.use_clock(lambda: times[0])
    manager.add(0)
    first = manager.handle(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=40,
                                              axis=pygame.CONTROLLER_AXIS_LEFTX, value=30000))
    assert [c.name for c in first] == ["right"] and first[0].device == "pad:40"
    times[0] = 0.5
    assert [c.name for c in manager.poll()] == ["right"]
    manager.handle(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=40,
                                      axis=pygame.CONTROLLER_AXIS_LEFTX, value=0))
    times[0] = 1.5
    assert manager.poll() == []


def test_the_right_stick_zooms_once_a_push_and_l3_asks_for_a_hint():
    manager = PadManager(opener=lambda i: (None, 40 + i, "Xbox Wireless Controller", "xbox"))
    manager.use_clock(lambda: 0.0)
    manager.add(0)

    def tilt(value: int) -> list[str]:
        return [c.name for c in manager.handle(pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=40, axis=pygame.CONTROLLER_AXIS_RIGHTY,
            value=value))]

    assert tilt(-30000) == ["zoom_in"]
    assert tilt(-31000) == [], "held up: one zoom step, not one a frame"
    assert tilt(0) == []
    assert tilt(30000) == ["zoom_out"]
    assert tilt(0) == []
    click = manager.handle(pygame.event.Event(
        pygame.CONTROLLERBUTTONDOWN, instance_id=40, button=pygame.CONTROLLER_BUTTON_LEFTSTICK))
    assert [c.name for c in click] == ["hint"]


class FakeStick:
    """A raw joystick SDL has no controller mapping for (no as_joystick)."""

    def __init__(self):
        self.rumbles: list[tuple] = []

    def rumble(self, low: float, high: float, ms: int) -> bool:
        self.rumbles.append((low, high, ms))
        return True


def test_raw_joysticks_work_with_the_usual_button_order_and_rumble_can_be_off():
    stick = FakeStick()
    manager = PadManager(opener=lambda i: (stick, 7, "Arcade Stick", "xbox"))
    manager.use_clock(lambda: 0.0)
    manager.handle(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0))
    assert manager.connected("pad:7")
    down = manager.handle(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0))
    hat = manager.handle(pygame.event.Event(pygame.JOYHATMOTION, instance_id=7, hat=0,
                                            value=(0, 1)))
    assert [c.name for c in down + hat] == ["confirm", "up"]
    assert manager.rumble("pad:7") and len(stick.rumbles) == 1
    manager.rumble_on = lambda: False
    assert not manager.rumble("pad:7") and len(stick.rumbles) == 1
    lost = manager.handle(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=7))
    assert [c.name for c in lost] == ["pad_lost"] and not manager.connected("pad:7")


def test_rumble_setting_is_kept_between_runs(home):
    from hacienda_game.session.userdirs import Settings

    settings = Settings()
    assert settings.rumble
    settings.rumble = False
    settings.save()
    assert Settings.load().rumble is False


def test_a_market_payout_rumbles_the_pad_of_the_seat_paid(pad_driver, monkeypatch):
    driver = pad_driver
    play, mover, _other = started_by_pads(driver)
    shaken: list[str] = []
    monkeypatch.setattr(driver.app.pads, "rumble", lambda device, *a: shaken.append(device))
    from hacienda_game.engine import Event

    seat = play.layer.current
    play.rumble(seat)
    assert shaken == [mover.pad.device]
    event = Event("market_paid", seat, {"market": play.layer.board.cells[0],
                                         "side": play.layer.board.cells[1], "herd": 1,
                                         "land": 0, "amount": 1})
    play.on_events(None, [event])
    assert shaken == [mover.pad.device] * 2


def test_one_pad_plays_two_seats_at_a_hot_seat(pad_driver):
    driver = pad_driver
    solo = Player(driver, "switch")
    solo.press(A)                                     # New game
    setup = driver.top
    solo.press(A)                                     # joins seat 1
    assert setup.seats[0].device == solo.pad.device
    bruno_kind = setup.buttons[4 * 1 + 2]
    solo.focus_on(setup, bruno_kind)
    while not setup.seats[1].is_human:
        solo.press(A)                                 # AI -> human
    bruno_controller = setup.buttons[-len(setup.seats) + 1]
    solo.focus_on(setup, bruno_controller)
    solo.press(A)                                     # mouse and keys -> Pad 1
    assert setup.seats[1].device == solo.pad.device
    solo.focus_on(setup, setup.buttons[4 * 2 + 3])
    solo.press(A)                                     # no third seat
    solo.focus_on(setup, setup.start_button)
    play = start_game(driver, solo)
    for _turn in range(2):
        while isinstance(driver.top, Privacy):
            solo.press(A)
        seat = play.layer.current
        pick_playable_card(play, solo)
        taken = play.layer._state.actions_taken
        solo.press(A)
        assert play.layer._state.actions_taken == taken + 1
        solo.hold(Y, HOLD_END_TURN)
        assert play.layer.current != seat


def test_load_screen_and_replays_work_with_a_pad_alone(pad_driver, home):
    """What the mouse does on the load and replay screens a pad does too:
    choose, delete (X, after asking), load, and step through a replay."""
    import random

    from hacienda_game.client.scenes.overlays import Confirm
    from hacienda_game.client.scenes.replay import ReplayScene
    from hacienda_game.client.scenes.saveload import LoadScene, ReplaysScene
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    driver = pad_driver
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], 5)
    state = new_game("symmetric", 2, seed=5)
    rng = random.Random(5)
    for _ in range(6):
        state.apply(state.random_action(rng))
    saves.save_game(state, plan, "Keep")
    saves.save_game(state, plan, "Drop")
    while not state.is_over():
        state.apply(state.random_action(rng))
    saves.keep_replay(state, plan)
    driver.app.reset(MenuScene())
    driver.frames(2)
    player = Player(driver)
    player.focus_on(driver.top, next(b for b in driver.top.buttons if b.label == "Load game"))
    player.press(A)
    load = driver.top
    assert isinstance(load, LoadScene)
    assert driver.app.input_family() == "xbox"          # the screen shows the pad's buttons
    names = [s.name for s in load.items]
    while load.chosen.name != "Drop":
        player.press(DPAD["down" if names.index("Drop") > load.index else "up"])
    player.press(X)
    assert isinstance(driver.top, Confirm)
    player.focus_on(driver.top, next(b for b in driver.top.buttons if b.label == "Yes"))
    player.press(A)
    assert sorted(s.name for s in load.items) == ["Keep"]
    player.press(B)
    assert isinstance(driver.top, MenuScene)
    player.focus_on(driver.top, next(b for b in driver.top.buttons if b.label == "Replays"))
    player.press(A)
    assert isinstance(driver.top, ReplaysScene)
    player.press(A)
    # A record read in more than a moment shows "Loading" first (a loaded machine).
    assert driver.wait_until(lambda: isinstance(driver.top, ReplayScene))
    viewer = driver.top
    player.press(DPAD["right"])
    player.press(DPAD["right"])
    assert viewer.index == 2
    player.press(RB)                                     # to the end: the final scores
    assert viewer.index == len(viewer.actions)
    assert [s.score for s in viewer.layer.game.seats] == [s.score for s in state.seats]
    player.press(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert viewer.index == 0
    player.press(B)
    assert isinstance(driver.top, ReplaysScene)
