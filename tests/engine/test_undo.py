"""Undo limits (hacienda_game.engine.undo): never past hidden information
revealed (R18, R19, R60) nor the start of the turn (R13); undo is a replay
with one action less (R12)."""

from __future__ import annotations

import random

import pytest

from hacienda_game.engine import make_record, new_game
from hacienda_game.engine.undo import (
    CARD_DRAWN,
    CARD_REVEALED,
    GAME_OVER,
    TURN_START,
    UndoLimit,
    limit_reason,
    replay_with_limit,
    undone,
)


def _play(state, limit: UndoLimit, text: str) -> UndoLimit:
    events = state.apply(text)
    return limit.after(len(state.history), events)


def _first_turn():
    state = new_game("symmetric", 3, seed=11)
    limit = UndoLimit()
    plays = [a for a in state.legal_actions() if a.verb == "play"]
    return state, limit, plays


def test_r23_playing_cards_can_be_undone_back_to_the_start_of_the_turn():
    state, limit, plays = _first_turn()
    start = state.snapshot()
    limit = _play(state, limit, str(plays[0]))
    after_one = state.snapshot()
    second = next(a for a in state.legal_actions() if a.verb == "play")
    limit = _play(state, limit, str(second))
    assert limit == UndoLimit(0, TURN_START)
    back = undone(state, limit)
    assert back.snapshot() == after_one
    back = undone(back, limit)
    assert back.snapshot() == start
    assert back.history_text() == ()
    assert not limit.allows(back)
    with pytest.raises(ValueError, match="turn_start"):
        undone(back, limit)


def test_r18_a_card_bought_blind_cannot_be_undone():
    state, limit, plays = _first_turn()
    limit = _play(state, limit, str(plays[0]))
    limit = _play(state, limit, "buy land")
    assert limit == UndoLimit(2, CARD_DRAWN)
    assert not limit.allows(state)      # neither the buy nor the play before it
    play = next(a for a in state.legal_actions() if a.verb == "play")
    limit = _play(state, limit, str(play))
    assert limit.allows(state)
    back = undone(state, limit)
    assert len(back.history) == 2 and not limit.allows(back)


def test_r19_a_face_up_animal_card_is_replaced_from_the_deck_so_it_cannot_be_undone():
    state, limit, _ = _first_turn()
    card = next(c for c in state.animal_face_up if c)
    events = state.apply(f"buy animal {card}")
    assert any(e.kind == "card_revealed" for e in events)
    assert limit_reason(events) == CARD_REVEALED
    assert not limit.after(1, events).allows(state)


def test_r13_the_next_seats_turn_is_a_limit_and_a_finished_game_cannot_be_undone():
    state, limit, plays = _first_turn()
    limit = _play(state, limit, str(plays[0]))
    limit = _play(state, limit, "end")
    assert limit == UndoLimit(2, TURN_START) and not limit.allows(state)
    rng = random.Random(3)
    while not state.is_over():
        limit = _play(state, limit, str(state.random_action(rng)))
    assert limit.reason == GAME_OVER and not limit.allows(state)


def test_undo_from_any_point_goes_back_exactly_to_the_last_reveal_and_never_past_it():
    """A whole random game: at every action the limit found while playing is
    the one a replay of the record finds (a resumed save undoes as far), every
    action after the floor revealed nothing, and undo gives the earlier state."""
    state = new_game("symmetric", 2, seed=5)
    rng = random.Random(5)
    snapshots = [state.snapshot()]
    reasons: list[str | None] = []
    limit = UndoLimit()
    while not state.is_over() and len(state.history) < 160:
        events = state.apply(state.random_action(rng))
        reasons.append(limit_reason(events))
        limit = limit.after(len(state.history), events)
        snapshots.append(state.snapshot())
        n = len(state.history)
        assert all(r is None for r in reasons[limit.floor:]), "undo would pass a reveal"
        if limit.floor:
            assert reasons[limit.floor - 1] == limit.reason
        if n % 7 == 0:
            replayed, found = replay_with_limit(make_record(state))
            assert found == limit and replayed.snapshot() == state.snapshot()
        if limit.allows(state):
            assert undone(state, limit).snapshot() == snapshots[n - 1]
    assert CARD_DRAWN in reasons and TURN_START in reasons


def test_undo_works_for_a_game_set_up_from_a_scenario():
    from hacienda_game.engine import load_scenario

    state = load_scenario({"format": "hacienda-scenario/1", "map": "symmetric", "players": 2,
                           "seed": 3, "current_player": 0,
                           "seats": [{"money": 30, "hand": {"land": ["forest"],
                                                            "animal": []}}]})
    start = state.snapshot()
    limit = UndoLimit()
    play = next(a for a in state.legal_actions() if a.verb == "play")
    limit = _play(state, limit, str(play))
    assert undone(state, limit).snapshot() == start
