"""The scoring screens' charts plot the game record: the same lines for a game
played through and for the same game loaded from a save; pesos start at 20."""

from __future__ import annotations

import random

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan


def _plan() -> GamePlan:
    return GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 5,
                    open_hands=True)


def _actions(plan: GamePlan) -> list:
    game = new_game(plan.map, len(plan.seats), seed=plan.seed)
    rng = random.Random(5)
    while not game.is_over():
        game.apply(game.random_action(rng))
    return list(game.history)


def _final_charts(driver, plan: GamePlan, state, actions) -> list:
    play = PlayScene(plan, state=state)
    driver.app.push(play)
    driver.frames(1)
    for action in actions:
        play.layer.perform(action)
    final = [s for s in play.pending if isinstance(s, ScoringScene) and s.which == "final"]
    assert final, "the game ended with the final scoring"
    driver.app.pop()
    return [(list(s[1]), list(s[2]), list(s[3])) for s in final[-1].samples]


def test_the_charts_are_the_same_after_a_reload_and_pesos_start_at_20(driver, home):
    driver.app.settings.anim_speed = "off"
    plan = _plan()
    actions = _actions(plan)
    played = _final_charts(driver, plan, None, actions)
    # The same game saved a few actions before its end, loaded, and finished.
    upto = len(actions) - 3
    part = new_game(plan.map, len(plan.seats), seed=plan.seed)
    for action in actions[:upto]:
        part.apply(action)
    saves.save_game(part, plan, "Almost done")
    loaded = saves.load_game(saves.find_save("Almost done"))
    assert loaded.state.history == part.history
    reloaded = _final_charts(driver, plan, loaded.state, actions[upto:])
    assert reloaded == played
    start_scores, start_money, start_points = reloaded[0]
    assert start_money == [20, 20], "pesos start at 20"
    assert start_scores == [0, 0] and max(start_points) < 10, "no spike at the first turn"
    assert len(reloaded) > 20, "a sample after every turn"


def test_the_intermediate_points_chart_ends_at_the_leaders_points(driver, home):
    """The points chart plots the points the track showed (the record), not what a
    scoring would give: at the first scoring its axis ends at the leader's points."""
    driver.app.settings.anim_speed = "off"
    plan = _plan()
    play = PlayScene(plan)
    driver.app.push(play)
    driver.frames(1)
    rng = random.Random(5)
    game = play.layer.game
    while not any(isinstance(s, ScoringScene) for s in play.pending):
        play.layer.perform(game.random_action(rng))
    scoring = next(s for s in play.pending if isinstance(s, ScoringScene))
    assert scoring.which == "intermediate" and max(scoring.scores) > 10
    drawn = {}

    def chart(surface, rect, title, series):
        drawn[title] = series

    driver.app.pop()
    scoring.chart = chart
    driver.app.push(scoring)
    scoring.t = scoring.reveal_end
    driver.frames(1)
    points = drawn["Points over the game"]
    assert points[-1] == scoring.scores, "the last point is each seat's points now"
    assert max(v for row in points for v in row) == max(scoring.scores), \
        "the axis ends at the leader's points"
    assert drawn["Pesos over the game"][0] == [20, 20]


def test_level_lines_in_the_points_chart_each_stay_visible(driver, home):
    """Seats level at 0 (or anywhere) do not hide each other's line: every
    seat's colour shows along the chart's bottom, every emblem at its end."""
    import pygame

    plan = GamePlan("symmetric", [SeatPlan(n, colour=i) for i, n in
                                  enumerate(["Ana", "Bruno", "Carmen", "Dieter"])], 5,
                    open_hands=True)
    series = [[0, 0, 0, 0]] * 10 + [[0, 0, 0, 3]]
    samples = [(k, row, [20] * 4, row) for k, row in enumerate(series)]
    scene = ScoringScene("intermediate", [], plan, [0, 0, 0, 3], samples, None)
    driver.app.push(scene)
    driver.frames(1)
    surface = pygame.Surface((400, 200))
    rect = pygame.Rect(0, 0, 400, 200)
    scene.chart(surface, rect, "Points over the game", series)
    art = driver.app.art
    band = pygame.Rect(120, 100, 150, 100)     # the flat middle of the lines
    inks = {tuple(surface.get_at((x, y)))[:3] for x in range(band.x, band.right)
            for y in range(band.y, band.bottom)}
    for seat in plan.seats:
        assert tuple(art.seat_ink(seat.colour))[:3] in inks, seat.name
