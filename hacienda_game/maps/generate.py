"""A random board generator that only makes valid, playable boards.

`generate_board` lays out a pointy-top board (stagger odd) sized for the
number of players: a coastline with a few bays, clusters of two or three
mixed terrains with pampas between them, markets spread out over the pampas
(each as far from the others as the seed allows), and water fields in open
pampas.  With ``mirror`` symmetry the board is the same reflected left to
right on screen, with ``rotational`` the same turned half way round.

A board is kept only if it is playable: every terrain has enough spaces for
the players, the pampas is one connected piece, every market touches it and
the board passes the game's own validation with no warning.  Otherwise the
next attempt (a seed derived from the first) is tried, so the same arguments
always give the same board.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .board import TERRAINS, Board, BoardError
from .hexgrid import Cell, neighbours, to_cube
from .tmx import validate_board

SYMMETRIES = ("mirror", "rotational", "none")
AXIS, INDEX = "y", "odd"
# Board size (columns, rows) by number of players.  Rows are 9, 13 or 17 so
# that the centre row is not shifted and a rotational board has a centre hex.
SIZES = {2: (17, 13), 3: (19, 13), 4: (21, 13), 5: (23, 13)}
MAX_ATTEMPTS = 60


@dataclass(frozen=True)
class Request:
    """What to generate; `problems` says what is impossible."""

    markets: int
    water: int
    players: int
    symmetry: str
    seed: int

    def problems(self) -> list[str]:
        out = []
        if self.players not in SIZES:
            out.append(f"players must be 2-5, not {self.players}")
        if self.symmetry not in SYMMETRIES:
            out.append(f"symmetry must be one of {', '.join(SYMMETRIES)}, not {self.symmetry!r}")
        if not 1 <= self.markets <= 16:
            out.append(f"markets must be 1-16, not {self.markets}")
        if not 0 <= self.water <= 12:
            out.append(f"water fields must be 0-12, not {self.water}")
        if self.symmetry == "rotational" and self.markets % 2 and self.water % 2:
            out.append("a rotational board has one centre hex: markets and water fields"
                       " cannot both be odd")
        return out

    @property
    def terrain_target(self) -> int:
        """Spaces per terrain (there are 14 land cards of each): 12 for two
        players, one more for each further player."""
        return 10 + self.players


def generate_board(request: Request, name: str = "generated") -> Board:
    """A valid, playable board for ``request``; `BoardError` if the request
    is impossible or no attempt succeeds."""
    problems = request.problems()
    if problems:
        raise BoardError(problems)
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"{request.seed}/{attempt}")
        spaces = _Layout(request, rng).build()
        if spaces is None:
            continue
        width, height = SIZES[request.players]
        board = Board(name, width, height, spaces, staggeraxis=AXIS, staggerindex=INDEX,
                      tilewidth=32, tileheight=32, hexsidelength=16)
        if not playability_problems(board, request.terrain_target):
            return board
    raise BoardError([f"no playable board found for {request} in {MAX_ATTEMPTS} attempts;"
                      " try fewer markets or water fields, or another seed"])


def playability_problems(board: Board, terrain_target: int = 1) -> list[str]:
    """Why a board is not fit to play on ([] when it is): the game's errors
    and warnings, too few spaces of a terrain, pampas in several pieces, a
    market that touches no pampas."""
    errors, warnings = validate_board(board)
    problems = errors + warnings
    for terrain in TERRAINS:
        if len(board.by_space[terrain]) < terrain_target:
            problems.append(f"only {len(board.by_space[terrain])} {terrain} spaces")
    pampas = set(board.pampas)
    pieces = _pieces(pampas, lambda h: board.adjacent[h])
    if len(pieces) != 1:
        problems.append(f"the pampas is in {len(pieces)} pieces")
    problems += [f"market {board.names[m]} touches no pampas" for m in board.markets
                 if not pampas.intersection(board.adjacent[m])]
    return problems


def _pieces(members: set, around: Callable[[object], Iterable]) -> list[set]:
    left, pieces = set(members), []
    while left:
        start = left.pop()
        piece, stack = {start}, [start]
        while stack:
            for n in around(stack.pop()):
                if n in left:
                    left.remove(n)
                    piece.add(n)
                    stack.append(n)
        pieces.append(piece)
    return pieces


def _distance(a: Cell, b: Cell) -> int:
    ca, cb = to_cube(*a, AXIS, INDEX), to_cube(*b, AXIS, INDEX)
    return max(abs(ca[i] - cb[i]) for i in range(3))


class _Layout:
    """One attempt: cells are filled an orbit (a cell and its mirror image) at a time."""

    def __init__(self, request: Request, rng: random.Random):
        self.request = request
        self.rng = rng
        self.width, self.height = SIZES[request.players]
        self.cells = [(x, y) for y in range(self.height)
                      for x in range(self.width - (y & 1))]
        self.spaces: dict[Cell, str] = dict.fromkeys(self.cells, "pampas")

    def image(self, cell: Cell) -> Cell:
        """The cell's symmetric partner (itself on the axis or at the centre)."""
        x, y = cell
        row_width = self.width - (y & 1)
        if self.request.symmetry == "mirror":
            return (row_width - 1 - x, y)
        if self.request.symmetry == "rotational":
            return (row_width - 1 - x, self.height - 1 - y)
        return cell

    def orbit(self, cell: Cell) -> set[Cell]:
        return {cell, self.image(cell)}

    def around(self, cell: Cell) -> list[Cell]:
        return [n for n in neighbours(*cell, AXIS, INDEX) if n in self.spaces]

    def paint(self, cell: Cell, space: str) -> int:
        for c in self.orbit(cell):
            self.spaces[c] = space
        return len(self.orbit(cell))

    def build(self) -> dict[Cell, str] | None:
        self.carve_bays()
        if not self.grow_clusters():
            return None
        if not self.place("market", self.request.markets, self.market_score):
            return None
        if not self.place("water", self.request.water, self.water_score):
            return None
        return self.spaces

    def carve_bays(self) -> None:
        """Bite a few small bays out of the coast, keeping the board in one piece."""
        border = [c for c in self.cells if len(self.around(c)) < 6]
        for _ in range(self.rng.randint(2, 4)):
            start = self.rng.choice(border)
            bay = [start]
            for _ in range(self.rng.randint(1, 4)):
                options = [n for n in self.around(bay[-1]) if len(self.around(n)) < 6]
                if options:
                    bay.append(self.rng.choice(options))
            removed = {c for cell in bay for c in self.orbit(cell)}
            remaining = set(self.spaces) - removed
            if len(_pieces(remaining, self.around)) == 1:
                for c in removed:
                    self.spaces.pop(c, None)
        self.cells = [c for c in self.cells if c in self.spaces]

    def grow_clusters(self) -> bool:
        target = self.request.terrain_target
        counts = dict.fromkeys(TERRAINS, 0)
        for _ in range(60):
            short = [t for t in TERRAINS if counts[t] < target]
            if not short:
                self.fill_pockets()
                return True
            free = [c for c in self.cells if self.spaces[c] == "pampas"
                    and all(self.spaces[n] == "pampas" for n in self.around(c))]
            if not free:
                return False
            seed = self.rng.choice(free)
            others = [t for t in TERRAINS if t not in short]
            kinds = self.rng.sample(short, min(len(short), self.rng.choice((2, 3))))
            if len(kinds) < 2:
                kinds.append(self.rng.choice(others))
            kinds.sort(key=lambda t: counts[t])
            cluster = [seed]
            counts[kinds[0]] += self.paint(seed, kinds[0])
            for _ in range(self.rng.randint(4, 8)):
                wanted = [t for t in kinds if counts[t] < target]
                if not wanted:
                    break
                frontier = [n for c in cluster for n in self.around(c)
                            if self.spaces[n] == "pampas" and self.keeps_pampas_open(n, cluster)]
                if not frontier:
                    break
                cell = self.rng.choice(frontier)
                same = [self.spaces[n] for n in self.around(cell) if self.spaces[n] in wanted]
                terrain = (self.rng.choice(same) if same and self.rng.random() < 0.55
                           else min(wanted, key=lambda t: (counts[t], self.rng.random())))
                counts[terrain] += self.paint(cell, terrain)
                cluster.append(cell)
        return False

    def fill_pockets(self) -> None:
        """Pampas cut off from the open pampas by land becomes land: the
        terrain most common round the pocket (a pocket's symmetric image has
        the same surroundings, so the board stays symmetric)."""
        pampas = {c for c in self.cells if self.spaces[c] == "pampas"}
        pieces = sorted(_pieces(pampas, self.around), key=lambda p: (-len(p), min(p)))
        for pocket in pieces[1:]:
            shore = Counter(self.spaces[n] for c in pocket for n in self.around(c)
                            if self.spaces[n] in TERRAINS)
            terrain = min(shore, key=lambda t: (-shore[t], t)) if shore else "pampas"
            for cell in pocket:
                self.paint(cell, terrain)

    def keeps_pampas_open(self, cell: Cell, cluster: list[Cell]) -> bool:
        """Clusters keep a pampas lane between them: a new land cell may touch
        land only of its own cluster."""
        own = {c for member in cluster for c in self.orbit(member)}
        return all(self.spaces[n] == "pampas" or n in own
                   for c in self.orbit(cell) for n in self.around(c))

    def market_score(self, cell: Cell, placed: list[Cell]) -> float | None:
        pampas = sum(self.spaces[n] == "pampas" for n in self.around(cell))
        if pampas < 2 or any(self.spaces[n] in ("market", "water") for n in self.around(cell)):
            return None
        spread = min((_distance(cell, p) for p in placed), default=self.width)
        near_land = any(self.spaces[n] in TERRAINS for n in self.around(cell))
        return spread + (1.0 if near_land else 0.0) + 0.4 * pampas + 2 * self.rng.random()

    def water_score(self, cell: Cell, placed: list[Cell]) -> float | None:
        if len(self.around(cell)) < 6 or any(
                self.spaces[n] not in ("pampas", *TERRAINS) for n in self.around(cell)):
            return None
        markets = [c for c in self.cells if self.spaces[c] == "market"]
        if any(_distance(cell, m) < 2 for m in markets):
            return None
        spread = min((_distance(cell, p) for p in placed), default=self.width)
        return spread + 2 * self.rng.random()

    def place(self, space: str, count: int,
              score: Callable[[Cell, list[Cell]], float | None]) -> bool:
        """Place ``count`` of a space on pampas, each where ``score`` is best;
        an odd count puts one on a cell that is its own symmetric image."""
        placed: list[Cell] = []
        while len(placed) < count:
            need_single = (count - len(placed)) % 2 == 1 and self.request.symmetry != "none"
            ranked = []
            for cell in self.cells:
                if self.spaces[cell] != "pampas":
                    continue
                orbit = self.orbit(cell)
                if need_single != (len(orbit) == 1) and self.request.symmetry != "none":
                    continue
                if any(self.spaces[c] != "pampas" for c in orbit):
                    continue
                if len(orbit) == 2 and self.image(cell) in self.around(cell):
                    continue  # the pair would touch each other
                value = score(cell, placed)
                if value is not None:
                    ranked.append((value, cell))
            ranked.sort(reverse=True)
            best = next((cell for _, cell in ranked if self.keeps_pampas_whole(cell)), None)
            if best is None:
                return False
            self.paint(best, space)
            placed.extend(sorted(self.orbit(best)))
        return True

    def keeps_pampas_whole(self, cell: Cell) -> bool:
        """Whether the pampas stays one piece with this cell's orbit taken."""
        taken = self.orbit(cell)
        pampas = {c for c in self.cells if self.spaces[c] == "pampas"} - taken
        return len(_pieces(pampas, self.around)) == 1
