"""Where everything on the play screen goes, computed from the canvas size.

A pure function of the canvas (W x H, W from 720 to 1290 wide), the number
of seats and the reading font's line height: the board takes most of the
screen, the seats and the market stand in a column on the right, the hand,
the actions and a strip for prompts and hints run under the board.  Hit
rectangles (cards in the hand and the market) come from here too, from the
seat view, never as a side effect of drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ....engine import ANIMALS, LAND_CARDS
from ...track import track_height

CARD_W, CARD_H = 32, 44
TOP_H = 27                        # the top line at the normal text size
PROMPT_H = 17                     # a pad's button glyph
TRACK_COLUMN = 96                 # the upright points track's width (Large text)
WIDEST_BOARD = (736, 344)         # the hexes of the widest standard board (asymmetric)
LOG_LINES = 4                     # the log shows at least this many lines in every layout


@dataclass(frozen=True)
class Layout:
    canvas: tuple[int, int]
    line: int                     # the reading font's line height
    top: pygame.Rect              # round, whose turn, actions left; the Menu button
    board: pygame.Rect            # the board view (zoomed and panned inside it)
    zoom: pygame.Rect             # the zoom buttons, beside the points track
    track: pygame.Rect            # the points track
    hand: pygame.Rect
    actions: pygame.Rect          # the action buttons
    strip: pygame.Rect            # hints, prompts for keys and pads: never over the board
    side: pygame.Rect
    seats: tuple[pygame.Rect, ...]
    market: pygame.Rect
    log: pygame.Rect
    legend: pygame.Rect           # headings over the seats' counters (none with Large)
    # A band under the board kept for a guide's words (the tutorial's coach),
    # or a panel beside the board and the hand: nothing of the board, the
    # hand or the actions lies under it.
    coach: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def panels(self) -> tuple[pygame.Rect, ...]:
        """Every panel a floating number or bubble must not cover."""
        return (self.top, self.track, self.hand, self.actions, self.strip, self.legend,
                *self.seats, self.market, self.log, *((self.coach,) if self.coach.h else ()))

    @property
    def button_h(self) -> int:
        """A button that holds one line of reading text."""
        return self.line + 7


def hand_card_size(line: int) -> tuple[int, int]:
    """A card in the hand: it follows the Text size as the words do (twice the
    size, pixels kept square, with the large reading face)."""
    k = 2 if line >= 24 else 1
    return CARD_W * k, CARD_H * k


def compact_seat_height(line: int) -> int:
    """A seat's row holding its name and its counters on one line."""
    return line + 6


def tight_seat_height(line: int) -> int:
    """A seat's row, its name over its counters, with no room to spare."""
    return 2 * line


def legend_height(line: int) -> int:
    """The seats' headings: two lines of the reading face."""
    return 2 * line + 1


def coach_height(lines: int, line: int) -> int:
    """The coach band's height for ``lines`` lines of reading text (0: none)."""
    return lines * line + 10 if lines else 0


def play_layout(canvas: tuple[int, int], seats: int, line: int = 15,
                coach: int = 0, beside: int = 0) -> Layout:
    """The play screen's rectangles for a canvas size (pure); ``line`` is the
    reading font's line height (15 at the normal text size, 24 at large):
    every row that holds text grows with it.  With Large text the rows under
    the board would take its height (the board is short of height, not of
    width), so the points track stands upright at the board's right edge over
    the zoom buttons, and the board keeps its height.  ``coach``: lines of
    text a band under the board keeps for the tutorial's coach (the board
    gives up that height; the band covers nothing).  ``beside``: the coach's
    panel this wide stands instead beside the board, from the top line down
    to the hand's foot (the track lies under the board, the hand as wide as
    the board): the board keeps its height and gives up only that width."""
    w, h = canvas
    grow = max(0, line - 15)
    side_w = max(236 + grow * 3, min(340, w - 700))
    left_w = w - side_w - 8
    top_h = max(TOP_H, line + 9)
    row_h = track_height(line)                # the points track (two lanes) and the zoom
    hand_h = max(hand_card_size(line)[1] + 10, 2 * (line + 7) + 10)   # cards; Undo over Redo
    actions_h = max(30, line + 13)
    # Two lines of hints, or a row of water sizes (a button) over a row of prompts
    strip_h = max(2 * line + 8, (line + 7) + max(PROMPT_H, line + 2) + 9)
    band = coach_height(coach, line) if not beside else 0
    reserve = band + 2 if band else 0
    tall_h = max(150, h - top_h - hand_h - actions_h - strip_h - 8 - reserve)
    board_w = left_w - beside - 4 if beside and coach else left_w
    if board_w < left_w:
        board_h = max(150, h - top_h - row_h - hand_h - actions_h - strip_h - 10)
        board = pygame.Rect(4, top_h, board_w, board_h)
        zoom_w = 118 + grow * 3
        zoom = pygame.Rect(4 + board_w - zoom_w, board.bottom + 2, zoom_w, row_h)
        track = pygame.Rect(4, zoom.y, zoom.x - 8, row_h)
        under = track.bottom + 2
    elif upright_track(line, (left_w - TRACK_COLUMN - 8, tall_h),
                       (left_w, tall_h - row_h - 2)):
        column = pygame.Rect(4 + left_w - TRACK_COLUMN, top_h, TRACK_COLUMN, tall_h)
        board = pygame.Rect(4, top_h, column.x - 4 - 4, tall_h)
        button = line + 7
        zoom = pygame.Rect(column.x, column.bottom - 2 * button - 2, column.w, 2 * button + 2)
        track = pygame.Rect(column.x, column.y, column.w, zoom.y - 2 - column.y)
        band_rect = pygame.Rect(4, board.bottom + 2, left_w, band)
        under = (band_rect.bottom if band else board.bottom) + 2
    else:
        board_h = max(150, h - top_h - row_h - hand_h - actions_h - strip_h - 10 - reserve)
        board = pygame.Rect(4, top_h, left_w, board_h)
        band_rect = pygame.Rect(4, board.bottom + 2, left_w, band)
        row_y = (band_rect.bottom if band else board.bottom) + 2
        zoom = pygame.Rect(4 + left_w - 118 - grow * 3, row_y, 118 + grow * 3, row_h)
        track = pygame.Rect(4, row_y, zoom.x - 8, row_h)
        under = track.bottom + 2
    hand = pygame.Rect(4, under, board_w, hand_h)
    if board_w < left_w:
        band_rect = pygame.Rect(board.right + 4, top_h, left_w - board_w - 4,
                                hand.bottom - top_h)
    actions = pygame.Rect(4, hand.bottom + 2, left_w, actions_h)
    strip = pygame.Rect(4, actions.bottom + 2, left_w, h - actions.bottom - 4)
    side = pygame.Rect(w - side_w, top_h, side_w - 4, h - top_h - 2)
    # The counters' headings over the seats: two staggered lines of the
    # reading face (parts/seats.py LEGEND_LINES), where the log keeps a line
    # more than its four under them (a long entry waits for its whole room).
    legend = pygame.Rect(side.x, side.y, side.w, legend_height(line))
    seat_h = 2 * line + 4
    gap = 2
    market_h = 3 * line + 2 * CARD_H + 16

    def log_room(legend_h: int) -> int:
        first = side.y + legend_h + (1 if legend_h else 0)
        return side.bottom - (first + seats * (seat_h + gap) + market_h + 2) - 8

    if log_room(legend.h) < (LOG_LINES + 1) * line:
        # The headings would squeeze the log (Large text, three seats or more):
        # two-line rows without them, each counter's tooltip names it.
        legend.h = 0
    if log_room(0) < LOG_LINES * line:
        # Large text, five seats: each seat's name stays whole over its
        # counters on rows two lines high and no more, the log under them
        # keeps three lines (six beside names cut to "A.", "B.").
        seat_h, gap = tight_seat_height(line), 1
    first = legend.bottom + (1 if legend.h else 0)
    rows = tuple(pygame.Rect(side.x, first + i * (seat_h + gap), side.w, seat_h)
                 for i in range(seats))
    mtop = (rows[-1].bottom if rows else side.y) + 2
    market = pygame.Rect(side.x, mtop, side.w, market_h)
    log = pygame.Rect(side.x, market.bottom + 2, side.w, max(0, side.bottom - market.bottom - 2))
    return Layout(canvas, line, pygame.Rect(0, 0, w, top_h), board, zoom, track, hand, actions,
                  strip, side, rows, market, log, legend, band_rect)


def upright_track(line: int, beside: tuple[int, int], under: tuple[int, int]) -> bool:
    """The points track stands upright beside the board (Large text) where
    that leaves the board room for larger hexes than a track under it would:
    a 16:9 or wider screen, measured on the widest standard board's hexes."""
    def scale(size: tuple[int, int]) -> float:
        return min(size[0] / WIDEST_BOARD[0], size[1] / WIDEST_BOARD[1])

    return line >= 24 and scale(beside) > scale(under)


def hand_cards(obs) -> list[tuple[str, str, int]]:
    """(item, card, count) of the cards in a seat view's hand, in card order."""
    cards = [("land", c, n) for c, n in zip(LAND_CARDS, obs.land_hand, strict=True) if n]
    cards += [("animal", c, n) for c, n in zip(ANIMALS, obs.animal_hand, strict=True) if n]
    return cards


def hand_slots(layout: Layout, obs, right: int | None = None,
               chosen: str | None = None) -> list[tuple[pygame.Rect, str, str]]:
    """The hand's card rectangles (the chosen card lifted a little)."""
    return card_slots(layout, hand_cards(obs), right, chosen)


def card_slots(layout: Layout, cards, right: int | None = None,
               chosen: str | None = None) -> list[tuple[pygame.Rect, str, str]]:
    """The rectangles of ``cards`` ((item, card, count) each) in the hand."""
    rect = layout.hand
    card_w, card_h = hand_card_size(layout.line)
    x = rect.x + 34
    right = (rect.right if right is None else right) - 6
    pitch = min(card_w + 12, (right - x - card_w) // max(1, len(cards) - 1))
    y = rect.y + (rect.h - card_h) // 2
    out = []
    for item, card, _n in cards:
        out.append((pygame.Rect(x, y - (4 if card == chosen else 0), card_w, card_h), item,
                    card))
        x += pitch
    return out


def market_rows(layout: Layout) -> tuple[int, int]:
    """The top of the land row's and the animal row's cards (each under its title)."""
    y = layout.market.y + 4 + layout.line
    return y, y + CARD_H + 4 + layout.line


def market_slots(layout: Layout, obs) -> list[tuple[pygame.Rect, str, str | None]]:
    """The face-up cards and the two decks of the market (None: the deck)."""
    out = []
    for (item, face_up, deck), y in zip(
            (("land", obs.land_face_up, obs.land_deck_size),
             ("animal", obs.animal_face_up, obs.animal_draw_size)), market_rows(layout),
            strict=True):
        x = layout.market.x + 8
        for card in face_up:
            if card is not None:
                out.append((pygame.Rect(x, y, CARD_W, CARD_H), item, card))
            x += CARD_W + 6
        if deck:
            out.append((pygame.Rect(x + 8, y, CARD_W, CARD_H), item, None))
    return out


def deck_rect(layout: Layout, item: str) -> pygame.Rect:
    """Where a market deck lies (cards fly from here even when it is empty)."""
    y = market_rows(layout)[0 if item == "land" else 1]
    return pygame.Rect(layout.market.x + 8 + 3 * (CARD_W + 6) + 8, y, CARD_W, CARD_H)


def keep_inside(rect: pygame.Rect, area: pygame.Rect, avoid: tuple[pygame.Rect, ...] = ()
                ) -> pygame.Rect:
    """A floating label moved into ``area`` (the board) and off the ``avoid`` rects."""
    r = rect.clamp(area)
    for other in avoid:
        if r.colliderect(other):
            r.bottom = min(r.bottom, other.top) if r.centery < other.centery else r.bottom
            if r.colliderect(other):
                r.top = other.bottom
    return r.clamp(area)
