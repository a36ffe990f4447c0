"""The final scoring's key moments: the winner's three best turns, told in the
log's words, each opening the replay viewer at that turn (the coach)."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.ai import choose_action
from hacienda_game.engine import new_game, observe
from hacienda_game.engine.record import make_record
from hacienda_game.session.plan import GamePlan, SeatPlan


def finished_game(seed: int = 3):
    state = new_game("symmetric", players=2, seed=seed)
    n = 0
    while not state.is_over():
        state.apply(choose_action("easy", observe(state, state.current), n))
        n += 1
    plan = GamePlan("symmetric", [SeatPlan("Ana", "human", 0), SeatPlan("Bo", "easy", 1)],
                    seed=seed)
    return state, plan


def test_the_moments_are_the_winners_turns_told_in_words():
    from hacienda_game.client.scenes.moments import tell_moments

    state, plan = finished_game()
    record = make_record(state)
    told = tell_moments(record, ["Ana", "Bo"])
    winner = state.winners()[0]
    assert 1 <= len(told) <= 3
    assert [t.moment.turn for t in told] == sorted(t.moment.turn for t in told)
    replayed = new_game("symmetric", players=2, seed=3)
    turn_at = []
    for a in state.history:
        turn_at.append(replayed.turn)
        replayed.apply(a)
    for t in told:
        assert t.moment.seat == winner
        assert turn_at[t.first] == t.moment.turn          # the watch button's action
        assert t.first == 0 or turn_at[t.first - 1] != t.moment.turn
        assert t.headline.startswith(f"Round {(t.moment.turn - 1) // 2 + 1}: "
                                     f"{['Ana', 'Bo'][winner]} gains ")
        assert t.lines and all(["Ana", "Bo"][winner] in line for line in t.lines)
        assert not any("(R" in line for line in t.lines)


def test_key_moments_from_the_final_scoring_open_the_replay_at_that_turn(driver):
    from hacienda_game.client.scenes.moments import MomentsScene, finished_replay
    from hacienda_game.client.scenes.replay import ReplayScene
    from hacienda_game.client.scenes.scoring import ScoringScene

    state, plan = finished_game()
    over = state.winners()
    scene = ScoringScene("final", [], plan, [s.score for s in state.seats], None, over,
                         money=[s.money for s in state.seats],
                         moments=lambda: MomentsScene(finished_replay(state, plan, None)))
    driver.app.push(scene)
    driver.frames(2)
    assert "Key moments" not in [b.label for b in scene.buttons]   # the tally first
    driver.click((20, 20))                              # the first press shows the table
    assert driver.top is scene and scene.t >= scene.reveal_end
    driver.click((20, 20))                              # the winner's podium
    assert driver.top is not scene
    driver.frames(20)
    driver.click((20, 20))                              # back: the crown and the charts
    assert driver.top is scene
    assert "Key moments" in [b.label for b in scene.buttons]
    driver.click_button(scene.buttons, "Key moments")
    moments = driver.top
    assert isinstance(moments, MomentsScene) and moments.told
    w, h = driver.app.canvas_size
    for rect in moments.panels:                         # three panels on the canvas
        assert pygame.Rect(0, 0, w, h).contains(rect)
    chosen = moments.told[-1]
    driver.click_button(moments.buttons, "Watch")       # the first moment's button
    replay = driver.top
    assert isinstance(replay, ReplayScene)
    assert replay.index == moments.told[0].first
    replay.close()
    driver.frames(1)
    assert driver.top is moments
    driver.click(moments.buttons[len(moments.told) - 1].rect.center)
    assert driver.top.index == chosen.first
    driver.top.close()
    driver.frames(1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    driver.frames(2)
    assert driver.top is scene


def test_an_autoplay_final_scoring_offers_no_key_moments(driver):
    from hacienda_game.client.scenes.scoring import ScoringScene

    state, plan = finished_game()
    shown = ScoringScene("final", [], plan, [0, 0], None, [0], money=[0, 0], autoplay=True,
                         moments=lambda: None)
    driver.app.push(shown)
    driver.frames(1)
    assert [b.label for b in shown.buttons] == [shown.button.label]


def test_the_moments_speak_the_coachs_words_checked_against_the_engine():
    """Each line tells an action of the moment's turn as the coach would (its
    place by landmark, never a cell), and the pesos it says were gained are
    what the engine paid for one of that turn's actions."""
    import re

    from hacienda_game.client.scenes.moments import tell_moments

    for seed in (3, 4):
        state, _plan = finished_game(seed)
        told = tell_moments(make_record(state), ["Ana", "Bo"])
        replayed = new_game("symmetric", players=2, seed=seed)
        paid: dict[int, set[int]] = {}
        for a in state.history:
            turn = replayed.turn
            for e in replayed.apply(a):
                if e.kind in ("market_paid", "harvest"):
                    paid.setdefault(turn, set()).add(e.data["amount"])
        # a herd reaching two market sides at once is paid twice: sums count too
        for t in told:
            for line in t.lines:
                assert not re.search(r"\d+,\d+", line)
                assert re.match(r"(Ana|Bo) (played|harvested|built|laid|bought) ", line), line
                gained = re.search(r"\+(\d+) pesos", line)
                if gained:
                    amounts = paid.get(t.moment.turn, set())
                    assert int(gained.group(1)) in amounts or int(gained.group(1)) <= sum(
                        amounts), (line, amounts)


def test_a_human_seat_that_lost_gets_its_own_page_worked_out_by_the_engine():
    """Beside the winner's page, the human seat that lost has one: its place and
    points, where they came from (summing to its points), the category that made
    the biggest difference, and the turns (its own and the winner's) in which the
    gap between them moved most, in the coach's words, places by landmark."""
    import re

    from hacienda_game.ai.coach import key_moments
    from hacienda_game.client.scenes.moments import tell_stories

    state, plan = finished_game(3)
    scores = [s.score for s in state.seats]
    assert state.winners() == [1] and plan.seats[0].is_human, "Ana (human) lost to Bo"
    stories = tell_stories(make_record(state), plan)
    assert [s.seat for s in stories] == [1, 0], "the winner's page, then Ana's"
    winner, ana = stories
    assert (winner.place, ana.place) == (1, 2)
    for story in stories:
        assert story.points == scores[story.seat]
        assert sum(story.sources.values()) == scores[story.seat], story.sources
    assert ana.rival == 1 and ana.rival_sources == winner.sources
    assert ana.headline(plan) == "Ana: place 2 of 2 · 64 points"
    assert winner.headline(plan) == "Bo wins with 86 points!"
    assert ana.where_from().startswith("Where the points came from: Markets ")
    gap = max(winner.sources[k] - ana.sources[k] for k in winner.sources)
    assert re.fullmatch(r"Biggest difference: [A-Za-z ]+ \(Bo (\d+), Ana (\d+)\)",
                        ana.difference(plan))
    found = re.search(r"\(Bo (\d+), Ana (\d+)\)", ana.difference(plan))
    assert int(found.group(1)) - int(found.group(2)) == gap
    # Ana's turns: the gap to the winner, either way, as the coach measures it.
    start = new_game("symmetric", players=2, seed=3)
    every = key_moments(start, list(state.history), 10_000, seat=0)
    assert {m.seat for m in every} == {0, 1}
    largest = sorted(abs(m.gain) for m in every)[-3:]
    assert sorted(abs(t.moment.gain) for t in ana.told) == largest
    for t in ana.told:
        assert "Ana" in t.headline and "Bo" in t.headline
        assert t.headline.startswith(f"Round {(t.moment.turn - 1) // 2 + 1}: ")
        assert ("Bo pulls" in t.headline) == (t.moment.seat == 1 and t.moment.gain < 0)
        mover = ["Ana", "Bo"][t.moment.seat]
        assert t.lines and all(line.startswith(mover) for line in t.lines)
        assert not any(re.search(r"\d+,\d+", line) for line in t.lines)


def test_the_key_moments_open_on_the_page_of_the_human_who_lost(driver):
    from hacienda_game.client.scenes.moments import MomentsScene, finished_replay

    state, plan = finished_game(3)
    moments = MomentsScene(finished_replay(state, plan, None))
    driver.app.push(moments)
    driver.frames(2)
    assert moments.story.seat == 0 and [t.label for t in moments.tabs] == ["Bo", "Ana"]
    driver.click(moments.tabs[0].rect.center)
    assert moments.story.seat == 1 and moments.told and \
        all(t.moment.seat == 1 for t in moments.told)
    w, h = driver.app.canvas_size
    for rect in [moments.head, *moments.panels]:
        assert pygame.Rect(0, 0, w, h).contains(rect)


def test_a_human_seat_off_the_podium_reads_its_place_large_in_its_colour(driver,
                                                                         monkeypatch):
    from hacienda_game.client.assets import Font
    from hacienda_game.client.scenes.celebration import CelebrationScene

    plan = GamePlan("symmetric", [SeatPlan("Ana", "human", 0), SeatPlan("Bo", "easy", 1),
                                  SeatPlan("Cy", "easy", 2), SeatPlan("Di", "easy", 3)], 1)
    scene = CelebrationScene(plan, [26, 81, 149, 108], [2])
    driver.app.push(scene)
    driver.frames(2)
    drawn = []
    draw = Font.draw

    def record(self, target, text, pos, colour=None, *args, **kw):
        drawn.append((self, text, colour))
        return draw(self, target, text, pos, *((colour,) if colour else ()), *args, **kw)

    monkeypatch.setattr(Font, "draw", record)
    scene.draw(driver.app.screen)
    art = driver.app.art
    name = [(font, colour) for font, text, colour in drawn if "Ana" in text]
    assert name and all(font is art.fonts.large for font, _c in name)
    assert (art.fonts.large, art.seat_text_colour(0)) in name, "Ana in her colour"
    assert any(font is art.fonts.large and "26 points" in text and "4" in text
               for font, text, _c in drawn), "her place and points, large"


def test_a_moment_shows_whole_sentences_only(home, monkeypatch):
    """On a narrow canvas in German a panel holds fewer sentences: each one shown
    is shown whole, never cut after its first row."""
    from hacienda_game import i18n
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.moments import MomentsScene, finished_replay

    from .drawnhelp import record_drawn, show

    app = App(Options(headless=True, language="de", screen=(720, 540)))
    try:
        state, plan = finished_game(3)
        scene = MomentsScene(finished_replay(state, plan, None))
        show(app, scene)
        drawn = record_drawn(monkeypatch)
        scene.draw(app.screen)
        rows = {d.text for d in drawn}
        body = app.art.fonts.body
        cut = 0
        for told, rect, button in zip(scene.told, scene.panels, scene.buttons, strict=False):
            for line in told.lines:
                parts = body.wrap(line, button.rect.x - rect.x - 46)
                shown = [p in rows for p in parts]
                assert all(shown) or not any(shown), f"cut: {line!r}"
                cut += not any(shown)
        assert cut, "the narrow German panels leave a sentence out rather than cut it"
    finally:
        app.finish()
        i18n.set_language("en")


@pytest.mark.parametrize("width", [720, 1290])
def test_the_places_beside_the_podium_are_never_cut(home, monkeypatch, width):
    """Beside a narrow (4:3) or wide podium, the 4th and 5th seats' names, places
    and points are drawn whole, large, inside the canvas."""
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.celebration import CelebrationScene

    from .drawnhelp import record_drawn, show

    app = App(Options(headless=True, language="en", screen=(width, 540)))
    try:
        plan = GamePlan("symmetric", [SeatPlan(n, "human" if i in (0, 4) else "easy", colour=i)
                                      for i, n in enumerate(["Ana", "Bo", "Cy", "Di", "Eva"])],
                        1)
        scene = CelebrationScene(plan, [26, 81, 149, 108, 30], [2])
        show(app, scene)
        drawn = record_drawn(monkeypatch)
        scene.draw(app.screen)
        large = [d for d in drawn if d.font is app.art.fonts.large]
        canvas = app.screen.get_rect()
        for words in ("Ana", "Eva", "26 points", "30 points", "Place 4", "Place 5"):
            found = [d for d in large if words in d.text]
            assert found, f"{words!r} is not drawn whole in the large face"
            assert all(canvas.contains(d.rect) for d in found), f"{words!r} leaves the canvas"
    finally:
        app.finish()
