"""A broken map's problems and warnings come out in the game's language, still
naming the file and the cell (the Maps and Setup screens, `hacienda --map`
and tools/validate_map.py show them); English is unchanged."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from maptools import ROOT, tool

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hacienda_game import i18n  # noqa: E402
from hacienda_game.maps import check_map  # noqa: E402

BOARDS = ROOT / "tests" / "boards"
# Broken maps that between them reach the cell, layer, tileset, size, header,
# fix-in-Tiled and warning messages.
FIXTURES = ("many_problems.tmx", "no_board_layer.tmx", "bomb.tmx", "missing_tsx.tmx",
            "too_big.tmx", "orthogonal.tmx", "zstd.tmx", "map.tmj", "warnings.tmx",
            "short_data.tmx", "no_market.tmx")
CELL_WORD = {"de": "Feld", "es": "casilla"}
# What stays as Tiled and the file show it: menu names, quoted names, `properties`.
TILED_TOKENS = re.compile(r"Map > Map Properties( > Tile Layer Format: CSV)?|File > Save As\.\.\."
                          r"|Tileset > Tileset Properties|Map > Remove Tileset|Map > Resize Map"
                          r"|Custom Properties|Hex Side Length|Drawing Offset|Tile Width"
                          r"|Tile Height"
                          r"|<[^>]*>"
                          r"|Orientation: Hexagonal|\bTiled\b|'[^']*'|`[^`]*`"
                          r"|mountain forest meadow rock moor pampas market water")
ENGLISH = re.compile(r"\b(the|map|maps|cell|cells|layer|layers|tile|tiles|tileset|file|"
                     r"cannot|refused|not|supported|has|is|are|with|of|at|only|board|"
                     r"market|pampas|space|found|pieces|over|limit)\b", re.IGNORECASE)
OTHER_LANGUAGES = ("de", "es")


def messages(path: Path, code: str) -> tuple[list[str], list[str]]:
    """A map's problems and warnings as its author reads them in ``code``
    (checked in English, worded in the language: the problems are data)."""
    report = check_map(path)
    i18n.set_language(code)
    try:
        return ([p.worded(full_path=True) for p in report.errors],
                [w.worded(full_path=True) for w in report.warnings])
    finally:
        i18n.set_language("en")


def english_left(message: str, path: Path) -> list[str]:
    text = TILED_TOKENS.sub(" ", message.replace(str(path), " ").replace(str(path.parent), " "))
    return ENGLISH.findall(text)


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_problem_and_warning_is_translated_and_names_the_file(code: str) -> None:
    for name in FIXTURES:
        path = BOARDS / name
        english, english_warnings = messages(path, "en")
        errors, warnings = messages(path, code)
        assert len(errors) == len(english) and len(warnings) == len(english_warnings), name
        assert errors or warnings, name
        for theirs, ours in zip(errors + warnings, english + english_warnings, strict=True):
            assert theirs != ours, f"{name}: still English in {code}: {theirs}"
            assert theirs.startswith(f"{path}: "), theirs   # the screens cut the file off here
            assert not english_left(theirs, path), f"{name} ({code}): {theirs}"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_cell_problems_name_the_cell_in_the_language(code: str) -> None:
    path = BOARDS / "many_problems.tmx"
    errors, _warnings = messages(path, code)
    word = CELL_WORD[code]
    assert [e.split(": ", 2)[1] for e in errors] == [f"{word} 0,0", f"{word} 1,0",
                                                      f"{word} 1,1"]
    assert "'lava'" in errors[0] and "`space`" in errors[1]     # names stay as in the file


def test_english_is_unchanged_after_a_round_trip() -> None:
    path = BOARDS / "many_problems.tmx"
    before = messages(path, "en")
    messages(path, "de")
    assert messages(path, "en") == before
    assert before[0][2] == f"{path}: cell 1,1: market has no neighbouring pampas"


def test_a_language_is_used_where_the_catalog_is_asked_for_a_missing_map() -> None:
    from hacienda_game.maps.catalog import resolve_map

    with pytest.raises(FileNotFoundError) as caught:
        resolve_map("no-such-map")
    i18n.set_language("es")
    try:
        assert caught.value.worded().startswith(     # type: ignore[attr-defined]
            "No existe el mapa 'no-such-map': no es un mapa incluido")
        assert caught.value.problem.told() == "No hay ningún mapa llamado 'no-such-map'."
    finally:
        i18n.set_language("en")


def test_validator_and_game_speak_german_when_asked(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from hacienda_game import cli

    monkeypatch.chdir(BOARDS)
    assert cli.main(["--map", "many_problems.tmx", "--autoplay", "--headless", "--seats",
                     "random,random", "--seed", "1", "--lang", "de"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "hacienda: Plan 'many_problems.tmx' ist nicht spielbar:"
    game = [line.strip() for line in err[1:]]
    assert tool("validate_map").main(["many_problems.tmx", "--lang", "de"]) == 1
    shown = [line.removeprefix("error: ") for line in capsys.readouterr().out.splitlines()
             if line.startswith("error: ")]
    assert game == shown
    assert shown[2].endswith("many_problems.tmx: Feld 1,1: der Markt grenzt an keine Pampa")


def test_the_map_list_words_again_in_a_new_language_without_reading_the_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from hacienda_game.maps import tmxfile
    from hacienda_game.session import plan

    path = str(BOARDS / "bomb.tmx")
    english = plan.find_map(path).errors
    reads: list[Path] = []
    real = tmxfile.read_document
    monkeypatch.setattr(tmxfile, "read_document", lambda p, *a: reads.append(p) or real(p, *a))
    monkeypatch.setattr("hacienda_game.maps.tmx.read_document", tmxfile.read_document)
    i18n.set_language("de")
    try:
        again = plan.find_map(path).errors
        german = [p.worded() for p in again]
        told = [p.told() for p in again]
    finally:
        i18n.set_language("en")
    assert reads == [] and again == english                  # the same problems, not re-read
    assert german[0].startswith("bomb.tmx: Ebene 'board': abgelehnt"), german
    assert told[0] == "Dieser Plan wurde abgelehnt, um das Spiel zu schützen."
    assert [p.worded() for p in again] != german             # English again, still not re-read
    assert reads == []


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_no_map_message_in_the_catalog_keeps_english_words(code: str) -> None:
    # Every message of the maps package, also those no fixture above reaches.
    from tools import update_catalogs

    catalog = update_catalogs.read_catalog(i18n.LOCALE_DIR / f"{code}.po", code)
    ours = [m for m in catalog if m.id and any(
        file.startswith("hacienda_game/maps/") for file, _line in m.locations)]
    assert len(ours) >= 55
    left = [(m.id, m.string) for m in ours
            if ENGLISH.findall(TILED_TOKENS.sub(" ", re.sub(r"\{\w+\}", " ", m.string)))]
    assert not left, left
