"""The seat panels: one row per seat with its name and kind, the turn marker,
and its counters (pesos, points with a scoring now's gain, markets reached,
land and animal cards in hand)."""

from __future__ import annotations

import pygame

from .....i18n import _
from .....net import REMOTE
from .....session.choices import HUMAN
from ....assets import GOLD, GREY, WHITE, draw_swatch
from ....ui import draw_panel
from ....words import level_name
from .tooltip import Tip, tip
from .viewmodel import SeatRow, SeatsModel


def draw(surface: pygame.Surface, art, rects, model: SeatsModel,
         legend: pygame.Rect | None = None) -> None:
    """``rects``: each seat's row rectangle; ``legend``: a row over them for
    the counters' headings (drawn where they fit).  A row one line high
    (compact: Large text, five seats) holds the name and the counters on
    that line, the counters at its right end, the name (shortened if need
    be) before them."""
    font = art.fonts.body
    marker = "◄" if "◄" in font.glyphs else "<"
    spots = row_columns(art, rects, model.rows, legend) if rects else None
    if spots is not None and legend is not None and legend.h:
        draw_legend(surface, art, legend, spots)
    for row, rect in zip(model.rows, rects, strict=False):
        compact = is_compact(font, rect)
        top = text_top(font, rect)
        draw_panel(surface, art, rect, "ui_panel_hi" if row.current else "ui_panel")
        seat_stripe(surface, art, row.colour, pygame.Rect(rect.x + 4, rect.y + 4, 4, rect.h - 8))
        art.sprites.blit_anchored(surface, f"emblem_{row.colour}",
                                  (rect.x + 18, top + 1 + font.line_height // 2))
        right = rect.right - 8 - font.width(marker)
        if compact and spots is not None:
            right = rect.x + spots.left - 6
        name = shortened(font, row.name, right - rect.x - NAME_X) if compact else row.name
        x = font.draw(surface, name, (rect.x + NAME_X, top),
                      art.seat_text_colour(row.colour)).right + 6
        if row.kind != HUMAN and not compact:
            who = _("remote") if row.kind == REMOTE else \
                _("AI {level}").format(level=level_name(row.kind))
            if x + font.width(who) <= right:
                font.draw(surface, who, (x, top), GREY)
        if row.current and model.marker and (spots is None or spots.marker):
            font.draw(surface, marker, (rect.right - 6, top), WHITE, align="right")
        y = top + (0 if compact else font.line_height)
        draw_counts(surface, art, rect, y, row_counts(row), spots)


def seat_stripe(surface: pygame.Surface, art, colour: int, rect: pygame.Rect) -> None:
    """A seat's stripe down its row: its ink in a light edge, or, for a seat
    colour darker than the panels show (seat 3's deep green), as its pieces
    look on the board: that dark colour, a white line down its middle."""
    board = art.seat_colour(colour)
    if 0.299 * board[0] + 0.587 * board[1] + 0.114 * board[2] >= 0.25 * 255:
        draw_swatch(surface, art, colour, rect)
        return
    pygame.draw.rect(surface, GREY, rect.inflate(2, 2))
    pygame.draw.rect(surface, board, rect)
    pygame.draw.rect(surface, WHITE, (rect.centerx - 1, rect.y + 2, 2, rect.h - 4))


def text_top(font, rect: pygame.Rect) -> int:
    """Where a row's first line of text starts: 3 pixels down, less on a row
    two lines high and no more (Large text, five seats)."""
    return rect.y + (3 if is_compact(font, rect) else
                     min(3, max(0, rect.h - 2 * font.line_height - 1)))


def is_compact(font, rect: pygame.Rect) -> bool:
    """A seat's row one line high: its name and counters share the line."""
    return rect.h < 2 * font.line_height


def shortened(font, name: str, width: int) -> str:
    """The name, or as much of it as fits with a full stop ("Carm."), or none."""
    if font.width(name) <= width:
        return name
    for k in range(len(name) - 1, 0, -1):
        short = name[:k].rstrip() + "."
        if font.width(short) <= width:
            return short
    return ""


NAME_X = 28          # where a row's name starts, right of its swatch and emblem


def row_columns(art, rects, rows, legend: pygame.Rect | None = None) -> Columns:
    """The counters' columns of every row, the same on every turn: under the
    headings (two-line rows), or at the right end of one-line rows, before
    the turn marker, never over the emblem: the gaps close (4 to 2 pixels),
    then the marker gives way (the current row is lit all the same)."""
    rect = rects[0]
    font = art.fonts.body
    if not is_compact(font, rect):
        return columns(art, rect, rows, legend)
    # One-line rows: the name needs the room, the columns take the numbers' own widths.
    counts = [row_counts(row) for row in rows]
    n = len(COUNTERS)
    tight = counter_columns(art, pygame.Rect(rect.x, rect.y, 0, rect.h), counts)   # gaps 2
    need = tight.ends[-1] - tight.starts[0] - 2 * (n - 1)
    marker = font.width("◄" if "◄" in font.glyphs else "<") + 2
    for room, gap in ((marker, 4), (marker, 3), (marker, 2), (0, 2)):
        if NAME_X + need + gap * (n - 1) <= rect.w - 6 - room:
            break
    spots = counter_columns(art, pygame.Rect(rect.x, rect.y, need + gap * (n - 1) + 18,
                                             rect.h), counts)
    spots.left = max(NAME_X, rect.w - 6 - room - (spots.ends[-1] - spots.starts[0]))
    spots.marker = bool(room)
    return spots


# Each counter of a seat's row and the tooltip that explains it.
COUNTERS = ("money", "score", "markets", "land_hand", "animal_hand")
# The widest value each column holds (pesos, points, the gold gain, markets,
# land and animal cards in hand): the columns are laid out for these, so they
# stand still from turn to turn whatever the numbers.
# Where a row is too narrow for three digits of pesos and points (Large text),
# two (a 100th peso or point widens its column).
RESERVES = (("999", "999", "+99", "99", "99", "99"), ("99", "99", "+99", "99", "99", "99"))


def row_counts(row: SeatRow) -> tuple[tuple[str, str, str], ...]:
    """(icon, number, extra in gold) of each counter of a seat's row (the
    gain a scoring now brings is shown also when it is +0)."""
    return (("icon_money", str(row.money), ""),
            ("icon_score", str(row.score), f"+{row.gain}"),
            ("icon_market", str(row.markets), ""),
            ("icon_cards_land", str(row.land_cards), ""),
            ("icon_cards_animal", str(row.animal_cards), ""))


def legend_words() -> tuple[str, str, str, str, str]:
    """The headings over the counters: pesos, points, the gain a scoring now
    would bring (in gold, over the gold numbers), markets reached, and the
    cards in hand (over the land and the animal cards)."""
    # The gain's heading says what the gold number is, in words ("if scored",
    # as the points' tooltip: "If scored now: ..."), not "now" after "Points".
    return (_("Pesos"), _("Points"), _("if scored"), _("Markets"), _("Cards"))


class Columns:
    """Where each counter's column starts and ends on a seat's row (the same
    on every row), where the gold gain goes, and whether headings are shown."""

    def __init__(self, starts: list[int], ends: list[int], gain_x: int, headed: bool):
        self.starts, self.ends, self.gain_x, self.headed = starts, ends, gain_x, headed
        self.gain_head = headed       # the gain's own heading shown ("if scored")
        self.left = 12                # where the first column starts on a row (from its x)
        self.marker = True            # the turn marker has room at the row's right end
        self.pad = 2                  # between each icon and its number


def columns(art, rect: pygame.Rect, rows, legend: pygame.Rect | None = None) -> Columns:
    """The counters' columns of a two-line seat row, one set for all rows and
    every turn: each as wide as the widest value it can hold (``RESERVE``),
    whatever ``rows`` hold now; the gaps share out what room is left (2 to 8)."""
    return counter_columns(art, rect, None, legend)


def counter_columns(art, rect: pygame.Rect, counts: list | None,
                    legend: pygame.Rect | None = None) -> Columns:
    """The columns for the reserved widths (``counts`` None), or for each
    row's ``row_counts`` (one-line rows too narrow for the reserve).  The
    number stands 2 pixels after its icon, 1 or 0 where the row is narrow."""
    font = art.fonts.body
    n = len(COUNTERS)
    icons = [art.sprites.get(icon).get_width() for icon in ICONS]
    room = rect.w - 12 - 6
    headed = legend is not None and legend.h > 0
    tries = [(values, pad) for values in (RESERVES if counts is None else [None])
             for pad in (2, 1)]
    for reserve, pad in tries:
        if reserve is None:
            values = [max((font.width(c[i][1]) for c in counts), default=0) for i in range(n)]
            gain = max((font.width(c[1][2]) + 1 for c in counts if c[1][2]), default=0)
        else:
            values = [font.width(reserve[i if i < 2 else i + 1]) for i in range(n)]
            gain = font.width(reserve[2]) + 1
        content = [icons[i] + pad + values[i] + 1 for i in range(n)]
        need = sum(content) + (3 + gain if gain else 0)
        if need + 2 * (n - 1) <= room:
            break
    gap = max(2, min(8, (room - need) // (n - 1)))
    x = rect.x + 12
    starts, ends, gain_x = [], [], 0
    for i, w in enumerate(content):
        starts.append(x)
        x += w
        if i == 1 and gain:
            gain_x = x + 3
            x = gain_x + gain
        ends.append(x)
        x += gap
    spots = Columns(starts, ends, gain_x, headed)
    spots.pad = pad
    return spots


ICONS = ("icon_money", "icon_score", "icon_market", "icon_cards_land", "icon_cards_animal")
# The headings stand on two lines of the reading face (the large one with
# Large text), staggered so that each has the room of two columns: pesos, the
# gold gain and the cards above, points and markets below
# (layout.legend_height is their height).
LEGEND_LINES = ((0, 2, 4), (1, 3))


def legend_places(art, rect: pygame.Rect, spots: Columns) -> list[tuple[str, int, int]]:
    """(heading, x, y) of each heading over its column."""
    font = art.fonts.body
    words = legend_words()
    dx = rect.x + spots.left - spots.starts[0]
    xs = (spots.starts[0], spots.starts[1], spots.gain_x, spots.starts[2], spots.starts[3])
    top = rect.bottom - 2 * font.line_height
    sep = 4 if font.line_height < 24 else 8      # a space of the face between headings
    out = []
    for k, line in enumerate(LEGEND_LINES):
        end = rect.x
        for j, i in enumerate(line):
            # Over its column, a space clear of the heading before it (the
            # cards' may move right over its two columns), up to the next
            # heading on its line or the row's end.
            x = xs[i] + dx if i != 4 else max(xs[i] + dx, end + sep)
            limit = xs[line[j + 1]] + dx - sep if j + 1 < len(line) else rect.right - 4
            if i == 2 and j + 1 < len(line) and line[j + 1] == 4:
                limit = rect.right - 4 - font.width(words[4]) - sep
            if x + font.width(words[i]) <= limit and x >= end:
                out.append((words[i], x, top + k * font.line_height))
                end = x + font.width(words[i])
    return out


def draw_legend(surface: pygame.Surface, art, rect: pygame.Rect, spots: Columns) -> None:
    """The headings, each over its column (the gain's in gold, the cards'
    over both card columns)."""
    gain = legend_words()[2]
    for word, x, y in legend_places(art, rect, spots):
        art.fonts.body.draw(surface, word, (x, y), GOLD if word == gain else GREY)


def count_spots(art, rect: pygame.Rect, counts: tuple[tuple[str, str, str], ...],
                spots: Columns) -> list[tuple[int, int, bool]]:
    """Where each counter of a row goes in the shared columns: (its x, its
    right end, its extra shown)."""
    dx = rect.x + spots.left - spots.starts[0]
    out = []
    for i, (_icon, _value, extra) in enumerate(counts):
        end = spots.ends[i] + dx
        shown = bool(extra) and end <= rect.right - 6
        if i == 1 and spots.gain_x and not shown:
            end = spots.gain_x + dx - 3
        out.append((spots.starts[i] + dx, end, shown))
    return out


def draw_counts(surface: pygame.Surface, art, rect: pygame.Rect, y: int,
                counts: tuple[tuple[str, str, str], ...], spots: Columns) -> None:
    """A seat's counters on one line, icon and number each (the projected
    gain after the points, in gold), in the columns shared by every row."""
    font = art.fonts.body
    for (icon, value, extra), (x, _right, shown) in zip(
            counts, count_spots(art, rect, counts, spots), strict=True):
        img = art.sprites.get(icon)
        surface.blit(img, (x, y + (font.line_height - img.get_height()) // 2 - 1))
        font.draw(surface, value, (x + img.get_width() + spots.pad, y), WHITE)
        if shown:
            font.draw(surface, extra, (spots.gain_x - spots.starts[0] + rect.x + spots.left, y),
                      GOLD)


def tips(art, rects, model: SeatsModel, legend: pygame.Rect | None = None) -> list[Tip]:
    """Each seat's name and counters with their tooltips."""
    font = art.fonts.body
    out = []
    spots = row_columns(art, rects, model.rows, legend) if rects else None
    for row, rect in zip(model.rows, rects, strict=False):
        compact = is_compact(font, rect)
        name_w = spots.left - 4 if compact and spots is not None else rect.w
        top = text_top(font, rect)
        out.append(tip((rect.x, rect.y, name_w, top - rect.y + font.line_height), "seat",
                       name=row.name, kind=row.kind, current=row.current))
        y = top + (0 if compact else font.line_height)
        values = {"money": row.money, "score": row.score, "markets": row.markets,
                  "land_hand": row.land_cards, "animal_hand": row.animal_cards}
        for key, (x, right, _shown) in zip(COUNTERS, count_spots(art, rect, row_counts(row),
                                                                 spots), strict=True):
            params = {"name": row.name, "count": values[key]}
            if key == "money":
                params = {"name": row.name, "money": row.money}
            elif key == "score":
                params = {"name": row.name, "score": row.score, "gain": row.gain}
            out.append(tip((x - 2, y - 1, right - x + 4, font.line_height + 2), key, **params))
    return out
