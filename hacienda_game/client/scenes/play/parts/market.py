"""The market: the face-up land and animal cards with their price, the two
decks with their size and price, and the haciendas, harvest chips and water
tiles left.  A click on a card or a deck sends ``BuyCard``."""

from __future__ import annotations

import pygame

from .....engine.components import PRICE_BLIND, PRICE_FACE_UP
from .....i18n import _
from ....assets import GREY, WHITE
from ..layout import CARD_H, Layout, market_rows, market_slots
from .commands import BuyCard
from .paint import count_badge, price
from .viewmodel import MarketModel


def slots(layout: Layout, model: MarketModel) -> list[tuple[pygame.Rect, str, str | None]]:
    """The face-up cards' and the decks' rectangles (card None: a deck)."""
    return market_slots(layout, model)


def command_at(layout: Layout, model: MarketModel, pos: tuple[int, int]) -> BuyCard | None:
    for rect, item, card in slots(layout, model):
        if rect.collidepoint(pos):
            return BuyCard(item, card)
    return None


def draw(surface: pygame.Surface, art, layout: Layout, model: MarketModel) -> None:
    font = art.fonts.body
    rect = layout.market
    land_y, animal_y = market_rows(layout)
    coin = art.sprites.get("icon_money")
    for title, y in ((_("Land cards"), land_y), (_("Animal cards"), animal_y)):
        top = y - font.line_height - 1
        x = font.draw(surface, title, (rect.x + 8, top), GREY).right
        # The face-up cards' price after the title (the deck's beside the deck).
        if x + 10 + coin.get_width() + 2 + font.width(str(PRICE_FACE_UP)) <= rect.right - 8:
            price(surface, art, PRICE_FACE_UP, (x + 10, top))
    for slot, item, card in slots(layout, model):
        if card is None:
            surface.blit(art.sprites.get(f"card_back_{item}"), slot)
            size = model.land_deck_size if item == "land" else model.animal_draw_size
            count_badge(surface, font, str(size), slot)
            price(surface, art, PRICE_BLIND, (slot.right + 6, slot.centery - font.line_height // 2))
        else:
            surface.blit(art.sprites.get(f"card_{item}_{card}"), slot)
    y = animal_y + CARD_H + 4
    water = " ".join(f"{size}:{n}" for size, n in model.water_left if n)
    x = rect.x + 8
    for icon, text in (("icon_hacienda", str(model.haciendas_left)),
                       ("chip", str(model.chips_left)),
                       ("icon_water", water or "0")):
        img = art.sprites.get(icon)
        surface.blit(img, (x, y + (font.line_height - img.get_height()) // 2))
        x = font.draw(surface, text, (x + img.get_width() + 3, y), WHITE).right + 12
