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


class Drop(Anim):
    """A piece falls onto its hex, lands with a little squash."""

    def __init__(self, frame: str, pos: Pos, hides: tuple[int, int], duration: float,
                 delay: float = 0.0, scale: int = 1):
        super().__init__(duration, delay)
        self.frame, self.pos, self.hides, self.scale = frame, pos, hides, scale

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        height = 48 * (1 - ease_out_bounce(p))
        image = art.sprites.get(self.frame)
        if self.scale > 1:
            image = pygame.transform.scale_by(image, self.scale)
        ax, ay = art.sprites.anchors.get(self.frame, (0, 0))
        ax, ay = ax * self.scale, ay * self.scale
        w, h = image.get_size()
        if 0.3 < p < 0.55:   # squash on the first landing
            squash = 2 * self.scale
            image = pygame.transform.scale(image, (w + squash, h - squash))
            ax += squash // 2
            ay -= squash
        surface.blit(image, (round(self.pos[0] - ax), round(self.pos[1] - ay - height)))


class Blink(Anim):
    """Hex outlines flashing: a herd reaching a market, a chain harvested."""

    def __init__(self, frame: str, positions: list[Pos], duration: float, delay: float = 0.0):
        super().__init__(duration, delay)
        self.frame, self.positions = frame, positions

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started or int(self.t * 8) % 2:
            return
        for pos in self.positions:
            art.sprites.blit_anchored(surface, self.frame, pos)


class Pop(Anim):
    """An arcade number pop-up: springs up with an overshoot, floats, blinks out."""

    def __init__(self, text: str, pos: Pos, duration: float, delay: float = 0.0,
                 colour: tuple[int, int, int] = GOLD):
        super().__init__(duration, delay)
        self.text, self.pos, self.colour = text, pos, colour

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        if p > 0.8 and int(self.t * 16) % 2:
            return
        font = art.fonts.large
        spring = ease_out_back(min(1.0, p * 4))      # overshoots, then settles
        rise = 14 * spring + 10 * p
        surf = font.shadowed(self.text, self.colour, INK)
        x = round(self.pos[0] - surf.get_width() / 2)
        y = round(self.pos[1] - surf.get_height() / 2 - rise)
        surface.blit(surf, (x, y))


class CoinFly(Anim):
    """A spinning coin flies on an arc from the board to a player's purse."""

    def __init__(self, start: Pos, end: Pos, duration: float, delay: float = 0.0):
        super().__init__(duration, delay)
        self.start, self.end = start, end

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        e = 1 - (1 - p) ** 2
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - 40 * math.sin(math.pi * p)
        name = f"coin_{int(self.t * 12) % 6}"
        art.sprites.blit_anchored(surface, name if name in art.sprites else "icon_money", (x, y))


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
    """A line of text sliding in over the board (new round, scoring due)."""

    def __init__(self, text: str, centre: Pos, duration: float, delay: float = 0.0):
        super().__init__(duration, delay)
        self.text, self.centre = text, centre

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        if not self.started:
            return
        p = self.progress
        slide = 0.0 if 0.2 < p < 0.8 else (0.2 - p) * 5 if p <= 0.2 else (0.8 - p) * 5
        font = art.fonts.large
        w = font.width(self.text) + 24
        x = round(self.centre[0] - w / 2 + slide * 400)
        y = round(self.centre[1] - 16)
        surface.blit(art.sprites.nine("ui_panel", (w, 32)), (x, y))
        font.draw(surface, self.text, (x + 12, y + 4), WHITE)


class Ticker:
    """A shown number that steps towards the true one (score markers step)."""

    def __init__(self, value: int = 0):
        self.shown = float(value)
        self.target = value

    def set(self, value: int, instant: bool = False) -> None:
        self.target = value
        if instant:
            self.shown = float(value)

    def update(self, dt: float, per_second: float) -> None:
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
        for a in self.items:
            a.draw(surface, art)

    def __len__(self) -> int:
        return len(self.items)
