"""Setup: who plays a seat is a selector that steps both ways (mouse, keys,
pad) and says in a line what the chosen level means; ``random`` is not
offered; the last table set up comes back at the next New game and after a
restart; a pad arriving shows the focus."""

from __future__ import annotations

import pygame

from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.setup import SetupScene
from hacienda_game.client.ui import Focus
from hacienda_game.client.words import kind_note
from hacienda_game.session import choices

from .focushelp import focus_by

ARROWS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
          "right": pygame.K_RIGHT}


def open_setup(driver) -> SetupScene:
    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    return setup


def key(driver, name: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode="",
                                         scancode=0))
    driver.frames(1)


def test_who_plays_steps_both_ways_by_mouse_and_random_is_not_offered(driver):
    setup = open_setup(driver)
    right = setup.kind_arrows[3]                         # Bruno's right arrow
    assert setup.seats[1].kind == "medium"
    driver.click(right.rect.center)
    assert setup.seats[1].kind == "hard"
    driver.click(setup.kind_arrows[2].rect.center)
    driver.click(setup.kind_arrows[2].rect.center)
    assert setup.seats[1].kind == "easy"
    driver.click(setup.kind_arrows[2].rect.center)
    assert setup.seats[1].kind == "human", "before easy comes human, never random"
    seen = set()
    for _ in range(len(setup.kinds) + 1):
        driver.click(setup.kind_arrows[2].rect.center)
        seen.add(setup.seats[1].kind)
    assert "random" not in seen and {"easy", "medium", "hard", "remote", "human"} <= seen
    assert "random" in choices.ai_levels() and "random" not in choices.player_levels()


def test_keys_and_a_pads_shoulders_step_the_selector_both_ways(driver):
    setup = open_setup(driver)
    focus_by(lambda way: key(driver, ARROWS[way]), setup, setup.kind_arrows[2])
    key(driver, pygame.K_RETURN)
    assert setup.seats[1].kind == "easy"
    assert setup.noted_seat() == 1
    label = setup.buttons[4 * 1 + 2]
    setup.focus.index = setup.buttons.index(label)
    key(driver, pygame.K_w)                              # RB on a pad: the next level
    assert setup.seats[1].kind == "medium"
    key(driver, pygame.K_q)                              # LB: the one before
    assert setup.seats[1].kind == "easy"


def test_each_level_has_a_line_of_its_own():
    notes = {kind: kind_note(kind) for kind in (choices.HUMAN, *choices.player_levels(),
                                                "remote")}
    assert len(set(notes.values())) == len(notes)
    for kind, note in notes.items():
        assert len(note) > 20 and note != kind


def test_the_last_table_comes_back_at_new_game_and_after_a_restart(driver, home):
    setup = open_setup(driver)
    driver.click(setup.kind_arrows[5].rect.center)       # Carmen: medium -> hard
    driver.click(setup.buttons[1].rect.center)           # Ana's name
    key(driver, pygame.K_a, pygame.KMOD_LCTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoe"))
    key(driver, pygame.K_RETURN)
    driver.click_button(setup.buttons, "Lakes")
    setup.next_map(1)
    map_key = setup.entry.key
    driver.click_button(setup.buttons, "Start game")
    assert isinstance(driver.top, PlayScene) or isinstance(driver.app.stack[-2], PlayScene)
    driver.app.reset(MenuScene())
    driver.frames(1)
    again = open_setup(driver)
    assert [(s.name, s.kind, s.colour) for s in again.seats] == \
        [("Zoe", "human", 0), ("Bruno", "medium", 1), ("Carmen", "hard", 2)]
    assert again.variants == {"lakes"} and again.entry.key == map_key
    app = App(Options(windowed=True, fake_clock=True, language="en"))   # the game restarts
    try:
        app.push(MenuScene())
        app.step()
        fresh = SetupScene()
        app.push(fresh)
        assert [s.name for s in fresh.seats] == ["Zoe", "Bruno", "Carmen"]
        assert fresh.entry.key == map_key and fresh.variants == {"lakes"}
    finally:
        app.finish()


def test_a_damaged_table_file_is_no_table(driver, home):
    (home / "config").mkdir(exist_ok=True)
    (home / "config" / "table.json").write_text('{"format": "hacienda-table/1", "seats": '
                                                '[{"name": "X", "kind": "random", "colour": 0}]')
    setup = open_setup(driver)
    assert [s.name for s in setup.seats] == ["Ana", "Bruno", "Carmen"]


def test_a_pad_arriving_in_setup_shows_the_focus(driver):
    open_setup(driver)
    driver.move((5, 5))                                  # the mouse was in use: no focus shown
    assert not Focus.shown
    from hacienda_game.client.scene import Command

    driver.app.pads.poll = lambda: [Command("key", name="confirm", device="pad:7")]
    driver.frames(1)
    driver.app.pads.poll = lambda: []
    assert Focus.shown, "a pad's first press shows where the focus is"
