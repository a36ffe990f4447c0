"""The board model the rules play on: hexes, their spaces, neighbours, markets.

A `Board` is immutable and shared by every game state played on it.  Hexes
are numbered 0..N-1 in reading order (row by row, Tiled's Y then X); the
engine works with these numbers, actions and files name cells ``X,Y``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from types import MappingProxyType

from ..i18n import N_
from .hexgrid import (
    STAGGER_AXES,
    STAGGER_INDICES,
    Cell,
    Cube,
    HexLayout,
    add_cube,
    neighbours,
    rotate_cube,
    to_cube,
)
from .reasons import MapProblem, all_worded

TERRAINS: tuple[str, ...] = ("mountain", "forest", "meadow", "rock", "moor")
SPACES: tuple[str, ...] = (*TERRAINS, "pampas", "market", "water")

# One letter per space for boards written as text (tests, quick sketches).
SPACE_LETTERS: Mapping[str, str] = MappingProxyType({
    "M": "mountain", "F": "forest", "G": "meadow", "R": "rock", "B": "moor",
    ".": "pampas", "$": "market", "~": "water",
})


class BoardError(ValueError):
    """A board that cannot be played on; ``problems`` lists every reason (each
    a `MapProblem`, worded where it is shown; as a string, in English)."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))

    def worded(self, full_path: bool = False) -> list[str]:
        """Every problem as an author reads it, in the current language."""
        return all_worded(self.problems, full_path)


def cell_name(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str) -> Cell:
    """``"3,4"`` -> ``(3, 4)``; spaces around the numbers are fine."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"not a cell: {text!r} (expected X,Y)")
    try:
        return (int(parts[0].strip()), int(parts[1].strip()))
    except ValueError:
        raise ValueError(f"not a cell: {text!r} (expected X,Y)") from None


class Board:
    """An immutable hex board.

    ``cells[i]`` is hex i's Tiled cell (X, Y), ``spaces[i]`` its space,
    ``adjacent[i]`` the hex numbers next to it (only hexes on the board).
    """

    def __init__(
        self,
        name: str,
        width: int,
        height: int,
        spaces_by_cell: Mapping[Cell, str],
        *,
        staggeraxis: str = "y",
        staggerindex: str = "odd",
        tilewidth: int = 16,
        tileheight: int = 16,
        hexsidelength: int = 8,
        origin: tuple[float, float] = (0, 0),
        margins: tuple[int, int, int, int] = (0, 0, 0, 0),
        properties: Mapping[str, str] | None = None,
        path: str | None = None,
    ):
        if staggeraxis not in STAGGER_AXES or staggerindex not in STAGGER_INDICES:
            raise BoardError([MapProblem("not_hexagonal",
                N_("{name}: stagger axis/index {axis}/{index}"
                                " must be x|y and odd|even"),
                                    name=name, axis=repr(staggeraxis),
                                    index=repr(staggerindex))])
        problems = []
        for cell, space in spaces_by_cell.items():
            if space not in SPACES:
                problems.append(MapProblem("unknown_tile",
                    N_("{name}: cell {cell}: unknown space {space}"),
                    name=name, cell=cell_name(cell), space=repr(space)))
            if not (0 <= cell[0] < width and 0 <= cell[1] < height):
                problems.append(MapProblem("outside_map",
                    N_("{name}: cell {cell} lies outside the {width}x{height} map"),
                    name=name, cell=cell_name(cell), width=width, height=height))
        if problems:
            raise BoardError(problems)
        self.name = name
        self.path = path
        self.width = width
        self.height = height
        self.staggeraxis = staggeraxis
        self.staggerindex = staggerindex
        # origin: the board layer's offset; margins: Tiled's around the picture.
        margins = tuple(int(m) for m in margins)
        self.layout = HexLayout(staggeraxis, staggerindex, tilewidth, tileheight, hexsidelength,
                                (round(origin[0]) + margins[0], round(origin[1]) + margins[1]),
                                margins)  # type: ignore[arg-type]
        self.properties: Mapping[str, str] = MappingProxyType(dict(properties or {}))
        ordered = sorted(spaces_by_cell, key=lambda c: (c[1], c[0]))
        self.cells: tuple[Cell, ...] = tuple(ordered)
        self.spaces: tuple[str, ...] = tuple(spaces_by_cell[c] for c in ordered)
        self.index: Mapping[Cell, int] = MappingProxyType({c: i for i, c in enumerate(ordered)})
        self.names: tuple[str, ...] = tuple(cell_name(c) for c in ordered)
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in neighbours(x, y, staggeraxis, staggerindex)
                  if n in self.index)
            for (x, y) in ordered
        )
        self.cubes: tuple[Cube, ...] = tuple(
            to_cube(x, y, staggeraxis, staggerindex) for (x, y) in ordered)
        self._by_cube = {c: i for i, c in enumerate(self.cubes)}
        by_space: dict[str, list[int]] = {s: [] for s in SPACES}
        for i, s in enumerate(self.spaces):
            by_space[s].append(i)
        self.by_space: Mapping[str, tuple[int, ...]] = MappingProxyType(
            {s: tuple(v) for s, v in by_space.items()})
        self.markets: tuple[int, ...] = self.by_space["market"]
        self.pampas: tuple[int, ...] = self.by_space["pampas"]
        self.water_fields: tuple[int, ...] = self.by_space["water"]
        self.land_spaces: tuple[int, ...] = tuple(
            i for i, s in enumerate(self.spaces) if s in TERRAINS)
        self.is_market: tuple[bool, ...] = tuple(s == "market" for s in self.spaces)
        self.is_pampas: tuple[bool, ...] = tuple(s == "pampas" for s in self.spaces)
        # A market side is the edge between a market and one neighbour (R31).
        self.market_sides: tuple[tuple[int, int], ...] = tuple(
            (m, n) for m in self.markets for n in self.adjacent[m])
        self._init_args = (name, width, height, dict(spaces_by_cell))
        self._init_kwargs = dict(
            staggeraxis=staggeraxis, staggerindex=staggerindex, tilewidth=tilewidth,
            tileheight=tileheight, hexsidelength=hexsidelength, origin=tuple(origin),
            margins=margins, properties=dict(properties or {}), path=path)
        self._placements: dict[tuple[Cube, ...], tuple[tuple[int, ...], ...]] = {}
        self._placement_cells: dict[tuple[Cube, ...], tuple[tuple[Cell, ...], ...]] = {}
        self._placement_masks: dict[tuple[Cube, ...], tuple[int, ...]] = {}

    @classmethod
    def from_rows(cls, rows: Iterable[str], name: str = "sketch", **kwargs) -> Board:
        """A board from text, one string per row, one letter per cell.

        Letters: M mountain, F forest, G meadow (grass), R rock, B moor (bog),
        ``.`` pampas, ``$`` market, ``~`` water field; a space or ``_`` is no
        hex.  Used for test boards and sketches.
        """
        rows = list(rows)
        spaces: dict[Cell, str] = {}
        problems = []
        for y, row in enumerate(rows):
            for x, letter in enumerate(row):
                if letter in " _":
                    continue
                if letter not in SPACE_LETTERS:
                    problems.append(MapProblem("unknown_tile",
                        N_("{name}: cell {cell}: unknown letter {letter}"),
                        name=name, cell=cell_name((x, y)), letter=repr(letter)))
                    continue
                spaces[(x, y)] = SPACE_LETTERS[letter]
        if problems:
            raise BoardError(problems)
        width = max((len(r) for r in rows), default=0)
        return cls(name, width, len(rows), spaces, **kwargs)

    def __reduce__(self):
        # Pickled by its constructor arguments (the AI thinks in another
        # process); the derived tables are rebuilt there.
        return (_rebuild_board, (self._init_args, self._init_kwargs))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Board):
            return NotImplemented
        return (self._init_args == other._init_args
                and self._init_kwargs == other._init_kwargs)

    def __hash__(self) -> int:
        return hash((self.name, self.width, self.height, self.cells, self.spaces))

    def __repr__(self) -> str:
        return f"<Board {self.name!r} {len(self.cells)} hexes, {len(self.markets)} markets>"

    def __len__(self) -> int:
        return len(self.cells)

    def hex_of(self, cell: Cell | str) -> int:
        """The hex number of a cell; ``KeyError`` naming the cell if off the board."""
        c = parse_cell(cell) if isinstance(cell, str) else cell
        try:
            return self.index[c]
        except KeyError:
            raise KeyError(f"{cell_name(c)} is not a hex of board {self.name!r}") from None

    def title(self, language: str = "en") -> str:
        if language != "en":
            t = self.properties.get(f"title_{language}")
            if t:
                return t
        return self.properties.get("title") or self.name

    def placements(self, shape: Sequence[Cube]) -> tuple[tuple[int, ...], ...]:
        """Every way to lay a shape (cube offsets) on the board, any rotation.

        Each placement is a sorted tuple of hex numbers; duplicates (from a
        shape's symmetry) appear once; order is deterministic.
        """
        key = tuple(shape)
        cached = self._placements.get(key)
        if cached is not None:
            return cached
        found: set[tuple[int, ...]] = set()
        for anchor in self.cubes:
            for turns in range(6):
                hexes = []
                for offset in key:
                    h = self._by_cube.get(add_cube(anchor, rotate_cube(offset, turns)))
                    if h is None:
                        break
                    hexes.append(h)
                else:
                    found.add(tuple(sorted(hexes)))
        result = tuple(sorted(found))
        self._placements[key] = result
        self._placement_cells[key] = tuple(
            tuple(sorted(self.cells[h] for h in p)) for p in result)
        self._placement_masks[key] = tuple(sum(1 << h for h in p) for p in result)
        return result

    def placement_masks(self, shape: Sequence[Cube]) -> tuple[int, ...]:
        """`placements` as bit masks (bit h set for hex h), in the same order."""
        key = tuple(shape)
        if key not in self._placement_masks:
            self.placements(key)
        return self._placement_masks[key]

    def placement_cells(self, shape: Sequence[Cube]) -> tuple[tuple[Cell, ...], ...]:
        """`placements` as cells sorted by (X, Y), in the same order."""
        key = tuple(shape)
        if key not in self._placement_cells:
            self.placements(key)
        return self._placement_cells[key]

    @cached_property
    def present(self):
        """Which cells hold a hex, as booleans by [y, x] (for `HexLayout.hex_at`)."""
        import numpy as np

        grid = np.zeros((max(1, self.height), max(1, self.width)), bool)
        for x, y in self.cells:
            grid[y, x] = True
        return grid

    @cached_property
    def pieces(self) -> tuple[tuple[int, ...], ...]:
        """Connected groups of hexes (a board may be in several pieces)."""
        seen = [False] * len(self.cells)
        groups = []
        for start in range(len(self.cells)):
            if seen[start]:
                continue
            seen[start] = True
            stack, group = [start], []
            while stack:
                h = stack.pop()
                group.append(h)
                for n in self.adjacent[h]:
                    if not seen[n]:
                        seen[n] = True
                        stack.append(n)
            groups.append(tuple(sorted(group)))
        return tuple(groups)


def _rebuild_board(args: tuple, kwargs: dict) -> Board:
    return Board(*args, **kwargs)
