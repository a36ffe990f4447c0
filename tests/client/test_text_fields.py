"""Text fields behave as everywhere: every printable key types (Space too),
Enter or the button confirms, Ctrl+A, Home, End, Backspace and Delete edit,
and nothing typed reaches the screen behind the field."""

from __future__ import annotations

import pygame

from hacienda_game.client.scene import Command
from hacienda_game.client.scenes.overlays import Pause
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.saveload import SaveDialog
from hacienda_game.client.ui import TextField
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan


def press(driver, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                         scancode=0))


def type_keys(driver, text: str) -> None:
    """As a keyboard types: each key goes down (a key event) and types (a text event)."""
    for ch in text:
        press(driver, pygame.key.key_code(" " if ch == " " else ch.lower()), unicode=ch)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        driver.frames(1)


def open_save_dialog(driver) -> tuple[PlayScene, SaveDialog]:
    driver.app.settings.anim_speed = "off"
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 8,
                    open_hands=True)
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    play = driver.top
    driver.click(play.b_menu.rect.center)
    assert isinstance(driver.top, Pause)
    driver.click_button(driver.top.buttons, "Save game")
    dialog = driver.top
    assert isinstance(dialog, SaveDialog)
    return play, dialog


def test_space_types_a_space_in_the_save_name_and_enter_saves(driver, home):
    play, dialog = open_save_dialog(driver)
    pause = driver.app.stack[-2]
    press(driver, pygame.K_a, mod=pygame.KMOD_LCTRL)        # Ctrl+A: the next key replaces all
    driver.frames(1)
    type_keys(driver, "Round 3 test")
    assert driver.top is dialog, "a key of the name left the dialog"
    assert dialog.name == "Round 3 test"
    assert saves.list_saves()[0] == [] or all(s.name != "Game Round" for s in
                                              saves.list_saves()[0])
    press(driver, pygame.K_RETURN, unicode="\r")
    driver.frames(1)
    assert driver.top is pause and pause.toast is not None, "saved: a toast over the pause menu"
    assert "Round 3 test" in {s.name for s in saves.list_saves()[0]}


def test_the_proposed_save_name_is_selected_typing_replaces_it_and_end_keeps_it(driver, home):
    _play, dialog = open_save_dialog(driver)
    assert dialog.name == "Game 1" and dialog.field.all_selected
    type_keys(driver, "Finca")                              # no Ctrl+A needed
    assert dialog.name == "Finca"
    driver.click_button(dialog.buttons, "Cancel")
    _play, dialog = open_save_dialog(driver)
    press(driver, pygame.K_END)                             # keep it, type after it
    driver.frames(1)
    type_keys(driver, " b")
    assert dialog.name == "Game 1 b"


def test_home_end_backspace_and_delete_edit_where_the_cursor_is(driver, home):
    _play, dialog = open_save_dialog(driver)
    assert dialog.name == "Game 1"
    press(driver, pygame.K_HOME)
    press(driver, pygame.K_DELETE)                          # "ame 1"
    driver.frames(1)
    type_keys(driver, "N")                                  # "Name 1"
    press(driver, pygame.K_END)
    press(driver, pygame.K_BACKSPACE)                       # "Name "
    driver.frames(1)
    type_keys(driver, "two")
    assert dialog.name == "Name two"
    for letter in "mer":            # the pause menu's and the play screen's keys: typed here
        type_keys(driver, letter)
    assert dialog.name == "Name twomer" and driver.top is dialog


def test_keys_typed_into_the_save_name_never_reach_the_pause_menu(driver, home):
    _play, dialog = open_save_dialog(driver)
    pause = driver.app.stack[-2]
    press(driver, pygame.K_a, mod=pygame.KMOD_LCTRL)
    driver.frames(1)
    type_keys(driver, "game m")            # M is Start (close the pause menu) outside a field
    press(driver, pygame.K_ESCAPE)         # Esc leaves the name: back to the pause menu
    driver.frames(1)
    assert driver.top is pause
    assert not saves.list_saves()[0], "nothing was saved"


def test_a_name_in_setup_is_edited_like_any_field(driver):
    from hacienda_game.client.scenes.setup import SetupScene

    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.click(setup.buttons[1].rect.center)          # the first seat's name
    press(driver, pygame.K_a, mod=pygame.KMOD_LCTRL)
    driver.frames(1)
    type_keys(driver, "Jo Ann")
    assert setup.typing() and setup.seats[0].name == "Jo Ann"
    press(driver, pygame.K_HOME)
    press(driver, pygame.K_DELETE)
    press(driver, pygame.K_RETURN, unicode="\r")
    driver.frames(1)
    assert setup.seats[0].name == "o Ann" and not setup.typing()
    assert driver.top is setup, "Enter ends the name, it does not start the game"


def test_text_field_cursor_selection_and_limits():
    field = TextField("abc", limit=5)
    key = lambda name: field.handle(Command("key", name=name))  # noqa: E731
    key("left")
    field.insert("X")
    assert (field.text, field.cursor) == ("abXc", 3)
    field.insert("YZ")                                      # only one more fits
    assert field.text == "abXYc"
    key("select_all")
    field.insert("q")
    assert (field.text, field.cursor) == ("q", 1)
    key("select_all")
    key("erase")
    assert field.text == ""
    digits = TextField("", 9, allow=str.isdigit)
    digits.handle(Command("text", text="4a2 "))
    assert digits.text == "42"
    # a pad's arrows move the focus, not the cursor
    assert not digits.handle(Command("key", name="left", device="pad:1"))
