"""The points track: a numbered scale along which each seat's piece (its emblem)
moves as its points step up, with a faint bar where a scoring now would put it.

Drawn from plain values (the shown points, the projected points, the seats'
colours), so the play screen, the replay and a test draw it alike.
"""

from __future__ import annotations

import pygame

from .assets import DIM, GREY, INK, Art


def track_top(values: list[int]) -> int:
    """The track's last number: at least 60, else the next 20 past the highest
    value with room to spare (the scale grows with the game)."""
    return max(60, (max(values, default=0) // 20 + 2) * 20)


def number_step(width: int, top: int, font) -> int:
    """Every how many points a number fits on the track (10, 20 or 50)."""
    for step in (10, 20, 50):
        if width * step // top >= font.width(str(top)) + 8:
            return step
    return 100


def draw_track(surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str,
               shown: list[int], projected: list[int], colours: list[int]) -> None:
    """The track in ``rect``: the label, a tick every 5 points, a numbered plate
    every 10 (or 20, 50 when narrow; in the reading face), the projected bars
    and the pieces (stacked side by side where they meet)."""
    font = art.fonts.body        # the numbers too: text read from the couch
    top = track_top(list(shown) + list(projected))
    x0 = rect.x + 18 + font.width(label)
    width = rect.right - 14 - x0
    y = rect.centery
    font.draw(surface, label, (rect.x + 6, rect.y + (rect.h - font.line_height) // 2), GREY)
    pygame.draw.line(surface, DIM, (x0, y), (x0 + width, y), 2)
    for v in range(0, top + 1, 5):
        x = x0 + width * v // top
        tall = 4 if v % 10 == 0 else 2
        pygame.draw.line(surface, GREY, (x, y - tall), (x, y + tall))
    step = number_step(width, top, font)
    for v in range(0, top + 1, step):
        x = x0 + width * v // top
        text = str(v)
        plate = pygame.Rect(0, 0, font.width(text) + 4, min(rect.h - 2, font.line_height + 2))
        plate.center = (x, y)
        pygame.draw.rect(surface, INK, plate)
        pygame.draw.rect(surface, DIM, plate, 1)
        font.draw(surface, text, (plate.x + 2, plate.centery - font.line_height // 2), GREY,
                  shadow=None)
    for seat, value in enumerate(projected):
        x = x0 + width * min(value, top) // top
        pygame.draw.rect(surface, art.seat_colour(colours[seat]), (x - 1, y - 9, 3, 18))
    stacked: dict[int, int] = {}
    for seat, value in enumerate(shown):
        x = piece_x(rect, font, label, top, value)
        n = stacked.get(x, 0)
        stacked[x] = n + 1
        art.sprites.blit_anchored(surface, f"emblem_{colours[seat]}", (x + 11 * n, y))


def piece_x(rect: pygame.Rect, font, label: str, top: int, value: int) -> int:
    """Where a piece showing ``value`` points stands on the track."""
    x0 = rect.x + 18 + font.width(label)
    width = rect.right - 14 - x0
    return x0 + width * min(value, top) // top
