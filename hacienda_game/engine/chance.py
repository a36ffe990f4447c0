"""Chance made explicit: what a blind card draw can yield, with its weights.

A blind buy (R18, R19) is the only chance event a seat meets during play.
From a seat's view (a determinized state, `determinize`) the next card drawn
is any card the seat cannot see, each as likely as its unseen copies.
`draw_outcomes` lists those cards with their weights; `chance_outcomes`
gives, for any action, the positions it can lead to with their chances,
built by the engine (a hidden card of the drawn name is moved to the top
of the pile, only among cards the seat cannot see) so no AI seat ever
rearranges piles itself.  As OpenSpiel's ``chance_outcomes()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import components as C
from .actions import Action

if TYPE_CHECKING:
    from .state import GameState


def is_blind_draw(state: GameState, action: Action) -> bool:
    """Whether ``action`` draws a card nobody has seen (a blind buy from a
    non-empty pile; from reshuffled discards the draw follows the game's seed)."""
    if action.verb != "buy" or action.card is not None or action.item not in ("land", "animal"):
        return False
    return bool(state.land_deck if action.item == "land" else state.animal_draw)


def unseen_cards(state: GameState, seat: int, land: bool) -> dict[str, int]:
    """The cards ``seat`` cannot see, by name, with their counts: in the deck,
    in other hands (less the cards they were seen to take, R60), the waiting
    and removed animals.  A blind draw yields each with equal chance, as far
    as the seat knows."""
    names = C.LAND_CARDS if land else C.ANIMALS
    left = dict(C.LAND_DECK if land else C.ANIMAL_DECK)
    own = state.seats[seat].land_hand if land else state.seats[seat].animal_hand
    for name, n in zip(names, own, strict=True):
        left[name] -= n
    for c in state.land_face_up if land else state.animal_face_up:
        if c:
            left[c] -= 1
    for c in state.land_discard if land else state.animal_discard:
        left[c] -= 1
    for i, s in enumerate(state.seats):
        if i != seat:
            for name, n in zip(names, s.known_land if land else s.known_animal, strict=True):
                left[name] -= n
    return {c: n for c, n in left.items() if n > 0}


def draw_outcomes(state: GameState, item: str, seat: int | None = None) -> list[tuple[str, float]]:
    """What a blind draw of ``item`` ("land" or "animal") can yield as ``seat``
    (default: the seat to move) sees it: (card, probability), likeliest first."""
    seat = state.current if seat is None else seat
    pool = sorted(unseen_cards(state, seat, item == "land").items(), key=lambda t: (-t[1], t[0]))
    total = sum(n for _, n in pool)
    return [(card, n / total) for card, n in pool] if total else []


def _with_card_on_top(state: GameState, card: str, land: bool, seat: int) -> bool:
    """Make ``card`` the next card drawn by swapping it with a card ``seat``
    cannot see (deck, waiting or removed animals, other hands beyond their
    known cards): the seat's view is unchanged.  False if none is found."""
    deck = state.land_deck if land else state.animal_draw
    if not deck:
        return False
    if deck[-1] == card:
        return True
    for pile in (deck, *(() if land else (state.animal_waiting, state.animal_removed))):
        for i, c in enumerate(pile):
            if c == card:
                pile[i], deck[-1] = deck[-1], card
                return True
    names = C.LAND_CARDS if land else C.ANIMALS
    idx = names.index(card)
    for i, s in enumerate(state.seats):
        if i == seat:
            continue
        hand = s.land_hand if land else s.animal_hand
        known = s.known_land if land else s.known_animal
        if hand[idx] > known[idx]:
            hand[idx] -= 1
            hand[names.index(deck[-1])] += 1
            deck[-1] = card
            return True
    return False


def chance_outcomes(state: GameState, action: Action,
                    most: int | None = None) -> list[tuple[float, GameState]]:
    """The positions ``action`` can lead to, with their chances as the seat to
    move sees them: a blind draw yields any unseen card (`draw_outcomes`);
    any other action has one outcome.  With ``most``, only the likeliest
    ``most`` outcomes, their chances scaled to add up to 1.  ``state`` is
    not changed (each outcome is a new state)."""
    if not is_blind_draw(state, action):
        child = state.clone()
        child.apply(action)
        return [(1.0, child)]
    land = action.item == "land"
    seat = state.current
    out: list[tuple[float, GameState]] = []
    for card, p in draw_outcomes(state, "land" if land else "animal", seat):
        child = state.clone()
        if _with_card_on_top(child, card, land, seat):
            child.apply(action)
            out.append((p, child))
            if most is not None and len(out) == most:
                break
    if not out:
        child = state.clone()
        child.apply(action)
        return [(1.0, child)]
    total = sum(p for p, _ in out)
    return [(p / total, c) for p, c in out]


__all__ = ["chance_outcomes", "draw_outcomes", "is_blind_draw", "unseen_cards"]
