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
from typing import TYPE_CHECKING

if TYPE_CHECKING:       # numpy is imported by the picture code that uses it, not by the rules
    import numpy as np

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

    def hex_at(self, px: float, py: float, present: np.ndarray | None = None) -> Cell:
        """The cell whose hexagon is drawn at a point of the picture (`cells_at`)."""
        import numpy as np

        xs, ys = self.cells_at(np.array([px], float), np.array([py], float), present)
        return int(xs[0]), int(ys[0])

    def cells_at(self, px: np.ndarray, py: np.ndarray,
                 present: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """For points of the picture, the cells whose true hexagons hold them.

        A tile's hexagon is its outline as drawn: Tiled's ``RenderParams``
        outline at the tile's full size, standing on the cell's bottom edge
        (an odd tile height draws one pixel higher).  Where two outlines
        hold a point (a shared edge, that extra pixel), the tile Tiled draws
        later wins, as it does on screen; a point in no outline goes to the
        nearest one.  ``present`` (booleans by [y, x]) says which cells show
        a tile: an empty cell (a hole, off the map) gives way to a drawn one.
        Cells may lie off the map or be empty.
        """
        import numpy as np

        tw, th, side_x, side_y, off_x, off_y = self._params
        full_w, full_h = self.tilewidth, self.tileheight
        dx, dy = (full_w - side_x) / 2, (full_h - side_y) / 2
        corners = [(0, full_h - dy), (0, dy), (dx, 0), (full_w - dx, 0), (full_w, dy),
                   (full_w, full_h - dy), (full_w - dx, full_h), (dx, full_h)]
        outline = [p for i, p in enumerate(corners) if p != corners[i - 1]]
        edges = [(x1, y1, x2 - x1, y2 - y1, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
                 for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True)]
        px = np.asarray(px, float) - self.origin[0]
        py = np.asarray(py, float) - self.origin[1] - (th - full_h)
        even = self.staggerindex == "even"
        if self.staggeraxis == "x":
            gx = np.floor(px / max(1, off_x + side_x)).astype(np.int64)
            gy = np.floor(py / max(1, th + side_y)).astype(np.int64)
        else:
            gx = np.floor(px / max(1, tw + side_x)).astype(np.int64)
            gy = np.floor(py / max(1, off_y + side_y)).astype(np.int64)
        best_x, best_y = gx.copy(), gy.copy()
        best = np.full(px.shape, -np.inf)
        for ddy in (-1, 0, 1):
            for ddx in (-1, 0, 1):
                cx, cy = gx + ddx, gy + ddy
                if self.staggeraxis == "x":
                    shifted = (cx & 1) ^ even
                    left = cx * (off_x + side_x)
                    top = cy * (th + side_y) + shifted * (off_y + side_y)
                    rank = (cy * 2 + shifted) * 4096 + cx     # Tiled's drawing order
                else:
                    shifted = (cy & 1) ^ even
                    left = cx * (tw + side_x) + shifted * (off_x + side_x)
                    top = cy * (off_y + side_y)
                    rank = cy * 4096 + cx
                qx, qy = px - left, py - top
                depth = np.full(px.shape, np.inf)
                for x1, y1, ex, ey, length in edges:
                    if length:
                        depth = np.minimum(depth, (ex * (qy - y1) - ey * (qx - x1)) / length)
                score = np.where(depth >= -1e-6, 1e12 + rank, depth)
                if present is not None:
                    h, w = present.shape
                    on = (cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)
                    shown = np.zeros(px.shape, bool)
                    shown[on] = present[cy[on], cx[on]]
                    score = np.where(shown & (depth >= -1e-6), score + 1e12, score)
                better = score > best
                best = np.where(better, score, best)
                best_x = np.where(better, cx, best_x)
                best_y = np.where(better, cy, best_y)
        return best_x, best_y

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

