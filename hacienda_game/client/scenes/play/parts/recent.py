"""What just happened, on the board: each hex another seat touched since the
seat shown last acted, outlined in the mover's colour, with a small sign of
the move where it is not a piece (water, a hacienda, a harvest, a payout)."""

from __future__ import annotations

import pygame

from ....assets import INK, WHITE

SIGNS = {"water": "icon_water", "hacienda": "icon_hacienda", "harvest": "chip",
         "payout": "icon_money"}


def draw(surface: pygame.Surface, art, view, marks) -> None:
    """``marks``: (hex, mover's colour, kind) each (``viewmodel.BoardModel.recent``).

    A white-edged ring in the mover's colour (an owned tile's own ring is
    edged in ink) and a pin of that colour at the hex's upper left; a sign of
    the move for water, a hacienda, a harvest or a payout."""
    r = max(3, round(view.hex_px * 0.13))
    for h, colour, _kind in marks:
        outline = view.polygon(h)
        pygame.draw.polygon(surface, WHITE, outline, 5)
        pygame.draw.polygon(surface, art.seat_colour(colour), outline, 3)
    for h, colour, kind in marks:
        x, y = view.centres[h]
        d = round(view.hex_px * 0.3)
        pin = (x - d, y - d)
        pygame.draw.circle(surface, INK, pin, r + 2)
        pygame.draw.circle(surface, WHITE, pin, r + 1)
        pygame.draw.circle(surface, art.seat_colour(colour), pin, r)
        sign = SIGNS.get(kind)
        if sign is None or sign not in art.sprites:
            continue
        img = art.sprites.get(sign)
        spot = img.get_rect(center=(x + d, y - d))
        pygame.draw.rect(surface, INK, spot.inflate(4, 4))
        surface.blit(img, spot)
