"""Which canvas the game draws on for a screen, and where it goes on that screen.

One pure function, :func:`choose_view`, decides it all from the window's size
and the Pixel-perfect setting (no pygame here, so it is tested on its own at
every screen size):

* the canvas is always 540 pixels high; its width follows the screen's shape
  (``540 * width / height``), kept between 720 (4:3) and 1290 (21:9), so a
  16:10 or ultra-wide screen gets a wider or narrower picture, not borders;
* ``crisp`` (the default): the canvas is scaled to fit the screen as large as
  it goes, keeping its shape.  When that is a whole multiple it is a plain
  nearest-neighbour blow-up (``exact``); otherwise the canvas is first blown
  up nearest-neighbour by the next whole number, then smoothed down to fit,
  so pixels stay square and edges sharp (at most half a screen pixel of
  softening at a block's edge);
* ``pixel-perfect``: only whole-number scales, with borders round the picture
  (a window smaller than the canvas is fitted as ``crisp`` is: never cut).

:meth:`View.to_canvas` maps a window pixel to the canvas pixel drawn there
(exactly: every canvas pixel's centre maps back to that canvas pixel), for
hit testing; :meth:`View.to_window` is its inverse (a canvas pixel's centre).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, gcd

CANVAS_HEIGHT = 540
MIN_WIDTH, MAX_WIDTH = 720, 1290
DEFAULT_CANVAS = (960, CANVAS_HEIGHT)


def canvas_for(screen: tuple[int, int]) -> tuple[int, int]:
    """The logical canvas for a screen (or window) of this size: 540 high, the
    width from its aspect (even, 720..1290)."""
    sw, sh = screen
    if sw <= 0 or sh <= 0:
        return DEFAULT_CANVAS
    width = round(CANVAS_HEIGHT * sw / sh / 2) * 2
    return max(MIN_WIDTH, min(MAX_WIDTH, width)), CANVAS_HEIGHT


@dataclass(frozen=True)
class View:
    """The canvas, how it is scaled and where it lands in the window."""

    screen: tuple[int, int]
    canvas: tuple[int, int]
    dest: tuple[int, int, int, int]     # x, y, width, height in window pixels
    upscale: int                        # the whole-number nearest-neighbour step
    mode: str                           # "identity", "exact", "smooth" or "integer"

    @property
    def scale(self) -> float:
        """Screen pixels per canvas pixel (the same across and down, within a pixel)."""
        return self.dest[3] / self.canvas[1]

    @property
    def coverage(self) -> float:
        """The share of the screen the picture covers (0..1)."""
        sw, sh = self.screen
        return self.dest[2] * self.dest[3] / (sw * sh) if sw and sh else 0.0

    @property
    def crisp(self) -> bool:
        """Every canvas pixel is a whole square block of screen pixels."""
        return self.mode in ("identity", "exact", "integer")

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The canvas pixel shown at a window pixel (positions outside the
        picture are held to its nearest edge)."""
        x, y, w, h = self.dest
        cw, ch = self.canvas
        px, py = int(pos[0]) - x, int(pos[1]) - y
        cx = ((2 * px + 1) * cw) // (2 * w)
        cy = ((2 * py + 1) * ch) // (2 * h)
        return min(max(cx, 0), cw - 1), min(max(cy, 0), ch - 1)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The window pixel at the centre of a canvas pixel."""
        x, y, w, h = self.dest
        cw, ch = self.canvas
        cx, cy = int(pos[0]), int(pos[1])
        return x + ((2 * cx + 1) * w) // (2 * cw), y + ((2 * cy + 1) * h) // (2 * ch)


def choose_view(screen: tuple[int, int], pixel_perfect: bool = False,
                canvas: tuple[int, int] | None = None) -> View:
    """The canvas, scale and place for a window of ``screen`` pixels.

    ``canvas`` forces the canvas size (headless runs keep a fixed one);
    otherwise it is :func:`canvas_for` the screen."""
    sw, sh = max(1, int(screen[0])), max(1, int(screen[1]))
    cw, ch = canvas or canvas_for((sw, sh))
    if (cw, ch) == (sw, sh):
        return View((sw, sh), (cw, ch), (0, 0, sw, sh), 1, "identity")
    if pixel_perfect and sw >= cw and sh >= ch:
        k = min(sw // cw, sh // ch)
        w, h = cw * k, ch * k
        mode = "integer"
    else:
        # As large as it fits, its shape kept (both sides scaled by one factor).
        if sw * ch <= sh * cw:
            w, h = sw, max(1, round(sw * ch / cw))
        else:
            w, h = max(1, round(sh * cw / ch)), sh
        k = max(1, ceil(max(w / cw, h / ch) - 1e-9))
        mode = "exact" if (w, h) == (cw * k, ch * k) else "smooth"
    return View((sw, sh), (cw, ch), ((sw - w) // 2, (sh - h) // 2, w, h), k, mode)


WINDOW_FRAME = (16, 48)     # a window's borders and title bar, about (the size asked is inside)


def window_size(usable: tuple[int, int], canvas: tuple[int, int], scale: int = 0,
                pixel_perfect: bool = False,
                frame: tuple[int, int] = WINDOW_FRAME) -> tuple[int, int]:
    """The window to open on a desktop whose usable area (the screen less its
    task bars) is ``usable``: ``scale`` times the canvas (held to what fits),
    or with ``scale`` 0 the largest that fits: the largest whole multiple when
    it is 2x or more (or Pixel-perfect is on: a larger window would only add
    borders); else the largest window of the canvas's shape, which the
    picture fills (a 1920x1080 screen: about 1840x1035, where 1x is 960x540)."""
    cw, ch = canvas
    room_w, room_h = usable[0] - frame[0], usable[1] - frame[1]
    most = max(1, min(room_w // cw, room_h // ch))
    if scale > 0 or most >= 2 or pixel_perfect:
        k = min(scale or most, most)
        return cw * k, ch * k
    w = min(room_w, room_h * cw // ch)
    if w <= cw:
        return cw, ch
    return w, w * ch // cw


BAND_ROWS = 16         # canvas rows a band of the smoothed picture holds, about


def bands(view: View) -> list[tuple[int, int, int, int]] | None:
    """Horizontal bands of a smoothed view that can be put on the window one
    at a time with the same pixels as the whole: canvas rows ``r0..r1`` give
    window rows ``o0..o1`` (relative to the picture), each band a whole number
    of the scale's periods (canvas rows that map onto whole window rows).
    None when the period is too long for bands to pay (a height of odd
    proportions), or when the smoothing's step down the rows is not a whole
    number of 1/65536ths of a row (pygame's fixed point: a band would then
    differ from the whole by a level or two): the picture is put on whole."""
    if view.mode != "smooth":
        return None
    ch, h = view.canvas[1], view.dest[3]
    if h <= ch or (0x10000 * view.upscale * ch) % h:
        return None
    common = gcd(ch, h)
    period = ch // common
    if period > ch // 8:
        return None
    rows = period * max(1, round(BAND_ROWS / period))
    return [(r0, min(r0 + rows, ch), r0 * h // ch, min(r0 + rows, ch) * h // ch)
            for r0 in range(0, ch, rows)]


__all__ = ["BAND_ROWS", "CANVAS_HEIGHT", "DEFAULT_CANVAS", "MAX_WIDTH", "MIN_WIDTH", "View",
           "WINDOW_FRAME", "bands", "canvas_for", "choose_view", "window_size"]
