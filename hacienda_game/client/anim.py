"""Short, springy animations driven by engine events.

Each animation only draws: the game state is already changed when it starts,
so nothing ever waits on one (an animation speed of "off" makes none).
"""

from __future__ import annotations

import math

import pygame

from .assets import GOLD, INK, WHITE, Art

Pos = tuple[float, float]


def ease_out_back(t: float) -> float:
    c = 1.70158
    t -= 1
    return t * t * ((c + 1) * t + c) + 1


def ease_out_bounce(t: float) -> float:
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


class Anim:
    # The piece this animation draws itself: (hex, layer) with layer 0 for a
    # tile, token or water, 1 for a hacienda, 2 for a harvest chip.
    hides: tuple[int, int] | None = None
    # Drawn above every animation of a lower layer: banners carry text, and no
    # glowing hex or flying coin may cover what they say.
    layer = 0

    def __init__(self, duration: float, delay: float = 0.0):
        self.duration = max(duration, 1e-6)
        self.t = -delay

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, self.t / self.duration))

    @property
    def started(self) -> bool:
        return self.t >= 0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.duration

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        pass


def spot(view, h: int, dx: float = 0.0, dy: float = 0.0) -> Pos:
    """A point on hex h (offset in map pixels) where the board view shows it now."""
    cx, cy = view.map_centres[h]
    return view.to_screen((cx + dx, cy + dy))


_outlined: dict[tuple, pygame.Surface] = {}


def outlined(font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """Text with a 2-pixel ink outline all round: readable on any terrain."""
    key = (id(font), text, colour)
    surf = _outlined.get(key)
    if surf is None:
        back, front = font.render(text, INK), font.render(text, colour)
        surf = pygame.Surface((back.get_width() + 4, back.get_height() + 5), pygame.SRCALPHA)
        for oy in range(5):
            for ox in range(5):
                if (ox, oy) != (2, 2) and abs(ox - 2) + abs(oy - 2) < 4:
                    surf.blit(back, (ox, oy))
        surf.blit(front, (2, 2))
        if len(_outlined) > 300:
            _outlined.clear()
        _outlined[key] = surf
    return surf


class Drop(Anim):
    """A piece falls onto its hex, lands with a little squash."""

    def __init__(self, frame: str, view, h: int, hides: tuple[int, int], duration: float,
                 delay: float = 0.0, dy: float = 0.0, dx: float = 0.0):
        super().__init__(duration, delay)
        self.frame, self.view, self.h, self.hides, self.dy = frame, view, h, hides, dy
        self.dx = dx

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        scale = self.view.scale * self.view.piece_scale
        height = 48 * (1 - ease_out_bounce(p))
        image = art.sprites.get(self.frame)
        ax, ay = art.sprites.anchors.get(self.frame, (0, 0))
        w, h = image.get_size()
        sw, sh = max(1, round(w * scale)), max(1, round(h * scale))
        if 0.3 < p < 0.55:   # squash on the first landing
            sw, sh = sw + 2, sh - 2
        image = pygame.transform.scale(image, (sw, sh))
        x, y = spot(self.view, self.h, self.dx, self.dy)
        surface.set_clip(self.view.area)
        surface.blit(image, (round(x - ax * sw / w), round(y - ay * sh / h - height)))
        surface.set_clip(None)


class Glow(Anim):
    """Hexes light up one after another (a herd and its land towards the market,
    a chain harvested), then fade."""

    def __init__(self, view, hexes: list[int], colour: tuple[int, int, int], duration: float,
                 delay: float = 0.0, step: float = 0.05):
        super().__init__(duration, delay)
        self.view, self.hexes, self.colour, self.step = view, hexes, colour, step

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        fade = 1.0 - max(0.0, (self.progress - 0.7) / 0.3)
        lit = [self.view.polygon(h) for i, h in enumerate(self.hexes) if self.t >= i * self.step]
        if not lit:
            return
        xs = [x for poly in lit for x, _y in poly]
        ys = [y for poly in lit for _x, y in poly]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        box = box.clip(self.view.area)
        if not box.w or not box.h:
            return
        # Only the hexes' bounding box is blended (cheap even with many at once).
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for poly in lit:
            points = [(x - box.x, y - box.y) for x, y in poly]
            pygame.draw.polygon(layer, (*self.colour, round(110 * fade)), points)
            pygame.draw.polygon(layer, (*WHITE, round(255 * fade)), points, 2)
        surface.blit(layer, box.topleft)


class Pop(Anim):
    """An arcade number pop-up: large and outlined, springs up with an overshoot,
    floats, blinks out; kept inside ``area`` (the board), never over a panel."""

    def __init__(self, text: str, pos: Pos, duration: float, delay: float = 0.0,
                 colour: tuple[int, int, int] = GOLD, area: pygame.Rect | None = None):
        super().__init__(duration, delay)
        self.text, self.pos, self.colour, self.area = text, pos, colour, area

    def rect(self, art: Art) -> pygame.Rect:
        surf = outlined(art.fonts.large, self.text, self.colour)
        p = self.progress
        rise = 14 * ease_out_back(min(1.0, p * 4)) + 10 * p      # overshoots, then settles
        r = surf.get_rect(center=(round(self.pos[0]), round(self.pos[1] - rise)))
        return r.clamp(self.area) if self.area is not None else r

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        if self.progress > 0.8 and int(self.t * 16) % 2:
            return
        surface.blit(outlined(art.fonts.large, self.text, self.colour), self.rect(art))


class CardFly(Anim):
    """A card flies from the market to a hand (or a seat); a card drawn blind
    shows its back and turns face up on the way when ``face`` is given."""

    def __init__(self, back: str, face: str | None, start: Pos, end: Pos, duration: float,
                 delay: float = 0.0):
        super().__init__(duration, delay)
        self.back, self.face, self.start, self.end = back, face, start, end

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        e = 1 - (1 - p) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - 30 * math.sin(math.pi * p)
        name = self.back if self.face is None or p < 0.5 else self.face
        image = art.sprites.get(name)
        w, h = image.get_size()
        if self.face is not None and self.face != self.back and 0.3 < p < 0.7:
            w = max(2, round(w * abs(math.cos(math.pi * (p - 0.3) / 0.4 * 1.0))))  # the turn
        image = pygame.transform.scale(image, (w, h))
        surface.blit(image, (round(x - w / 2), round(y - h / 2)))


class CoinFly(Anim):
    """A spinning peso (the big coin: 18 canvas pixels, 36 screen pixels at
    1080p) flies on an arc from the board to a purse."""

    def __init__(self, start: Pos, end: Pos, duration: float, delay: float = 0.0,
                 arc: float = 40.0):
        super().__init__(duration, delay)
        self.start, self.end, self.arc = start, end, arc

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        e = 1 - (1 - p) ** 2
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - self.arc * math.sin(math.pi * p)
        name = f"coin_big_{int(self.t * 12) % 6}"
        art.sprites.blit_anchored(surface, name if name in art.sprites else "icon_money", (x, y))


class Purse(Anim):
    """The counting purse: it pops up beside a payout, bulges and counts up as
    each coin drops in ("+N" in big outlined numbers), holds a moment, then
    hops off to the seat's panel.  ``landings`` are the seconds (from its start)
    at which the coins land; the count reaches ``amount`` with the last."""

    HOP = 0.25          # of the duration: the last part, the hop to the panel

    def __init__(self, pos: Pos, end: Pos, amount: int, landings: list[float], duration: float,
                 delay: float = 0.0, area: pygame.Rect | None = None):
        super().__init__(duration, delay)
        self.pos, self.end, self.amount, self.area = pos, end, amount, area
        self.landings = sorted(landings)
        self._sized: dict[tuple[str, int, int], pygame.Surface] = {}

    @property
    def count(self) -> int:
        """The pesos counted so far: in equal steps, one per coin landed."""
        if not self.landings:
            return self.amount
        landed = sum(1 for at in self.landings if self.t >= at)
        return self.amount * landed // len(self.landings)

    def place(self) -> tuple[float, float, float]:
        """Where the purse is now, and its size (0..1, springing in)."""
        p = self.progress
        x, y = self.pos
        if self.area is not None:
            x = min(max(x, self.area.left + 16), self.area.right - 16)
            y = min(max(y, self.area.top + 30), self.area.bottom - 14)
        grow = ease_out_back(min(1.0, self.t / max(1e-6, 0.18 * self.duration)))
        hop = max(0.0, (p - (1 - self.HOP)) / self.HOP)
        if hop > 0:
            e = hop * hop
            x += (self.end[0] - x) * e
            y += (self.end[1] - y) * e - 30 * math.sin(math.pi * hop)
            grow *= 1 - 0.5 * hop
        return x, y, grow

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        x, y, size = self.place()
        bulge = any(0 <= self.t - at < 0.08 for at in self.landings)
        name = "purse_full" if bulge else "purse"
        image = art.sprites.get(name)
        scale = max(0.1, 2 * size)          # drawn double: 40 canvas pixels across
        w, h = max(1, round(image.get_width() * scale)), max(1, round(image.get_height() * scale))
        key = (name, w, h)
        if key not in self._sized:
            self._sized[key] = pygame.transform.scale(image, (w, h))
        surface.blit(self._sized[key], (round(x - w / 2), round(y - h / 2)))
        if size >= 0.6 and self.count and self.progress < 1 - self.HOP:
            label = outlined(art.fonts.large, f"+{self.count}", GOLD)
            r = label.get_rect(midtop=(round(x), round(y + h / 2 - 2)))
            if self.area is not None:
                r = r.clamp(self.area)
            surface.blit(label, r)


def payout(anims: Animations, start: Pos, purse_at: Pos, panel: Pos, amount: int,
           delay: float, factor: float, area: pygame.Rect | None = None
           ) -> tuple[list[float], float]:
    """Pesos paid on the board: big coins fly from ``start`` into a counting
    purse at ``purse_at``, which then hops to ``panel`` (the seat's money).
    About a second at normal speed, scaled by ``factor``.  Returns when each coin
    lands (seconds from now: for the purse's clinks) and when the purse reaches
    the panel."""
    coins = max(3, min(8, amount))
    fly = 0.35 * factor
    step = 0.07 * factor
    landings = [step * i + fly for i in range(coins)]
    for i in range(coins):
        anims.add(CoinFly(start, purse_at, fly, delay + step * i, arc=24))
    purse = Purse(purse_at, panel, amount, landings, max(landings) + 0.55 * factor, delay, area)
    anims.add(purse)
    return [delay + at for at in landings], delay + purse.duration


class Confetti(Anim):
    """Confetti raining over a rectangle: scraps in the palette's bright
    colours, each swaying and turning as it falls (seeded: the same every time)."""

    COLOURS = ("w", "y", "c", "L", "m", "o", "B")

    def __init__(self, area: pygame.Rect, duration: float, pieces: int = 110, seed: int = 7,
                 delay: float = 0.0):
        import random

        super().__init__(duration, delay)
        self.area = pygame.Rect(area)
        rng = random.Random(seed)
        self.pieces = [(rng.uniform(0, 1), rng.uniform(-0.6, 0.0), rng.uniform(50, 110),
                        rng.uniform(0, 6.3), rng.choice(self.COLOURS), rng.uniform(4, 9))
                       for _ in range(pieces)]
        self._scaled: dict[str, pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        a = self.area
        for fx, start, speed, phase, colour, spin in self.pieces:
            y = a.top + (start * a.height + speed * self.t) % (a.height + 20) - 10
            x = a.left + fx * a.width + 10 * math.sin(phase + self.t * 2.5)
            name = f"confetti_{colour}_{int(self.t * spin + phase) % 4}"
            image = self._scaled.get(name)
            if image is None and name in art.sprites:
                image = self._scaled[name] = pygame.transform.scale_by(art.sprites.get(name), 3)
            if image is not None:
                surface.blit(image, (round(x), round(y)))


class FrameAnim(Anim):
    """A sprite animation played once at a point (harvest chips pop)."""

    def __init__(self, frames: list[str], pos: Pos, duration: float, delay: float = 0.0,
                 hides: tuple[int, int] | None = None):
        super().__init__(duration, delay)
        self.frames, self.pos, self.hides = frames, pos, hides

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started or not self.frames:
            return
        i = min(len(self.frames) - 1, int(self.progress * len(self.frames)))
        art.sprites.blit_anchored(surface, self.frames[i], self.pos)


class Banner(Anim):
    """A line of text sliding in over the board (new round, scoring due): above
    every other animation, so what it says is never covered."""

    layer = 1

    def __init__(self, text: str, centre: Pos, duration: float, delay: float = 0.0,
                 area: pygame.Rect | None = None):
        """``area`` (the board): the banner rests inside it and slides in and
        out within it, never over a panel, off the screen or cut at an edge."""
        super().__init__(duration, delay)
        self.text, self.centre, self.area = text, centre, area

    def lines(self, art: Art) -> list[str]:
        """The text's lines: one, or wrapped to the area's width when it is wider."""
        font = art.fonts.large
        if self.area is None or font.width(self.text) + 24 <= self.area.w:
            return [self.text]
        return font.wrap(self.text, self.area.w - 24) or [self.text]

    def rect(self, art: Art) -> pygame.Rect:
        """Where the banner is now: it slides in from the area's right edge,
        rests at ``centre`` and slides out to its left edge, whole all the way."""
        font = art.fonts.large
        lines = self.lines(art)
        w = max(font.width(line) for line in lines) + 24
        h = len(lines) * font.line_height + 8
        r = pygame.Rect(round(self.centre[0] - w / 2), round(self.centre[1] - h / 2), w, h)
        p = self.progress
        slide = 0.0 if 0.2 < p < 0.8 else (0.2 - p) * 5 if p <= 0.2 else (0.8 - p) * 5
        if self.area is None:
            r.x += round(slide * 400)
            return r
        r.w, r.h = min(w, self.area.w), min(h, self.area.h)
        r = r.clamp(self.area)
        room = self.area.right - r.right if slide > 0 else r.x - self.area.x
        r.x += round(slide * room)
        return r

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        r = self.rect(art)
        clip = surface.get_clip()
        surface.set_clip(clip.clip(r))
        surface.blit(art.sprites.nine("ui_panel", r.size), r)
        font = art.fonts.large
        for i, line in enumerate(self.lines(art)):
            font.draw(surface, line, (r.x + 12, r.y + 4 + i * font.line_height), WHITE)
        surface.set_clip(clip)


class Ticker:
    """A shown number that steps towards the true one (score markers step)."""

    def __init__(self, value: int = 0):
        self.shown = float(value)
        self.target = value

    wait = 0.0              # seconds before the shown number starts to move

    def set(self, value: int, instant: bool = False, delay: float = 0.0) -> None:
        self.target = value
        self.wait = 0.0 if instant else delay
        if instant:
            self.shown = float(value)

    def update(self, dt: float, per_second: float) -> None:
        if self.wait > 0 and per_second > 0:
            self.wait -= dt
            return
        if per_second <= 0:
            self.shown = float(self.target)
            return
        step = per_second * dt
        if abs(self.target - self.shown) <= step:
            self.shown = float(self.target)
        else:
            self.shown += step if self.target > self.shown else -step

    @property
    def value(self) -> int:
        return round(self.shown)

    @property
    def moving(self) -> bool:
        return self.value != self.target


class Animations:
    """The running animations of a scene."""

    def __init__(self) -> None:
        self.items: list[Anim] = []

    def add(self, anim: Anim) -> None:
        self.items.append(anim)

    def clear(self) -> None:
        self.items.clear()

    def update(self, dt: float) -> None:
        self.items = [a for a in self.items if a.update(dt)]

    def hidden_pieces(self) -> frozenset[tuple[int, int]]:
        return frozenset(a.hides for a in self.items if a.hides is not None)

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        for a in sorted(self.items, key=lambda a: a.layer):     # stable: order kept within
            a.draw(surface, art)

    def __len__(self) -> int:
        return len(self.items)
