"""Hostile files are refused, never followed, wherever the trick hides
(CONTRACTS section 1); the validator shows the game's own messages."""

from __future__ import annotations

import base64
import shutil
import zlib
from pathlib import Path

import pytest
from maptools import ROOT, tool

from hacienda_game.maps import check_map, load_tmx

BOARDS = ROOT / "tests" / "boards"
TILED = BOARDS / "tiled"


def copy_of(tmp_path: Path, name: str = "resaved_external_tsx.tmx") -> Path:
    """A re-saved Tiled map with its external tileset and image in ``tmp_path``."""
    for file in (name, "hacienda.tsx", "hacienda.png"):
        shutil.copyfile(TILED / file, tmp_path / file)
    return tmp_path / name


def errors(path: Path) -> str:
    report = check_map(path)
    assert report.board is None and len(report.errors) >= 1, report
    assert all(e.startswith(f"{path}: ") for e in report.errors)
    return "\n".join(report.errors)


def test_the_copy_itself_loads(tmp_path: Path) -> None:
    assert len(load_tmx(copy_of(tmp_path))) == 54


def test_entities_in_an_external_tileset_are_refused(tmp_path: Path) -> None:
    path = copy_of(tmp_path)
    tsx = tmp_path / "hacienda.tsx"
    tsx.write_text(tsx.read_text().replace(
        "<tileset ", '<!DOCTYPE tileset [<!ENTITY x "xxxxxxxx">]>\n<tileset ', 1))
    assert "tileset 'hacienda.tsx': refused: the file declares a DTD" in errors(path)


def test_external_entity_reading_a_local_file_is_refused(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "resaved_csv.tmx")
    text = path.read_text().replace(
        "<map ", '<!DOCTYPE map [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<map ', 1)
    path.write_text(text.replace('value="Re-saved"', 'value="&secret;"'))
    message = errors(path)
    assert "refused: the file declares a DTD or entities" in message
    assert "root:" not in message


def test_image_path_leaving_the_folder_from_an_external_tileset(tmp_path: Path) -> None:
    path = copy_of(tmp_path)
    tsx = tmp_path / "hacienda.tsx"
    tsx.write_text(tsx.read_text().replace('source="hacienda.png"',
                                           'source="../../../etc/hacienda.png"'))
    assert "path '../../../etc/hacienda.png' leaves the map's folder" in errors(path)


@pytest.mark.parametrize("image", ["/etc/passwd", "sub/../../x.png"])
def test_absolute_and_climbing_image_paths_are_refused(tmp_path: Path, image: str) -> None:
    path = copy_of(tmp_path, "resaved_csv.tmx")
    path.write_text(path.read_text().replace('source="hacienda.png"', f'source="{image}"'))
    assert f"path {image!r} leaves the map's folder" in errors(path)


def test_object_template_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "resaved_csv.tmx")
    path.write_text(path.read_text().replace(
        "</map>", ' <objectgroup id="9" name="signs">\n'
                  '  <object id="1" template="../../secret.tx" x="0" y="0"/>\n'
                  " </objectgroup>\n</map>"))
    assert "path '../../secret.tx' leaves the map's folder" in errors(path)


@pytest.mark.parametrize("size,ok", [((64, 64), True), ((65, 1), False), ((1, 65), False)])
def test_sixty_four_cells_a_side_at_most(tmp_path: Path, size: tuple[int, int],
                                         ok: bool) -> None:
    make = tool("make_test_boards")
    path = tmp_path / "big.tmx"
    (tmp_path / "hacienda.png").write_bytes((BOARDS / "hacienda.png").read_bytes())
    path.write_text(make.tmx((".$.",), size=size))
    if ok:
        assert len(load_tmx(path)) == 3
    else:
        assert f"map is {size[0]}x{size[1]} cells, over the 64x64 limit" in errors(path)


def test_uncompressed_data_longer_than_the_layer_is_refused(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "resaved_base64.tmx")
    text = path.read_text()
    start = text.rindex('<data encoding="base64">') + len('<data encoding="base64">')
    end = text.index("</data>", start)
    padded = base64.b64encode(base64.b64decode(text[start:end].strip()) + bytes(4 * 1000))
    path.write_text(text[:start] + padded.decode() + text[end:])
    assert "layer 'Board': data holds 1054 cells but the layer is 9x6 = 54" in errors(path)


def test_zlib_bomb_in_a_tiled_saved_map_is_refused(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "resaved_zlib.tmx")
    text = path.read_text()
    start = text.rindex('compression="zlib">') + len('compression="zlib">')
    end = text.index("</data>", start)
    bomb = base64.b64encode(zlib.compress(bytes(50_000_000), 9)).decode()
    path.write_text(text[:start] + bomb + text[end:])
    assert path.stat().st_size < 4 * 1024 * 1024
    assert "layer 'Board': refused: data inflates past the layer's size" in errors(path)


def test_validator_prints_the_games_messages(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = [BOARDS / n for n in ("dtd.tmx", "bomb.tmx", "image_escape.tmx", "truncated.tmx",
                                "orthogonal.tmx", "unknown_space.tmx", "zstd.tmx", "map.tmj",
                                "too_big.tmx")]
    paths = [str(p) for p in bad] + ["symmetric"]
    assert tool("validate_map").main(paths) == 1
    out = capsys.readouterr().out
    for path in bad:
        for problem in check_map(path).errors:
            assert f"error: {problem}\n" in out
    assert "maps/symmetric.tmx: valid: 'Symmetric'" in out
    assert f"1 of {len(paths)} maps valid" in out


def test_validator_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert tool("validate_map").main(["symmetric", "asymmetric", "--quiet"]) == 0
    assert capsys.readouterr().out == ""
    assert tool("validate_map").main([str(BOARDS / "warnings.tmx")]) == 0
    assert "warning: " in capsys.readouterr().out
    assert tool("validate_map").main(["no-such-map"]) == 1
    assert "error: no-such-map: cannot read the file" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["many_problems.tmx", "bomb.tmx", "no_board_layer.tmx"])
def test_validator_and_game_say_the_same(name: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from hacienda_game import cli

    monkeypatch.chdir(BOARDS)
    assert cli.main(["--map", name, "--autoplay", "--headless", "--seats", "random,random",
                     "--seed", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"hacienda: map {name!r} cannot be played:"
    game = [line.strip() for line in err[1:]]
    assert tool("validate_map").main([name]) == 1
    shown = [line.removeprefix("error: ") for line in capsys.readouterr().out.splitlines()
             if line.startswith("error: ")]
    assert game == shown and len(shown) >= 1
