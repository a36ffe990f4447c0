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
    board_fit,
    coach_layout,
    replayed,
    saved_tutorial,
    scenario_path,
    tutorial_plan,
)
from hacienda_game.client.tutorial.steps import (  # noqa: E402
    AI_MOVE,
    AI_WATCH,
    FINISHED,
    GO_ON,
    LEARNER,
    OTHER_MOVES,
    PAID,
    RESULT,
    SEAT_POINTS,
    STEPS,
)
from hacienda_game.engine import Event, load_scenario, observe, parse_action  # noqa: E402
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


def tutorial_board():
    return load_scenario(scenario_path()).board


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((8, 8))
    return Art()


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_step_texts_fit_their_panel(art, lang, size):
    """Every step with the longest note under it, the AI's turn and the end:
    in the coach's band (three lines) or its panel beside the board (Large
    text), none wider than it, on the 1920x1080 canvas."""
    i18n.set_language(lang)
    art.fonts.text_size = size
    try:
        line = art.fonts.body.line_height
        band = coach_layout((960, 540), 2, line, tutorial_board()).coach
        notes = [i18n._(t) for t in OTHER_MOVES.values()]
        notes.append(i18n._(PAID).format(herd=12, land=12, amount=24))
        note = max(notes, key=art.fonts.body.width)
        # the scoring steps with their numbers (long names, two-digit points)
        director = scored_director()
        names = ["Wilhelmina", "Rosa"]
        models = [coach.CoachModel(director.words(s, names), i18n._(s.why),
                                   i18n._(GO_ON) if s.pause else note, s.picture, i + 1,
                                   len(STEPS)) for i, s in enumerate(STEPS)]
        models.append(coach.CoachModel(i18n._(FINISHED), director.result(names), note,
                                       "trophy", 0, len(STEPS)))
        models.append(coach.CoachModel(
            i18n._(AI_MOVE).format(move="Rosa buys a land card from the deck (2 pesos)"),
            i18n._(AI_WATCH), note, "icon_ai", 0, len(STEPS)))
        models.append(coach.CoachModel(
            i18n._(AI_MOVE).format(move="Rosa buys a land card from the deck (2 pesos)"),
            i18n._(STEPS[4].why), note, "icon_ai", 0, len(STEPS)))
        models.append(coach.CoachModel(i18n._(FINISHED), "", note, "trophy", 0, len(STEPS)))
        for m in models:
            # the note too at the normal size (with Large it gives way to the why)
            assert coach.fits(art.fonts.body, m, band, note=size == "normal"), \
                (lang, size, m.ask)
            if m.picture:
                assert m.picture in art.sprites, m.picture
    finally:
        art.fonts.text_size = "normal"


def test_step_texts_are_translated():
    for lang in ("de", "es"):
        i18n.set_language(lang)
        for s in STEPS:
            # a scoring category may be the same word ("Haciendas"): it is in the catalog
            assert (i18n._(s.ask) != s.ask or (s.scores and i18n.catalog(lang).get(s.ask))) \
                and i18n._(s.why) != s.why, (lang, s.key)
        for text in (GO_ON, AI_WATCH, RESULT, SEAT_POINTS):
            assert i18n._(text) != text or "{" in text.split()[0], (lang, text)


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


def test_the_tutorial_is_saved_by_the_tables_keeper_like_any_game(driver):
    """The table saves the tutorial: a move the table applies with the screen
    not listening is in the tutorial's file, an undo too, and the autosave
    (what Continue offers) is never written."""
    from hacienda_game.client.tutorial.scene import saved_path, tutorial_scene
    from hacienda_game.session.keeper import continuable
    from hacienda_game.session.table import Table

    scene = tutorial_scene(fresh=True)
    driver.app.push(scene)
    driver.frames(2)
    table = scene.table
    assert isinstance(table, Table) and table.keeper is scene.keeper
    assert scene.keeper.keep and scene.keeper.own_file == saved_path()
    table.unlisten(scene.layer)                 # no screen hears it: the table alone saves
    table.submit(parse_action(GUIDED[0]))
    table.submit(parse_action(GUIDED[1]))
    scene.keeper.flush()
    saved = saved_tutorial()
    assert saved is not None and [str(a) for a in saved.state.history] == GUIDED[:2]
    table.undo()
    scene.keeper.flush()
    assert [str(a) for a in saved_tutorial().state.history] == GUIDED[:1]
    assert continuable() is None


# ------------------------------------------------- the scorings, step by step
TABLE = [{"markets": 10, "chains": 14, "haciendas": 7, "water": 3, "money": 2, "total": 36},
         {"markets": 1, "chains": 0, "haciendas": 0, "water": 1, "money": 1, "total": 3}]


def scored_director() -> Director:
    """A director whose steps up to the intermediate scoring are done, and that
    scoring came: its table (the game's numbers, not worked out here)."""
    director = Director()
    upto = [s.key for s in STEPS].index("scoring")
    for i in range(upto):
        director.done[i] = True
    director.observe([Event("scoring", None, {"which": "intermediate", "table": TABLE,
                                              "scores": [36, 3]})], None)
    return director


def test_the_intermediate_scoring_is_explained_category_by_category():
    director = scored_director()
    names = ["Ana", "Rosa"]
    said = []
    while director.explaining is not None:
        said.append(director.words(director.current, names))
        director.read()
    assert said == ["Markets: Ana 10 points, Rosa 1 point.",
                    "Chains: Ana 14 points, Rosa 0 points.",
                    "Haciendas: Ana 7 points, Rosa 0 points.",
                    "Water: Ana 3 points, Rosa 1 point.",
                    "Pesos: Ana 2 points, Rosa 1 point."]
    assert director.current.key == "end_trigger"
    i18n.set_language("de")
    assert director.points("markets", "intermediate", names) == "Ana 10 Punkte, Rosa 1 Punkt"


def test_the_end_trigger_and_the_final_scoring_are_steps():
    director = scored_director()
    director.observe([Event("turn_ended", LEARNER, {})], None)      # the game went on
    assert director.explaining is None and director.current.key == "end_trigger"
    director.observe([Event("stack_switched", None, {"stack": 3, "scoring": "final"})], None)
    assert director.current.key == "final"
    director.observe([Event("scoring", None, {"which": "final", "table": TABLE,
                                              "scores": [70, 9]}),
                      Event("game_over", None, {"winners": [0], "scores": [70, 9]})], None)
    assert director.finished and director.over
    assert director.result(["Ana", "Rosa"]) == \
        "Final scoring: Ana 70 points, Rosa 9 points. Ana wins."


def test_the_scorings_are_explained_in_the_real_game():
    """The prepared deal played on (blind animal cards bought, else any move)
    reaches the scoring steps with the engine's own table in their words."""
    import random

    from hacienda_game.engine import score

    state, director = load_scenario(scenario_path()), Director()
    for i in range([s.key for s in STEPS].index("stack")):
        director.done[i] = True               # the guided turns (tested above)
    rng = random.Random(1)
    expected = None
    for _ in range(3000):
        if director.explaining is not None or state.is_over():
            break
        legal = state.legal_actions()
        buy = [a for a in legal if a.kind == "buy animal" and not a.card]
        action = buy[0] if buy else rng.choice(legal)
        before = state.clone()
        events = state.apply(action)
        if any(e.kind == "scoring" for e in events):
            expected = score(before)
        director.observe(events, observe(state, LEARNER))
    assert director.explaining is not None and director.current.key == "score_markets"
    assert expected is not None
    table = director.tables["intermediate"]
    assert [row["total"] for row in table] == [row["total"] for row in expected]
    words = director.words(director.current, ["Ana", "Rosa"])
    assert words == "Markets: Ana {}, Rosa {}.".format(
        *(f"{r['markets']} point{'s' if r['markets'] != 1 else ''}" for r in table))


def test_rosas_moves_are_shown_one_by_one_and_a_press_goes_on(driver):
    from hacienda_game.client.tutorial.scene import tutorial_scene

    driver.app.settings.ask_end_turn = False
    scene = tutorial_scene(fresh=True)
    scene.keeps = False
    driver.app.push(scene)
    driver.frames(2)
    for text in GUIDED:
        scene.layer.perform(parse_action(text))
    driver.frames(2)
    assert driver.wait_until(lambda: scene.ai_move is not None, 60)
    move = scene.ai_move
    assert scene.holding()                                  # Rosa waits: her move on show
    model = scene.coach_model()
    assert model.ask.startswith("Rosa's move:")
    if move.cells:
        assert model.lit_hexes                                # lit where it went
    moves = len(scene.layer.game.history)
    driver.frames(5)
    assert len(scene.layer.game.history) == moves           # nothing more while shown
    driver.click(scene.view.area.center)                    # a press goes on
    assert not scene.holding() or scene.ai_move is not move


def test_an_explanation_holds_the_table_until_read(driver):
    from hacienda_game.client.tutorial.scene import tutorial_scene

    scene = tutorial_scene(fresh=True)
    scene.keeps = False
    driver.app.push(scene)
    driver.frames(2)
    upto = [s.key for s in STEPS].index("scoring")
    for i in range(upto + 1):
        scene.director.done[i] = True
    scene.director.tables["intermediate"] = TABLE
    assert scene.holding()
    model = scene.coach_model()
    assert model.ask == "Markets: Ana 10 points, Rosa 1 point." and model.note
    driver.click(scene.view.area.center)
    assert scene.director.current.key == "score_chains"
    # unread, it goes on by itself after its time (not before)
    driver.app.settings.anim_speed = "normal"
    driver.frames(2)
    pause = STEPS[upto + 2].pause
    assert scene.explained[0] == "score_chains"
    scene.explained = ("score_chains", driver.app.time - pause + 1.0)
    driver.frames(2)
    assert scene.director.current.key == "score_chains"
    scene.explained = ("score_chains", driver.app.time - pause - 0.1)
    driver.frames(2)
    assert scene.director.current.key == "score_haciendas"


def test_leaving_the_tutorial_names_learn_to_play_to_take_it_up_again(driver):
    """The tutorial is resumed by "Learn to play", never by Continue: the
    leave question says so."""
    from hacienda_game.client.scenes.overlays import Confirm, Pause
    from hacienda_game.client.tutorial.scene import tutorial_scene

    driver.app.push(tutorial_scene())
    driver.frames(2)
    driver.top.pause_menu()
    driver.frames(1)
    assert isinstance(driver.top, Pause)
    driver.top.leave()
    driver.frames(1)
    assert isinstance(driver.top, Confirm)
    assert "Learn to play" in driver.top.text and "Continue" not in driver.top.text
    assert driver.top.text.rstrip().endswith("where you left off."), driver.top.text


# ------------------------------------------- the coach's band, counter, words
def guided_scene(driver, moves):
    from hacienda_game.client.tutorial.scene import tutorial_scene

    driver.app.settings.ask_end_turn = False
    driver.app.settings.anim_speed = "off"
    scene = tutorial_scene(fresh=True)
    scene.keeps = False
    driver.app.push(scene)
    driver.frames(2)
    for text in moves:
        scene.layer.perform(parse_action(text))
        driver.frames(2)
        assert driver.wait_until(lambda: scene.human_turn and scene.future is None, 60)
        while scene.holding():
            scene.go_on()
            driver.frames(1)
    driver.frames(2)
    return scene


@pytest.mark.parametrize(("moves", "pick", "key"), [
    ([], ("land", "forest"), None),
    (["buy land forest", "play forest 4,3", "play pampas 5,3", "end", "play pig 6,3"],
     ("animal", "pig"), "market")])
def test_a_step_names_as_many_lit_hexes_as_the_board_lights(driver, moves, pick, key):
    """"the lit hex" when one hex is lit; "the lit hexes" (one of them) when more are."""
    from hacienda_game.client.scenes.play.selection import marked_hexes

    if not moves:
        moves = ["buy land forest"]
    scene = guided_scene(driver, moves)
    step = scene.director.current
    assert key is None or step.key == key
    scene.pick_card(*pick)
    driver.frames(2)
    lit = len(marked_hexes(scene.layer, scene.selection))
    ask = scene.coach_model().ask
    assert "lit" in ask, ask
    plural = "lit hexes" in ask or ("lit" in ask and "hexes" in ask.split("lit", 1)[1])
    assert plural == (lit > 1), (ask, lit)


def test_the_counter_numbers_the_learners_steps_one_by_one():
    """Watching Rosa and reading a scoring get no number: the counter goes
    1, 2, 3 .. N over the learner's steps, none skipped."""
    director = Director()
    numbers = [director.number(s) for s in STEPS]
    mine = [n for n in numbers if n]
    assert mine == list(range(1, director.learner_steps + 1))
    assert all(n == 0 for s, n in zip(STEPS, numbers, strict=True) if not s.learner)


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "de", "es"])
@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)])
def test_the_coach_band_covers_no_board_and_the_board_keeps_its_size(art, lang, size, screen):
    """The coach's band lies under the board (or its panel beside it), off
    the hand, the actions and the track; the board keeps most of its hex
    size (at least 85 %: with Large text the band under it would take the
    height the board is short of, so the panel stands beside it), and every
    step's ask and why fit the panel whole."""
    from hacienda_game.client.display import canvas_for

    i18n.set_language(lang)
    art.fonts.text_size = size
    try:
        line = art.fonts.body.line_height
        canvas = canvas_for(screen)
        board = tutorial_board()
        plain = play_layout(canvas, 2, line)
        lay = coach_layout(canvas, 2, line, board)
        band = lay.coach
        assert band.h > 0
        for other in (lay.board, lay.hand, lay.actions, lay.track, lay.zoom, lay.strip,
                      lay.side, lay.top):
            assert not band.colliderect(other), other
        assert board_fit(board, lay.board) >= 0.85 * board_fit(board, plain.board), \
            (tuple(lay.board), tuple(plain.board))
        if band.w > band.h:
            assert band.h <= canvas[1] // 5          # compact: a fifth of the screen at most
        director = scored_director()
        for s in STEPS:
            m = coach.CoachModel(director.words(s, ["Wilhelmina", "Rosa"]), i18n._(s.why), "",
                                 s.picture, director.number(s), director.learner_steps)
            assert coach.fits(art.fonts.body, m, band), (lang, size, m.ask)
    finally:
        art.fonts.text_size = "normal"


def test_a_refusal_and_a_tooltip_draw_over_the_coach(driver):
    """The coach is drawn before the refusal's bubble and the tooltip: a
    refusal shows whole, never behind the words."""
    scene = guided_scene(driver, [])
    order = []
    real = scene.draw_guide

    def guide(surface):
        order.append("coach")
        real(surface)

    from hacienda_game.client.scenes.play.parts import overlay

    draw = overlay.draw

    def bubble(*args, **kw):
        order.append("bubble")
        return draw(*args, **kw)

    scene.draw_guide = guide
    board = scene.layout.board
    scene.warn("Not possible now.", (board.centerx, board.bottom - 4))   # low: by the band
    try:
        overlay.draw = bubble
        driver.frames(1)
    finally:
        overlay.draw = draw
    assert order[:2] == ["coach", "bubble"]
    rect = scene.bubble_rect
    assert rect is not None and not rect.colliderect(scene.layout.coach)


@pytest.mark.parametrize("lang", ["en", "de", "es"])
@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)])
def test_with_large_text_the_coach_stands_beside_the_board_and_the_hexes_keep_their_size(
        home, lang, screen):
    """With Large text the band under the board took the height the board is
    short of (its hexes at 68 % of the same game's); the coach's panel stands
    beside the board and the hand instead: the hexes keep at least 85 % of
    their size in the game without the coach, and the panel covers no panel
    of the play screen."""
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.client.tutorial.scene import tutorial_scene

    from .drawnhelp import show

    app = App(Options(headless=True, language=lang, screen=screen))
    app.set_text_size("large")
    try:
        game = PlayScene(tutorial_plan(), state=load_scenario(scenario_path()))
        show(app, game)
        app.draw()
        tutorial = tutorial_scene(fresh=True)
        tutorial.keeps = False
        show(app, tutorial)
        app.draw()
        assert tutorial.view.fit >= 0.85 * game.view.fit, (tutorial.view.fit, game.view.fit)
        lay = tutorial.layout
        assert lay.coach.h > lay.coach.w             # upright, beside the board
        for other in (lay.board, lay.hand, lay.actions, lay.track, lay.zoom, lay.strip,
                      lay.side, lay.top, *lay.seats, lay.market, lay.log):
            assert not lay.coach.colliderect(other), other
    finally:
        app.finish()
        i18n.set_language("en")


def played_through(choices: frozenset[str]):
    """The prepared deal played as the tutorial plays it, at engine speed: the
    demonstrator's moves (with ``choices``) for the learner, Rosa's as her
    seat decides them in the game.  (finished, the learner's turns in the
    buying steps with no animal card to buy, the learner's pesos when the
    second stack ran out)."""
    from hacienda_game.ai import choose_action
    from hacienda_game.ai.base import decision_seed
    from hacienda_game.client.tutorial.demonstrator import demonstrated
    from hacienda_game.client.tutorial.scene import AI_SEED
    from hacienda_game.client.tutorial.steps import AI_LEVEL

    state, director = load_scenario(scenario_path()), Director()
    buying = {"stack", "scoring", "end_trigger"}
    broke, left = 0, None
    for _ in range(2000):
        if state.is_over():
            break
        while director.explaining is not None:
            director.read()
        if state.current == LEARNER:
            legal = state.legal_actions()
            step = director.current
            if state.actions_taken == 0 and step is not None and step.key in buying \
                    and not any(a.kind == "buy animal" for a in legal):
                broke += 1
            action = demonstrated(state, step, legal, choices)
        else:
            action = choose_action(AI_LEVEL, observe(state, 1),
                                   decision_seed(AI_SEED, 1, len(state.history)))
        events = state.apply(action)
        if any(e.kind == "stack_switched" and e.data.get("scoring") == "final" for e in events):
            left = state.seats[LEARNER].money
        director.observe(events, observe(state, LEARNER))
    return director.finished, broke, left


@pytest.mark.parametrize("choices", [(), ("other",), ("face_up",), ("other", "face_up")])
def test_r16_the_learner_never_runs_out_of_pesos_for_the_stack_steps(choices):
    """Buy the animal stacks down: whatever the learner chose at each buying
    step (the hacienda on another tile, the largest water tile elsewhere, the
    display's animal cards at 3 pesos down to the last peso), every turn of
    the stack steps can buy an animal card, and the whole tutorial is done.
    (With 40 pesos in the deal an eager buyer had none left for the second
    stack: 28 turns of ending the turn while Rosa bought it down.)"""
    finished, broke, left = played_through(frozenset(choices))
    assert finished
    assert broke == 0, f"{broke} turns of the stack steps with no peso for an animal card"
    assert left is not None and left >= 2, "no peso left when the second stack ran out"
