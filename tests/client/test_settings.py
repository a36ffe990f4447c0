"""Settings: kept between games, checked value by value when read back, and the
settings scene (mouse and keyboard), including colour-blind patterns."""

from __future__ import annotations

import json

import pygame
import pytest

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.assets import Art
from hacienda_game.client.options import Options
from hacienda_game.client.patterns import PATTERNS, ink_for, patterned
from hacienda_game.client.scene import Command
from hacienda_game.session.userdirs import Settings, settings_written

DEFAULTS = Settings().as_dict()


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def settings_file(home) -> object:
    return home / "config" / "settings.json"


def test_every_setting_survives_a_save_and_load(home):
    chosen = Settings(anim_speed="fast", fullscreen=False, open_hands=True, scale=2,
                      music_volume=30, effects_volume=100, language="es", patterns=True,
                      rumble=False)
    chosen.save()
    assert Settings.load() == chosen
    assert Settings.load().refused == []
    assert [p.name for p in (home / "config").iterdir()] == ["settings.json"]  # no temp left
    assert set(json.loads(settings_file(home).read_text())) == set(DEFAULTS)


HOSTILE = {
    "anim_speed": ["fast"], "fullscreen": "yes", "open_hands": 1, "scale": 10 ** 30,
    "music_volume": -10, "effects_volume": 1e400, "language": "xx", "patterns": None,
    "rumble": {"on": True},
}


def test_a_hostile_file_is_refused_value_by_value(home):
    data = dict(HOSTILE)
    data["scale"] = 3                       # the one good value is kept
    data["unknown"] = "ignored"
    path = settings_file(home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data).replace("1e+400", "1e400"), encoding="utf-8")
    s = Settings.load()
    assert s.scale == 3
    assert {k: v for k, v in s.as_dict().items() if k != "scale"} == \
        {k: v for k, v in DEFAULTS.items() if k != "scale"}
    assert sorted(s.refused) == sorted(k for k in HOSTILE if k != "scale")


@pytest.mark.parametrize("content", [
    b"{not json", b"[1, 2, 3]", b"\xff\xfe\x00garbage", b"[" * 100_000 + b"]" * 100_000,
    b'{"music_volume": ' + b"9" * 5000 + b"}", b"null", b"",
    b'{"scale": 2, "pad": "' + b"x" * 70_000 + b'"}',
], ids=["broken", "list", "binary", "deep", "long-number", "null", "empty", "huge"])
def test_a_corrupt_file_gives_the_defaults(home, content):
    path = settings_file(home)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    s = Settings.load()
    assert s.as_dict() == DEFAULTS
    assert s.refused


def test_a_folder_in_place_of_the_file_is_survived(home):
    settings_file(home).mkdir(parents=True)
    assert Settings.load().as_dict() == DEFAULTS
    Settings(scale=2).save()                 # cannot replace a folder: kept in memory
    assert settings_file(home).is_dir()
    assert [p.name for p in (home / "config").iterdir()] == ["settings.json"]


def test_volumes_keep_to_steps_of_ten(home):
    path = settings_file(home)
    path.parent.mkdir(parents=True)
    path.write_text('{"music_volume": 73, "effects_volume": 100}', encoding="utf-8")
    s = Settings.load()
    assert (s.music_volume, s.effects_volume) == (70, 100)


def test_the_game_starts_on_a_hostile_file(home):
    path = settings_file(home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(HOSTILE).replace("1e+400", "1e400"), encoding="utf-8")
    app = App(Options(windowed=True, fake_clock=True))
    try:
        from hacienda_game.client.scenes.start import first_scene

        app.push(first_scene(app))
        app.step()
        assert app.running and app.settings.music_volume == DEFAULTS["music_volume"]
    finally:
        app.finish()


def key(driver, name: str) -> None:
    driver.top.handle(Command("key", (0, 0), name=name))
    driver.frames(1)


def open_settings(driver):
    from hacienda_game.client.scenes.settings import SettingsScene

    driver.click_button(driver.top.buttons, "Settings")
    assert isinstance(driver.top, SettingsScene)
    return driver.top


def row_index(scene, key_name: str) -> int:
    return [r.key for r in scene.rows].index(key_name)


def test_the_keyboard_changes_and_saves_every_row(driver, home):
    scene = open_settings(driver)
    s = driver.app.settings
    for _ in range(row_index(scene, "music_volume")):
        key(driver, "down")
    key(driver, "right")
    assert s.music_volume == 70
    key(driver, "left")
    key(driver, "left")
    assert s.music_volume == 50
    key(driver, "down")                      # effects
    key(driver, "down")                      # animation speed
    key(driver, "right")
    assert s.anim_speed == "fast"
    key(driver, "down")                      # AI pace
    key(driver, "down")                      # language: System -> English -> Deutsch
    key(driver, "right")
    key(driver, "right")
    assert s.language == "de" and i18n.language() == "de"
    assert scene.value_buttons[row_index(scene, "language")].label == "Deutsch"
    key(driver, "down")
    key(driver, "confirm")                   # patterns on
    assert s.patterns
    assert settings_written()                # written on the settings writer's thread
    saved = json.loads(settings_file(home).read_text())
    assert (saved["music_volume"], saved["anim_speed"], saved["language"],
            saved["patterns"]) == (50, "fast", "de", True)
    key(driver, "back")
    assert type(driver.top).__name__ == "MenuScene"


def test_the_mouse_changes_a_value_with_the_arrows(driver):
    scene = open_settings(driver)
    i = row_index(scene, "effects_volume")
    value = scene.value_buttons[i]
    right = next(b for b in scene.buttons if b.rect.left > value.rect.right
                 and b.rect.y == value.rect.y)
    left = next(b for b in scene.buttons if b.rect.right < value.rect.left
                and b.rect.y == value.rect.y)
    driver.click(right.rect.center)
    assert driver.app.settings.effects_volume == 90
    driver.click(left.rect.center)
    driver.click(left.rect.center)
    assert driver.app.settings.effects_volume == 70
    assert driver.app.sound.effects_volume == 70
    driver.click(value.rect.center)
    assert driver.app.settings.effects_volume == 80
    j = row_index(scene, "rumble")
    driver.click(scene.value_buttons[j].rect.center)
    assert driver.app.settings.rumble is False
    driver.click(scene.done.rect.center)
    assert type(driver.top).__name__ == "MenuScene"


def test_reset_tips_is_a_plain_button_without_arrows(driver, monkeypatch):
    """A row that does something (no value to step through) has no arrows:
    one button, clicked or confirmed; Left/Right leave it alone."""
    scene = open_settings(driver)
    i = row_index(scene, "reset_tips")
    button = scene.value_buttons[i]
    same_row = [b for b in scene.buttons if b.rect.colliderect(scene.row_rect(i))]
    assert same_row == [button]
    assert "←" not in [b.label for b in same_row] and "→" not in [b.label for b in same_row]
    done: list[int] = []
    monkeypatch.setattr(scene.rows[i], "act", lambda: done.append(1))
    for _ in range(i):
        key(driver, "down")
    key(driver, "right")
    key(driver, "left")
    assert done == []
    key(driver, "confirm")
    assert done == [1]
    driver.click(button.rect.center)
    assert done == [1, 1]


def test_window_size_and_display_apply_at_once(driver):
    scene = open_settings(driver)
    app = driver.app
    i = row_index(scene, "scale")
    driver.click(scene.value_buttons[i].rect.center)      # largest -> 1x
    assert app.settings.scale == 1
    assert pygame.display.get_window_size() == (960, 540)
    assert app.screen.get_size() == (960, 540)


def test_settings_open_from_the_pause_overlay(driver):
    from hacienda_game.client.scenes.overlays import Pause
    from hacienda_game.client.scenes.settings import SettingsScene

    driver.app.push(Pause())
    driver.frames(1)
    driver.click_button(driver.top.buttons, "Settings")
    assert isinstance(driver.top, SettingsScene)


def test_patterns_differ_per_seat_and_keep_the_emblem(driver):
    art: Art = driver.app.art
    sprites = art.sprites
    masks = []
    for c in range(5):
        plain = sprites.get(f"land_{c}")
        name = patterned(sprites, f"land_{c}", c)
        marked = sprites.get(name)
        assert sprites.anchors[name] == sprites.anchors[f"land_{c}"]
        w, h = plain.get_size()
        changed = {(x, y) for y in range(h) for x in range(w)
                   if plain.get_at((x, y)) != marked.get_at((x, y))}
        assert len(changed) >= 20, f"seat {c}: the pattern hardly shows"
        ink = ink_for(sprites.seat_colours[c])
        assert all(tuple(marked.get_at(p))[:3] == ink for p in changed)
        assert plain.get_at((w // 2, h // 2)) == marked.get_at((w // 2, h // 2))  # emblem
        masks.append(frozenset(changed))
    assert len(set(masks)) == 5 == len(PATTERNS)


def test_the_arrows_step_through_values_in_their_natural_order(driver):
    """Right is faster, more, on: AI pace goes Slow, Normal, Fast; animation
    Off, Slow, Normal, Fast; the arrows stop at the ends (no jump from Fast back
    to Off), and only the languages go round."""
    scene = open_settings(driver)
    s = driver.app.settings
    s.ai_pace, s.anim_speed, s.music_volume = "normal", "normal", 70
    for name, seen_right, seen_left in (
            ("ai_pace", ["fast", "fast"], ["normal", "slow", "slow"]),
            ("anim_speed", ["fast", "fast"], ["normal", "slow", "off", "off"]),
            ("music_volume", [80, 90, 100, 100], [90]),
            ("patterns", [True, True], [False, False])):
        scene.focus = row_index(scene, name)
        got = []
        for _ in seen_right:
            key(driver, "right")
            got.append(getattr(s, name))
        assert got == seen_right, name
        got = []
        for _ in seen_left:
            key(driver, "left")
            got.append(getattr(s, name))
        assert got == seen_left, name
    i = row_index(scene, "anim_speed")
    left = next(b for r, by, b in scene.arrows if r == i and by < 0)
    driver.frames(1)
    assert not left.enabled                  # at Off: the left arrow is off
    scene.focus = row_index(scene, "language")
    s.language = "es"
    i18n.set_language("es")
    key(driver, "right")
    assert s.language is None                # the languages go round: Spanish -> System


@pytest.mark.parametrize("language, words", [("es", {"Sí", "No"}), ("de", {"An", "Aus"})])
def test_a_switch_reads_alike_after_every_setting_name(driver, language, words):
    """On and off agree with each setting's noun: Spanish "Consejos",
    "Patrones", "Píxel perfecto" and "Vibración" all take "Sí"/"No" (not a
    feminine "Activada"/"Desactivada" after a masculine noun)."""
    scene = open_settings(driver)
    i18n.set_language(language)
    switches = [row for row in scene.rows if row.key in
                ("pixel_perfect", "patterns", "rumble", "tips")]
    assert len(switches) == 4
    for row in switches:
        assert {row.shows(True), row.shows(False)} == words, row.key
