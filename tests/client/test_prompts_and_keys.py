"""Button prompts per pad family, and every scene played with the keyboard alone."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.art.palette import PALETTE
from hacienda_game.client.pads import family_of
from hacienda_game.client.prompts import PAD_BUTTONS, Prompts, glyph_name
from hacienda_game.client.scenes.maps import MapsScene
from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.overlays import Confirm, Pause, Privacy
from hacienda_game.client.scenes.padmenus import BuyMenu, LogView
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.rules import RulesScene
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.client.scenes.settings import SettingsScene
from hacienda_game.client.scenes.setup import SetupScene

from .focushelp import focus_by


@pytest.mark.parametrize(("name", "sdl_type", "family"), [
    ("Xbox Series X Controller", 0, "xbox"), ("PS4 Controller", 0, "playstation"),
    ("DualSense Wireless Controller", 0, "playstation"),
    ("Nintendo Switch Pro Controller", 0, "switch"), ("Joy-Con (L/R)", 0, "switch"),
    ("Some Arcade Stick", 0, "xbox"), ("Some Arcade Stick", 7, "playstation"),
    ("Generic", 5, "switch"), ("Generic", 2, "xbox")])
def test_pad_family_comes_from_sdls_type_else_the_name(name, sdl_type, family):
    assert family_of(name, sdl_type) == family


def lit_dot(glyph: pygame.Surface) -> str:
    """Which dot of a face glyph's position diamond is white."""
    white = PALETTE["w"]
    spots = {"north": (4, 5), "west": (1, 8), "east": (7, 8), "south": (4, 11)}
    lit = [where for where, pos in spots.items() if tuple(glyph.get_at(pos))[:3] == white]
    assert len(lit) == 1, lit
    return lit[0]


@pytest.mark.parametrize(("family", "confirm", "back"), [
    ("xbox", "south", "east"), ("playstation", "south", "east"), ("switch", "east", "south")])
def test_face_prompts_light_the_button_where_that_family_has_it(family, confirm, back):
    pygame.display.init()
    sheet = Prompts()
    assert glyph_name(family, "confirm") == f"{family}_a"
    assert glyph_name(family, "back") == f"{family}_b"
    assert lit_dot(sheet.get(glyph_name(family, "confirm"))) == confirm
    assert lit_dot(sheet.get(glyph_name(family, "back"))) == back


def test_every_command_has_a_distinct_glyph_in_each_family_and_a_key():
    pygame.display.init()
    sheet = Prompts()
    for family in ("xbox", "playstation", "switch", "keyboard"):
        for command in PAD_BUTTONS:
            assert glyph_name(family, command) in sheet.frames
    pictures = [pygame.image.tobytes(sheet.get(glyph_name(f, "confirm")), "RGBA")
                for f in ("xbox", "playstation", "switch")]
    assert len(set(pictures)) == 3, "each family shows its own confirm button"
    assert glyph_name("switch", "next_card") == "switch_rb"
    assert glyph_name("keyboard", "confirm") == "key_3"         # "Enter" on a wide cap
    assert glyph_name("keyboard", "rotate") == "key_1"


KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT, "confirm": pygame.K_RETURN, "back": pygame.K_ESCAPE,
        "next_card": pygame.K_w, "end_turn": pygame.K_e, "help": pygame.K_h,
        "buy": pygame.K_b, "log": pygame.K_l}


def key(driver, name: str, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=KEYS[name], mod=0, unicode="",
                                         scancode=0))
    driver.frames(frames)


def focus_to(driver, scene, label: str) -> None:
    goal = next(b for b in scene.buttons if b.label == label)
    focus_by(lambda way: key(driver, way), scene, goal, tries=30)


def test_every_scene_works_with_the_keyboard_alone(driver):
    driver.app.settings.anim_speed = "off"
    menu = driver.top
    assert isinstance(menu, MenuScene)
    focus_to(driver, menu, "Maps")
    key(driver, "confirm")
    maps = driver.top
    assert isinstance(maps, MapsScene) and maps.ready()     # the maps are read on a thread
    key(driver, "down")
    assert maps.index == 1
    key(driver, "back")
    key(driver, "help")
    assert isinstance(driver.top, RulesScene)
    key(driver, "right")                         # the next page of the rules
    assert driver.top.page == 1
    key(driver, "back")
    focus_to(driver, menu, "Settings")
    key(driver, "confirm")
    settings = driver.top
    assert isinstance(settings, SettingsScene)
    before = driver.app.settings.open_hands
    while settings.rows[settings.focus].key != "open_hands":
        key(driver, "down")
    key(driver, "confirm")
    assert driver.app.settings.open_hands != before
    key(driver, "back")
    focus_to(driver, menu, "New game")
    key(driver, "confirm")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    focus_to(driver, setup, "Lakes")
    key(driver, "confirm")
    assert "lakes" in setup.variants
    remove = setup.buttons[4 * 2 + 3]
    focus_to(driver, setup, "Add a seat")
    key(driver, "up")
    assert setup.buttons[setup.focus.index] in (remove, setup.buttons[4 * 2 + 2],
                                                setup.buttons[4 * 2 + 1], setup.buttons[4 * 2])
    focus_to(driver, setup, "Start game")
    key(driver, "confirm")
    play = next(s for s in driver.app.stack if isinstance(s, PlayScene))
    assert "lakes" in play.plan.variants
    while isinstance(driver.top, Privacy):
        key(driver, "confirm")
    state = play.layer._state
    # The AI seats move first if it is their turn; wait for a human turn.
    assert driver.wait_until(lambda: play.human_turn and driver.top is play)
    seat = state.current
    for _ in range(10):
        key(driver, "next_card")
        if play.selection is not None:
            break
    assert play.selection is not None and play.selection.kind == "play"
    key(driver, "right")
    key(driver, "left")
    assert play.cursor.hex in play.cursor_targets()
    key(driver, "confirm")
    assert state.actions_taken == 1
    key(driver, "buy")
    assert isinstance(driver.top, BuyMenu)
    key(driver, "back")
    key(driver, "log")
    assert isinstance(driver.top, LogView)
    key(driver, "back")
    key(driver, "end_turn")
    assert isinstance(driver.top, Confirm)          # two actions left: asked first
    key(driver, "confirm")
    assert state.current != seat
    def back_at_play() -> bool:         # the AI seats move (wall time), hand-offs pass
        if isinstance(driver.top, Privacy):
            key(driver, "confirm")
        return driver.top is play

    assert driver.wait_until(back_at_play)
    key(driver, "back")
    pause = driver.top
    assert isinstance(pause, Pause)
    focus_to(driver, pause, "Quit game")
    key(driver, "confirm")
    assert isinstance(driver.top, Confirm)
    key(driver, "confirm")                       # "Yes" has the focus
    assert isinstance(driver.top, MenuScene)


def test_scoring_closes_with_the_keyboard(driver):
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 1)
    closed = []
    table = [{"total": 0, "detail": {}}, {"total": 0, "detail": {}}]
    driver.app.push(ScoringScene("final", table, plan, [0, 0], [], [0], [0, 0],
                                 on_close=lambda: closed.append(1)))
    driver.frames(2)
    key(driver, "confirm")                       # first: show the whole table
    key(driver, "confirm")                       # the winner's podium
    assert type(driver.top).__name__ == "CelebrationScene"
    key(driver, "confirm")                       # back to the crown and the charts
    key(driver, "confirm")
    assert closed == [1]


def test_saves_replays_and_the_save_dialog_work_with_the_keyboard_alone(driver, home):
    """The scenes saves brought: save with a typed name, load, delete (Backspace,
    then confirm), and step through a replay, all by keys."""
    import random

    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.client.scenes.replay import ReplayScene
    from hacienda_game.client.scenes.saveload import LoadScene, ReplaysScene, SaveDialog
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    driver.app.settings.anim_speed = "off"
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 8,
                    open_hands=True)
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    play = driver.top
    key(driver, "back")                                  # nothing chosen: the pause menu
    assert isinstance(driver.top, Pause)
    focus_to(driver, driver.top, "Save game")
    key(driver, "confirm")
    assert isinstance(driver.top, SaveDialog)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="X"))
    driver.frames(1)
    key(driver, "confirm")                               # saves: a toast, nothing to close
    assert isinstance(driver.top, Pause) and driver.top.toast is not None
    # The proposed name ("Game 1") was selected: what is typed replaces it.
    assert {s.name for s in saves.list_saves()[0]} >= {"X"}
    done = new_game("symmetric", 2, seed=8)
    rng = random.Random(8)
    while not done.is_over():
        done.apply(done.random_action(rng))
    saves.keep_replay(done, plan)
    driver.app.reset(MenuScene())
    driver.frames(2)
    menu = driver.top
    focus_to(driver, menu, "Load game")
    key(driver, "confirm")
    load = driver.top
    assert isinstance(load, LoadScene)
    while load.chosen.name != "X":
        key(driver, "down")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                         unicode="", scancode=0))
    driver.frames(1)
    assert isinstance(driver.top, Confirm)
    focus_to(driver, driver.top, "Yes")
    key(driver, "confirm")
    assert "X" not in {s.name for s in load.items}
    key(driver, "back")
    focus_to(driver, menu, "Replays")
    key(driver, "confirm")
    assert isinstance(driver.top, ReplaysScene)
    key(driver, "confirm")
    # A record read in more than a moment shows "Loading" first (a loaded machine).
    assert driver.wait_until(lambda: isinstance(driver.top, ReplayScene))
    viewer = driver.top
    key(driver, "right")
    key(driver, "right")
    assert viewer.index == 2
    key(driver, "left")
    assert viewer.index == 1
    key(driver, "back")
    assert isinstance(driver.top, ReplaysScene)
    assert play is not None
