"""Places named the way players name them: by landmark, never by cell.

A board's landmarks are its markets and its lakes (connected water fields),
each named by where it lies on the board ("the north-east market", "the
inner west lake", "the big lake").  Every hex then gets a `Place`: its own
terrain, if it has one, and where it lies from the landmarks around it
("in the forest just west of the north market", "between the south market
and the east lake", "in the north-west").  A place is data; `place_words`
words it in the current language when it is shown, so a change of language
reaches every line.

The namer prefers the shortest description that fits one hex only: among
the descriptions true of a hex (next to a landmark, on one of its sides,
near it, between two, in a part of the board) it picks the first that no
other hex shares, else the one shared by the fewest.  Names are computed
from the map alone, so a place keeps its name for the whole game.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, replace

from ..i18n import N_, _, language
from .board import TERRAINS, Board, Cell, parse_cell

# Compass points, counter-clockwise from east (screen up is north).
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
           "south-east")
CENTRAL = "central"
NEAR = 3                 # a landmark this many steps away or closer describes a hex
CENTRAL_RADIUS = 0.2     # within this share of the board's half-size: the middle


@dataclass(frozen=True)
class Landmark:
    """A market or a lake: ``kind`` (``"market"``, ``"lake"``), ``direction``
    on the board (a compass point or ``"central"``), ``qualifier``
    (``""``, ``"inner"``, ``"outer"``, ``"big"``) and its hexes."""

    kind: str
    direction: str
    qualifier: str
    hexes: tuple[int, ...]

    @property
    def key(self) -> str:
        return " ".join(p for p in (self.qualifier, self.direction, self.kind) if p)


@dataclass(frozen=True)
class Place:
    """Where a hex is, as data: ``terrain`` (its own space when that helps,
    or None), ``relation`` (``at`` a market, ``in`` a lake, ``next_to``,
    ``just`` on one ``side`` of a landmark, ``side`` a little farther,
    ``near``, ``by`` (its terrain region lies by the landmark), ``between``
    two landmarks, ``two`` (on a side of each of two landmarks) or ``area``
    of the board), the ``landmarks`` it names and the compass ``side`` (for
    ``two``: one per landmark, with ``steps``, how far each is) or board
    ``area``."""

    relation: str
    landmarks: tuple[Landmark, ...] = ()
    side: str | None = None
    terrain: str | None = None
    sides: tuple[str, ...] = ()
    steps: tuple[int, ...] = ()
    # where the hex lies among the hexes the rest of the description also
    # fits (a compass point, or ``"central"``): "..., north side"
    part: str | None = None

    def key(self) -> tuple:
        return (self.terrain, self.relation, self.side, self.sides,
                tuple(min(s, 2) for s in self.steps), tuple(m.key for m in self.landmarks),
                self.part)


# ------------------------------------------------------------ the namer
def _compass(dx: float, dy: float) -> str:
    """The compass point of a screen vector (y grows downwards)."""
    angle = math.degrees(math.atan2(-dy, dx))
    return COMPASS[round(angle / 45) % 8]


def _angle_off(angle: float, point: str) -> float:
    target = COMPASS.index(point) * 45
    return abs((angle - target + 180) % 360 - 180)


class Landmarks:
    """The landmarks of one board and the place of each of its hexes."""

    def __init__(self, board: Board):
        self.board = board
        centres = [board.layout.center(x, y) for x, y in board.cells]
        self.centres = centres
        xs = [c[0] for c in centres] or [0.0]
        ys = [c[1] for c in centres] or [0.0]
        self.middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self.half = (max(1.0, (max(xs) - min(xs)) / 2), max(1.0, (max(ys) - min(ys)) / 2))
        self.landmarks: tuple[Landmark, ...] = (
            *self._name("market", [(m,) for m in board.markets]),
            *self._name("lake", self._lakes()))
        self._distances = [self._steps(m.hexes) for m in self.landmarks]
        self.places: tuple[Place, ...] = self._places()

    # ---- landmarks
    def _lakes(self) -> list[tuple[int, ...]]:
        board, seen, lakes = self.board, set(), []
        for start in board.water_fields:
            if start in seen:
                continue
            seen.add(start)
            lake, todo = [], [start]
            while todo:
                h = todo.pop()
                lake.append(h)
                for n in board.adjacent[h]:
                    if n not in seen and board.spaces[n] == "water":
                        seen.add(n)
                        todo.append(n)
            lakes.append(tuple(sorted(lake)))
        return lakes

    def _polar(self, hexes: tuple[int, ...]) -> tuple[float, float]:
        """Where hexes lie from the board's middle: (radius as a share of the
        half-size, angle in degrees counter-clockwise from east)."""
        px = sum(self.centres[h][0] for h in hexes) / len(hexes)
        py = sum(self.centres[h][1] for h in hexes) / len(hexes)
        u = (px - self.middle[0]) / self.half[0]
        v = (py - self.middle[1]) / self.half[1]
        return math.hypot(u, v), math.degrees(math.atan2(-v, u))

    def _name(self, kind: str, groups: list[tuple[int, ...]]) -> list[Landmark]:
        """A distinct name for each group: the closest compass point where it
        is free, else inner/outer of one, so two markets never share a name."""
        sizes = Counter(len(g) for g in groups)
        biggest = max((len(g) for g in groups), default=0)
        offers: list[tuple[float, int, str, str]] = []
        for i, group in enumerate(groups):
            radius, angle = self._polar(group)
            if kind == "lake" and len(group) == biggest > 1 and sizes[biggest] == 1:
                offers.append((-1.0, i, "big", ""))
            offers.append(((0.0 if radius < CENTRAL_RADIUS else 40 + 100 * radius), i, "",
                           CENTRAL))
            for point in COMPASS:
                off = _angle_off(angle, point)
                if off > 70:
                    continue
                offers.append((off + (60 if radius < CENTRAL_RADIUS else 0), i, "", point))
                offers.append((off + 25 + (0 if radius < 0.7 else 40), i, "inner", point))
                offers.append((off + 25 + (0 if radius >= 0.7 else 40), i, "outer", point))
        chosen: dict[int, tuple[str, str]] = {}
        taken: set[tuple[str, str]] = set()
        for _cost, i, qualifier, direction in sorted(offers):
            if i in chosen or (qualifier, direction) in taken:
                continue
            chosen[i] = (qualifier, direction)
            taken.add((qualifier, direction))
        return [Landmark(kind, chosen[i][1], chosen[i][0], g) for i, g in enumerate(groups)]

    def _steps(self, sources: tuple[int, ...]) -> list[int]:
        """Steps from the nearest of ``sources`` to every hex (-1: unreachable)."""
        dist = [-1] * len(self.board.cells)
        todo = list(sources)
        for h in todo:
            dist[h] = 0
        for h in todo:
            for n in self.board.adjacent[h]:
                if dist[n] < 0:
                    dist[n] = dist[h] + 1
                    todo.append(n)
        return dist

    # ---- places
    def _side(self, mark: Landmark, h: int) -> str:
        px = sum(self.centres[m][0] for m in mark.hexes) / len(mark.hexes)
        py = sum(self.centres[m][1] for m in mark.hexes) / len(mark.hexes)
        return _compass(self.centres[h][0] - px, self.centres[h][1] - py)

    def _area(self, h: int) -> str:
        u = (self.centres[h][0] - self.middle[0]) / self.half[0]
        v = (self.centres[h][1] - self.middle[1]) / self.half[1]
        ns = "north" if v < -1 / 3 else "south" if v > 1 / 3 else ""
        ew = "west" if u < -1 / 3 else "east" if u > 1 / 3 else ""
        return "-".join(p for p in (ns, ew) if p) or CENTRAL

    def _regions(self) -> dict[int, Landmark | None]:
        """For each terrain hex, the landmark its terrain region lies by (the
        nearest one at most 2 steps from the region, None if none)."""
        board, out = self.board, {}
        seen: set[int] = set()
        for start, space in enumerate(board.spaces):
            if space not in TERRAINS or start in seen:
                continue
            region, todo = [], [start]
            seen.add(start)
            while todo:
                h = todo.pop()
                region.append(h)
                for n in board.adjacent[h]:
                    if n not in seen and board.spaces[n] == space:
                        seen.add(n)
                        todo.append(n)
            best = None
            for i, mark in enumerate(self.landmarks):
                d = min(self._distances[i][h] for h in region if self._distances[i][h] >= 0) \
                    if any(self._distances[i][h] >= 0 for h in region) else -1
                if 0 <= d <= 2 and (best is None or d < best[0]):
                    best = (d, mark)
            for h in region:
                out[h] = best[1] if best else None
        return out

    def _truths(self, h: int, by: Landmark | None) -> list[Place]:
        """Every description true of hex ``h``, most natural first."""
        space = self.board.spaces[h]
        for mark in self.landmarks:
            if h in mark.hexes:
                return [Place("at" if mark.kind == "market" else "in", (mark,))]
        near = sorted((self._distances[i][h], i) for i in range(len(self.landmarks))
                      if 0 < self._distances[i][h] <= NEAR)
        plain: list[Place] = []
        if by is not None:
            plain.append(Place("by", (by,)))
        for d, i in near:
            mark = self.landmarks[i]
            side = self._side(mark, h)
            if d == 1:
                plain += [Place("next_to", (mark,)), Place("just", (mark,), side)]
            else:
                plain += [Place("near", (mark,)), Place("side", (mark,), side)]
        for a, (d1, i) in enumerate(near):
            for d2, j in near[a + 1:]:
                between = self._between(i, j)
                if d1 + d2 <= between:
                    first, second = sorted((i, j))
                    plain.append(Place("between", (self.landmarks[first],
                                                   self.landmarks[second])))
        for a, (d1, i) in enumerate(near[:3]):
            for d2, j in near[a + 1:3]:
                first, second = self.landmarks[i], self.landmarks[j]
                plain.append(Place("two", (first, second),
                                   sides=(self._side(first, h), self._side(second, h)),
                                   steps=(d1, d2)))
        plain.append(Place("area", side=self._area(h)))
        if space in TERRAINS:
            return [replace(p, terrain=space) for p in plain]
        return plain + [replace(p, terrain=space) for p in plain if p.relation != "by"]

    def _between(self, i: int, j: int) -> int:
        return min((self._distances[i][h] for h in self.landmarks[j].hexes
                    if self._distances[i][h] >= 0), default=10 ** 6)

    def _places(self) -> tuple[Place, ...]:
        regions = self._regions()
        truths = [self._truths(h, regions.get(h)) for h in range(len(self.board.cells))]
        shared = Counter(p.key() for t in truths for p in t)
        out = []
        for options in truths:
            best = min(range(len(options)), key=lambda k: (shared[options[k].key()], k))
            out.append(options[best])
        # Hexes still sharing a description are told apart by the next word:
        # the side of their group each lies on ("..., north side").
        alike: dict[tuple, list[int]] = {}
        for h, place in enumerate(out):
            alike.setdefault(place.key(), []).append(h)
        for hexes in alike.values():
            if len(hexes) > 1:
                for h, part in zip(hexes, self._parts(hexes), strict=True):
                    out[h] = replace(out[h], part=part)
        return tuple(out)

    def _parts(self, hexes: list[int]) -> list[str]:
        """The side of the group each hex lies on: a compass point from the
        group's middle, ``central`` for a hex at the middle; where two hexes
        would share a point, the group's long axis alone (north and south, or
        west and east) when that tells them apart."""
        xs = [self.centres[h][0] for h in hexes]
        ys = [self.centres[h][1] for h in hexes]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        step = min(math.dist(self.centres[hexes[0]], self.centres[n])
                   for n in self.board.adjacent[hexes[0]]) if self.board.adjacent[hexes[0]] \
            else 1.0
        points = [CENTRAL if math.hypot(x - mx, y - my) < step * 0.4 else _compass(x - mx, y - my)
                  for x, y in zip(xs, ys, strict=True)]
        if len(set(points)) < len(points):
            wide = max(xs) - min(xs) > max(ys) - min(ys)
            order = sorted(range(len(hexes)), key=lambda i: xs[i] if wide else ys[i])
            ends = ("west", "east") if wide else ("north", "south")
            if len(hexes) == 2:
                points = [ends[order.index(i)] for i in range(2)]
            elif len(hexes) == 3 and len({xs[i] if wide else ys[i] for i in order}) == 3:
                points = [(ends[0], CENTRAL, ends[1])[order.index(i)] for i in range(3)]
        return points

    def place(self, where: int | Cell | str) -> Place:
        """The place of a hex (number), cell ``(x, y)`` or cell name ``"x,y"``."""
        if isinstance(where, str):
            where = parse_cell(where)
        if isinstance(where, tuple):
            where = self.board.index[where]
        return self.places[where]


_CACHE: dict[int, tuple[Board, Landmarks]] = {}


def landmarks_of(board: Board) -> Landmarks:
    """The landmarks of a board, worked out once per board."""
    found = _CACHE.get(id(board))
    if found is None or found[0] is not board:
        if len(_CACHE) > 32:
            _CACHE.clear()
        found = (board, Landmarks(board))
        _CACHE[id(board)] = found
    return found[1]


def place_of(board: Board, where: int | Cell | str) -> Place:
    return landmarks_of(board).place(where)


# ------------------------------------------------------------ the words
# The direction as it stands with a landmark's noun ("the north-east market";
# German and Spanish put it after the noun: "dem Markt im Nordosten",
# "el mercado del noreste").
DIRECTIONS = {
    "north": N_("north"), "north-east": N_("north-east"), "east": N_("east"),
    "south-east": N_("south-east"), "south": N_("south"), "south-west": N_("south-west"),
    "west": N_("west"), "north-west": N_("north-west"), CENTRAL: N_("central"),
}
# A landmark as the object of a place's preposition (German: dative, with
# its article; contractions such as "vom" and "al" are made afterwards).
LANDMARK_NAMES = {
    ("market", ""): N_("the {direction} market"),
    ("market", "inner"): N_("the inner {direction} market"),
    ("market", "outer"): N_("the outer {direction} market"),
    ("lake", ""): N_("the {direction} lake"),
    ("lake", "inner"): N_("the inner {direction} lake"),
    ("lake", "outer"): N_("the outer {direction} lake"),
    ("lake", "big"): N_("the big lake"),
}
RELATIONS = {
    "at": N_("at {landmark}"),
    "in": N_("in {landmark}"),
    "next_to": N_("next to {landmark}"),
    "near": N_("near {landmark}"),
    "by": N_("by {landmark}"),
    "between": N_("between {first} and {second}"),
}
JUST = {
    "north": N_("just north of {landmark}"), "north-east": N_("just north-east of {landmark}"),
    "east": N_("just east of {landmark}"), "south-east": N_("just south-east of {landmark}"),
    "south": N_("just south of {landmark}"), "south-west": N_("just south-west of {landmark}"),
    "west": N_("just west of {landmark}"), "north-west": N_("just north-west of {landmark}"),
}
SIDES = {
    "north": N_("north of {landmark}"), "north-east": N_("north-east of {landmark}"),
    "east": N_("east of {landmark}"), "south-east": N_("south-east of {landmark}"),
    "south": N_("south of {landmark}"), "south-west": N_("south-west of {landmark}"),
    "west": N_("west of {landmark}"), "north-west": N_("north-west of {landmark}"),
}
AREAS = {
    "north": N_("in the north of the board"), "north-east": N_("in the north-east of the board"),
    "east": N_("in the east of the board"), "south-east": N_("in the south-east of the board"),
    "south": N_("in the south of the board"), "south-west": N_("in the south-west of the board"),
    "west": N_("in the west of the board"), "north-west": N_("in the north-west of the board"),
    CENTRAL: N_("in the middle of the board"),
}
ON_TERRAIN = {
    "mountain": N_("on the mountain"), "forest": N_("in the forest"),
    "meadow": N_("on the meadow"), "rock": N_("on the rocks"), "moor": N_("on the moor"),
    "pampas": N_("on the pampas"),
}
WITH_TERRAIN = N_("{terrain} {place}")
# The next word where hexes would share a description: the side of them it is on.
PARTS = {
    "north": N_("{place}, north side"), "north-east": N_("{place}, north-east side"),
    "east": N_("{place}, east side"), "south-east": N_("{place}, south-east side"),
    "south": N_("{place}, south side"), "south-west": N_("{place}, south-west side"),
    "west": N_("{place}, west side"), "north-west": N_("{place}, north-west side"),
    CENTRAL: N_("{place}, in the middle of them"),
}
TWO = N_("{first} and {second}")

# Article contractions the grammar asks for once the phrase is put together.
_CONTRACTIONS = {
    "de": ((re.compile(r"\bvon dem\b"), "vom"), (re.compile(r"\ban dem\b"), "am"),
           (re.compile(r"\bin dem\b"), "im"), (re.compile(r"\bbei dem\b"), "beim"),
           (re.compile(r"\bzu dem\b"), "zum")),
    "es": ((re.compile(r"\ba el\b"), "al"), (re.compile(r"\bde el\b"), "del")),
}


def landmark_words(mark: Landmark) -> str:
    """A landmark as the object of a preposition, in the current language."""
    text = _(LANDMARK_NAMES[(mark.kind, mark.qualifier)])
    return text.format(direction=_(DIRECTIONS[mark.direction]) if mark.direction else "")


def place_words(place: Place) -> str:
    """A place as words in the current language ("in the forest just west of
    the north market")."""
    marks = [landmark_words(m) for m in place.landmarks]
    if place.relation == "area":
        text = _(AREAS[place.side or CENTRAL])
    elif place.relation == "just":
        text = _(JUST[place.side]).format(landmark=marks[0])
    elif place.relation == "side":
        text = _(SIDES[place.side]).format(landmark=marks[0])
    elif place.relation == "two":
        text = _(TWO).format(
            first=_((JUST if place.steps[0] == 1 else SIDES)[place.sides[0]]).format(
                landmark=marks[0]),
            second=_((JUST if place.steps[1] == 1 else SIDES)[place.sides[1]]).format(
                landmark=marks[1]))
    elif place.relation == "between":
        text = _(RELATIONS["between"]).format(first=marks[0], second=marks[1])
    else:
        text = _(RELATIONS[place.relation]).format(landmark=marks[0])
    if place.terrain is not None:
        text = _(WITH_TERRAIN).format(terrain=_(ON_TERRAIN[place.terrain]), place=text)
    if place.part is not None:
        text = _(PARTS[place.part]).format(place=text)
    for pattern, short in _CONTRACTIONS.get(language(), ()):
        text = pattern.sub(short, text)
    return text


def middle_of(board: Board, cells) -> int:
    """The hex of a group (a water tile's cells, names or hex numbers) nearest
    its middle: where a place name for the whole group is taken from."""
    hexes = [c if isinstance(c, int) else board.index[parse_cell(c) if isinstance(c, str)
                                                       else c] for c in cells]
    layout = board.layout
    points = [layout.center(*board.cells[h]) for h in hexes]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(hexes, key=lambda h: (layout.center(*board.cells[h])[0] - mx) ** 2
               + (layout.center(*board.cells[h])[1] - my) ** 2)


def where(board: Board, cell: int | Cell | str) -> str:
    """The place of a hex, cell or cell name on ``board``, in words."""
    return place_words(place_of(board, cell))


__all__ = ["Landmark", "Landmarks", "Place", "landmark_words", "landmarks_of", "middle_of",
           "place_of", "place_words", "where"]
