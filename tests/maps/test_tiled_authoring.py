"""What map authors use in Tiled reads and draws as Tiled draws it: maps and
tilesets saved as JSON (``.tmj``, ``.tsj``, ``.tj``), shared tilesets and
templates in a folder beside the map's (inside a maps root only), animated
tiles (frame 0 in a still picture, every frame by the clock), Tiled 1.9
sub-rectangles of collection images and 1.10 ``tilerendersize`` and
``fillmode``.  The pictures Tiled 1.8.2 can draw are compared with
``tmxrasterizer``'s (committed in tests/boards/tiled/, made by
tools/make_tiled_fixtures.py); the rest with the format's definition."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from maptools import ROOT, board_pairs, drawn_touching, read_png, tool

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from test_tiled_drawing import over_background, surface_pixels  # noqa: E402

from hacienda_game.maps import check_map, load_tmx, tmx  # noqa: E402

TILED = ROOT / "tests" / "boards" / "tiled"
SHARED = TILED / "shared"
MAKE = tool("make_hostile_maps")


def drawn(path: Path, ms: int = 0) -> np.ndarray:
    from hacienda_game.client.mappicture import render_map

    report = check_map(path)
    assert report.ok, report.errors
    return surface_pixels(render_map(report.board, path, ms))


def same_picture(ours: np.ndarray, picture: Path) -> None:
    theirs = read_png(picture)
    assert ours.shape == theirs.shape
    diff = np.abs(over_background(ours) - over_background(theirs)).max(axis=2)
    assert int((diff > 2).sum()) == 0, np.argwhere(diff > 2)[:10]


# -- JSON -------------------------------------------------------------------------

def test_a_json_map_with_a_json_tileset_draws_as_tmxrasterizer_draws_it() -> None:
    path = TILED / "fid_json_tilesets.tmj"
    assert '"fid_multi_b.tsj"' in path.read_text()
    same_picture(drawn(path), TILED / "fid_json_tilesets_tiled.png")
    twin = load_tmx(TILED / "fid_multiple_tilesets.tmx")
    board = load_tmx(path)
    assert board.cells == twin.cells and board.adjacent == twin.adjacent
    assert board.layout == twin.layout


def test_a_json_map_with_json_templates_draws_as_its_tmx_twin() -> None:
    path = TILED / "fid_json_templates.tmj"
    assert '"fid_sign.tj"' in path.read_text()
    same_picture(drawn(path), TILED / "fid_templates_tiled.png")


def test_a_json_map_keeps_the_budgets(tmp_path: Path) -> None:
    """The same refusal as its TMX twin: a JSON map is no way around a budget."""
    for case, twin in (("json_4000_scaled_objects", "scaled_objects_4000"),
                       ("json_object_1e308", "object_at_1e308")):
        ours = check_map(MAKE.build(case, tmp_path / case)).errors
        theirs = check_map(MAKE.build(twin, tmp_path / twin)).errors
        assert ours and theirs
        strip = [e.split(": ", 1)[1].replace("1e+308", "1e308") for e in ours]
        assert strip == [e.split(": ", 1)[1] for e in theirs]


# -- templates ----------------------------------------------------------------

def test_template_objects_are_drawn_with_the_templates_tileset() -> None:
    from hacienda_game.maps.tmx import read_checked

    _report, tiled = read_checked(TILED / "fid_templates.tmx")
    objects = [o for layer in tiled.layers for o in layer.objects]
    assert len(objects) == 4
    signs = [tiled.tileset_of(o.gid).name for o in objects]
    assert signs == ["signs", "signs", "signs", "deco"]
    assert [(o.width, o.height, o.rotation) for o in objects[:3]] == [
        (24, 24, 0), (40, 30, 0), (24, 24, 90)]


def test_a_template_leaving_the_folder_is_refused_and_its_tileset_checked(
        tmp_path: Path) -> None:
    for name in ("fid_templates.tmx", "fid_sign.tx", "fid_sign_tiles.tsx",
                 "fid_sign_tiles.png", "fid_templates_cells.png", "hacienda.png"):
        shutil.copyfile(TILED / name, tmp_path / name)
    assert check_map(tmp_path / "fid_templates.tmx").ok
    tx = tmp_path / "fid_sign.tx"
    tx.write_text(tx.read_text().replace('source="fid_sign_tiles.tsx"',
                                         'source="../outside.tsx"'))
    tmx.clear_checked()
    errors = "\n".join(check_map(tmp_path / "fid_templates.tmx").errors)
    assert "template 'fid_sign.tx': refused: path '../outside.tsx' leaves" in errors
    tx.write_text(tx.read_text().replace('source="../outside.tsx"',
                                         'source="fid_sign_tiles.tsx"'))
    (tmp_path / "fid_sign_tiles.png").write_bytes(MAKE.png_header(9000, 24))
    tmx.clear_checked()
    errors = "\n".join(check_map(tmp_path / "fid_templates.tmx").errors)
    assert "9000x24 pixels, over the limit of 4096 a side" in errors


# -- shared tilesets ------------------------------------------------------------

def test_a_shared_tileset_beside_the_maps_folder_reads_inside_a_maps_root(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = SHARED / "desert" / "fid_shared.tmx"
    tmx.clear_checked()
    refused = "\n".join(check_map(path).errors)
    assert "path '../tilesets/fid_shared_cells.tsx' leaves the map's folder" in refused
    monkeypatch.setenv("HACIENDA_MAPS_DIR", str(SHARED))      # the built-in boards
    tmx.clear_checked()
    same_picture(drawn(path), SHARED / "desert" / "fid_shared_tiled.png")
    board = load_tmx(path)
    cells = read_png(SHARED / "desert" / "fid_shared_board.png").astype(np.int32)
    red, green, blue, alpha = (cells[..., i] for i in range(4))
    ours = (blue == 200) & (alpha == 255) & ((red - 40) % 24 == 0) & ((green - 40) % 24 == 0)
    codes = np.where(ours, (red - 40) // 24 + 100 * ((green - 40) // 24), -1)
    assert drawn_touching(codes) == board_pairs(board)
    tmx.clear_checked()


def test_the_players_maps_folder_shares_but_nothing_leaves_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hacienda_game.maps.catalog import user_maps_root
    from hacienda_game.session.userdirs import user_maps_dir

    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "home"))
    assert user_maps_root() == user_maps_dir()
    shutil.copytree(SHARED, user_maps_root())
    tmx.clear_checked()
    assert check_map(user_maps_root() / "desert" / "fid_shared.tmx").ok
    # a map right in the root may not climb out of it
    top = user_maps_root() / "top.tmx"
    top.write_text((user_maps_root() / "desert" / "fid_shared.tmx").read_text())
    tmx.clear_checked()
    assert "leaves the map's folder" in "\n".join(check_map(top).errors)


# -- animated tiles ---------------------------------------------------------------

def test_an_animated_tile_shows_its_frames_by_the_clock() -> None:
    from hacienda_game.maps.tmx import read_checked

    _report, tiled = read_checked(TILED / "fid_animated.tmx")
    deco = next(t for t in tiled.tilesets if t.name == "deco")
    assert [deco.frame(0, ms) for ms in (0, 199, 200, 399, 400)] == [5, 5, 2, 2, 5]
    assert [deco.frame(6, ms) for ms in (0, 100, 250)] == [6, 3, 6]
    assert tiled.frame_state(0) != tiled.frame_state(250)
    still, later = drawn(TILED / "fid_animated.tmx"), drawn(TILED / "fid_animated.tmx", 250)
    assert (still != later).any()
    # frame 0 is what tmxrasterizer draws (the still picture)
    same_picture(still, TILED / "fid_animated_tiled.png")
    assert drawn(TILED / "fid_animated.tmx", 400).tolist() == still.tolist()


# -- Tiled 1.9 and 1.10: drawn as the format defines them -------------------------

def collection_map(tmp_path: Path, tileset_attrs: str, tile: str, picture: tuple[int, int],
                   colours: list[tuple[int, int, int]]) -> Path:
    """A board plus one decoration cell (cell 1,1) showing tile 0 of a collection
    tileset whose picture is ``picture`` pixels in vertical stripes of ``colours``."""
    w, h = picture
    image = pygame.Surface(picture, pygame.SRCALPHA)
    for i, colour in enumerate(colours):
        image.fill((*colour, 255), (i * w // len(colours), 0, w // len(colours), h))
    pygame.image.save(image, str(tmp_path / "pic.png"))
    extra = (f' <tileset firstgid="100" name="pics" tilewidth="{w}" tileheight="{h}"'
             f' tilecount="1" columns="0"{tileset_attrs}>\n'
             f'  <grid orientation="orthogonal" width="1" height="1"/>\n'
             f'  <tile id="0"{tile}>\n   <image width="{w}" height="{h}" source="pic.png"/>\n'
             "  </tile>\n </tileset>\n")
    deco = [0] * (MAKE.WIDTH * MAKE.HEIGHT)
    deco[1 * MAKE.WIDTH + 1] = 100
    layer = (f' <layer id="7" name="deco" width="{MAKE.WIDTH}" height="{MAKE.HEIGHT}">'
             f'<data encoding="csv">{",".join(map(str, deco))}</data></layer>\n')
    return MAKE.write(tmp_path, MAKE.map_text(tilesets=MAKE.tileset() + extra,
                                              body=MAKE.board_layer() + layer))


def colour_box(pixels: np.ndarray, colour: tuple[int, int, int]) -> tuple[int, ...] | None:
    ys, xs = np.nonzero((pixels[..., :3] == colour).all(axis=2) & (pixels[..., 3] == 255))
    return None if not len(xs) else (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)


def cell_box(path: Path) -> tuple[int, int, int, int]:
    """Where Tiled puts a 32 x 32 tile of cell 1,1: its box's corners."""
    board = load_tmx(path)
    left, top = board.layout.top_left(1, 1)
    return left, top, left + 32, top + 32


RED, GREEN, BLUE = (220, 20, 20), (20, 200, 20), (20, 20, 220)


def test_a_sub_rectangle_of_a_collection_image_shows_only_that_part(tmp_path: Path) -> None:
    """Tiled 1.9: <tile x y width height> draws that rectangle of the image,
    at its size, as any tile of that size (bottom-left on the cell)."""
    path = collection_map(tmp_path, "", ' x="32" y="0" width="32" height="32"', (96, 32),
                          [RED, GREEN, BLUE])
    pixels = drawn(path)
    assert colour_box(pixels, RED) is None and colour_box(pixels, BLUE) is None
    assert colour_box(pixels, GREEN) == cell_box(path)


def test_tiles_drawn_at_the_grid_size_stretch_to_the_cell(tmp_path: Path) -> None:
    """Tiled 1.10 tilerendersize="grid" (fillmode stretch): a 64 x 48 picture
    fills the 32 x 32 cell exactly."""
    path = collection_map(tmp_path, ' tilerendersize="grid"', "", (64, 48), [RED, GREEN])
    pixels = drawn(path)
    left, top, right, bottom = cell_box(path)
    assert colour_box(pixels, RED) == (left, top, left + 16, bottom)
    assert colour_box(pixels, GREEN) == (left + 16, top, right, bottom)


def test_preserve_aspect_fit_scales_the_whole_picture_into_the_cell_centred(
        tmp_path: Path) -> None:
    """fillmode="preserve-aspect-fit": the 64 x 32 picture at 32 x 16, its
    aspect kept, centred in the cell."""
    path = collection_map(tmp_path, ' tilerendersize="grid" fillmode="preserve-aspect-fit"',
                          "", (64, 32), [RED, GREEN])
    pixels = drawn(path)
    left, top, right, _bottom = cell_box(path)
    assert colour_box(pixels, RED) == (left, top + 8, left + 16, top + 24)
    assert colour_box(pixels, GREEN) == (left + 16, top + 8, right, top + 24)


def test_the_fidelity_fixtures_fail_on_readers_that_skip_them() -> None:
    """Each new fixture holds what it is about (a reader ignoring it draws
    another picture): templates, animations, shapes on over 256 tiles, JPEG, GIF."""
    text = {name: (TILED / f"{name}.tmx").read_text() for name in (
        "fid_templates", "fid_animated", "fid_collision_shapes", "fid_jpeg_gif")}
    assert text["fid_templates"].count('template="fid_sign.tx"') == 4
    assert "<animation>" in text["fid_animated"]
    assert text["fid_collision_shapes"].count("<objectgroup") > 256
    assert "fid_blocks.jpg" in text["fid_jpeg_gif"] and "fid_blocks.gif" in text["fid_jpeg_gif"]


# -- the examples for authors in maps/ ----------------------------------------

def test_the_example_maps_are_valid_and_what_the_script_writes(tmp_path: Path) -> None:
    make = tool("make_map_examples")
    assert make.main(["--out", str(tmp_path)]) == 0
    for name, text in make.examples().items():
        assert (ROOT / "maps" / name).read_text(encoding="utf-8") == text, name
    tmx.clear_checked()
    shared = check_map(ROOT / "maps" / "examples" / "shared_tileset.tmx")
    assert shared.ok, shared.errors
    report, tiled = tmx.read_checked(ROOT / "maps" / "examples" / "template_objects.tmx")
    assert report.ok, report.errors
    signs = [o for layer in tiled.layers for o in layer.objects]
    assert len(signs) == 3 and all(tiled.tileset_of(o.gid) is not None for o in signs)
    assert drawn(ROOT / "maps" / "examples" / "template_objects.tmx").any()
    # copied out of maps/, the shared tileset is out of reach
    copy = tmp_path / "examples" / "shared_tileset.tmx"
    assert "leaves the map's folder" in "\n".join(check_map(copy).errors)


def test_the_board_on_screen_animates_by_the_game_clock() -> None:
    """BoardView.animate: the play screen asks it every frame with the game
    loop's clock; the picture changes when an animated tile's frame does."""
    from hacienda_game.client.boardview import BoardView

    board = load_tmx(TILED / "fid_animated.tmx")
    view = BoardView(board, pygame.Rect(0, 0, 960, 540))
    still = surface_pixels(view.base)
    assert view.animate(0) and not view.animate(50)       # frame 0, then the same frames
    assert (surface_pixels(view.base) == still).all()
    assert view.animate(250)                              # tile 0 shows its second frame
    assert (surface_pixels(view.base) != still).any()
    assert view.animate(400) and (surface_pixels(view.base) == still).all()
    plain = BoardView(load_tmx(TILED / "fid_offsets.tmx"), pygame.Rect(0, 0, 960, 540))
    assert not plain.animate(250)
