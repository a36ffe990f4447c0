"""Land tiles (R3, R23-R26, R30): targets, the check, placing one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .common import Do, event, hex_at, play_segment, refuse, spend_action, turn_open
from .events import Event
from .groups import EMPTY, LAND, WATER
from .segments import Segment

if TYPE_CHECKING:
    from .state import GameState, Seat


def targets(state: GameState, card: int, pampas: list[int] | None) -> tuple[list[int], bool]:
    """Where a land card may go (R23-R25), and whether it is played as pampas."""
    if card != C.PAMPAS_CARD:
        kind = state.kind
        free = [h for h in state.board.by_space[C.LAND_CARDS[card]] if kind[h] == EMPTY]
        if free:
            return free, False
    if pampas is None:
        pampas = sorted(state._land_frontier[state.current])
    return pampas, card != C.PAMPAS_CARD


def can_place(state: GameState, seat: int) -> bool:
    """R3: a land tile showing this player's colour is left in the supply."""
    placed = [len(s.land_hexes) for s in state.seats]
    return C.can_add(placed, seat, state._land_caps, state._land_masks)


def options(state: GameState, first: bool) -> list[Segment]:
    s = state.seat
    if not turn_open(state) or not any(s.land_hand) or not can_place(state, state.current):
        return []
    pampas = sorted(state._land_frontier[state.current])
    out = []
    for card, n in enumerate(s.land_hand):
        if n:
            where, _ = targets(state, card, pampas)
            if where:
                out.append(play_segment(state, "land", C.LAND_CARDS[card], where))
                if first:
                    break
    return out


def check(state: GameState, a: Action, s: Seat) -> Do:
    assert a.card is not None
    card = C.LAND_INDEX[a.card]
    if len(a.cells) != 1 or a.source is not None:
        raise refuse(a, "one_tile", "a land card puts one tile on one hex (R23)", rule="R23")
    if not s.land_hand[card]:
        raise refuse(a, "no_such_card", f"you hold no {a.card} card (R23)", card=a.card,
                     rule="R23")
    h = hex_at(state, a, a.cells[0])
    if not can_place(state, state.current):
        raise refuse(a, "no_land_tile_left", "no land tile showing your colour is left (R3)",
                     rule="R3")
    space = state.board.spaces[h]
    if state.kind[h] == WATER:       # a water field or a water tile laid on pampas
        space = "water"
    if space in ("market", "water"):
        raise refuse(a, "land_not_here", f"land tiles never go on a {space} (R30)",
                     space=space, rule="R30")
    if state.kind[h] != EMPTY:
        raise refuse(a, "taken", f"{state.cell(h)} is already taken (R23, R30)",
                     cell=state.cell(h), rule="R23, R30")
    where, fallback = targets(state, card, None)
    if h not in where:
        if space == "pampas":
            if card != C.PAMPAS_CARD and not fallback:
                raise refuse(a, "terrain_first",
                             f"a {a.card} card goes on a free {a.card} space while"
                             " one is left (R23, R25)", card=a.card, rule="R23, R25")
            raise refuse(a, "pampas_not_adjacent",
                         f"{state.cell(h)} is not next to one of your land tiles"
                         " (R24)", cell=state.cell(h), rule="R24")
        if card == C.PAMPAS_CARD or fallback:
            raise refuse(a, "pampas_card",
                         "a pampas card (or a terrain card with no free space"
                         " left) goes on pampas next to your land (R24, R25)",
                         rule="R24, R25")
        raise refuse(a, "wrong_terrain", f"{state.cell(h)} is {space}, not {a.card} (R23)",
                     cell=state.cell(h), space=space, card=a.card, rule="R23")
    return lambda ev: play(state, ev, card, h, fallback)


def play(state: GameState, events: list[Event], card: int, h: int, fallback: bool) -> None:
    s = state.seat
    s.land_hand[card] -= 1
    if s.known_land[card]:
        s.known_land[card] -= 1
    state.land_discard.append(C.LAND_CARDS[card])
    s.land_hexes.append(h)
    state.occupy(h, LAND, state.current)
    event(events, "tile_placed", state.current, card=C.LAND_CARDS[card],
          cell=state.cell(h), fallback=fallback, chain=len(state.chain_at(h)))
    spend_action(state)
