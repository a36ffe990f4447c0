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
from .tooltip import Tip, tip
from .viewmodel import SeatRow, SeatsModel


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
        draw_counts(surface, art, rect, rect.y + 3 + font.line_height, row_counts(row))


# Each counter of a seat's row and the tooltip that explains it.
COUNTERS = ("money", "score", "markets", "land_hand", "animal_hand")


def row_counts(row: SeatRow) -> tuple[tuple[str, str, str], ...]:
    """(icon, number, extra in gold) of each counter of a seat's row."""
    return (("icon_money", str(row.money), ""),
            ("icon_score", str(row.score), f"+{row.gain}" if row.gain else ""),
            ("icon_market", str(row.markets), ""),
            ("icon_cards_land", str(row.land_cards), ""),
            ("icon_cards_animal", str(row.animal_cards), ""))


def count_spots(art, rect: pygame.Rect, y: int, counts: tuple[tuple[str, str, str], ...]
                ) -> list[tuple[int, int, bool]]:
    """Where each counter goes: (its x, its right end, its extra shown)."""
    font = art.fonts.body
    icons = [art.sprites.get(icon) for icon, _v, _e in counts]
    need = sum(img.get_width() + 2 + font.width(v) + (font.width(e) + 3 if e else 0)
               for img, (_i, v, e) in zip(icons, counts, strict=True))
    room = rect.w - 12 - 6
    gap = max(2, min(8, (room - need) // max(1, len(counts) - 1)))
    x = rect.x + 12
    out = []
    for img, (_icon, value, extra) in zip(icons, counts, strict=True):
        start = x
        x = x + img.get_width() + 2 + font.width(value) + 1       # + the shadow
        shown = bool(extra) and x + 3 + font.width(extra) <= rect.right - 6
        if shown:
            x += 3 + font.width(extra) + 1
        out.append((start, x, shown))
        x += gap
    return out


def draw_counts(surface: pygame.Surface, art, rect: pygame.Rect, y: int,
                counts: tuple[tuple[str, str, str], ...]) -> None:
    """A seat's counters on one line, icon and number each (the projected
    gain after the points, in gold); the gaps close up to fit the row."""
    font = art.fonts.body
    for (icon, value, extra), (x, _right, shown) in zip(
            counts, count_spots(art, rect, y, counts), strict=True):
        img = art.sprites.get(icon)
        surface.blit(img, (x, y + (font.line_height - img.get_height()) // 2 - 1))
        x = font.draw(surface, value, (x + img.get_width() + 2, y), WHITE).right
        if shown:
            font.draw(surface, extra, (x + 3, y), GOLD)


def tips(art, rects, model: SeatsModel) -> list[Tip]:
    """Each seat's name and counters with their tooltips."""
    font = art.fonts.body
    out = []
    for row, rect in zip(model.rows, rects, strict=False):
        out.append(tip((rect.x, rect.y, rect.w, font.line_height + 3), "seat", name=row.name,
                       kind=row.kind, current=row.current))
        y = rect.y + 3 + font.line_height
        values = {"money": row.money, "score": row.score, "markets": row.markets,
                  "land_hand": row.land_cards, "animal_hand": row.animal_cards}
        for key, (x, right, _shown) in zip(COUNTERS, count_spots(art, rect, y, row_counts(row)),
                                           strict=True):
            params = {"name": row.name, "count": values[key]}
            if key == "money":
                params = {"name": row.name, "money": row.money}
            elif key == "score":
                params = {"name": row.name, "score": row.score, "gain": row.gain}
            out.append(tip((x - 2, y - 1, right - x + 4, font.line_height + 2), key, **params))
    return out
