"""Buying land and animal cards (R16-R19): options, checks, draws, the display.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .events import Event
from .segments import Segment, new_action

if TYPE_CHECKING:
    from .state import Seat


class CardRules:
    __slots__ = ()

    def _opt_buy_card(self, land: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or (self._land_hand_full(s) if land
                                     else self._animal_hand_full(s)):
            return []
        cards: list[str | None] = []
        if s.money >= C.PRICE_BLIND and ((self.land_deck or self.land_discard) if land
                                          else self.animal_draw):
            cards.append(None)
        if s.money >= C.PRICE_FACE_UP:
            face_up = self.land_face_up if land else self.animal_face_up
            cards.extend(c for c in (C.LAND_CARDS if land else C.ANIMALS) if c in face_up)
        if not cards:
            return []
        item = "land" if land else "animal"
        return [(cards, lambda c: new_action(Action, ("buy", item, c, (), None)))]

    def _opt_buy_land(self, first: bool) -> list[Segment]:
        return self._opt_buy_card(True)

    def _opt_buy_animal(self, first: bool) -> list[Segment]:
        return self._opt_buy_card(False)

    def _land_hand_full(self, s: Seat) -> bool:
        return "hand_limits" in self.variants and sum(s.land_hand) >= C.HAND_LIMIT_LAND

    def _animal_hand_full(self, s: Seat) -> bool:
        return "hand_limits" in self.variants and sum(s.animal_hand) >= C.HAND_LIMIT_ANIMAL

    def _check_buy_card(self, a: Action, s: Seat, item: str) -> Callable[[list[Event]], None]:
        land = item == "land"
        names = C.LAND_CARDS if land else C.ANIMALS
        if a.cells or a.source is not None or (a.card is not None and a.card not in names):
            raise self._refuse(a, "not_an_action", "not an action of this game (R14)", rule="R14")
        if self._land_hand_full(s) if land else self._animal_hand_full(s):
            limit = C.HAND_LIMIT_LAND if land else C.HAND_LIMIT_ANIMAL
            raise self._refuse(a, "hand_full",
                               f"you hold {limit} {item} cards: play one before buying"
                               " another (R17, variant hand limits)", limit=limit, item=item,
                               rule="R17")
        rule = "R18" if land else "R19"
        if a.card is None:
            self._pay(a, s, C.PRICE_BLIND, f"a {item} card from the deck")
            if land and not (self.land_deck or self.land_discard):
                raise self._refuse(a, "land_deck_empty",
                                   "the land deck and its discards are empty (R18)", rule="R18")
            if not land and not self.animal_draw:
                raise self._refuse(a, "animal_deck_empty", "the animal deck is used up (R19, R40)",
                                   rule="R19, R40")
        else:
            self._pay(a, s, C.PRICE_FACE_UP, f"a face-up {item} card")
            face_up = self.land_face_up if land else self.animal_face_up
            if a.card not in face_up:
                raise self._refuse(a, "not_face_up",
                                   f"no face-up {a.card} card ({rule})",
                                   card=a.card, item=item, rule=rule)
        return lambda ev: self._do_buy_card(ev, land, a.card)

    def _draw_land(self, events: list[Event]) -> str | None:
        """Top card of the land deck; an empty deck takes the shuffled discards (R18)."""
        if not self.land_deck:
            if not self.land_discard:
                return None
            deck = self.land_discard
            self.land_discard = []
            rng = random.Random(f"hacienda/{self.seed}/land/{self.land_shuffles}")
            deck.sort()
            rng.shuffle(deck)
            self.land_deck = deck
            self.land_shuffles += 1
            self._event(events, "deck_reshuffled", item="land", size=len(deck))
        return self.land_deck.pop()

    def _draw_animal(self, events: list[Event]) -> str | None:
        """Top card of the animal draw pile; switching stacks drives scoring (R40)."""
        if not self.animal_draw:
            return None
        card = self.animal_draw.pop()
        if not self.animal_draw:
            self._stack_used_up(events)
        return card

    def _fill_face_up(self, events: list[Event], land: bool) -> None:
        slots = self.land_face_up if land else self.animal_face_up
        for i, card in enumerate(slots):
            if card is None:
                new = self._draw_land(events) if land else self._draw_animal(events)
                if new is None:
                    return
                slots[i] = new
                self._event(events, "card_revealed", item="land" if land else "animal",
                            card=new, slot=i)

    def _do_buy_card(self, events: list[Event], land: bool, card: str | None) -> None:
        s = self.seat
        item = "land" if land else "animal"
        if card is None:
            s.money -= C.PRICE_BLIND
            drawn = self._draw_land(events) if land else self._draw_animal(events)
            assert drawn is not None
            self._event(events, "card_bought", self.current, ("card",), item=item, card=drawn,
                        face_up=False, price=C.PRICE_BLIND)
        else:
            s.money -= C.PRICE_FACE_UP
            drawn = card
            slots = self.land_face_up if land else self.animal_face_up
            slots[slots.index(card)] = None
            self._event(events, "card_bought", self.current, item=item, card=card,
                        face_up=True, price=C.PRICE_FACE_UP)
            if land:
                s.known_land[C.LAND_INDEX[card]] += 1
            else:
                s.known_animal[C.ANIMAL_INDEX[card]] += 1
        if land:
            s.land_hand[C.LAND_INDEX[drawn]] += 1
        else:
            s.animal_hand[C.ANIMAL_INDEX[drawn]] += 1
        self._fill_face_up(events, land)
        self._spend_action()
