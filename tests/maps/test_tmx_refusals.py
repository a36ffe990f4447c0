"""Invalid and hostile maps are refused with every problem listed (CONTRACTS section 1)."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacienda_game.maps import BoardError, check_map, load_tmx

BOARDS = Path(__file__).resolve().parents[2] / "tests" / "boards"

# file -> (fragments of the error messages expected, in order)
REFUSALS = {
    "no_board_layer.tmx": ["no tile layer named `board`"],
    "orthogonal.tmx": ["not hexagonal"],
    "unknown_space.tmx": ["cell 3,0: tile 8 of tileset 'hacienda' has unknown space 'lava'"],
    "no_space.tmx": ["cell 3,0: tile 9 of tileset 'hacienda' has no custom property `space`"],
    "no_market.tmx": ["no market"],
    "market_no_pampas.tmx": ["cell 1,1: market has no neighbouring pampas"],
    "dtd.tmx": ["refused: the file declares a DTD or entities"],
    "zstd.tmx": ["zstd compression is not supported", "Tile Layer Format: CSV"],
    "xml_tiles.tmx": ["tile data as XML elements", "Tile Layer Format: CSV"],
    "infinite.tmx": ["infinite maps are not supported", "untick Infinite"],
    "too_big.tmx": ["65x65 cells, over the 64x64 limit"],
    "image_escape.tmx": ["'../../maps/hacienda.png' leaves the map's folder"],
    "tileset_escape.tmx": ["'../../maps/hacienda.tsx' leaves the map's folder"],
    "missing_tsx.tmx": ["tileset 'nowhere.tsx': file not found"],
    "truncated.tmx": ["malformed XML"],
    "bomb.tmx": ["refused: data inflates past the layer's size"],
    "short_data.tmx": ["data holds 12 cells but the layer is 4x4 = 16"],
    "map.tmj": ["malformed JSON (not a Tiled map); re-save it from Tiled"],
    "nowhere.tmx": ["cannot read the file"],
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refused_with_a_message_naming_the_file(name: str) -> None:
    path = BOARDS / name
    with pytest.raises(BoardError) as caught:
        load_tmx(path)
    problems = caught.value.problems
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}: ")
    for fragment in REFUSALS[name]:
        assert fragment in problems[0]
    assert "Traceback" not in str(caught.value)
    assert check_map(path).board is None


def test_every_problem_is_listed_at_once() -> None:
    problems = check_map(BOARDS / "many_problems.tmx").errors
    assert [p.split(": ", 2)[1] for p in problems] == ["cell 0,0", "cell 1,0", "cell 1,1"]
    assert "unknown space 'lava'" in problems[0]
    assert "no custom property `space`" in problems[1]
    assert "market has no neighbouring pampas" in problems[2]


def test_file_over_four_mebibytes_is_refused(tmp_path: Path) -> None:
    text = (BOARDS / "hex_y_odd.tmx").read_text()
    big = tmp_path / "big.tmx"
    big.write_text(text.replace("<map ", "<!--" + "x" * (4 * 1024 * 1024) + "-->\n<map "))
    assert check_map(big).errors == [f"{big}: file is {big.stat().st_size} bytes,"
                                     " over the 4 MiB limit"]


def test_billion_laughs_is_refused(tmp_path: Path) -> None:
    lol = tmp_path / "lol.tmx"
    lol.write_text('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
                   '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
                   '<map orientation="hexagonal">&lol2;</map>\n')
    assert "DTD or entities" in check_map(lol).errors[0]


def test_gzip_with_a_hidden_second_member_is_refused(tmp_path: Path) -> None:
    text = (BOARDS / "enc_gzip.tmx").read_text()
    start = text.index('compression="gzip">') + len('compression="gzip">')
    end = text.index("</data>")
    raw = base64.b64decode(text[start:end].strip())
    sneaky = base64.b64encode(raw + zlib.compress(bytes(100_000))).decode()
    path = tmp_path / "sneaky.tmx"
    path.write_text(text[:start] + sneaky + text[end:])
    assert "inflates past the layer's size" in check_map(path).errors[0]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_files_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    original = (BOARDS / "enc_zlib.tmx").read_bytes()
    cut = data.draw(st.integers(0, len(original)))
    junk = data.draw(st.binary(max_size=8))
    at = data.draw(st.integers(0, cut))
    damaged = original[:at] + junk + original[at:cut]
    path = tmp_path / "damaged.tmx"
    path.write_bytes(damaged)
    report = check_map(path)
    assert report.errors or report.board is not None
    for problem in report.errors:
        assert problem.startswith(f"{path}: ")


def test_unknown_xml_encoding_is_malformed_not_a_crash(tmp_path: Path) -> None:
    # found by test_damaged_files_never_crash: expat raises LookupError here
    path = tmp_path / "odd.tmx"
    path.write_bytes(b'<?xml version="1.0" encoding="aUTF-8"?><map/>')
    assert check_map(path).errors == [f"{path}: malformed XML (unknown encoding: aUTF-8)"]


def test_csv_digit_lookalikes_are_not_tile_numbers(tmp_path: Path) -> None:
    # "²".isdigit() is true but int("²") fails: the scan must not crash on it
    text = (BOARDS / "enc_csv.tmx").read_text()
    path = tmp_path / "odd_digits.tmx"
    path.write_text(text.replace('<data encoding="csv">\n6', '<data encoding="csv">\n²', 1))
    (tmp_path / "hacienda.png").write_bytes((BOARDS / "hacienda.png").read_bytes())
    assert check_map(path).errors == [
        f"{path}: layer 'board': CSV data holds '²', not a tile number"]
