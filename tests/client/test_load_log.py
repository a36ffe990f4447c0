"""A game loaded from the Load screen shows its log as it stood before it was
saved (the lines are worded from the record's events, as Continue retells
them): a named save and an unfinished game's autosave row alike."""

from __future__ import annotations

import random

import pytest

from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.saveload import LoadScene, SaveDialog
from hacienda_game.session.plan import GamePlan, SeatPlan


@pytest.mark.parametrize("row", ["Mine", "Autosave"])
def test_a_loaded_game_shows_its_log_as_before_saving(driver, home, row):
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "human", 1)], 7,
                    open_hands=True)
    play = PlayScene(plan)
    driver.app.push(play)
    driver.frames(2)
    rng = random.Random(3)
    game = play.layer.game
    while game.scorings_done == 0 or len(game.history) < 150:      # past a scoring
        play.layer.perform(game.random_action(rng))
        driver.frames(1)
    while driver.top is not play:
        driver.app.pop()
    driver.frames(2)
    play.keeper.flush()
    before = [text for text, _seat in play.story]
    driver.app.push(SaveDialog(play.layer.game, plan))
    driver.frames(1)
    driver.top.write("Mine", "mine")
    driver.app.reset(MenuScene())
    driver.frames(2)
    driver.click_button(driver.top.buttons, "Load game")
    load = driver.top
    assert isinstance(load, LoadScene)
    load.pick(next(i for i, s in enumerate(load.items) if s.name.startswith(row)))
    driver.click_button(load.buttons, "Load")
    driver.frames(2)
    loaded = driver.top
    assert isinstance(loaded, PlayScene) and loaded is not play
    after = [text for text, _seat in loaded.story]
    assert before[0].startswith("Ana starts") and after[-1].startswith("Game resumed")
    assert after[:-1] == before[1:], "the log as it stood, then that the game resumed"
    shown = [text for text, _seat, first in loaded.log if first]
    assert len(shown) > 50 and shown[-1].startswith("Game resumed")
