"""The guided first game: its steps read by the director against a real game
on the prepared deal, a different legal move accepted, leaving and resuming,
the step texts fitting their panel, the menu item, and the demonstrator
playing it all through posted input."""

from __future__ import annotations

import os
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game import i18n  # noqa: E402
from hacienda_game.client.assets import Art  # noqa: E402
from hacienda_game.client.scenes.play.layout import play_layout  # noqa: E402
from hacienda_game.client.tutorial import coach  # noqa: E402
from hacienda_game.client.tutorial.director import Director  # noqa: E402
from hacienda_game.client.tutorial.scene import (  # noqa: E402
    replayed,
    saved_tutorial,
    scenario_path,
    tutorial_plan,
)
from hacienda_game.client.tutorial.steps import (  # noqa: E402
    AI_MOVE,
    FINISHED,
    LEARNER,
    OTHER_MOVES,
    PAID,
    STEPS,
)
from hacienda_game.engine import load_scenario, observe, parse_action  # noqa: E402
from hacienda_game.session.saves import save_game  # noqa: E402

# The steps of the first turns as the tutorial asks for them (the lit hexes).
GUIDED = ["buy land forest", "play forest 4,3", "play pampas 5,3", "end"]


def play(state, director, text):
    events = state.apply(parse_action(text))
    director.observe(events, observe(state, LEARNER))
    return events


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_guided_moves_do_the_steps_in_order():
    state, director = load_scenario(scenario_path()), Director()
    assert director.current.key == "buy_card"
    for text, key in zip(GUIDED, ["terrain", "pampas", "end_turn", "watch"], strict=True):
        play(state, director, text)
        assert director.current.key == key
    assert director.note == "Well done."


def test_a_different_legal_move_is_accepted_and_explained():
    """Asked to buy the forest card, the learner plays a mountain card at once:
    it is legal, so it counts (the terrain step is done) and is explained; the
    buy is still asked for.  A move that does no step is explained too."""
    state, director = load_scenario(scenario_path()), Director()
    play(state, director, "play mountain 5,2")
    assert director.current.key == "buy_card"
    assert director.done[[s.key for s in STEPS].index("terrain")]
    assert director.note == OTHER_MOVES["tile_placed"]
    play(state, director, "buy animal cattle")
    assert director.current.key == "buy_card"
    assert director.note == OTHER_MOVES["card_bought"]
    play(state, director, "buy land forest")
    assert director.current.key == "pampas"          # the terrain step was already done
    assert director.note == "Well done."


def test_turn_steps_wait_their_turn():
    """Ending the turn early skips nothing: the turn's steps are asked at the
    next turn, and "end your turn" comes after them (not done by this end)."""
    state, director = load_scenario(scenario_path()), Director()
    play(state, director, "end")
    assert director.current.key == "buy_card"
    assert not director.done[[s.key for s in STEPS].index("end_turn")]


def test_leaving_and_resuming_keeps_the_steps(home):
    state, director = load_scenario(scenario_path()), Director()
    for text in GUIDED[:3]:
        play(state, director, text)
    from hacienda_game.client.tutorial.scene import SLOT
    from hacienda_game.session.userdirs import tutorial_dir

    save_game(state, tutorial_plan(), "Tutorial", tutorial_dir(), SLOT)
    saved = saved_tutorial()
    assert saved is not None and len(saved.state.history) == 3
    again = Director()
    again.replay(replayed(saved.state))
    assert again.done == director.done and again.current.key == "end_turn"


def test_a_finished_or_damaged_tutorial_is_not_resumed(home):
    from hacienda_game.client.tutorial.scene import saved_path

    assert saved_tutorial() is None
    saved_path().parent.mkdir(parents=True, exist_ok=True)
    saved_path().write_text("{not json", encoding="utf-8")
    assert saved_tutorial() is None


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((8, 8))
    return Art()


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_step_texts_fit_their_panel(art, lang, size):
    """Every step with the longest note under it, the AI's turn and the end:
    at most six lines, none wider than the panel, on the 1920x1080 canvas."""
    i18n.set_language(lang)
    art.fonts.text_size = size
    try:
        board = play_layout((960, 540), 2, art.fonts.body.line_height).board
        notes = [i18n._(t) for t in OTHER_MOVES.values()]
        notes.append(i18n._(PAID).format(herd=12, land=12, amount=24))
        note = max(notes, key=art.fonts.body.width)
        models = [coach.CoachModel(i18n._(s.ask), i18n._(s.why), note, s.picture, i + 1,
                                   len(STEPS)) for i, s in enumerate(STEPS)]
        models.append(coach.CoachModel(
            i18n._(AI_MOVE).format(move="Rosa buys a land card from the deck (2 pesos)"),
            i18n._(STEPS[4].why), note, "icon_ai", 0, len(STEPS)))
        models.append(coach.CoachModel(i18n._(FINISHED), "", note, "trophy", 0, len(STEPS)))
        for m in models:
            assert coach.fits(art.fonts.body, m, board), (lang, size, m.ask)
            if m.picture:
                assert m.picture in art.sprites, m.picture
    finally:
        art.fonts.text_size = "normal"


def test_step_texts_are_translated():
    for lang in ("de", "es"):
        i18n.set_language(lang)
        for s in STEPS:
            assert i18n._(s.ask) != s.ask and i18n._(s.why) != s.why, (lang, s.key)


def test_learn_to_play_is_first_until_done(driver):
    driver.app.settings.tutorial_done = False
    driver.top.layout()
    labels = [b.label for b in driver.top.buttons]
    assert labels[0] == "Learn to play"
    assert all(b.rect.bottom <= driver.app.canvas_size[1] for b in driver.top.buttons)
    driver.app.settings.tutorial_done = True
    driver.top.layout()
    labels = [b.label for b in driver.top.buttons]
    assert labels[0] != "Learn to play" and "Learn to play" in labels
    assert all(b.rect.bottom <= driver.app.canvas_size[1] for b in driver.top.buttons)


@pytest.mark.slow
@pytest.mark.parametrize("how", [("mouse", "en"), ("pad", "de"), ("mouse", "es")])
def test_demonstrator_plays_the_whole_tutorial(tmp_path, how):
    device, lang = how
    env = dict(os.environ, HACIENDA_HOME=str(tmp_path), PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-m", "hacienda_game", "--tutorial", "--headless",
                          "--autoplay", "--autoplay-input", device, "--lang", lang,
                          "--max-frames", "30000"], capture_output=True, text=True,
                         env=env, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"tutorial complete: {len(STEPS)} steps" in out.stdout


def test_left_from_the_table_and_resumed_from_the_menu(driver):
    """Three moves, back to the menu: "Learn to play" goes on at the fourth
    step; the tutorial never takes the autosave (no "Continue" for it)."""
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.tutorial.scene import TutorialScene, tutorial_scene
    from hacienda_game.session.keeper import continuable

    driver.app.settings.anim_speed = "off"
    driver.app.push(tutorial_scene())
    driver.frames(2)
    scene = driver.top
    assert isinstance(scene, TutorialScene) and scene.director.current.key == "buy_card"
    for text in GUIDED[:3]:
        scene.layer.perform(parse_action(text))
        driver.frames(2)
    driver.app.reset(MenuScene())
    driver.frames(2)
    assert continuable() is None
    driver.click_button(driver.top.buttons, "Learn to play")
    driver.frames(3)
    again = driver.top
    assert isinstance(again, TutorialScene) and again is not scene
    assert len(again.layer.game.history) == 3
    assert again.director.current.key == "end_turn"


def test_the_coach_panel_never_covers_the_lit_hex(art):
    """A lit hex low on the board sends the words to the board's top."""
    board = pygame.Rect(4, 33, 689, 263)
    surface = pygame.Surface((960, 540))
    low = coach.CoachModel("Ask", "Why", "", None, 1, 17, (), ((300, 280),), 16)
    high = coach.CoachModel("Ask", "Why", "", None, 1, 17, (), ((300, 60),), 16)
    assert coach.draw(surface, art, board, low, 0.0).top == board.top + 4
    assert coach.draw(surface, art, board, high, 0.0).bottom == board.bottom - 4
