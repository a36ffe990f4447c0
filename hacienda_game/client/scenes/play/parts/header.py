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
    x = rect.x + 8
    for part in parts:
        x = font.draw(surface, part, (x, rect.y + 2), WHITE).right - 1
    stack = stack_words(model.ahead)
    right = model.right - 8
    if stack and font.width(stack) < right - x - 16:
        font.draw(surface, stack, (right, rect.y + 2), GOLD if model.ahead.due else GREY,
                  align="right")
