"""Setup (R9-R12) and a turn (R13-R17)."""

from __future__ import annotations

import random

import pytest
from rules_helpers import board, legal, refused, scenario, seat

from hacienda_game.engine import (
    KINDS,
    Action,
    IllegalAction,
    ScenarioError,
    new_game,
    observe,
)

ANIMALS = ("cattle", "horse", "pig", "sheep")


# ---------------------------------------------------------------------- R9
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r9_deal_8_land_cards_each_and_4_face_up(players):
    """R9: 8 land cards per hand, 4 face up, the rest in the deck."""
    state = new_game("symmetric", players=players, seed=21)
    assert [sum(s.land_hand) for s in state.seats] == [8] * players
    assert len(state.land_face_up) == 4 and None not in state.land_face_up
    assert len(state.land_deck) == 80 - 8 * players - 4
    assert state.land_discard == []


@pytest.mark.parametrize("players", [0, 1, 6, 7])
def test_r9_only_two_to_five_players(players):
    """R9: a game has 2-5 players."""
    with pytest.raises(ScenarioError, match=r"R9\b"):
        new_game("symmetric", players=players, seed=1)


def test_r9_land_cards_are_shuffled():
    """R9: the land deal depends on the seed (the deck is shuffled)."""
    hands = {tuple(new_game("symmetric", players=2, seed=s).seats[0].land_hand)
             for s in range(8)}
    assert len(hands) > 1


# --------------------------------------------------------------------- R10
@pytest.mark.parametrize(("players", "removed", "stack"),
                         [(2, 30, 15), (3, 20, 18), (4, 10, 21), (5, 0, 24)])
def test_r10_animals_removed_dealt_face_up_and_two_equal_stacks(players, removed, stack):
    """R10: 30/20/10/0 removed, 4 per hand, 4 face up, two equal stacks;
    stack 1 is the draw pile."""
    state = new_game("symmetric", players=players, seed=22)
    assert len(state.animal_removed) == removed
    assert [sum(s.animal_hand) for s in state.seats] == [4] * players
    assert len(state.animal_face_up) == 4 and None not in state.animal_face_up
    assert len(state.animal_draw) == len(state.animal_waiting) == stack
    assert state.stack == 1
    assert state.animal_discard == []


def test_r10_odd_remainder_split_as_equal_as_possible():
    """R10: with an odd number of cards left, the stacks differ by one card."""
    b = board(["F....", "....."])
    state = scenario(b, [seat(animal=["pig"])])  # 72 - 1 - 30 - 4 = 37 cards left
    assert len(state.animal_removed) == 30
    assert sorted([len(state.animal_draw), len(state.animal_waiting)]) == [18, 19]


def test_r10_removed_cards_are_unseen():
    """R10: the removed cards are not seen: an observation gives only their number."""
    state = new_game("symmetric", players=2, seed=23)
    view = observe(state, 0)
    assert view.animal_removed_size == 30
    assert not hasattr(view, "animal_removed")


# --------------------------------------------------------------------- R11
def test_r11_one_size_one_water_tile_on_each_water_field():
    """R11: every water field starts with a size-1 water tile."""
    state = new_game("symmetric", players=3, seed=24)
    fields = state.board.water_fields
    assert len(fields) == 4
    assert sorted(state.water_tiles) == sorted((h,) for h in fields)
    for h in fields:
        assert state.piece_at(state.board.cells[h]) == ("water", -1)


def test_r11_water_fields_of_any_map():
    """R11: a map with two water fields starts with two size-1 tiles; 7 are left."""
    b = board(["~..F", "...~", "..$."])
    state = new_game(b, players=2, seed=1)
    assert sorted(state.board.cells[t[0]] for t in state.water_tiles) == [(0, 0), (3, 1)]
    assert all(len(t) == 1 for t in state.water_tiles)
    assert state.water_left[1] == 7
    assert state.piece_at("0,0") == ("water", -1)
    assert state.piece_at("3,1") == ("water", -1)


# --------------------------------------------------------------------- R12
@pytest.mark.parametrize("players", [2, 5])
def test_r12_same_seed_identical_snapshot(players):
    """R12: the same seed gives the same game, byte for byte."""
    a = new_game("symmetric", players=players, seed=99)
    b = new_game("symmetric", players=players, seed=99)
    assert a.snapshot() == b.snapshot()


def test_r12_different_seed_different_game():
    """R12: another seed gives another deal."""
    snaps = {new_game("symmetric", players=4, seed=s).snapshot() for s in range(6)}
    assert len(snaps) == 6


def test_r12_start_player_comes_from_the_seed():
    """R12: a start player not chosen is drawn from the seed; a chosen one is kept."""
    starts = {new_game("symmetric", players=4, seed=s).start_player for s in range(30)}
    assert len(starts) > 1
    for s in range(5):
        a = new_game("symmetric", players=4, seed=s)
        assert a.start_player == new_game("symmetric", players=4, seed=s).start_player
        assert a.current == a.start_player
        assert new_game("symmetric", players=4, seed=s, start_player=2).start_player == 2


def test_r12_same_seed_same_actions_same_game():
    """R12: the same seed and the same actions replay byte for byte."""
    games = [new_game("symmetric", players=3, seed=5) for _ in range(2)]
    pick = random.Random(2024)
    for _ in range(150):
        if games[0].is_over():
            break
        action = games[0].random_action(pick)
        events = [str([e.to_dict() for e in g.apply(action)]) for g in games]
        assert events[0] == events[1]
        assert games[0].snapshot() == games[1].snapshot()


# --------------------------------------------------------------------- R13
B13 = board(["FFGG..", "......", "..$..."])


def test_r13_three_actions_then_only_end():
    """R13: after three actions the only legal action is ending the turn."""
    state = scenario(B13, [seat(money=20, land=["forest"])])
    assert state.actions_left == 3
    state.apply("buy land")
    state.apply("play forest 0,0")
    assert state.actions_left == 1
    state.apply("buy land")
    assert state.actions_left == 0
    assert state.legal_actions() == [Action("end")]
    refused(state, "buy land", "R13")
    refused(state, "harvest 0,0", "R13")
    state.apply("end")
    assert state.current == 1 and state.actions_left == 3


def test_r13_fewer_than_three_actions_is_fine():
    """R13: a player may end the turn after 0, 1 or 2 actions."""
    state = scenario(B13, [seat(), seat()])
    assert "end" in legal(state)
    state.apply("end")
    assert state.current == 1
    state.apply("buy land")
    state.apply("end")
    assert state.current == 0
    assert state.actions_left == 3


def test_r13_turns_go_round_the_table():
    """R13: the turn passes to the next seat, then back to the first."""
    state = scenario(B13, players=3)
    seen = []
    for _ in range(4):
        seen.append(state.current)
        state.apply("end")
    assert seen == [0, 1, 2, 0]


# --------------------------------------------------------------------- R14
def test_r14_legal_actions_are_the_three_kinds_and_end():
    """R14: every legal action is a buy, a play, a harvest, or ending the turn."""
    state = new_game("symmetric", players=4, seed=14)
    kinds = state.legal_kinds()
    assert set(kinds) <= set(KINDS)
    assert {"buy land", "buy animal", "buy water", "play land", "end"} <= set(kinds)
    for a in state.legal_actions():
        assert a.kind in KINDS
        assert a.verb in ("buy", "play", "harvest", "end")


def test_r14_each_action_is_one_object_or_one_card_or_a_harvest():
    """R14: buying takes one object, playing one card, harvesting one chain:
    each is one of the turn's actions."""
    state = scenario(B13, [seat(money=30, land=["forest"], animal=["pig"],
                                tiles=["3,0", "4,0"])])
    state.apply("buy land")
    assert sum(state.seats[0].land_hand) == 2
    state.apply("play pig 5,0")
    assert state.seats[0].animal_hand == [0, 0, 0, 0]
    state.apply("harvest 4,0")
    assert state.actions_taken == 3


@pytest.mark.parametrize("action", [
    Action("fly"),
    Action("buy", "castle"),
    Action("buy", "land", "pig"),
    Action("buy", "land", None, ((0, 0),)),
    Action("harvest", "land", None, ((0, 0),)),
    Action("play", "hacienda", "forest", ((0, 0),)),
])
def test_r14_other_actions_are_refused(action):
    """R14: anything that is not one of the action kinds is refused."""
    state = scenario(B13, [seat(land=["forest"], tiles=["0,0"])])
    refused(state, action, "R14")


# --------------------------------------------------------------------- R15
B15 = board(["F.F.F.", "......", "......", "......", "..$..."])


def test_r15_land_and_animal_cards_several_times_a_turn():
    """R15: card buys may be repeated within a turn."""
    state = scenario(B15, [seat(money=20)])
    for _ in range(3):
        assert "buy land" in legal(state)
        state.apply("buy land")
    assert sum(state.seats[0].land_hand) == 3
    state.apply("end")
    state.apply("end")
    for _ in range(3):
        state.apply("buy animal")
    assert sum(state.seats[0].animal_hand) == 3


@pytest.mark.parametrize(("what", "money", "tiles", "first", "second"), [
    ("hacienda", 40, ["0,0", "2,0", "4,0"], "buy hacienda 0,0", "buy hacienda 2,0"),
    ("water tile", 40, [], "buy water 0,2", "buy water 4,2"),
    # A second harvest is refused even on another chain.
    ("harvest", 20, ["0,0", "0,1", "2,0", "2,1"], "harvest 0,0", "harvest 2,0"),
])
def test_r15_once_a_turn(what, money, tiles, first, second):
    """R15: a second hacienda, water tile or harvest in the same turn is
    refused; the next turn it is fine."""
    state = scenario(B15, [seat(money=money, tiles=tiles)])
    state.apply(first)
    kind = first.rsplit(" ", 1)[0]
    assert legal(state, kind) == set()
    refused(state, second, "R15")
    state.apply("end")
    state.apply("end")
    state.apply(second)


def test_r15_each_once_but_all_in_one_turn():
    """R15: a hacienda, a water tile and a harvest may all be done in one turn."""
    state = scenario(B15, [seat(money=24, tiles=["0,0", "2,0", "2,1"])])
    state.apply("buy hacienda 0,0")
    state.apply("buy water 0,3")
    state.apply("harvest 2,0")
    assert state.seats[0].money == 24 - 12 - 12 + 6


# --------------------------------------------------------------------- R16
def test_r16_no_buy_without_the_money():
    """R16: with 1 peso no card can be bought."""
    state = scenario(B15, [seat(money=1, land=["forest"])],
                     face_up={"land": ["forest"], "animal": ["pig"]})
    assert not any(a.startswith("buy") for a in legal(state))
    for action in ("buy land", "buy land forest", "buy animal", "buy animal pig"):
        refused(state, action, "R16")
    state.apply("play forest 0,0")  # playing costs nothing


def test_r16_two_pesos_buy_blind_but_not_face_up():
    """R16: 2 pesos pay for a blind card, not for a face-up one (3)."""
    state = scenario(B15, [seat(money=2)], face_up={"land": ["forest"], "animal": ["pig"]})
    assert legal(state, "buy land") == {"buy land"}
    assert legal(state, "buy animal") == {"buy animal"}
    refused(state, "buy land forest", "R16")
    refused(state, "buy animal pig", "R16")
    state.apply("buy land")
    assert state.seats[0].money == 0
    refused(state, "buy animal", "R16")


def test_r16_hacienda_and_water_need_12_pesos():
    """R16: 11 pesos buy neither a hacienda nor a water tile; 12 do, leaving 0."""
    state = scenario(B15, [seat(money=11, tiles=["0,0"])])
    assert legal(state, "buy hacienda") == set() and legal(state, "buy water") == set()
    refused(state, "buy hacienda 0,0", "R16")
    refused(state, "buy water 1,1", "R16")
    state = scenario(B15, [seat(money=12, tiles=["0,0"])])
    state.apply("buy hacienda 0,0")
    assert state.seats[0].money == 0
    refused(state, "buy water 1,1", "R16")


def test_r16_scenario_with_negative_money_is_refused():
    """R16: money is never negative, not even in a scenario."""
    with pytest.raises(ScenarioError, match=r"R16\b"):
        scenario(B15, [seat(money=-1)])


def test_r16_money_never_negative_in_random_play():
    """R16: whatever legal actions are taken, nobody's money goes below 0."""
    state = new_game("symmetric", players=3, seed=16)
    pick = random.Random(16)
    for _ in range(400):
        if state.is_over():
            break
        state.apply(state.random_action(pick))
        assert all(s.money >= 0 for s in state.seats)


# --------------------------------------------------------------------- R17
LAND_20 = ["forest"] * 14 + ["meadow"] * 6
ANIMAL_10 = ["pig"] * 5 + ["sheep"] * 5
FACE_UP = {"land": ["rock", "moor"], "animal": ["cattle", "horse"]}


def test_r17_twenty_land_cards_play_before_buying():
    """R17 (hand limits): with 20 land cards no land card can be bought until one is played."""
    state = scenario(B15, [seat(land=LAND_20)], variants=["hand_limits"], face_up=FACE_UP)
    assert legal(state, "buy land") == set()
    refused(state, "buy land", "R17")
    refused(state, "buy land rock", "R17")
    state.apply("play forest 0,0")
    assert legal(state, "buy land") == {"buy land", "buy land rock", "buy land moor"}
    state.apply("buy land rock")
    refused(state, "buy land", "R17")


def test_r17_ten_animal_cards_play_before_buying():
    """R17 (hand limits): with 10 animal cards no animal card can be bought until one is played."""
    state = scenario(B15, [seat(animal=ANIMAL_10, tiles=["0,0"])], variants=["hand_limits"],
                     face_up=FACE_UP)
    assert legal(state, "buy animal") == set()
    refused(state, "buy animal", "R17")
    refused(state, "buy animal cattle", "R17")
    state.apply("play pig 1,0")
    state.apply("buy animal")
    refused(state, "buy animal horse", "R17")


def test_r17_limits_are_per_kind():
    """R17: a full land hand does not stop buying animal cards, and the reverse."""
    state = scenario(B15, [seat(land=LAND_20, animal=ANIMAL_10)], variants=["hand_limits"],
                     face_up=FACE_UP)
    assert legal(state, "buy land") == set() and legal(state, "buy animal") == set()
    state = scenario(B15, [seat(land=LAND_20, animal=ANIMAL_10[:9])],
                     variants=["hand_limits"], face_up=FACE_UP)
    state.apply("buy animal")
    state = scenario(B15, [seat(land=LAND_20[:19], animal=ANIMAL_10)],
                     variants=["hand_limits"], face_up=FACE_UP)
    state.apply("buy land")
    assert sum(state.seats[0].land_hand) == 20
    refused(state, "buy land", "R17")


def test_r17_without_the_variant_hands_are_unlimited():
    """R17: the limits are a variant; without it, 20 land and 10 animal cards are no limit."""
    state = scenario(B15, [seat(land=LAND_20, animal=ANIMAL_10)], face_up=FACE_UP)
    state.apply("buy land")
    state.apply("buy animal cattle")
    assert state.seats[0].hand_size == (21, 11)


def test_r17_unknown_variant_is_refused():
    """R17: the variant is called hand_limits; unknown variant names are refused."""
    with pytest.raises(ScenarioError):
        new_game("symmetric", players=2, seed=1, variants=["hand_limit"])
    assert "hand_limits" in new_game("symmetric", players=2, seed=1,
                                     variants=["hand_limits"]).variants


def test_r17_refusal_is_an_illegal_action():
    """R17: the refusal is an IllegalAction (a ValueError)."""
    state = scenario(B15, [seat(land=LAND_20)], variants=["hand_limits"])
    with pytest.raises(IllegalAction):
        state.apply("buy land")
    assert issubclass(IllegalAction, ValueError)
