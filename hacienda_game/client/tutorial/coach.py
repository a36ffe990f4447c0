"""The coach panel and the lit target, drawn over the play screen's parts
from a ``CoachModel`` (a part of its own: it reads no scene)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...i18n import _
from ..assets import GOLD, GREY, INK, WHITE

PICTURE = 36           # canvas px beside the words (normal text size; none with Large)
BESIDE = 176           # the panel's width beside the board (Large text: the longest
                       # word, German "Wasserplättchen,", is 168 px)


def max_lines(line: int) -> int:
    """The coach band's lines: three at the normal text size (the ask, the
    why, the note on the last move), four with Large text (the ask and the
    why two lines each at most); the layout keeps that band under the board."""
    return 3 if line < 24 else 4


def capacity(panel: pygame.Rect, line: int) -> int:
    """The lines of reading text the panel holds (a band: ``max_lines``;
    a panel beside the board: as many as its height takes)."""
    return max(0, (panel.h - 10) // line)


@dataclass(frozen=True)
class CoachModel:
    ask: str
    why: str
    note: str
    picture: str | None
    step: int                    # 1-based among the learner's steps; 0: none (watching, over)
    steps: int                   # the learner's steps
    lit_rects: tuple[tuple[int, int, int, int], ...] = ()
    lit_hexes: tuple[tuple[int, int], ...] = ()   # hex centres on the canvas
    hex_radius: int = 16


def shows_picture(font, model: CoachModel) -> bool:
    return model.picture is not None and font.line_height < 24


def margin(panel: pygame.Rect) -> int:
    """The room left and right of the words: 8 px in a band, 4 in an upright
    panel beside the board (narrow: every pixel of its width is a word's)."""
    return 4 if panel.h > panel.w else 8


def text_width(panel: pygame.Rect, picture: bool = True) -> int:
    return panel.w - 2 * margin(panel) - (PICTURE + 8 if picture else 0)


def head(model: CoachModel) -> str:
    if model.step:
        return _("Step {step} of {steps}: {ask}").format(step=model.step, steps=model.steps,
                                                         ask=model.ask)
    return model.ask


def lines(font, model: CoachModel, width: int,
          limit: int | None = None) -> list[tuple[str, tuple[int, int, int]]]:
    """The panel's lines and their colours: the ask, the why, the note; with
    ``limit``, what does not fit is left out from the end (the note first,
    then the why: the ask always shows)."""
    asked = [(line, WHITE) for line in font.wrap(head(model), width)]
    why = [(line, GREY) for line in font.wrap(model.why, width)] if model.why else []
    note = [(line, GOLD) for line in font.wrap(model.note, width)] if model.note else []
    if limit is None:
        return asked + why + note
    out = asked
    for part in (why, note):
        if len(out) + len(part) <= limit:
            out = out + part
    return out[:limit]


def fits(font, model: CoachModel, panel: pygame.Rect, note: bool = True) -> bool:
    """Whether the words fit the band: the ask and the why (and the note,
    unless ``note`` is False) in its lines, none wider than it."""
    width = text_width(panel, shows_picture(font, model))
    if not note:
        model = CoachModel(model.ask, model.why, "", model.picture, model.step, model.steps)
    rows = lines(font, model, width)
    return len(rows) <= capacity(panel, font.line_height) and \
        all(font.width(t) <= width for t, _c in rows)


def draw(surface: pygame.Surface, art, panel: pygame.Rect, model: CoachModel,
         time: float) -> pygame.Rect:
    """The lit target (a pulsing gold outline) and the panel in its band
    (``panel``: the layout's, under or beside the board: it covers nothing the step
    needs); returns the panel.  A lit card or button keeps its outline tight
    (2 px out, pulsing inward over its own edge): a heading just above it,
    such as the display's "Land cards", stays readable."""
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
    has_picture = shows_picture(font, model)
    width = text_width(panel, has_picture)
    rows = lines(font, model, width, max(1, capacity(panel, font.line_height)))
    rect = pygame.Rect(panel)
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, GOLD, rect, 2)
    x = rect.x + margin(rect)
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
    top = rect.y + (rect.h - len(rows) * font.line_height) // 2
    if capacity(rect, font.line_height) > max_lines(font.line_height):
        top = rect.y + 8             # a panel beside the board: the words from its top
    for i, (text, colour) in enumerate(rows):
        font.draw(surface, text, (x, top + i * font.line_height), colour)
    return rect
