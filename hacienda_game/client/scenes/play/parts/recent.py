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
    edged in ink; a disc would read as the round seat emblem); a sign of the
    move for water, a hacienda, a harvest or a payout."""
    for h, colour, _kind in marks:
        outline = view.polygon(h)
        pygame.draw.polygon(surface, WHITE, outline, 5)
        pygame.draw.polygon(surface, art.seat_colour(colour), outline, 3)
    for h, _colour, kind in marks:
        sign = SIGNS.get(kind)
        if sign is None or sign not in art.sprites:
            continue
        x, y = view.centres[h]
        d = round(view.hex_px * 0.3)
        img = art.sprites.get(sign)
        spot = img.get_rect(center=(x + d, y - d))
        pygame.draw.rect(surface, INK, spot.inflate(4, 4))
        surface.blit(img, spot)
