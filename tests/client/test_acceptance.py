"""Acceptance: the real client, driven only by posted mouse events, from the menu
through a 3-seat hot-seat game to the scoring scene; the engine state matches
every click."""

from __future__ import annotations

import subprocess
import sys

from hacienda_game.client.scenes.menu import MenuScene
from hacienda_game.client.scenes.overlays import Confirm, Privacy
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.client.scenes.setup import SetupScene
from hacienda_game.engine.components import ANIMALS, LAND_CARDS


def set_up_hot_seat_game(driver) -> PlayScene:
    assert isinstance(driver.top, MenuScene)
    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    assert len(setup.seats) == 3
    for i in range(3):
        for _ in range(10):
            if setup.seats[i].is_human:
                break
            kind_button = setup.buttons[4 * i + 2]
            driver.click(kind_button.rect.center)
        assert setup.seats[i].is_human
    driver.click_button(setup.buttons, "Start game")
    play = driver.app.stack[-2] if isinstance(driver.top, Privacy) else driver.top
    assert isinstance(play, PlayScene)
    return play


def pass_privacy(driver, play) -> None:
    """Hot seat: the next player clicks the privacy screen away."""
    assert isinstance(driver.top, Privacy), driver.top
    assert driver.top.name == play.names[play.layer.current]
    driver.click((480, 270))
    assert driver.top is play


def test_hot_seat_game_by_mouse_reaches_scoring(driver):
    play = set_up_hot_seat_game(driver)
    state = play.layer._state            # the test peeks at the truth to check the clicks
    assert [s.is_human for s in play.plan.seats] == [True, True, True]
    pass_privacy(driver, play)

    # First turn: play a land card on a lit hex, then an animal next to it, then end.
    seat = state.current
    land_slot = next(s for s in play.hand_slots if s[1] == "land")
    land_card = land_slot[2]
    driver.click(land_slot[0].center)
    assert play.selection is not None and play.selection.card == land_card
    cell = sorted(play.selection.targets)[0]
    h = state.board.index[cell]
    driver.move(play.view.centres[h])
    assert play.hover_text, "hovering a lit hex previews the action"
    before = state.seats[seat].land_hand[LAND_CARDS.index(land_card)]
    driver.click(play.view.centres[h])
    assert state.piece_at(cell) == ("land", seat)
    assert state.seats[seat].land_hand[LAND_CARDS.index(land_card)] == before - 1
    assert state.actions_taken == 1

    # An illegal click explains itself and changes nothing.
    animal_slot = next(s for s in play.hand_slots if s[1] == "animal")
    animal = animal_slot[2]
    driver.click(animal_slot[0].center)
    targets = play.selection.targets
    far = next(i for i, c in enumerate(state.board.cells)
               if c not in targets and state.kind[i] == 0)
    snapshot = state.snapshot()
    driver.click(play.view.centres[far])
    assert state.snapshot() == snapshot
    assert play.message, "an illegal click says why"
    target = sorted(targets)[0]
    driver.click(play.view.centres[state.board.index[target]])
    assert state.piece_at(target) == (animal, seat)
    assert state.actions_taken == 2

    # Ending with an action left asks first; "No" keeps the turn, "Yes" ends it.
    driver.click(play.b_end.rect.center)
    assert isinstance(driver.top, Confirm) and state.current == seat
    driver.click_button(driver.top.buttons, "No")
    assert driver.top is play and state.current == seat
    driver.click(play.b_end.rect.center)
    driver.click_button(driver.top.buttons, "Yes")
    assert state.current != seat
    pass_privacy(driver, play)

    # Then every player buys animal cards blind from the deck until the first
    # animal stack runs out and the round ends: the intermediate scoring.
    deck_slot = next(s for s in play.market_slots if s[1] == "animal" and s[2] is None)
    for _turn in range(30):
        seat = state.current
        for _ in range(3):
            hand = sum(state.seats[seat].animal_hand)
            money = state.seats[seat].money
            deck = next(s for s in play.market_slots if s[1] == "animal" and s[2] is None)
            if state.actions_taken >= 3 or deck is None:
                break
            driver.click(deck_slot[0].center)
            assert sum(state.seats[seat].animal_hand) == hand + 1
            assert state.seats[seat].money == money - 2
        driver.click(play.b_end.rect.center)
        if state.scorings_done:
            # The board shows what each category counts, then the table comes.
            assert driver.top is play
            for _ in range(600):
                if isinstance(driver.top, ScoringScene):
                    break
                driver.frames(1)
            break
        pass_privacy(driver, play)
    else:
        raise AssertionError("no scoring after 30 turns")

    scoring = driver.top
    assert scoring.which == "intermediate"
    assert state.scorings_done == 1
    assert [row["total"] for row in scoring.table] == [s.score for s in state.seats]
    # The scoring animates category by category; a click shows all, another goes on.
    driver.frames(5)
    driver.click((480, 270))
    driver.click((480, 270))
    assert not isinstance(driver.top, ScoringScene)
    assert sum(len(s.animal_hexes[ANIMALS.index(animal)]) for s in state.seats) >= 1


def test_autoplay_command_finishes_a_whole_game(tmp_path):
    """The acceptance command line: four easy AI seats play a whole game."""
    frames = tmp_path / "frames.json"
    shot = tmp_path / "end.png"
    result = subprocess.run(
        [sys.executable, "-m", "hacienda_game.cli", "--autoplay", "--headless",
         "--seats", "easy,easy,easy,easy", "--seed", "11", "--max-frames", "20000",
         "--frame-log", str(frames), "--screenshot", str(shot)],
        capture_output=True, text=True, timeout=300,
        env={**__import__("os").environ, "HACIENDA_HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "game over after" in result.stdout
    assert "Traceback" not in result.stderr
    import json

    log = json.loads(frames.read_text())
    assert log["result"]["winners"]
    assert 0 < log["frames"] <= 20000
    assert shot.stat().st_size > 1000


def test_realtime_headless_runs_at_sixty_frames_a_second(tmp_path):
    """--realtime keeps the real clock: frames go on while the AI thinks."""
    import json
    import time

    frames = tmp_path / "frames.json"
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "hacienda_game.cli", "--autoplay", "--headless", "--realtime",
         "--seats", "random,random", "--seed", "3", "--max-frames", "45",
         "--frame-log", str(frames)],
        capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "HACIENDA_HOME": str(tmp_path)})
    took = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    assert "stopped after 45 frames" in result.stdout
    assert json.loads(frames.read_text())["frames"] == 45
    assert took >= 45 / 60 * 0.9        # paced by the clock, not as fast as it can
