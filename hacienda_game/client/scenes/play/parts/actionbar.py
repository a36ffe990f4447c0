"""The action bar: the row of buttons under the hand (Hacienda, Water,
Harvest, End turn; the water sizes while a water tile is chosen; the
replay's steps), drawn from their looks.  The buttons' widgets
(``ui.Button``) take the pointer and the keys."""

from __future__ import annotations

import pygame

from ....assets import INK
from ....ui import Button
from .tooltip import Tip, tip
from .viewmodel import ActionsModel, ButtonLook


def widget(look: ButtonLook) -> Button:
    """A button that looks as ``look`` says (drawn only: it does nothing)."""
    b = Button(look.rect, look.label, icon=look.icon, enabled=look.enabled, face="body")
    b.hover, b.selected, b.pressed_at = look.hover, look.selected, look.pressed_at
    return b


def tips(model: ActionsModel) -> list[Tip]:
    """The buttons that say what they are (``ButtonLook.tip``); an off one's
    reason is the owner's to add when it is shown (``why``)."""
    out = []
    for look in model.buttons:
        if look.tip:
            button, _sep, size = look.tip.partition(":")
            out.append(tip(look.rect, "button", button=button, size=int(size or 0),
                           enabled=look.enabled))
    return out


OFF_SHADE = 130      # how much an off button is darkened (its icon and words too)


def veil(surface: pygame.Surface, rect) -> None:
    """An action that cannot be used now, darkened as a whole: its frame, its
    icon in colour and its label recede, so from across the room it reads as
    off (the tooltip says why)."""
    rect = pygame.Rect(rect)
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*INK, OFF_SHADE))
    surface.blit(shade, rect.topleft)


def draw(surface: pygame.Surface, art, model: ActionsModel) -> None:
    for look in model.buttons:
        widget(look).draw(surface, art)
        if not look.enabled:
            veil(surface, look.rect)
