"""Water tiles (R7, R21): every placement, the check, laying one.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .events import Event
from .groups import EMPTY, WATER
from .segments import Cell, Segment, new_action

if TYPE_CHECKING:
    from .state import Seat


class WaterRules:
    __slots__ = ()

    def water_options(self, first: bool = False) -> list[tuple[int, tuple[Cell, ...]]]:
        """R21: every way to lay an available water tile on free pampas now, as
        (bit mask of its hexes, its cells), smaller tiles first.  Whether the
        seat may buy one (money, one per turn) is `legal_actions`' business."""
        board, free = self.board, self._free_pampas
        out = []
        for size in sorted(self.water_left):
            if self.water_left[size] <= 0:
                continue
            shape = C.WATER_SHAPES[size]
            for mask, cells in zip(board.placement_masks(shape), board.placement_cells(shape),
                                   strict=True):
                if mask & free == mask:
                    out.append((mask, cells))
                    if first:
                        return out
        return out

    def _water_placements(self, first: bool) -> list[tuple[Cell, ...]]:
        """R21: every way to lay an available water tile on free pampas, as cells."""
        return [cells for _, cells in self.water_options(first)]

    def _opt_buy_water(self, first: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or self.bought_water or s.money < C.PRICE_WATER:
            return []
        placements = self._water_placements(first)
        if not placements:
            return []
        return [(placements, lambda cells: new_action(Action, ("buy", "water", None, cells, None)))]

    def _check_buy_water(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        if a.card or a.source is not None or not 1 <= len(a.cells) <= 4:
            raise self._refuse(a, "water_cells", "a water tile covers 1 to 4 hexes (R7)", rule="R7")
        if self.bought_water:
            raise self._refuse(a, "one_water", "only one water tile may be bought per turn (R15)",
                               rule="R15")
        if list(a.cells) != sorted(set(a.cells)):
            raise self._refuse(a, "water_order",
                               "list a water tile's cells once each, in order of X then Y,"
                               " as parse_action does (R61)", rule="R61")
        size = len(a.cells)
        if self.water_left.get(size, 0) <= 0:
            raise self._refuse(a, "water_none_left",
                               f"no water tile of size {size} is left (R7, R21)",
                               size=size, rule="R7, R21")
        self._pay(a, s, C.PRICE_WATER, "a water tile")
        hexes = tuple(sorted(self._hex(a, c) for c in a.cells))
        for h in hexes:
            if not self.board.is_pampas[h] or self.kind[h] != EMPTY:
                raise self._refuse(a, "water_not_free",
                                   f"{self.cell(h)} is not a free pampas space (R21)",
                                   cell=self.cell(h), rule="R21")
        if hexes not in set(self.board.placements(C.WATER_SHAPES[size])):
            raise self._refuse(a, "water_shape",
                               f"those hexes do not form the size-{size} water tile's"
                               " shape (R7, R21)", size=size, rule="R7, R21")
        return lambda ev: self._do_buy_water(ev, hexes)

    def _do_buy_water(self, events: list[Event], hexes: tuple[int, ...]) -> None:
        self.seat.money -= C.PRICE_WATER
        self.water_left[len(hexes)] -= 1
        for h in hexes:
            self._occupy(h, WATER, -1)
        self.water_tiles.append(hexes)
        self.bought_water = True
        self._event(events, "water_placed", self.current, size=len(hexes),
                    cells=[self.cell(h) for h in hexes], price=C.PRICE_WATER)
        self._spend_action()
