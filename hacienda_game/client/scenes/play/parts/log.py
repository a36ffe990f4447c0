"""The log: the newest whole entries, each first line with its seat's
emblem; scrolled back, a note of the newer lines.  The wheel over it sends
``ScrollLog``; the pointer over a line (or a click on it) sends ``FocusLog``:
the entry is lit and the board flashes the hexes it names."""

from __future__ import annotations

import pygame

from .....i18n import _
from ....assets import DIM, GOLD, GREY, INK, WHITE
from .commands import FocusLog, ScrollLog
from .viewmodel import LogModel


def command_for_wheel(rect: pygame.Rect, pos: tuple[int, int] | None,
                      amount: int) -> ScrollLog | None:
    """The wheel over the log scrolls it: three lines a notch."""
    if pos is not None and rect.collidepoint(pos):
        return ScrollLog(amount * 3)
    return None


def shown(rect: pygame.Rect, model: LogModel, line_height: int) -> range:
    """The lines on screen (indices into ``model.lines``), oldest first."""
    log = model.lines
    rows = max(0, (rect.height - 8) // line_height - (1 if model.back else 0))
    if not rows:
        return range(0)
    end = len(log) - model.back
    start = max(0, end - rows)
    while start < end and not log[start][2]:
        start += 1                    # whole entries only: no line cut from its start
    if start == end:                  # the newest alone is longer: its first lines,
        start = entry_of(model, end - 1).start if end else 0   # never only its tail
        return range(start, min(end, start + rows))
    return range(start, end)


def entry_of(model: LogModel, index: int) -> range:
    """The lines of the entry line ``index`` belongs to."""
    log = model.lines
    start = index
    while start > 0 and not log[start][2]:
        start -= 1
    end = index + 1
    while end < len(log) and not log[end][2]:
        end += 1
    return range(start, end)


def command_at(rect: pygame.Rect, model: LogModel, line_height: int,
               pos: tuple[int, int] | None) -> FocusLog | None:
    """The pointer over the log: the line under it (its first line's index:
    the entry), or ``FocusLog(None)`` over the log's empty part; None off it."""
    if pos is None or not rect.collidepoint(pos):
        return None
    lines = shown(rect, model, line_height)
    i = (pos[1] - rect.y - 4) // line_height
    if 0 <= i < len(lines):
        return FocusLog(entry_of(model, lines[i]).start)
    return FocusLog(None)


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: LogModel) -> None:
    font = art.fonts.body
    log = model.lines
    lines = shown(rect, model, font.line_height)
    start = lines.start
    lit = entry_of(model, model.focus) if model.focus is not None and \
        model.focus < len(log) else range(0)
    for i, (line, colour, first) in enumerate(log[start:lines.stop]):
        y = rect.y + 4 + i * font.line_height
        if start + i in lit:          # the focused entry: a band, its hexes flash
            band = pygame.Rect(rect.x + 3, y, rect.w - 6, font.line_height)
            pygame.draw.rect(surface, DIM, band)
            pygame.draw.line(surface, GOLD, band.topleft, band.bottomleft, 2)
        if colour is not None and first:
            art.sprites.blit_anchored(surface, f"emblem_{colour}",
                                      (rect.x + 10, y + font.line_height // 2))
        font.draw(surface, line, (rect.x + 18, y), WHITE if colour is not None else GOLD,
                  shadow=INK)
    if model.back:
        font.draw(surface, _("↓ {count} newer lines (wheel)").format(count=model.back),
                  (rect.right - 8, rect.bottom - 4 - font.line_height), GREY, align="right")
