"""The header: the round, whose turn it is and their actions left, and the
countdown to the next scoring (in gold when it comes at this round's end)."""

from __future__ import annotations

import pygame

from .....i18n import _
from .....net import REMOTE
from .....session.choices import HUMAN
from ....assets import GOLD, GREY, WHITE
from ....words import actions_left, over_reason, stack_words
from .tooltip import Tip, tip
from .viewmodel import HeaderModel


def fitted(art, rect: pygame.Rect, model: HeaderModel):
    """The line's parts and the faces they fit in: (parts, face, stack words, its face)."""
    font = art.fonts.body
    if model.over:
        parts = [_("Game over: {reason}").format(reason=over_reason(model.over_reason))]
    else:
        who = model.player + ("" if model.kind == HUMAN else _(" (remote)")
                              if model.kind == REMOTE else _(" (AI)"))
        parts = [_("Round {round}").format(round=model.round) + " · ",
                 _("{name} to play").format(name=who), " · ",
                 actions_left(model.actions_left)]
    stack = stack_words(model.ahead)
    right = model.right - 8
    # Where the line is short of room (long words, Large text) the countdown
    # keeps the reading face (Large text enlarges it too): the round number
    # gives way, then the turn's words shrink to the medium face (the normal
    # reading size); only then does the countdown shrink as well.
    medium = art.fonts.medium
    rest = parts[1:] or parts
    tries = [(parts, font, font), (rest, font, font), (parts, medium, font),
             (rest, medium, font), (parts, medium, medium), (rest, medium, medium)]
    for left, face, stack_face in tries:
        if not stack or rect.x + 8 + sum(face.width(p) for p in left) + 16 \
                + stack_face.width(stack) <= right:
            break
    return left, face, stack, stack_face


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: HeaderModel) -> None:
    font = art.fonts.body
    left, face, stack, stack_face = fitted(art, rect, model)
    right = model.right - 8
    x = rect.x + 8
    for part in left:
        x = face.draw(surface, part, (x, rect.y + 2 + (font.line_height - face.line_height)
                                      // 2), WHITE).right - 1
    if stack:
        stack_face.draw(surface, stack, (right, rect.y + 2 + (font.line_height
                                                               - stack_face.line_height) // 2),
                        GOLD if model.ahead.due else GREY, align="right")


def tips(art, rect: pygame.Rect, model: HeaderModel) -> list[Tip]:
    """The actions left and the countdown to the next scoring (the stack counter)."""
    left, face, stack, stack_face = fitted(art, rect, model)
    out = []
    h = art.fonts.body.line_height + 2
    if not model.over:
        width = sum(face.width(p) - 1 for p in left)
        last = face.width(left[-1])
        out.append(tip((rect.x + 8 + width - last, rect.y + 1, last, h), "actions",
                       count=model.actions_left))
    if stack:
        w = stack_face.width(stack)
        out.append(tip((model.right - 8 - w, rect.y + 1, w, h), "stack", ahead=model.ahead))
    return out
