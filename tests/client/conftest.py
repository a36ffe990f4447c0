"""Drive the real client headless: SDL's dummy drivers, a fake clock, posted mouse events."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402


class Driver:
    """A player with a mouse: every input is a posted pygame event."""

    def __init__(self, app: App):
        self.app = app

    @property
    def top(self):
        return self.app.top

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            assert self.app.running, "the app quit"
            self.app.step()

    def wait_until(self, done, seconds: float = 60.0) -> bool:
        """Step frames until ``done()`` holds or ``seconds`` of wall time pass
        (AI seats think in another process: on a loaded machine that takes
        wall time, whatever the game's clock says)."""
        end = time.monotonic() + seconds
        while not done():
            if time.monotonic() > end:
                return False
            self.frames(1)
        return True

    def window_pos(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Canvas pixels -> window pixels (through the app's view of the window)."""
        return self.app.view.to_window((round(pos[0]), round(pos[1])))

    def move(self, pos: tuple[float, float]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self.window_pos(pos),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(1)

    def click(self, pos: tuple[float, float], button: int = 1, settle: int = 2) -> None:
        self.move(pos)
        wpos = self.window_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=button))
        self.frames(settle)

    def click_button(self, buttons, label: str, **kw) -> None:
        matches = [b for b in buttons if b.label == label]
        assert matches, f"no button {label!r} among {[b.label for b in buttons]}"
        assert matches[0].enabled, f"button {label!r} is disabled"
        self.click(matches[0].rect.center, **kw)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Settings, logs and own maps go to a temporary folder."""
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def driver(home):
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    # A player who has played the tutorial: "New game" heads the title menu, as
    # the tests that walk the menus expect (tests/client/test_tutorial.py: anew).
    app.settings.tutorial_done = True
    from hacienda_game.client.scenes.start import first_scene

    app.push(first_scene(app))
    d = Driver(app)
    d.frames(2)
    yield d
    app.finish()
