"""Community .haz maps import, validate and play (tools/haz2tmx.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maptools import HAZ, play_out, tool

from hacienda_game.ai import choose_action
from hacienda_game.engine import new_game, observe
from hacienda_game.maps import BoardError, check_map, load_tmx
from hacienda_game.maps.haz import CREDIT, TERRAIN_CODES, haz_board, parse_haz, read_haz
from hacienda_game.maps.hexgrid import neighbours

COMMUNITY = sorted(HAZ.glob("*.haz"))
GOOD = "[Control]\nVersion=GRHIG0101\nColCount=3\nRowCount=6\nMapName=Tiny\n[Hex]\n"


def test_all_63_community_maps_are_here() -> None:
    assert len(COMMUNITY) == 63
    assert "CC BY 4.0" in (HAZ / "README.md").read_text()
    assert (HAZ / "LICENSE.md").read_text().startswith("Attribution 4.0 International")


@pytest.mark.parametrize("source", COMMUNITY, ids=lambda p: p.stem)
def test_community_map_converts_validates_and_plays(source: Path, tmp_path: Path) -> None:
    out = tmp_path / f"{source.stem}.tmx"
    assert tool("haz2tmx").main([str(source), str(out)]) == 0
    report = check_map(out)
    assert report.errors == []
    board = report.board
    assert board is not None and board.width <= 64 and board.height <= 64
    assert board.properties["credit"] == CREDIT
    assert board.properties["licence"].startswith("CC BY 4.0")
    assert board.properties["title"]
    haz = read_haz(source)
    assert len(board) == len(haz.spaces)
    players = 2 + COMMUNITY.index(source) % 4
    state = new_game(out, players=players, seed=len(board))
    assert play_out(state, seed=players) > 0 and state.is_over()


@pytest.mark.parametrize("name", ["GingerChew", "Everest"])
def test_ai_seats_play_a_community_map_to_the_end(name: str, tmp_path: Path) -> None:
    out = tmp_path / f"{name}.tmx"
    tool("haz2tmx").convert(HAZ / f"{name}.haz", out)
    state = new_game(out, players=3, seed=11)
    for decision in range(5000):
        if state.is_over():
            break
        state.apply(choose_action("random", observe(state, state.current), decision))
    assert state.is_over()


def test_layout_matches_the_previews() -> None:
    # everest.png / eight.png (hacienda-maps): 13 rows; the top row is
    # shifted right and holds one hex less than the row below it.
    for name, width, markets, water in (("Everest", 18, 8, 8), ("Eight", 19, 12, 8)):
        haz = read_haz(HAZ / f"{name}.haz")
        assert (haz.width, haz.height, haz.staggerindex) == (width, 13, "even")
        assert len(haz.spaces) == {"Everest": 227, "Eight": 240}[name]
        row_lengths = [sum(1 for (_, y) in haz.spaces if y == row) for row in (0, 1)]
        assert row_lengths == [width - 1, width]
        spaces = list(haz.spaces.values())
        assert (spaces.count("market"), spaces.count("water")) == (markets, water)
    # Everest's peak: a hexagon of seven hexes of one terrain in the middle
    # (centre 8,6, a shifted row), pampas all round it.
    everest = read_haz(HAZ / "Everest.haz")
    peak = {(8, 6), (7, 6), (9, 6), (8, 5), (9, 5), (8, 7), (9, 7)}
    assert len({everest.spaces[c] for c in peak}) == 1
    assert everest.spaces[(8, 6)] in TERRAIN_CODES.values()
    ring = {n for c in peak for n in neighbours(*c, "y", "even")} - peak
    assert len(ring) == 12 and {everest.spaces[c] for c in ring} == {"pampas"}


def test_codes_become_spaces_and_rows_alternate() -> None:
    # Row 0 on odd doubled columns (shifted right), row 1 on even ones.
    haz = parse_haz(GOOD + "1=2\n3=9\n5=2\n100=3\n102=4\n104=10\n201=5\n203=6\n205=7\n")
    assert haz.staggerindex == "even"
    assert haz.spaces == {(0, 0): "pampas", (1, 0): "market", (2, 0): "pampas",
                          (0, 1): "mountain", (1, 1): "forest", (2, 1): "water",
                          (0, 2): "meadow", (1, 2): "rock", (2, 2): "moor"}
    shifted_second = parse_haz(GOOD + "0=2\n2=9\n101=2\n")
    assert shifted_second.staggerindex == "odd"


def test_holes_and_empty_edges_are_dropped() -> None:
    haz = parse_haz(GOOD + "1=1\n3=1\n100=1\n102=2\n104=9\n201=1\n203=2\n")
    assert (haz.width, haz.height) == (2, 2)
    assert haz.spaces == {(0, 0): "pampas", (1, 0): "market", (0, 1): "pampas"}


def test_market_no_pampas_touches_is_imported_as_pampas() -> None:
    haz = parse_haz(GOOD + "1=3\n3=3\n100=3\n102=9\n104=3\n201=3\n203=3\n", "m.haz")
    assert haz.spaces[(1, 1)] == "pampas"
    assert haz.warnings == ["m.haz: cell 1,1: market with no neighbouring pampas"
                            " imported as pampas"]


@pytest.mark.parametrize("text,fragment", [
    (GOOD + "1=8\n", "line 7: unknown code 8"),
    (GOOD + "1=2\n1=3\n", "line 8: hex 1 is given twice"),
    (GOOD + "1=2\n2=2\n", "mixes odd and even columns"),
    (GOOD + "x=2\n", "line 7: x=2 is not KEY=CODE"),
    (GOOD + "1=²\n", "line 7: 1=² is not KEY=CODE"),
    (GOOD + "nonsense\n", "line 7: expected KEY=VALUE"),
    (GOOD, "no [Hex] lines"),
    (GOOD + "1=1\n", "the map has no hexes"),
    (GOOD.replace("GRHIG0101", "OTHER"), "version 'OTHER' is not GRHIG0101"),
    (GOOD + "".join(f"{r * 100 + (r & 1)}=2\n" for r in range(70)), "70 hexes, over the 64x64"),
    ("stray=1\n[Hex]\n1=2\n", "line 1: 'stray' outside [Control] and [Hex]"),
])
def test_broken_haz_is_refused_with_the_reason(text: str, fragment: str) -> None:
    with pytest.raises(BoardError) as caught:
        parse_haz(text, "bad.haz")
    assert any(p.startswith("bad.haz: ") and fragment in p for p in caught.value.problems), (
        caught.value.problems)


def test_haz2tmx_refuses_a_broken_file_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.haz"
    bad.write_text(GOOD + "1=8\n")
    out = tmp_path / "out" / "bad.tmx"
    assert tool("haz2tmx").main([str(bad), str(out)]) == 1
    assert "unknown code 8" in capsys.readouterr().err
    assert not out.exists()
    huge = tmp_path / "huge.haz"
    huge.write_bytes(b"1=2\n" * 70_000)
    assert tool("haz2tmx").main([str(huge), str(out)]) == 1
    assert "over the 256 KiB limit" in capsys.readouterr().err
    assert tool("haz2tmx").main([str(tmp_path / "none.haz"), str(out)]) == 1
    assert "cannot read the file" in capsys.readouterr().err


def test_haz2tmx_puts_the_tileset_next_to_the_map(tmp_path: Path) -> None:
    out = tmp_path / "maps" / "everest.tmx"
    assert tool("haz2tmx").main([str(HAZ / "Everest.haz"), str(out)]) == 0
    assert (tmp_path / "maps" / "hacienda.tsx").is_file()
    assert (tmp_path / "maps" / "hacienda.png").is_file()
    tileset = ET.parse(out).getroot().find("tileset")
    assert tileset is not None and tileset.get("source") == "hacienda.tsx"
    assert load_tmx(out).title() == "Everest"
    # a different tileset of that name is never overwritten
    (tmp_path / "maps" / "hacienda.tsx").write_text("<tileset/>")
    with pytest.raises(FileExistsError, match="differs from the game's hacienda.tsx"):
        tool("haz2tmx").convert(HAZ / "Eight.haz", tmp_path / "maps" / "eight.tmx")


def test_a_flood_of_problems_is_cut_short() -> None:
    with pytest.raises(BoardError) as caught:
        parse_haz(GOOD + "".join(f"{k}=99\n" for k in range(1, 500, 2)), "junk.haz")
    problems = caught.value.problems
    assert len(problems) == 21 and problems[-1] == "junk.haz: ... and 230 more problems"


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="[]=0123456789\n ControlHexVsiGRI²", max_size=300))
def test_any_text_is_a_map_or_refused_with_reasons(text: str) -> None:
    try:
        haz = parse_haz(text, "fuzz.haz")
    except BoardError as exc:
        assert exc.problems and all(p.startswith("fuzz.haz: ") for p in exc.problems)
        return
    assert haz.spaces and 0 < haz.width <= 64 and 0 < haz.height <= 64
    assert haz_board(haz, "fuzz").cells
