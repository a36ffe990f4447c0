"""Rule tests for markets (R31-R35) and harvest (R36-R39).

Every test builds a small board with `Board.from_rows` (pointy-top, odd rows
shifted right: for an odd row y the neighbours of (x, y) are (x-1,y), (x+1,y),
(x,y-1), (x+1,y-1), (x,y+1), (x+1,y+1); for an even row (x-1,y), (x+1,y),
(x-1,y-1), (x,y-1), (x-1,y+1), (x,y+1)), sets a position up as a scenario and
plays real actions.  The rulebook's market examples (R35) are reproduced
exactly.
"""

from __future__ import annotations

import pytest
from rules_helpers import board, scenario
from rules_helpers import refused as _refused
from rules_helpers import seat as _seat

from hacienda_game.engine import (
    IllegalAction,
    ScenarioError,
    make_record,
    new_game,
    replay,
    score,
)
from hacienda_game.engine.components import HARVEST_CHIPS
from hacienda_game.engine.whynot import why_none
from hacienda_game.maps.board import Board

# ------------------------------------------------------------------ helpers


def _game(rows, seats, players=2, **extra):
    return scenario(board(rows), seats, players, seed=3, **extra)


def _paid(events):
    """The market_paid events as (market, side, herd, land, amount)."""
    return [(e.data["market"], e.data["side"], e.data["herd"], e.data["land"], e.data["amount"])
            for e in events if e.kind == "market_paid"]


def _end_round(state, seat):
    """End turns until ``seat`` is to act again."""
    state.apply("end")
    while state.current != seat:
        state.apply("end")


# --------------------------------------------------------------------- R31

def test_r31_market_is_one_hex_with_one_side_per_neighbour():
    """R31: a market is one hex; each side is the edge it shares with one
    neighbouring hex (six in the open, fewer at the board's edge)."""
    b = Board.from_rows(["$....", ".....", "..$..", "....."])
    inner, corner = b.hex_of("2,2"), b.hex_of("0,0")
    sides = {m: sorted(b.names[n] for mm, n in b.market_sides if mm == m) for m in b.markets}
    assert sides[inner] == sorted(["1,2", "3,2", "1,1", "2,1", "1,3", "2,3"])
    assert sides[corner] == sorted(["1,0", "0,1"])


def test_r31_each_of_the_six_sides_pays_once():
    """R31/R32: filling every neighbour of a market pays once per side, six
    payments naming six different sides."""
    rows = ["......",
            "......",
            "..$...",
            "......",
            "......"]
    # Land tile at 0,2 touches 1,2; pigs go around the market at 2,2.
    state = _game(rows, [_seat(animal=["pig"] * 6, tiles=["0,2"])])
    events = []
    for cell in ("1,2", "1,1", "2,1"):
        events += state.apply(f"play pig {cell}")
    _end_round(state, 0)
    for cell in ("3,2", "2,3", "1,3"):
        events += state.apply(f"play pig {cell}")
    paid = _paid(events)
    assert [p[0] for p in paid] == ["2,2"] * 6
    assert sorted(p[1] for p in paid) == sorted(["1,2", "3,2", "1,1", "2,1", "1,3", "2,3"])


# --------------------------------------------------------------------- R32

def test_r32_hex_touching_two_markets_pays_twice():
    """R32: a hex can touch two markets; each side reached pays."""
    rows = [".$$.",
            "....",
            "...."]
    # 1,1 touches the markets 1,0 and 2,0; the land tile 0,1 touches 1,1.
    state = _game(rows, [_seat(animal=["pig"], tiles=["0,1"])])
    events = state.apply("play pig 1,1")
    assert sorted(_paid(events)) == [("1,0", "1,1", 1, 1, 2), ("2,0", "1,1", 1, 1, 2)]
    assert state.seats[0].money == 20 + 2 + 2


def test_r32_pays_herd_plus_adjacent_chains():
    """R32: herd size after the placement + the player's own land chains
    touching any token of the herd, each chain counted once; other chains
    (own but not touching, or another player's) do not count."""
    rows = ["........",
            "........",
            "........",
            ".....$..",
            "........"]
    seats = [
        # pigs 2,2 3,2 4,2; chain A (1,1 2,1 3,1) touches all three pigs;
        # chain B (7,0) touches nothing of the herd; 5,2 will reach 5,3.
        _seat(animal=["pig"], tiles=["1,1", "2,1", "3,1", "7,0"],
              animals={"pig": ["2,2", "3,2", "4,2"]}),
        # another player's chain beside the herd does not count
        _seat(tiles=["4,3", "5,4"]),
    ]
    state = _game(rows, seats)
    events = state.apply("play pig 5,2")
    assert _paid(events) == [("5,3", "5,2", 4, 3, 7)]
    assert state.seats[0].money == 27
    assert state.seats[1].money == 20


def test_r32_two_chains_touching_the_herd_both_count():
    """R32: every chain touching the herd counts (once each)."""
    rows = ["......",
            "......",
            "...$..",
            "......"]
    # The pig 2,1 joins the pig 1,1 and reaches the market 3,2; the chain
    # 0,1+0,2 touches 1,1, the chain 3,0+4,0 touches 2,1.
    state = _game(rows, [_seat(animal=["pig"], tiles=["0,1", "0,2", "3,0", "4,0"],
                               animals={"pig": ["1,1"]})])
    events = state.apply("play pig 2,1")
    assert _paid(events) == [("3,2", "2,1", 2, 4, 6)]


# --------------------------------------------------------------------- R33

def test_r33_growing_a_herd_without_a_new_side_pays_nothing():
    """R33: a herd already at a market grows away from it: no money."""
    rows = [".....",
            ".....",
            "...$.",
            "....."]
    state = _game(rows, [_seat(animal=["pig"], tiles=["0,0"],
                               animals={"pig": ["1,1", "2,1"]})])
    # 2,1 touches the market 3,2 already; 1,2 touches 1,1 but no market.
    events = state.apply("play pig 1,2")
    assert _paid(events) == []
    assert state.seats[0].money == 20
    assert [e.kind for e in events] == ["animal_placed"]


def test_r33_a_side_pays_once_the_hex_stays_occupied():
    """R33: the hex beside a side, once taken, can never be taken again, so
    that side never pays twice; a new side of the same market still pays."""
    rows = [".....",
            ".....",
            "...$.",
            "....."]
    state = _game(rows, [_seat(animal=["pig", "pig"], tiles=["1,0", "2,0"],
                               animals={"pig": ["2,1"]})])
    _refused(state, "play pig 2,1", "R27")
    events = state.apply("play pig 2,2")            # a new side of 3,2
    assert _paid(events) == [("3,2", "2,2", 2, 2, 4)]
    _refused(state, "play pig 2,2", "R27")


def test_r33_another_players_herd_reaching_another_side_is_paid():
    """R33: sides, not markets, pay once: a second player reaching another
    side of the same market is paid too."""
    rows = [".....",
            ".....",
            "...$.",
            "....."]
    seats = [_seat(tiles=["1,0"], animals={"pig": ["2,1"]}),
             _seat(animal=["sheep"], tiles=["4,3"])]
    state = _game(rows, seats, current_player=1)
    events = state.apply("play sheep 3,3")
    assert _paid(events) == [("3,2", "3,3", 1, 1, 2)]
    assert state.seats[1].money == 22


def test_r33_land_tiles_never_reach_markets():
    """R33: a land tile beside a market (on pampas or on a land space) pays
    nothing."""
    rows = [".M...",
            ".$...",
            "....."]
    state = _game(rows, [_seat(land=["mountain", "pampas"], tiles=["3,1"])])
    # 1,0 (mountain) and 2,1 (pampas next to the tile 3,1) both touch 1,1.
    events = state.apply("play mountain 1,0") + state.apply("play pampas 2,1")
    assert _paid(events) == []
    assert state.seats[0].money == 20
    assert score(state)[0]["detail"]["markets"] == 0


# --------------------------------------------------------------------- R34

def test_r34_connected_while_a_token_touches_the_market():
    """R34: a market counts for a player when one of their tokens touches it;
    land tiles do not connect; two tokens at one market count once; another
    player's token connects only that player."""
    rows = ["$...$...$",
            ".........",
            "........."]
    seats = [
        # pig 0,1 touches 0,0; land 3,0 touches 4,0 (no connection);
        # sheep 7,0 and 8,1 both touch 8,0.
        _seat(tiles=["3,0"], animals={"pig": ["0,1"], "sheep": ["7,0", "8,1"]}),
        _seat(animals={"cattle": ["4,1"]}),   # touches 4,0
    ]
    state = _game(rows, seats)
    table = score(state)
    assert table[0]["detail"]["markets"] == 2
    assert table[0]["markets"] == 3
    assert table[1]["detail"]["markets"] == 1
    assert table[1]["markets"] == 1


def test_r34_a_single_token_connects_after_being_played():
    """R34: a herd of one token reaching a market connects it."""
    rows = ["..$..",
            "....."]
    state = _game(rows, [_seat(animal=["horse"], tiles=["0,1"])])
    assert score(state)[0]["detail"]["markets"] == 0
    state.apply("play horse 1,1")               # 1,1 touches 2,0
    assert score(state)[0]["detail"]["markets"] == 1


# --------------------------------------------------------------------- R35

R35_ROWS = [".....",
            ".....",
            "...$.",
            "....."]


def test_r35_rulebook_three_pigs_from_a_chain_of_three():
    """R35 (rulebook market example): a chain of 3 land tiles; three pig cards
    in one turn.  The first pig touches the chain; the second reaches the
    market: 3 land + 2 pigs = 5 pesos; the third reaches another side of the
    same market: 3 land + 3 pigs = 6 pesos."""
    state = _game(R35_ROWS, [_seat(animal=["pig"] * 3, tiles=["0,0", "1,0", "2,0"])])
    first = state.apply("play pig 1,1")
    assert _paid(first) == []
    second = state.apply("play pig 2,1")
    assert _paid(second) == [("3,2", "2,1", 2, 3, 5)]
    assert state.seats[0].money == 25
    third = state.apply("play pig 2,2")
    assert _paid(third) == [("3,2", "2,2", 3, 3, 6)]
    assert state.seats[0].money == 31
    assert state.actions_left == 0


def test_r35_rulebook_joining_two_pig_herds_pays_eleven():
    """R35 (rulebook: "6 pig tokens and 5 land tokens connected"): the placed
    pig reaches the market and joins two pig herds: 6 pigs + 5 land = 11."""
    rows = [".......",
            ".......",
            ".......",
            "...$...",
            "......."]
    seats = [_seat(animal=["pig"],
                   # chain of 3 touching herd 1; chain of 2 touching herd 2
                   tiles=["1,0", "0,1", "1,1", "4,0", "5,0"],
                   animals={"pig": ["0,2", "1,2", "2,2", "3,1", "4,1"]})]
    state = _game(rows, seats)
    sizes = sorted(len(h) for _, h in state.herds(0))
    assert sizes == [2, 3]
    events = state.apply("play pig 3,2")            # touches 2,2, 3,1 and the market 3,3
    assert _paid(events) == [("3,3", "3,2", 6, 5, 11)]
    assert state.seats[0].money == 31
    assert [len(h) for _, h in state.herds(0)] == [6]


# --------------------------------------------------------------------- R36

HARVEST_ROWS = ["..........",
                "..........",
                "..........",
                "..........",
                "..........",
                ".........."]


def test_r36_harvest_pays_three_per_tile_of_the_chain():
    """R36: a chip on an own chain without one: 3 pesos per tile (7 tiles:
    21 pesos, the rulebook's example)."""
    chain = [f"{x},0" for x in range(7)]
    state = _game(HARVEST_ROWS, [_seat(tiles=chain)])
    events = state.apply("harvest 3,0")
    assert state.seats[0].money == 41
    (ev,) = [e for e in events if e.kind == "harvest"]
    assert (ev.seat, ev.data["chain"], ev.data["amount"], ev.data["source"]) == (0, 7, 21, None)
    assert state.chips == [state.board.hex_of("3,0")]
    assert state.chips_left == HARVEST_CHIPS - 1


def test_r36_only_own_chains_without_a_chip():
    """R36: not another player's chain, not an empty hex, not a chain that
    already has a chip."""
    seats = [_seat(tiles=["0,0", "1,0"], harvest=["0,0"]),
             _seat(tiles=["5,2"])]
    state = _game(HARVEST_ROWS, seats)
    _refused(state, "harvest 5,2", "R36")
    _refused(state, "harvest 8,3", "R36")
    _refused(state, "harvest 1,0", "R36")
    assert state.legal_actions_of("harvest") == []


# --------------------------------------------------------------------- R37

def _all_chips_out():
    """Seat 0: chain 0,0-1,0 with a chip, chain 5,0-6,0 free.  Seat 1: seven
    lone tiles with chips (8 chips on the board) and 9,4 free; lone tiles
    carry chips under the house rule ``lone_harvest`` (R39), played here."""
    singles = ["0,2", "2,2", "4,2", "6,2", "8,2", "0,4", "2,4"]
    seats = [_seat(tiles=["0,0", "1,0", "5,0", "6,0"], harvest=["0,0"]),
             _seat(tiles=[*singles, "9,4"], harvest=singles)]
    state = _game(HARVEST_ROWS, seats, variants=["lone_harvest"])
    assert state.chips_left == 0
    return state


def test_r37_with_all_chips_out_take_one_from_another_player():
    """R37: with all 8 chips on the board, the harvest takes a chip from
    another player's chain ("harvest X,Y from U,V"); that chain is free again
    for its owner."""
    state = _all_chips_out()
    _refused(state, "harvest 5,0", "R37")               # must name a source
    _refused(state, "harvest 5,0 from 0,0", "R37")      # own chip
    _refused(state, "harvest 5,0 from 9,4", "R37")      # no chip there
    legal = {str(a) for a in state.legal_actions_of("harvest")}
    assert "harvest 5,0 from 4,2" in legal
    assert all(" from " in a for a in legal)
    events = state.apply("harvest 5,0 from 4,2")
    (ev,) = [e for e in events if e.kind == "harvest"]
    assert (ev.data["amount"], ev.data["source"], ev.data["source_seat"]) == (6, "4,2", 1)
    assert state.seats[0].money == 26
    b = state.board
    assert b.hex_of("4,2") not in state.chips and b.hex_of("5,0") in state.chips
    assert len(state.chips) == HARVEST_CHIPS
    state.apply("end")
    # Seat 1's chain at 4,2 is free again: harvested by taking a chip back.
    state.apply("harvest 4,2 from 5,0")
    assert state.seats[1].money == 23
    assert b.hex_of("5,0") not in state.chips


def test_r37_with_chips_left_no_chip_is_taken():
    """R37: while chips are in the supply, a harvest takes one from there."""
    seats = [_seat(tiles=["0,0", "1,0"]), _seat(tiles=["5,2", "6,2"], harvest=["5,2"])]
    state = _game(HARVEST_ROWS, seats)
    _refused(state, "harvest 0,0 from 5,2", "R37")
    state.apply("harvest 0,0")
    assert state.seats[0].money == 26
    assert len(state.chips) == 2


# --------------------------------------------------------------------- R38

def test_r38_chip_stays_when_chains_merge_and_blocks_the_harvest():
    """R38: the chip stays where it is when its chain grows and merges; the
    merged chain (it has a chip) cannot be harvested."""
    state = _game(HARVEST_ROWS, [_seat(land=["pampas"], tiles=["0,0", "1,0", "3,0", "4,0"],
                                       harvest=["0,0"])])
    chip = state.board.hex_of("0,0")
    assert {str(a) for a in state.legal_actions_of("harvest")} == {"harvest 3,0",
                                                                  "harvest 4,0"}
    state.apply("play pampas 2,0")                       # merges both chains
    assert state.chips == [chip]
    assert len(state.chains(0)) == 1
    _refused(state, "harvest 4,0", "R38")
    assert state.legal_actions_of("harvest") == []


def test_r38_chain_with_two_chips_waits_until_it_has_none():
    """R38: a chain holding two chips (after a merge) cannot be harvested
    until both are gone (taken away under R37).  Seat 1 harvests lone tiles:
    the house rule ``lone_harvest`` (R39)."""
    singles = ["0,2", "2,2", "4,2", "6,2", "8,2", "0,4"]
    seats = [_seat(tiles=["0,0", "1,0", "2,0"], harvest=["0,0", "2,0"]),
             _seat(tiles=[*singles, "5,4", "7,4"], harvest=singles)]
    state = _game(HARVEST_ROWS, seats, variants=["lone_harvest"])
    assert state.chips_left == 0
    _refused(state, "harvest 1,0 from 0,2", "R38")
    state.apply("end")
    state.apply("harvest 5,4 from 0,0")                  # one chip left on the chain
    state.apply("end")
    _refused(state, "harvest 1,0 from 0,2", "R38")
    state.apply("end")
    state.apply("harvest 7,4 from 2,0")                  # now it has none
    state.apply("end")
    state.apply("harvest 1,0 from 0,2")
    assert state.seats[0].money == 29


# --------------------------------------------------------------------- R39

def test_r26_r39_a_lone_tile_cannot_be_harvested():
    """R26, R39: a lone tile is not a chain (all three rule texts: "several",
    "Mehrere", "2 o mas"), so it cannot be harvested: no harvest is legal, the
    harvest is refused naming the rule and changes nothing, and the harvest
    control says why."""
    state = _game(HARVEST_ROWS, [_seat(tiles=["4,1"])])
    assert state.legal_actions_of("harvest") == []
    message = _refused(state, "harvest 4,1", "R39")
    assert "lone tile" in message
    with pytest.raises(IllegalAction) as refusal:
        state.apply("harvest 4,1")
    assert (refusal.value.code, refusal.value.rule) == ("harvest_lone", "R26, R39")
    assert refusal.value.params == {"cell": "4,1"}
    assert why_none(state, "harvest").code == "harvest_no_chain"
    assert state.seats[0].money == 20


def test_r39_only_the_chains_of_a_seat_with_lone_tiles_are_harvested():
    """R39: beside a lone tile, the chain is the one harvest target; when the
    lone tile grows into a chain (R26) it can be harvested too."""
    state = _game(HARVEST_ROWS, [_seat(land=["pampas"], tiles=["4,1", "5,1", "8,4"])])
    targets = {str(a) for a in state.legal_actions_of("harvest")}
    assert targets == {"harvest 4,1", "harvest 5,1"}
    _refused(state, "harvest 8,4", "R39")
    state.apply("harvest 5,1")
    assert state.seats[0].money == 26
    state = _game(HARVEST_ROWS, [_seat(land=["pampas"], tiles=["8,4"])])
    state.apply("play pampas 8,3")                    # 8,4 and 8,3 now make a chain
    assert {str(a) for a in state.legal_actions_of("harvest")} == {"harvest 8,3",
                                                                  "harvest 8,4"}
    state.apply("harvest 8,4")
    assert state.seats[0].money == 20 + 6


def test_r39_house_rule_lone_harvest_lets_a_lone_tile_be_harvested():
    """R39, house rule ``lone_harvest`` (off unless chosen): a lone tile is
    harvested as a chain of 1, for 3 pesos."""
    state = _game(HARVEST_ROWS, [_seat(tiles=["4,1"])], variants=["lone_harvest"])
    assert [str(a) for a in state.legal_actions_of("harvest")] == ["harvest 4,1"]
    state.apply("harvest 4,1")
    assert state.seats[0].money == 23
    assert not new_game("symmetric", 2, seed=1).variants         # off unless chosen


def test_r32_r39_a_lone_tile_touching_the_herd_still_counts_at_a_market():
    """R32 with R39: the market pays for "all land tiles which are connected
    to the herd", lone tiles included, though a lone tile cannot be harvested."""
    rows = ["......",
            "......",
            "...$..",
            "......"]
    # The pig 2,1 joins the pig 1,1 and reaches the market 3,2; the lone tile
    # 0,1 touches 1,1, the lone tile 3,0 touches 2,1.
    state = _game(rows, [_seat(animal=["pig"], tiles=["0,1", "3,0"],
                               animals={"pig": ["1,1"]})])
    events = state.apply("play pig 2,1")
    assert _paid(events) == [("3,2", "2,1", 2, 2, 4)]
    assert state.legal_actions_of("harvest") == []


def test_r39_a_record_from_before_the_ruling_replays_with_the_house_rule():
    """A record written when every lone tile could be harvested (no ``rules``
    in its header) replays as it was played: with ``lone_harvest``.  A
    record of this edition replays by R39 and refuses such a harvest."""
    state = new_game("symmetric", 2, seed=5, variants=["lone_harvest"])
    first = next(a for a in state.legal_actions() if a.kind == "play land")
    state.apply(first)                                # the seat's first tile: a lone one
    state.apply(f"harvest {first.cells[0][0]},{first.cells[0][1]}")
    assert state.seats[state.current].money == 20 + 3
    record = make_record(state)
    assert record["header"]["rules"] == 2
    old = {**record, "header": {k: v for k, v in record["header"].items() if k != "rules"}}
    old["header"]["variants"] = []
    assert replay(old).snapshot() == state.snapshot()
    now = {**record, "header": {**record["header"], "variants": []}}
    with pytest.raises(ScenarioError, match="R39"):
        replay(now)


def test_r39_chain_of_two_pays_six():
    """R39: a chain of 2, the smallest, is harvested like any other: 6 pesos."""
    state = _game(HARVEST_ROWS, [_seat(tiles=["4,1", "5,1"])])
    state.apply("harvest 5,1")
    assert state.seats[0].money == 26
