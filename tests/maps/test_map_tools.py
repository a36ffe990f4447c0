"""The generated map files in the repository are what the tools make now."""

from __future__ import annotations

from pathlib import Path

import pytest
from maptools import tool

from hacienda_game.maps import SPACES, load_tmx

ROOT = Path(__file__).resolve().parents[2]


def test_tileset_is_up_to_date(tmp_path: Path) -> None:
    make_tileset = tool("make_tileset")
    assert make_tileset.main(["--out", str(tmp_path)]) == 0
    for name in ("hacienda.png", "hacienda.tsx"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), name


def test_tileset_tiles_are_hexes_with_a_dark_outline_and_few_colours() -> None:
    make_tileset = tool("make_tileset")
    outline = make_tileset.PALETTE["k"]
    for space in SPACES:
        tile = make_tileset.draw_tile(space)
        opaque = tile[..., 3] == 255
        assert (tile[..., 3][~opaque] == 0).all()     # no partial alpha
        assert not opaque[0, 0] and opaque[16, 16] and opaque[16, 0] and opaque[0, 16]
        assert tuple(tile[16, 0, :3]) == outline and tuple(tile[0, 15, :3]) == outline
        colours = {tuple(c) for c in tile[opaque][:, :3]}
        assert len(colours) <= 8, space


def test_symmetric_map_is_its_sketch(tmp_path: Path) -> None:
    sketch2tmx = tool("sketch2tmx")
    tileset = tmp_path / "hacienda.tsx"
    tileset.write_bytes((ROOT / "maps" / "hacienda.tsx").read_bytes())
    out = tmp_path / "symmetric.tmx"
    sketch2tmx.convert(ROOT / "maps" / "sketches" / "symmetric.txt", out, tileset)
    assert out.read_bytes() == (ROOT / "maps" / "symmetric.tmx").read_bytes()


def test_sketch_rows_layout(tmp_path: Path) -> None:
    sketch2tmx = tool("sketch2tmx")
    sketch = tmp_path / "tiny.txt"
    sketch.write_text("title: Tiny\nstaggeraxis: x\nstaggerindex: even\n---\n.$.\nM.F\n")
    (tmp_path / "hacienda.tsx").write_text((ROOT / "maps" / "hacienda.tsx").read_text())
    board = sketch2tmx.convert(sketch, tmp_path / "tiny.tmx", tmp_path / "hacienda.tsx")
    loaded = load_tmx(tmp_path / "tiny.tmx")
    assert loaded.spaces == board.spaces and loaded.title() == "Tiny"
    assert (loaded.staggeraxis, loaded.staggerindex) == ("x", "even")


def test_sketch_hex_layout_needs_pointy_top() -> None:
    sketch2tmx = tool("sketch2tmx")
    with pytest.raises(ValueError, match="staggeraxis: y"):
        sketch2tmx.parse_sketch("layout: hex\nstaggeraxis: x\n---\n. .\n")


def test_test_boards_are_up_to_date(tmp_path: Path) -> None:
    make_test_boards = tool("make_test_boards")
    assert make_test_boards.main(["--out", str(tmp_path)]) == 0
    boards = ROOT / "tests" / "boards"
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    # tests/boards/tiled/ is Tiled's own work (tools/make_tiled_fixtures.py),
    # tests/boards/hostile/ tools/make_hostile_maps.py's
    assert made == sorted(p.relative_to(boards) for p in boards.rglob("*")
                          if p.is_file()
                          and p.relative_to(boards).parts[0] not in ("tiled", "hostile"))
    for name in made:
        assert (tmp_path / name).read_bytes() == (boards / name).read_bytes(), name
