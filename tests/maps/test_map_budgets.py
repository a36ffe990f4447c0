"""Hostile and odd maps of every kind (tools/make_hostile_maps.py), built into a
temporary folder: each refused within 1 s and 200 MB by the game's loader,
by tools/validate_map.py, by `hacienda --map` and in the map lists (with
its reason), or, when it is a legitimate map, loaded and played to the end."""

from __future__ import annotations

import os
import time
import tracemalloc
from pathlib import Path

import pytest
from maptools import ROOT, play_out, tool

from hacienda_game.engine import new_game
from hacienda_game.maps import check_map, load_tmx

CASES = tool("make_hostile_maps").CASES
REFUSED = sorted(n for n, (_k, _b, expect) in CASES.items() if expect)
LEGIT = sorted(n for n, (_k, _b, expect) in CASES.items() if not expect)
SECONDS, MEGABYTES = 1.0, 200


def build(name: str, folder: Path) -> Path:
    if CASES[name][0] == "special file" and not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs and symbolic links")
    return tool("make_hostile_maps").build(name, folder / name)


def measured(path: Path):
    """check_map's report, the CPU seconds (this process's: other helpers share
    the cores) and the peak traced megabytes it took (tools/bench_maps.py
    prints wall-clock figures). Time and memory come from two passes: tracing
    every allocation costs CPU of its own, which the game does not pay."""
    start = time.process_time()
    report = check_map(path)
    seconds = time.process_time() - start
    tracemalloc.start()
    try:
        check_map(path)
    finally:
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return report, seconds, peak


def test_there_are_several_cases_of_every_kind() -> None:
    kinds: dict[str, int] = {}
    for kind, _build, _expect in CASES.values():
        kinds[kind] = kinds.get(kind, 0) + 1
    assert len(kinds) >= 8 and all(n >= 3 for n in kinds.values()), kinds


@pytest.mark.parametrize("name", REFUSED)
def test_refused_in_a_second_and_two_hundred_megabytes(name: str, tmp_path: Path) -> None:
    path = build(name, tmp_path)
    report, seconds, peak = measured(path)
    assert report.board is None and report.errors, name
    text = "\n".join(report.errors)
    assert CASES[name][2] in text, text[:500]
    assert all(e.startswith(f"{path}: ") for e in report.errors)
    assert all(len(e) < 600 for e in report.errors), "one sentence, not the file"
    assert seconds < SECONDS and peak < MEGABYTES, (name, seconds, peak)


@pytest.mark.parametrize("name", REFUSED)
def test_the_validator_refuses_it_too(name: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = build(name, tmp_path)
    assert tool("validate_map").main([str(path)]) == 1
    assert CASES[name][2] in capsys.readouterr().out


@pytest.mark.parametrize("name", LEGIT)
def test_legitimate_odd_maps_load_and_play_to_the_end(name: str, tmp_path: Path) -> None:
    path = build(name, tmp_path)
    report, seconds, peak = measured(path)
    assert report.ok, report.errors
    assert seconds < SECONDS and peak < MEGABYTES, (name, seconds, peak)
    state = new_game(load_tmx(path), players=3, seed=3)
    assert play_out(state, seed=3) > 0 and state.is_over()


@pytest.mark.parametrize("value,expected,warned", [
    ("5-2", (2, 5), True), ("0", (2, 5), True), ("99", (2, 5), True), ("1-9", (2, 5), True),
    ("3-4", (3, 4), False), ("4", (4, 4), False), ("", (2, 5), False), (3, (3, 3), False),
    ("two", (2, 5), True)])
def test_one_player_count_reader(value, expected, warned) -> None:
    from hacienda_game.maps.catalog import parse_players, read_players

    players, problem = read_players(value, "m.tmx")
    assert players == expected == parse_players(value)
    assert (problem is not None) == warned
    if warned:
        assert problem.startswith("m.tmx: property `players` is") and "2-5" in problem


@pytest.mark.parametrize("name,players", [("players_5_to_2", (2, 5)), ("players_99", (2, 5)),
                                          ("players_int_typed", (3, 3))])
def test_player_counts_are_read_one_way_everywhere(name: str, players, tmp_path: Path) -> None:
    from hacienda_game.maps.catalog import map_info
    from hacienda_game.session.plan import find_map

    path = build(name, tmp_path)
    report = check_map(path)
    assert report.ok
    warned = any("property `players`" in w for w in report.warnings)
    assert warned == (players == (2, 5))
    assert map_info(str(path)).players == players
    assert find_map(str(path)).players == players


def test_nothing_outside_the_folder_is_opened(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    real_open = os.open

    def spy(path, *args, **kwargs):
        opened.append(os.path.realpath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    for name in REFUSED + LEGIT:
        folder = tmp_path / name
        path = build(name, tmp_path)
        opened.clear()
        check_map(path)
        inside = str(folder.resolve())
        assert all(p.startswith(inside) for p in opened), (name, opened)


@pytest.mark.parametrize("code", ["de", "es"])
def test_every_refusal_is_translated(code: str, tmp_path: Path) -> None:
    from test_map_messages_translated import english_left

    from hacienda_game import i18n

    for name in REFUSED:
        path = build(name, tmp_path)
        english = check_map(path).errors      # checked once: worded in each language
        i18n.set_language(code)
        try:
            theirs = [problem.worded(full_path=True) for problem in english]
        finally:
            i18n.set_language("en")
        assert len(theirs) == len(english), name
        for message, original in zip(theirs, english, strict=True):
            assert message != original and message.startswith(f"{path}: "), message
            assert not english_left(message, path), (name, message)


def test_a_map_is_parsed_once_for_the_list_the_board_and_the_picture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from hacienda_game.client.boardview import BoardView, thumbnail
    from hacienda_game.maps import catalog, tmx
    from hacienda_game.session.plan import find_map

    path = ROOT / "tests" / "boards" / "tiled" / "fid_offsets.tmx"
    tmx.clear_checked()
    calls = []
    real = tmx._check
    monkeypatch.setattr(tmx, "_check", lambda p, *a: calls.append(p) or real(p, *a))
    entry = find_map(str(path))                       # the map list
    board = catalog.load_board(str(path))             # game start
    assert tool("validate_map").main([str(path), "-q"]) == 0
    view = BoardView(board, pygame.Rect(0, 0, 960, 540))   # the picture
    thumbnail(board, (360, 170))
    assert entry.ok and view.picture.get_width() > 0
    assert len(calls) == 1


def test_small_tiles_make_a_thumbnail(tmp_path: Path) -> None:
    import pygame

    from hacienda_game.client.boardview import thumbnail

    make = tool("make_hostile_maps")
    path = make.write(tmp_path, make.map_text(tilewidth=4, tileheight=4, hexside=2))
    report = check_map(path)
    assert report.ok, report.errors
    thumb = thumbnail(report.board, (360, 170))
    coloured = pygame.mask.from_surface(thumb).count()
    assert coloured > 0.3 * 360 * 170


def test_the_committed_hostile_maps_say_what_their_case_says() -> None:
    folder = ROOT / "tests" / "boards" / "hostile"
    names = sorted(p.name for p in folder.iterdir())
    assert len(names) >= 20 and set(names) <= set(CASES)
    for name in names:
        report = check_map(next((folder / name).glob("map.tm[xj]")))
        expect = CASES[name][2]
        assert report.ok if expect is None else any(expect in e for e in report.errors), name


def test_the_committed_hostile_maps_are_what_the_script_writes(tmp_path: Path) -> None:
    assert tool("make_hostile_maps").main(["--out", str(tmp_path)]) == 0
    folder = ROOT / "tests" / "boards" / "hostile"
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made == sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())
    for name in made:
        assert (tmp_path / name).read_bytes() == (folder / name).read_bytes(), name


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_map_that_is_a_pipe_or_a_device_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "pipe.tmx"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero"), tmp_path):
        report, seconds, _peak = measured(path)
        assert "not a regular file" in report.errors[0] and seconds < SECONDS, path
    assert tool("validate_map").main([str(pipe)]) == 1
    assert "not a regular file" in capsys.readouterr().out


HOSTILE_VALUES = ["-1", "0", "1e309", "nan", "-inf", "99999999999", "", "x", "3.5", "4096",
                  "#zz", "-2147483648", "4294967295"]


@pytest.mark.parametrize("fixture", ["fid_image_objects", "fid_offsets"])
def test_any_attribute_set_to_anything_is_read_or_refused_never_a_crash(
        fixture: str, tmp_path: Path) -> None:
    """Every attribute of a Tiled-saved map, one at a time, set to odd values:
    the loader answers (board or reasons) and a board it accepts is drawn."""
    import re
    import shutil

    import pygame  # noqa: F401

    from hacienda_game.client.mappicture import render_map
    from hacienda_game.maps import tmx

    source = ROOT / "tests" / "boards" / "tiled"
    for png in source.glob("*.png"):
        shutil.copyfile(png, tmp_path / png.name)
    text = (source / f"{fixture}.tmx").read_text()
    spots = [m.span(1) for m in re.finditer(r'="([^"]*)"', text)]
    path = tmp_path / "map.tmx"
    for n, (start, end) in enumerate(spots):
        value = HOSTILE_VALUES[n % len(HOSTILE_VALUES)]
        path.write_text(text[:start] + value + text[end:])
        tmx.clear_checked()
        report = check_map(path)
        assert report.errors or report.board is not None, (start, value)
        if report.ok:
            picture = render_map(report.board, path)
            assert picture.get_width() > 0
