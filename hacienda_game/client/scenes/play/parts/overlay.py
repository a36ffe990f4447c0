"""What floats over the board: the bubble next to the pointer or the hex
cursor (a hint, or a refusal in the warning colour), the attract mode's
"Demo" label, the bar of a held end-turn button, the caption of a replay
of the last moves and a joined game's notice about its host."""

from __future__ import annotations

import pygame

from .....art.palette import HIGHLIGHTS
from .....i18n import _
from ....assets import GOLD, INK, WHITE
from .viewmodel import BubbleModel, OverlayModel, ReplayStep

WARN = HIGHLIGHTS["warning"]      # refusals: warm and bright on the panels and the board


def bubble(surface: pygame.Surface, art, board: pygame.Rect, model: BubbleModel) -> pygame.Rect:
    """The bubble next to where the eye is: on the board it is kept on the
    board; off it (a refusal at a deck or a card of the market) it stays beside
    that place, on the screen.  Returns where it went."""
    font = art.fonts.body
    at = model.at
    area = board if board.inflate(4, 4).collidepoint(at) else surface.get_rect()
    lines = font.wrap(model.text, min(360, area.w - 24))[:3]
    w = max(font.width(line) for line in lines) + 16
    h = len(lines) * font.line_height + 8
    rect = pygame.Rect(at[0] + 18, at[1] + 18, w, h)
    if rect.right > area.right:
        rect.right = at[0] - 18
    if rect.bottom > area.bottom:
        rect.bottom = at[1] - 18
    rect = rect.clamp(area)
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, WARN if model.warn else GOLD, rect, 2)
    for i, line in enumerate(lines):
        font.draw(surface, line, (rect.x + 8, rect.y + 4 + i * font.line_height),
                  WARN if model.warn else WHITE)
    return rect


def draw(surface: pygame.Surface, art, board: pygame.Rect,
         model: OverlayModel) -> pygame.Rect | None:
    """Everything of an ``OverlayModel``: the held end turn's bar, the demo's
    label, then the bubble on top; returns where the bubble went (None: none)."""
    if model.hold is not None:
        hold_bar(surface, pygame.Rect(model.hold[0]), model.hold[1])
    if model.demo is not None:
        demo_label(surface, art, board, model.demo)
    if model.bubble is not None:
        return bubble(surface, art, board, model.bubble)
    return None


def notice(surface: pygame.Surface, art, board: pygame.Rect, title: str,
           lines: tuple[str, ...]) -> pygame.Rect:
    """A joined game's word about its host (gone, lost, silent): a panel in the
    board's middle, every sentence whole (wrapped, never cut), the title in the
    warning colour; where the board is too small for it (a narrow window, large
    text) it takes the whole screen's width.  Returns where it went."""
    body = art.fonts.body
    screen = surface.get_rect().inflate(-16, -16)
    for area, head in ((board, art.fonts.large), (screen, art.fonts.large),
                       (screen, body)):
        width = min(area.w - 24, 880)
        wrapped = [w for line in lines if line for w in body.wrap(line, width - 40)]
        titled = head.wrap(title, width - 40)
        h = len(titled) * head.line_height + 12 + len(wrapped) * body.line_height + 32
        if h <= area.h:
            break
    rect = pygame.Rect(0, 0, width, min(h, screen.h))
    rect.center = board.center
    rect = rect.clamp(area)
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, WARN, rect, 3)
    y = rect.y + 14
    for line in titled:
        head.draw(surface, line, (rect.centerx, y), WARN, align="center")
        y += head.line_height
    y += 12
    for line in wrapped:
        body.draw(surface, line, (rect.x + 20, y), WHITE)
        y += body.line_height
    return rect


def demo_label(surface: pygame.Surface, art, board: pygame.Rect, lit: bool = True) -> None:
    """The attract mode's label at the top of the board: always there, its
    colour pulsing (``lit``) so the eye finds it."""
    art.fonts.large.draw(surface, _("Demo game · click to play"), (board.centerx, board.y + 4),
                         GOLD if lit else WHITE, align="center")


def hold_bar(surface: pygame.Surface, button: pygame.Rect, progress: float) -> None:
    """How far a held end-turn button is: a gold bar along the button's foot."""
    pygame.draw.rect(surface, INK, (button.x + 2, button.bottom - 6, button.w - 4, 4))
    pygame.draw.rect(surface, GOLD, (button.x + 2, button.bottom - 6,
                                     int((button.w - 4) * progress), 4))


def replay_caption(surface: pygame.Surface, art, board: pygame.Rect, step: ReplayStep,
                   low: bool = False) -> pygame.Rect:
    """The replay of the last moves: which move of how many, and its log words,
    in a band edged in the mover's colour at the top of the board (``low``:
    at its foot, where the move is in the board's upper half)."""
    font = art.fonts.body
    head = _("Last moves {number}/{count}").format(number=step.number, count=step.count)
    note = _("any key: skip")
    lines = font.wrap(step.words, board.w - 40)[:2]
    h = (len(lines) + 1) * font.line_height + 10
    rect = pygame.Rect(board.x + 8, board.y + 6, board.w - 16, h)
    if low:
        rect.bottom = board.bottom - 6
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, art.seat_ink(step.colour), rect, 3)
    font.draw(surface, head, (rect.x + 10, rect.y + 5), GOLD)
    font.draw(surface, note, (rect.right - 10, rect.y + 5), WHITE, align="right")
    for i, line in enumerate(lines):
        font.draw(surface, line, (rect.x + 10, rect.y + 5 + (i + 1) * font.line_height), WHITE)
    return rect
