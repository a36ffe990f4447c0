"""Haciendas (R5, R20): where one may go, the check, placing it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .common import Do, event, hex_at, pay, refuse, spend_action, turn_open
from .events import Event
from .groups import LAND, WATER
from .segments import Segment, new_action

if TYPE_CHECKING:
    from .state import GameState, Seat


def targets(state: GameState) -> list[int]:
    """Own land tiles and tokens whose chain or herd has no hacienda (R20)."""
    seat = state.current
    with_hacienda = set(state.haciendas)
    out: list[int] = []
    for groups in (state.chains(seat),
                   *(state.herds_of(seat, a) for a in range(len(C.ANIMALS)))):
        for g in groups:
            if with_hacienda.isdisjoint(g):
                out.extend(g)
    out.sort()
    return out


def options(state: GameState, first: bool) -> list[Segment]:
    s = state.seat
    if (not turn_open(state) or state.bought_hacienda or state.haciendas_left <= 0
            or s.money < C.PRICE_HACIENDA):
        return []
    names = state.board.cells
    where = targets(state)
    if not where:
        return []
    return [(where, lambda h: new_action(Action, ("buy", "hacienda", None, (names[h],), None)))]


def check(state: GameState, a: Action, s: Seat) -> Do:
    if len(a.cells) != 1 or a.card or a.source is not None:
        raise refuse(a, "hacienda_one_hex", "a hacienda goes on one hex (R20)", rule="R20")
    if state.bought_hacienda:
        raise refuse(a, "one_hacienda", "only one hacienda may be bought per turn (R15)",
                     rule="R15")
    if state.haciendas_left <= 0:
        raise refuse(a, "no_hacienda_left", "no hacienda is left (R5, R20)",
                     count=C.HACIENDAS[state.players], rule="R5, R20")
    pay(a, s, C.PRICE_HACIENDA, "a hacienda")
    h = hex_at(state, a, a.cells[0])
    if state.owner[h] != state.current or state.kind[h] == WATER:
        raise refuse(a, "hacienda_not_own",
                     f"{state.cell(h)} is not one of your land tiles or animal"
                     " tokens (R20)", cell=state.cell(h), rule="R20")
    if not set(state.haciendas).isdisjoint(state.chain_at(h)):
        group = "land chain" if state.kind[h] == LAND else "herd"
        raise refuse(a, "hacienda_already", f"that {group} already has a hacienda (R20)",
                     group=group, rule="R20")
    return lambda ev: buy(state, ev, h)


def buy(state: GameState, events: list[Event], h: int) -> None:
    state.seat.money -= C.PRICE_HACIENDA
    state.haciendas_left -= 1
    state.haciendas.append(h)
    state.bought_hacienda = True
    event(events, "hacienda_placed", state.current, cell=state.cell(h),
          price=C.PRICE_HACIENDA)
    spend_action(state)
