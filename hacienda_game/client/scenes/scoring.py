"""A scoring, animated category by category as a table per seat (like the
rulebook's example), then the winner and, at the game's end, a chart of every
seat's points and pesos over the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...ai.coach import KEY_MOMENTS
from ...i18n import N_, _
from ...session.plan import GamePlan
from ..assets import DIM, GOLD, GREY, WHITE
from ..scene import Command, Scene
from ..ui import Button, draw_background, draw_buttons, draw_panel, handle_buttons
from ..words import markets, points
from ..words import pesos as pesos_words

ROWS = (("markets", N_("Markets"), "icon_market"), ("chains", N_("Land chains"), "icon_chain"),
        ("haciendas", N_("Haciendas"), "icon_hacienda"), ("water", N_("Water"), "icon_water"),
        ("money", N_("Money"), "icon_money"), ("total", N_("This scoring"), "icon_score"),
        ("sum", N_("Total points"), "icon_crown"))
STEP = 0.7        # seconds between categories at normal speed


def detail(category: str, row: dict) -> str:
    """The small print under a number: what it was counted from."""
    d = row.get("detail", {})
    if category == "markets":
        n = d.get("markets", 0)
        return markets(n)
    if category in ("chains", "haciendas", "water"):
        parts = d.get(category) or []
        return "+".join(str(p) for p in parts) if parts else "-"
    if category == "money":
        pesos = d.get("money", 0)
        return pesos_words(pesos)
    return ""


class ScoringScene(Scene):
    def __init__(self, which: str, table: list[dict], plan: GamePlan, scores: list[int],
                 samples: list[tuple[int, list[int], list[int]]] | None = None,
                 winners: list[int] | None = None, money: list[int] | None = None,
                 on_close: Callable[[], None] | None = None, autoplay: bool = False,
                 moments: Callable[[], Scene] | None = None):
        self.which, self.table, self.plan = which, table, plan
        self.scores = scores
        self.samples = samples
        self.winners = winners
        self.money = money
        self.on_close = on_close
        self.autoplay = autoplay
        self.moments = moments          # the final scoring's "Key moments" screen
        self.t = 0.0
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None

    def enter(self, app) -> None:
        super().enter(app)
        final = self.winners is not None
        label = _("Back to menu") if final and not self.autoplay else _("Continue")
        w = app.canvas_size[0]
        self.button = Button((w - 220, 496, 196, 34), label, self.close, big=True, key="confirm")
        self.buttons = [self.button]
        if final and self.moments is not None and not self.autoplay:
            # Top right, beside the title: the table starts below it.
            self.buttons.append(Button((w - 220, 5, 196, 32), _(KEY_MOMENTS),
                                       self.show_moments, key="log"))
        f = app.settings.anim_factor
        self.step = STEP * f
        self.reveal_end = self.step * (len(ROWS) + 1)
        if self.step <= 0:
            self.tick_sound(0)          # no count-up: one tick and the fanfare at once

    @property
    def revealed(self) -> float:
        """How many rows are shown (fractional: the newest still counting up)."""
        if self.step <= 0:
            return float(len(ROWS) + 1)
        return max(0.0, self.t / self.step)

    @property
    def eighths(self) -> int:
        """How far the count-up is, in eighths of a row."""
        return int(min(self.revealed, len(ROWS) + 1) * 8)

    def tick_sound(self, before: int) -> None:
        """A tick for each eighth of a row counted up; the fanfare when the winner shows."""
        now = self.eighths
        if now > before:
            self.app.sound.play("score_tick")
        if self.winners is not None and before < len(ROWS) * 8 <= now:
            self.app.sound.play("win")

    def close(self) -> None:
        if self.t < self.reveal_end:
            before = self.eighths
            self.t = self.reveal_end      # first click shows everything at once
            self.tick_sound(before)
            return
        self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def show_moments(self) -> None:
        if self.t < self.reveal_end:
            self.close()                  # the first press shows everything at once
            return
        if self.moments is not None:
            self.app.push(self.moments())

    def handle(self, cmd: Command) -> None:
        if handle_buttons(self.buttons, cmd):
            return
        if (cmd.kind == "press" and cmd.button == 1) or (cmd.kind == "key"
                                                           and cmd.name in ("back", "confirm")):
            self.close()

    def update(self, dt: float) -> None:
        before = self.eighths
        self.t += dt
        self.tick_sound(before)
        if self.autoplay and self.t > self.reveal_end + 1.5:
            self.t = self.reveal_end
            self.close()

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        # Numbers count up in eighths of a row: the picture is redrawn only then.
        key = (self.eighths, tuple((b.hover, b.enabled, self.app.time - b.pressed_at < 0.12)
                                   for b in self.buttons))
        if key != self._key or self._picture is None:
            if self._picture is None:
                self._picture = pygame.Surface(surface.get_size()).convert()
            self.render(self._picture)
            self._key = key
        surface.blit(self._picture, (0, 0))

    def render(self, surface: pygame.Surface) -> None:
        art = self.app.art
        draw_background(surface, art)
        title = _("Final scoring") if self.which == "final" else _("Intermediate scoring")
        art.fonts.large.draw(surface, title, (surface.get_width() // 2, 10), GOLD,
                             align="center")
        self.draw_table(surface)
        if self.revealed >= len(ROWS):
            self.draw_winner(surface)
            if self.samples:
                self.draw_charts(surface)
        draw_buttons(self.buttons if self.revealed >= len(ROWS) else [self.button], surface, art)

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        large, small = art.fonts.large, art.fonts.small
        n = len(self.plan.seats)
        rect = pygame.Rect(24, 40, surface.get_width() - 48, 42 + len(ROWS) * 30)
        draw_panel(surface, art, rect)
        col0 = 190
        col_w = (rect.width - col0 - 16) // n
        for i, seat in enumerate(self.plan.seats):
            cx = rect.x + col0 + col_w * i + col_w // 2
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}",
                                      (cx - small.width(seat.name) // 2 - 10, rect.y + 16))
            small.draw(surface, seat.name, (cx, rect.y + 10), art.seat_text_colour(seat.colour),
                       align="center")
        shown = self.revealed
        for r, (key, label, icon) in enumerate(ROWS):
            y = rect.y + 34 + r * 30
            if r >= shown:
                break
            count_up = min(1.0, (shown - r) * 2)
            if icon in art.sprites:
                art.sprites.blit_anchored(surface, icon, (rect.x + 20, y + 10))
            small.draw(surface, _(label), (rect.x + 34, y + 4), WHITE if key not in ("total", "sum")
                       else GOLD)
            for i in range(n):
                cx = rect.x + col0 + col_w * i + col_w // 2
                if key == "sum":
                    value = self.scores[i] if i < len(self.scores) else 0
                    note = ""
                elif i < len(self.table):
                    value = self.table[i].get(key, 0)
                    note = detail(key, self.table[i])
                else:
                    value, note = 0, ""
                text = str(round(value * count_up))
                font = large if key in ("total", "sum") else small
                font.draw(surface, text, (cx - 10, y + (0 if font is large else 4)),
                          GOLD if key in ("total", "sum") else WHITE, align="right")
                if note and small.width(note) > col_w // 2 - 6:
                    note = _("{count} groups").format(count=note.count("+") + 1)
                if note:
                    small.draw(surface, note, (cx + 2, y + 4), GREY, align="left", shadow=None)
            pygame.draw.line(surface, DIM, (rect.x + 12, y + 27), (rect.right - 12, y + 27))

    def draw_winner(self, surface: pygame.Surface) -> None:
        """The winner (final scoring) or who leads so far (intermediate)."""
        art = self.app.art
        if self.winners is not None:
            leaders = list(self.winners)
        else:
            best_score = max(self.scores, default=0)
            leaders = [i for i, v in enumerate(self.scores) if v == best_score]
        names = [self.plan.seats[w].name for w in leaders]
        if not names:
            return
        best = self.scores[leaders[0]]
        if self.winners is None:
            text = (_("{name} leads with {points} points") if len(names) == 1 else
                    _("{names} lead with {points} points"))
        else:
            text = (_("{name} wins with {points} points!") if len(names) == 1 else
                    _("{names} share the win with {points} points!"))
        text = text.format(name=names[0], names=_(" and ").join(names), points=best)
        y = 40 + 42 + len(ROWS) * 30 + 8
        w = art.fonts.large.width(text) + 56
        rect = pygame.Rect(surface.get_width() // 2 - w // 2, y, w, 30)
        draw_panel(surface, art, rect, "ui_button_hover")
        art.sprites.blit_anchored(surface, "icon_crown", (rect.x + 18, rect.centery))
        art.fonts.large.draw(surface, text, (rect.centerx + 10, rect.y + 3), GOLD,
                             align="center")

    def draw_charts(self, surface: pygame.Surface) -> None:
        samples = self.samples or []
        if len(samples) < 2:
            return
        top = 40 + 42 + len(ROWS) * 30 + 44
        # The points a scoring would give at each moment: the line moves every turn.
        # Two charts and the legend share the width (the legend keeps 192 px).
        cw = (surface.get_width() - 48 - 192 - 16) // 2
        self.chart(surface, pygame.Rect(24, top, cw, 532 - top), _("Points over the game"),
                   [s[3] if len(s) > 3 else s[1] for s in samples])
        self.chart(surface, pygame.Rect(32 + cw, top, cw, 532 - top), _("Pesos over the game"),
                   [s[2] for s in samples])
        art = self.app.art
        legend = pygame.Rect(40 + 2 * cw, top, surface.get_width() - 64 - 2 * cw, 486 - top)
        draw_panel(surface, art, legend)
        order = sorted(range(len(self.plan.seats)), key=lambda i: -self.scores[i])
        for row, i in enumerate(order):
            seat = self.plan.seats[i]
            y = legend.y + 10 + row * 26
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}", (legend.x + 14, y + 5))
            art.fonts.small.draw(surface, seat.name, (legend.x + 24, y), WHITE)
            money = " · " + pesos_words(self.money[i]) if self.money else ""
            art.fonts.small.draw(surface, points(self.scores[i]) + money,
                                 (legend.x + 24, y + 11), GREY)

    def chart(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
              series: list[list[int]]) -> None:
        art = self.app.art
        small = art.fonts.small
        draw_panel(surface, art, rect)
        small.draw(surface, title, (rect.x + 10, rect.y + 6), WHITE)
        top_value = max(10, max(max(v) for v in series))
        plot = pygame.Rect(rect.x + 30, rect.y + 22, rect.width - 44, rect.height - 34)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.bottomright)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.topleft)
        small.draw(surface, str(top_value), (plot.x - 3, plot.y - 4), GREY, align="right",
                   shadow=None)
        small.draw(surface, "0", (plot.x - 3, plot.bottom - 8), GREY, align="right",
                   shadow=None)
        small.draw(surface, _("turns"), (plot.right, plot.bottom + 1), GREY, align="right",
                   shadow=None)
        steps = len(series) - 1
        for seat_index, seat in enumerate(self.plan.seats):
            points = [(plot.x + plot.width * k // steps,
                       plot.bottom - plot.height * row[seat_index] // top_value)
                      for k, row in enumerate(series)]
            colour = art.seat_colour(seat.colour)
            pygame.draw.lines(surface, colour, False, points, 2)
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}", points[-1])
