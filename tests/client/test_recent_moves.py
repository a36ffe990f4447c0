"""What just happened: the other seats' moves since a seat last acted are
marked on the board in the mover's colour, until that seat acts."""

from __future__ import annotations

import random

import pygame

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.play.recent import RecentMoves
from hacienda_game.engine import new_game
from hacienda_game.session.plan import GamePlan, SeatPlan


def play_until_a_turn_ends(state, rng, notes):
    """Random actions of the seat to play, its turn ended; each action's events noted."""
    seat = state.current
    while state.current == seat and not state.is_over():
        notes(state.apply(state.random_action(rng)))


def test_a_seat_sees_the_others_moves_since_its_last_action_until_it_acts():
    state = new_game("symmetric", 3, seed=11)
    recent = RecentMoves(3)
    rng = random.Random(11)
    board_events = []

    def notes(events):
        recent.note(events, state.board)
        board_events.append(events)

    turns = 0
    while turns < 9 or state.current != 0 or not recent.since(0):   # all have moved
        play_until_a_turn_ends(state, rng, notes)
        turns += 1
        assert turns < 60 and not state.is_over()
    since = recent.since(0)
    assert since and {m.seat for m in since} <= {1, 2}
    # Exactly the board moves of seats 1 and 2 since seat 0 ended its turn.
    last0 = max(i for i, events in enumerate(board_events)
                if any(e.seat == 0 for e in events))
    expected = [(e.seat, e.kind) for events in board_events[last0 + 1:] for e in events
                if e.kind in ("tile_placed", "animal_placed", "water_placed",
                              "hacienda_placed", "harvest", "market_paid")]
    kinds = {"tile_placed": "placed", "animal_placed": "placed", "water_placed": "water",
             "hacienda_placed": "hacienda", "harvest": "harvest", "market_paid": "payout"}
    assert [(m.seat, m.kind) for m in since] == [(s, kinds[k]) for s, k in expected]
    for m in since:                                # marked where they happened
        for h in m.hexes:
            assert any(mark[:2] == (h, m.seat) for mark in recent.marks(0)) or \
                any(later.hexes.count(h) for later in since[since.index(m) + 1:])
    assert not recent.since(2) or {m.seat for m in recent.since(2)} <= {0, 1}
    # Seat 0 acts: its marks are gone; an undo of that action brings them back.
    before = recent.marks(0)
    notes(state.apply(next(a for a in state.legal_actions() if a.verb == "buy")))
    assert recent.marks(0) == ()
    recent.take_back()
    assert recent.marks(0) == before


def test_the_play_screen_marks_the_other_seats_moves_on_its_board(driver):
    plan = GamePlan("symmetric", [SeatPlan(n, colour=i) for i, n in enumerate(["Ana", "Bo"])],
                    5, open_hands=True)
    play = PlayScene(plan)
    driver.app.reset(play)
    driver.frames(2)
    state = play.layer._state
    # Ana ends her turns; Bo plays until a land tile of his is on the board.
    placed = None
    while placed is None or state.current == 1:
        legal = state.legal_actions()
        end = next(a for a in legal if a.kind == "end")
        if state.current == 0:
            action = end
        else:
            action = next((a for a in legal if a.kind == "play land"), None)
            if action is not None and placed is None:
                placed = state.board.index[action.cells[0]]
            elif placed is None:
                action = next((a for a in legal if a.kind == "buy land"), end)
            else:
                action = end
        play.layer.perform(action)
    driver.frames(3)
    assert play.viewer == 0 and state.current == 0
    marks = play.board_model(play.observation()).recent
    bo = plan.seats[1].colour
    assert (placed, bo, "placed") in marks
    # On screen: the hex's edge in Bo's colour, edged in white.
    screen = driver.app.screen
    outline = play.view.polygon(placed)
    edge = pygame.Surface(screen.get_size())
    pygame.draw.polygon(edge, (255, 255, 255), outline, 3)
    colour = driver.app.art.seat_colour(bo)
    hits = sum(tuple(screen.get_at((x, y)))[:3] == tuple(colour)
               for x, y in _lit(edge, play.view.area))
    assert hits >= 20
    # Ana acts: the marks are gone.
    play.layer.perform(next(a for a in state.legal_actions() if a.verb == "buy"))
    driver.frames(2)
    assert play.board_model(play.observation()).recent == ()


def _lit(surface, area):
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            if surface.get_at((x, y))[0]:
                yield x, y


def test_moves_retold_late_go_before_the_new_ones():
    """A long resumed game retells its past on a thread: those moves come in
    after the first new ones, and still count as older."""
    state = new_game("symmetric", 3, seed=12)
    rng = random.Random(12)
    whole, older, newer = RecentMoves(3), RecentMoves(3), RecentMoves(3)
    turns = 0
    while turns < 9 or not whole.since(0):
        seat = state.current
        while state.current == seat:
            events = state.apply(state.random_action(rng))
            whole.note(events, state.board)
            (older if turns < 6 else newer).note(events, state.board)
        turns += 1
        assert turns < 60
    merged = newer.after(older)
    assert [m.hexes for m in merged.moves] == [m.hexes for m in whole.moves]
    for seat in range(3):
        assert merged.marks(seat) == whole.marks(seat)
