"""The project's art: the bitmap fonts and the sprite sheet from ``assets/``
(found by `hacienda_game.resources`, in a checkout or an installed game).

Both are loaded once (a few small PNGs) and drawn at 1x; rendered strings and
tinted glyph sheets are cached, so drawing text costs one blit per string.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from itertools import repeat
from pathlib import Path

import pygame

from ..art.palette import PALETTE
from ..resources import assets_dir, repair_hint

ASSETS_DIR = assets_dir()
Colour = tuple[int, int, int]


class AssetError(RuntimeError):
    """The art files are missing or malformed (says which and how to rebuild)."""


def _read_json(path: Path, fmt: str, tool: str) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise AssetError(f"cannot read {path} ({exc}); {repair_hint(tool)}") from None
    if data.get("format") != fmt:
        raise AssetError(f"{path}: format {data.get('format')!r}, expected {fmt!r};"
                         f" {repair_hint(tool)}")
    return data


def _load_png(path: Path, tool: str) -> pygame.Surface:
    try:
        image = pygame.image.load(str(path))
    except (OSError, pygame.error) as exc:
        raise AssetError(f"cannot read {path} ({exc}); {repair_hint(tool)}") from None
    return image.convert_alpha() if pygame.display.get_surface() else image


TINTS = 12                   # tinted glyph sheets kept per font size (the colours in use)
NINE_BYTES = 8 * 1024 * 1024    # 9-slice frames kept (panels and buttons of the screens seen)
TEXT_BYTES = 1024 * 1024        # rendered texts kept per font size and cache
WRAPPED = 256                   # wrapped texts kept per font size


class Font:
    """One size of the bitmap font: white glyphs, tinted on demand."""

    def __init__(self, sheet: pygame.Surface, spec: dict):
        self.line_height: int = spec["line_height"]
        self.baseline: int = spec["baseline"]
        glyphs = {ch: tuple(g) for ch, g in spec["glyphs"].items()}
        # Only this size's rows of the sheet are kept (and tinted): a tint of
        # the whole sheet, every size's glyphs, would cost four times the memory.
        top = min((g[1] for g in glyphs.values()), default=0)
        bottom = max((g[1] + g[3] for g in glyphs.values()), default=1)
        band = pygame.Rect(0, top, sheet.get_width(), bottom - top).clip(sheet.get_rect())
        self.sheet = sheet.subsurface(band).copy() if band.h else sheet
        self.glyphs: dict[str, tuple[int, int, int, int, int]] = {
            ch: (g[0], g[1] - band.y, *g[2:]) for ch, g in glyphs.items()}
        self.fallback = self.glyphs.get("?") or next(iter(self.glyphs.values()))
        self._tinted: OrderedDict[Colour, pygame.Surface] = OrderedDict()
        self._cache: OrderedDict[tuple[str, Colour], pygame.Surface] = OrderedDict()
        self._shadowed: OrderedDict[tuple[str, Colour, Colour], pygame.Surface] = OrderedDict()
        self._weights: dict[int, int] = {}      # bytes of pixels in each text cache
        self._advances = {ch: g[4] for ch, g in self.glyphs.items()}
        self._wrapped: OrderedDict[tuple[str, int], list[str]] = OrderedDict()

    @property
    def cap_height(self) -> int:
        """How tall its capitals are in canvas pixels (measured on the "H" glyph)."""
        if not hasattr(self, "_cap"):
            gx, gy, gw, gh, _adv = self.glyphs.get("H", self.fallback)
            self._cap = self.sheet.subsurface((gx, gy, gw, gh)).get_bounding_rect().height
        return self._cap

    def width(self, text: str) -> int:
        # In C (map over the letters): screens measure texts thousands of times a frame.
        return sum(map(self._advances.get, text, repeat(self.fallback[4], len(text))))

    def _sheet(self, colour: Colour) -> pygame.Surface:
        sheet = self._tinted.get(colour)
        if sheet is None:
            sheet = self.sheet.copy()
            sheet.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted[colour] = sheet
            if len(self._tinted) > TINTS:
                self._tinted.popitem(last=False)
        else:
            self._tinted.move_to_end(colour)
        return sheet

    def render(self, text: str, colour: Colour = PALETTE["w"]) -> pygame.Surface:
        key = (text, colour)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        sheet = self._sheet(colour)
        surf = pygame.Surface((max(1, self.width(text)), self.line_height), pygame.SRCALPHA)
        surf.blits(self._glyph_blits(sheet, text, 0, 0), doreturn=False)
        self._keep(self._cache, key, surf)
        return surf

    def _keep(self, cache: OrderedDict, key: tuple, surf: pygame.Surface) -> None:
        """A rendered text kept for the next frames; a cache holds at most
        TEXT_BYTES of pixels (the least recently drawn go first)."""
        cache[key] = surf
        weight = self._weights.get(id(cache), 0) + surf.get_width() * surf.get_height() * 4
        while len(cache) > 1 and (weight > TEXT_BYTES or len(cache) > 600):
            _key, old = cache.popitem(last=False)
            weight -= old.get_width() * old.get_height() * 4
        self._weights[id(cache)] = weight

    def _glyph_blits(self, sheet: pygame.Surface, text: str, dx: int, dy: int) -> list:
        """(sheet, position, glyph rect) for each letter of a line, pen from (dx, dy)."""
        blits = []
        x = dx
        for ch in text:
            gx, gy, gw, gh, adv = self.glyphs.get(ch, self.fallback)
            blits.append((sheet, (x, dy), (gx, gy, gw, gh)))
            x += adv
        return blits

    def shadowed(self, text: str, colour: Colour, shadow: Colour) -> pygame.Surface:
        """Text with a 1-pixel drop shadow, as one cached surface."""
        key = (text, colour, shadow)
        surf = self._shadowed.get(key)
        if surf is not None:
            self._shadowed.move_to_end(key)
            return surf
        front, back = self._sheet(colour), self._sheet(shadow)
        surf = pygame.Surface((max(1, self.width(text)) + 1, self.line_height + 1),
                              pygame.SRCALPHA)
        surf.blits(self._glyph_blits(back, text, 1, 1) + self._glyph_blits(front, text, 0, 0),
                   doreturn=False)
        self._keep(self._shadowed, key, surf)
        return surf

    def draw(self, target: pygame.Surface, text: str, pos: tuple[int, int],
             colour: Colour = PALETTE["w"], align: str = "left",
             shadow: Colour | None = PALETTE["k"]) -> pygame.Rect:
        """Draw text with its top-left (or top-centre/-right) at pos."""
        surf = self.render(text, colour) if shadow is None else \
            self.shadowed(text, colour, shadow)
        x, y = pos
        w = surf.get_width() - (0 if shadow is None else 1)
        if align == "center":
            x -= w // 2
        elif align == "right":
            x -= w
        return target.blit(surf, (x, y))

    def clip(self, text: str, width: int) -> str:
        """The text, cut short with "…" if it is wider than ``width`` pixels."""
        if self.width(text) <= width:
            return text
        while text and self.width(text + "…") > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def wrap(self, text: str, width: int) -> list[str]:
        """Split text into lines no wider than ``width`` pixels (at spaces);
        the last WRAPPED texts are kept (screens wrap the same texts every frame)."""
        key = (text, width)
        lines = self._wrapped.get(key)
        if lines is not None:
            self._wrapped.move_to_end(key)
            return list(lines)
        lines = self._wrap(text, width)
        self._wrapped[key] = lines
        if len(self._wrapped) > WRAPPED:
            self._wrapped.popitem(last=False)
        return list(lines)

    def _wrap(self, text: str, width: int) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if self.width(trial) <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines


class Fonts:
    def __init__(self, folder: Path = ASSETS_DIR):
        spec = _read_json(folder / "font.json", "hacienda-font/1", "tools/make_font.py")
        sheet = _load_png(folder / "font.png", "tools/make_font.py")
        try:
            self.small = Font(sheet, spec["fonts"]["small"])
            self.medium = Font(sheet, spec["fonts"]["medium"])
            self.large = Font(sheet, spec["fonts"]["large"])
            self.huge = Font(sheet, spec["fonts"]["huge"])
        except (KeyError, TypeError, ValueError) as exc:
            raise AssetError(f"{folder / 'font.json'}: malformed ({exc});"
                             f" {repair_hint('tools/make_font.py')}") from None


    text_size = "normal"        # the "Text size" setting (the app keeps it current)

    @property
    def body(self) -> Font:
        """Text a player reads during play (log, hints, panels, messages): a
        role, not a size: the medium face (10 px capitals), or the large one
        (14 px) when the "Text size" setting is large."""
        return self.large if self.text_size == "large" else self.medium


class Sprites:
    """Named frames of ``sprites.png`` with their anchors and animations."""

    def __init__(self, folder: Path = ASSETS_DIR):
        spec = _read_json(folder / "sprites.json", "hacienda-sprites/1",
                          "tools/make_sprites.py")
        sheet = _load_png(folder / "sprites.png", "tools/make_sprites.py")
        self.sheet = sheet
        self.frames: dict[str, pygame.Surface] = {}
        self.anchors: dict[str, tuple[int, int]] = {}
        self.slices: dict[str, int] = {}
        try:
            for name, f in spec["frames"].items():
                self.frames[name] = sheet.subsurface((f["x"], f["y"], f["w"], f["h"]))
                ax, ay = f.get("anchor", (f["w"] // 2, f["h"] // 2))
                self.anchors[name] = (int(ax), int(ay))
                if "slice" in f:
                    self.slices[name] = int(f["slice"])
            self.animations: dict[str, list[str]] = dict(spec.get("animations", {}))
            self.seat_colours: list[Colour] = [tuple(c) for c in spec["seat_colours"]]
            self.seat_shades: list[Colour] = [tuple(c) for c in spec.get("seat_shades", [])]
            # Lighter where needed, for names and numbers on the dark panels.
            self.seat_text_colours: list[Colour] = [
                tuple(c) for c in spec.get("seat_text_colours", spec["seat_colours"])]
            # The seat's ink on the dark UI: lines, bars and pieces drawn on the panels.
            self.seat_ink_colours: list[Colour] = [
                tuple(c) for c in spec.get("seat_ink_colours", spec["seat_colours"])]
        except (KeyError, TypeError, ValueError) as exc:
            raise AssetError(f"{folder / 'sprites.json'}: malformed ({exc});"
                             f" {repair_hint('tools/make_sprites.py')}") from None
        self._nine: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._nine_bytes = 0

    def __contains__(self, name: str) -> bool:
        return name in self.frames

    def get(self, name: str) -> pygame.Surface:
        try:
            return self.frames[name]
        except KeyError:
            raise AssetError(f"sprite {name!r} is missing from assets/sprites.json;"
                             f" {repair_hint('tools/make_sprites.py')}") from None

    def frame(self, animation: str, t: float, fps: float = 10.0) -> pygame.Surface:
        """The frame of an animation shown at time t (looping)."""
        names = self.animations.get(animation)
        if not names:
            return self.get(animation)
        return self.get(names[int(t * fps) % len(names)])

    def blit_anchored(self, target: pygame.Surface, name: str, pos: tuple[float, float]) -> None:
        """Draw a frame with its anchor on pos (a hex centre for board pieces)."""
        ax, ay = self.anchors.get(name, (0, 0))
        target.blit(self.get(name), (round(pos[0]) - ax, round(pos[1]) - ay))

    def nine(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A 9-slice frame stretched to size (corners kept, edges repeated)."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = (name, w, h)
        surf = self._nine.get(key)
        if surf is not None:
            self._nine.move_to_end(key)
            return surf
        src = self.get(name)
        m = self.slices.get(name, min(src.get_width(), src.get_height()) // 3)
        sw, sh = src.get_size()
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        cw, ch = sw - 2 * m, sh - 2 * m
        # Centre and edges tiled (nearest-neighbour, never smoothed): the
        # centre as one row of tiles copied down, all in one call (a panel
        # the size of the canvas took 3,000 blits, 4 ms, at each new size).
        xs, ys = range(m, w - m, max(1, cw)), range(m, h - m, max(1, ch))
        blits: list = []
        if cw > 0 and ch > 0 and w > 2 * m and h > 2 * m:
            row = pygame.Surface((w - 2 * m, ch), pygame.SRCALPHA)
            row.blits([(src, (x - m, 0), (m, m, min(cw, w - m - x), ch)) for x in xs],
                      doreturn=False)
            blits += [(row, (m, y), (0, 0, w - 2 * m, min(ch, h - m - y))) for y in ys]
        for x in xs:
            part_w = min(cw, w - m - x)
            blits += [(src, (x, 0), (m, 0, part_w, m)),
                      (src, (x, h - m), (m, sh - m, part_w, m))]
        for y in ys:
            part_h = min(ch, h - m - y)
            blits += [(src, (0, y), (0, m, m, part_h)),
                      (src, (w - m, y), (sw - m, m, m, part_h))]
        blits += [(src, (0, 0), (0, 0, m, m)), (src, (w - m, 0), (sw - m, 0, m, m)),
                  (src, (0, h - m), (0, sh - m, m, m)),
                  (src, (w - m, h - m), (sw - m, sh - m, m, m))]
        surf.blits(blits, doreturn=False)
        self._nine[key] = surf
        self._nine_bytes += w * h * 4
        # Bounded by bytes, not entries: one panel the size of the canvas
        # weighs as much as a thousand buttons.
        while len(self._nine) > 1 and (self._nine_bytes > NINE_BYTES or len(self._nine) > 400):
            _key, old = self._nine.popitem(last=False)
            self._nine_bytes -= old.get_width() * old.get_height() * 4
        return surf


class Art:
    """Fonts and sprites together, loaded once per app."""

    def __init__(self, folder: Path = ASSETS_DIR):
        self.fonts = Fonts(folder)
        self.sprites = Sprites(folder)

    def seat_colour(self, colour: int) -> Colour:
        return self.sprites.seat_colours[colour % len(self.sprites.seat_colours)]

    def seat_text_colour(self, colour: int) -> Colour:
        """A seat's colour for text on the dark panels (readable contrast)."""
        return self.sprites.seat_text_colours[colour % len(self.sprites.seat_text_colours)]

    def seat_ink(self, colour: int) -> Colour:
        """A seat's colour for lines, bars and marks on the dark UI: its board colour
        where that stands off the navy panels, else a lighter one (palette.SEAT_INK).
        The board's own pieces keep ``seat_colour``."""
        return self.sprites.seat_ink_colours[colour % len(self.sprites.seat_ink_colours)]


# Named colours of the palette the client uses for text and panels.
INK = PALETTE["k"]
WHITE = PALETTE["w"]
GREY = PALETTE["l"]
DIM = PALETTE["g"]
GOLD = PALETTE["y"]


def draw_swatch(surface: pygame.Surface, art: Art, colour: int, rect) -> None:
    """A seat's colour (a stripe, a bar) on a dark panel: its ink (``Art.seat_ink``)
    in a light grey edge a pixel wide, so every seat's colour stands off the panel."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, GREY, rect.inflate(2, 2))
    pygame.draw.rect(surface, art.seat_ink(colour), rect)
RED = PALETTE["r"]
GREEN = PALETTE["L"]
SKY = PALETTE["c"]
NIGHT = PALETTE["d"]
