"""Hex geometry exactly as Tiled's hexagonal renderer lays hexes out.

Tiled names a cell by its tile coordinates (column X, row Y).  Which rows
(stagger axis ``y``, pointy-top hexes) or columns (stagger axis ``x``,
flat-top hexes) are shifted by half a hex is set by the stagger index:
``odd`` shifts the odd ones, ``even`` the even ones.  The neighbour rules
and pixel positions below follow Tiled's ``HexagonalRenderer``
(``topLeft``/``topRight``/``bottomLeft``/``bottomRight`` and
``tileToScreenCoords``), so a map connects in the game as it does in Tiled.

Cube coordinates (q, r, s with q + r + s == 0) give the same adjacency in a
form where rotating a shape is a permutation of axes; water tile shapes
(R7, R21) use them.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
Cube = tuple[int, int, int]

STAGGER_AXES = ("x", "y")
STAGGER_INDICES = ("odd", "even")

# The six cube directions, counter-clockwise.  Rotating a cube vector by 60
# degrees maps (q, r, s) to (-r, -s, -q).
CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1),
)


def is_shifted(x: int, y: int, staggeraxis: str, staggerindex: str) -> bool:
    """Whether Tiled shifts this cell's row (axis y) or column (axis x)."""
    along = x if staggeraxis == "x" else y
    return bool((along & 1) ^ (staggerindex == "even"))


def neighbours(x: int, y: int, staggeraxis: str, staggerindex: str) -> tuple[Cell, ...]:
    """The six cells around (x, y), as Tiled's renderer connects them.

    Order: for axis y (pointy-top) left, right, top-left, top-right,
    bottom-left, bottom-right; for axis x (flat-top) top, bottom, top-left,
    top-right, bottom-left, bottom-right.  Cells may lie off the map.
    """
    shifted = is_shifted(x, y, staggeraxis, staggerindex)
    if staggeraxis == "y":
        if shifted:
            diag = ((x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1))
        else:
            diag = ((x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1))
        return ((x - 1, y), (x + 1, y), *diag)
    if shifted:
        diag = ((x - 1, y), (x + 1, y), (x - 1, y + 1), (x + 1, y + 1))
    else:
        diag = ((x - 1, y - 1), (x + 1, y - 1), (x - 1, y), (x + 1, y))
    return ((x, y - 1), (x, y + 1), *diag)


def to_cube(x: int, y: int, staggeraxis: str, staggerindex: str) -> Cube:
    """Cube coordinates of a Tiled cell (adjacency-preserving)."""
    even = staggerindex == "even"
    if staggeraxis == "y":
        r = y
        q = x - (y + (y & 1)) // 2 if even else x - (y - (y & 1)) // 2
    else:
        q = x
        r = y - (x + (x & 1)) // 2 if even else y - (x - (x & 1)) // 2
    return (q, r, -q - r)


def from_cube(cube: Cube, staggeraxis: str, staggerindex: str) -> Cell:
    """The Tiled cell at these cube coordinates (inverse of `to_cube`)."""
    q, r, _ = cube
    even = staggerindex == "even"
    if staggeraxis == "y":
        x = q + (r + (r & 1)) // 2 if even else q + (r - (r & 1)) // 2
        return (x, r)
    y = r + (q + (q & 1)) // 2 if even else r + (q - (q & 1)) // 2
    return (q, y)


def rotate_cube(cube: Cube, turns: int) -> Cube:
    """Rotate a cube vector by ``turns`` x 60 degrees about the origin."""
    q, r, s = cube
    for _ in range(turns % 6):
        q, r, s = -r, -s, -q
    return (q, r, s)


def add_cube(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


@dataclass(frozen=True)
class HexLayout:
    """Pixel geometry of a hex map, as Tiled's ``RenderParams`` computes it.

    Positions are pixels of the map's picture: ``origin`` is where the board
    layer's cell 0,0 box starts in it (the picture's left and top margins
    plus the board layer's offset and its tileset's tile offset), ``margins``
    the extra pixels Tiled draws around the map (left, top, right, bottom).
    """

    staggeraxis: str
    staggerindex: str
    tilewidth: int
    tileheight: int
    hexsidelength: int
    origin: tuple[int, int] = (0, 0)
    margins: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def _params(self) -> tuple[int, int, int, int, int, int]:
        tw = self.tilewidth & ~1
        th = self.tileheight & ~1
        side_x = self.hexsidelength if self.staggeraxis == "x" else 0
        side_y = self.hexsidelength if self.staggeraxis == "y" else 0
        return tw, th, side_x, side_y, (tw - side_x) // 2, (th - side_y) // 2

    def top_left(self, x: int, y: int) -> tuple[int, int]:
        """Pixel position of the cell's bounding box (Tiled's tileToScreenCoords)."""
        tw, th, side_x, side_y, off_x, off_y = self._params
        column_width = off_x + side_x
        row_height = off_y + side_y
        shifted = is_shifted(x, y, self.staggeraxis, self.staggerindex)
        if self.staggeraxis == "x":
            px = x * column_width
            py = y * (th + side_y) + (row_height if shifted else 0)
        else:
            px = x * (tw + side_x) + (column_width if shifted else 0)
            py = y * row_height
        return px + self.origin[0], py + self.origin[1]

    def center(self, x: int, y: int) -> tuple[float, float]:
        """Pixel centre of the cell's hexagon."""
        tw, th, *_ = self._params
        px, py = self.top_left(x, y)
        return px + tw / 2, py + th / 2

    def polygon(self, x: int, y: int) -> tuple[tuple[int, int], ...]:
        """The hexagon's outline (Tiled's tileToScreenPolygon, duplicates removed)."""
        tw, th, _, _, off_x, off_y = self._params
        px, py = self.top_left(x, y)
        points = (
            (0, th - off_y), (0, off_y), (off_x, 0), (tw - off_x, 0),
            (tw, off_y), (tw, th - off_y), (tw - off_x, th), (off_x, th),
        )
        outline: list[tuple[int, int]] = []
        for dx, dy in points:
            p = (px + dx, py + dy)
            if not outline or outline[-1] != p:
                outline.append(p)
        if len(outline) > 1 and outline[0] == outline[-1]:
            outline.pop()
        return tuple(outline)

    def picture_size(self, width: int, height: int) -> tuple[int, int]:
        """Pixel size of the map's picture: `map_size` and Tiled's margins."""
        w, h = self.map_size(width, height)
        left, top, right, bottom = self.margins
        return w + left + right, h + top + bottom

    def hex_at(self, px: float, py: float) -> Cell:
        """The cell whose true hexagon holds a point of the picture.

        Hexes tile the plane, so exactly one cell's outline holds a point
        (on a shared edge, the one whose outline it lies deepest inside:
        the cell Tiled draws last there wins no ties, the nearer centre
        does).  The cell may lie off the map or be empty.
        """
        tw, th, side_x, side_y, off_x, off_y = self._params
        ox, oy = self.origin
        if self.staggeraxis == "x":
            guess_x = int((px - ox) // max(1, off_x + side_x))
            guess_y = int((py - oy) // max(1, th + side_y))
        else:
            guess_x = int((px - ox) // max(1, tw + side_x))
            guess_y = int((py - oy) // max(1, off_y + side_y))
        best: Cell = (guess_x, guess_y)
        best_depth = -float("inf")
        best_dist = float("inf")
        for cy in range(guess_y - 1, guess_y + 2):
            for cx in range(guess_x - 1, guess_x + 2):
                depth = _depth_inside(self.polygon(cx, cy), px, py)
                centre = self.center(cx, cy)
                dist = (centre[0] - px) ** 2 + (centre[1] - py) ** 2
                if depth > best_depth + 1e-9 or (abs(depth - best_depth) <= 1e-9
                                                 and dist < best_dist):
                    best, best_depth, best_dist = (cx, cy), depth, dist
        return best

    def map_size(self, width: int, height: int) -> tuple[int, int]:
        """Pixel size of a whole map (Tiled's mapBoundingRect)."""
        tw, th, side_x, side_y, off_x, off_y = self._params
        if self.staggeraxis == "x":
            w = width * (off_x + side_x) + off_x
            h = height * (th + side_y) + (off_y + side_y if width > 1 else 0)
        else:
            w = width * (tw + side_x) + (off_x + side_x if height > 1 else 0)
            h = height * (off_y + side_y) + off_y
        return w, h


def _depth_inside(outline: tuple[tuple[int, int], ...], px: float, py: float) -> float:
    """How far a point lies inside a convex outline given clockwise on screen
    (y down): the least distance to an edge line, negative outside."""
    depth = float("inf")
    count = len(outline)
    for i in range(count):
        x1, y1 = outline[i]
        x2, y2 = outline[(i + 1) % count]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        if length:
            depth = min(depth, ((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) / length)
    return depth
