"""Harvests (R36-R39): chains without a chip, chips taken from others, the pay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .common import Do, event, hex_at, refuse, spend_action, turn_open
from .events import Event
from .groups import LAND
from .segments import Cell, Segment, new_action

if TYPE_CHECKING:
    from .state import GameState, Seat


def harvestable(state: GameState, group: Sequence[int]) -> bool:
    """R39: only a chain (2 or more tiles, R26) can be harvested, a lone
    tile too under the house rule ``lone_harvest``."""
    return len(group) >= C.CHAIN_MIN_HARVEST or "lone_harvest" in state.variants


def targets(state: GameState) -> list[int]:
    """R36/R38/R39: tiles of own chains that carry no harvest chip."""
    chips = set(state.chips)
    out: list[int] = []
    for g in state.chains(state.current):
        if chips.isdisjoint(g) and harvestable(state, g):
            out.extend(g)
    out.sort()
    return out


def sources(state: GameState) -> list[int]:
    """R37: with every chip on the board, chips on other players' tiles."""
    if state.chips_left > 0:
        return []
    return sorted(h for h in state.chips if state.owner[h] != state.current)


def _taking_chip(cell: Cell, names: Sequence[Cell]) -> Callable[[int], Action]:
    """Harvest the chain at ``cell`` with the chip from a hex (R37)."""
    return lambda src: new_action(Action, ("harvest", None, None, (cell,), names[src]))


def options(state: GameState, first: bool) -> list[Segment]:
    if not turn_open(state) or state.harvested or not state.seat.land_hexes:
        return []
    names = state.board.cells
    where = targets(state)
    if not where:
        return []
    if state.chips_left > 0:
        return [(where, lambda h: new_action(Action, ("harvest", None, None, (names[h],), None)))]
    chips = sources(state)
    if not chips:
        return []
    out: list[Segment] = []
    for h in where:
        out.append((chips, _taking_chip(names[h], names)))
        if first:
            break
    return out


def check(state: GameState, a: Action, s: Seat) -> Do:
    if a.card or a.item:
        raise refuse(a, "not_an_action", "not an action of this game (R14)", rule="R14")
    if state.harvested:
        raise refuse(a, "one_harvest", "only one harvest per turn (R15)", rule="R15")
    h = hex_at(state, a, a.cells[0])
    if state.kind[h] != LAND or state.owner[h] != state.current:
        raise refuse(a, "harvest_not_own", f"{state.cell(h)} is not one of your land tiles (R36)",
                     cell=state.cell(h), rule="R36")
    chain = state.chain_at(h)
    if not harvestable(state, chain):
        raise refuse(a, "harvest_lone",
                     f"{state.cell(h)} is a lone tile, not a chain: only a chain of"
                     " 2 or more tiles can be harvested (R26, R39)",
                     cell=state.cell(h), rule="R26, R39")
    if not set(state.chips).isdisjoint(chain):
        raise refuse(a, "harvest_has_chip", "that chain already has a harvest chip (R36, R38)",
                     rule="R36, R38")
    src = None
    if state.chips_left > 0:
        if a.source is not None:
            raise refuse(a, "chip_from_supply",
                         "chips are left in the supply: take one from there (R37)", rule="R37")
    else:
        if a.source is None:
            raise refuse(a, "chip_name_source",
                         "all 8 chips are on the board: name the chip to take"
                         " from another player's chain ('from X,Y') (R37)", rule="R37")
        src = hex_at(state, a, a.source)
        if src not in state.chips:
            raise refuse(a, "no_chip_there", f"there is no harvest chip on {state.cell(src)} (R37)",
                         cell=state.cell(src), rule="R37")
        if state.owner[src] == state.current:
            raise refuse(a, "chip_own", "the chip must come from another player's chain (R37)",
                         rule="R37")
    return lambda ev: harvest(state, ev, h, src)


def harvest(state: GameState, events: list[Event], h: int, src: int | None) -> None:
    source_seat = None
    if src is not None:
        source_seat = state.owner[src]
        state.chips.remove(src)
    state.chips.append(h)
    chain = len(state.chain_at(h))
    amount = chain * C.HARVEST_PER_TILE
    state.seat.money += amount
    state.harvested = True
    event(events, "harvest", state.current, cell=state.cell(h), chain=chain,
          amount=amount, source=state.cell(src) if src is not None else None,
          source_seat=source_seat)
    spend_action(state)
