"""Every number of a map is read by one bounded parser (ASCII digits, bounded
length and range, floats finite), a refusal names the attribute and the
element, and the validator never shows a traceback, whatever the console's
encoding."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from maptools import ROOT, tool

from hacienda_game.maps import check_map
from hacienda_game.maps.numbers import parse_colour, parse_float, parse_int

MAKE = tool("make_hostile_maps")


@pytest.mark.parametrize("text,expected", [
    ("0", 0), ("64", 64), ("-16", -16), ("+3", 3), ("4294967295", 4294967295),
    ("²", None), ("³²", None), ("٩", None), ("９", None), ("1_000", None), (" 5", None),
    ("9" * 5000, None), ("4294967296", None), ("", None), (None, None), ("3.5", None),
    ("0x10", None)])
def test_whole_numbers_are_ascii_digits_within_range(text, expected) -> None:
    assert parse_int(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("12.5", 12.5), ("-0.25", -0.25), ("1e-05", 1e-05), (".5", 0.5), ("30", 30.0),
    ("1e308", None), ("1e309", None), ("nan", None), ("inf", None), ("-inf", None),
    ("١٢", None), ("1" * 40, None), ("1_0", None), ("", None), ("0x1p3", None)])
def test_decimals_are_ascii_finite_and_bounded(text, expected) -> None:
    assert parse_float(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("#ff8040", (255, 128, 64, 255)), ("80ff8040", (255, 128, 64, 128)),
    ("ff00ff", (255, 0, 255, 255)), ("#٠٠٠٠٠٠", None), ("#fff", None), ("", None)])
def test_colours_are_ascii_hex(text, expected) -> None:
    assert parse_colour(text) == expected


def test_the_validator_writes_safely_on_a_cp1252_console(tmp_path: Path) -> None:
    """An emoji layer name (the message lists the layers) on a console that
    cannot show it: escaped, no UnicodeEncodeError, no traceback."""
    body = MAKE.board_layer(name="\N{COW FACE} pasture")
    path = MAKE.write(tmp_path, MAKE.map_text(body=body))
    env = {**os.environ, "PYTHONIOENCODING": "cp1252", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "hacienda_game.maps", "validate", str(path)],
                         capture_output=True, env=env, timeout=60, cwd=ROOT)
    assert out.returncode == 1, out.stderr
    assert b"Traceback" not in out.stderr and not out.stderr, out.stderr
    assert b"\\N{COW FACE} pasture" in out.stdout


@pytest.mark.parametrize("case", ["tilecount_superscript", "height_superscript",
                                  "arabic_indic_digits", "tilecount_5000_digits",
                                  "image_size_5000_digits", "csv_cell_5001_digits",
                                  "object_at_1e308"])
def test_the_validator_says_which_attribute_never_a_traceback(
        case: str, tmp_path: Path) -> None:
    path = MAKE.build(case, tmp_path / case)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "hacienda_game.maps", "validate", str(path)],
                         capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    assert MAKE.CASES[case][2] in out.stdout
    assert "cannot be read (" not in out.stdout


def test_arabic_indic_digits_are_not_read_as_a_size(tmp_path: Path) -> None:
    """Python reads '٩' as 9; Tiled reads no number: the map is refused, not 9x6."""
    path = MAKE.build("arabic_indic_digits", tmp_path / "m")
    report = check_map(path)
    assert report.board is None
    assert any("<map> attribute width='٩' is not a number" in e for e in report.errors)


def test_an_enum_saved_as_a_number_says_why(tmp_path: Path) -> None:
    tiles = "".join(f'  <tile id="{i}"><properties><property name="space" type="int"'
                    f' propertytype="space" value="{i}"/></properties></tile>\n'
                    for i in range(8))
    tileset = MAKE.tileset().split("  <tile ", 1)[0] + tiles + " </tileset>\n"
    path = MAKE.write(tmp_path, MAKE.map_text(tilesets=tileset))
    errors = [e for e in check_map(path).errors if ": cell " in e]
    assert errors and all("space is stored as a number; give the enum string values in the"
                          " project" in e for e in errors), errors[:2]
    assert "has space '5': space is stored as a number" in "\n".join(errors)


def test_the_validator_refuses_rather_than_crash_on_anything_unforeseen(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from hacienda_game.maps.commands import validate

    def broken(path):
        raise RuntimeError("unforeseen")

    monkeypatch.setattr(validate, "check_map", broken)
    assert validate.main(["symmetric"]) == 1
    out = capsys.readouterr().out
    assert "cannot be read (RuntimeError: unforeseen)" in out and out.startswith("error: ")
