"""The coach's hint on the table: the hexes its action uses lit on the board,
a pulsing gold outline where it starts off the board (the card in the hand,
the card or deck to buy, the action's button) and its reason in a gold box
at the board's foot; "Thinking about a hint..." while the answer is coming.
Drawn from a ``HintModel`` (the coach, ``client/hint.py``, builds it)."""

from __future__ import annotations

import math

import pygame

from .....i18n import _
from ....assets import GOLD, INK, NIGHT
from .viewmodel import HintModel


def draw(surface: pygame.Surface, art, view, model: HintModel | None, time: float) -> None:
    if model is None:
        return
    if model.thinking:
        caption(surface, art, view.area, _("Thinking about a hint..."))
        return
    for h in model.hexes:
        art.sprites.blit_anchored(surface, "hex_selected", view.centres[h])
    if model.target is not None:          # the card, deck or button it starts with
        pulse = 2 + int(2 * (1 + math.sin(time * 6)) / 2)
        r = pygame.Rect(model.target).inflate(2 * pulse + 2, 2 * pulse + 2)
        pygame.draw.rect(surface, INK, r.inflate(4, 4), 2)
        pygame.draw.rect(surface, GOLD, r, 2)
    caption(surface, art, view.area, model.caption)


def caption(surface: pygame.Surface, art, area: pygame.Rect, text: str) -> pygame.Rect:
    """The hint's words in a gold box at the foot of the board (three lines at most)."""
    font = art.fonts.body
    lines = font.wrap(text, area.width - 24)[:3]
    height = len(lines) * font.line_height + 8
    box = pygame.Rect(area.left + 8, area.bottom - height - 8, area.width - 16, height)
    pygame.draw.rect(surface, NIGHT, box)
    pygame.draw.rect(surface, GOLD, box, 2)
    for i, line in enumerate(lines):
        font.draw(surface, line, (box.left + 8, box.top + 4 + i * font.line_height), GOLD)
    return box
