"""The points track: each seat's emblem at its points so far and, as a thin
bar in its colour, where a scoring now would put it."""

from __future__ import annotations

import pygame

from .....i18n import _
from ....assets import DIM, GREY
from .viewmodel import TrackModel


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: TrackModel) -> None:
    font = art.fonts.body
    shown = list(model.scores)
    top = max(60, (max(shown + list(model.projected), default=0) // 20 + 2) * 20)
    label = _("Points")
    x0 = rect.x + 18 + font.width(label)
    width = rect.right - 12 - x0
    y = rect.centery
    font.draw(surface, label, (rect.x + 6, rect.y + (rect.h - font.line_height) // 2), GREY)
    pygame.draw.line(surface, DIM, (x0, y), (x0 + width, y), 2)
    for v in range(0, top + 1, 5):
        x = x0 + width * v // top
        tall = 4 if v % 10 == 0 else 2
        pygame.draw.line(surface, GREY, (x, y - tall), (x, y + tall))
    for seat, value in enumerate(model.projected):
        x = x0 + width * min(value, top) // top
        pygame.draw.rect(surface, art.seat_colour(model.colours[seat]), (x - 1, y - 9, 3, 18))
    stacked: dict[int, int] = {}
    for seat, value in enumerate(shown):
        x = x0 + width * min(value, top) // top
        n = stacked.get(x, 0)
        stacked[x] = n + 1
        art.sprites.blit_anchored(surface, f"emblem_{model.colours[seat]}", (x + 11 * n, y))
