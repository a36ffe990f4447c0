"""The play screen's feedback: payouts with big coins and a counting purse (and
its clinks), the numbered track's pieces with score pops at a scoring, haciendas
that never pile up marks on a hex, and the end of the game as an event."""

from __future__ import annotations

import random

import pygame

from hacienda_game.client.anim import CoinFly, Pop, Purse
from hacienda_game.client.boardview import BoardView
from hacienda_game.client.scenes.celebration import CelebrationScene
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.play.parts import viewmodel as vm
from hacienda_game.client.scenes.play.parts.board import BoardDrawing
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.engine import new_game, observe
from hacienda_game.engine.groups import LAND
from hacienda_game.session.plan import GamePlan, SeatPlan


def start(driver, seats: int = 3) -> PlayScene:
    plan = GamePlan("symmetric", [SeatPlan(n, colour=i) for i, n in
                                  enumerate(["Ana", "Bo", "Cy", "Di"][:seats])], 4,
                    open_hands=True)
    play = PlayScene(plan)
    driver.app.reset(play)
    driver.frames(2)
    return play


def play_until(play, wanted: str, seed: int = 9):
    """Random moves until the next one brings an event of that kind; that move
    is made with nothing else on screen.  Returns its events."""
    state = play.layer._state
    rng = random.Random(seed)
    for _ in range(3000):
        action = state.random_action(rng)
        trial = state.clone()
        if any(e.kind == wanted for e in trial.apply(action)):
            play.anims.clear()
            play.pending.clear()
            return play.layer.perform(action)
        play.layer.perform(action)
        play.pending.clear()
    raise AssertionError(f"no {wanted} in 3000 moves")


def test_a_payout_shows_big_coins_and_a_counting_purse_with_clinks(driver):
    play = start(driver)
    cued = driver.app.sound.cued
    cued.clear()
    events = play_until(play, "market_paid")
    paid = next(e for e in events if e.kind == "market_paid")
    purses = [a for a in play.anims.items if isinstance(a, Purse)]
    assert [p.amount for p in purses] == [paid.data["amount"]]
    assert sum(isinstance(a, CoinFly) for a in play.anims.items) >= 3
    assert 0.8 <= purses[0].duration <= 1.4 * driver.app.settings.anim_factor + 0.01
    driver.frames(90)
    assert cued.count("purse") >= 3


def test_a_scoring_moves_the_track_pieces_with_score_pops_over_them(driver):
    play = start(driver)
    events = play_until(play, "scoring")
    table = next(e for e in events if e.kind == "scoring").data["table"]
    track = play.layout.track
    pops = [a for a in play.anims.items if isinstance(a, Pop)
            and a.area is not None and a.area.contains(track)]
    scored = sum(1 for row in table for cat in ("markets", "chains", "haciendas", "water")
                 if row[cat])
    assert len(pops) == scored > 0
    before = [t.value for t in play.score_tick]
    driver.frames(120)
    after = [t.value for t in play.score_tick]
    assert after != before and after == [t.target for t in play.score_tick]
    for pop in pops:                        # each rose from over the track
        assert abs(pop.pos[1] - (track.y + 2)) <= 1


def test_a_hex_with_a_hacienda_shows_no_more_than_two_marks(driver):
    """On a land tile the hacienda carries the emblem, so its tile is the ring
    alone: the hacienda and, at most, a harvest chip.  On an animal's token it
    is the small one, in the corner, and the animal stays in sight."""
    def both_kinds(state) -> bool:
        kinds = {state.kind[h] == LAND for h in state.haciendas}
        return kinds == {True, False} and bool(state.chips)

    for seed in range(60):              # a game with haciendas on land and on an animal
        state = new_game("symmetric", 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and not both_kinds(state):
            state.apply(state.random_action(rng))
        if both_kinds(state):
            break
    assert both_kinds(state)
    obs = observe(state, 0)
    art = driver.app.art
    view = BoardView(state.board, pygame.Rect(0, 0, 700, 400))
    model = vm.BoardModel(obs, 0, (0, 1), False, frozenset(), None, None, None, 0.0, False)
    wanted = BoardDrawing(view, art).wanted(model)
    for h in state.haciendas:
        tile, house = wanted[(h, 0)][0], wanted[(h, 1)][0]
        if state.kind[h] == LAND:
            assert tile.startswith("land_built_") and house.startswith("hacienda_"), tile
            assert "small" not in house
        else:
            assert tile.startswith("animal_") and house.startswith("hacienda_small_"), house
    for (h, layer), (name, _pos) in wanted.items():
        if layer == 0 and name.startswith("land_") and h not in state.haciendas:
            assert not name.startswith("land_built_")


def test_the_end_of_the_game_is_the_tally_then_the_podium_then_the_crown_and_charts(driver):
    """As commercial games end: the final tally category by category first,
    then the winner's podium, then the crown and the charts."""
    play = start(driver, seats=2)
    play_until(play, "game_over")
    assert not any(isinstance(s, CelebrationScene) for s in play.pending)
    assert driver.wait_until(lambda: isinstance(driver.top, ScoringScene), 30)
    final = driver.top
    assert final.which == "final" and final.revealed < 1, "the tally starts at its first row"
    drawn: list[str] = []
    real_winner, real_charts = final.draw_winner, final.draw_charts
    final.draw_winner = lambda surface: (drawn.append("crown"), real_winner(surface))
    final.draw_charts = lambda surface: (drawn.append("charts"), real_charts(surface))
    driver.frames(int(final.reveal_end * 60) + 5)       # every category counted
    assert final.revealed >= 7 and drawn == [], "the crown or the charts before the podium"
    assert [b.label for b in final.buttons] == ["Continue"]
    driver.click((20, 20))
    party = driver.top
    assert isinstance(party, CelebrationScene)
    driver.frames(30)
    assert "fanfare" in driver.app.sound.cued
    driver.click((20, 20))
    assert driver.top is final
    driver.frames(2)
    assert "crown" in drawn and "charts" in drawn
    assert final.buttons[0].label == "Back to menu"
