"""Buying land and animal cards (R16-R19): options, checks, draws, the display."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import components as C
from . import phases
from .actions import Action
from .common import Do, event, pay, refuse, spend_action, turn_open
from .events import Event
from .segments import Segment, new_action

if TYPE_CHECKING:
    from .state import GameState, Seat


def _options(state: GameState, land: bool) -> list[Segment]:
    s = state.seat
    if not turn_open(state) or (land_hand_full(state, s) if land
                                else animal_hand_full(state, s)):
        return []
    cards: list[str | None] = []
    if s.money >= C.PRICE_BLIND and ((state.land_deck or state.land_discard) if land
                                      else state.animal_draw):
        cards.append(None)
    if s.money >= C.PRICE_FACE_UP:
        face_up = state.land_face_up if land else state.animal_face_up
        cards.extend(c for c in (C.LAND_CARDS if land else C.ANIMALS) if c in face_up)
    if not cards:
        return []
    item = "land" if land else "animal"
    return [(cards, lambda c: new_action(Action, ("buy", item, c, (), None)))]


def land_options(state: GameState, first: bool) -> list[Segment]:
    return _options(state, True)


def animal_options(state: GameState, first: bool) -> list[Segment]:
    return _options(state, False)


def land_hand_full(state: GameState, s: Seat) -> bool:
    """R17 (variant hand limits): no more land cards in this hand."""
    return "hand_limits" in state.variants and sum(s.land_hand) >= C.HAND_LIMIT_LAND


def animal_hand_full(state: GameState, s: Seat) -> bool:
    """R17 (variant hand limits): no more animal cards in this hand."""
    return "hand_limits" in state.variants and sum(s.animal_hand) >= C.HAND_LIMIT_ANIMAL


def check(state: GameState, a: Action, s: Seat, item: str) -> Do:
    land = item == "land"
    names = C.LAND_CARDS if land else C.ANIMALS
    if a.cells or a.source is not None or (a.card is not None and a.card not in names):
        raise refuse(a, "not_an_action", "not an action of this game (R14)", rule="R14")
    if land_hand_full(state, s) if land else animal_hand_full(state, s):
        limit = C.HAND_LIMIT_LAND if land else C.HAND_LIMIT_ANIMAL
        raise refuse(a, "hand_full",
                     f"you hold {limit} {item} cards: play one before buying"
                     " another (R17, variant hand limits)", limit=limit, item=item,
                     rule="R17")
    rule = "R18" if land else "R19"
    if a.card is None:
        pay(a, s, C.PRICE_BLIND, f"a {item} card from the deck")
        if land and not (state.land_deck or state.land_discard):
            raise refuse(a, "land_deck_empty",
                         "the land deck and its discards are empty (R18)", rule="R18")
        if not land and not state.animal_draw:
            raise refuse(a, "animal_deck_empty", "the animal deck is used up (R19, R40)",
                         rule="R19, R40")
    else:
        pay(a, s, C.PRICE_FACE_UP, f"a face-up {item} card")
        face_up = state.land_face_up if land else state.animal_face_up
        if a.card not in face_up:
            raise refuse(a, "not_face_up",
                         f"no face-up {a.card} card ({rule})",
                         card=a.card, item=item, rule=rule)
    card = a.card
    return lambda ev: buy(state, ev, land, card)


def draw_land(state: GameState, events: list[Event]) -> str | None:
    """Top card of the land deck; an empty deck takes the shuffled discards (R18)."""
    if not state.land_deck:
        if not state.land_discard:
            return None
        deck = state.land_discard
        state.land_discard = []
        rng = random.Random(f"hacienda/{state.seed}/land/{state.land_shuffles}")
        deck.sort()
        rng.shuffle(deck)
        state.land_deck = deck
        state.land_shuffles += 1
        event(events, "deck_reshuffled", item="land", size=len(deck))
    return state.land_deck.pop()


def draw_animal(state: GameState, events: list[Event]) -> str | None:
    """Top card of the animal draw pile; switching stacks drives scoring (R40)."""
    if not state.animal_draw:
        return None
    card = state.animal_draw.pop()
    if not state.animal_draw:
        phases.stack_used_up(state, events)
    return card


def fill_face_up(state: GameState, events: list[Event], land: bool) -> None:
    slots = state.land_face_up if land else state.animal_face_up
    for i, card in enumerate(slots):
        if card is None:
            new = draw_land(state, events) if land else draw_animal(state, events)
            if new is None:
                return
            slots[i] = new
            event(events, "card_revealed", item="land" if land else "animal",
                  card=new, slot=i)


def buy(state: GameState, events: list[Event], land: bool, card: str | None) -> None:
    s = state.seat
    item = "land" if land else "animal"
    if card is None:
        s.money -= C.PRICE_BLIND
        drawn = draw_land(state, events) if land else draw_animal(state, events)
        assert drawn is not None
        event(events, "card_bought", state.current, ("card",), item=item, card=drawn,
              face_up=False, price=C.PRICE_BLIND)
    else:
        s.money -= C.PRICE_FACE_UP
        drawn = card
        slots = state.land_face_up if land else state.animal_face_up
        slots[slots.index(card)] = None
        event(events, "card_bought", state.current, item=item, card=card,
              face_up=True, price=C.PRICE_FACE_UP)
        if land:
            s.known_land[C.LAND_INDEX[card]] += 1
        else:
            s.known_animal[C.ANIMAL_INDEX[card]] += 1
    if land:
        s.land_hand[C.LAND_INDEX[drawn]] += 1
    else:
        s.animal_hand[C.ANIMAL_INDEX[drawn]] += 1
    fill_face_up(state, events, land)
    spend_action(state)
