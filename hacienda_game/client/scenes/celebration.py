"""The end of the game as an event: the winner's celebration after the final
tally, before the crown and the charts (the final ScoringScene pushes it).
A pixel-art podium (2-1-3) with each of the first three seats' hacienda
standing on its step, the winner's jumping under a bouncing
trophy, confetti raining and the fanfare; the other seats are listed beside.
Any press (or, in an autoplay game, a few seconds) goes back to the tally.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...i18n import _
from ...session.plan import GamePlan
from ..anim import Confetti, ease_out_back, outlined
from ..assets import GOLD, WHITE
from ..scene import Command, Scene
from ..ui import Button, draw_background, draw_buttons, handle_buttons
from ..words import points

HOLD = 4.5            # seconds an autoplay game shows the podium at normal speed
WALL_EMBLEM = (6.5, 14.5)   # the middle of the emblem on a hacienda's wall (art pixels)
SCALE = 4             # the podium and its pieces, in canvas pixels per art pixel
# Where the podium's steps are, from the left of its picture: 2nd, 1st, 3rd (art pixels).
STEP_CENTRES = {2: 18, 1: 52, 3: 86}
STEP_TOPS = {2: 28, 1: 38, 3: 21}


def ranking(scores: list[int], winners: list[int]) -> list[int]:
    """Seats from first to last: the winners first (the rules' tie-breaks are in
    ``winners``), then by points."""
    return sorted(range(len(scores)), key=lambda i: (i not in winners,
                                                     winners.index(i) if i in winners else 0,
                                                     -scores[i], i))


class CelebrationScene(Scene):
    def __init__(self, plan: GamePlan, scores: list[int], winners: list[int],
                 autoplay: bool = False, on_close: Callable[[], None] | None = None):
        self.plan, self.scores, self.winners = plan, list(scores), list(winners)
        self.autoplay = autoplay
        self.on_close = on_close
        self.order = ranking(self.scores, self.winners)
        self.t = 0.0
        self.closed = False

    def enter(self, app) -> None:
        super().enter(app)
        self.factor = app.settings.anim_factor
        self.confetti = Confetti(pygame.Rect((0, 0), app.canvas_size), 1e9)
        self.lay_out()
        app.sound.play("fanfare")

    def lay_out(self) -> None:
        w, h = self.app.canvas_size
        self.button = Button((w - 220, h - 44, 196, 34), _("Continue"), self.close, big=True,
                             key="confirm")
        self.confetti.area = pygame.Rect((0, 0), (w, h))

    def resize(self) -> None:
        self.lay_out()

    def language_changed(self) -> None:
        self.lay_out()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, cmd: Command) -> None:
        if handle_buttons([self.button], cmd):
            return
        if self.t < 0.3:            # a press meant for the board does not skip it unseen
            return
        if (cmd.kind == "press" and cmd.button == 1) or (cmd.kind == "key"
                                                           and cmd.name in ("back", "confirm")):
            self.close()

    def update(self, dt: float) -> None:
        self.t += dt
        self.confetti.update(dt)
        if self.autoplay and self.t > HOLD * max(self.factor, 0.3):
            self.close()

    # ----------------------------------------------------------------- draw
    def headline(self) -> str:
        names = [self.plan.seats[w].name for w in self.winners]
        best = self.scores[self.winners[0]] if self.winners else 0
        text = (_("{name} wins with {points} points!") if len(names) == 1 else
                _("{names} share the win with {points} points!"))
        return text.format(name=names[0] if names else "", names=_(" and ").join(names),
                           points=best)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        w, h = surface.get_size()
        draw_background(surface, art, self.app.time)
        # The headline springs in, in the big face, gold on ink.
        grow = ease_out_back(min(1.0, self.t / 0.4)) if self.factor > 0 else 1.0
        title = self.headline()
        font = art.fonts.huge if art.fonts.huge.width(title) <= w - 40 else art.fonts.large
        label = outlined(font, title, GOLD)
        if grow < 0.999:
            label = pygame.transform.scale(label, (max(1, round(label.get_width() * grow)),
                                                   max(1, round(label.get_height() * grow))))
        surface.blit(label, label.get_rect(center=(w // 2, 44)))
        podium = art.sprites.get("podium")
        big = pygame.transform.scale_by(podium, SCALE)
        base = big.get_rect(midbottom=(w // 2, h - 56))
        surface.blit(big, base)
        for place, seat in enumerate(self.order[:3], start=1):
            self.draw_stand(surface, base, place, seat)
        self.draw_rest(surface, base)
        self.confetti.draw(surface, art)
        draw_buttons([self.button], surface, art)

    def draw_stand(self, surface: pygame.Surface, base: pygame.Rect, place: int,
                   seat: int) -> None:
        """A seat's hacienda on its step, its name and points above it; the
        winner's jumps, under a bouncing trophy."""
        art = self.app.art
        colour = self.plan.seats[seat].colour
        x = base.x + STEP_CENTRES[place] * SCALE
        top = base.bottom - STEP_TOPS[place] * SCALE
        hop = 0
        if place == 1 and self.factor > 0:
            hop = round(abs(math.sin(self.t * 5)) * 10)
        house = pygame.transform.scale_by(art.sprites.get(f"hacienda_{colour}"), SCALE)
        spot = house.get_rect(midbottom=(x, top + 2 * SCALE - hop))
        surface.blit(house, spot)
        # The seat's emblem as the panels show it, over the wall's small one
        # (seat 3's five-pixel diamond, dark on the white wall, read as a cross).
        emblem = pygame.transform.scale_by(art.sprites.get(f"emblem_{colour}"), 2)
        surface.blit(emblem, emblem.get_rect(center=(spot.x + WALL_EMBLEM[0] * SCALE,
                                                     spot.y + WALL_EMBLEM[1] * SCALE)))
        font = art.fonts.large
        name = font.clip(self.plan.seats[seat].name, 33 * SCALE)
        y = spot.top - 2 * font.line_height - 4
        font.draw(surface, name, (x, y), art.seat_text_colour(colour), align="center")
        font.draw(surface, points(self.scores[seat]), (x, y + font.line_height),
                  GOLD if place == 1 else WHITE, align="center")
        if place == 1:
            bounce = round(abs(math.sin(self.t * 3)) * 6) if self.factor > 0 else 0
            trophy = pygame.transform.scale_by(art.sprites.get("trophy"), SCALE)
            surface.blit(trophy, trophy.get_rect(midbottom=(x, y - 4 - bounce)))

    def draw_rest(self, surface: pygame.Surface, base: pygame.Rect) -> None:
        """Fourth and fifth place, beside the podium, as large as the podium's
        names: each in its colour under its emblem, its place and points below
        (on two lines where the side of the podium is narrow)."""
        art = self.app.art
        font = art.fonts.large
        x = base.right + 24
        room = surface.get_width() - x - 12
        rows = []
        for place, seat in enumerate(self.order[3:], start=4):
            scored = points(self.scores[seat])
            both = _("Place {place} · {points}").format(place=place, points=scored)
            below = [both] if font.width(both) <= room else \
                [_("Place {place}").format(place=place), scored]
            rows.append((seat, below))
        y = base.bottom - sum((1 + len(below)) * font.line_height + 10 for _s, below in rows)
        for seat, below in rows:
            colour = self.plan.seats[seat].colour
            emblem = pygame.transform.scale_by(art.sprites.get(f"emblem_{colour}"), 2)
            surface.blit(emblem, emblem.get_rect(midleft=(x, y + font.line_height // 2)))
            left = x + emblem.get_width() + 6
            font.draw(surface, font.clip(self.plan.seats[seat].name, x + room - left),
                      (left, y), art.seat_text_colour(colour))
            for line in below:
                y += font.line_height
                font.draw(surface, font.clip(line, room), (x, y), WHITE)
            y += font.line_height + 10
