"""The seat panels: one row per seat with its name and kind, the turn marker,
and its counters (pesos, points with a scoring now's gain, markets reached,
land and animal cards in hand)."""

from __future__ import annotations

import pygame

from .....i18n import _
from .....net import REMOTE
from .....session.choices import HUMAN
from ....assets import GOLD, GREY, WHITE
from ....ui import draw_panel
from ....words import level_name
from .viewmodel import SeatsModel


def draw(surface: pygame.Surface, art, rects, model: SeatsModel) -> None:
    """``rects``: each seat's row rectangle."""
    font = art.fonts.body
    marker = "◄" if "◄" in font.glyphs else "<"
    for row, rect in zip(model.rows, rects, strict=False):
        draw_panel(surface, art, rect, "ui_panel_hi" if row.current else "ui_panel")
        pygame.draw.rect(surface, art.seat_colour(row.colour),
                         (rect.x + 3, rect.y + 3, 5, rect.h - 6))
        art.sprites.blit_anchored(surface, f"emblem_{row.colour}",
                                  (rect.x + 18, rect.y + 4 + font.line_height // 2))
        right = rect.right - 8 - font.width(marker)
        x = font.draw(surface, row.name, (rect.x + 28, rect.y + 3),
                      art.seat_text_colour(row.colour)).right + 6
        if row.kind != HUMAN:
            who = _("remote") if row.kind == REMOTE else \
                _("AI {level}").format(level=level_name(row.kind))
            if x + font.width(who) <= right:
                font.draw(surface, who, (x, rect.y + 3), GREY)
        if row.current and model.marker:
            font.draw(surface, marker, (rect.right - 6, rect.y + 3), WHITE, align="right")
        draw_counts(surface, art, rect, rect.y + 3 + font.line_height, (
            ("icon_money", str(row.money), ""),
            ("icon_score", str(row.score), f"+{row.gain}" if row.gain else ""),
            ("icon_market", str(row.markets), ""),
            ("icon_cards_land", str(row.land_cards), ""),
            ("icon_cards_animal", str(row.animal_cards), "")))


def draw_counts(surface: pygame.Surface, art, rect: pygame.Rect, y: int,
                counts: tuple[tuple[str, str, str], ...]) -> None:
    """A seat's counters on one line, icon and number each (the projected
    gain after the points, in gold); the gaps close up to fit the row."""
    font = art.fonts.body
    icons = [art.sprites.get(icon) for icon, _v, _e in counts]
    need = sum(img.get_width() + 2 + font.width(v) + (font.width(e) + 3 if e else 0)
               for img, (_i, v, e) in zip(icons, counts, strict=True))
    room = rect.w - 12 - 6
    gap = max(2, min(8, (room - need) // max(1, len(counts) - 1)))
    x = rect.x + 12
    for img, (_icon, value, extra) in zip(icons, counts, strict=True):
        surface.blit(img, (x, y + (font.line_height - img.get_height()) // 2 - 1))
        x = font.draw(surface, value, (x + img.get_width() + 2, y), WHITE).right
        if extra and x + 3 + font.width(extra) <= rect.right - 6:
            x = font.draw(surface, extra, (x + 3, y), GOLD).right
        x += gap
