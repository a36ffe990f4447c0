"""Saved games (hacienda_game.session.saves): atomic writing, refusing broken files
without touching anything, and resuming exactly where the game stood."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from hacienda_game.engine import new_game, replay
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.saves import SaveError


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    return tmp_path


def _plan(players: int = 3, seed: int = 9) -> GamePlan:
    kinds = ["human", "medium", "easy", "random", "hard"]
    return GamePlan("symmetric", [SeatPlan(f"P{i}", kinds[i], i) for i in range(players)], seed)


def _game(steps: int, players: int = 3, seed: int = 9):
    state = new_game("symmetric", players, seed)
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < steps:
        state.apply(state.random_action(rng))
    return state


def _folder_state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def test_resume_after_save_gives_the_identical_state(home):
    state, plan = _game(57), _plan()
    path = saves.autosave(state, plan)
    assert path == home / "saves" / "autosave.json"
    loaded = saves.load_game(path)
    assert loaded.state.snapshot() == state.snapshot()       # every field, hidden ones too
    assert loaded.state.history_text() == state.history_text()
    assert loaded.plan == plan
    assert loaded.round == state.round and loaded.map_title == state.board.title()
    # The same game goes on identically from the loaded state.
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(30):
        a = state.random_action(rng_a)
        assert loaded.state.random_action(rng_b) == a
        state.apply(a)
        loaded.state.apply(a)
    assert loaded.state.snapshot() == state.snapshot()


def test_a_kill_while_writing_leaves_the_previous_save_loadable(home, monkeypatch):
    plan = _plan()
    old = _game(20)
    path = saves.save_game(old, plan, "Evening game")
    before = path.read_bytes()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed while saving")        # the process dies mid-save

    newer = _game(40)
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        saves.save_game(newer, plan, "Evening game")
    monkeypatch.setattr(os, "replace", real_replace)
    assert path.read_bytes() == before
    assert saves.load_game(path).state.snapshot() == old.snapshot()
    assert [p.name for p in path.parent.iterdir()] == [path.name], "temporary file left"

    # A kill half-way through writing the data: the disk fills (OSError) or the
    # process dies; either way the old save is whole and the error is clear.
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "No space")))
    with pytest.raises(SaveError, match="could not be saved"):
        saves.save_game(newer, plan, "Evening game")
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert saves.load_game(path).state.snapshot() == old.snapshot()

    # A real kill leaves its half-written temporary file behind: lists skip it.
    (path.parent / ".evening-game.x1y2.tmp").write_text(path.read_text()[:300])
    listed, problems = saves.list_saves()
    assert [s.name for s in listed] == ["Evening game"] and problems == []


@pytest.mark.parametrize("damage, message", [
    (lambda text: text[: len(text) // 2], "damaged or cut short"),
    (lambda text: "", "empty"),
    (lambda text: text.replace('"actions": [', '"actions": ["buy hacienda 99,99", ', 1),
     "cannot be replayed"),
    (lambda text: text.replace('"kind": "medium"', '"kind": "godlike"'), "neither human"),
    (lambda text: text.replace(saves.FORMAT, "hacienda-save/2"), "another version"),
    (lambda text: json.dumps({"format": "something else"}), "not a saved Hacienda game"),
    (lambda text: "\x00\xff garbage", "damaged or cut short"),
    (lambda text: text.replace('"saved_at": "', '"saved_at": "yesterday', 1), "damaged"),
])
def test_truncated_corrupt_or_wrong_version_saves_are_refused_and_nothing_is_touched(
        home, damage, message):
    plan = _plan()
    good = saves.save_game(_game(30), plan, "Good")
    bad = good.parent / "bad.json"
    bad.write_text(damage(good.read_text()), encoding="utf-8")
    folder = _folder_state(good.parent)
    with pytest.raises(SaveError, match=message) as info:
        saves.load_game(bad)
    assert "bad.json" in str(info.value)
    listed, problems = saves.list_saves()
    if message == "cannot be replayed":
        # Lists read headers only: choosing it replays it and says why.
        assert sorted(s.name for s in listed) == ["Good", "Good"] and problems == []
        with pytest.raises(SaveError, match=message):
            next(s for s in listed if s.path == bad).load()
    else:
        assert [s.name for s in listed] == ["Good"]
        assert [(p.path.name, message in p.reason) for p in problems] == [("bad.json", True)]
    assert _folder_state(good.parent) == folder


def test_named_saves_list_newest_first_and_delete_only_in_the_saves_folder(home, tmp_path):
    plan = _plan()
    assert saves.next_name() == "Game 1"
    saves.save_game(_game(10), plan, saves.next_name())
    assert saves.next_name() == "Game 2"
    saves.save_game(_game(25), plan, "My Game!")
    naive = saves.save_game(_game(5), plan, "Old")       # a date without a time zone
    naive.write_text(re.sub(r'"saved_at": "([^"+]*)\+00:00"', r'"saved_at": "\1"',
                            naive.read_text()))
    assert "+00:00" not in json.loads(naive.read_text())["saved_at"]
    assert saves.load_game(naive).saved_at.tzinfo is not None
    assert len(saves.list_saves()[0]) == 3
    saves.delete_save(naive)
    listed, _ = saves.list_saves()
    assert {s.slot for s in listed} == {"game-1", "my-game"}
    assert listed[0].saved_at >= listed[1].saved_at
    assert listed[0].seat_labels() == ["P0", "P1 (AI medium)", "P2 (AI easy)"]
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    with pytest.raises(SaveError):
        saves.delete_save(outside)
    assert outside.exists()
    saves.delete_save(listed[0].path)
    assert [s.slot for s in saves.list_saves()[0]] == [listed[1].slot]


def test_finished_games_are_kept_and_replay_to_the_same_scores(home):
    state, plan = _game(10_000, players=2, seed=4), _plan(2, seed=4)
    assert state.is_over()
    first = saves.keep_replay(state, plan)
    second = saves.keep_replay(state, plan)
    assert first != second and first.parent == home / "replays"
    entries, problems = saves.list_replays()
    assert len(entries) == 2 and problems == []
    assert entries[0].names == ["P0", "P1"]
    assert entries[0].scores == [s.score for s in state.seats]
    game = saves.load_replay(first)
    assert game.plan == plan
    assert [s.score for s in game.final.seats] == [s.score for s in state.seats]
    assert replay(game.record).snapshot() == state.snapshot()


def test_a_broken_record_is_refused_with_a_clear_message(home, tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"header": {"format": "hacienda-record/1", "map": "symmetric",'
                    ' "players": 2, "seed": 1}, "actions": ["buy land", "fly away"]}')
    with pytest.raises(SaveError, match=r"r\.json: the record cannot be replayed: action 2"):
        saves.load_replay(path)
    path.write_text('{"header": {"format": "hacienda-record/9"}}')
    with pytest.raises(SaveError, match="another version"):
        saves.load_replay(path)
    with pytest.raises(SaveError, match="cannot be read"):
        saves.load_replay(tmp_path / "missing.json")


WRITER = """
import os, random, sys
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.engine import new_game

def game(steps):
    state = new_game("symmetric", 3, 9)
    rng = random.Random(9)
    while len(state.history) < steps:
        state.apply(state.random_action(rng))
    return state

plan = GamePlan("symmetric", [SeatPlan("P0"), SeatPlan("P1", "easy", 1),
                              SeatPlan("P2", "easy", 2)], 9)
states = [game(20), game(120)]
saves.save_game(states[0], plan, "Evening game")
print("ready", flush=True)
i = 1
while True:                       # save over and over until killed
    saves.save_game(states[i % 2], plan, "Evening game")
    i += 1
"""


def test_a_process_killed_while_saving_leaves_a_whole_save(home):
    """The real thing: a process saving in a loop is killed (SIGKILL) at
    random moments; every time, the save on disk loads whole, as one of the
    two games it was writing, and the list shows it without a problem."""
    import signal
    import subprocess
    import sys
    import time

    expected = {_game(20).snapshot().__repr__(), _game(120).snapshot().__repr__()}
    rng = random.Random(5)
    env = dict(os.environ, HACIENDA_HOME=str(home))
    for _kill in range(4):
        writer = subprocess.Popen([sys.executable, "-c", WRITER], env=env,
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert writer.stdout.readline().strip() == "ready"
            time.sleep(rng.uniform(0.02, 0.25))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
        path = home / "saves" / "evening-game.json"
        assert repr(saves.load_game(path).state.snapshot()) in expected
        listed, problems = saves.list_saves()
        assert [s.name for s in listed] == ["Evening game"] and problems == []
