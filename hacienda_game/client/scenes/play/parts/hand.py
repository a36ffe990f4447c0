"""The hand: the cards of the seat the screen shows (how many of each on a
badge, the chosen one lifted and outlined), or why the hands are hidden.
A click on a card sends ``PickCard``."""

from __future__ import annotations

import pygame

from .....i18n import _
from ....assets import GOLD, GREY
from ..layout import Layout, card_slots
from .commands import PickCard
from .paint import count_badge
from .tooltip import Tip, tip
from .viewmodel import HandModel


def slots(layout: Layout, model: HandModel) -> list[tuple[pygame.Rect, str, str]]:
    """The cards' rectangles (none while the hands are hidden)."""
    if model.hidden:
        return []
    return card_slots(layout, model.cards, model.right, model.chosen)


def command_at(layout: Layout, model: HandModel, pos: tuple[int, int]) -> PickCard | None:
    for rect, item, card in slots(layout, model):
        if rect.collidepoint(pos):
            return PickCard(item, card)
    return None


def tips(layout: Layout, model: HandModel) -> list[Tip]:
    """Each card in the hand: its name, how many, where it may go."""
    counts = {card: n for _item, card, n in model.cards}
    return [tip(rect, "hand_card", item=item, card=card, count=counts.get(card, 1))
            for rect, item, card in slots(layout, model)]


_faces: dict[tuple[int, str, tuple[int, int]], pygame.Surface] = {}


def card_face(art, name: str, size: tuple[int, int]) -> pygame.Surface:
    """A card's sprite at the hand's card size (a whole-number blow-up, once)."""
    sprite = art.sprites.get(name)
    if sprite.get_size() == size:
        return sprite
    key = (id(art), name, size)
    face = _faces.get(key)
    if face is None:
        if len(_faces) > 64:
            _faces.clear()
        face = _faces[key] = pygame.transform.scale(sprite, size)
    return face


def draw(surface: pygame.Surface, art, layout: Layout, model: HandModel) -> None:
    font = art.fonts.body
    rect = layout.hand
    if model.hidden:
        font.draw(surface, _("Hands are hidden until the next player is ready."),
                  (rect.x + 10, rect.centery - font.line_height // 2), GREY)
        return
    art.sprites.blit_anchored(surface, f"emblem_{model.colour}", (rect.x + 16, rect.y + 14))
    shown = slots(layout, model)
    if not shown:
        font.draw(surface, _("no cards"), (rect.x + 34, rect.centery - font.line_height // 2),
                  GREY)
    counts = {card: n for _item, card, n in model.cards}
    for slot, item, card in shown:
        surface.blit(card_face(art, f"card_{item}_{card}", slot.size), slot)
        if model.chosen == card:
            pygame.draw.rect(surface, GOLD, slot.inflate(4, 4), 2)
    # The badges over every card, each at its card's visible edge: where the
    # cards crowd (Large text) the next card would cover a badge drawn with its own.
    for i, (slot, _item, card) in enumerate(shown):
        if counts.get(card, 1) > 1:
            visible = slot.copy()
            if i + 1 < len(shown):
                visible.width = min(slot.width, shown[i + 1][0].x - slot.x - 4)
            count_badge(surface, font, str(counts[card]), visible)
