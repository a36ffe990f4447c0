"""While a scoring shows on the board, the panels tell that scoring: the header
keeps the round being scored, the status says the scoring is being counted
(not that the AI seats are playing), and the log names the winner only once
the scoring's scenes come up."""

from __future__ import annotations

import random

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.engine import new_game
from hacienda_game.session.plan import GamePlan, SeatPlan


def before(final: bool):
    """A game up to the move that brings its first intermediate scoring (or
    its final one), and that move."""
    for seed in range(40):
        state = new_game("symmetric", players=2, seed=4)
        rng = random.Random(seed)
        while not state.is_over():
            action = state.random_action(rng)
            trial = state.clone()
            events = trial.apply(action)
            if any(e.kind == "scoring" for e in events):
                if trial.is_over() == final:
                    return state, action
                if not final:
                    break
            state.apply(action)
    raise AssertionError("no game of 40 had such a scoring")


def shown(driver, final: bool):
    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0, kind="human"),
                                  SeatPlan("Bo", colour=1, kind="easy")], 4)
    state, action = before(final)
    play = PlayScene(plan, state=state)
    driver.app.reset(play)
    driver.frames(2)
    round_before = play.observation().round
    play.layer.perform(action)
    driver.frames(3)
    assert driver.top is play and play.pending          # the board shows the scoring
    return play, round_before


def test_the_header_and_status_tell_the_intermediate_scoring_shown(driver):
    play, round_before = shown(driver, final=False)
    assert play.observation().round == round_before + 1    # the engine is on
    panels = play.shown_panels
    assert panels.header.round == round_before
    assert panels.status.text == "The scoring is being counted."
    driver.click(play.view.area.center)                    # on to the table
    assert driver.top is not play
    driver.app.pop()                                       # back to the board
    driver.frames(2)
    assert play.shown_panels.header.round == round_before + 1
    assert play.shown_panels.status.text != "The scoring is being counted."


def test_the_log_names_the_winner_only_when_the_final_scoring_comes_up(driver):
    play, _round = shown(driver, final=True)
    assert play.shown_panels.status.text == "The scoring is being counted."
    assert not any("Game over" in text for text, _seat in play.story)
    assert any("Final scoring" in text for text, _seat in play.story)
    driver.click(play.view.area.center)                    # the scenes come up
    assert driver.top is not play
    assert any("Game over" in text for text, _seat in play.story)
