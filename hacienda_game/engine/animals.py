"""Animal tokens and markets (R4, R27-R34): targets, the check, placing one,
market pay.

Part of `GameState` (state.py keeps the data, copying and dispatch); the
methods read and change the state's fields directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .events import Event
from .groups import ANIMAL0, EMPTY, LAND, WATER
from .segments import Segment

if TYPE_CHECKING:
    from .state import Seat


class AnimalRules:
    __slots__ = ()

    def _can_place_animal(self, s: Seat, animal: int) -> bool:
        """R4: the player's placed animals stay coverable by their 30 tokens."""
        counts = [len(h) for h in s.animal_hexes]
        return C.can_add(counts, animal, C.ANIMAL_CAPS, C.ANIMAL_MASKS)

    def _animal_targets(self, animal: int) -> list[int]:
        """R27: free pampas next to an own land tile or own token of that animal."""
        seat = self.current
        return sorted(self._land_frontier[seat] | self._animal_frontier[seat][animal])

    def _opt_play_animal(self, first: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or not any(s.animal_hand):
            return []
        out = []
        for a, n in enumerate(s.animal_hand):
            if n and self._can_place_animal(s, a):
                targets = self._animal_targets(a)
                if targets:
                    out.append(self._play_segment("animal", C.ANIMALS[a], targets))
                    if first:
                        break
        return out

    def _check_play_animal(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        animal = C.ANIMAL_INDEX[a.card]
        if len(a.cells) != 1 or a.source is not None:
            raise self._refuse(a, "one_token", "an animal card puts one token on one hex (R27)",
                               rule="R27")
        if not s.animal_hand[animal]:
            raise self._refuse(a, "no_such_card", f"you hold no {a.card} card (R27)", card=a.card,
                               rule="R27")
        h = self._hex(a, a.cells[0])
        if not self._can_place_animal(s, animal):
            raise self._refuse(a, "no_token_left",
                               f"your 30 animal tokens cannot show another {a.card} (R4)",
                               card=a.card, rule="R4")
        # A water tile laid on pampas makes its hexes water (R21).
        space = "water" if self.kind[h] == WATER else self.board.spaces[h]
        if space != "pampas":
            raise self._refuse(a, "animal_not_pampas",
                               f"animal tokens go on pampas, and {self.cell(h)} is"
                               f" {space} (R27, R30)",
                               cell=self.cell(h), space=space, rule="R27, R30")
        if self.kind[h] != EMPTY:
            raise self._refuse(a, "taken",
                               f"{self.cell(h)} is already taken (R27, R30)",
                               cell=self.cell(h), rule="R27, R30")
        if h not in self._land_frontier[self.current] and \
                h not in self._animal_frontier[self.current][animal]:
            raise self._refuse(a, "animal_not_adjacent",
                               f"{self.cell(h)} is not next to one of your land tiles or"
                               f" {a.card} tokens (R27)", cell=self.cell(h), card=a.card,
                               rule="R27")
        return lambda ev: self._do_play_animal(ev, animal, h)

    def _do_play_animal(self, events: list[Event], animal: int, h: int) -> None:
        s = self.seat
        s.animal_hand[animal] -= 1
        if s.known_animal[animal]:
            s.known_animal[animal] -= 1
        self.animal_discard.append(C.ANIMALS[animal])
        s.animal_hexes[animal].append(h)
        self._occupy(h, ANIMAL0 + animal, self.current)
        herd = self.chain_at(h)
        self._event(events, "animal_placed", self.current, animal=C.ANIMALS[animal],
                    cell=self.cell(h), herd=len(herd))
        markets = [m for m in self.board.adjacent[h] if self.board.is_market[m]]
        if markets:
            land = self.land_next_to(herd)
            amount = len(herd) + land
            for m in markets:
                # R32/R33: the side between m and h is reached now, once for good.
                s.money += amount
                self._event(events, "market_paid", self.current, market=self.cell(m),
                            side=self.cell(h), herd=len(herd), land=land, amount=amount)
        self._spend_action()

    def land_next_to(self, herd: list[int]) -> int:
        """R32: total size of the owner's land chains touching any token of a herd."""
        seat = self.owner[herd[0]]
        kind, owner, adj = self.kind, self.owner, self.board.adjacent
        counted: set[int] = set()
        total = 0
        for t in herd:
            for n in adj[t]:
                if kind[n] == LAND and owner[n] == seat and n not in counted:
                    chain = self.chain_at(n)
                    counted.update(chain)
                    total += len(chain)
        return total
