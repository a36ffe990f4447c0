"""The panels around the board, composed: header, points track, seats,
market, hand, log, action bar and status strip.

Each panel is redrawn (into a panel canvas kept between frames) only when
its view model changed: the models are plain values, so "changed" is "not
equal".  Nothing here reads the screen that owns the panels.
"""

from __future__ import annotations

import pygame

from ....assets import NIGHT
from ....ui import draw_panel
from ..layout import Layout
from . import actionbar, hand, header, log, market, seats, status, track
from .viewmodel import PanelsModel


class Panels:
    """Draws a ``PanelsModel`` on a layout, each panel only when it changed."""

    def __init__(self):
        self._frame: pygame.Surface | None = None
        self._canvas: pygame.Surface | None = None
        self._drawn: dict[str, object] = {}
        self.redrawn = False

    def reset(self) -> None:
        """The layout or the language changed: everything redraws."""
        self._frame = self._canvas = None
        self._drawn = {}

    def _panel(self, name: str, rect: pygame.Rect, model, draw) -> None:
        if name not in self._drawn or self._drawn[name] != model:
            self.redrawn = True
            canvas = self._canvas
            canvas.blit(self._frame, rect, rect)
            canvas.set_clip(rect)
            draw(canvas)
            canvas.set_clip(None)
            self._drawn[name] = model

    def draw(self, surface: pygame.Surface, art, lay: Layout, model: PanelsModel) -> None:
        self.redrawn = False
        if self._frame is None or self._frame.get_size() != surface.get_size():
            self._frame = pygame.Surface(surface.get_size()).convert()
            self._frame.fill(NIGHT)
            for rect in (lay.board.inflate(6, 4), lay.track, lay.hand, lay.strip, lay.market,
                         lay.log):
                if rect.h > 8:
                    draw_panel(self._frame, art, rect)
            self._canvas = self._frame.copy()
            self._drawn = {}
        self._panel("top", lay.top, model.header,
                    lambda s: header.draw(s, art, lay.top, model.header))
        self._panel("track", lay.track, model.track,
                    lambda s: track.draw(s, art, lay.track, model.track))
        self._panel("seats", lay.legend.unionall(lay.seats), model.seats,
                    lambda s: seats.draw(s, art, lay.seats, model.seats, lay.legend))
        self._panel("market", lay.market, model.market,
                    lambda s: market.draw(s, art, lay, model.market))
        self._panel("hand", lay.hand, model.hand, lambda s: hand.draw(s, art, lay, model.hand))
        if lay.log.h > lay.line:
            self._panel("log", lay.log, model.log, lambda s: log.draw(s, art, lay.log, model.log))

        def actions(s: pygame.Surface) -> None:
            actionbar.draw(s, art, model.actions)
            status.draw(s, art, lay.strip, model.status)

        self._panel("actions", lay.actions.unionall([lay.strip]), (model.actions, model.status),
                    actions)
        surface.blit(self._canvas, (0, 0))
