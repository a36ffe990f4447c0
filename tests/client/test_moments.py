"""The final scoring's key moments: the winner's three best turns, told in the
log's words, each opening the replay viewer at that turn (the coach)."""

from __future__ import annotations

import pygame

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
    labels = [b.label for b in scene.buttons]
    assert "Key moments" in labels
    driver.click_button(scene.buttons, "Key moments")  # the first press shows the table
    assert driver.top is scene and scene.t >= scene.reveal_end
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
