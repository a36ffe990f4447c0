"""Built-in map names, paths and the board cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hacienda_game.maps import MAPS_DIR, builtin_maps, load_board, resolve_map

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "tests" / "boards"


def test_builtin_maps_live_in_the_top_level_maps_folder() -> None:
    assert MAPS_DIR == ROOT / "maps"
    assert "symmetric" in builtin_maps()
    assert builtin_maps() == sorted(builtin_maps())


def test_load_board_by_name_and_by_path() -> None:
    by_name = load_board("symmetric")
    assert by_name.name == "symmetric" and len(by_name.markets) == 10
    assert load_board(ROOT / "maps" / "symmetric.tmx") is by_name
    assert load_board(str(BOARDS / "hex_x_odd.tmx")).staggeraxis == "x"


def test_paths_relative_to_a_scenario_file() -> None:
    scenario = BOARDS / "some_scenario.json"      # need not exist: its folder is used
    assert resolve_map("hex_y_even.tmx", relative_to=scenario) == BOARDS / "hex_y_even.tmx"
    assert resolve_map("boards/enc_csv.tmx", relative_to=ROOT / "tests") == (
        BOARDS / "enc_csv.tmx")
    assert resolve_map("symmetric", relative_to=scenario) == ROOT / "maps" / "symmetric.tmx"


def test_relative_to_a_folder_with_a_dot_in_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "maps.v2"
    folder.mkdir()
    (folder / "x.tmx").write_text("")
    assert resolve_map("x.tmx", relative_to=folder) == (folder / "x.tmx").resolve()


def test_unknown_map_names_the_built_in_maps() -> None:
    with pytest.raises(FileNotFoundError) as caught:
        resolve_map("atlantis")
    assert "atlantis" in str(caught.value)
    assert "symmetric" in str(caught.value)


def test_cache_returns_the_same_board_until_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "copy.tmx"
    path.write_text((BOARDS / "hex_y_odd.tmx").read_text())
    (tmp_path / "hacienda.png").write_bytes((BOARDS / "hacienda.png").read_bytes())
    first = load_board(path)
    assert load_board(path) is first
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    second = load_board(path)
    assert second is not first and second.spaces == first.spaces


def test_maps_folder_can_be_overridden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HACIENDA_MAPS_DIR", str(BOARDS))
    assert "hex_x_even" in builtin_maps() and "symmetric" not in builtin_maps()
    assert load_board("hex_x_even").staggerindex == "even"


def test_loading_a_map_never_imports_pygame() -> None:
    code = (
        "import sys\n"
        "import hacienda_game.maps as maps\n"
        "board = maps.load_board('symmetric')\n"
        "maps.load_tmx(sys.argv[1])\n"
        "assert len(board.markets) == 10\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("HACIENDA_MAPS_DIR", None)
    result = subprocess.run([sys.executable, "-c", code, str(BOARDS / "external_tsx.tmx")],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "cannot import pygame" not in result.stderr
