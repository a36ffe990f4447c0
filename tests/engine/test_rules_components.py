"""Components (R1-R8): cards, tiles, tokens, haciendas, chips, water, money."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from rules_helpers import board, legal, refused, scenario, seat

from hacienda_game.engine import ScenarioError, new_game
from hacienda_game.engine import components as C

TERRAINS = ("mountain", "forest", "meadow", "rock", "moor")
ANIMALS = ("cattle", "horse", "pig", "sheep")


def all_land_cards(state) -> Counter:
    cards = Counter(state.land_deck) + Counter(state.land_discard)
    cards += Counter(c for c in state.land_face_up if c)
    for s in state.seats:
        cards += Counter(s.land_cards)
    return cards


def all_animal_cards(state) -> Counter:
    cards = Counter(state.animal_draw) + Counter(state.animal_waiting)
    cards += Counter(state.animal_discard) + Counter(state.animal_removed)
    cards += Counter(c for c in state.animal_face_up if c)
    for s in state.seats:
        cards += Counter(s.animal_cards)
    return cards


# ---------------------------------------------------------------------- R1
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r1_eighty_land_cards_14_per_terrain_and_10_pampas(players):
    """R1: 80 land cards = 14 each of five terrains + 10 pampas, wherever they are."""
    state = new_game("symmetric", players=players, seed=players)
    cards = all_land_cards(state)
    assert cards == Counter({**{t: 14 for t in TERRAINS}, "pampas": 10})
    assert sum(cards.values()) == 80


def test_r1_a_scenario_cannot_hand_out_more_cards_than_exist():
    """R1: there are only 14 forest and 10 pampas cards."""
    b = board(["F...", "...."])
    with pytest.raises(ScenarioError, match=r"R1\b"):
        scenario(b, [seat(land=["forest"] * 8), seat(land=["forest"] * 7)])
    with pytest.raises(ScenarioError, match=r"R1\b"):
        scenario(b, [seat(land=["pampas"] * 11)])
    scenario(b, [seat(land=["forest"] * 7), seat(land=["forest"] * 7)])


# ---------------------------------------------------------------------- R2
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r2_seventy_two_animal_cards_18_per_animal(players):
    """R2: 72 animal cards = 18 each of cattle, horse, pig, sheep (removed ones included)."""
    state = new_game("symmetric", players=players, seed=10 + players)
    cards = all_animal_cards(state)
    assert cards == Counter({a: 18 for a in ANIMALS})
    assert sum(cards.values()) == 72


def test_r2_a_scenario_cannot_hand_out_more_animal_cards_than_exist():
    """R2: there are only 18 cards of each animal."""
    b = board(["F...", "...."])
    with pytest.raises(ScenarioError, match=r"R2\b"):
        scenario(b, [seat(animal=["pig"] * 10), seat(animal=["pig"] * 9)])
    state = scenario(b, [seat(animal=["pig"] * 9), seat(animal=["pig"] * 9)])
    assert all_animal_cards(state)["pig"] == 18


# ---------------------------------------------------------------------- R3
# A board with 108 pampas hexes and 4 free forests, big enough for 80 tiles.
BIG = board(["FFFF" + "." * 8] + ["." * 12] * 9)
PAMPAS = [f"{x},{y}" for y in range(1, 10) for x in range(12)]


def land_seats(*counts: int, forests: int = 1) -> list[dict]:
    """Seats holding ``counts[i]`` land tiles each (on pampas) and forest cards."""
    cells = iter(PAMPAS)
    return [seat(land=["forest"] * forests, tiles=[next(cells) for _ in range(n)])
            for n in counts]


def test_r3_land_tiles_are_data_80_tiles_10_colour_pairs():
    """R3: 80 two-coloured tiles, every pair of 5 colours on 8; each colour on 32."""
    assert sum(C.LAND_TILE_PAIRS.values()) == 80
    assert len(C.LAND_TILE_PAIRS) == 10
    for colour in range(5):
        assert sum(n for pair, n in C.LAND_TILE_PAIRS.items() if colour in pair) == 32


def test_r3_two_players_one_colour_is_on_32_tiles():
    """R3, 2 players: 32 tiles show a player's colour: the 33rd cannot be placed."""
    state = scenario(BIG, land_seats(31, 0, forests=2))
    assert "play forest 0,0" in legal(state, "play land")
    state.apply("play forest 0,0")
    assert len(state.seats[0].land_hexes) == 32
    assert legal(state, "play land") == set()
    refused(state, "play forest 1,0", "R3")


def test_r3_two_players_share_56_tiles_hall_condition():
    """R3, 2 players: only 56 tiles show colour 0 or 1.  With 32 + 24 placed,
    the second player is stopped at 24 tiles although their colour is on 32."""
    state = scenario(BIG, land_seats(32, 24), current_player=1)
    assert legal(state, "play land") == set()
    refused(state, "play forest 0,0", "R3")
    # One tile fewer for player 0: player 1 may place the 25th.
    state = scenario(BIG, land_seats(31, 24), current_player=1)
    assert "play forest 0,0" in legal(state, "play land")
    state.apply("play forest 0,0")
    assert len(state.seats[1].land_hexes) == 25


def test_r3_two_players_stopped_below_32_when_pair_supply_is_used():
    """R3, 2 players: 31 + 25 = 56 placed; player 0 (31 < 32) cannot place another."""
    state = scenario(BIG, land_seats(31, 25))
    assert legal(state, "play land") == set()
    refused(state, "play forest 0,0", "R3")


def test_r3_two_players_28_each_uses_the_whole_shared_supply():
    """R3, 2 players: 28 + 28 = 56: neither player can place a tile."""
    for current in (0, 1):
        state = scenario(BIG, land_seats(28, 28), current_player=current)
        refused(state, "play forest 0,0", "R3")


def test_r3_five_players_three_colours_share_72_tiles():
    """R3, 5 players: tiles showing one of three colours: 80 - 8 = 72.  With 24
    each for seats 0-2, those three are stopped; seat 3 may still place."""
    seats = land_seats(24, 24, 24, 0, 0)
    for current in (0, 1, 2):
        state = scenario(BIG, seats, players=5, current_player=current)
        assert legal(state, "play land") == set()
        refused(state, "play forest 0,0", "R3")
    state = scenario(BIG, seats, players=5, current_player=3)
    assert "play forest 0,0" in legal(state, "play land")
    state.apply("play forest 0,0")
    assert state.piece_at("0,0") == ("land", 3)


def test_r3_five_players_all_80_tiles_used():
    """R3, 5 players: 16 each = 80 tiles: nobody can place one."""
    seats = land_seats(16, 16, 16, 16, 16)
    state = scenario(BIG, seats, players=5, current_player=4)
    refused(state, "play forest 0,0", "R3")
    # Five players, 15 each: anyone may place (the single-colour limit 32 is far).
    state = scenario(BIG, land_seats(15, 15, 15, 15, 15), players=5, current_player=2)
    assert "play forest 0,0" in legal(state, "play land")


def test_r3_scenario_with_more_tiles_than_the_supply_is_refused():
    """R3: a scenario giving a player 33 tiles (2 players) is refused."""
    with pytest.raises(ScenarioError, match=r"R3\b"):
        scenario(BIG, land_seats(33, 0))
    with pytest.raises(ScenarioError, match=r"R3\b"):
        scenario(BIG, land_seats(30, 27))


# ---------------------------------------------------------------------- R4
# 10 rows of 12 pampas; the player's land tile at 0,0 makes every free
# neighbour a legal target for any animal.
FIELD = board(["." * 12] * 10)
FREE = [f"{x},{y}" for y in range(2, 10) for x in range(12)]


def token_seat(**counts: int) -> dict:
    cells = iter(FREE)
    animals = {a: [next(cells) for _ in range(n)] for a, n in counts.items()}
    return seat(animal=list(ANIMALS), tiles=["0,0"], animals=animals)


def test_r4_animal_tokens_are_data_30_per_player_6_pairs():
    """R4: 30 tokens, each pair of two different animals on 5; each animal on 15."""
    assert sum(C.ANIMAL_TOKEN_PAIRS.values()) == 30
    assert len(C.ANIMAL_TOKEN_PAIRS) == 6
    assert all(a != b for a, b in C.ANIMAL_TOKEN_PAIRS)


def test_r4_at_most_15_of_one_animal():
    """R4: 15 tokens show pigs: with 15 pigs placed no pig can be played, others can."""
    state = scenario(FIELD, [token_seat(pig=15)])
    plays = legal(state, "play animal")
    assert not any(p.startswith("play pig") for p in plays)
    assert "play cattle 1,0" in plays
    refused(state, "play pig 1,0", "R4")
    state.apply("play cattle 1,0")


def test_r4_the_15th_of_one_animal_is_allowed():
    """R4: with 14 pigs placed the 15th pig may still be played."""
    state = scenario(FIELD, [token_seat(pig=14)])
    assert "play pig 1,0" in legal(state, "play animal")
    state.apply("play pig 1,0")
    assert len(state.seats[0].animal_hexes[C.ANIMAL_INDEX["pig"]]) == 15


def test_r4_at_most_25_of_any_two_animals():
    """R4: 25 tokens show pig or sheep: 13 pigs + 12 sheep leave no token for a
    14th pig or a 13th sheep (each below 15), but cattle and horses are fine."""
    state = scenario(FIELD, [token_seat(pig=13, sheep=12)])
    plays = legal(state, "play animal")
    assert not any(p.startswith(("play pig", "play sheep")) for p in plays)
    assert {"play cattle 1,0", "play horse 1,0"} <= plays
    refused(state, "play pig 1,0", "R4")
    refused(state, "play sheep 1,0", "R4")
    state.apply("play horse 1,0")


def test_r4_24_of_two_animals_leaves_room_for_one_more():
    """R4: 12 pigs + 12 sheep: the 25th of the two may be played."""
    state = scenario(FIELD, [token_seat(pig=12, sheep=12)])
    state.apply("play sheep 1,0")
    refused(state, "play pig 2,0", "R4")


def test_r4_at_most_30_animals_in_all():
    """R4: 10 cattle + 10 horses + 10 pigs use all 30 tokens: not even a sheep."""
    state = scenario(FIELD, [token_seat(cattle=10, horse=10, pig=10)])
    assert legal(state, "play animal") == set()
    for a in ANIMALS:
        refused(state, f"play {a} 1,0", "R4")


def test_r4_hall_condition_matches_brute_force():
    """R4: the engine's coverage check equals an exhaustive assignment of tokens."""
    pairs = list(C.ANIMAL_TOKEN_PAIRS)

    @cache
    def go(i: int, need: tuple[int, ...]) -> bool:
        # Distribute pair i's 5 tokens between its two animals, then the rest.
        if i == len(pairs):
            return not any(need)
        a, b = pairs[i]
        for k in range(6):
            nxt = list(need)
            nxt[a] = max(0, nxt[a] - k)
            nxt[b] = max(0, nxt[b] - (5 - k))
            if go(i + 1, tuple(nxt)):
                return True
        return False

    cases = [(15, 0, 0, 0), (16, 0, 0, 0), (13, 12, 0, 0), (13, 13, 0, 0), (10, 10, 10, 0),
             (10, 10, 10, 1), (8, 8, 7, 7), (15, 10, 5, 0), (15, 10, 5, 1), (0, 5, 15, 10),
             (14, 11, 0, 5), (12, 12, 1, 5)]
    for counts in cases:
        assert C.coverable(counts, C.ANIMAL_CAPS) == go(0, counts), counts


def test_r4_scenario_with_uncoverable_animals_is_refused():
    """R4: a scenario giving a player 16 pigs is refused."""
    with pytest.raises(ScenarioError, match=r"R4\b"):
        scenario(FIELD, [token_seat(pig=16)])
    with pytest.raises(ScenarioError, match=r"R4\b"):
        scenario(FIELD, [token_seat(pig=13, sheep=13)])


# ---------------------------------------------------------------------- R5
@pytest.mark.parametrize(("players", "count"), [(2, 5), (3, 7), (4, 8), (5, 9)])
def test_r5_haciendas_per_player_count(players, count):
    """R5: 5 / 7 / 8 / 9 haciendas to buy for 2 / 3 / 4 / 5 players."""
    assert new_game("symmetric", players=players, seed=1).haciendas_left == count


SMALL = board(["FFFFFF", "......", "..$...", "......"])


def test_r5_no_hacienda_left_cannot_be_bought():
    """R5: with all 5 haciendas of a 2-player game on the board, none can be bought."""
    placed = ["0,0", "2,0", "4,0", "0,3", "2,3"]
    assert scenario(SMALL, [seat(money=50, tiles=placed)]).haciendas_left == 5
    state = scenario(SMALL, [seat(money=50, tiles=placed + ["5,3"], haciendas=placed)])
    assert state.haciendas_left == 0
    assert legal(state, "buy hacienda") == set()
    refused(state, "buy hacienda 5,3", "R5")


def test_r5_scenario_with_too_many_haciendas_is_refused():
    """R5: six haciendas in a 2-player scenario are refused."""
    tiles = ["0,0", "2,0", "4,0", "0,3", "2,3", "4,3"]
    with pytest.raises(ScenarioError, match=r"R5\b"):
        scenario(SMALL, [seat(tiles=tiles, haciendas=tiles)])


# ---------------------------------------------------------------------- R6
def test_r6_eight_harvest_chips():
    """R6: 8 chips in the supply at the start; a 9th on the board is refused."""
    assert new_game("symmetric", players=3, seed=2).chips_left == 8
    singles = ["0,0", "2,0", "4,0", "6,0", "8,0", "10,0", "0,2", "2,2", "4,2"]
    with pytest.raises(ScenarioError, match=r"R6\b"):
        scenario(FIELD, [seat(tiles=singles, harvest=singles)])
    state = scenario(FIELD, [seat(tiles=[*singles, "3,2"], harvest=singles[:7])])
    assert state.chips_left == 1
    state.apply("harvest 2,2")                        # the chain 2,2-3,2-4,2 (R39)
    assert state.chips_left == 0


# ---------------------------------------------------------------------- R7
def test_r7_water_tiles_are_data():
    """R7: 18 water tiles: 9 of size 1, 4 of size 2, 3 of size 3, 2 of size 4."""
    assert C.WATER_TILES == {1: 9, 2: 4, 3: 3, 4: 2}
    assert sum(C.WATER_TILES.values()) == 18
    assert all(len(C.WATER_SHAPES[size]) == size for size in C.WATER_TILES)


def test_r7_four_size_one_tiles_start_on_the_water_fields():
    """R7: on the 4-water-field map, 4 size-1 tiles are on the board, 14 left."""
    state = new_game("symmetric", players=2, seed=3)
    assert sorted(len(t) for t in state.water_tiles) == [1, 1, 1, 1]
    assert state.water_left == {1: 5, 2: 4, 3: 3, 4: 2}


POND = board(["." * 8] * 6)


def test_r7_used_up_size_cannot_be_bought():
    """R7: both size-4 tiles placed: a size-4 tile cannot be bought, others can."""
    water = [["0,0", "1,0", "0,1", "1,1"], ["4,0", "5,0", "4,1", "5,1"]]
    state = scenario(POND, [seat(money=30)], water=water)
    assert state.water_left[4] == 0
    sizes = {len(a.split()) - 2 for a in legal(state, "buy water")}
    assert sizes == {1, 2, 3}
    refused(state, "buy water 0,3 1,3 0,4 1,4", "R7")


def test_r7_scenario_with_a_third_size_four_tile_is_refused():
    """R7: only two size-4 tiles exist."""
    water = [["0,0", "1,0", "0,1", "1,1"], ["4,0", "5,0", "4,1", "5,1"],
             ["0,3", "1,3", "0,4", "1,4"]]
    with pytest.raises(ScenarioError, match=r"R7\b"):
        scenario(POND, water=water)


# ---------------------------------------------------------------------- R8
@pytest.mark.parametrize("players", [2, 5])
def test_r8_every_player_starts_with_20_pesos(players):
    """R8: 20 pesos each at the start."""
    state = new_game("symmetric", players=players, seed=4)
    assert [s.money for s in state.seats] == [20] * players


def test_r8_the_bank_is_unlimited():
    """R8: the bank pays whatever the rules say, however much a player holds."""
    b = board(["......", "......"])
    chain = ["0,0", "1,0", "2,0", "3,0", "4,0", "5,0"]
    state = scenario(b, [seat(money=10**9, tiles=chain)])
    state.apply("harvest 0,0")
    assert state.seats[0].money == 10**9 + 18
