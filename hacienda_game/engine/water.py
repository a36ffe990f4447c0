"""Water tiles (R7, R21): every placement, the check, laying one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..maps.board import Board
from . import components as C
from .actions import Action
from .common import Do, event, hex_at, pay, refuse, spend_action, turn_open
from .events import Event
from .groups import EMPTY, WATER
from .segments import Cell, Segment, new_action

if TYPE_CHECKING:
    from .state import GameState, Seat


Placement = tuple[int, tuple[Cell, ...]]      # bit mask of its hexes, its cells
# Every placement free pampas allow, by board, free-pampas mask and sizes
# left: the positions of a turn and every copy a search makes share them
# (listing them was half the time of `legal_actions`).  Never changed once
# made; the board kept beside them guards against a reused id.
_memo: dict[tuple[int, int, tuple[int, ...]],
            tuple[Board, list[Placement], list[tuple[Cell, ...]]]] = {}
MEMO_MOST = 4096


def _known(state: GameState) -> tuple[list[Placement], list[tuple[Cell, ...]]]:
    """Every placement now and their cells (shared lists: never change them)."""
    board, free, left = state.board, state._free_pampas, state.water_left
    sizes = tuple(size for size in sorted(left) if left[size] > 0)
    key = (id(board), free, sizes)
    hit = _memo.get(key)
    if hit is not None and hit[0] is board:
        return hit[1], hit[2]
    out: list[Placement] = []
    for size in sizes:
        shape = C.WATER_SHAPES[size]
        out += [(mask, cells) for mask, cells in zip(board.placement_masks(shape),
                                                      board.placement_cells(shape), strict=True)
                if mask & free == mask]
    made = (board, out, [cells for _, cells in out])
    if len(_memo) >= MEMO_MOST:
        _memo.clear()
    _memo[key] = made            # another thread may clear it again: use `made`
    return out, made[2]


def placements(state: GameState, first: bool = False) -> list[Placement]:
    """R21: every way to lay an available water tile on free pampas now, as
    (bit mask of its hexes, its cells), smaller tiles first.  Whether the
    seat may buy one (money, one per turn) is `legal_actions`' business."""
    if first:
        board, free = state.board, state._free_pampas
        for size in sorted(state.water_left):
            if state.water_left[size] <= 0:
                continue
            shape = C.WATER_SHAPES[size]
            for mask, cells in zip(board.placement_masks(shape), board.placement_cells(shape),
                                   strict=True):
                if mask & free == mask:
                    return [(mask, cells)]
        return []
    return list(_known(state)[0])


def options(state: GameState, first: bool) -> list[Segment]:
    s = state.seat
    if not turn_open(state) or state.bought_water or s.money < C.PRICE_WATER:
        return []
    cells = [cells for _, cells in placements(state, True)] if first else _known(state)[1]
    if not cells:
        return []
    return [(cells, _buy_water)]


def _buy_water(where: tuple[Cell, ...]) -> Action:
    return new_action(Action, ("buy", "water", None, where, None))


def check(state: GameState, a: Action, s: Seat) -> Do:
    if a.card or a.source is not None or not 1 <= len(a.cells) <= 4:
        raise refuse(a, "water_cells", "a water tile covers 1 to 4 hexes (R7)", rule="R7")
    if state.bought_water:
        raise refuse(a, "one_water", "only one water tile may be bought per turn (R15)",
                     rule="R15")
    if list(a.cells) != sorted(set(a.cells)):
        raise refuse(a, "water_order",
                     "list a water tile's cells once each, in order of X then Y,"
                     " as parse_action does (R61)", rule="R61")
    size = len(a.cells)
    if state.water_left.get(size, 0) <= 0:
        raise refuse(a, "water_none_left", f"no water tile of size {size} is left (R7, R21)",
                     size=size, rule="R7, R21")
    pay(a, s, C.PRICE_WATER, "a water tile")
    hexes = tuple(sorted(hex_at(state, a, c) for c in a.cells))
    for h in hexes:
        if not state.board.is_pampas[h] or state.kind[h] != EMPTY:
            raise refuse(a, "water_not_free", f"{state.cell(h)} is not a free pampas space (R21)",
                         cell=state.cell(h), rule="R21")
    if hexes not in set(state.board.placements(C.WATER_SHAPES[size])):
        raise refuse(a, "water_shape",
                     f"those hexes do not form the size-{size} water tile's"
                     " shape (R7, R21)", size=size, rule="R7, R21")
    return lambda ev: buy(state, ev, hexes)


def buy(state: GameState, events: list[Event], hexes: tuple[int, ...]) -> None:
    state.seat.money -= C.PRICE_WATER
    state.water_left[len(hexes)] -= 1
    for h in hexes:
        state.occupy(h, WATER, -1)
    state.water_tiles.append(hexes)
    state.bought_water = True
    event(events, "water_placed", state.current, size=len(hexes),
          cells=[state.cell(h) for h in hexes], price=C.PRICE_WATER)
    spend_action(state)
