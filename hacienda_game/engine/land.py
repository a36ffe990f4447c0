"""Land tiles (R3, R23-R26, R30): targets, the check, placing one.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .events import Event
from .groups import EMPTY, LAND, WATER
from .segments import Segment

if TYPE_CHECKING:
    from .state import Seat


class LandRules:
    __slots__ = ()

    def _land_targets(self, card: int, pampas: list[int] | None) -> tuple[list[int], bool]:
        """Where a land card may go (R23-R25), and whether it is played as pampas."""
        if card != C.PAMPAS_CARD:
            kind = self.kind
            free = [h for h in self.board.by_space[C.LAND_CARDS[card]] if kind[h] == EMPTY]
            if free:
                return free, False
        if pampas is None:
            pampas = sorted(self._land_frontier[self.current])
        return pampas, card != C.PAMPAS_CARD

    def _can_place_land(self, seat: int) -> bool:
        """R3: a land tile showing this player's colour is left in the supply."""
        placed = [len(s.land_hexes) for s in self.seats]
        return C.can_add(placed, seat, self._land_caps, self._land_masks)

    def _opt_play_land(self, first: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or not any(s.land_hand) or not self._can_place_land(self.current):
            return []
        pampas = sorted(self._land_frontier[self.current])
        out = []
        for card, n in enumerate(s.land_hand):
            if n:
                targets, _ = self._land_targets(card, pampas)
                if targets:
                    out.append(self._play_segment("land", C.LAND_CARDS[card], targets))
                    if first:
                        break
        return out

    def _check_play_land(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        card = C.LAND_INDEX[a.card]
        if len(a.cells) != 1 or a.source is not None:
            raise self._refuse(a, "one_tile", "a land card puts one tile on one hex (R23)",
                               rule="R23")
        if not s.land_hand[card]:
            raise self._refuse(a, "no_such_card", f"you hold no {a.card} card (R23)", card=a.card,
                               rule="R23")
        h = self._hex(a, a.cells[0])
        if not self._can_place_land(self.current):
            raise self._refuse(a, "no_land_tile_left",
                               "no land tile showing your colour is left (R3)", rule="R3")
        space = self.board.spaces[h]
        if self.kind[h] == WATER:       # a water field or a water tile laid on pampas
            space = "water"
        if space in ("market", "water"):
            raise self._refuse(a, "land_not_here",
                               f"land tiles never go on a {space} (R30)",
                               space=space, rule="R30")
        if self.kind[h] != EMPTY:
            raise self._refuse(a, "taken",
                               f"{self.cell(h)} is already taken (R23, R30)",
                               cell=self.cell(h), rule="R23, R30")
        targets, fallback = self._land_targets(card, None)
        if h not in targets:
            if space == "pampas":
                if card != C.PAMPAS_CARD and not fallback:
                    raise self._refuse(a, "terrain_first",
                                       f"a {a.card} card goes on a free {a.card} space while"
                                       " one is left (R23, R25)", card=a.card, rule="R23, R25")
                raise self._refuse(a, "pampas_not_adjacent",
                                   f"{self.cell(h)} is not next to one of your land tiles"
                                   " (R24)", cell=self.cell(h), rule="R24")
            if card == C.PAMPAS_CARD or fallback:
                raise self._refuse(a, "pampas_card",
                                   "a pampas card (or a terrain card with no free space"
                                   " left) goes on pampas next to your land (R24, R25)",
                                   rule="R24, R25")
            raise self._refuse(a, "wrong_terrain",
                               f"{self.cell(h)} is {space}, not {a.card} (R23)",
                               cell=self.cell(h), space=space, card=a.card, rule="R23")
        return lambda ev: self._do_play_land(ev, card, h, fallback)

    def _do_play_land(self, events: list[Event], card: int, h: int, fallback: bool) -> None:
        s = self.seat
        s.land_hand[card] -= 1
        if s.known_land[card]:
            s.known_land[card] -= 1
        self.land_discard.append(C.LAND_CARDS[card])
        s.land_hexes.append(h)
        self._occupy(h, LAND, self.current)
        self._event(events, "tile_placed", self.current, card=C.LAND_CARDS[card],
                    cell=self.cell(h), fallback=fallback, chain=len(self.chain_at(h)))
        self._spend_action()
