"""Small drawings several parts share: a count badge on a card, a price."""

from __future__ import annotations

import pygame

from ....assets import GOLD, INK, WHITE


def count_badge(surface: pygame.Surface, font, text: str, card: pygame.Rect,
                left: bool = False) -> None:
    """How many: a number on a dark badge at a card's lower right corner (or,
    ``left``, with its top left at the rectangle's)."""
    top = font.baseline - font.cap_height        # the glyph cell's rows above a capital
    badge = pygame.Rect(0, 0, font.width(text) + 4, font.cap_height + 4)
    if left:
        badge.topleft = card.topleft
    else:
        badge.bottomright = (card.right + 3, card.bottom)
    pygame.draw.rect(surface, INK, badge)
    font.draw(surface, text, (badge.x + 2, badge.y + 2 - top), WHITE, shadow=None)


def price(surface: pygame.Surface, art, pesos: int, pos: tuple[int, int]) -> None:
    """A coin and the price in gold, the text's top-left at pos."""
    font = art.fonts.body
    coin = art.sprites.get("icon_money")
    x, y = pos
    surface.blit(coin, (x, y + (font.line_height - coin.get_height()) // 2 - 1))
    font.draw(surface, str(pesos), (x + coin.get_width() + 2, y), GOLD)
