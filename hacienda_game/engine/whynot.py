"""Why a whole kind of action is impossible now, as data.

`GameState.refusal` says why one action is illegal; a screen also greys out
a control that stands for many actions (buy a hacienda, buy water, harvest,
play the pig card) and must say why none of them is legal.  `why_none` asks
``legal_actions()`` whether any is (the one source of legality) and, when
none is, names the rule that stops them all with its numbers, as the same
`IllegalAction` data the engine raises (``code``, ``rule``, ``params``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import animals as animal_rules
from . import cards as card_rules
from . import components as C
from . import land as land_rules
from .actions import Action
from .errors import REFUSALS, IllegalAction
from .groups import EMPTY

if TYPE_CHECKING:
    from .state import GameState

# Controls: the action kinds a screen offers as one button or one card.
CONTROLS = ("buy land", "buy animal", "buy hacienda", "buy water", "harvest", "play land",
            "play animal", "end")


def _no(code: str, message: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"{message} ({REFUSALS[code]})", code, params, REFUSALS[code])


def _matches(action: Action, kind: str, card: str | None) -> bool:
    return action.kind == kind and (card is None or action.card == card)


def why_none(state: GameState, kind: str, card: str | None = None) -> IllegalAction | None:
    """None when some legal action is of ``kind`` (and shows ``card``: a
    card in hand to play, a face-up card to buy, ``None`` for any); else why
    none is, with the numbers a player needs ("costs 12, you have 4")."""
    if kind not in CONTROLS:
        raise ValueError(f"not a control: {kind!r}; one of {', '.join(CONTROLS)}")
    if any(_matches(a, kind, card) for a in state.legal_actions()):
        return None
    if state.over:
        return _no("game_over", "the game is over")
    if kind == "end":                    # never reached while the game runs: end is legal
        return _no("game_over", "the game is over")
    if state.actions_taken >= C.ACTIONS_PER_TURN:
        return _no("turn_used", f"all {C.ACTIONS_PER_TURN} actions of this turn are used",
                   actions=C.ACTIONS_PER_TURN)
    s = state.seat
    if kind in ("buy land", "buy animal"):
        return _why_no_card(state, kind.split()[1], card)
    if kind == "buy hacienda":
        if state.bought_hacienda:
            return _no("one_hacienda", "only one hacienda may be bought per turn")
        if state.haciendas_left <= 0:
            return _no("no_hacienda_left", "no hacienda is left",
                       count=C.HACIENDAS[state.players])
        if s.money < C.PRICE_HACIENDA:
            return _no("cannot_pay", f"a hacienda costs {C.PRICE_HACIENDA} pesos",
                       price=C.PRICE_HACIENDA, money=s.money, item="a hacienda")
        if not s.land_hexes and not any(s.animal_hexes):
            return _no("hacienda_no_piece", "you have no land tile or animal token on the board")
        return _no("hacienda_all_taken", "every chain and herd of yours has a hacienda")
    if kind == "buy water":
        if state.bought_water:
            return _no("one_water", "only one water tile may be bought per turn")
        if s.money < C.PRICE_WATER:
            return _no("cannot_pay", f"a water tile costs {C.PRICE_WATER} pesos",
                       price=C.PRICE_WATER, money=s.money, item="a water tile")
        if not any(n > 0 for n in state.water_left.values()):
            return _no("water_all_used", "every water tile is on the board")
        return _no("water_no_room", "no free pampas fits a water tile that is left",
                   sizes=sorted(k for k, n in state.water_left.items() if n > 0))
    if kind == "harvest":
        if state.harvested:
            return _no("one_harvest", "only one harvest per turn")
        chains = [g for g in state.chains(state.current) if state.harvestable(g)]
        if not chains:      # none at all, or only lone tiles (R39)
            return _no("harvest_no_chain", "you have no land chain to harvest")
        chips = set(state.chips)
        if all(not chips.isdisjoint(g) for g in chains):
            return _no("harvest_all_chipped", "every chain of yours has a harvest chip",
                       chains=len(chains))
        return _no("harvest_no_chip", "every chip is out and none lies on another player's"
                   " chain", chips=C.HARVEST_CHIPS)
    if kind == "play land":
        return _why_no_land(state, card)
    return _why_no_animal(state, card)


def _why_no_card(state: GameState, item: str, card: str | None) -> IllegalAction:
    s = state.seat
    land = item == "land"
    full = (card_rules.land_hand_full(state, s) if land
            else card_rules.animal_hand_full(state, s))
    if full:
        limit = C.HAND_LIMIT_LAND if land else C.HAND_LIMIT_ANIMAL
        return _no("hand_full", f"you hold {limit} {item} cards", limit=limit, item=item)
    if card is not None:
        face_up = state.land_face_up if land else state.animal_face_up
        if card not in face_up:
            return _no("not_face_up", f"no face-up {card} card", card=card, item=item)
        return _no("cannot_pay", f"a face-up card costs {C.PRICE_FACE_UP} pesos",
                   price=C.PRICE_FACE_UP, money=s.money, item=f"a face-up {item} card")
    if s.money < C.PRICE_BLIND:
        return _no("cannot_pay", f"a card from the deck costs {C.PRICE_BLIND} pesos",
                   price=C.PRICE_BLIND, money=s.money, item=f"a {item} card from the deck")
    if land:
        return _no("land_deck_empty", "the land deck and its discards are empty")
    return _no("animal_deck_empty", "the animal deck is used up")


def _why_no_land(state: GameState, card: str | None) -> IllegalAction:
    s = state.seat
    held = [c for c, n in zip(C.LAND_CARDS, s.land_hand, strict=True) if n]
    if card is not None and card not in held or not held:
        return _no("no_such_card", f"you hold no {card or 'land'} card", card=card)
    if not land_rules.can_place(state, state.current):
        return _no("no_land_tile_left", "no land tile showing your colour is left")
    if card is None or card == "pampas":
        return _no("pampas_no_room", "no free pampas lies next to your land tiles")
    return _no("terrain_no_room", f"no {card} space is free and no free pampas lies next to"
               " your land tiles", card=card)


def _why_no_animal(state: GameState, card: str | None) -> IllegalAction:
    s = state.seat
    held = [c for c, n in zip(C.ANIMALS, s.animal_hand, strict=True) if n]
    if card is not None and card not in held or not held:
        return _no("no_such_card", f"you hold no {card or 'animal'} card", card=card)
    animal = C.ANIMALS.index(card or held[0])
    if not animal_rules.can_place(s, animal):
        return _no("no_token_left", f"none of your tokens can show a {C.ANIMALS[animal]} any more",
                   card=C.ANIMALS[animal])
    return _no("animal_no_room", f"no free pampas lies next to your land tiles or your"
               f" {C.ANIMALS[animal]} herds", card=C.ANIMALS[animal])


def free_spaces(state: GameState, terrain: str) -> int:
    """How many spaces of a terrain are still free (a terrain card's choice)."""
    return sum(1 for h in state.board.by_space[terrain] if state.kind[h] == EMPTY)


__all__ = ["CONTROLS", "free_spaces", "why_none"]
