"""The Maps screen shows where own maps go (the folder's whole path) and opens
that folder in the system's file manager; when it cannot, it says so in the
player's words and the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacienda_game.client.scenes.maps import MapsScene, path_lines
from hacienda_game.client.scenes.overlays import Message
from hacienda_game.session import folders
from hacienda_game.session.userdirs import user_maps_dir

from .drawnhelp import record_drawn


def open_maps(driver) -> MapsScene:
    driver.click_button(driver.top.buttons, "Maps")
    scene = driver.top
    assert isinstance(scene, MapsScene)
    return scene


def test_the_maps_screen_shows_the_whole_folder_path(driver, home, monkeypatch):
    scene = open_maps(driver)
    recorded = record_drawn(monkeypatch)
    scene.draw(driver.app.screen)
    drawn = [d.text for d in recorded]
    folder = str(user_maps_dir())
    start = next(i for i, text in enumerate(drawn) if folder.startswith(text) and text)
    shown = ""
    for text in drawn[start:]:
        if not folder.startswith(shown + text):
            break
        shown += text
    assert shown == folder
    assert not any("README" in text for text in drawn)


def test_a_long_path_is_broken_after_its_separators_with_nothing_left_out(driver):
    font = driver.app.art.fonts.medium
    path = "/home/someone/.local/share/hacienda/a-rather-long-folder-name/maps"
    lines = path_lines(font, path, 150)
    assert "".join(lines) == path and len(lines) > 1
    assert all(font.width(line) <= 150 for line in lines)
    assert lines[0].endswith("/")


class FakeProcess:
    def __init__(self, code):
        self.code = code

    def poll(self):
        return self.code


def test_open_folder_starts_the_file_manager_on_the_maps_folder(driver, home, monkeypatch):
    started = []
    monkeypatch.setattr(folders.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(folders.subprocess, "Popen",
                        lambda command, **kw: started.append(command) or FakeProcess(0))
    scene = open_maps(driver)
    driver.click_button(scene.buttons, "Open folder")
    driver.frames(2)
    assert started == [[folders.file_manager_command(user_maps_dir())[0],
                        str(user_maps_dir())]]
    assert user_maps_dir().is_dir(), "made first if it was not there"
    assert driver.top is scene, "nothing to say when it worked"


@pytest.mark.parametrize("how", ["missing", "fails"])
def test_a_folder_that_cannot_be_opened_is_said_in_player_words(driver, home, monkeypatch,
                                                                how):
    if how == "missing":
        monkeypatch.setattr(folders.shutil, "which", lambda name: None)
    else:
        monkeypatch.setattr(folders.shutil, "which", lambda name: f"/usr/bin/{name}")
        monkeypatch.setattr(folders.subprocess, "Popen", lambda command, **kw: FakeProcess(4))
    scene = open_maps(driver)
    driver.click_button(scene.buttons, "Open folder")
    driver.frames(2)
    message = driver.top
    assert isinstance(message, Message)
    assert message.title == "The maps folder cannot be opened"
    assert "path is shown" in message.text and "Traceback" not in message.text
    driver.click_button(message.buttons, "OK")
    assert driver.top is scene


def test_each_system_has_its_file_manager():
    folder = Path("/x/maps")
    assert folders.file_manager_command(folder, "linux") == ["xdg-open", "/x/maps"]
    assert folders.file_manager_command(folder, "darwin") == ["open", "/x/maps"]
    assert folders.file_manager_command(folder, "win32") is None


def test_the_chosen_map_row_is_the_brightest_and_says_where_it_comes_from(driver, home,
                                                                           monkeypatch):
    """The chosen map stands out lit (the hover face, framed in gold), never
    darker than the rows around it; its details say where the map comes from
    in words that mean something."""
    import numpy as np
    import pygame

    scene = open_maps(driver)
    assert scene.ready()
    assert len(scene.rows) >= 3
    scene.pick(1)
    surface = pygame.Surface(driver.app.canvas_size)
    recorded = record_drawn(monkeypatch)
    scene.draw(surface)

    def light(row) -> float:          # the frame left of the label, its borders aside
        r = row.rect
        strip = pygame.surfarray.pixels3d(surface)[r.x + 6:r.x + 14, r.y + 4:r.bottom - 4]
        return float(np.asarray(strip, dtype=float).mean())

    lights = [light(row) for row in scene.rows[:3]]
    assert lights[1] > max(lights[0], lights[2]), lights
    drawn = [d.text for d in recorded]
    assert "Comes with the game" in drawn and "a map of the game" not in drawn


def test_a_language_change_rewords_a_broken_map_without_reading_the_maps_again(
        driver, home, monkeypatch):
    """The Maps screen shows a broken own map by its file's name, the problem in
    a player's words and the author's below; switching the language words the
    same problems again, nothing is read or checked again."""
    import shutil

    from hacienda_game.maps import tmx

    user_maps_dir().mkdir(parents=True, exist_ok=True)
    shutil.copyfile(Path(__file__).parents[1] / "boards" / "no_market.tmx",
                    user_maps_dir() / "no_market.tmx")
    scene = open_maps(driver)
    assert scene.ready()
    scene.pick(next(i for i, e in enumerate(scene.maps) if e.name == "no_market"))
    recorded = record_drawn(monkeypatch)
    scene.draw(driver.app.screen)
    english = [d.text for d in recorded]
    checks: list[Path] = []
    real = tmx._check
    monkeypatch.setattr(tmx, "_check", lambda path, *a: checks.append(path) or real(path, *a))
    driver.app.apply_language("de")
    assert scene.ready() and checks == []
    recorded.clear()
    scene.draw(driver.app.screen)
    german = [d.text for d in recorded]
    assert "no_market.tmx" in english and "· This map has no market." in english
    assert "· Dieser Plan hat keinen Markt." in german
    assert not any(str(user_maps_dir()) in text for text in english + german
                   if "no_market" in text)
    assert checks == []
