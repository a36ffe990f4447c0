"""The error screens (something went wrong, a map or a save that cannot be
used) keep their words and their buttons apart at both text sizes, in
English, German and Spanish: a word wider than the panel (a file's path) is
broken at its edge, a list longer than the canvas ends in "…" over the
buttons, never under them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes import overlays
from hacienda_game.client.scenes.menu import MenuScene

from .drawnhelp import record_drawn

PROBLEMS = "\n".join(["my_pampas.tmx"] + [
    f"· line {i}: the tile at column {i}, row {i + 3} is not a terrain this game knows"
    f" (gid {40 + i})" for i in range(30)])
LONG_WORD = OSError("[Errno 2] No such file or directory: '/home/player/.local/share/hacienda/"
                    "saves/autosave-2026-12-03-with-a-long-name.json' while reading the last"
                    " game of the evening")


def dialogs():
    yield overlays.ErrorOverlay(LONG_WORD, Path("hacienda.log"))
    yield overlays.ErrorOverlay(ValueError(PROBLEMS), None)
    yield overlays.Message(lambda: i18n._("This map cannot be played"), PROBLEMS)
    yield overlays.Message(lambda: i18n._("This save cannot be loaded"), "save.json")


@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080), (960, 720)])
@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_an_error_screens_buttons_never_cover_its_words(code, size, screen, home,
                                                        monkeypatch):
    drawn = record_drawn(monkeypatch)
    app = App(Options(headless=True, language=code, screen=screen))
    app.set_text_size(size)
    try:
        app.push(MenuScene())
        canvas = app.screen.get_rect()
        for dialog in dialogs():
            app.push(dialog)
            drawn.clear()
            dialog.draw(app.screen)
            labels = {b.label for b in dialog.buttons}
            words = [d for d in drawn if d.text.strip() and d.text not in labels]
            assert len(words) >= 2, [d.text for d in words]
            assert canvas.contains(dialog.rect)
            for d in words:
                assert dialog.rect.contains(d.rect), (d.text, tuple(d.rect), tuple(dialog.rect))
                for button in dialog.buttons:
                    assert not d.rect.colliderect(button.rect), (d.text, tuple(d.rect),
                                                                 button.label)
            for button in dialog.buttons:
                assert dialog.rect.contains(button.rect), button.label
            if dialog.text.count("\n") > 10:
                assert words[-1].text.endswith("…")       # the rest is left out, said so
            app.pop()
    finally:
        app.finish()
        i18n.set_language("en")
