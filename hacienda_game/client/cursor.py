"""The hex cursor keys and pads move over the board.

With nothing chosen it walks hex by hex; with a card or buy chosen it jumps
between the hexes where that is legal (they come from the action layer, i.e.
from ``legal_actions()``), to the nearest one in the pressed direction.
"""

from __future__ import annotations

from collections.abc import Sequence

DIRECTIONS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}


class HexCursor:
    def __init__(self, centres: Sequence[tuple[float, float]]):
        self.centres = list(centres)
        self.hex: int | None = None

    def place(self, targets: Sequence[int] | None = None) -> int | None:
        """Put the cursor on the board: on a target (the nearest to where it was)
        when there are targets, else where it was or on the middle hex."""
        if not self.centres:
            return None
        if targets:
            if self.hex not in targets:
                origin = self.centres[self.hex] if self.hex is not None else self._middle()
                self.hex = min(targets, key=lambda h: (_dist2(self.centres[h], origin), h))
        elif self.hex is None:
            middle = self._middle()
            self.hex = min(range(len(self.centres)),
                           key=lambda h: (_dist2(self.centres[h], middle), h))
        return self.hex

    def move(self, direction: str, targets: Sequence[int] | None = None) -> bool:
        """Step (or jump between targets) towards the direction; False if nothing lies
        that way.  The nearest hex inside a 60-degree cone wins; failing that, with
        targets, the nearest one anywhere on that side."""
        if self.hex is None:
            return self.place(targets) is not None
        dx, dy = DIRECTIONS[direction]
        here = self.centres[self.hex]
        pool = [h for h in (targets if targets else range(len(self.centres))) if h != self.hex]
        best: tuple[float, int] | None = None
        wide: tuple[float, int] | None = None
        for h in pool:
            vx, vy = self.centres[h][0] - here[0], self.centres[h][1] - here[1]
            along = vx * dx + vy * dy
            if along <= 0.5:
                continue
            across = abs(vx * dy - vy * dx)
            score = along + 2 * across
            if across <= along * 0.58 and (best is None or (score, h) < best):   # tan 30
                best = (score, h)
            if wide is None or (score, h) < wide:
                wide = (score, h)
        pick = best or (wide if targets else None)
        if pick is None:
            return False
        self.hex = pick[1]
        return True

    def _middle(self) -> tuple[float, float]:
        xs = [c[0] for c in self.centres]
        ys = [c[1] for c in self.centres]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
