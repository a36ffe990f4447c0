"""A scoring screen holds the game: while its table is up, no seat plays behind it
(the human's move brings the scoring with an AI seat next, or an AI's own move
brings it)."""

from __future__ import annotations

import random
import time

import pytest

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.engine import new_game
from hacienda_game.session.plan import GamePlan, SeatPlan


def before_a_scoring(plan: GamePlan, ai_next: bool):
    """A game up to the move that brings the first scoring (with an AI seat to
    play after it, if asked), and that move."""
    for seed in range(40):
        state = new_game("symmetric", players=2, seed=4)
        rng = random.Random(seed)
        while not state.is_over():
            action = state.random_action(rng)
            trial = state.clone()
            if any(e.kind == "scoring" for e in trial.apply(action)):
                if trial.is_over() or (ai_next and plan.seats[trial.current].kind == "human"):
                    break           # the final scoring, or a human next: another game
                return state, action
            state.apply(action)
    raise AssertionError("no game of 40 had such a scoring")


@pytest.mark.parametrize("second", ["human", "easy"])
def test_no_seat_plays_while_the_scoring_table_is_up(driver, second):
    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0, kind="easy"),
                                  SeatPlan("Bo", colour=1, kind=second)], 4)
    state, action = before_a_scoring(plan, ai_next=second == "human")
    play = PlayScene(plan, state=state)
    driver.app.reset(play)
    driver.frames(2)
    if second == "human":
        play.layer.perform(action)          # Bo's move brings it; Ana (AI) is next
    assert driver.wait_until(lambda: isinstance(driver.top, ScoringScene), 60)
    played = len(play.layer.view(1).history)
    end = time.monotonic() + 3
    while time.monotonic() < end:           # the AI has time to think and would play
        driver.frames(1)
        assert isinstance(driver.top, ScoringScene)
    assert len(play.layer.view(1).history) == played
