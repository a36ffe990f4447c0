"""What just happened, on the board: each hex another seat touched since the
seat shown last acted, outlined in the mover's colour, with a small sign of
the move where it is not a piece (water, a hacienda, a harvest, a payout);
the hexes a focused log line names, flashing; and the move a replay of the
last moves shows, lit in its mover's colour."""

from __future__ import annotations

import math

import pygame

from ....assets import GOLD, INK, WHITE

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


def _lit(surface: pygame.Surface, view, hexes, colour, strength: float, width: int) -> None:
    """Hexes lit: a white wash of ``strength`` (0..1) and a thick ring of white
    and ``colour`` (``width`` canvas pixels of colour)."""
    if not hexes:
        return
    polys = [view.polygon(h) for h in hexes]
    xs = [x for p in polys for x, _y in p]
    ys = [y for p in polys for _x, y in p]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    wash = pygame.Surface(box.size, pygame.SRCALPHA)
    for p in polys:
        pygame.draw.polygon(wash, (*WHITE, round(110 * strength)),
                            [(x - box.x, y - box.y) for x, y in p])
    surface.blit(wash, box)
    for p in polys:
        pygame.draw.polygon(surface, INK, p, width + 4)
        pygame.draw.polygon(surface, WHITE, p, width + 2)
        pygame.draw.polygon(surface, colour, p, width)


def flash(surface: pygame.Surface, art, view, hexes, colour: int | None, t: float) -> None:
    """The hexes a focused log line names, flashing (about twice a second) in
    its seat's colour, gold for a line of no seat."""
    rgb = GOLD if colour is None else art.seat_colour(colour)
    strength = 0.5 + 0.5 * math.sin(t * math.tau * 2)
    _lit(surface, view, hexes, rgb, strength, 3 + round(2 * strength))


def step(surface: pygame.Surface, art, view, model) -> None:
    """The move a replay of the last moves shows (``viewmodel.ReplayStep``): its
    hexes lit in the mover's colour, the light coming in over the first third
    of the move, with the sign of the move."""
    strength = min(1.0, model.progress * 3)
    _lit(surface, view, model.hexes, art.seat_colour(model.colour), strength,
         2 + round(3 * strength))
    draw(surface, art, view, [(h, model.colour, model.kind) for h in model.hexes[:1]])
