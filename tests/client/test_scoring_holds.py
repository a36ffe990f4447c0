"""A scoring screen holds the game: while its table is up, no seat plays behind it."""

from __future__ import annotations

import random
import time

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.engine import new_game
from hacienda_game.session.plan import GamePlan, SeatPlan


def test_ai_seats_wait_while_the_scoring_table_is_up(driver):
    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0, kind="easy"),
                                  SeatPlan("Bo", colour=1)], 4)
    state = new_game("symmetric", players=2, seed=4)
    rng = random.Random(9)
    while True:             # up to the move that brings a scoring, with the AI next
        action = state.random_action(rng)
        trial = state.clone()
        if any(e.kind == "scoring" for e in trial.apply(action)) and not trial.is_over() \
                and plan.seats[trial.current].kind != "human":
            break
        state.apply(action)
    play = PlayScene(plan, state=state)
    driver.app.reset(play)
    driver.frames(2)
    play.layer.perform(action)
    assert driver.wait_until(lambda: isinstance(driver.top, ScoringScene), 30)
    played = len(play.layer.view(1).history)
    end = time.monotonic() + 3
    while time.monotonic() < end:       # the AI has time to think and would play
        driver.frames(1)
        assert isinstance(driver.top, ScoringScene)
    assert len(play.layer.view(1).history) == played


def test_an_ai_move_that_brings_a_scoring_waits_for_its_table(driver):
    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0, kind="easy"),
                                  SeatPlan("Bo", colour=1, kind="easy")], 4)
    state = new_game("symmetric", players=2, seed=4)
    rng = random.Random(9)
    while True:             # up to the turn that brings a scoring
        action = state.random_action(rng)
        trial = state.clone()
        if any(e.kind == "scoring" for e in trial.apply(action)):
            break
        state.apply(action)
    play = PlayScene(plan, state=state)
    driver.app.reset(play)
    assert driver.wait_until(lambda: isinstance(driver.top, ScoringScene), 60)
    played = len(play.layer.view(1).history)
    end = time.monotonic() + 3
    while time.monotonic() < end:       # the AI has time to think and would play
        driver.frames(1)
        assert isinstance(driver.top, ScoringScene)
    assert len(play.layer.view(1).history) == played
