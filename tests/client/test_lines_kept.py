"""No layout loses a line: every line a scene wraps its text into is drawn,
in English, German and Spanish, at both text sizes (a note dropped for want
of room, a countdown cut off, a rules paragraph cut short)."""

from __future__ import annotations

import pytest

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.assets import Font
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.play.table import GameTable

from .drawnhelp import record_drawn, show
from .test_layouts import scenes

CASES = [(code, size, width) for code in ("en", "de", "es") for size in ("normal", "large")
         for width in (960, 720)]


@pytest.mark.parametrize(("code", "size", "width"), CASES)
def test_every_wrapped_line_is_drawn(code, size, width, home, monkeypatch):
    wrapped: list[tuple[str, list[str]]] = []
    wrap = Font.wrap

    def record_wrap(self, text, width):
        lines = wrap(self, text, width)
        wrapped.append((text, lines))
        return lines

    monkeypatch.setattr(Font, "wrap", record_wrap)
    drawn = record_drawn(monkeypatch)
    app = App(Options(headless=True, language=code, screen=(width, 540)))
    app.set_text_size(size)
    problems: list[str] = []
    try:
        for scene in scenes(app):
            show(app, scene)
            if isinstance(scene, GameTable):
                continue
            app.draw()
            wrapped.clear()
            drawn.clear()
            scene.resize()
            scene.draw(app.screen)
            shown = {d.text for d in drawn}
            name = type(scene).__name__
            for text, lines in wrapped:
                lost = [line for line in lines if line.strip() and line not in shown]
                if lost and any(line in shown for line in lines) or (
                        lost and len(lines) > 1):
                    problems.append(f"{name}: {text[:60]!r} loses {lost}")
    finally:
        app.finish()
        i18n.set_language("en")
    assert not problems, "\n".join(sorted(set(problems))[:40])
