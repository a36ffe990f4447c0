"""New game while an unfinished game is offered (Continue) asks first:
continue it, keep it as a named save, or discard it; by mouse, keys or pad,
in every language.  Nothing is overwritten unasked."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.scene import Command
from hacienda_game.client.scenes.menu import MenuScene, Unfinished
from hacienda_game.client.scenes.overlays import Message
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.setup import SetupScene
from hacienda_game.engine import new_game
from hacienda_game.i18n import _
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan


def _unfinished(driver):
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "human", 1)], 7,
                    open_hands=True)
    state = new_game("symmetric", 2, 7)
    for _n in range(3):
        state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    saves.autosave(state, plan)
    driver.app.reset(MenuScene())
    driver.frames(2)
    return state, saves.autosave_path().read_bytes()


def _ask(driver) -> Unfinished:
    driver.click_button(driver.top.buttons, "New game")
    assert isinstance(driver.top, Unfinished), "New game asked nothing"
    return driver.top


def test_new_game_asks_and_continue_it_resumes_the_game(driver, home):
    state, raw = _unfinished(driver)
    _ask(driver)
    assert saves.autosave_path().read_bytes() == raw
    driver.click_button(driver.top.buttons, "Continue it")
    driver.wait_until(lambda: isinstance(driver.top, PlayScene), 30)
    assert driver.top.layer.game.history_text() == state.history_text()


def test_keep_as_a_save_keeps_the_game_under_a_name_then_sets_up(driver, home):
    state, _raw = _unfinished(driver)
    _ask(driver)
    driver.click_button(driver.top.buttons, "Keep as a save")
    assert isinstance(driver.top, Message) and "Game 1" in driver.top.text
    assert isinstance(driver.app.stack[-2], SetupScene)
    kept = saves.find_save("Game 1")
    assert kept is not None and not saves.autosave_path().exists()
    assert saves.load_game(kept).state.history_text() == state.history_text()
    driver.click_button(driver.top.buttons, "OK")
    driver.app.pop()                              # back from the setup screen
    driver.frames(2)
    assert isinstance(driver.top, MenuScene)
    assert "Continue" not in [b.label for b in driver.top.buttons]


def test_discard_it_by_keys_and_back_leaves_everything_as_it_was(driver, home):
    _state, raw = _unfinished(driver)
    ask = _ask(driver)
    ask.handle(Command("key", (0, 0), name="back", device="keyboard"))
    driver.frames(1)
    assert isinstance(driver.top, MenuScene) and saves.autosave_path().read_bytes() == raw
    ask = _ask(driver)
    # The pad (or the arrow keys): right twice to "Discard it", then confirm.
    for name in ("right", "right", "confirm"):
        ask.handle(Command("key", (0, 0), name=name, device="pad:0"))
    driver.frames(1)
    assert isinstance(driver.top, SetupScene) and not saves.autosave_path().exists()


def test_a_new_game_started_without_asking_never_happens_with_a_map_on_the_command_line(
        driver, home):
    _state, raw = _unfinished(driver)
    driver.app.reset(MenuScene(start_map="symmetric"))
    driver.frames(2)
    assert isinstance(driver.top, Unfinished)
    assert saves.autosave_path().read_bytes() == raw


@pytest.mark.parametrize("code", ["de", "es"])
def test_the_question_is_asked_in_every_language(driver, home, code):
    _unfinished(driver)
    driver.app.apply_language(code)
    driver.frames(1)
    driver.top.new_game()
    ask = driver.top
    assert isinstance(ask, Unfinished)
    words = [ask.title, *[b.label for b in ask.buttons]]
    for english in ("Unfinished game", "Continue it", "Keep as a save", "Discard it"):
        assert _(english) != english and _(english) in words
    surface = pygame.Surface(driver.app.canvas_size)
    ask.draw(surface)
