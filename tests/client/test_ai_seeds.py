"""AI seeds apart from the game seed (R60): the worker of an AI seat gets a
view and a decision seed drawn from the plan's own AI seed, never the seed
that deals the cards, and a resumed game decides as the first run did."""

from __future__ import annotations

import pickle

import pytest

import hacienda_game.ai as ai
from hacienda_game.ai import choose_action, decision_seed
from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.engine import Observation
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from tests.helpers_ai import Ready


class RecordingWorker:
    """Stands in for AIWorker: records every request, answers at once."""

    requests: list[tuple] = []

    def think(self, level, obs, seed, budget=None):
        RecordingWorker.requests.append((level, obs, seed, budget))
        return Ready(choose_action("random", obs, seed))

    def close(self) -> None:
        pass


def _run(driver, plan: GamePlan, moves: int) -> list[tuple]:
    RecordingWorker.requests = []
    driver.app.push(PlayScene(plan))
    for _ in range(400):
        driver.frames(1)
        if len(RecordingWorker.requests) >= moves:
            break
    return list(RecordingWorker.requests)


@pytest.fixture
def recording(monkeypatch):
    monkeypatch.setattr(ai, "AIWorker", RecordingWorker)


def _plan(seed: int, ai_seed: int) -> GamePlan:
    return GamePlan("symmetric", [SeatPlan("A", "easy", 0), SeatPlan("B", "medium", 1)],
                    seed, ai_seed=ai_seed)


def test_r60_an_ai_seats_worker_never_receives_the_game_seed(driver, recording):
    game_seed = 912_345
    requests = _run(driver, _plan(game_seed, ai_seed=77), 12)
    assert len(requests) >= 12
    assert "seed" not in Observation.__dataclass_fields__
    for level, obs, seed, budget in requests:
        assert seed != game_seed
        assert str(game_seed) not in repr(obs)
        assert str(game_seed).encode() not in pickle.dumps((level, obs, seed, budget))
    # The decision seeds follow the AI seed alone: another deal, the same seeds;
    # another AI seed, other seeds.  Nothing in them depends on the game seed.
    seeds = [r[2] for r in requests]
    assert seeds == [decision_seed(77, r[1].seat, len(r[1].history)) for r in requests]
    driver.app.reset(MenuScene())
    other_deal = _run(driver, _plan(4, ai_seed=77), 3)
    assert [decision_seed(77, r[1].seat, len(r[1].history)) for r in other_deal] == \
        [r[2] for r in other_deal]
    assert decision_seed(78, 0, 0) != decision_seed(77, 0, 0)


def test_the_ai_seed_is_drawn_apart_and_kept_in_the_save():
    a, b = _plan(5, 1), GamePlan("symmetric", [SeatPlan("A")], 5)
    assert GamePlan("symmetric", [], 5).ai_seed != b.ai_seed   # from the OS, not the seed
    back = saves.plan_from_dict(saves.plan_to_dict(a))
    assert back.ai_seed == 1 and back == a
    old = saves.plan_to_dict(a)
    del old["ai_seed"]
    assert saves.plan_from_dict(old).ai_seed != 1              # an older save: a fresh one
    with pytest.raises(ValueError):
        saves.plan_from_dict({**saves.plan_to_dict(a), "ai_seed": "x"})
