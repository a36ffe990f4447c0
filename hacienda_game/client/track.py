"""The points track: a numbered scale along which each seat's piece (its emblem)
moves as its points step up, with a faint bar where a scoring now would put it.

Two lanes in one row: the pieces stand on the line, the numbers hang under
it, so a piece never covers a number; the scale keeps half the widest number
of room at both ends, so no number is cut at the panel's edge.  In a rect
taller than wide (the play screen with Large text, where the board is short of
height and not of width) the track stands upright: 0 at the foot, the
numbers right of the line, the pieces left of it.  Drawn from
plain values (the shown points, the projected points, the seats' colours), so
the play screen, the replay and a test draw it alike.
"""

from __future__ import annotations

import pygame

from .assets import DIM, GREY, Art, draw_swatch

PIECE_LANE = 13        # the line, under the pieces' lane (a 13-pixel emblem stands on it)
PIECE_PITCH = 10       # pieces that meet stand side by side, this far apart


def track_top(values: list[int]) -> int:
    """The track's last number: at least 60, else the next 20 past the highest
    value with room to spare (the scale grows with the game)."""
    return max(60, (max(values, default=0) // 20 + 2) * 20)


def track_height(line: int) -> int:
    """The row a track needs for a reading face of this line height: the
    pieces' lane over the numbers' line box (26 at the normal text size, 33
    at large)."""
    return max(26, line + 9)


def number_step(width: int, top: int, font) -> int:
    """Every how many points a number fits on the track (10, 20 or 50)."""
    for step in (10, 20, 50):
        if width * step // top >= font.width(str(top)) + 8:
            return step
    return 100


def scale_span(rect: pygame.Rect, font, label: str, top: int) -> tuple[int, int]:
    """(x of 0, pixels to the top number): room for half the first and the
    last number at the ends, so neither is cut."""
    x0 = rect.x + 12 + font.width(label) + max(6, font.width("0") // 2 + 2)
    right = rect.right - 6 - (font.width(str(top)) + 1) // 2
    return x0, max(1, right - x0)


def upright(rect: pygame.Rect) -> bool:
    """The track stands upright in a rect taller than wide."""
    return rect.h > rect.w


def piece_x(rect: pygame.Rect, font, label: str, top: int, value: int) -> int:
    """Where a piece showing ``value`` points stands on the track."""
    x0, width = scale_span(rect, font, label, top)
    return x0 + width * min(max(value, 0), top) // top


def piece_spots(rect: pygame.Rect, font, label: str, top: int,
                shown: list[int]) -> list[int]:
    """Each seat's piece x: at its points, except that pieces on the same
    or a near space stand side by side (lowest points first), each in sight."""
    xs = [piece_x(rect, font, label, top, v) for v in shown]
    out = list(xs)
    last = None
    for seat in sorted(range(len(xs)), key=lambda s: (xs[s], s)):
        x = xs[seat] if last is None else max(xs[seat], last + PIECE_PITCH)
        out[seat] = last = x
    return out


def digits_box(font) -> tuple[int, int]:
    """(top, height) of the digits' ink inside the face's line box."""
    ink = font.render("0").get_bounding_rect()
    return ink.y, max(1, ink.h)


def upright_scale(rect: pygame.Rect, font, top: int) -> tuple[int, int, int]:
    """An upright track's (y of 0, pixels up to the top number, x of the line):
    the label's line over it, half a number's line box of room at each end."""
    ink_top, ink_h = digits_box(font)
    above = ink_top + ink_h // 2                  # a number's box over its point
    y_top = rect.y + 4 + font.line_height + above + 2
    y0 = rect.bottom - 3 - (font.line_height - above)
    line_x = rect.right - 8 - font.width(str(top)) - 4
    return y0, max(1, y0 - y_top), line_x


def piece_at(rect: pygame.Rect, font, label: str, top: int, value: int) -> tuple[int, int]:
    """The centre of a piece showing ``value`` points (alone on its space)."""
    if not upright(rect):
        return piece_x(rect, font, label, top, value), rect.y + 7
    y0, span, line_x = upright_scale(rect, font, top)
    return line_x - 8, y0 - span * min(max(value, 0), top) // top


def piece_places(rect: pygame.Rect, font, label: str, top: int,
                 shown: list[int]) -> list[tuple[int, int]]:
    """Each seat's piece centre: at its points, pieces that would touch side by
    side (lowest points first), each in sight."""
    if not upright(rect):
        return [(x, rect.y + 7) for x in piece_spots(rect, font, label, top, shown)]
    spots = [piece_at(rect, font, label, top, v) for v in shown]
    columns = max(1, (spots[0][0] - 6 - rect.x - 3 if spots else 0) // PIECE_PITCH + 1)
    placed: list[tuple[int, int]] = []
    out = list(spots)
    for seat in sorted(range(len(spots)), key=lambda s: (-spots[s][1], s)):
        x, y = spots[seat]
        column = next((c for c in range(columns)
                       if all(abs(y - py) >= 13 or px != x - c * PIECE_PITCH
                              for px, py in placed)), columns - 1)
        out[seat] = (x - column * PIECE_PITCH, y)
        placed.append(out[seat])
    return out


def draw_track(surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str,
               shown: list[int], projected: list[int], colours: list[int]) -> None:
    """The track (upright in a rect taller than wide)."""
    if upright(rect):
        draw_upright(surface, art, rect, label, shown, projected, colours)
    else:
        draw_along(surface, art, rect, label, shown, projected, colours)


def draw_upright(surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str,
                 shown: list[int], projected: list[int], colours: list[int]) -> None:
    """The track standing in ``rect``: the label on top, the line with a tick
    every 5 points and a number every 10 (20, 50 where they crowd) right of it,
    the pieces (side by side where they would touch) and the projected bars
    left of it."""
    font = art.fonts.body
    top = track_top(list(shown) + list(projected))
    y0, span, line_x = upright_scale(rect, font, top)
    font.draw(surface, label, (rect.centerx - font.width(label) // 2, rect.y + 4), GREY)
    for seat, value in enumerate(projected):
        y = y0 - span * min(max(value, 0), top) // top
        draw_swatch(surface, art, colours[seat], (rect.x + 5, y - 1, line_x - rect.x - 7, 3))
    pygame.draw.line(surface, DIM, (line_x, y0), (line_x, y0 - span))
    for v in range(0, top + 1, 5):
        y = y0 - span * v // top
        pygame.draw.line(surface, GREY, (line_x, y), (line_x + (3 if v % 10 == 0 else 1), y))
    step = next((s for s in (10, 20, 50) if span * s // top >= font.line_height), 100)
    ink_top, ink_h = digits_box(font)
    for v in range(0, top + 1, step):
        y = y0 - span * v // top
        font.draw(surface, str(v), (rect.right - 8, y - ink_top - ink_h // 2), GREY,
                  align="right")
    for seat, (x, y) in sorted(enumerate(piece_places(rect, font, label, top, list(shown))),
                               key=lambda s: -s[1][0]):
        art.sprites.blit_anchored(surface, f"emblem_{colours[seat]}", (x, y))


def draw_along(surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str,
               shown: list[int], projected: list[int], colours: list[int]) -> None:
    """The track in ``rect``: the label, the line with a tick every 5 points,
    the pieces standing on it (side by side where they meet) and the projected
    bars beside them, and under the line a number every 10 (or 20, 50 when
    narrow; in the reading face)."""
    font = art.fonts.body        # the numbers too: text read from the couch
    top = track_top(list(shown) + list(projected))
    x0, width = scale_span(rect, font, label, top)
    line_y = rect.y + PIECE_LANE
    ink_top, ink_h = digits_box(font)
    # The numbers' line box ends at the panel's bottom edge (their ink two
    # pixels under the line when the row is roomy).
    text_y = min(rect.bottom - font.line_height, line_y + 2 - ink_top)
    font.draw(surface, label, (rect.x + 6, rect.y + (rect.h - font.line_height) // 2), GREY)
    for seat, value in enumerate(projected):
        x = x0 + width * min(max(value, 0), top) // top
        draw_swatch(surface, art, colours[seat], (x - 1, rect.y + 3, 3, line_y - rect.y - 4))
    pygame.draw.line(surface, DIM, (x0, line_y), (x0 + width, line_y))
    for v in range(0, top + 1, 5):
        x = x0 + width * v // top
        pygame.draw.line(surface, GREY, (x, line_y), (x, line_y - (3 if v % 10 == 0 else 1)))
    step = number_step(width, top, font)
    for v in range(0, top + 1, step):
        x = x0 + width * v // top
        font.draw(surface, str(v), (x - font.width(str(v)) // 2, text_y), GREY)
    for seat, x in sorted(enumerate(piece_spots(rect, font, label, top, list(shown))),
                          key=lambda s: -s[1]):
        art.sprites.blit_anchored(surface, f"emblem_{colours[seat]}",
                                  (x, rect.y + 7))
