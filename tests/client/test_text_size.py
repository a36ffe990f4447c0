"""Text for the couch: the smallest text a player reads during play,
in the replay viewer and on the scoring and chart screens is at least 20
screen pixels tall at 1920x1080, and the "Text size" setting (large) grows it.

The real client draws each screen (the shots of tools/screens.py: early and
late game, a selection, water mode, a payout, the hand-off, pad prompts, the
replay, a scoring, the final charts) on a 1920x1080 screen; every string the
bitmap font draws is recorded with its face, and its capital height times
the display's scale is what a player sees.  The dialogs and pad menus shown
over the board (the end-turn question, the pause menu, the buy menu, the
log) are read during play too."""

from __future__ import annotations

import pytest

from hacienda_game.client.app import App
from hacienda_game.client.assets import Font
from hacienda_game.client.options import Options
from tools import screens


def end_turn_question(app, seed):
    """Ending a turn with actions left: the question over the board."""
    game = screens.play_to(app, 8, seed)
    game.end_turn()
    screens.settle(app, 2)


def pause(app, seed):
    from hacienda_game.client.scenes.overlays import Pause

    screens.play_to(app, 30, seed)
    app.push(Pause(save=lambda: None))
    screens.settle(app, 2)


def buy_menu(app, seed):
    from hacienda_game.client.scenes.padmenus import BuyMenu

    game = screens.play_to(app, 30, seed)
    app.push(BuyMenu(game, ""))
    screens.settle(app, 2)


def log_view(app, seed):
    from hacienda_game.client.scenes.padmenus import LogView

    app.push(LogView(screens.play_to(app, 60, seed)))
    screens.settle(app, 2)


MORE = {"end_turn_question": end_turn_question, "pause": pause, "buy_menu": buy_menu,
        "log_view": log_view}
SHOTS = ("play_early", "play_late", "selection", "water", "payout", "privacy", "pads_play",
         "replay", "scoring", "charts", *MORE)
SCREEN = (1920, 1080)
SMALLEST = {"normal": 20, "large": 28}       # screen pixels of capital height


def drawn_text(monkeypatch, app: App) -> list[tuple[int, str]]:
    """(capital height in canvas pixels, text) of every string drawn in one frame,
    after a text size change has made every scene lay out and draw afresh."""
    seen: list[tuple[int, str]] = []
    draw, render = Font.draw, Font.render

    def record_draw(self, target, text, *args, **kw):
        if text.strip():
            seen.append((self.cap_height, text))
        return draw(self, target, text, *args, **kw)

    def record_render(self, text, *args, **kw):
        if text.strip():
            seen.append((self.cap_height, text))
        return render(self, text, *args, **kw)

    with monkeypatch.context() as m:
        m.setattr(Font, "draw", record_draw)
        m.setattr(Font, "render", record_render)
        app.set_text_size(app.settings.text_size)
        app.draw()
    return seen


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_smallest_text_during_play_reads_from_the_couch(size, tmp_path, monkeypatch):
    too_small: list[str] = []
    smallest: dict[str, int] = {}
    for name in SHOTS:
        monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / name))
        app = App(Options(headless=True, language="en", screen=SCREEN))
        try:
            app.set_text_size(size)
            assert app.view.scale == 2.0 and app.canvas_size == (960, 540)
            (MORE.get(name) or screens.SHOTS[name])(app, 7)
            assert app.running, f"the {name} shot failed"
            seen = drawn_text(monkeypatch, app)
            if not seen:
                too_small.append(f"{name}: nothing drawn afresh after a text size change")
                continue
            scale = app.view.scale
            smallest[name] = min(round(cap * scale) for cap, _text in seen)
            too_small += sorted({f"{name}: {text!r} is {round(cap * scale)} px tall"
                                 for cap, text in seen if cap * scale < SMALLEST[size]})
        finally:
            app.finish()
    assert not too_small, "\n".join(too_small[:40])
    assert min(smallest.values()) >= SMALLEST[size], smallest


def test_a_text_size_change_during_play_wraps_the_log_again(tmp_path, monkeypatch):
    """Switched to Large in the middle of a game (pause menu, Settings), the
    log's lines are wrapped again for the large face: none runs past its panel."""
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    app = App(Options(headless=True, language="en", screen=SCREEN))
    try:
        game = screens.play_to(app, 40, 7)
        app.set_text_size("large")
        font = app.art.fonts.body
        assert font is app.art.fonts.large and game.layout.line == font.line_height
        assert game.log and all(font.width(line) <= game.layout.log.width - 26
                                for line, _seat, _first in game.log)
        assert [text for text, _seat in game.story][-1] in " ".join(
            line for line, _s, _f in game.log)
    finally:
        app.finish()
