"""The audit's faults in the real client: a scene that fails to
start, frame timings kept for ever, saving over a name, damaged settings,
a save on a changed map, a long autosave and the menu."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.overlays import Confirm, ErrorOverlay, Message, Pause
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.saveload import LoadScene, SaveDialog
from hacienda_game.client.scenes.setup import SetupScene
from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.userdirs import settings_written

ROOT = Path(__file__).resolve().parents[2]


def _own_map(home: Path, name: str = "own.tmx") -> Path:
    folder = home / "maps"
    folder.mkdir(exist_ok=True)
    for f in ("hacienda.tsx", "hacienda.png"):
        shutil.copyfile(ROOT / "maps" / f, folder / f)
    shutil.copyfile(ROOT / "maps" / "symmetric.tmx", folder / name)
    return folder / name


def test_a_scene_that_fails_to_start_shows_the_error_over_the_scene_it_came_from(
        driver, home):
    own = _own_map(home)
    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.map_index = [m.key for m in setup.maps].index(str(own))
    own.unlink()                         # deleted after Setup listed it
    setup.start()
    driver.frames(3)
    assert driver.app.running
    assert isinstance(driver.top, ErrorOverlay)
    below = driver.app.stack[-2]
    assert isinstance(below, SetupScene) and not any(
        isinstance(s, PlayScene) for s in driver.app.stack)
    # A scene below the overlay failing to draw does not quit the game.
    def broken(surface):
        raise RuntimeError("draws badly")

    below.draw = broken
    driver.frames(3)
    assert driver.app.running
    driver.click_button(driver.top.buttons, "Back to menu")
    assert isinstance(driver.top, MenuScene)


def test_frame_timings_are_kept_only_in_a_bounded_window_without_frame_log(driver):
    from hacienda_game.client.app import FRAME_WINDOW

    driver.frames(FRAME_WINDOW + 50)
    assert len(driver.app.frame_ms) == len(driver.app.frame_cpu_ms) == FRAME_WINDOW


def _start(driver, plan: GamePlan) -> PlayScene:
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    return driver.top


def _plan(map_: str = "symmetric") -> GamePlan:
    return GamePlan(map_, [SeatPlan("Ana"), SeatPlan("Bruno", "human", 1)], 7,
                    open_hands=True)


def _save_as(driver, play: PlayScene, name: str) -> SaveDialog:
    driver.click(play.b_menu.rect.center)
    assert isinstance(driver.top, Pause)
    driver.click_button(driver.top.buttons, "Save game")
    dialog = driver.top
    dialog.name = name
    driver.click_button(dialog.buttons, "Save")
    return dialog


def test_saving_over_an_existing_name_asks_first(driver, home):
    play = _start(driver, _plan())
    play.layer.perform(next(a for a in play.layer.legal() if a.verb == "play"))
    _save_as(driver, play, "Ana's game")
    assert isinstance(driver.top, Pause) and driver.top.toast is not None   # saved: a toast
    driver.click_button(driver.top.buttons, "Resume")
    first = saves.find_save("Ana's game")
    before = first.read_bytes()
    _save_as(driver, play, "Ana s game")          # another name: another file
    driver.click_button(driver.top.buttons, "Resume")
    assert saves.find_save("Ana s game") != first
    play.layer.perform(next(a for a in play.layer.legal() if a.verb == "play"))
    _save_as(driver, play, "Ana's game")
    assert isinstance(driver.top, Confirm)
    driver.click_button(driver.top.buttons, "No")
    assert first.read_bytes() == before
    dialog = driver.top
    assert isinstance(dialog, SaveDialog), "back to the name, to change it"
    driver.click_button(dialog.buttons, "Save")
    driver.click_button(driver.top.buttons, "Yes")
    assert first.read_bytes() != before
    assert saves.load_game(first).name == "Ana's game"


def test_damaged_settings_are_told_once_and_never_rewritten_silently(home):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.settings import SettingsScene
    from hacienda_game.client.scenes.start import first_scene
    from hacienda_game.session.userdirs import Settings

    from .conftest import Driver

    path = Settings.path()
    path.parent.mkdir(parents=True)
    raw = b'{"anim_speed": "warp", "music_volume": 30}'
    path.write_bytes(raw)
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.push(first_scene(app))
        d = Driver(app)
        d.frames(2)
        assert isinstance(d.top, Message) and "anim_speed" in d.top.text
        d.click_button(d.top.buttons, "OK")
        d.click_button(d.top.buttons, "Settings")
        assert isinstance(d.top, SettingsScene)
        d.top.close()
        d.frames(2)
        assert settings_written()
        kept = [p for p in path.parent.iterdir() if p.read_bytes() == raw]
        assert len(kept) == 1 and kept[0].name.startswith("settings-damaged-")
        assert kept[0].name in app.settings.notice
        assert json.loads(path.read_text())["music_volume"] == 30
    finally:
        app.finish()
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.push(first_scene(app))
        Driver(app).frames(2)
        assert isinstance(app.top, MenuScene), "told once"
    finally:
        app.finish()


def test_a_save_on_a_changed_map_asks_before_playing_on(driver, home):
    own = _own_map(home)
    plan = _plan(str(own))
    state = new_game(str(own), 2, 7)
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    saves.save_game(state, plan, "On my map")
    own.write_text(own.read_text() + "\n<!-- painted again -->\n")
    driver.click_button(driver.top.buttons, "Load game")
    load = driver.top
    assert isinstance(load, LoadScene)
    driver.click_button(load.buttons, "Load")
    assert isinstance(driver.top, Confirm) and "changed" in driver.top.title
    driver.click_button(driver.top.buttons, "Yes")
    assert isinstance(driver.top, PlayScene)
    assert driver.top.layer.game.history_text() == state.history_text()


def test_the_menu_never_replays_the_autosave_to_offer_continue(driver, home, monkeypatch):
    plan = _plan()
    state = new_game("symmetric", 2, 7)
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    saves.autosave(state, plan)
    import hacienda_game.session.saves as mod

    calls = []
    real = mod.replay_with_limit
    monkeypatch.setattr(mod, "replay_with_limit", lambda *a, **k: calls.append(1) or real(
        *a, **k))
    driver.app.reset(MenuScene())
    driver.frames(2)
    assert "Continue" in [b.label for b in driver.top.buttons] and calls == []
    driver.click_button(driver.top.buttons, "Continue")
    for _ in range(60):
        if isinstance(driver.top, PlayScene):
            break
        driver.frames(1)
    assert isinstance(driver.top, PlayScene) and calls
    assert driver.top.layer.game.snapshot() == state.snapshot()


def test_a_long_autosave_is_read_on_a_thread_while_the_menu_goes_on(driver, home,
                                                                     monkeypatch):
    from hacienda_game.client.scenes.saveload import Loading

    plan = _plan()
    state = new_game("symmetric", 2, 7)
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    saves.autosave(state, plan)
    monkeypatch.setattr(saves, "QUICK_ACTIONS", 0)       # as if it held 300,000 actions
    driver.app.reset(MenuScene())
    driver.frames(2)
    driver.click_button(driver.top.buttons, "Continue")
    assert isinstance(driver.top, Loading) or any(
        isinstance(s, PlayScene) for s in driver.app.stack)
    driver.wait_until(lambda: any(isinstance(s, PlayScene) for s in driver.app.stack))
    (play,) = [s for s in driver.app.stack if isinstance(s, PlayScene)]
    assert play.layer.game.snapshot() == state.snapshot()
