"""`hacienda --autoplay` opens full screen like a normal start (the settings'
choice); only --headless and --windowed open a window."""

from __future__ import annotations

from hacienda_game.client.app import App
from hacienda_game.client.options import Options


def test_autoplay_opens_full_screen_like_a_normal_start(home):
    app = App(Options(autoplay=True, fake_clock=True, language="en"))
    try:
        assert app.settings.fullscreen
    finally:
        app.finish()
    app = App(Options(autoplay=True, windowed=True, fake_clock=True, language="en"))
    try:
        assert not app.settings.fullscreen
    finally:
        app.finish()
