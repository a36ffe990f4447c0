"""An own map copied from a built-in one, edited, played from the Maps screen:
the game draws the board the Maps screen shows, even when the tileset's
picture was not copied along (plain colours, and the Maps screen says why),
and draws the tiles once the picture is put next to it."""

from __future__ import annotations

import shutil
from pathlib import Path

from hacienda_game.client.boardview import SPACE_COLOURS, BoardView
from hacienda_game.client.mappicture import render_map
from hacienda_game.client.scenes.maps import MapsScene
from hacienda_game.maps.catalog import load_board, maps_dir

TITLE = "Island of Eight"


def own_edited_map(home: Path) -> Path:
    """Eight, copied with its tileset (not its picture) into the own maps
    folder, retitled, its first row all mountains."""
    folder = home / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    text = (maps_dir() / "eight.tmx").read_text(encoding="utf-8")
    text = text.replace('value="Eight"', f'value="{TITLE}"')
    head, sep, rest = text.partition('<data encoding="csv">\n')
    first, newline, others = rest.partition("\n")
    assert sep and len(first.split(",")) == 20
    text = head + sep + "1," * 19 + newline + others
    shutil.copy(maps_dir() / "hacienda.tsx", folder)
    path = folder / "eight.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def start_on(driver, title: str) -> BoardView:
    driver.click_button(driver.top.buttons, "Maps")
    scene = driver.top
    assert isinstance(scene, MapsScene) and scene.ready()
    index = next(i for i, e in enumerate(scene.maps) if e.title == title)
    entry = scene.maps[index]
    assert entry.ok and not entry.builtin
    scene.pick(index)
    driver.frames(1)
    driver.click_button(driver.top.buttons, "Play this map")
    driver.click_button(driver.top.buttons, "Start game", settle=4)
    view = driver.top.view
    assert isinstance(view, BoardView)
    return view


def hexes_left_blank(view: BoardView) -> list[str]:
    board = view.board
    return [board.names[i] for i, (x, y) in enumerate(view.map_centres)
            if view.base.get_at((int(x), int(y))).a == 0]


def test_an_own_map_without_its_tileset_picture_shows_every_hex(driver, home):
    path = own_edited_map(home)
    view = start_on(driver, TITLE)
    assert view.board.path is not None and Path(view.board.path).resolve() == path.resolve()
    assert len(view.board) == 241          # Eight's 240 and the new corner mountain
    assert hexes_left_blank(view) == []
    board = view.board
    for i, (x, y) in enumerate(view.map_centres):     # the colours the Maps screen shows
        colour = view.base.get_at((int(x), int(y)))[:3]
        assert tuple(colour) == tuple(SPACE_COLOURS[board.spaces[i]])[:3], board.names[i]


def test_the_maps_screen_says_the_picture_is_missing(driver, home):
    own_edited_map(home)
    driver.click_button(driver.top.buttons, "Maps")
    scene = driver.top
    assert scene.ready()
    entry = next(e for e in scene.maps if e.title == TITLE)
    assert any("hacienda.png" in str(w) and "plain colours" in str(w) for w in entry.warnings)
    builtin = next(e for e in scene.maps if e.builtin and e.name == "eight")
    assert not any("plain colours" in str(w) for w in builtin.warnings)


def test_the_tiles_are_drawn_once_the_picture_is_put_next_to_the_map(driver, home):
    path = own_edited_map(home)
    board = load_board(path)
    plain = render_map(board, path)
    shutil.copy(maps_dir() / "hacienda.png", path.parent)
    drawn = render_map(board, path)
    builtin = load_board("eight")
    tiles = render_map(builtin, builtin.path)
    below = [(x, y) for x, y in board.cells if y > 0]      # the rows left as Eight has them
    assert len(below) == 222
    centres = [tuple(map(int, board.layout.center(x, y))) for x, y in below]
    assert all(drawn.get_at(c) == tiles.get_at(c) for c in centres)
    assert sum(drawn.get_at(c) != plain.get_at(c) for c in centres) >= 40


def test_the_maps_screen_forgets_the_missing_picture_once_it_is_there(driver, home):
    path = own_edited_map(home)
    driver.click_button(driver.top.buttons, "Maps")
    scene = driver.top
    assert scene.ready()
    shutil.copy(maps_dir() / "hacienda.png", path.parent)
    driver.click_button(scene.buttons, "Back")
    driver.click_button(driver.top.buttons, "Maps")
    scene = driver.top
    assert scene.ready()
    entry = next(e for e in scene.maps if e.title == TITLE)
    assert not any("plain colours" in str(w) for w in entry.warnings)
