"""Rule tests for scoring (R40-R49).

Positions are scenarios on small boards written with `Board.from_rows`
(pointy-top, odd rows shifted right by half a hex).  R40 uses the scenario
keys ``decks``/``face_up`` to give tiny animal stacks, so both scorings and
the game's end happen within a few actions.  R48 rebuilds the rulebook's
scoring example: tests/data/r48_scoring_example.json on the board drawn in
`R48_PICTURE` (the same board is saved as tests/data/r48_board.tmx).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rules_helpers import board, scenario
from rules_helpers import refused as _refused
from rules_helpers import seat as _seat

from hacienda_game.engine import load_scenario, score
from hacienda_game.engine.scoring import CATEGORIES
from hacienda_game.maps.board import Board

DATA = Path(__file__).resolve().parents[1] / "data"

# ------------------------------------------------------------------ helpers


def _game(rows, seats, players=2, **extra):
    return scenario(board(rows), seats, players, seed=5, **extra)


def _kinds(events):
    return [e.kind for e in events]


# --------------------------------------------------------------------- R40

R40_ROWS = ["..$....",
            ".......",
            "......."]


def _r40_game(current=1, **extra):
    """3 players, seat 0 starts.  Stack 1 holds one card (pig), stack 2 two
    (cattle on top, then horse).  Seat 0 has a pig at the market 2,0 and a
    chain of 3 (1+6 points a scoring); every seat starts with 5 points."""
    seats = [_seat(money=30, tiles=["0,2", "1,2", "2,2"], animals={"pig": ["2,1"]}, points=5),
             _seat(points=5, money=33), _seat(points=5, money=9)]
    data = {"decks": {"animal": ["pig"], "animal_waiting": ["cattle", "horse"]},
            "face_up": {"animal": ["sheep", "sheep", "sheep", "sheep"]},
            "current_player": current}
    data.update(extra)
    return _game(R40_ROWS, seats, players=3, **data)


def test_r40_last_card_of_stack_1_bought_blind_switches_stacks():
    """R40: buying the last card of stack 1 makes stack 2 the draw pile; no
    scoring yet."""
    state = _r40_game()
    events = state.apply("buy animal")
    assert state.seats[1].animal_cards == {"pig": 1}
    switched = [e for e in events if e.kind == "stack_switched"]
    assert [e.data["stack"] for e in switched] == [2]
    assert state.stack == 2
    assert state.animal_draw == ["horse", "cattle"]       # top card last
    assert state.animal_waiting == []
    assert "scoring" not in _kinds(events)
    assert [s.score for s in state.seats] == [5, 5, 5]
    assert not state.is_over() and state.current == 1 and state.actions_left == 2


def test_r40_last_card_of_stack_1_turned_face_up_switches_stacks():
    """R40: buying a face-up card turns the last card of stack 1 face up:
    stack 2 becomes the draw pile."""
    state = _r40_game()
    events = state.apply("buy animal sheep")
    assert sorted(_kinds(events)) == ["card_bought", "card_revealed", "stack_switched"]
    (revealed,) = [e for e in events if e.kind == "card_revealed"]
    assert revealed.data["card"] == "pig"
    assert sorted(c for c in state.animal_face_up if c) == ["pig", "sheep", "sheep", "sheep"]
    assert state.stack == 2
    assert state.animal_draw == ["horse", "cattle"]
    assert "scoring" not in _kinds(events)
    # The next blind buy comes from stack 2.
    state.apply("buy animal")
    assert state.seats[1].animal_cards == {"sheep": 1, "cattle": 1}


def test_r40_round_is_finished_then_intermediate_scoring_then_play_goes_on():
    """R40: after the switch the round is finished (seat 2, after the current
    seat 1, still plays); at the round's end the intermediate scoring adds to
    the scores; play goes on with the start player."""
    state = _r40_game()
    state.apply("buy animal")
    events = state.apply("end")
    assert "scoring" not in _kinds(events)
    assert state.current == 2 and not state.is_over()
    assert state.legal_kinds() != ["end"]
    state.apply("buy animal")                        # seat 2 draws from stack 2: cattle
    assert state.seats[2].animal_cards == {"cattle": 1}
    assert [s.score for s in state.seats] == [5, 5, 5]
    expected = score(state)
    assert [row["total"] for row in expected] == [1 + 6 + 3, 3, 0]
    events = state.apply("end")
    (scoring,) = [e for e in events if e.kind == "scoring"]
    assert scoring.data["which"] == "intermediate"
    assert scoring.data["table"] == expected
    assert [s.score for s in state.seats] == [5 + 10, 5 + 3, 5 + 0]
    assert scoring.data["scores"] == [15, 8, 5]
    assert "game_over" not in _kinds(events)
    assert not state.is_over()
    assert state.current == 0 and state.round == 2 and state.actions_left == 3
    assert state.legal_actions()


def test_r40_stack_2_used_up_finishes_round_then_final_scoring_and_game_over():
    """R40: when stack 2 runs out the round is finished, then the final
    scoring, then the game ends: no action is legal any more."""
    state = _r40_game(current=0)
    state.apply("buy animal")                         # stack 1 used up (pig)
    for _ in range(3):
        state.apply("end")                            # round 1 ends: intermediate scoring
    assert [s.score for s in state.seats] == [5 + 9, 5 + 3, 5 + 0]    # seat 0 paid 2
    assert state.current == 0 and state.stack == 2
    state.apply("buy animal")                         # cattle
    events = state.apply("buy animal")                # horse: stack 2 used up
    assert [e.data["stack"] for e in events if e.kind == "stack_switched"] == [3]
    _refused(state, "buy animal", "R19")
    assert not state.is_over()
    events = state.apply("end") + state.apply("end")
    assert "scoring" not in _kinds(events) and not state.is_over()
    assert state.current == 2
    state.apply("buy land")                           # seat 2 still plays
    events = state.apply("end")
    assert _kinds(events)[-2:] == ["scoring", "game_over"]
    (scoring,) = [e for e in events if e.kind == "scoring"]
    assert scoring.data["which"] == "final"
    assert state.is_over()
    assert state.legal_actions() == []
    assert state.legal_kinds() == []
    _refused(state, "end", "R40")
    assert [len(s.scorings) for s in state.seats] == [2, 2, 2]
    assert [s.score for s in state.seats] == [
        5 + sum(x["total"] for x in s.scorings) for s in state.seats]


def test_r40_stack_2_last_card_turned_face_up_ends_the_game_after_the_round():
    """R40: stack 2 running out by a face-up refill also ends the game at the
    round's end."""
    state = _r40_game(current=0, stack=2,
                      decks={"animal": ["horse"]})
    assert state.stack == 2
    events = state.apply("buy animal sheep")          # refill turns up the horse
    assert [e.data["stack"] for e in events if e.kind == "stack_switched"] == [3]
    assert "horse" in state.animal_face_up
    events = state.apply("end") + state.apply("end") + state.apply("end")
    assert _kinds(events)[-2:] == ["scoring", "game_over"]
    assert state.is_over() and state.legal_actions() == []


# --------------------------------------------------------------------- R41

def test_r41_scoring_order_and_scores_add_up_over_both_scorings():
    """R41: categories in the order markets, land chains, haciendas, water,
    money; the two scorings add up."""
    state = _r40_game(current=0)
    row = score(state)[0]
    assert list(row)[:6] == ["markets", "chains", "haciendas", "water", "money", "total"]
    assert CATEGORIES == ("markets", "chains", "haciendas", "water", "money")
    assert row["total"] == sum(row[c] for c in CATEGORIES)
    state.apply("buy animal")
    for _ in range(3):
        state.apply("end")
    state.apply("buy animal")
    state.apply("buy animal")
    tables = []
    for _ in range(3):
        tables += [e.data["table"] for e in state.apply("end") if e.kind == "scoring"]
    assert state.is_over() and len(tables) == 1
    for i, s in enumerate(state.seats):
        assert len(s.scorings) == 2
        assert [list(x)[:5] for x in s.scorings] == [list(CATEGORIES)] * 2
        assert s.scorings[1]["total"] == tables[0][i]["total"]
        assert s.score == 5 + s.scorings[0]["total"] + s.scorings[1]["total"]


# --------------------------------------------------------------------- R42

def _markets_game(markets, touched):
    """A row of ``markets`` markets (every second hex of row 0); a token on
    row 1 under each of the first ``touched`` (each touches just one)."""
    width = 2 * markets + 1
    rows = ["".join("$" if x % 2 == 0 and x < 2 * markets else "." for x in range(width)),
            "." * width]
    cells = [f"{2 * i},1" for i in range(touched)]
    animals = {"pig": cells[::2], "sheep": cells[1::2]}
    return _game(rows, [_seat(animals=animals)])


@pytest.mark.parametrize(("n", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15),
                                           (6, 21), (7, 28), (8, 36), (9, 45), (10, 55),
                                           (11, 66)])
def test_r42_market_table(n, points):
    """R42: 1..11 connected markets give 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66."""
    row = score(_markets_game(11, n))[0]
    assert row["detail"]["markets"] == n
    assert row["markets"] == points


@pytest.mark.parametrize("n", [12, 13, 16])
def test_r42_triangular_beyond_eleven_markets(n):
    """R42: larger maps go on with n(n+1)/2."""
    row = score(_markets_game(n, n))[0]
    assert row["detail"]["markets"] == n
    assert row["markets"] == n * (n + 1) // 2


# --------------------------------------------------------------------- R43

CHAIN_ROWS = ["..........",
              "..........",
              "..........",
              "..........",
              ".........."]


def test_r43_rulebook_example_7_3_3_two_chain_and_singles_26():
    """R43: a 7-chain, two 3-chains, a 2-chain and 3 single tiles: (7+3+3)*2
    = 26; the 2-chain and the singles score nothing."""
    tiles = ([f"{x},0" for x in range(7)] + ["0,2", "1,2", "2,2", "5,2", "6,2", "7,2"]
             + ["0,4", "1,4"] + ["4,4", "6,4", "8,4"])
    state = _game(CHAIN_ROWS, [_seat(tiles=tiles)])
    assert sorted(len(c) for c in state.chains(0)) == [1, 1, 1, 2, 3, 3, 7]
    row = score(state)[0]
    assert row["chains"] == 26
    assert row["detail"]["chains"] == [7, 3, 3]
    assert row["total"] == 26 + 2                    # + 20 pesos


def test_r43_third_tile_makes_a_chain_score():
    """R43: 2 tiles score nothing; the third tile gives 6 points."""
    state = _game(CHAIN_ROWS, [_seat(land=["pampas"], tiles=["3,2", "4,2"])])
    assert score(state)[0]["chains"] == 0
    state.apply("play pampas 5,2")
    assert score(state)[0]["chains"] == 6
    assert score(state)[0]["detail"]["chains"] == [3]


# --------------------------------------------------------------------- R44

def test_r44_merged_chain_with_two_haciendas_counts_once():
    """R44: two chains with a hacienda each merge: the chain (5 tiles) scores
    5, not 10."""
    state = _game(CHAIN_ROWS, [_seat(land=["pampas"], tiles=["0,0", "1,0", "3,0", "4,0"],
                                     haciendas=["0,0", "4,0"])])
    row = score(state)[0]
    assert (row["haciendas"], row["detail"]["haciendas"]) == (4, [2, 2])
    state.apply("play pampas 2,0")
    row = score(state)[0]
    assert (row["haciendas"], row["detail"]["haciendas"]) == (5, [5])


def test_r44_rulebook_example_chain_and_herd():
    """R44 (rulebook): a hacienda on a 7-tile chain and one on a herd of 6
    sheep: 7 + 6 = 13; a chain or herd without one scores nothing here."""
    seats = [_seat(tiles=[f"{x},0" for x in range(7)] + ["0,4", "1,4", "2,4"],
                   animals={"sheep": [f"{x},2" for x in range(6)], "pig": ["8,2"]},
                   haciendas=["3,0", "5,2"])]
    row = score(_game(CHAIN_ROWS, seats))[0]
    assert (row["haciendas"], row["detail"]["haciendas"]) == (13, [7, 6])


def test_r44_hacienda_counts_the_group_as_it_is_now():
    """R44: a hacienda on a single tile gives 1; when its herd grows it gives
    the herd's size at the scoring."""
    state = _game(CHAIN_ROWS, [_seat(animal=["horse"], tiles=["0,4"],
                                     animals={"horse": ["5,2"]}, haciendas=["0,4", "5,2"])])
    assert score(state)[0]["detail"]["haciendas"] == [1, 1]
    state.apply("play horse 6,2")
    assert score(state)[0]["detail"]["haciendas"] == [2, 1]
    assert score(state)[0]["haciendas"] == 3


# --------------------------------------------------------------------- R45

WATER_ROWS = [".....",
              ".....",
              "....."]


def test_r45_piece_touching_two_water_tiles_scores_for_each():
    """R45: each water tile is scored separately: a land tile between two
    water tiles gives 1 point for each."""
    state = _game(WATER_ROWS, [_seat(tiles=["1,1"])], water=[["0,1"], ["2,1"]])
    row = score(state)[0]
    assert (row["water"], row["detail"]["water"]) == (2, [1, 1])


def test_r45_piece_touching_one_tile_on_two_sides_scores_once():
    """R45: a land tile touching both hexes of a size-2 water tile: 1 point."""
    state = _game(WATER_ROWS, [_seat(tiles=["2,0"], animals={"pig": ["2,2"]})],
                  water=[["1,1", "2,1"]])
    row = score(state)[0]
    assert (row["water"], row["detail"]["water"]) == (2, [2])


def test_r45_every_piece_gives_its_owner_a_point_whoever_placed_the_water():
    """R45: land tiles and tokens beside a water tile give their owners 1
    point each, for a starting water field as for a bought tile."""
    rows = [".....",
            "..~..",
            "....."]
    seats = [_seat(money=30, tiles=["1,1"], animals={"cattle": ["2,0"]}),
             _seat(animals={"sheep": ["3,1"]})]
    state = _game(rows, seats)
    table = score(state)
    assert [r["detail"]["water"] for r in table] == [[2], [1]]
    # Seat 0 buys a water tile beside seat 1's sheep: seat 1 scores it too.
    state.apply("buy water 4,1")
    table = score(state)
    assert [r["detail"]["water"] for r in table] == [[2], [1, 1]]
    assert table[1]["water"] == 2


# --------------------------------------------------------------------- R46

def test_r46_lakes_variant_scores_adjacent_tiles_as_one():
    """R46: with the variant "lakes" adjacent water tiles form one lake,
    scored like one tile; without it each tile is scored."""
    seats = [_seat(tiles=["2,0", "0,1"])]
    water = [["1,1"], ["2,1"], ["4,2"]]
    seats_far = [_seat(tiles=["2,0", "0,1", "4,1"])]
    plain = score(_game(WATER_ROWS, seats, water=water))[0]
    lakes = score(_game(WATER_ROWS, seats, water=water, variants=["lakes"]))[0]
    assert (plain["water"], plain["detail"]["water"]) == (3, [2, 1])
    assert (lakes["water"], lakes["detail"]["water"]) == (2, [2])
    # A tile not touching the others stays a lake of its own.
    lakes = score(_game(WATER_ROWS, seats_far, water=water, variants=["lakes"]))[0]
    assert sorted(lakes["detail"]["water"]) == [1, 2]


# --------------------------------------------------------------------- R47

@pytest.mark.parametrize(("money", "points"), [(0, 0), (9, 0), (10, 1), (12, 1), (28, 2),
                                               (99, 9), (100, 10)])
def test_r47_one_point_per_full_ten_pesos(money, points):
    """R47: 1 point per full 10 pesos (28 pesos: 2 points)."""
    row = score(_game(WATER_ROWS, [_seat(money=money)]))[0]
    assert (row["money"], row["detail"]["money"], row["total"]) == (points, money, points)


def test_r47_money_is_kept_after_scoring():
    """R47: scoring money does not spend it."""
    state = _r40_game(current=0)
    state.apply("buy animal")
    money = [s.money for s in state.seats]
    for _ in range(3):
        state.apply("end")
    assert state.scorings_done == 1
    assert [s.money for s in state.seats] == money
    assert [s.scorings[0]["money"] for s in state.seats] == [m // 10 for m in money]


# --------------------------------------------------------------------- R48

# The rulebook's scoring example, drawn as the hexes lie (a letter every
# second character, odd rows shifted right by one).  $ market, . pampas,
# 1-5 water tiles (1: size 1 "on the left", 2: size 2 "beneath", 3: size 3
# "in the middle", 4: size 1 "upper right", 5: a size-1 tile only Blue uses).
# Red (seat 0): r land, p pig, s sheep, h horse.  Blue (seat 1): L land,
# K cattle, H horse.  Haciendas: Red 1,2 (pig herd); Blue 8,2 (7-chain) and
# 13,1 (cattle herd).
R48_PICTURE = [
    ". $ . . r r . . . . . . . $ . . . . . .",
    " . p . . . . . . . . . . K K . . . . . .",
    ". p 1 . . . . . L L L . . 5 K $ r r . .",
    " . p p . . . . . 3 3 L . . K . s 4 r . .",
    "$ p 2 2 . . . $ h 3 L . . . . . s r . .",
    " p r r r . . . H L L . . . . . $ . . . .",
    ". . . . . . . . . . . . . . . . H . . .",
    " . . . . . . . . . . . . . . . L L L . .",
    ". . . . . . . . . . . . . . . . . . . .",
]
R48_LEGEND = {"r": (0, "land"), "p": (0, "pig"), "s": (0, "sheep"), "h": (0, "horse"),
              "L": (1, "land"), "K": (1, "cattle"), "H": (1, "horse")}


def _picture_cells():
    """Cell name -> picture letter, from R48_PICTURE."""
    out = {}
    for y, line in enumerate(R48_PICTURE):
        for x, ch in enumerate(line[y % 2::2]):
            out[f"{x},{y}"] = ch
    return out


def r48_board() -> Board:
    cells = _picture_cells()
    rows = ["".join("$" if cells.get(f"{x},{y}") == "$" else "."
                    for x in range(len(line[y % 2::2])))
            for y, line in enumerate(R48_PICTURE)]
    return Board.from_rows(rows, name="r48_board")


R48_RED = {"markets": 15, "chains": 14, "haciendas": 6, "water": 17, "money": 1, "total": 53,
           "detail": {"markets": 5, "chains": [4, 3], "haciendas": [6],
                      "water": [4, 6, 1, 6], "money": 12}}
R48_BLUE = {"markets": 10, "chains": 20, "haciendas": 11, "water": 11, "money": 0, "total": 52,
            "detail": {"markets": 4, "chains": [7, 3], "haciendas": [7, 4],
                       "water": [7, 4], "money": 8}}


def test_r48_rulebook_scoring_example():
    """R48: the rulebook's scoring example.  Red: 5 markets 15, chains 4+3 14
    (the 2-chain scores nothing), hacienda on 6 pigs 6, water 4+6+1+6 17,
    12 pesos 1: 53.  Blue: 4 markets 10, chains 7+3 20, haciendas 7+4 11,
    water 7+4 11, 8 pesos 0: 52."""
    state = load_scenario(DATA / "r48_scoring_example.json", board=r48_board())
    assert score(state) == [R48_RED, R48_BLUE]
    red_chains = sorted(len(c) for c in state.chains(0))
    assert red_chains == [2, 3, 4]
    assert [(a, len(h)) for a, h in state.herds(0) if len(h) == 6] == [("pig", 6)]
    # "The pig tokens on the left ... added 1 point each to both the upper and
    # lower water tiles": two red pigs touch both the size-1 and the size-2 tile.
    assert [len(t) for t in state.water_tiles] == [1, 2, 3, 1, 1]
    adj = state.board.adjacent
    near = [{n for h in tile for n in adj[h]} for tile in state.water_tiles[:2]]
    both = sorted(state.board.names[h] for h in near[0] & near[1])
    assert [state.piece_at(c) for c in both if state.piece_at(c)] == [("pig", 0)] * 2


def test_r48_scenario_matches_the_picture_and_its_tmx_board():
    """R48: the JSON scenario holds exactly the pieces drawn in R48_PICTURE,
    and loads on its own (map tests/data/r48_board.tmx) with the same score."""
    state = load_scenario(DATA / "r48_scoring_example.json", board=r48_board())
    water = {h for t in state.water_tiles for h in t}
    for cell, ch in _picture_cells().items():
        piece = state.piece_at(cell)
        if ch in R48_LEGEND:
            seat, what = R48_LEGEND[ch]
            assert piece == (what, seat), cell
        elif ch.isdigit():
            assert state.board.hex_of(cell) in water and piece == ("water", -1), cell
        else:
            assert piece is None, cell
    data = json.loads((DATA / "r48_scoring_example.json").read_text(encoding="utf-8"))
    tiles = {str(i + 1): sorted(t) for i, t in enumerate(data["water"])}
    drawn: dict[str, list[str]] = {}
    for cell, ch in _picture_cells().items():
        if ch.isdigit():
            drawn.setdefault(ch, []).append(cell)
    assert {k: sorted(v) for k, v in drawn.items()} == tiles
    alone = load_scenario(DATA / "r48_scoring_example.json")
    assert alone.board.spaces == state.board.spaces
    assert alone.board.cells == state.board.cells
    assert score(alone) == [R48_RED, R48_BLUE]


# --------------------------------------------------------------------- R49

def _scores(points_money):
    seats = [_seat(money=m, points=p) for p, m in points_money]
    return _game(WATER_ROWS, seats, players=len(seats))


def test_r49_most_points_wins_whatever_the_money():
    """R49: the most points win; money only breaks ties."""
    assert _scores([(30, 0), (29, 90)]).winners() == [0]


def test_r49_tie_goes_to_the_most_money():
    """R49: equal points: the most money wins."""
    assert _scores([(30, 12), (30, 19), (28, 50)]).winners() == [1]


def test_r49_still_tied_is_a_shared_win():
    """R49: equal points and money: a shared win."""
    assert _scores([(30, 12), (25, 40), (30, 12)]).winners() == [0, 2]


def test_r49_game_over_names_the_winners():
    """R49: at the game's end the game_over event ranks the seats (points,
    then money) and names the winners; a full tie is a shared win."""
    seats = [_seat(money=14, points=40), _seat(money=30, points=41), _seat(money=30, points=41)]
    state = _game(WATER_ROWS, seats, players=3, stack=2,
                  decks={"animal": ["pig"]}, face_up={"animal": ["sheep"] * 4})
    state.apply("buy animal")          # seat 0: 12 pesos, stack 2 used up
    events = state.apply("end") + state.apply("end") + state.apply("end")
    (over,) = [e for e in events if e.kind == "game_over"]
    # final scoring, money only: seat 0 12 pesos -> 1, seats 1 and 2 30 -> 3
    assert [s.score for s in state.seats] == [41, 44, 44]
    assert over.data["winners"] == [1, 2]
    assert over.data["ranking"] == [1, 2, 0]
    assert state.winners() == [1, 2]
