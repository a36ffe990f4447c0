"""The Hint command in the real client (client/hint.py): the coach's action lit
on the board with its reason, asked by button or key; the game state never
changes; at a hot seat it shows only for the seat to move; off when the table
plays without hints."""

from __future__ import annotations

import re

import pygame
import pytest

import hacienda_game.ai as ai
from hacienda_game.ai import choose_action
from hacienda_game.client.scenes.overlays import Privacy
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.session.plan import GamePlan, SeatPlan
from tests.helpers_ai import Ready


class CoachWorker:
    """Stands in for the hint's AI process: hard at a small budget, at once."""

    asked: list = []

    def think(self, level, obs, seed, budget=None):
        CoachWorker.asked.append((level, obs))
        return Ready(choose_action(level, obs, seed, ai.Budget(iterations=2)))

    def close(self) -> None:
        pass


@pytest.fixture
def coach(monkeypatch):
    CoachWorker.asked = []
    monkeypatch.setattr(ai, "AIWorker", CoachWorker)


def _key(driver, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    driver.frames(3)


def _start(driver, hints: bool = True, open_hands: bool = False) -> PlayScene:
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1)], 6,
                    open_hands=open_hands, hints=hints)
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    if isinstance(driver.top, Privacy):
        driver.click((480, 270))
    play = driver.top
    assert isinstance(play, PlayScene)
    return play


def test_the_hint_lights_the_coachs_action_and_changes_nothing(driver, coach):
    play = _start(driver, open_hands=True)
    before = play.layer.game.snapshot()
    driver.click(play.coach.button.rect.center)
    driver.frames(3)
    advice = play.coach.visible_advice()
    assert advice is not None and play.layer.game.is_legal(advice.action)
    assert play.layer.game.snapshot() == before
    level, obs = CoachWorker.asked[0]
    assert level == "hard" and obs.seat == play.layer.current
    if advice.action.cells:
        assert play.coach.hexes()
    assert "(R" not in advice.text


def test_at_a_hot_seat_the_hint_shows_only_for_the_seat_to_move(driver, coach):
    play = _start(driver)
    first = play.layer.current
    _key(driver, pygame.K_t)
    assert play.coach.visible_advice() is not None
    play.layer.perform(next(a for a in play.layer.legal() if a.verb == "end"))
    driver.frames(2)
    # The next player: the hand-off screen first; the last player's hint is gone.
    assert play.coach.visible_advice() is None
    assert isinstance(driver.top, Privacy)
    assert not play.coach.allowed()
    driver.click((480, 270))
    driver.frames(2)
    assert driver.top is play and play.layer.current == 1 - first
    assert play.coach.visible_advice() is None
    # What the coach holds now it worked out ahead for the new seat, not the last one.
    assert play.coach.advice is None or play.coach.asked[0] == 1 - first
    _key(driver, pygame.K_t)
    assert play.coach.visible_advice() is not None
    assert CoachWorker.asked[-1][1].seat == 1 - first


def test_a_table_without_hints_has_no_hint(driver, coach):
    play = _start(driver, hints=False, open_hands=True)
    assert play.coach.button is None
    _key(driver, pygame.K_t)
    assert play.coach.visible_advice() is None and not CoachWorker.asked
    assert "off" in play.message


def test_the_coach_works_ahead_and_answers_at_once_when_asked(driver, coach):
    play = _start(driver, open_hands=True)
    driver.frames(2)
    # Before anyone asks, the AI process already thinks about this position...
    assert len(CoachWorker.asked) == 1 and CoachWorker.asked[0][1].seat == play.layer.current
    assert play.coach.visible_advice() is None                 # ...and shows nothing yet
    play.coach.request()
    assert play.coach.visible_advice() is not None             # asked: there at once
    assert len(CoachWorker.asked) == 1
    text = play.coach.visible_advice().text
    assert not re.search(r"\d+,\d+", text)                   # places by landmark


def test_a_position_seen_before_is_answered_from_the_kept_answers(driver, coach):
    play = _start(driver, open_hands=True)
    driver.frames(2)
    play.coach.request()
    first = play.coach.visible_advice()
    before = play.layer.game.clone()
    play.layer.perform(next(a for a in play.layer.legal() if a.verb == "buy"))
    driver.frames(2)
    assert play.coach.visible_advice() is None                 # the game moved on
    asked = len(CoachWorker.asked)
    play.layer.restore(before)                                 # back to that position
    driver.frames(2)
    play.coach.request()
    assert play.coach.visible_advice() == first
    assert len(CoachWorker.asked) == asked                     # no new thinking


def test_the_hint_lights_the_card_or_button_its_action_starts_with(driver, coach):
    """A card to play is lit in the hand, a card to buy on the display (the
    deck for a blind buy), an action on its button."""
    play = _start(driver, open_hands=True)
    driver.frames(2)
    play.coach.request()
    advice = play.coach.visible_advice()
    assert advice is not None
    action = advice.action
    rect = play.coach.target()
    if action.verb == "play":
        assert any(r == rect and card == action.card for r, _i, card in play.hand_slots)
    elif action.verb == "buy" and action.item in ("land", "animal"):
        assert any(r == rect and (item, card) == (action.item, action.card)
                   for r, item, card in play.market_slots)
    else:
        assert rect is not None
    # each kind of action finds its place
    from dataclasses import replace

    from hacienda_game.engine import Action

    for a in play.layer.legal():
        play.coach.advice = replace(advice, action=a)
        found = play.coach.target()
        assert found is not None, a
        if a.verb == "play":
            assert found in [r for r, _i, c in play.hand_slots if c == a.card]
    play.coach.advice = replace(advice, action=Action("end"))
    assert play.coach.target() == play.b_end.rect
    # drawn: a gold outline around it
    play.coach.advice = advice
    surf = pygame.Surface(driver.app.canvas_size)
    play.coach.draw(surf)


def test_a_hint_never_looks_like_a_selection_and_goes_when_a_card_is_picked(driver, coach):
    """The hint rings its card in its own colour, not the selection's gold,
    and its marks go as soon as the player picks a card of their own."""
    from hacienda_game.client.assets import GOLD
    from hacienda_game.client.scenes.play.parts import hint as hint_part

    play = _start(driver, open_hands=True)
    driver.frames(2)
    play.coach.request()
    driver.frames(1)
    assert play.coach.model() is not None and play.coach.model().caption
    assert hint_part.OUTLINE != GOLD
    surface = pygame.Surface((200, 120))
    surface.fill((0, 0, 0))
    hint_part.dashed(surface, [(10, 10), (190, 10), (190, 110), (10, 110)])
    seen = {tuple(surface.get_at((x, 10)))[:3] for x in range(10, 190)}
    assert tuple(GOLD)[:3] not in seen and tuple(hint_part.OUTLINE)[:3] in seen
    rect, item, card = play.hand_slots[0]
    driver.click(rect.center)
    driver.frames(2)
    assert play.selection is not None and play.selection.card == card
    assert play.coach.model() is None                     # the hint's marks are gone
    play.coach.request()                                  # asked again: there at once
    assert play.coach.model() is not None
