"""Rule tests for the interface facts (R50, R60-R62): public money, hidden
information, refusals that name a rule, and every rule having a test."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_helpers import board, scenario
from rules_helpers import seat as _seat

from hacienda_game.engine import (
    Action,
    IllegalAction,
    new_game,
    observe,
    parse_action,
)
from hacienda_game.engine.components import ANIMAL_INDEX, ANIMALS, LAND_CARDS, LAND_INDEX

TESTS = Path(__file__).resolve().parents[1]
RULE = re.compile(r"\bR\d+\b")

# ------------------------------------------------------------------ helpers


def _game(rows, seats, players=2, **extra):
    return scenario(board(rows), seats, players, seed=9, **extra)


SMALL_ROWS = ["M.F...",
              ".$..G.",
              "..~...",
              "R..B.$"]


def _small_game():
    """Seat 0 holds cards of every kind and has land, animals and a chip."""
    seats = [_seat(money=20, land=["mountain", "pampas", "rock"], animal=["pig", "sheep"],
                   tiles=["3,0", "4,0"], animals={"pig": ["3,1"]}, harvest=["3,0"]),
             _seat(tiles=["0,3"], animals={"cattle": ["1,3"]})]
    return _game(SMALL_ROWS, seats, face_up={"land": ["rock", "rock", "moor"]})


def _three_players(seed=11):
    return new_game("symmetric", players=3, seed=seed, start_player=0)


# --------------------------------------------------------------------- R50

def test_r50_every_players_money_is_public():
    """R50: every seat sees every seat's money (and score), also after it
    changes."""
    state = _small_game()
    for viewer in range(2):
        obs = observe(state, viewer)
        assert [v.money for v in obs.seats] == [s.money for s in state.seats]
        assert [v.score for v in obs.seats] == [s.score for s in state.seats]
    state.apply("buy land")
    state.apply("buy land rock")
    assert observe(state, 1).seats[0].money == 20 - 2 - 3
    assert observe(state, 0).seats[0].money == 15


# --------------------------------------------------------------------- R60

def test_r60_observation_shows_own_hand_and_only_sizes_of_others():
    """R60: a seat sees its own cards; of the others only the hand sizes."""
    state = _three_players()
    for seat in range(3):
        obs = observe(state, seat)
        assert obs.land_hand == tuple(state.seats[seat].land_hand)
        assert obs.animal_hand == tuple(state.seats[seat].animal_hand)
        assert [(v.land_cards, v.animal_cards) for v in obs.seats] == [(8, 4)] * 3
        assert obs.land_deck_size == len(state.land_deck)
        assert obs.animal_draw_size == len(state.animal_draw)
        assert obs.animal_waiting_size == len(state.animal_waiting)
    with pytest.raises(ValueError):
        observe(state, 3)


def _hide_differently(state, rng):
    """A copy differing only in what seat 0 cannot see: seats 1 and 2 swap
    hands (sizes equal), a card moves between seat 1's hand and the land
    deck, the decks are reordered, a removed animal card changes places
    with one in the waiting stack."""
    other = state.clone()
    s1, s2 = other.seats[1], other.seats[2]
    assert sum(s1.land_hand) == sum(s2.land_hand) and sum(s1.animal_hand) == sum(s2.animal_hand)
    s1.land_hand, s2.land_hand = s2.land_hand, s1.land_hand
    s1.animal_hand, s2.animal_hand = s2.animal_hand, s1.animal_hand
    held = next(i for i, n in enumerate(s1.land_hand) if n)
    deck_card = next(c for c in other.land_deck if c != LAND_CARDS[held])
    other.land_deck.remove(deck_card)
    other.land_deck.append(LAND_CARDS[held])
    s1.land_hand[held] -= 1
    s1.land_hand[LAND_INDEX[deck_card]] += 1
    for pile in (other.land_deck, other.animal_draw, other.animal_waiting):
        rng.shuffle(pile)
    i = next(i for i, c in enumerate(other.animal_removed) if c != other.animal_waiting[0])
    other.animal_removed[i], other.animal_waiting[0] = (other.animal_waiting[0],
                                                        other.animal_removed[i])
    return other


def test_r60_hidden_information_does_not_change_the_observation():
    """R60: two states that differ only in other players' hands (same sizes),
    deck order, the waiting stack's order and the removed cards look the same
    to seat 0; seats 1 and 2 do see the difference in their own hands."""
    a = _three_players()
    assert a.seats[1].land_hand != a.seats[2].land_hand
    b = _hide_differently(a, random.Random(1))
    assert a.snapshot() != b.snapshot()
    assert a.animal_removed != b.animal_removed and a.land_deck != b.land_deck
    assert observe(a, 0) == observe(b, 0)
    assert observe(a, 1) != observe(b, 1)
    assert observe(a, 2) != observe(b, 2)


def test_r60_same_public_actions_keep_observations_equal():
    """R60: the same public play from two such states (seat 0 buys blind, plays
    a card, ends) still looks the same to every other seat; the blind-drawn
    card is hidden in the events seen by others and shown to the buyer."""
    a = _three_players(seed=4)
    b = a.clone()
    rng = random.Random(7)
    for pile, ref in ((b.land_deck, a.land_deck), (b.animal_draw, a.animal_draw)):
        while pile[-1] == ref[-1]:          # another card on top
            rng.shuffle(pile)
    played = next(str(x) for x in a.legal_actions_of("play land"))
    for action in ("buy land", "buy animal", played, "end"):
        ea, eb = a.apply(action), b.apply(action)
        for viewer in (1, 2, None):
            assert [e.seen_by(viewer) for e in ea] == [e.seen_by(viewer) for e in eb]
        for viewer in (1, 2):
            assert observe(a, viewer) == observe(b, viewer)
        bought = [e for e in ea if e.kind == "card_bought"]
        for e in bought:
            assert e.data["card"] is not None and e.seen_by(0).data["card"] == e.data["card"]
            assert e.seen_by(1).data["card"] is None and e.seen_by(None).data["card"] is None
            assert e.seen_by(1).data["item"] == e.data["item"]
    assert a.seats[0].land_hand != b.seats[0].land_hand or (
        a.seats[0].animal_hand != b.seats[0].animal_hand)
    assert observe(a, 0) != observe(b, 0)


def test_r60_cards_taken_face_up_are_public():
    """R60: a card taken from the face-up display is seen by all (the event
    hides nothing) and the engine remembers it for every viewer."""
    state = _three_players()
    card = next(c for c in state.land_face_up if c)
    events = state.apply(f"buy land {card}")
    (bought,) = [e for e in events if e.kind == "card_bought"]
    assert bought.seen_by(2).data["card"] == card
    for viewer in (1, 2):
        assert observe(state, viewer).seats[0].known_land[LAND_INDEX[card]] == 1
    animal = next(c for c in state.animal_face_up if c)
    state.apply(f"buy animal {animal}")
    assert observe(state, 1).seats[0].known_animal[ANIMAL_INDEX[animal]] == 1


# --------------------------------------------------------------------- R61

ILLEGAL = [
    "play forest 2,0",          # no forest card in hand (R23)
    "play mountain 1,0",        # not a mountain space (R23)
    "play pampas 0,0",          # a mountain space, not pampas (R24)
    "play pampas 5,2",          # not next to own land (R24)
    "play pig 1,1",             # a market (R27/R30)
    "play pig 0,1",             # not next to own land or pigs (R27)
    "play cattle 3,2",          # no cattle card (R27)
    "play sheep 2,2",           # water (R27/R30)
    "play pig 9,9",             # not a hex (R61)
    "harvest 4,0",              # the chain has a chip (R36/R38)
    "harvest 0,3",              # another player's tile (R36)
    "buy hacienda 0,3",         # another player's tile (R20)
    "buy hacienda 2,1",         # an empty hex (R20)
    "buy water 1,1",            # a market (R21)
    "buy water 0,2 2,2",        # not a water tile's shape (R7/R21)
    "buy land forest",          # no such face-up card (R18)
    "harvest 3,0 from 0,3",     # the chain has a chip; chips are left (R36, R37)
]


def test_r61_illegal_actions_are_refused_naming_a_rule_state_unchanged():
    """R61: each refused action raises IllegalAction (a ValueError) whose
    message names a rule; the state is unchanged; explain() gives the reason
    and is_legal() says no."""
    state = _small_game()
    legal = {str(a) for a in state.legal_actions()}
    for text in ILLEGAL:
        assert text not in legal, text
        before = state.snapshot()
        with pytest.raises(IllegalAction) as info:
            state.apply(text)
        assert isinstance(info.value, ValueError)
        message = str(info.value)
        assert RULE.search(message), (text, message)
        assert state.snapshot() == before, text
        assert state.explain(text) == message
        assert not state.is_legal(parse_action(text))


def test_r61_refusal_after_the_turns_actions_are_used():
    """R61/R13: a fourth action is refused by rule; "end" still works."""
    state = _small_game()
    for text in ("buy land", "buy land", "buy land"):
        state.apply(text)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=r"R13"):
        state.apply("buy land")
    assert state.snapshot() == before
    assert [str(a) for a in state.legal_actions()] == ["end"]
    state.apply("end")
    assert state.current == 1


GARBAGE = ["", "   ", "fly to the moon", "buy", "buy dragon", "buy land dragon", "play pig",
           "play pig 1", "play unicorn 1,1", "play pig x,y", "harvest", "harvest 1,1 to 2,2",
           "buy water 2,0 2,0", "buy water 1,1 2,1 3,1 4,1 5,1", "end now", "end end",
           "buy hacienda", "play pig 1,1 2,1", "1,1", "\x00", "buy land forest forest",
           "harvest 1,1 from", "play pig 1,,1"]


@pytest.mark.parametrize("text", GARBAGE)
def test_r61_garbage_text_is_refused(text):
    """R61: text that is not an action is refused (IllegalAction naming R61),
    the state unchanged; parse_action raises ValueError."""
    state = _small_game()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=r"R61"):
        state.apply(text)
    assert state.snapshot() == before
    with pytest.raises(ValueError):
        parse_action(text)


def test_r61_explain_names_the_rule_for_unreadable_text():
    """R61: explain() gives the same reason apply() refuses with, naming the
    rule, for unreadable text too."""
    state = _small_game()
    for text in GARBAGE:
        with pytest.raises(IllegalAction) as info:
            state.apply(text)
        assert state.explain(text) == str(info.value), text


@pytest.mark.parametrize("action", [Action("dance"), Action("buy", "dragon"),
                                    Action("play", "land", "dragon", ((2, 1),)),
                                    Action("play", "animal", "unicorn", ((2, 1),)),
                                    Action("harvest", None, None, ()),
                                    # end takes nothing: no item, no card.
                                    Action("end", "land"), Action("end", None, "pig")])
def test_r61_actions_not_of_this_game_are_refused(action):
    """R61/R14: Action values that are not actions of the notation (CONTRACTS
    §2: ``parse_action(str(a)) == a`` fails for them) are refused, naming a
    rule."""
    state = _small_game()
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert RULE.search(str(info.value))
    assert state.snapshot() == before


def _candidates(state):
    """Every action of the notation on this board (one-hex water tiles)."""
    out = [Action("end"), Action("buy", "land"), Action("buy", "animal")]
    out += [Action("buy", "land", c) for c in LAND_CARDS]
    out += [Action("buy", "animal", c) for c in ANIMALS]
    for cell in state.board.cells:
        out.append(Action("buy", "hacienda", None, (cell,)))
        out.append(Action("buy", "water", None, (cell,)))
        out += [Action("play", "land", c, (cell,)) for c in LAND_CARDS]
        out += [Action("play", "animal", c, (cell,)) for c in ANIMALS]
        out.append(Action("harvest", None, None, (cell,)))
        out += [Action("harvest", None, None, (cell,), state.board.cells[h])
                for h in state.chips]
    assert len(set(out)) == len(out)
    return out


def test_r61_legal_iff_listed_and_every_refusal_names_a_rule():
    """R61: over every action of the notation on a small board, an action is
    accepted exactly when legal_actions() lists it; every other one is
    refused naming a rule and leaves the state unchanged."""
    state = _small_game()
    legal = set(state.legal_actions())
    before = state.snapshot()
    for action in _candidates(state):
        reason = state.explain(action)
        if action in legal:
            assert reason is None, (str(action), reason)
            trial = state.clone()
            trial.apply(action)
        else:
            assert reason is not None and RULE.search(reason), (str(action), reason)
            with pytest.raises(IllegalAction):
                state.apply(action)
        assert state.snapshot() == before, str(action)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="buy land animal play pig harvest from end water 0123456789,.x -\n",
               max_size=30))
def test_r61_any_text_is_applied_or_refused_cleanly(text):
    """R61: whatever the text, apply() either carries out a legal action or
    raises IllegalAction naming a rule with the state unchanged."""
    state = _small_game()
    before = state.snapshot()
    try:
        state.apply(text)
    except IllegalAction as e:
        assert RULE.search(str(e)), (text, str(e))
        assert state.snapshot() == before
    else:
        assert parse_action(text) in set(_small_game().legal_actions())


# --------------------------------------------------------------------- R62

RULE_IDS = [*range(1, 51), 60, 61, 62]


def test_r62_every_rule_has_a_test_that_cites_it():
    """R62: every rule (R1-R50, R60-R62) has at least one test named
    ``test_r<N>_...`` somewhere under tests/."""
    found = set()
    for path in TESTS.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found.update(int(n) for n in re.findall(r"\bdef test_r(\d+)_", text))
    missing = [f"R{n}" for n in RULE_IDS if n not in found]
    assert not missing, f"rules without a test named test_r<N>_...: {', '.join(missing)}"
