"""A named save of a game loaded while that game's autosave stayed: the loaded
game takes the autosave over, so once it is played to its end Continue no
longer offers its older position (a game already finished must never come
back). A different game, or the same game gone another way, is left alone."""

from __future__ import annotations

import random

import pytest

from hacienda_game.engine import new_game
from hacienda_game.session.keeper import GameKeeper
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.unfinished import release, slots
from hacienda_game.session.userdirs import saves_dir


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    release(saves_dir())
    yield tmp_path
    release(saves_dir())


def plan() -> GamePlan:
    return GamePlan("symmetric", [SeatPlan("Ana", "random", 0), SeatPlan("Bo", "random", 1)], 5)


def played(keeper: GameKeeper, state, rng: random.Random, count: int | None) -> None:
    n = 0
    while not state.is_over() and (count is None or n < count):
        action = state.random_action(rng)
        keeper.note(state, action, state.apply(action))
        n += 1


def test_the_loaded_game_played_to_its_end_leaves_nothing_to_continue(home):
    rng = random.Random(5)
    first = GameKeeper(plan())
    state = new_game("symmetric", 2, 5)
    played(first, state, rng, 12)
    first.close()                                       # quit to the menu: round 1 kept
    assert [p.name for p in slots(saves_dir())] == ["autosave.json"]

    loaded = state.clone()                              # the named save of that very game
    second = GameKeeper(plan())
    played(second, loaded, rng, None)
    second.close()
    assert loaded.is_over()
    assert slots(saves_dir()) == []                     # nothing finished is offered again


def test_the_same_game_gone_another_way_is_not_taken_over(home):
    first = GameKeeper(plan())
    state = new_game("symmetric", 2, 5)
    start = state.clone()
    played(first, state, random.Random(5), 12)
    first.close()

    other = start.clone()                               # an earlier save, played otherwise
    second = GameKeeper(plan())
    played(second, other, random.Random(99), 12)
    second.close()
    assert other.history[:12] != state.history[:12]
    assert sorted(p.name for p in slots(saves_dir())) == ["autosave-2.json", "autosave.json"]
