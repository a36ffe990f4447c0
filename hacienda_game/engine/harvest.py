"""Harvests (R36-R39): chains without a chip, chips taken from others, the pay.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .events import Event
from .groups import LAND
from .segments import Segment, new_action

if TYPE_CHECKING:
    from .state import Seat


class HarvestRules:
    __slots__ = ()

    def harvestable(self, group: list[int]) -> bool:
        """R39: only a chain (2 or more tiles, R26) can be harvested, a lone
        tile too under the house rule ``lone_harvest``."""
        return len(group) >= C.CHAIN_MIN_HARVEST or "lone_harvest" in self.variants

    def _harvest_targets(self) -> list[int]:
        """R36/R38/R39: tiles of own chains that carry no harvest chip."""
        chips = set(self.chips)
        out: list[int] = []
        for g in self.chains(self.current):
            if chips.isdisjoint(g) and self.harvestable(g):
                out.extend(g)
        out.sort()
        return out

    def _harvest_sources(self) -> list[int]:
        """R37: with every chip on the board, chips on other players' tiles."""
        if self.chips_left > 0:
            return []
        return sorted(h for h in self.chips if self.owner[h] != self.current)

    def _opt_harvest(self, first: bool) -> list[Segment]:
        if not self._turn_open() or self.harvested or not self.seat.land_hexes:
            return []
        names = self.board.cells
        targets = self._harvest_targets()
        if not targets:
            return []
        if self.chips_left > 0:
            return [(targets,
                     lambda h: new_action(Action, ("harvest", None, None, (names[h],), None)))]
        sources = self._harvest_sources()
        if not sources:
            return []
        out: list[Segment] = []
        for h in targets:
            out.append((sources, lambda src, cell=names[h]: new_action(
                Action, ("harvest", None, None, (cell,), names[src]))))
            if first:
                break
        return out

    def _check_harvest(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        if a.card or a.item:
            raise self._refuse(a, "not_an_action", "not an action of this game (R14)", rule="R14")
        if self.harvested:
            raise self._refuse(a, "one_harvest", "only one harvest per turn (R15)", rule="R15")
        h = self._hex(a, a.cells[0])
        if self.kind[h] != LAND or self.owner[h] != self.current:
            raise self._refuse(a, "harvest_not_own",
                               f"{self.cell(h)} is not one of your land tiles (R36)",
                               cell=self.cell(h), rule="R36")
        chain = self.chain_at(h)
        if not self.harvestable(chain):
            raise self._refuse(a, "harvest_lone",
                               f"{self.cell(h)} is a lone tile, not a chain: only a chain of"
                               " 2 or more tiles can be harvested (R26, R39)",
                               cell=self.cell(h), rule="R26, R39")
        if not set(self.chips).isdisjoint(chain):
            raise self._refuse(a, "harvest_has_chip",
                               "that chain already has a harvest chip (R36, R38)", rule="R36, R38")
        src = None
        if self.chips_left > 0:
            if a.source is not None:
                raise self._refuse(a, "chip_from_supply",
                                   "chips are left in the supply: take one from there (R37)",
                                   rule="R37")
        else:
            if a.source is None:
                raise self._refuse(a, "chip_name_source",
                                   "all 8 chips are on the board: name the chip to take"
                                   " from another player's chain ('from X,Y') (R37)", rule="R37")
            src = self._hex(a, a.source)
            if src not in self.chips:
                raise self._refuse(a, "no_chip_there",
                                   f"there is no harvest chip on {self.cell(src)} (R37)",
                                   cell=self.cell(src), rule="R37")
            if self.owner[src] == self.current:
                raise self._refuse(a, "chip_own",
                                   "the chip must come from another player's chain (R37)",
                                   rule="R37")
        return lambda ev: self._do_harvest(ev, h, src)

    def _do_harvest(self, events: list[Event], h: int, src: int | None) -> None:
        source_seat = None
        if src is not None:
            source_seat = self.owner[src]
            self.chips.remove(src)
        self.chips.append(h)
        chain = len(self.chain_at(h))
        amount = chain * C.HARVEST_PER_TILE
        self.seat.money += amount
        self.harvested = True
        self._event(events, "harvest", self.current, cell=self.cell(h), chain=chain,
                    amount=amount, source=self.cell(src) if src is not None else None,
                    source_seat=source_seat)
        self._spend_action()
