"""Scoring (R41-R49): markets, land chains, haciendas, water, money.

A scoring reads only the public board and money, so every function here
takes a `Position`: the whole `GameState`, or a seat's `Observation` (a
screen scores and previews from its view, never from a dealt state).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, Protocol

from ..maps.board import Board
from . import components as C
from .events import Event
from .groups import EMPTY, WATER

if TYPE_CHECKING:
    from .state import GameState

# One seat's row of a scoring: points per category, "total" and "detail".
Row = dict[str, Any]

CATEGORIES = ("markets", "chains", "haciendas", "water", "money")
# What each category counts on the board (`scoring_hexes`).
BOARD_CATEGORIES = ("markets", "chains", "haciendas", "water")


class PositionSeat(Protocol):
    """What scoring reads of a seat (`Seat` or `SeatView`)."""

    @property
    def money(self) -> int: ...
    @property
    def animal_hexes(self) -> Sequence[Sequence[int]]: ...


class Position(Protocol):
    """What scoring reads of a game: a `GameState` or an `Observation`."""

    @property
    def board(self) -> Board: ...
    @property
    def players(self) -> int: ...
    @property
    def variants(self) -> AbstractSet[str]: ...
    @property
    def kind(self) -> Sequence[int]: ...
    @property
    def owner(self) -> Sequence[int]: ...
    @property
    def water_tiles(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def haciendas(self) -> Sequence[int]: ...
    @property
    def seats(self) -> Sequence[PositionSeat]: ...
    def chains(self, seat: int) -> list[list[int]]: ...
    def herds_of(self, seat: int, animal: int) -> list[list[int]]: ...


def connected_markets(state: Position, seat: int) -> list[int]:
    """R34: markets touched by at least one of the seat's tokens."""
    board, kind, owner = state.board, state.kind, state.owner
    out = []
    for m in board.markets:
        for n in board.adjacent[m]:
            if owner[n] == seat and kind[n] > WATER:
                out.append(m)
                break
    return out


def water_bodies(state: Position) -> list[tuple[int, ...]]:
    """What R45 scores one at a time: each water tile, or with the variant
    "lakes" (R46) each group of adjacent water tiles."""
    tiles = state.water_tiles
    if "lakes" not in state.variants:
        return list(tiles)
    adj = state.board.adjacent
    tile_of = {h: i for i, t in enumerate(tiles) for h in t}
    parent = list(range(len(tiles)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, t in enumerate(tiles):
        for h in t:
            for n in adj[h]:
                j = tile_of.get(n)
                if j is not None:
                    parent[root(j)] = root(i)
    lakes: dict[int, list[int]] = {}
    for i, t in enumerate(tiles):
        lakes.setdefault(root(i), []).extend(t)
    return [tuple(sorted(h)) for h in lakes.values()]


def score(state: Position) -> list[Row]:
    """One scoring of the position now, one dict per seat (R41-R47).

    Each dict has the points of every category, ``total``, and ``detail``:
    connected markets, scoring chain sizes, hacienda group sizes, water points
    per water tile (or lake) that gives any, and pesos held.
    """
    board, kind, owner = state.board, state.kind, state.owner
    adj = board.adjacent
    water_points: list[list[int]] = [[] for _ in range(state.players)]
    for body in water_bodies(state):
        touching: set[int] = set()
        for h in body:
            for n in adj[h]:
                if kind[n] != EMPTY and kind[n] != WATER:
                    touching.add(n)
        per_seat = [0] * state.players
        for n in touching:
            per_seat[owner[n]] += 1
        for seat, pts in enumerate(per_seat):
            if pts:
                water_points[seat].append(pts)
    hacienda_hexes = set(state.haciendas)
    table = []
    for seat, s in enumerate(state.seats):
        markets = len(connected_markets(state, seat))
        chains = state.chains(seat)
        chain_sizes = sorted((len(g) for g in chains if len(g) >= C.CHAIN_MIN_SCORING),
                             reverse=True)
        groups = list(chains)
        for a in range(len(s.animal_hexes)):
            groups.extend(state.herds_of(seat, a))
        hacienda_sizes = [len(g) for g in groups if not hacienda_hexes.isdisjoint(g)]
        row: Row = {
            "markets": C.market_points(markets),
            "chains": C.CHAIN_POINTS_PER_TILE * sum(chain_sizes),
            "haciendas": sum(hacienda_sizes),
            "water": sum(water_points[seat]),
            "money": s.money // C.PESOS_PER_POINT,
        }
        row["total"] = sum(row[c] for c in CATEGORIES)
        row["detail"] = {"markets": markets, "chains": chain_sizes,
                         "haciendas": sorted(hacienda_sizes, reverse=True),
                         "water": water_points[seat], "money": s.money}
        table.append(row)
    return table


def scoring_hexes(state: Position) -> dict[str, list[list[int]]]:
    """For each board category of a scoring (`BOARD_CATEGORIES`), every
    seat's hexes that count in it now: its pieces next to a connected market
    (the market hexes themselves), chains long enough to score (R43), chains
    and herds holding a hacienda (R44), pieces touching water (R45)."""
    adj = state.board.adjacent
    kind, owner = state.kind, state.owner
    out: dict[str, list[list[int]]] = {c: [] for c in BOARD_CATEGORIES}
    haciendas = set(state.haciendas)
    bodies = water_bodies(state)
    for s in range(state.players):
        out["markets"].append(connected_markets(state, s))
        chains = state.chains(s)
        out["chains"].append(sorted(h for g in chains if len(g) >= C.CHAIN_MIN_SCORING
                                    for h in g))
        groups = list(chains) + [g for a in range(len(C.ANIMALS)) for g in state.herds_of(s, a)]
        out["haciendas"].append(sorted(h for g in groups if not haciendas.isdisjoint(g)
                                       for h in g))
        wet: set[int] = set()
        for body in bodies:
            for h in body:
                wet.update(n for n in adj[h] if owner[n] == s
                           and kind[n] not in (EMPTY, WATER))
        out["water"].append(sorted(wet))
    return out


def apply_scoring(state: GameState, which: str, events: list[Event]) -> None:
    """Score now and add the points to every seat (R40, R41)."""
    table = score(state)
    for s, row in zip(state.seats, table, strict=True):
        s.score += row["total"]
        s.scorings.append({k: row[k] for k in (*CATEGORIES, "total")})
    state.scorings_done += 1
    events.append(Event("scoring", None, {"which": which, "table": table,
                                          "scores": [s.score for s in state.seats]}))


def ranking(state: GameState) -> tuple[list[int], list[int]]:
    """R49: seats best first (points, then money), and the winners (ties share)."""
    key = [(s.score, s.money) for s in state.seats]
    order = sorted(range(state.players), key=lambda i: (-key[i][0], -key[i][1], i))
    best = key[order[0]]
    return order, [i for i in order if key[i] == best]


__all__ = ["BOARD_CATEGORIES", "CATEGORIES", "Position", "apply_scoring", "connected_markets",
           "ranking", "score", "scoring_hexes", "water_bodies"]
