"""Buying (R18-R22): land and animal cards, haciendas, water tiles, what is public."""

from __future__ import annotations

from itertools import combinations

import pytest
from rules_helpers import board, legal, neighbours, refused, scenario, seat

from hacienda_game.engine import Action, observe, parse_action

LAND_UP = ["forest", "meadow", "rock", "moor"]
ANIMAL_UP = ["cattle", "horse", "pig", "sheep"]
B18 = board(["MFGRB.", "......", "..$...", "......"])


def bought(events) -> list[str]:
    return [e.data["card"] for e in events if e.kind == "card_bought"]


# --------------------------------------------------------------------- R18
def test_r18_blind_land_card_costs_2_and_is_the_top_of_the_deck():
    """R18: a land card from the deck costs 2 pesos and is the deck's top card."""
    state = scenario(B18, face_up={"land": LAND_UP}, decks={"land": ["pampas", "mountain"]})
    events = state.apply("buy land")
    assert bought(events) == ["pampas"]
    assert state.seats[0].money == 18
    assert state.seats[0].land_cards == {"pampas": 1}
    assert state.land_deck == ["mountain"]
    assert state.land_face_up == LAND_UP


def test_r18_face_up_land_card_costs_3_and_is_replaced_at_once():
    """R18: a face-up card costs 3 pesos; its slot is refilled from the deck at
    once, and the new card can be bought by a later action."""
    state = scenario(B18, face_up={"land": LAND_UP}, decks={"land": ["pampas", "mountain"]})
    assert legal(state, "buy land") == {"buy land", "buy land forest", "buy land meadow",
                                        "buy land rock", "buy land moor"}
    events = state.apply("buy land meadow")
    assert state.seats[0].money == 17
    assert state.seats[0].land_cards == {"meadow": 1}
    assert state.land_face_up == ["forest", "pampas", "rock", "moor"]
    assert [(e.data["card"], e.data["slot"]) for e in events if e.kind == "card_revealed"] \
        == [("pampas", 1)]
    assert "buy land pampas" in legal(state, "buy land")
    state.apply("buy land pampas")
    assert state.land_face_up == ["forest", "mountain", "rock", "moor"]
    assert state.seats[0].money == 14
    assert state.land_deck == []


def test_r18_only_face_up_cards_can_be_bought_by_name():
    """R18: a terrain not on display cannot be bought face up."""
    state = scenario(B18, face_up={"land": LAND_UP})
    assert "buy land mountain" not in legal(state)
    refused(state, "buy land mountain", "R18")


def _discards_then_buy(seed: int):
    """Deck empty; two land cards played (discarded); then a blind buy."""
    state = scenario(B18, [seat(land=["forest", "meadow", "rock"])], seed=seed,
                     face_up={"land": LAND_UP}, decks={"land": []})
    assert "buy land" not in legal(state)
    state.apply("play forest 1,0")
    state.apply("play meadow 2,0")
    assert sorted(state.land_discard) == ["forest", "meadow"]
    assert "buy land" in legal(state)
    events = state.apply("buy land")
    return state, events


def test_r18_empty_land_deck_reshuffles_the_discards():
    """R18: with the deck empty, the discarded land cards become a new deck."""
    state, events = _discards_then_buy(seed=3)
    assert [e.kind for e in events].count("deck_reshuffled") == 1
    card = bought(events)[0]
    assert card in ("forest", "meadow")
    assert state.land_discard == []
    assert sorted([*state.land_deck, card]) == ["forest", "meadow"]
    assert state.seats[0].land_cards == {"rock": 1, card: 1}


def test_r18_reshuffle_is_deterministic():
    """R18 with R12: the reshuffle comes from the game's seed: replaying gives the
    same cards, byte for byte."""
    a, events_a = _discards_then_buy(seed=7)
    b, events_b = _discards_then_buy(seed=7)
    assert bought(events_a) == bought(events_b)
    assert a.snapshot() == b.snapshot()
    c = a.clone()
    a.apply("end")
    c.apply("end")
    assert a.snapshot() == c.snapshot()


def test_r18_face_up_slot_refilled_from_reshuffled_discards():
    """R18: a face-up buy with an empty deck refills the slot from the shuffled discards."""
    state = scenario(B18, [seat(land=["forest"])], face_up={"land": LAND_UP},
                     decks={"land": []})
    state.apply("play forest 1,0")
    events = state.apply("buy land rock")
    assert "deck_reshuffled" in [e.kind for e in events]
    assert state.land_face_up == ["forest", "meadow", "forest", "moor"]
    assert state.land_deck == [] and state.land_discard == []


def test_r18_no_deck_no_discards_no_blind_buy_and_slots_stay_empty():
    """R18: without deck and discards, blind buys are impossible and a bought
    face-up card leaves its slot empty."""
    state = scenario(B18, face_up={"land": LAND_UP}, decks={"land": []})
    assert "buy land" not in legal(state)
    refused(state, "buy land", "R18")
    state.apply("buy land forest")
    assert state.land_face_up == [None, "meadow", "rock", "moor"]
    assert legal(state, "buy land") == {"buy land meadow", "buy land rock", "buy land moor"}
    refused(state, "buy land forest", "R18")


# --------------------------------------------------------------------- R19
def test_r19_blind_animal_card_costs_2_and_is_the_top_of_the_pile():
    """R19: an animal card from the draw pile costs 2 pesos."""
    state = scenario(B18, face_up={"animal": ANIMAL_UP},
                     decks={"animal": ["horse", "pig", "sheep"]})
    events = state.apply("buy animal")
    assert bought(events) == ["horse"]
    assert state.seats[0].money == 18
    assert state.seats[0].animal_cards == {"horse": 1}
    assert state.animal_draw == ["sheep", "pig"]


def test_r19_face_up_animal_card_costs_3_and_is_replaced_at_once():
    """R19: a face-up animal costs 3 pesos; the slot is refilled at once from the
    draw pile and the new card can be bought next."""
    state = scenario(B18, face_up={"animal": ANIMAL_UP},
                     decks={"animal": ["cattle", "sheep", "pig"]})
    state.apply("buy animal horse")
    assert state.seats[0].money == 17
    assert state.animal_face_up == ["cattle", "cattle", "pig", "sheep"]
    state.apply("buy animal cattle")
    assert state.animal_face_up == ["sheep", "cattle", "pig", "sheep"]
    assert state.seats[0].animal_cards == {"horse": 1, "cattle": 1}
    assert state.seats[0].money == 14
    refused(state, Action("buy", "animal", "horse"), "R19")


def test_r19_animal_deck_is_never_reshuffled():
    """R19: when the last animal stack is used up, the discards are not reshuffled:
    no blind buy, and a bought face-up card is not replaced."""
    state = scenario(B18, [seat(animal=["cattle"], tiles=["5,0"]),
                           seat(animal=["cattle"], tiles=["4,0"])], stack=2,
                     face_up={"animal": ANIMAL_UP}, decks={"animal": ["pig"]})
    state.apply("play cattle 5,1")
    state.apply("buy animal")               # the last card
    assert state.animal_draw == [] and state.animal_waiting == []
    assert state.animal_discard == ["cattle"]
    assert "buy animal" not in legal(state)
    refused(state, "buy animal", "R19")
    state.apply("buy animal horse")
    assert state.animal_face_up == ["cattle", None, "pig", "sheep"]
    state.apply("end")                      # the round goes on: seat 1
    state.apply("play cattle 4,1")
    assert state.animal_discard == ["cattle", "cattle"]
    refused(state, "buy animal", "R19")
    state.apply("buy animal pig")
    assert state.animal_face_up == ["cattle", None, None, "sheep"]
    assert state.animal_draw == []
    assert legal(state, "buy animal") == {"buy animal cattle", "buy animal sheep"}


def test_r19_stack_one_runs_out_into_stack_two_not_the_discards():
    """R19: when stack 1 runs out, stack 2 (not the discards) is drawn next."""
    state = scenario(B18, [seat(animal=["sheep"], tiles=["5,0"])],
                     face_up={"animal": ANIMAL_UP},
                     decks={"animal": ["pig"], "animal_waiting": ["horse", "cattle"]})
    state.apply("play sheep 5,1")
    state.apply("buy animal")
    assert state.stack == 2
    assert state.animal_draw == ["cattle", "horse"]
    events = state.apply("buy animal")
    assert bought(events) == ["horse"]
    assert state.animal_discard == ["sheep"]


# --------------------------------------------------------------------- R20
B20 = board(["FFF.F.", "......", "......", "..$..."])


def test_r20_hacienda_targets_are_own_chains_and_herds_without_one():
    """R20: a hacienda goes on the buyer's own land tile or token whose chain or
    herd has no hacienda yet."""
    state = scenario(B20, [
        seat(money=12, tiles=["0,0", "1,0", "4,0"], animals={"pig": ["0,1"], "sheep": ["5,0"]},
             haciendas=["0,0"]),
        seat(tiles=["2,0"], animals={"pig": ["2,2"]})])
    assert legal(state, "buy hacienda") == {"buy hacienda 4,0", "buy hacienda 0,1",
                                            "buy hacienda 5,0"}


def test_r20_hacienda_costs_12_and_is_placed_at_once():
    """R20: 12 pesos; the hacienda is on the board right away, one fewer is left."""
    state = scenario(B20, [seat(money=15, tiles=["4,0"])])
    events = state.apply("buy hacienda 4,0")
    assert state.seats[0].money == 3
    assert state.haciendas == [state.board.hex_of("4,0")]
    assert state.haciendas_left == 4
    assert [e.kind for e in events] == ["hacienda_placed"]


def test_r20_hacienda_refused_elsewhere():
    """R20: not on another player's piece, an empty hex, water, or a chain or
    herd that has a hacienda already."""
    state = scenario(B20, [
        seat(money=40, tiles=["0,0", "1,0"], animals={"pig": ["0,1", "1,1"]},
             haciendas=["0,0", "1,1"]),
        seat(tiles=["4,0"], animals={"pig": ["2,2"]})], water=[["5,1"]])
    for cell in ("4,0", "2,2", "3,0", "5,1", "1,0", "0,1"):
        refused(state, f"buy hacienda {cell}", "R20")


def test_r20_merged_chain_with_a_hacienda_takes_no_other():
    """R20: once a chain carries a hacienda, every tile of it is refused."""
    state = scenario(B20, [seat(money=40, land=["pampas"], tiles=["0,0", "1,1"],
                                haciendas=["0,0"])])
    state.apply("buy hacienda 1,1")      # a separate chain: fine
    state.apply("end")
    state.apply("end")
    state.apply("play pampas 0,1")       # joins 0,0 and 1,1
    refused(state, "buy hacienda 0,1", "R20")


def test_r20_needs_a_hacienda_left():
    """R20 with R5: no hacienda left, none can be bought."""
    tiles = ["0,0", "2,0", "4,0", "0,2", "2,2", "4,2"]
    state = scenario(B20, [seat(money=40, tiles=tiles, haciendas=tiles[:5])])
    refused(state, "buy hacienda 4,2", "R20")


# --------------------------------------------------------------------- R21
def water_sets(state) -> set[frozenset[str]]:
    return {frozenset(parse_action(a).cells) for a in legal(state, "buy water")}


def cells_of(names) -> frozenset:
    return frozenset(tuple(int(v) for v in n.split(",")) for n in names)


def ring(cell: str) -> list[str]:
    """The six neighbours of a cell (default layout) in order around it."""
    x, y = (int(v) for v in cell.split(","))
    if y % 2:
        around = [(x - 1, y), (x, y - 1), (x + 1, y - 1), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
    else:
        around = [(x - 1, y), (x - 1, y - 1), (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y + 1)]
    return [f"{a},{b}" for a, b in around]


def expected_shapes(names: list[str], adjacent) -> dict[int, set[frozenset]]:
    """Every placement of every size, from the shapes' definitions (R7): two
    adjacent hexes; three mutually adjacent; two triangles sharing a side."""
    def adj(a, b):
        return b in adjacent(a)
    out = {1: {frozenset([c]) for c in names}, 2: set(), 3: set(), 4: set()}
    for a, b in combinations(names, 2):
        if not adj(a, b):
            continue
        out[2].add(frozenset([a, b]))
        common = [c for c in names if c not in (a, b) and adj(a, c) and adj(b, c)]
        for c in common:
            out[3].add(frozenset([a, b, c]))
        for c, d in combinations(common, 2):
            assert not adj(c, d)
            out[4].add(frozenset([a, b, c, d]))
    return {k: {cells_of(s) for s in v} for k, v in out.items()}


def test_r21_ring_helper_matches_the_board():
    """R21 (test geometry): the ring helper lists a cell's neighbours in order."""
    b = board(["." * 5] * 5)
    for name in ("2,2", "2,1"):
        assert set(ring(name)) == neighbours(name)
        assert {b.names[n] for n in b.adjacent[b.hex_of(name)]} == neighbours(name)
        r = ring(name)
        for i in range(6):
            assert r[(i + 1) % 6] in neighbours(r[i])


def test_r21_water_shapes_every_size_and_rotation_on_free_pampas():
    """R21: the legal water placements are exactly the tile shapes (R7), in any
    rotation, on free pampas."""
    b = board(["." * 6] * 5)
    state = scenario(b, [seat(money=12)])
    names = list(b.names)
    expected = expected_shapes(names, neighbours)
    assert water_sets(state) == set().union(*expected.values())
    assert {k: len(v) for k, v in expected.items()} == {1: 30, 2: 69, 3: 40, 4: 51}


@pytest.mark.parametrize("stagger", [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")])
def test_r21_water_shapes_on_every_hex_layout(stagger):
    """R21: the same shapes on boards of every stagger axis and index."""
    axis, index = stagger
    b = board(["." * 5] * 6, staggeraxis=axis, staggerindex=index)
    state = scenario(b, [seat(money=12)])
    names = list(b.names)

    def adjacent(name):
        return {b.names[n] for n in b.adjacent[b.hex_of(name)]}

    expected = expected_shapes(names, adjacent)
    assert water_sets(state) == set().union(*expected.values())


@pytest.mark.parametrize("centre", ["3,3", "3,2"])
def test_r21_each_rotation_of_each_shape_can_be_bought(centre):
    """R21: around an odd-row and an even-row hex, all six rotations of the size
    2, 3 and 4 tiles are accepted and placed."""
    b = board(["." * 7] * 7)
    base = scenario(b, [seat(money=12)])
    r = ring(centre)
    for i in range(6):
        for hexes in ([centre, r[i]], [centre, r[i], r[(i + 1) % 6]],
                      [centre, r[i], r[(i + 1) % 6], r[(i + 2) % 6]]):
            state = base.clone()
            text = "buy water " + " ".join(hexes)
            assert state.is_legal(parse_action(text))
            events = state.apply(text)
            assert [e.kind for e in events] == ["water_placed"]
            assert events[0].data["size"] == len(hexes)
            assert all(state.piece_at(h) == ("water", -1) for h in hexes)
            assert state.water_left[len(hexes)] == base.water_left[len(hexes)] - 1
            assert state.seats[0].money == 0


@pytest.mark.parametrize("centre", ["3,3", "3,2"])
def test_r21_non_shapes_are_refused(centre):
    """R21: hexes that are not a tile's shape are refused (lines, chevrons,
    Y shapes, arcs, bent shapes, hexes apart)."""
    b = board(["." * 7] * 7)
    state = scenario(b, [seat(money=12)])
    r = ring(centre)
    x, y = (int(v) for v in centre.split(","))
    far = f"{x},{y + 3}"
    bad = [
        [r[0], r[3]], [centre, far],                                   # size 2 apart
        [r[0], centre, r[3]], [r[0], centre, r[2]], [r[0], r[1], far],  # line, chevron
        [r[0], r[1], r[2]],                                            # arc of three
        [r[0], centre, r[3], f"{x + 2},{y}"],                          # line of four
        [centre, r[0], r[2], r[4]],                                    # Y
        [centre, r[0], r[1], r[3]],                                    # triangle + one
        [r[0], r[1], r[2], r[3]],                                      # arc of four
        [centre, r[0], r[1], far],                                     # not connected
    ]
    for hexes in bad:
        text = "buy water " + " ".join(hexes)
        assert not state.is_legal(parse_action(text))
        refused(state, text, "R21")
    refused(state, Action("buy", "water", None, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))),
            "R7")


def test_r21_water_only_on_free_pampas():
    """R21: not on terrain, markets, water, or pampas holding a piece."""
    b = board(["FF....", "..$...", "~.....", "......"])
    state = scenario(b, [seat(money=12, tiles=["4,0"], animals={"pig": ["5,0"]})],
                     water=[["3,3"]])
    for hexes in (["0,0"], ["1,0", "2,0"], ["2,1"], ["1,1", "2,1"], ["0,2"], ["0,2", "1,2"],
                  ["4,0"], ["3,0", "4,0"], ["5,0"], ["3,3"], ["2,3", "3,3"]):
        refused(state, "buy water " + " ".join(hexes), "R21")
    sets = water_sets(state)
    banned = cells_of(["0,0", "1,0", "2,1", "0,2", "4,0", "5,0", "3,3"])
    assert sets and all(not (s & banned) for s in sets)


def test_r21_costs_12_and_any_tile_left_may_be_chosen():
    """R21: 12 pesos; the buyer chooses a tile of any size that is left."""
    b = board(["." * 6] * 4)
    state = scenario(b, [seat(money=13)])
    sizes = {len(parse_action(a).cells) for a in legal(state, "buy water")}
    assert sizes == {1, 2, 3, 4}
    state.apply("buy water 1,1 2,1 1,2 2,2")
    assert state.seats[0].money == 1
    assert state.water_left == {1: 9, 2: 4, 3: 3, 4: 1}


def test_r21_no_tile_of_that_size_left():
    """R21: a size that is used up cannot be chosen (nine water fields use all size-1 tiles)."""
    b = board(["~~~~~~~~~", ".........", "........."])
    state = scenario(b, [seat(money=12)])
    assert state.water_left[1] == 0
    assert all(len(parse_action(a).cells) > 1 for a in legal(state, "buy water"))
    refused(state, "buy water 0,1", "R21")


def test_r21_nothing_may_be_placed_on_water():
    """R21: a water tile's hexes become water: no land tile, no animal token there."""
    b = board(["F.....", "......", "......"])
    state = scenario(b, [seat(money=12, land=["pampas"], animal=["pig"],
                              tiles=["0,0"], animals={"pig": ["2,1"]})])
    state.apply("buy water 1,0")
    refused(state, "play pampas 1,0", ("R21", "R30"))
    refused(state, "play pig 1,0", ("R21", "R27", "R30"))
    assert "play pampas 1,0" not in legal(state)
    assert "play pig 1,0" not in legal(state)


# --------------------------------------------------------------------- R22
B22 = board(["FGR...", "......"])
DECK = ["mountain", "forest", "pampas", "moor", "rock"]


def _r22(deck=DECK, waiting=("pig", "horse", "sheep"), hand1=("forest", "rock")):
    return scenario(B22, [seat(land=["meadow"]), seat(land=list(hand1), animal=["pig"])],
                    face_up={"land": LAND_UP, "animal": ANIMAL_UP},
                    decks={"land": list(deck), "animal": ["cattle", "cattle"],
                           "animal_waiting": list(waiting)})


def test_r22_sizes_and_face_up_cards_are_public():
    """R22: every seat sees the face-up cards and the sizes of decks and hands."""
    state = _r22()
    view = observe(state, 0)
    assert view.land_face_up == tuple(LAND_UP)
    assert view.animal_face_up == tuple(ANIMAL_UP)
    assert view.land_deck_size == 5
    assert view.animal_draw_size == 2 and view.animal_waiting_size == 3
    assert (view.seats[1].land_cards, view.seats[1].animal_cards) == (2, 1)
    assert view.land_hand == (0, 0, 1, 0, 0, 0)    # meadow: own hand in full


def test_r22_deck_order_and_other_hands_are_hidden():
    """R22: states differing only in deck order, the waiting stack's order, or
    another player's hand (same size) look the same to a seat."""
    a = _r22()
    variants = [_r22(deck=list(reversed(DECK))), _r22(waiting=("sheep", "horse", "pig")),
                _r22(hand1=("moor", "moor"))]
    for b in variants:
        assert a.snapshot() != b.snapshot()
        assert observe(a, 0) == observe(b, 0)
    assert observe(a, 1) != observe(variants[2], 1)


def test_r22_a_blind_buy_is_seen_only_by_the_buyer():
    """R22: the card drawn blind is the buyer's secret; a face-up buy is public."""
    state = _r22()
    event = next(e for e in state.apply("buy land") if e.kind == "card_bought")
    assert event.seen_by(0).data["card"] == "mountain"
    assert event.seen_by(1).data["card"] is None
    assert event.seen_by(None).data["card"] is None
    event = next(e for e in state.apply("buy land rock") if e.kind == "card_bought")
    assert event.seen_by(1).data["card"] == "rock"
    revealed = [e for e in state.apply("buy animal sheep") if e.kind == "card_revealed"]
    assert [e.seen_by(1).data["card"] for e in revealed] == ["cattle"]
