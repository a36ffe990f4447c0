"""The market: the face-up land and animal cards with their price, the two
decks with their size and price, and the haciendas, harvest chips and water
tiles left.  A click on a card or a deck sends ``BuyCard``."""

from __future__ import annotations

import pygame

from .....engine import PRICE_BLIND, PRICE_FACE_UP
from .....i18n import _
from ....assets import GREY, WHITE
from ..layout import CARD_H, Layout, market_rows, market_slots
from .commands import BuyCard
from .paint import count_badge, price
from .tooltip import Tip, tip
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
    decks = {item: slot for slot, item, card in slots(layout, model) if card is None}
    for item, title, y in (("land", _("Land cards"), land_y),
                           ("animal", _("Animal cards"), animal_y)):
        top = y - font.line_height - 1
        x = font.draw(surface, title, (rect.x + 8, top), GREY).right
        # The face-up cards' price after the title (the deck's beside the
        # deck), left of the deck's size (its badge stands beside the deck).
        end = decks[item].right if item in decks else rect.right - 8
        if x + 10 + coin.get_width() + 2 + font.width(str(PRICE_FACE_UP)) <= end:
            price(surface, art, PRICE_FACE_UP, (x + 10, top))
    for slot, item, card in slots(layout, model):
        if card is None:
            surface.blit(art.sprites.get(f"card_back_{item}"), slot)
            size = model.land_deck_size if item == "land" else model.animal_draw_size
            # Its size on a badge beside it, above its price (on the card, a
            # badge of Large text covered the deck's picture).
            count_badge(surface, font, str(size),
                        pygame.Rect(slot.right + 4, slot.y, 0, font.cap_height + 4), left=True)
            price(surface, art, PRICE_BLIND, (slot.right + 6, slot.bottom - font.line_height
                                              + font.line_height // 6))
        else:
            surface.blit(art.sprites.get(f"card_{item}_{card}"), slot)
    for icon, text, at, _right, _tip in supply_spots(art, layout, model):
        y = at[1]
        if icon is not None:
            img = art.sprites.get(icon)
            surface.blit(img, (at[0], y + (font.line_height - img.get_height()) // 2))
        else:
            font.draw(surface, text, at, WHITE)


def supply_spots(art, layout: Layout, model: MarketModel) -> list:
    """The row under the cards: the haciendas, harvest chips and water tiles
    left (each water size on its own); (icon or None, text, where, right end,
    its tooltip) for each icon and each number."""
    font = art.fonts.body
    y = market_rows(layout)[1] + CARD_H + 4
    x = layout.market.x + 8
    out = []
    water = [(size, n) for size, n in model.water_left if n]
    for icon, texts in (("icon_hacienda", [(str(model.haciendas_left),
                                            tip((0, 0, 0, 0), "haciendas",
                                                count=model.haciendas_left))]),
                        ("chip", [(str(model.chips_left),
                                   tip((0, 0, 0, 0), "chips", count=model.chips_left))]),
                        ("icon_water", [(f"{size}:{n}", tip((0, 0, 0, 0), "water", size=size,
                                                            count=n)) for size, n in water]
                         or [("0", tip((0, 0, 0, 0), "no_water"))])):
        img = art.sprites.get(icon)
        first = texts[0][1]
        out.append((icon, "", (x, y), x + img.get_width(), first))
        x += img.get_width() + 3
        for i, (text, t) in enumerate(texts):
            if i:
                x += font.width(" ")
            right = x + font.width(text) + 1
            out.append((None, text, (x, y), right, t))
            x = right
        x += 12
    return [(icon, text, at, right, Tip((at[0] - 1, at[1] - 1, right - at[0] + 2,
                                         font.line_height + 2), t.key, t.params))
            for icon, text, at, right, t in out]


def tips(art, layout: Layout, model: MarketModel) -> list[Tip]:
    """The display's cards, decks, row titles and supplies with their tooltips."""
    font = art.fonts.body
    out = []
    for item, y in zip(("land", "animal"), market_rows(layout), strict=True):
        out.append(tip((layout.market.x + 4, y - font.line_height - 1, layout.market.w - 8,
                        font.line_height), "row", item=item))
    for rect, item, card in slots(layout, model):
        if card is None:
            size = model.land_deck_size if item == "land" else model.animal_draw_size
            out.append(tip(rect.union(pygame.Rect(rect.right, rect.y, 30, rect.h)), "deck",
                           item=item, count=size))
        else:
            out.append(tip(rect, "shown_card", item=item, card=card))
    # an icon and its (first) number: one element
    merged: dict[tuple, pygame.Rect] = {}
    for _icon, _text, _at, _right, t in supply_spots(art, layout, model):
        key = (t.key, t.params)
        merged[key] = merged[key].union(t.rect) if key in merged else pygame.Rect(t.rect)
    return out + [tip(rect, key, **dict(params)) for (key, params), rect in merged.items()]
