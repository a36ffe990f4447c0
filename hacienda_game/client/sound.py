"""Sound: the effects and the looping tune from ``assets/sounds/`` (made by
``tools/make_sounds.py``).

The game never needs sound: when the mixer cannot start (no audio device, a
broken driver, pygame built without it, ``--headless``) it runs silently and
says why once in the log: ``play`` then only counts the cue and the music
calls do nothing; a missing effect file leaves out that effect.  Effects can
be delayed to meet their animation, and each effect keeps a short gap after
itself, so ten coins at once sound like a jingle, not a wall of noise.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pygame

from ..resources import repair_hint
from ..session.userdirs import log_note
from .assets import ASSETS_DIR

# Engine event -> the effects it makes, each (name, seconds after the event at
# normal animation speed: when its animation lands).
EVENT_CUES: dict[str, tuple[tuple[str, float], ...]] = {
    "card_bought": (("card", 0.0),),
    "tile_placed": (("tile", 0.18),),
    "animal_placed": (("tile", 0.18),),
    "hacienda_placed": (("tile", 0.18), ("coins", 0.0)),
    "water_placed": (("tile", 0.18),),
    "market_paid": (("herd_market", 0.3), ("coins", 0.95)),
    "harvest": (("harvest", 0.0), ("coins", 0.8)),
}

SOUNDS_DIR = ASSETS_DIR / "sounds"
EFFECTS = ("card", "tile", "herd_market", "coins", "harvest", "score_tick", "menu_move",
           "menu_confirm", "menu_back", "error", "win", "purse", "fanfare")
GAP = 0.06                  # seconds before the same effect may sound again
GAPS = {"coins": 0.12, "score_tick": 0.07, "herd_market": 0.4, "win": 1.0, "card": 0.08,
        "fanfare": 2.5}
CHANNELS = 8
MUSIC = "music.wav"


@dataclass
class Pending:
    due: float
    name: str


def cue(name: str) -> None:
    """Play an effect on the running app's sound, if there is one (widgets use this)."""
    if Sound.active is not None:
        Sound.active.play(name)


@contextlib.contextmanager
def c_errors_to_log(what: str):
    """What C libraries print to the terminal meanwhile goes to the log instead:
    without a sound card, ALSA prints a screenful of errors while SDL looks for
    one (the game then runs silently and says so in the log)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):       # no real stderr: nothing to catch
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            text = caught.read(64 * 1024).decode("utf-8", "replace").strip()
            if text:
                log_note(f"{what}: the system said: " + " | ".join(text.splitlines()[:20]))


class Sound:
    """The app's one sound system (``app.sound``)."""

    active: Sound | None = None        # the one the widgets' cues go to

    def __init__(self, enabled: bool = True, folder: Path = SOUNDS_DIR,
                 music_volume: int = 60, effects_volume: int = 80):
        self.folder = folder
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.silent_reason = ""
        self.music_volume = music_volume
        self.effects_volume = effects_volume
        self.music_on = False
        self.time = 0.0
        self.last: dict[str, float] = {}
        self.pending: list[Pending] = []
        self.cued: list[str] = []          # every effect cued, heard or not (64 kept)
        Sound.active = self
        if not enabled:
            self.silent_reason = "sound is off (headless run)"
            return
        try:
            with c_errors_to_log("sound"):
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(CHANNELS)
        except (pygame.error, NotImplementedError, OSError, AttributeError) as exc:
            self._go_silent(f"no audio device ({exc})")
            return
        self._load()

    # ----------------------------------------------------------------- setup
    @property
    def silent(self) -> bool:
        return bool(self.silent_reason)

    def _go_silent(self, reason: str) -> None:
        self.silent_reason = reason
        self.effects = {}
        log_note(f"sound: the game runs silently: {reason}")

    def _load(self) -> None:
        missing = []
        for name in EFFECTS:
            path = self.folder / f"{name}.wav"
            try:
                self.effects[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                missing.append(f"{path.name} ({exc})")
        if missing:
            log_note(f"sound: effects left out: {', '.join(missing)};"
                     f" {repair_hint('tools/make_sounds.py')}")
        self.set_volumes(self.music_volume, self.effects_volume)

    # --------------------------------------------------------------- volumes
    def set_volumes(self, music: int, effects: int) -> None:
        """Volumes in percent (0-100); music at 0 stops the tune, above 0 starts it again
        if it was playing."""
        self.music_volume = max(0, min(100, int(music)))
        self.effects_volume = max(0, min(100, int(effects)))
        if self.silent:
            return
        for sound in self.effects.values():
            sound.set_volume(self.effects_volume / 100)
        try:
            if self.music_on and self.music_volume == 0:
                pygame.mixer.music.stop()
            elif self.music_on and not pygame.mixer.music.get_busy():
                self._start_music()
            pygame.mixer.music.set_volume(self.music_volume / 100)
        except pygame.error as exc:
            log_note(f"sound: music volume not set: {exc}")

    # ---------------------------------------------------------------- effects
    def play(self, name: str, delay: float = 0.0) -> None:
        """Play an effect now or after ``delay`` seconds (to meet an animation)."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect {name!r}; known: {', '.join(EFFECTS)}")
        if delay > 0:
            self.pending.append(Pending(self.time + delay, name))
            return
        self._sound(name)

    def _sound(self, name: str) -> None:
        last = self.last.get(name)
        if last is not None and self.time - last < GAPS.get(name, GAP):
            return                   # throttled: the same effect just sounded
        self.last[name] = self.time
        self.cued.append(name)
        del self.cued[:-64]
        sound = self.effects.get(name)
        if sound is None or self.silent or self.effects_volume == 0:
            return
        try:
            sound.play()
        except pygame.error as exc:
            log_note(f"sound: effect {name} not played: {exc}")

    def update(self, dt: float) -> None:
        """Advance the clock and play the delayed effects now due."""
        self.time += dt
        if not self.pending:
            return
        due = [p for p in self.pending if p.due <= self.time]
        if due:
            self.pending = [p for p in self.pending if p.due > self.time]
            for p in sorted(due, key=lambda p: p.due):
                self._sound(p.name)

    # ------------------------------------------------------------------ music
    def start_music(self) -> None:
        """Loop the tune (from the start; nothing if it is already on)."""
        if self.silent or self.music_on:
            return
        self.music_on = True
        if self.music_volume > 0:
            self._start_music()

    def _start_music(self) -> None:
        path = self.folder / MUSIC
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.music_volume / 100)
            pygame.mixer.music.play(loops=-1)
        except pygame.error as exc:
            log_note(f"sound: no music ({exc}); {repair_hint('tools/make_sounds.py')}")

    def stop_music(self) -> None:
        self.music_on = False
        if not self.silent:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.stop()

    def close(self) -> None:
        self.stop_music()
        self.pending = []
        if Sound.active is self:
            Sound.active = None
        if not self.silent:
            pygame.mixer.quit()
            self.silent_reason = "closed"
            self.effects = {}

