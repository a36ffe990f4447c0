"""Sound: the synthesised files, the silent fallback, throttling and where effects sound."""

from __future__ import annotations

import json
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pygame
import pytest

from hacienda_game.client import sound as sound_module
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.sound import EFFECTS, EVENT_CUES, GAPS, SOUNDS_DIR, Sound
from hacienda_game.engine.events import Event

ROOT = Path(__file__).resolve().parents[2]


def samples(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.int32)
    return params, data


@pytest.mark.parametrize("name", [*EFFECTS, "music"])
def test_every_sound_is_a_well_formed_wav(name):
    params, data = samples(SOUNDS_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    seconds = len(data) / params.framerate
    if name == "music":
        assert 15 <= seconds <= 40
    elif name == "fanfare":             # the winner's celebration: a moment, not a tune
        assert 1.5 <= seconds <= 3.5, f"{name} lasts {seconds:.2f} s"
    else:
        assert 0.02 <= seconds <= 1.5, f"{name} lasts {seconds:.2f} s"
    peak = int(np.abs(data).max())
    assert 3000 < peak < 32767, f"{name}: peak {peak} (silent or clipped)"
    assert abs(int(data[-1])) < 600 and abs(int(data[0])) < 600 or name == "music"


def test_the_index_lists_exactly_the_effects_the_game_plays_and_the_total_is_small():
    index = json.loads((SOUNDS_DIR / "sounds.json").read_text(encoding="utf-8"))
    assert index["format"] == "hacienda-sounds/1"
    assert sorted(index["effects"]) == sorted(EFFECTS)
    total = sum(p.stat().st_size for p in SOUNDS_DIR.iterdir())
    assert total < 3_000_000


def test_the_tune_loops_without_a_seam():
    _, data = samples(SOUNDS_DIR / "music.wav")
    steps = np.abs(np.diff(data))
    seam = abs(int(data[0]) - int(data[-1]))
    assert seam <= np.percentile(steps, 99.9), "a click where the tune wraps round"


def test_regenerating_gives_the_committed_sounds(tmp_path):
    subprocess.run([sys.executable, "tools/make_sounds.py", "--out", str(tmp_path)], cwd=ROOT,
                   check=True, capture_output=True)
    for path in sorted(SOUNDS_DIR.iterdir()):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), (
            f"assets/sounds/{path.name} is stale: run python tools/make_sounds.py")


def test_without_an_audio_device_the_game_is_silent_and_says_why(home, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sound()
    assert s.silent and "no audio device" in s.silent_reason
    s.start_music()
    s.set_volumes(100, 100)
    s.play("coins")
    s.play("tile", delay=0.1)
    s.update(0.2)
    assert s.cued == ["coins", "tile"]           # still cued: nothing sounds, nothing breaks
    s.close()
    log = (home / "log" / "hacienda.log").read_text(encoding="utf-8")
    assert "runs silently" in log and "No available audio device" in log


def test_headless_runs_are_silent(home):
    app = App(Options(headless=True, fake_clock=True))
    try:
        assert app.sound.silent and "headless" in app.sound.silent_reason
    finally:
        app.finish()


@pytest.fixture
def live():
    s = Sound()
    if s.silent:
        pytest.skip(f"no mixer here: {s.silent_reason}")
    yield s
    s.close()


def test_every_effect_loads_into_the_mixer(live):
    assert sorted(live.effects) == sorted(EFFECTS)
    for effect in live.effects.values():
        assert effect.get_length() > 0.01
    live.start_music()
    assert pygame.mixer.music.get_busy()


def test_volumes_reach_the_mixer_and_music_at_zero_stops(live):
    live.start_music()
    live.set_volumes(0, 30)
    assert not pygame.mixer.music.get_busy()
    assert live.effects["coins"].get_volume() == pytest.approx(0.3, abs=0.01)
    live.set_volumes(50, 30)
    assert pygame.mixer.music.get_busy()


def test_many_coins_at_once_sound_as_one_and_delays_meet_the_animation():
    s = Sound(enabled=False)
    for _ in range(10):
        s.play("coins")
    assert s.cued == ["coins"]
    s.update(GAPS["coins"] + 0.01)
    s.play("coins")
    s.play("tile", delay=0.3)
    assert s.cued == ["coins", "coins"]
    s.update(0.2)
    assert "tile" not in s.cued
    s.update(0.15)
    assert s.cued[-1] == "tile"
    with pytest.raises(ValueError, match="unknown sound effect 'boom'"):
        s.play("boom")
    s.close()


def test_engine_events_cue_known_effects():
    for kind, cues in EVENT_CUES.items():
        assert Event(kind, 0, {}).kind == kind
        for name, at in cues:
            assert name in EFFECTS and 0 <= at < 1.5


def test_menu_buttons_cue_move_and_confirm(driver):
    sound = driver.app.sound
    settings = next(b for b in driver.top.buttons if b.label == "Settings")
    driver.move(settings.rect.center)
    assert sound.cued[-1:] == ["menu_move"]
    driver.click(settings.rect.center)
    assert "menu_confirm" in sound.cued
    assert sound_module.Sound.active is sound


def test_a_game_sounds_cards_tiles_and_coins(home):
    """Four random AIs play headless (silent, but every cue is counted)."""
    from hacienda_game.client.scenes.play import PlayScene, autoplay_scene

    app = App(Options(headless=True, autoplay=True, seats=["random"] * 4, seed=3))
    scene = autoplay_scene(app)
    app.push(scene)
    try:
        for _ in range(600):
            app.step()
            if not isinstance(app.top, PlayScene):
                app.pop()
            if len(scene.layer.view(0).history) > 60:
                break
        for _ in range(90):          # the delayed cues of the last moves
            app.step()
        cued = set(app.sound.cued)
        assert {"card", "tile"} <= cued, cued
    finally:
        app.finish()


def test_a_final_scoring_ticks_as_it_counts_and_ends_with_the_fanfare(driver):
    from hacienda_game.client.scenes.scoring import ScoringScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana", "human", 0), SeatPlan("Bo", "easy", 1)], 1,
                    [])
    driver.app.push(ScoringScene("final", [], plan, [30, 20], winners=[0], money=[5, 3]))
    driver.frames(30)                       # half a second: the first rows count up
    cued = driver.app.sound.cued
    assert cued.count("score_tick") >= 3 and "win" not in cued
    driver.frames(300)
    assert "win" not in cued and "fanfare" not in cued     # the tally first, all of it
    driver.frames(60)
    driver.click((20, 20))
    driver.frames(2)
    assert type(driver.top).__name__ == "CelebrationScene" and "fanfare" in cued
