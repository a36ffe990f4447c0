"""The log: the newest whole entries, each first line with its seat's
emblem; scrolled back, a note of the newer lines.  The wheel over it sends
``ScrollLog``."""

from __future__ import annotations

import pygame

from .....i18n import _
from ....assets import GOLD, GREY, INK, WHITE
from .commands import ScrollLog
from .viewmodel import LogModel


def command_for_wheel(rect: pygame.Rect, pos: tuple[int, int] | None,
                      amount: int) -> ScrollLog | None:
    """The wheel over the log scrolls it: three lines a notch."""
    if pos is not None and rect.collidepoint(pos):
        return ScrollLog(amount * 3)
    return None


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: LogModel) -> None:
    font = art.fonts.body
    log = model.lines
    rows = max(0, (rect.height - 8) // font.line_height - (1 if model.back else 0))
    end = len(log) - model.back
    start = max(0, end - rows)
    while start < end and not log[start][2]:
        start += 1                    # whole entries only: no line cut from its start
    if start == end:
        start = max(0, end - rows)    # ... unless the newest alone is longer
    for i, (line, colour, first) in enumerate(log[start:end] if rows else []):
        y = rect.y + 4 + i * font.line_height
        if colour is not None and first:
            art.sprites.blit_anchored(surface, f"emblem_{colour}",
                                      (rect.x + 10, y + font.line_height // 2))
        font.draw(surface, line, (rect.x + 18, y), WHITE if colour is not None else GOLD,
                  shadow=INK)
    if model.back:
        font.draw(surface, _("↓ {count} newer lines (wheel)").format(count=model.back),
                  (rect.right - 8, rect.bottom - 4 - font.line_height), GREY, align="right")
