"""Saves, undo and replays in the real client, driven by posted input events."""

from __future__ import annotations

import random

import pygame
import pytest

from hacienda_game.cli import main
from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.overlays import TOAST_TIME, Confirm, Pause
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.replay import ReplayScene
from hacienda_game.client.scenes.saveload import LoadScene, ReplaysScene, SaveDialog
from hacienda_game.engine import new_game, replay
from hacienda_game.session import saves
from hacienda_game.session.keeper import GameKeeper
from hacienda_game.session.plan import GamePlan, SeatPlan


def _plan(kinds=("human", "human"), seed=7) -> GamePlan:
    return GamePlan("symmetric", [SeatPlan(f"P{i}", k, i) for i, k in enumerate(kinds)], seed,
                    open_hands=True)


def _start(driver, plan: GamePlan) -> PlayScene:
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    assert isinstance(driver.top, PlayScene)
    return driver.top


def _key(driver, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    driver.frames(2)


def _play_card(play: PlayScene) -> None:
    play.layer.perform(next(a for a in play.layer.legal() if a.verb == "play"))


def test_every_action_is_autosaved_and_continue_resumes_exactly(driver, home):
    play = _start(driver, _plan())
    assert not (home / "saves").exists(), "nothing is saved before the first action"
    _play_card(play)
    _play_card(play)
    driver.frames(2)
    play.keeper.flush()         # written on a thread: the frame never waits for the disk
    state = play.layer.game
    assert saves.load_game(home / "saves" / "autosave.json").state.snapshot() \
        == state.snapshot()
    driver.app.reset(MenuScene())
    driver.frames(2)
    driver.click_button(driver.top.buttons, "Continue")
    resumed = driver.top
    assert isinstance(resumed, PlayScene) and resumed is not play
    assert resumed.layer.game.snapshot() == state.snapshot()
    assert resumed.layer.game.history_text() == state.history_text()
    assert resumed.plan == play.plan
    assert any("takes back" not in line and "plays" in line for line, _, _ in resumed.log)
    # The turn's undo goes on across the resume: both cards can be taken back.
    driver.click(resumed.b_undo.rect.center)
    driver.click(resumed.b_undo.rect.center)
    assert resumed.layer.game.history_text() == ()
    assert not resumed.b_undo.enabled


def test_undo_and_redo_stop_at_a_card_drawn_and_say_so_on_the_button(driver, home):
    play = _start(driver, _plan())
    start = play.layer.game.snapshot()
    _play_card(play)
    after = play.layer.game.snapshot()
    driver.frames(1)
    assert play.b_undo.enabled and not play.b_redo.enabled
    _key(driver, pygame.K_z, pygame.KMOD_LCTRL)
    assert play.layer.game.snapshot() == start
    assert not play.b_undo.enabled and play.b_undo.label == "Undo"
    driver.click(play.b_redo.rect.center)
    assert play.layer.game.snapshot() == after
    assert not play.b_redo.enabled
    play.layer.perform(play.layer.buy_card("land", None))     # R18: a card drawn blind
    driver.frames(1)
    assert not play.b_undo.enabled
    assert play.b_undo.label == "Card drawn: can't undo"
    drawn = play.layer.game.snapshot()
    _key(driver, pygame.K_u)
    driver.click(play.b_undo.rect.center)
    assert play.layer.game.snapshot() == drawn
    driver.move(play.b_undo.rect.center)
    assert "drawn" in play.hover_text
    # The autosave holds the game as it is after undo and redo too.
    play.keeper.flush()
    assert saves.load_game(home / "saves" / "autosave.json").state.snapshot() == drawn


def test_an_ai_seat_to_move_goes_on_thinking_after_resume(driver, home):
    plan = _plan(("human", "random"))
    state = new_game("symmetric", 2, seed=plan.seed)
    while state.current == 0:
        state.apply(state.legal_actions_of("end")[0] if state.actions_taken >= 1
                    else next(a for a in state.legal_actions() if a.verb == "play"))
    saves.autosave(state, plan)
    driver.app.reset(MenuScene())
    driver.frames(2)
    driver.click_button(driver.top.buttons, "Continue")
    play = driver.top
    assert play.layer.game.snapshot() == state.snapshot()
    assert not play.human_turn and not play.b_undo.enabled
    driver.wait_until(lambda: len(play.layer.game.history) > len(state.history))
    assert len(play.layer.game.history) > len(state.history), "the AI seat did not move"


def test_save_dialog_and_load_screen_with_delete_after_confirmation(driver, home):
    play = _start(driver, _plan())
    _play_card(play)
    driver.click(play.b_menu.rect.center)
    assert isinstance(driver.top, Pause)
    driver.click_button(driver.top.buttons, "Save game")
    dialog = driver.top
    assert isinstance(dialog, SaveDialog) and dialog.name == "Game 1"
    for _ in range(6):
        _key(driver, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Sunday"))
    driver.frames(1)
    driver.click_button(dialog.buttons, "Save")
    # No "Saved / OK" to click away: back at the pause menu, a toast says it,
    # and it goes by itself.
    pause = driver.top
    assert isinstance(pause, Pause) and pause.toast is not None
    assert "Sunday" in pause.toast[0]
    driver.frames(int(TOAST_TIME * 60) + 5)          # the fake clock: 1/60 s a frame
    assert pause.toast is None and driver.top is pause
    assert (home / "saves" / "sunday.json").is_file()
    (home / "saves" / "broken.json").write_text('{"format": "hacienda-save/1", "na')
    driver.app.reset(MenuScene())
    driver.frames(2)
    driver.click_button(driver.top.buttons, "Load game")
    load = driver.top
    assert isinstance(load, LoadScene)
    assert sorted(s.name for s in load.items) == ["Autosave", "Sunday"]
    assert [p.path.name for p in load.problems] == ["broken.json"]
    load.pick([s.name for s in load.items].index("Sunday"))
    driver.click_button(load.buttons, "Delete")
    assert isinstance(driver.top, Confirm)
    driver.click_button(driver.top.buttons, "No")
    assert (home / "saves" / "sunday.json").is_file()
    driver.click_button(load.buttons, "Delete")
    driver.click_button(driver.top.buttons, "Yes")
    assert not (home / "saves" / "sunday.json").exists()
    assert (home / "saves" / "broken.json").is_file(), "a broken save is left alone"
    assert [s.name for s in load.items] == ["Autosave"]
    driver.click_button(load.buttons, "Load")
    assert isinstance(driver.top, PlayScene)
    assert driver.top.layer.game.snapshot() == play.layer.game.snapshot()


def test_a_finished_game_keeps_its_record_and_no_autosave_is_left(home):
    plan = _plan(seed=3)
    keeper = GameKeeper(plan)
    state = new_game("symmetric", 2, seed=3)
    rng = random.Random(3)
    while not state.is_over():
        action = state.random_action(rng)
        events = state.apply(action)
        if len(state.history) in (5, 6) or state.is_over():
            keeper.note(state, action, events)
            keeper.flush()
            assert saves.autosave_path().exists() != state.is_over()
    keeper.close()
    (kept,) = (home / "replays").iterdir()
    assert keeper.replay_path == kept
    assert [s.score for s in saves.load_replay(kept).final.seats] \
        == [s.score for s in state.seats]


@pytest.fixture
def finished(home):
    state = new_game("symmetric", 3, seed=12)
    rng = random.Random(12)
    while not state.is_over():
        state.apply(state.random_action(rng))
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1),
                                  SeatPlan("Carmen", "hard", 2)], 12)
    return state, saves.keep_replay(state, plan)


def test_replay_viewer_steps_forward_and_back_and_reaches_the_final_scores(driver, finished):
    state, _path = finished
    driver.click_button(driver.top.buttons, "Replays")
    listing = driver.top
    assert isinstance(listing, ReplaysScene) and len(listing.items) == 1
    driver.click_button(listing.buttons, "Watch")
    # A record read in more than a moment shows "Loading" first (a loaded machine).
    assert driver.wait_until(lambda: isinstance(driver.top, ReplayScene))
    viewer = driver.top
    assert viewer.index == 0
    n = len(state.history)
    driver.click_button(viewer.buttons, "End >>")
    assert viewer.index == n
    assert viewer.layer.game.snapshot() == state.snapshot()
    assert viewer.layer.public_totals()[0] == [s.score for s in state.seats]
    _key(driver, pygame.K_LEFT)
    record = viewer.game.record
    assert viewer.layer.game.snapshot() == replay(record, upto=n - 1).snapshot()
    _key(driver, pygame.K_RIGHT)
    while driver.top is not viewer:        # the final scoring table shows on the way
        driver.click((480, 500))
    assert viewer.layer.game.snapshot() == state.snapshot()
    driver.click_button(viewer.buttons, "<< Start")
    for _ in range(5):
        _key(driver, pygame.K_RIGHT)
    assert viewer.layer.game.history_text() == state.history_text()[:5]
    assert "Action 5 of" in viewer.hover_text
    assert not viewer.human_turn and not hasattr(viewer, "ai")     # no AI part at all
    driver.click(viewer.b_menu.rect.center)
    assert driver.top is listing


def test_replay_command_line_opens_the_viewer_or_says_why_not(home, tmp_path, capsys, finished):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.start import first_scene

    bad = tmp_path / "bad.json"
    bad.write_text('{"header": {"format": "hacienda-record/1", "map": "symmetric", "players"')
    assert main(["--replay", str(bad), "--headless", "--max-frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "bad.json: the file is damaged or cut short" in err and "Traceback" not in err
    app = App(Options(windowed=True, fake_clock=True, replay=str(finished[1])))
    try:
        scene = first_scene(app)
        assert isinstance(scene, ReplayScene)
        assert scene.game.final.snapshot() == finished[0].snapshot()
    finally:
        app.finish()


def test_a_save_that_fails_is_reported_and_the_game_goes_on(home):
    (home / "saves").write_text("a file where the saves folder should be")
    keeper = GameKeeper(_plan())
    state = new_game("symmetric", 2, seed=7)
    action = next(a for a in state.legal_actions() if a.verb == "play")
    keeper.note(state, action, state.apply(action))
    keeper.flush()
    assert keeper.problem is not None and "could not be saved" in keeper.problem
    (home / "saves").unlink()
    action = next(a for a in state.legal_actions() if a.verb == "play")
    keeper.note(state, action, state.apply(action))
    keeper.close()
    assert keeper.problem is None
    assert saves.load_game(saves.autosave_path()).state.snapshot() == state.snapshot()


def test_the_chosen_row_of_the_load_list_is_the_brightest(driver, home):
    """The chosen save stands out lit (the hover face, framed), never darker
    than the rows around it."""
    import numpy as np

    for name in ("Alpha", "Beta", "Gamma"):
        saves.save_game(new_game("symmetric", 2, seed=5), _plan(seed=5), name)
    driver.app.push(LoadScene())
    driver.frames(2)
    load = driver.top
    assert isinstance(load, LoadScene) and len(load.rows) == 3
    load.pick(1)
    surface = pygame.Surface(driver.app.canvas_size)
    load.draw(surface)

    def light(row) -> float:          # the frame left of the label, its borders aside
        r = row.rect
        strip = pygame.surfarray.pixels3d(surface)[r.x + 6:r.x + 14, r.y + 4:r.bottom - 4]
        return float(np.asarray(strip, dtype=float).mean())

    lights = [light(row) for row in load.rows]
    assert lights[1] > max(lights[0], lights[2]), lights
