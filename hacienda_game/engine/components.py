"""The game's components and prices, kept as data (R1-R8, R18-R21, R42)."""

from __future__ import annotations

from itertools import combinations

from ..maps.board import TERRAINS as TERRAINS
from ..maps.hexgrid import Cube

LAND_CARDS: tuple[str, ...] = (*TERRAINS, "pampas")
ANIMALS: tuple[str, ...] = ("cattle", "horse", "pig", "sheep")
LAND_INDEX = {name: i for i, name in enumerate(LAND_CARDS)}
ANIMAL_INDEX = {name: i for i, name in enumerate(ANIMALS)}
PAMPAS_CARD = LAND_INDEX["pampas"]

# R1, R2: card decks.
LAND_DECK: dict[str, int] = {**{t: 14 for t in TERRAINS}, "pampas": 10}
ANIMAL_DECK: dict[str, int] = {a: 18 for a in ANIMALS}

MIN_PLAYERS, MAX_PLAYERS = 2, 5

# R3: 80 two-sided land tiles; every pair of the five player colours on 8 tiles.
COLOURS = 5
LAND_TILE_PAIRS: dict[tuple[int, int], int] = {pair: 8 for pair in combinations(range(COLOURS), 2)}

# R4: 30 animal tokens per player; each pair of different animals on 5 tokens.
ANIMAL_TOKEN_PAIRS: dict[tuple[int, int], int] = {
    pair: 5 for pair in combinations(range(len(ANIMALS)), 2)}

# R5: haciendas to buy, by number of players.
HACIENDAS = {2: 5, 3: 7, 4: 8, 5: 9}
# R6
HARVEST_CHIPS = 8
# R7: water tiles by size, and their shapes as cube offsets (any rotation).
WATER_TILES = {1: 9, 2: 4, 3: 3, 4: 2}
WATER_SHAPES: dict[int, tuple[Cube, ...]] = {
    1: ((0, 0, 0),),
    2: ((0, 0, 0), (1, 0, -1)),                          # two adjacent hexes
    3: ((0, 0, 0), (1, 0, -1), (1, -1, 0)),              # a triangle
    4: ((0, 0, 0), (1, 0, -1), (1, -1, 0), (2, -1, -1)),  # a rhombus of two triangles
}
# R8
START_MONEY = 20
# R9, R10
LAND_HAND = 8
ANIMAL_HAND = 4
FACE_UP = 4
ANIMALS_REMOVED = {2: 30, 3: 20, 4: 10, 5: 0}
# R13
ACTIONS_PER_TURN = 3
# R17 (variant "hand_limits")
HAND_LIMIT_LAND = 20
HAND_LIMIT_ANIMAL = 10
# R18-R21: prices
PRICE_BLIND = 2
PRICE_FACE_UP = 3
PRICE_HACIENDA = 12
PRICE_WATER = 12
# R36
HARVEST_PER_TILE = 3
# R26, R39: a chain is 2 or more tiles; only a chain is harvested (a lone
# tile too under the house rule "lone_harvest")
CHAIN_MIN_HARVEST = 2
# R43
CHAIN_MIN_SCORING = 3
CHAIN_POINTS_PER_TILE = 2
# R47
PESOS_PER_POINT = 10

# R17, R46; "lone_harvest" is a house rule (R39)
VARIANTS = ("hand_limits", "lakes", "lone_harvest")


def market_points(connected: int) -> int:
    """R42: 1, 3, 6, 10, ... points for 1, 2, 3, 4, ... connected markets."""
    return connected * (connected + 1) // 2


def hall_capacities(pairs: dict[tuple[int, int], int], members: int) -> dict[int, int]:
    """For every non-empty subset (bit mask) of ``members``: how many items
    show at least one of them.  Hall's condition for two-sided pieces: a
    demand per member is coverable iff, for every subset, the demands add up
    to at most that subset's capacity (R3, R4)."""
    caps = {}
    for mask in range(1, 1 << members):
        caps[mask] = sum(n for (a, b), n in pairs.items()
                         if (a < members and mask >> a & 1) or (b < members and mask >> b & 1))
    return caps


def masks_containing(members: int) -> tuple[tuple[int, ...], ...]:
    """For each member, the subset masks that contain it."""
    return tuple(tuple(m for m in range(1, 1 << members) if m >> i & 1) for i in range(members))


ANIMAL_CAPS = hall_capacities(ANIMAL_TOKEN_PAIRS, len(ANIMALS))
ANIMAL_MASKS = masks_containing(len(ANIMALS))
LAND_CAPS = {p: hall_capacities(LAND_TILE_PAIRS, p) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
LAND_MASKS = {p: masks_containing(p) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def coverable(counts: list[int] | tuple[int, ...], caps: dict[int, int]) -> bool:
    """Whether these per-member demands can all be met (Hall's condition)."""
    for mask, cap in caps.items():
        total = 0
        for i, n in enumerate(counts):
            if mask >> i & 1:
                total += n
        if total > cap:
            return False
    return True


_can_add_memo: dict[tuple[int, ...], bool] = {}


def can_add(counts: list[int], member: int, caps: dict[int, int],
            masks: tuple[tuple[int, ...], ...]) -> bool:
    """Whether one more piece for ``member`` keeps the demands coverable."""
    key = (id(caps), member, *counts)
    known = _can_add_memo.get(key)
    if known is None:
        if len(_can_add_memo) > 200_000:
            _can_add_memo.clear()
        known = _can_add_memo[key] = _can_add(counts, member, caps, masks)
    return known


def _can_add(counts: list[int], member: int, caps: dict[int, int],
             masks: tuple[tuple[int, ...], ...]) -> bool:
    for mask in masks[member]:
        total = 1
        for i, n in enumerate(counts):
            if mask >> i & 1:
                total += n
        if total > caps[mask]:
            return False
    return True
