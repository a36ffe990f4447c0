"""What scenes draw, for tests that read the screen's words: every text drawn
(with its face, target and box), and scenes put on the stack as a player
would meet them."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from hacienda_game.client.assets import Font


class Drawn(NamedTuple):
    font: Font
    target: pygame.Surface
    text: str
    rect: pygame.Rect          # the glyphs' box: a line's height, the letters' width


def record_drawn(monkeypatch) -> list[Drawn]:
    """From now on every text drawn is listed (clear the list between frames)."""
    drawn: list[Drawn] = []
    draw = Font.draw

    def record(self, target, text, *args, **kw):
        rect = draw(self, target, text, *args, **kw)
        drawn.append(Drawn(self, target, text, pygame.Rect(rect.x, rect.y, self.width(text),
                                                           self.line_height)))
        return rect

    monkeypatch.setattr(Font, "draw", record)
    return drawn


def show(app, scene) -> None:
    """A scene on the app's stack: over the scene on top, or in its place when
    both cover the whole canvas (a screen replacing a screen)."""
    if scene in app.stack:
        return
    if app.top is not None and app.top.opaque and scene.opaque:
        app.replace(scene)
    else:
        app.push(scene)
