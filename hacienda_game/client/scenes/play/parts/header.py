"""The header: the round, whose turn it is and their actions left, and the
countdown to the next scoring (in gold when it comes at this round's end)."""

from __future__ import annotations

import pygame

from .....i18n import _
from .....net import REMOTE
from .....session.choices import HUMAN
from ....assets import GOLD, GREY, WHITE
from ....words import actions_left, over_reason, stack_words
from .viewmodel import HeaderModel


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: HeaderModel) -> None:
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
    # Nothing is dropped where the line is short of room (long words, Large
    # text): the countdown, then the whole line shrink to the medium face (the
    # normal reading size); only then does the round number give way.
    medium = art.fonts.medium
    tries = [(parts, font, font), (parts, font, medium), (parts, medium, medium),
             (parts[1:] or parts, medium, medium)]
    for left, face, stack_face in tries:
        if not stack or rect.x + 8 + sum(face.width(p) for p in left) + 16 \
                + stack_face.width(stack) <= right:
            break
    x = rect.x + 8
    for part in left:
        x = face.draw(surface, part, (x, rect.y + 2 + (font.line_height - face.line_height)
                                      // 2), WHITE).right - 1
    if stack:
        stack_face.draw(surface, stack, (right, rect.y + 2 + (font.line_height
                                                               - stack_face.line_height) // 2),
                        GOLD if model.ahead.due else GREY, align="right")
