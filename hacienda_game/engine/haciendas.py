"""Haciendas (R5, R20): where one may go, the check, placing it.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .events import Event
from .groups import LAND, WATER
from .segments import Segment, new_action

if TYPE_CHECKING:
    from .state import Seat


class HaciendaRules:
    __slots__ = ()

    def _hacienda_targets(self) -> list[int]:
        """Own land tiles and tokens whose chain or herd has no hacienda (R20)."""
        seat = self.current
        with_hacienda = set(self.haciendas)
        targets: list[int] = []
        for groups in (self.chains(seat),
                       *(self.herds_of(seat, a) for a in range(len(C.ANIMALS)))):
            for g in groups:
                if with_hacienda.isdisjoint(g):
                    targets.extend(g)
        targets.sort()
        return targets

    def _opt_buy_hacienda(self, first: bool) -> list[Segment]:
        s = self.seat
        if (not self._turn_open() or self.bought_hacienda or self.haciendas_left <= 0
                or s.money < C.PRICE_HACIENDA):
            return []
        names = self.board.cells
        targets = self._hacienda_targets()
        if not targets:
            return []
        return [(targets,
                 lambda h: new_action(Action, ("buy", "hacienda", None, (names[h],), None)))]

    def _check_buy_hacienda(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        if len(a.cells) != 1 or a.card or a.source is not None:
            raise self._refuse(a, "hacienda_one_hex", "a hacienda goes on one hex (R20)",
                               rule="R20")
        if self.bought_hacienda:
            raise self._refuse(a, "one_hacienda", "only one hacienda may be bought per turn (R15)",
                               rule="R15")
        if self.haciendas_left <= 0:
            raise self._refuse(a, "no_hacienda_left", "no hacienda is left (R5, R20)",
                               count=C.HACIENDAS[self.players], rule="R5, R20")
        self._pay(a, s, C.PRICE_HACIENDA, "a hacienda")
        h = self._hex(a, a.cells[0])
        if self.owner[h] != self.current or self.kind[h] == WATER:
            raise self._refuse(a, "hacienda_not_own",
                               f"{self.cell(h)} is not one of your land tiles or animal"
                               " tokens (R20)", cell=self.cell(h), rule="R20")
        if not set(self.haciendas).isdisjoint(self.chain_at(h)):
            group = "land chain" if self.kind[h] == LAND else "herd"
            raise self._refuse(a, "hacienda_already",
                               f"that {group} already has a hacienda (R20)",
                               group=group, rule="R20")
        return lambda ev: self._do_buy_hacienda(ev, h)

    def _do_buy_hacienda(self, events: list[Event], h: int) -> None:
        self.seat.money -= C.PRICE_HACIENDA
        self.haciendas_left -= 1
        self.haciendas.append(h)
        self.bought_hacienda = True
        self._event(events, "hacienda_placed", self.current, cell=self.cell(h),
                    price=C.PRICE_HACIENDA)
        self._spend_action()
