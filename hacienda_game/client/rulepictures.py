"""The rules help's pictures, drawn from the real board: for each page a small
prepared position on the standard map (pieces placed where the rules let
them go, found from the map itself), drawn by the play screen's own board
drawing (``BoardDrawing``: the map's tiles, the pieces as the game shows
them), cut to the hexes the page is about and scaled whole-number crisp.
The hexes a page points at (where a card may go, the market reached) are
outlined in white, as the play screen marks the hex a choice would take.

Positions are data built from the board (``POSITIONS``), so the picture is
the game's board at whatever the map looks like; made once per page and size.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import pygame

from ..engine import ANIMAL0, ANIMALS, EMPTY, LAND, WATER, new_game, observe
from .assets import INK, NIGHT, WHITE

MAP = "symmetric"
PLAYERS = 4
ZOOM = 2                 # the least scale of the map's pixels in a picture


@dataclass
class Position:
    """Pieces on hexes: (kind, owner); haciendas and chips; the lit hexes."""

    pieces: dict[int, tuple[int, int]] = field(default_factory=dict)
    haciendas: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    water: list[tuple[int, ...]] = field(default_factory=list)
    lit: set[int] = field(default_factory=set)
    refused: set[int] = field(default_factory=set)    # hexes marked as taking nothing
    focus: set[int] = field(default_factory=set)      # the hexes the picture shows

    def land(self, hexes, seat: int) -> None:
        for h in hexes:
            self.pieces[h] = (LAND, seat)

    def animal(self, hexes, animal: str, seat: int) -> None:
        for h in hexes:
            self.pieces[h] = (ANIMAL0 + ANIMALS.index(animal), seat)


class Finder:
    """Places on the board that fit a position: runs of one terrain beside
    pampas, pampas beside a market."""

    def __init__(self, board) -> None:
        self.board = board
        self.adj = board.adjacent
        self.space = board.spaces

    def free(self, pos: Position, h: int) -> bool:
        return h not in pos.pieces

    def run(self, space: str, n: int, pos: Position, pampas_beside: int = 1) -> list[int]:
        """n hexes of a terrain in a row of neighbours, free, with at least
        ``pampas_beside`` free pampas around them, in the board's middle first."""
        for chain in self.runs(space, n, pos, pampas_beside):
            return chain
        raise LookupError(f"no run of {n} {space} on the map")

    def runs(self, space: str, n: int, pos: Position, pampas_beside: int = 1):
        for start in self.middle_order():
            if self.space[start] != space or not self.free(pos, start):
                continue
            chain = [start]
            while len(chain) < n:
                nxt = next((x for x in self.adj[chain[-1]] if self.space[x] == space
                            and x not in chain and self.free(pos, x)), None)
                if nxt is None:
                    break
                chain.append(nxt)
            if len(chain) == n and len(self.pampas_around(chain, pos)) >= pampas_beside:
                yield chain

    def pampas_around(self, hexes, pos: Position) -> list[int]:
        out = []
        for h in hexes:
            for x in self.adj[h]:
                if self.space[x] == "pampas" and self.free(pos, x) and x not in out \
                        and x not in hexes:
                    out.append(x)
        return out

    def middle_order(self) -> list[int]:
        cells = self.board.cells
        cx = sum(x for x, _y in cells) / len(cells)
        cy = sum(y for _x, y in cells) / len(cells)
        return sorted(range(len(cells)), key=lambda h: ((cells[h][0] - cx) ** 2
                                                        + (cells[h][1] - cy) ** 2, h))

    def market_with_terrain(self, pos: Position) -> tuple[int, int, int]:
        """A market, a pampas hex beside it and a terrain hex beside that pampas."""
        for m in self.middle_order():
            if self.space[m] != "market":
                continue
            for p in self.adj[m]:
                if self.space[p] != "pampas" or not self.free(pos, p):
                    continue
                for t in self.adj[p]:
                    if self.space[t] not in ("pampas", "market", "water") and self.free(pos, t):
                        return m, p, t
        raise LookupError("no market beside pampas beside land on the map")


def _land(f: Finder) -> Position:
    """A forest chain of 3 with a pampas tile beside it; lit: the next forest
    or pampas card's places (of the chains on the map, the most compact)."""
    best: tuple[int, Position] | None = None
    for chain in f.runs("forest", 3, Position(), 2):
        pos = Position()
        pos.land(chain, 0)
        tile = f.pampas_around(chain, pos)[0]
        pos.land([tile], 0)
        forest = [x for h in chain for x in f.adj[h]
                  if f.space[x] == "forest" and f.free(pos, x)]
        pos.lit = set(forest[:1]) | set(f.pampas_around([*chain, tile], pos)[:2])
        pos.focus = {*chain, tile} | pos.lit
        xs = [f.board.cells[h][0] for h in pos.focus]
        ys = [f.board.cells[h][1] for h in pos.focus]
        span = (max(xs) - min(xs)) * 2 + max(ys) - min(ys)
        if best is None or span < best[0]:
            best = (span, pos)
    if best is None:
        raise LookupError("no forest chain of 3 beside pampas on the map")
    return best[1]


def _animals(f: Finder) -> Position:
    """Pigs next to their land; lit: a pampas that takes another pig; a
    mountain beside them that takes no animal."""
    pos = Position()
    for chain in (c for space in ("meadow", "forest", "moor", "rock")
                  for c in f.runs(space, 2, pos, 3)):
        pampas = f.pampas_around(chain, pos)[:2]
        near = [*chain, *pampas]
        mountain = [x for h in near for x in f.adj[h] if f.space[x] == "mountain"]
        if mountain:
            break
    else:
        raise LookupError("no land beside pampas and a mountain on the map")
    pos.land(chain, 1)
    pos.animal(pampas, "pig", 1)
    lit = [x for x in f.pampas_around(pampas, pos) if x not in pampas]
    pos.lit = set(lit[:1])
    pos.refused = {mountain[0]}
    pos.focus = set(near) | pos.lit | pos.refused
    return pos


def _markets(f: Finder) -> Position:
    """A cattle herd of 3 reaching a market side, 2 land tiles beside it:
    3 + 2 = 5 pesos."""
    pos = Position()
    m, p, t = f.market_with_terrain(pos)
    second = next(x for x in f.adj[t] if f.space[x] == f.space[t] and f.free(pos, x))
    pos.land([t, second], 0)
    pos.animal([p], "cattle", 0)
    herd = [p]
    for h in herd:
        for x in f.pampas_around([h], pos):
            if len(herd) < 3 and m not in f.adj[x] and x not in herd:
                herd.append(x)
    pos.animal(herd, "cattle", 0)
    pos.lit = {m}
    pos.focus = {m, t, second, *herd}
    return pos


def _hacienda(f: Finder) -> Position:
    """A hacienda on a chain of 3 moor tiles."""
    pos = Position()
    chain = f.run("moor", 3, pos, 2)
    pos.land(chain, 2)
    pos.haciendas.append(chain[1])
    pampas = f.pampas_around(chain, pos)
    pos.animal(pampas[:2], "horse", 2)
    pos.focus = set(chain) | set(pampas[:2])
    return pos


def _water(f: Finder) -> Position:
    """A water tile of 3 hexes; tiles and tokens of two players touch it."""
    pos = Position()
    tile = f.run("pampas", 3, pos, 2)
    for h in tile:
        pos.pieces[h] = (WATER, -1)
    pos.water.append(tuple(tile))
    around = f.pampas_around(tile, pos)
    pos.animal(around[:2], "sheep", 1)
    land = [x for h in tile for x in f.adj[h]
            if f.space[x] not in ("pampas", "market", "water") and f.free(pos, x)]
    pos.land(land[:2], 3)
    pos.lit = set(tile)
    pos.focus = set(tile) | set(around[:2]) | set(land[:2])
    return pos


def _harvest(f: Finder) -> Position:
    """A chip on a chain of 5 tiles (15 pesos)."""
    pos = Position()
    chain = f.run("rock", 3, pos, 1)
    for h in [chain[1], *chain]:              # grown round its middle: a compact chain
        for x in f.adj[h]:
            if len(chain) < 5 and x not in chain and f.free(pos, x) \
                    and f.space[x] not in ("market", "water"):
                chain.append(x)
    pos.land(chain, 0)
    pos.chips.append(chain[1])
    pos.focus = set(chain)
    return pos


POSITIONS: dict[str, Callable[[Finder], Position]] = {
    "land": _land, "animals": _animals, "markets": _markets, "hacienda": _hacienda,
    "water": _water, "harvest": _harvest,
}


@cache
def _table():
    """The standard map's board, its view (the map picture) and a seat view to dress."""
    from .boardview import BoardView

    state = new_game(MAP, PLAYERS, seed=1)
    view = BoardView(state.board, pygame.Rect(0, 0, 320, 240))
    return state.board, view, observe(state, 0)


def position(section: str) -> Position | None:
    builder = POSITIONS.get(section)
    if builder is None:
        return None
    board, _view, _obs = _table()
    return builder(Finder(board))


_drawn: dict[tuple, pygame.Surface | None] = {}


def picture(art, section: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The page's board picture fitting ``size`` (None: the page has none)."""
    key = (section, size, id(art))
    if key not in _drawn:
        _drawn[key] = _draw(art, section, size)
    return _drawn[key]


def _draw(art, section: str, size: tuple[int, int]) -> pygame.Surface | None:
    from .scenes.play.parts.board import BoardDrawing
    from .scenes.play.parts.viewmodel import BoardModel

    pos = position(section)
    if pos is None:
        return None
    board, view, obs = _table()
    n = len(board.cells)
    kind, owner = [EMPTY] * n, [-1] * n
    for h, (k, o) in pos.pieces.items():
        kind[h], owner[h] = k, o
    dressed = dataclasses.replace(obs, kind=tuple(kind), owner=tuple(owner),
                                  haciendas=tuple(pos.haciendas), chips=tuple(pos.chips),
                                  water_tiles=tuple(pos.water))
    model = BoardModel(dressed, 0, tuple(range(PLAYERS)), False, frozenset(), None, None, None,
                       0.0, False)
    pieces = BoardDrawing(view, art).render_pieces(model)
    layout = board.layout
    for h in pos.lit:
        x, y = board.cells[h]
        pygame.draw.polygon(pieces, INK, layout.polygon(x, y), 4)
        pygame.draw.polygon(pieces, WHITE, layout.polygon(x, y), 2)
    mark = art.sprites.get("hex_illegal") if "hex_illegal" in art.sprites else None
    for h in pos.refused:
        if mark is not None:
            cx, cy = view.map_centres[h]
            pieces.blit(mark, mark.get_rect(center=(round(cx), round(cy))))
    points = [p for h in pos.focus for p in layout.polygon(*board.cells[h])]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    crop = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    margin = layout.tilewidth // 2
    crop = crop.inflate(2 * margin, 2 * margin).clip(pieces.get_rect())
    # Twice the map's pixels at least (pieces read as on the play screen),
    # the view cut around the focus where the box is smaller.
    k = max(ZOOM, min(size[0] // crop.w, size[1] // crop.h))
    w, h = min(crop.w, size[0] // k), min(crop.h, size[1] // k)
    crop = pygame.Rect(0, 0, w, h).move(crop.centerx - w // 2, crop.centery - h // 2)
    crop = crop.clamp(pieces.get_rect())
    snippet = pieces.subsurface(crop).copy()
    out = pygame.transform.scale_by(snippet, k)
    frame = pygame.Surface((out.get_width() + 4, out.get_height() + 4))
    frame.fill(NIGHT)
    pygame.draw.rect(frame, INK, frame.get_rect(), 2)
    frame.blit(out, (2, 2))
    return frame
