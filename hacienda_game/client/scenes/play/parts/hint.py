"""The coach's hint on the table: the hexes its action uses and where it
starts off the board (the card in the hand, the card or deck to buy, the
action's button) ringed by a marching dashed lemon-and-ink outline (no seat's colour) with a
small "Hint" tag, so a suggestion never looks like a selection (those wear a
plain gold frame); its reason in a box at the board's foot; "Thinking about
a hint..." while the answer is coming.  Drawn from a ``HintModel`` (the
coach, ``client/hint.py``, builds it)."""

from __future__ import annotations

import math

import pygame

from .....art.palette import HINT
from .....i18n import _
from ....assets import INK, NIGHT, WHITE
from .viewmodel import HintModel

OUTLINE = HINT                   # the hint's colour: no seat's, never the selection's gold
DASH = 6                         # pixels per dash (and per gap)


def draw(surface: pygame.Surface, art, view, model: HintModel | None, time: float) -> None:
    if model is None:
        return
    if model.thinking:
        caption(surface, art, view.area, _("Thinking about a hint..."))
        return
    shift = int(time * 24) % (2 * DASH)       # the dashes march round the outline
    for h in model.hexes:
        dashed(surface, view.polygon(h), shift)
    if model.target is not None:          # the card, deck or button it starts with
        pulse = 2 + int(2 * (1 + math.sin(time * 6)) / 2)
        r = pygame.Rect(model.target).inflate(2 * pulse + 4, 2 * pulse + 4)
        dashed(surface, [r.topleft, r.topright, r.bottomright, r.bottomleft], shift)
        tag(surface, art, r)
    elif model.hexes:
        c = view.centres[model.hexes[0]]
        tag(surface, art, pygame.Rect(c[0] - 1, c[1] - 1, 2, 2))
    if model.caption:                     # none in the tutorial: its panel says it
        caption(surface, art, view.area, model.caption)


def dashed(surface: pygame.Surface, points, shift: int = 0) -> None:
    """A closed outline through ``points`` in lemon dashes with ink between
    them, on a thin dark rim so it reads on any ground."""
    pygame.draw.polygon(surface, INK, points, 1)
    n = len(points)
    walked = -shift
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        d = 0.0
        while d < length:
            step = min(DASH - (walked + d) % DASH, length - d)
            a, b = d / length, (d + step) / length
            colour = OUTLINE if int((walked + d) // DASH) % 2 == 0 else INK
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), 2)
            d += max(step, 1.0)
        walked += length


def tag(surface: pygame.Surface, art, near: pygame.Rect) -> pygame.Rect:
    """A small "Hint" label sitting on the top edge of what the hint rings."""
    font = art.fonts.body
    text = _("Hint")
    box = pygame.Rect(0, 0, font.width(text) + 8, font.line_height + 2)
    box.midbottom = (near.centerx, near.top + box.height // 2)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, OUTLINE, box)
    pygame.draw.rect(surface, INK, box, 1)
    font.draw(surface, text, (box.left + 4, box.top + 1), INK)
    return box


def caption(surface: pygame.Surface, art, area: pygame.Rect, text: str) -> pygame.Rect:
    """The hint's words in a lemon-rimmed box at the foot of the board (three lines at most)."""
    font = art.fonts.body
    lines = font.wrap(text, area.width - 24)[:3]
    height = len(lines) * font.line_height + 8
    box = pygame.Rect(area.left + 8, area.bottom - height - 8, area.width - 16, height)
    pygame.draw.rect(surface, NIGHT, box)
    pygame.draw.rect(surface, OUTLINE, box, 2)
    for i, line in enumerate(lines):
        font.draw(surface, line, (box.left + 8, box.top + 4 + i * font.line_height), WHITE)
    return box
