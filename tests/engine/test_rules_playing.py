"""Playing cards (R23-R30): land tiles, chains, animal tokens, herds, discards."""

from __future__ import annotations

import random

import pytest
from rules_helpers import board, legal, neighbours, refused, scenario, seat

from hacienda_game.engine import ScenarioError, new_game

#   x: 012345
P = board([
    "MMFFGG",   # y0  mountain 0-1, forest 2-3, meadow 4-5
    "RRBB..",   # y1  rock 0-1, moor 2-3
    "......",   # y2
    "..$...",   # y3  market at 2,3
    "......",   # y4
    "~.....",   # y5  water field at 0,5
])


def cells(state, seat_no: int, kind: str = "land") -> set[str]:
    """Names of the hexes holding this seat's land tiles / tokens of an animal."""
    b = state.board
    if kind == "land":
        hexes = state.seats[seat_no].land_hexes
    else:
        hexes = [h for herd_kind, herd in state.herds(seat_no) if herd_kind == kind for h in herd]
    return {b.names[h] for h in hexes}


def plays(card: str, *where: str) -> set[str]:
    return {f"play {card} {c}" for c in where}


def test_r23_test_board_geometry():
    """R23-R30 (test geometry): the neighbours used below are those of the board."""
    for h, name in enumerate(P.names):
        assert {P.names[n] for n in P.adjacent[h]} == neighbours(name) & set(P.names)


# --------------------------------------------------------------------- R23
def test_r23_land_card_goes_on_any_free_space_of_its_terrain():
    """R23: a forest card goes on a free forest space, anywhere on the board."""
    state = scenario(P, [seat(land=["forest"]), seat(tiles=["2,0"])])
    assert legal(state, "play land") == plays("forest", "3,0")
    events = state.apply("play forest 3,0")
    assert state.piece_at("3,0") == ("land", 0)
    assert cells(state, 0) == {"3,0"}
    assert [(e.kind, e.data["card"], e.data["fallback"]) for e in events] \
        == [("tile_placed", "forest", False)]
    assert state.seats[0].land_hand == [0] * 6


def test_r23_every_terrain_card_lists_its_free_spaces():
    """R23: each terrain card's legal hexes are exactly the free spaces of that terrain."""
    state = scenario(P, [seat(land=["mountain", "forest", "meadow", "rock", "moor"]),
                         seat(tiles=["1,0", "4,0", "2,1"])])
    assert legal(state, "play land") == (
        plays("mountain", "0,0") | plays("forest", "2,0", "3,0") | plays("meadow", "5,0")
        | plays("rock", "0,1", "1,1") | plays("moor", "3,1"))


def test_r23_land_card_refused_elsewhere():
    """R23: not on another terrain, not on a taken space, not on pampas while the
    terrain has room, not without the card."""
    state = scenario(P, [seat(land=["forest"], tiles=["4,1"]), seat(tiles=["2,0"])])
    refused(state, "play forest 2,0", "R23")     # taken
    refused(state, "play forest 4,0", "R23")     # meadow
    refused(state, "play forest 5,1", "R23")     # pampas, a forest is free
    refused(state, "play meadow 4,0", "R23")     # no meadow card
    refused(state, "play forest 9,9", "R61")     # no such hex


# --------------------------------------------------------------------- R24
R24_SEATS = [seat(land=["pampas"], tiles=["1,2", "4,0"], animals={"pig": ["3,4"]}),
             seat(tiles=["2,2"])]


def test_r24_pampas_card_goes_next_to_own_land():
    """R24: a pampas card goes on free pampas next to one of the player's land tiles
    (not next to tokens, not next to other players' tiles)."""
    state = scenario(P, R24_SEATS)
    assert legal(state, "play land") == plays("pampas", "0,2", "0,3", "1,3", "4,1")
    state.apply("play pampas 4,1")
    assert state.piece_at("4,1") == ("land", 0)


def test_r24_pampas_card_refused_elsewhere():
    """R24: not on pampas away from own land, not on a terrain space."""
    state = scenario(P, R24_SEATS)
    refused(state, "play pampas 3,2", "R24")     # next to another player's tile only
    refused(state, "play pampas 2,4", "R24")     # next to own pig only
    refused(state, "play pampas 5,5", "R24")     # far away
    refused(state, "play pampas 1,1", "R24")     # rock, next to own land


def test_r24_pampas_card_without_own_land_cannot_be_played():
    """R24: with no own land tile there is no space for a pampas card."""
    state = scenario(P, [seat(land=["pampas"], animals={"pig": ["3,4"]}), seat(tiles=["2,2"])])
    assert legal(state, "play land") == set()
    refused(state, "play pampas 3,3", "R24")


def test_r24_pampas_card_with_own_land_fully_surrounded():
    """R24: own land with no free pampas around it: the card cannot be played."""
    state = scenario(P, [seat(land=["pampas"], tiles=["0,4"], animals={"pig": ["0,3"]}),
                         seat(animals={"sheep": ["1,4"]})])
    assert legal(state, "play land") == set()
    refused(state, "play pampas 1,3", "R24")


# --------------------------------------------------------------------- R25
def test_r25_full_terrain_card_is_played_as_pampas():
    """R25: both forests taken: a forest card goes on pampas next to own land."""
    state = scenario(P, [seat(land=["forest"], tiles=["1,2"]), seat(tiles=["2,0", "3,0"])])
    assert legal(state, "play land") == plays("forest", "0,2", "0,3", "1,3", "2,2")
    events = state.apply("play forest 2,2")
    assert state.piece_at("2,2") == ("land", 0)
    assert [(e.data["card"], e.data["fallback"]) for e in events] == [("forest", True)]
    assert state.land_discard == ["forest"]


def test_r25_no_fallback_while_a_space_of_the_terrain_is_free():
    """R25: with one forest free, the forest card must go there."""
    state = scenario(P, [seat(land=["forest"], tiles=["1,2"]), seat(tiles=["2,0"])])
    assert legal(state, "play land") == plays("forest", "3,0")
    refused(state, "play forest 2,2", "R25")


def test_r25_fallback_goes_on_pampas_only():
    """R25: played as pampas, the card cannot go on another terrain or far pampas."""
    state = scenario(P, [seat(land=["forest"], tiles=["1,2"]), seat(tiles=["2,0", "3,0"])])
    refused(state, "play forest 1,1", "R25")     # rock next to own land
    refused(state, "play forest 5,5", ("R24", "R25"))


def test_r25_fallback_needs_own_land_like_pampas():
    """R25 with R24: a full terrain's card and no own land: it cannot be played."""
    state = scenario(P, [seat(land=["meadow"]), seat(tiles=["4,0", "5,0"])])
    assert legal(state, "play land") == set()
    refused(state, "play meadow 4,1", ("R24", "R25"))


def test_r25_terrain_missing_from_the_map_is_played_as_pampas():
    """R25: a terrain with no space on the map at all is played as pampas."""
    b = board(["FF...", ".....", "..$.."])
    state = scenario(b, [seat(land=["moor"], tiles=["1,0"])])
    assert legal(state, "play land") == plays("moor", "2,0", "0,1", "1,1")
    events = state.apply("play moor 0,1")
    assert events[0].data["fallback"] is True


# --------------------------------------------------------------------- R26
def chain_sizes(state, seat_no: int) -> list[int]:
    return sorted(len(c) for c in state.chains(seat_no))


def test_r26_chains_are_maximal_groups_of_one_players_tiles():
    """R26: adjacent own tiles form one chain; other players' tiles never join it."""
    state = scenario(P, [seat(tiles=["1,3", "2,2", "3,2", "5,4"]), seat(tiles=["4,2"])])
    assert chain_sizes(state, 0) == [1, 3]
    assert chain_sizes(state, 1) == [1]
    by_size = {len(c): {P.names[h] for h in c} for c in state.chains(0)}
    assert by_size[3] == {"1,3", "2,2", "3,2"}


def test_r26_a_tile_joining_two_chains_makes_one():
    """R26: a tile next to two own chains merges them."""
    state = scenario(P, [seat(land=["pampas"], tiles=["2,2", "3,2", "3,4"])])
    assert chain_sizes(state, 0) == [1, 2]
    events = state.apply("play pampas 3,3")
    assert events[0].data["chain"] == 4
    assert chain_sizes(state, 0) == [4]
    state.apply("harvest 3,4")
    assert state.seats[0].money == 20 + 12


def test_r26_r39_a_single_tile_is_a_lone_tile_not_a_chain():
    """R26: one tile alone is a land group of one, a lone tile, not a chain:
    it cannot be harvested (R39) unless the house rule ``lone_harvest`` is
    played (then its harvest pays 3)."""
    state = scenario(P, [seat(tiles=["5,4"])])
    assert chain_sizes(state, 0) == [1]
    refused(state, "harvest 5,4", "R39")
    state = scenario(P, [seat(tiles=["5,4"])], variants=["lone_harvest"])
    state.apply("harvest 5,4")
    assert state.seats[0].money == 23


def test_r26_land_tiles_and_tokens_do_not_mix():
    """R26: an own animal token between two tiles does not join them."""
    state = scenario(P, [seat(tiles=["1,2", "3,2"], animals={"pig": ["2,2"]})])
    assert chain_sizes(state, 0) == [1, 1]


# --------------------------------------------------------------------- R27
R27_SEATS = [
    seat(animal=["pig", "sheep", "cattle"], tiles=["4,0"],
         animals={"pig": ["1,4"], "sheep": ["3,4"]}),
    seat(tiles=["5,4"], animals={"pig": ["1,2"]}),
]


def test_r27_animal_goes_next_to_own_land_or_own_same_animal():
    """R27: free pampas next to an own land tile, or next to an own token of the
    same animal."""
    state = scenario(P, R27_SEATS)
    assert legal(state, "play animal") == (
        plays("pig", "4,1", "0,3", "0,4", "1,3", "1,5", "2,4")
        | plays("sheep", "4,1", "2,4", "2,5", "3,3", "3,5", "4,4")
        | plays("cattle", "4,1"))


def test_r27_animal_placed_shows_that_animal():
    """R27: the token shows the card's animal and belongs to the player."""
    state = scenario(P, R27_SEATS)
    events = state.apply("play pig 0,4")
    assert state.piece_at("0,4") == ("pig", 0)
    assert cells(state, 0, "pig") == {"1,4", "0,4"}
    assert [(e.kind, e.data["animal"], e.data["cell"]) for e in events] \
        == [("animal_placed", "pig", "0,4")]
    state.apply("play cattle 4,1")
    assert state.piece_at("4,1") == ("cattle", 0)


def test_r27_animal_refused_elsewhere():
    """R27: not next to other animals only, other players' pieces, or nothing;
    not on a taken hex; not without the card."""
    state = scenario(P, R27_SEATS)
    refused(state, "play cattle 2,4", "R27")     # next to own pig and sheep only
    refused(state, "play pig 2,2", "R27")        # next to another player's pig
    refused(state, "play pig 5,5", "R27")        # next to another player's land
    refused(state, "play pig 3,3", "R27")        # next to own sheep only
    refused(state, "play pig 1,2", "R27")        # taken
    refused(state, "play horse 4,1", "R27")      # no horse card


def test_r27_no_land_and_no_such_animal_no_place():
    """R27: without own land and without own tokens of that animal, no place."""
    state = scenario(P, [seat(animal=["horse"], animals={"pig": ["1,4"]})])
    assert legal(state, "play animal") == set()
    refused(state, "play horse 2,4", "R27")


# --------------------------------------------------------------------- R28
R28_SEATS = [
    seat(animal=["pig"], animals={"pig": ["1,4", "2,5"], "sheep": ["2,4"]}),
    seat(animals={"pig": ["3,4"]}),
]


def herd_map(state, seat_no: int) -> list[tuple[str, set[str]]]:
    return sorted(((a, {P.names[h] for h in herd}) for a, herd in state.herds(seat_no)),
                  key=lambda x: (x[0], sorted(x[1])))


def test_r28_herds_are_one_players_one_animal():
    """R28: herds of different animals or players may touch and stay apart."""
    state = scenario(P, R28_SEATS)
    assert herd_map(state, 0) == [("pig", {"1,4"}), ("pig", {"2,5"}), ("sheep", {"2,4"})]
    assert herd_map(state, 1) == [("pig", {"3,4"})]


def test_r28_a_token_joining_two_herds_makes_one():
    """R28: a pig next to two own pig herds merges them; sheep and the other
    player's pig stay out."""
    state = scenario(P, R28_SEATS)
    events = state.apply("play pig 1,5")
    assert events[0].data["herd"] == 3
    assert herd_map(state, 0) == [("pig", {"1,4", "1,5", "2,5"}), ("sheep", {"2,4"})]
    assert herd_map(state, 1) == [("pig", {"3,4"})]


def test_r28_touching_herds_take_their_own_haciendas():
    """R28 with R20: a hacienda on a pig herd does not stop one on the touching sheep herd."""
    state = scenario(P, [seat(money=40, animals={"pig": ["1,4", "1,5"], "sheep": ["2,4"]},
                              haciendas=["1,4"])])
    assert legal(state, "buy hacienda") == {"buy hacienda 2,4"}
    state.apply("buy hacienda 2,4")


# --------------------------------------------------------------------- R29
def test_r29_played_cards_go_to_their_discard_piles():
    """R29: land cards to the land discards, animal cards to the animal discards."""
    state = scenario(P, [seat(land=["forest", "pampas", "meadow"], animal=["pig", "pig"],
                              tiles=["4,1"]), seat(tiles=["4,0", "5,0"])])
    state.apply("play forest 2,0")
    state.apply("play pig 5,1")
    state.apply("play meadow 5,2")               # meadow full: played as pampas
    assert sorted(state.land_discard) == ["forest", "meadow"]
    assert state.animal_discard == ["pig"]
    assert state.seats[0].land_cards == {"pampas": 1}
    assert state.seats[0].animal_cards == {"pig": 1}


def test_r29_refused_play_discards_nothing():
    """R29: a refused play keeps the card in hand."""
    state = scenario(P, [seat(land=["pampas"], animal=["pig"])])
    refused(state, "play pampas 3,3", "R24")
    refused(state, "play pig 3,3", "R27")
    assert state.land_discard == [] and state.animal_discard == []
    assert state.seats[0].land_cards == {"pampas": 1}


# --------------------------------------------------------------------- R30
R30_SEATS = [seat(money=12, land=["pampas", "pampas"], animal=["pig"],
                  tiles=["3,2", "1,4"], animals={"pig": ["3,3"]})]


def test_r30_markets_water_and_land_spaces_never_take_animals():
    """R30: no token on a market, a water hex, or a land (terrain) space."""
    state = scenario(P, R30_SEATS)
    refused(state, "play pig 2,3", "R30")        # market next to own tile and pig
    refused(state, "play pig 0,5", "R30")        # water field next to own tile
    refused(state, "play pig 3,1", "R30")        # moor next to own tile
    refused(state, "play pig 2,1", "R30")        # moor next to own tile
    refused(state, "play pig 3,2", ("R27", "R30"))   # own land tile
    targets = legal(state, "play animal")
    assert targets and not targets & plays("pig", "2,3", "0,5", "3,1", "2,1", "3,2", "1,4")


def test_r30_markets_and_water_never_take_land_tiles():
    """R30: no land tile on a market or a water field, even next to own land."""
    state = scenario(P, R30_SEATS)
    refused(state, "play pampas 2,3", "R30")
    refused(state, "play pampas 0,5", "R30")
    assert not legal(state, "play land") & plays("pampas", "2,3", "0,5")


def test_r30_placed_water_takes_nothing():
    """R30: a water tile bought onto pampas takes neither land tiles nor tokens."""
    state = scenario(P, R30_SEATS)
    state.apply("buy water 4,2")
    refused(state, "play pampas 4,2", "R30")
    refused(state, "play pig 4,2", ("R21", "R27", "R30"))
    assert not legal(state) & (plays("pampas", "4,2") | plays("pig", "4,2"))


def test_r30_scenarios_breaking_it_are_refused():
    """R30: a scenario with a tile on a market or water, or a token on a terrain
    space or a market, is refused."""
    for bad in (seat(tiles=["2,3"]), seat(tiles=["0,5"]), seat(animals={"pig": ["2,0"]}),
                seat(animals={"pig": ["2,3"]})):
        with pytest.raises(ScenarioError, match=r"R30"):
            scenario(P, [bad])


def test_r30_random_play_never_puts_pieces_on_forbidden_hexes():
    """R30: in random play, every legal play targets an allowed hex."""
    state = new_game("symmetric", players=4, seed=30)
    b = state.board
    pick = random.Random(30)
    for step in range(300):
        if state.is_over():
            break
        if step % 5 == 0:
            for a in state.legal_actions_of("play animal"):
                assert b.spaces[b.hex_of(a.cells[0])] == "pampas"
            for a in state.legal_actions_of("play land"):
                assert b.spaces[b.hex_of(a.cells[0])] not in ("market", "water")
        state.apply(state.random_action(pick))
    for h, space in enumerate(b.spaces):
        if space in ("market", "water"):
            assert state.kind[h] in (0, 2)      # empty, or a water tile
        elif space != "pampas":
            assert state.kind[h] in (0, 1)      # empty, or a land tile


def oracle_plays(state) -> set[str]:
    """R23-R25, R27, R30 written out directly: every legal card play now
    (R3 and R4 are far from binding in the games this is used on)."""
    b, me = state.board, state.current
    piece = {name: state.piece_at(name) for name in b.names}
    mine = {n for n, p in piece.items() if p == ("land", me)}

    def free_pampas_next_to(group):
        return {n for c in group for n in neighbours(c)
                if n in piece and piece[n] is None and b.spaces[b.hex_of(n)] == "pampas"}

    out = set()
    near_land = free_pampas_next_to(mine)
    for card in state.seats[me].land_cards:
        free = {n for n in b.names if b.spaces[b.hex_of(n)] == card and piece[n] is None}
        out |= plays(card, *(near_land if card == "pampas" else free or near_land))
    for animal in state.seats[me].animal_cards:
        herd = {n for n, p in piece.items() if p == (animal, me)}
        out |= plays(animal, *(near_land | free_pampas_next_to(herd)))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_r27_legal_plays_match_the_rules_in_random_games(seed):
    """R23, R24, R25, R27, R30: in random games on the built-in map, the legal
    card plays are exactly those the rules allow, and each is carried out."""
    state = new_game("symmetric", players=3, seed=seed)
    pick = random.Random(seed)
    checked = 0
    for step in range(250):
        if state.is_over():
            break
        if step % 4 == 0 and state.actions_left:
            engine = legal(state, "play land") | legal(state, "play animal")
            assert engine == oracle_plays(state), step
            for text in sorted(engine)[:3]:
                state.clone().apply(text)
            checked += 1
        state.apply(state.random_action(pick))
    assert checked > 20


def test_r24_r27_frontier_views_match_the_pieces_throughout_a_game():
    """The read-only frontier views AI seats use are the free pampas next to a
    seat's land (R24) and next to its tokens of each animal (R27), kept right
    move after move."""
    import random as _random

    from hacienda_game.engine import new_game
    from hacienda_game.engine.components import ANIMALS
    from hacienda_game.engine.groups import EMPTY

    state = new_game("symmetric", players=3, seed=5)
    rng = _random.Random(5)
    board = state.board

    def free_pampas_next_to(hexes):
        return {n for h in hexes for n in board.adjacent[h]
                if board.is_pampas[n] and state.kind[n] == EMPTY}

    checked = 0
    while not state.is_over() and checked < 120:
        state.apply(state.random_action(rng))
        checked += 1
        for who in range(state.players):
            s = state.seats[who]
            assert state.land_frontier(who) == free_pampas_next_to(s.land_hexes)
            for a in range(len(ANIMALS)):
                assert state.animal_frontier(who, a) == free_pampas_next_to(s.animal_hexes[a])
        mask = sum(1 << h for h in board.pampas if state.kind[h] == EMPTY)
        assert state.free_pampas_mask() == mask
