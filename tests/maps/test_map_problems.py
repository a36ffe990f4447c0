"""A map's problems are data (a code and the author's sentence with its
fields), worded where they are shown: a player reads plain words with the
file's name, an author the fix in Tiled (the command line with the whole
path), each in the language chosen at that moment, without reading the map
again."""

from __future__ import annotations

import ast
import re

import pytest
from maptools import ROOT

from hacienda_game import i18n
from hacienda_game.maps import check_map
from hacienda_game.maps.reasons import TOLD, MapFile, MapProblem
from hacienda_game.maps.tmx import clear_checked

BOARDS = ROOT / "tests" / "boards"
MAPS_ROOM = ROOT / "hacienda_game" / "maps"
# The wording modules: the problems' own words, and the places' (a hex named
# by landmark, worded for the play screen).
WORDING = {"reasons.py", "landmarks.py"}


def test_the_maps_room_never_calls_the_translator() -> None:
    calls = []
    for path in sorted(MAPS_ROOM.rglob("*.py")):
        if path.name in WORDING:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("_", "ngettext"):
                calls.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and "i18n" in (node.module or "") and any(
                    alias.name in ("_", "ngettext", "language") for alias in node.names):
                calls.append(f"{path.relative_to(ROOT)}:{node.lineno} imports the translator")
    assert not calls, calls


def test_every_problem_code_raised_has_words_in_every_language() -> None:
    raised = set()
    for path in (ROOT / "hacienda_game").rglob("*.py"):
        raised |= set(re.findall(r'MapProblem\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    assert raised and raised <= set(TOLD), raised - set(TOLD)
    for code in ("de", "es"):
        catalog = i18n.catalog(code)
        missing = [key for key, text in TOLD.items() if text and not catalog.get(text)]
        assert not missing, (code, missing)
    with pytest.raises(ValueError):
        MapProblem("no_such_code", "{file}: x", file=MapFile("a.tmx"))


def test_a_language_change_rewords_a_checked_map_without_reading_it_again() -> None:
    clear_checked()
    path = BOARDS / "no_market.tmx"
    report = check_map(path)
    i18n.set_language("de")
    try:
        assert check_map(path) is report          # the check is kept whatever the language
        german = report.errors[0].told()
        german_author = report.errors[0].worded()
    finally:
        i18n.set_language("en")
    assert report.errors[0].told() == "This map has no market."
    assert german == "Dieser Plan hat keinen Markt."
    assert german_author.startswith("no_market.tmx: kein Markt"), german_author


def test_a_player_reads_plain_words_and_the_file_name_an_author_the_whole_path() -> None:
    path = BOARDS / "many_problems.tmx"
    problems = check_map(path).errors
    assert [p.told() for p in problems] == ["Cell 0,0: a tile of an unknown kind.",
                                            "Cell 1,0: a tile of an unknown kind.",
                                            "Cell 1,1: a market with no pampas beside it."]
    assert all(p.file == "many_problems.tmx" for p in problems)
    assert problems[2].detail() == "cell 1,1: market has no neighbouring pampas"
    assert problems[2].worded() == "many_problems.tmx: cell 1,1: market has no neighbouring pampas"
    assert problems[2].worded(full_path=True) == f"{path}: cell 1,1: market has no neighbouring" \
                                                 " pampas" == problems[2]
    for problem in check_map(BOARDS / "bomb.tmx").errors:     # a hostile map
        assert str(BOARDS) not in problem.told() + problem.detail()
        assert problem.told() in {i18n._(text) for text in TOLD.values() if text}


def test_a_problem_survives_a_trip_to_another_process() -> None:
    import pickle

    problem = check_map(BOARDS / "many_problems.tmx").errors[0]
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and again.code == problem.code and again.told() == problem.told()


def test_the_log_keeps_the_whole_path_for_the_author(tmp_path, monkeypatch) -> None:
    import shutil

    from hacienda_game.session import plan
    from hacienda_game.session.userdirs import log_path

    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    monkeypatch.setattr(plan, "_checked", {})
    path = tmp_path / "own" / "no_market.tmx"
    path.parent.mkdir()
    shutil.copyfile(BOARDS / "no_market.tmx", path)
    entry = plan.find_map(str(path))
    assert [p.told() for p in entry.errors] == ["This map has no market."]
    logged = log_path().read_text(encoding="utf-8")
    assert f"{path.resolve()}: no market" in logged
