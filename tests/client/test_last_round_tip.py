""""This is the last round" comes when the last round begins (the second
animal stack ran out), never once the game is over."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from hacienda_game import i18n  # noqa: E402
from hacienda_game.client import tips  # noqa: E402
from hacienda_game.client.scenes.play import PlayScene  # noqa: E402
from hacienda_game.engine import Event  # noqa: E402
from hacienda_game.session.plan import GamePlan, SeatPlan  # noqa: E402

pytestmark = pytest.mark.usefixtures("home")

LAST = Event("stack_switched", None, {"stack": 3, "scoring": "final"})
OVER = Event("game_over", None, {"reason": "stacks", "termination": "stacks", "winners": [0],
                                 "ranking": [0, 1], "scores": [40, 30], "money": [5, 6]})


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def start(driver, kinds=("human", "ai")) -> PlayScene:
    seats = [SeatPlan(n, k, i) for i, (n, k) in enumerate(zip(("Ana", "Bea"), kinds,
                                                                strict=True))]
    scene = PlayScene(GamePlan("symmetric", seats, 5, [], open_hands=True))
    driver.app.reset(scene)
    driver.frames(2)
    return scene


def test_the_last_round_tip_comes_when_the_last_round_begins():
    met = tips.triggered([LAST], None, [0])
    assert [m.tip for m in met] == ["last_round"]


def test_no_last_round_tip_from_the_action_that_ends_the_game():
    turn = Event("turn_ended", 1, {"next": 0, "forced": False})
    assert tips.triggered([LAST, turn, OVER], None, [0]) == []


def test_a_waiting_last_round_tip_is_dropped_when_the_game_ends(driver):
    scene = start(driver)
    guide = scene.first_tips
    scene.pending = True                 # an animation plays: the tip waits
    guide.observe([LAST])
    assert [m.tip for m in guide.waiting] == ["last_round"]
    guide.observe([Event("turn_ended", 1, {"next": 0, "forced": False}), OVER])
    scene.pending = False
    driver.frames(1)
    assert guide.current() is None and not guide.waiting
