"""The coach panel and the lit target, drawn over the play screen's parts
from a ``CoachModel`` (a part of its own: it reads no scene)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...i18n import _
from ..assets import GOLD, GREY, INK, WHITE

MAX_LINES = 6          # the ask, the why and the note on the last move (2 each at most)
PICTURE = 36           # canvas px beside the words


@dataclass(frozen=True)
class CoachModel:
    ask: str
    why: str
    note: str
    picture: str | None
    step: int                    # 1-based; 0: no step (watching, or over)
    steps: int
    lit_rects: tuple[tuple[int, int, int, int], ...] = ()
    lit_hexes: tuple[tuple[int, int], ...] = ()   # hex centres on the canvas
    hex_radius: int = 16


def panel_rect(board: pygame.Rect) -> pygame.Rect:
    """The coach's place: the foot of the board, as wide as it allows."""
    w = board.w - 12
    return pygame.Rect(board.centerx - w // 2, board.bottom, w, 0)


def text_width(board: pygame.Rect, picture: bool = True) -> int:
    return panel_rect(board).w - 16 - (PICTURE + 8 if picture else 0)


def lines(font, model: CoachModel, width: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The panel's lines and their colours: the ask, the why, the note."""
    out = []
    if model.step:
        head = _("Step {step} of {steps}: {ask}").format(step=model.step, steps=model.steps,
                                                           ask=model.ask)
    else:
        head = model.ask
    out += [(line, WHITE) for line in font.wrap(head, width)]
    if model.why:
        out += [(line, GREY) for line in font.wrap(model.why, width)]
    if model.note:
        out += [(line, GOLD) for line in font.wrap(model.note, width)]
    return out


def fits(font, model: CoachModel, board: pygame.Rect) -> bool:
    """Whether the words fit the panel: at most MAX_LINES, none wider than it."""
    width = text_width(board, model.picture is not None)
    rows = lines(font, model, width)
    return len(rows) <= MAX_LINES and all(font.width(t) <= width for t, _c in rows)


def draw(surface: pygame.Surface, art, board: pygame.Rect, model: CoachModel,
         time: float) -> pygame.Rect:
    """The lit target (a pulsing gold outline) and the panel; returns the panel.
    A lit card or button keeps its outline tight (2 px out, pulsing inward
    over its own edge): a heading just above it, such as the display's "Land
    cards", stays readable."""
    pulse = 2 + int(2 * (1 + math.sin(time * 6)) / 2)
    for rect in model.lit_rects:
        r = pygame.Rect(rect).inflate(4, 4)
        pygame.draw.rect(surface, INK, r.inflate(-2 * pulse, -2 * pulse), 1)
        pygame.draw.rect(surface, GOLD, r, pulse)
    for centre in model.lit_hexes:
        radius = model.hex_radius + pulse
        pygame.draw.circle(surface, INK, centre, radius + 2, 2)
        pygame.draw.circle(surface, GOLD, centre, radius, 2)
    font = art.fonts.body
    has_picture = model.picture is not None
    width = text_width(board, has_picture)
    rows = lines(font, model, width)[:MAX_LINES]
    rect = panel_rect(board)
    rect.h = max(len(rows) * font.line_height, PICTURE if has_picture else 0) + 10
    rect.bottom = board.bottom - 4
    if any(y > rect.top - model.hex_radius for _x, y in model.lit_hexes):
        rect.top = board.top + 4          # the lit hex is low: the words go above it
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, GOLD, rect, 2)
    x = rect.x + 8
    if has_picture:
        try:
            picture = art.sprites.get(model.picture)
        except Exception:  # noqa: BLE001 - a missing sprite leaves the words alone
            picture = None
        if picture is not None:
            scale = min(PICTURE / picture.get_width(), PICTURE / picture.get_height())
            k = max(1, int(scale)) if scale >= 1 else scale
            size = (max(1, int(picture.get_width() * k)), max(1, int(picture.get_height() * k)))
            pic = pygame.transform.scale(picture, size)
            surface.blit(pic, (x + (PICTURE - size[0]) // 2, rect.y + (rect.h - size[1]) // 2))
        x += PICTURE + 8
    for i, (text, colour) in enumerate(rows):
        font.draw(surface, text, (x, rect.y + 5 + i * font.line_height), colour)
    return rect
