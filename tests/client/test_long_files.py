"""Long legal files never freeze the screen: a record of tens of thousands of
actions is watched, and a long save continued, with the replaying done on a
thread (or a bounded part of it per frame), progress on screen."""

from __future__ import annotations

import random
import threading

import pytest

from hacienda_game.client.scenes import replay as replay_module
from hacienda_game.client.scenes.replay import ReplayScene
from hacienda_game.client.scenes.saveload import ReplaysScene
from hacienda_game.engine import GameState, new_game, parse_action
from hacienda_game.engine.record import replay as full_replay
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan

LONG = 20_000          # actions: a frame's worth is a few hundred


def _long_game(n: int = LONG) -> tuple[GameState, GamePlan]:
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], 7,
                    open_hands=True)
    state = new_game("symmetric", 2, 7)
    rng = random.Random(7)
    for _ in range(60):
        state.apply(state.random_action(rng))
    end = parse_action("end")
    while len(state.history) < n:          # a legal game: turns ended at once, for ever
        state.apply(end)
    return state, plan


@pytest.fixture
def main_thread_applies(monkeypatch):
    """How many actions the main thread applies (the frames' own work)."""
    count = [0]
    real = GameState.apply
    main = threading.main_thread()

    def apply(self, action):
        if threading.current_thread() is main:
            count[0] += 1
        return real(self, action)

    monkeypatch.setattr(GameState, "apply", apply)
    return count


def test_watching_a_long_record_replays_it_on_a_thread(driver, home, main_thread_applies):
    state, plan = _long_game()
    path = saves.save_game(state, plan, "Long")
    game = saves.load_replay(path)
    main_thread_applies[0] = 0
    driver.app.push(ReplayScene(game))
    driver.frames(2)
    scene = driver.top
    assert isinstance(scene, ReplayScene)
    assert main_thread_applies[0] <= replay_module.LOG_ACTIONS, "opening replayed the record"
    # Jumping to the end waits for the thread, its progress in the strip.
    scene.goto(len(scene.actions))
    seen = {scene.hover_text}
    driver.wait_until(lambda: scene.wanted is None, 60)
    seen.add(scene.hover_text)
    assert scene.index == LONG and scene.layer.game.snapshot() == state.snapshot()
    assert scene.layer.game.history_text() == state.history_text()
    for k in (LONG - 1, 12_345, 12_346, 3):         # back, jumps, a step forward
        main_thread_applies[0] = 0
        scene.goto(k)
        assert scene.wanted is None and scene.index == k
        assert main_thread_applies[0] <= replay_module.CHECK_EVERY + replay_module.LOG_ACTIONS
        assert scene.layer.game.snapshot() == full_replay(game.record, upto=k).snapshot()
    assert scene.log, "the log of the last actions"


def test_watch_reads_a_record_on_a_thread(driver, home, monkeypatch):
    state, plan = _long_game(2_000)
    finished = new_game("symmetric", 2, 3)
    rng = random.Random(3)
    while not finished.is_over():
        finished.apply(finished.random_action(rng))
    saves.keep_replay(finished, GamePlan("symmetric", plan.seats, 3))
    threads = []
    real = saves.load_replay

    def load_replay(path):
        threads.append(threading.current_thread())
        return real(path)

    monkeypatch.setattr(saves, "load_replay", load_replay)
    driver.app.push(ReplaysScene())
    driver.frames(2)
    driver.top.pick(0)
    driver.top.watch()
    driver.wait_until(lambda: isinstance(driver.top, ReplayScene), 30)
    assert threads and threading.main_thread() not in threads


def test_continuing_a_long_save_rebuilds_its_log_on_a_thread(driver, home,
                                                            main_thread_applies):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.keeper import RETOLD_ACTIONS

    state, plan = _long_game()
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "human", 1)], 7,
                    open_hands=True)
    saves.autosave(state, plan)
    driver.app.reset(MenuScene())
    driver.frames(2)
    main_thread_applies[0] = 0
    driver.click_button(driver.top.buttons, "Continue")
    driver.wait_until(lambda: any(isinstance(s, PlayScene) for s in driver.app.stack), 60)
    (play,) = [s for s in driver.app.stack if isinstance(s, PlayScene)]
    driver.frames(2)
    assert main_thread_applies[0] < 1000, "the game's log was rebuilt on the main thread"
    driver.wait_until(lambda: play.retelling is None, 60)
    driver.frames(1)
    assert main_thread_applies[0] < 1000
    assert play.layer.game.snapshot() == state.snapshot()
    from hacienda_game.client.scenes.overlays import worded

    texts = [worded(text) for text, _seat in play.entries]
    assert len(texts) >= RETOLD_ACTIONS and texts[-1].startswith("Game resumed")
