"""A scoring, animated category by category as a table per seat (like the
rulebook's example), then the winner and, at the game's end, a chart of every
seat's points and pesos over the game.

The game's end goes as a player expects it: the final tally first, category
by category; then the winner's podium (``celebration``); then, back here, the
winner's crown and the charts."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...ai.coach import KEY_MOMENTS
from ...i18n import N_, _, ngettext
from ...session.charts import axis_top, pesos_lines, points_lines
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
    """The small print beside a number: what it was counted from."""
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


def short_detail(category: str, row: dict) -> str:
    """The small print when the whole does not fit: how many groups were counted
    (chains, haciendas, water); nothing for the others."""
    parts = row.get("detail", {}).get(category) or []
    if category in ("chains", "haciendas", "water") and len(parts) > 1:
        return ngettext("{count} group", "{count} groups", len(parts)).format(count=len(parts))
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
        # The final scoring crowns its winner after the tally, with the podium;
        # an intermediate scoring has nobody to crown.
        self.crowned = winners is None
        self.celebrating = False
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None

    def enter(self, app) -> None:
        super().enter(app)
        self.lay_out()
        f = app.settings.anim_factor
        self.step = STEP * f
        self.reveal_end = self.step * (len(ROWS) + 1)
        if self.step <= 0:
            self.tick_sound(0)          # no count-up: one tick and the fanfare at once

    def lay_out(self) -> None:
        final = self.winners is not None
        label = _("Back to menu") if final and self.crowned and not self.autoplay \
            else _("Continue")
        w = self.app.canvas_size[0]
        self.button = Button((w - 220, 496, 196, 34), label, self.close, big=True, key="confirm")
        self.buttons = [self.button]
        if final and self.crowned and self.moments is not None and not self.autoplay:
            # Top right, beside the title: the table starts below it.
            self.buttons.append(Button((w - 220, 5, 196, 32), _(KEY_MOMENTS),
                                       self.show_moments, key="log", face="body"))

    def resize(self) -> None:
        """The canvas or the text size changed: lay out and draw afresh."""
        self.lay_out()
        self._picture = None

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
        if self.winners is not None and self.crowned and before < len(ROWS) * 8 <= now:
            self.app.sound.play("win")

    def close(self) -> None:
        if self.t < self.reveal_end:
            before = self.eighths
            self.t = self.reveal_end      # first click shows everything at once
            self.tick_sound(before)
            return
        if not self.crowned:
            self.celebrate()
            return
        self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def celebrate(self) -> None:
        """The tally is all there: the winner's podium, then back here to the
        crown and the charts."""
        if self.celebrating:
            return
        from .celebration import CelebrationScene

        self.celebrating = True
        self.app.push(CelebrationScene(self.plan, self.scores, list(self.winners or []),
                                       autoplay=self.autoplay, on_close=self.crown))

    def crown(self) -> None:
        """Back from the podium: the winner's plate, the charts and the way on."""
        self.crowned = True
        self.celebrating = False
        self.t = self.reveal_end          # (an autoplay game: shown a while again)
        self.lay_out()
        self._picture = None

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
        if self.revealed >= len(ROWS) and self.crowned:
            self.draw_winner(surface)
            if self.samples:
                self.draw_charts(surface)
        draw_buttons(self.buttons if self.revealed >= len(ROWS) else [self.button], surface, art)

    def table_rect(self, surface: pygame.Surface) -> tuple[pygame.Rect, int, int]:
        """The table's panel, the height of its heading and of each row (both
        grow with the reading face)."""
        line = self.app.art.fonts.body.line_height
        head, row = max(34, line + 14), max(30, line + 8)
        return pygame.Rect(24, 40, surface.get_width() - 48, head + len(ROWS) * row + 8), \
            head, row

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        large, body = art.fonts.large, art.fonts.body
        n = len(self.plan.seats)
        rect, head, row_h = self.table_rect(surface)
        draw_panel(surface, art, rect)
        col0 = max(150, max(body.width(_(label)) for _k, label, _i in ROWS) + 48)
        col_w = (rect.width - col0 - 16) // n
        for i, seat in enumerate(self.plan.seats):
            cx = rect.x + col0 + col_w * i + col_w // 2
            name = body.clip(seat.name, col_w - 24)
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}",
                                      (cx - body.width(name) // 2 - 10,
                                       rect.y + 8 + body.line_height // 2))
            body.draw(surface, name, (cx + 4, rect.y + 8), art.seat_text_colour(seat.colour),
                      align="center")
        shown = self.revealed
        for r, (key, label, icon) in enumerate(ROWS):
            y = rect.y + head + r * row_h
            if r >= shown:
                break
            count_up = min(1.0, (shown - r) * 2)
            big = key in ("total", "sum")
            mid = y + (row_h - 3) // 2                  # the row's middle, over its rule
            if icon in art.sprites:
                art.sprites.blit_anchored(surface, icon, (rect.x + 20, mid))
            body.draw(surface, _(label), (rect.x + 34, mid - body.line_height // 2),
                      GOLD if big else WHITE)
            for i in range(n):
                cx = rect.x + col0 + col_w * i + col_w // 2
                if key == "sum":
                    value = self.scores[i] if i < len(self.scores) else 0
                    note = ""
                elif i < len(self.table):
                    value = self.table[i].get(key, 0)
                    note = detail(key, self.table[i])
                    if body.width(note) > col_w // 2 - 6:
                        note = short_detail(key, self.table[i])
                    if body.width(note) > col_w // 2 - 6:
                        note = ""
                else:
                    value, note = 0, ""
                font = large if big else body
                font.draw(surface, str(round(value * count_up)),
                          (cx - 4, mid - font.line_height // 2 - (1 if big else 0)),
                          GOLD if big else WHITE, align="right")
                if note:
                    body.draw(surface, note, (cx + 4, mid - body.line_height // 2), GREY,
                              align="left", shadow=None)
            pygame.draw.line(surface, DIM, (rect.x + 12, y + row_h - 3),
                             (rect.right - 12, y + row_h - 3))

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
        y = self.table_rect(surface)[0].bottom + 8
        w = art.fonts.large.width(text) + 56
        rect = pygame.Rect(surface.get_width() // 2 - w // 2, y, w, 30)
        draw_panel(surface, art, rect, "ui_panel_hi")      # a gold-rimmed plate, not a button
        art.sprites.blit_anchored(surface, "icon_crown", (rect.x + 18, rect.centery))
        art.fonts.large.draw(surface, text, (rect.centerx + 10, rect.y + 3), GOLD,
                             align="center")

    def draw_charts(self, surface: pygame.Surface) -> None:
        samples = self.samples or []
        if len(samples) < 2:
            return
        top = self.table_rect(surface)[0].bottom + 44
        # The points and pesos the record holds at each moment (the track's
        # points, not what a scoring now would give): the axis ends at the leader.
        # Two charts and the legend share the width (the legend keeps 192 px).
        cw = (surface.get_width() - 48 - 192 - 16) // 2
        self.chart(surface, pygame.Rect(24, top, cw, 532 - top), _("Points over the game"),
                   points_lines(samples))
        self.chart(surface, pygame.Rect(32 + cw, top, cw, 532 - top), _("Pesos over the game"),
                   pesos_lines(samples))
        art = self.app.art
        body = art.fonts.body
        legend = pygame.Rect(40 + 2 * cw, top, surface.get_width() - 64 - 2 * cw,
                             self.button.rect.y - 6 - top)
        draw_panel(surface, art, legend)
        order = sorted(range(len(self.plan.seats)), key=lambda i: -self.scores[i])
        # Two lines a seat (points, then pesos) where they fit, else one: name and points.
        two = len(order) * (2 * body.line_height + 4) + 12 <= legend.h
        pitch = (2 * body.line_height if two else body.line_height) + 4
        for row, i in enumerate(order):
            seat = self.plan.seats[i]
            y = legend.y + 8 + row * pitch
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}",
                                      (legend.x + 14, y + body.line_height // 2))
            if two:
                body.draw(surface, body.clip(seat.name, legend.w - 34), (legend.x + 24, y),
                          WHITE)
                money = " · " + pesos_words(self.money[i]) if self.money else ""
                body.draw(surface, body.clip(points(self.scores[i]) + money, legend.w - 34),
                          (legend.x + 24, y + body.line_height), GREY)
            else:
                score = str(self.scores[i])
                body.draw(surface, score, (legend.right - 10, y), GOLD, align="right")
                body.draw(surface, body.clip(seat.name, legend.w - 44 - body.width(score)),
                          (legend.x + 24, y), WHITE)

    def chart(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
              series: list[list[int]]) -> None:
        art = self.app.art
        body = art.fonts.body
        draw_panel(surface, art, rect)
        body.draw(surface, body.clip(title, rect.w - 20), (rect.x + 10, rect.y + 5), WHITE)
        top_value = axis_top(series)
        label_w = body.width(str(top_value)) + 6
        line = body.line_height
        top = 6 + line + line // 2               # the title, then half the top value's line
        plot = pygame.Rect(rect.x + 10 + label_w, rect.y + top, rect.width - 24 - label_w,
                           rect.height - top - line - 6)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.bottomright)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.topleft)
        body.draw(surface, str(top_value), (plot.x - 4, plot.y - body.line_height // 2), GREY,
                  align="right", shadow=None)
        body.draw(surface, "0", (plot.x - 4, plot.bottom - body.line_height // 2 - 2), GREY,
                  align="right", shadow=None)
        body.draw(surface, _("turns"), (plot.right, plot.bottom + 2), GREY, align="right",
                  shadow=None)
        steps = len(series) - 1
        ends: list[tuple[int, int]] = []
        for seat_index, seat in enumerate(self.plan.seats):
            # Seats level at a turn (all at 0 early on) are stacked 2 pixels
            # apart there, so no seat's line hides under another's.
            points = [(plot.x + plot.width * k // steps,
                       plot.bottom - plot.height * row[seat_index] // top_value
                       - 2 * sum(1 for other in range(seat_index)
                                 if row[other] == row[seat_index]))
                      for k, row in enumerate(series)]
            colour = art.seat_ink(seat.colour)
            pygame.draw.lines(surface, colour, False, points, 2)
            # Each line's end marked with its seat's emblem, level ones side by side.
            end = points[-1]
            while any(abs(end[0] - x) < 9 and abs(end[1] - y) < 9 for x, y in ends):
                end = (end[0] - 9, end[1])
            ends.append(end)
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}", end)
