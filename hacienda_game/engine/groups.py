"""Land chains (R26) and herds (R28): connected groups of one player's pieces."""

from __future__ import annotations

from collections.abc import Sequence

EMPTY, LAND, WATER, ANIMAL0 = 0, 1, 2, 3


def group_at(start: int, kind: Sequence[int], owner: Sequence[int],
             adjacent: Sequence[Sequence[int]]) -> list[int]:
    """The chain or herd holding hex ``start``: same owner, same piece kind."""
    k, p = kind[start], owner[start]
    seen = {start}
    stack = [start]
    while stack:
        h = stack.pop()
        for n in adjacent[h]:
            if n not in seen and kind[n] == k and owner[n] == p:
                seen.add(n)
                stack.append(n)
    return sorted(seen)


def groups_of(hexes: Sequence[int], kind: Sequence[int], owner: Sequence[int],
              adjacent: Sequence[Sequence[int]]) -> list[list[int]]:
    """Split a player's pieces of one kind into their connected groups."""
    done: set[int] = set()
    out = []
    for h in sorted(hexes):
        if h not in done:
            g = group_at(h, kind, owner, adjacent)
            done.update(g)
            out.append(g)
    return out


def group_ids(groups: list[list[int]]) -> dict[int, int]:
    """Hex -> index of the group it belongs to."""
    return {h: i for i, g in enumerate(groups) for h in g}
