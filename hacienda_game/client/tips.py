"""Tips when things first happen: a short word next to the hex, card, deck or
panel concerned, the first time a player meets a situation in a normal game.

The tips are data (``TIPS``: situation id -> words, picture, rules page and
where the tip points), triggered by engine events and by the seat's view
(``triggered``), once per player profile (``session.tips.TipBook``: the
seat's player name on this machine).  ``TipGuide`` plugs into the play
screen beside its other helpers: it hears each action's events, draws the
tip over the parts, and takes a click on it; Enter or pad A dismiss it and
go on to the game like every other input (a tip never blocks play).  AI and
remote seats get none, nor do demos, autoplay and the guided first game.

The tip's Rules link, and the link beside every refusal on screen, open the
rules help at the page that explains it (``rules_page``; F1, H or the pad's
right stick, or a click on the link); Back returns to the game as it was.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from ..engine import EMPTY, HAND_LIMIT_ANIMAL, HAND_LIMIT_LAND, LAND_CARDS, PAMPAS_CARD, Event
from ..i18n import N_, _
from ..session.tips import TipBook
from .assets import GOLD, GREY, INK, WHITE
from .prompts import draw_prompt, prompt_group_width, prompt_height
from .words import card_name

STACK_LOW = 6            # animal cards left in stack 1 when its tip comes
WIDTH = 20               # a tip box's width in lines of its text (less on a narrow board)
PICTURE = 32
MAX_LINES = 5            # the words of a tip at most, at either text size


@dataclass(frozen=True)
class Tip:
    id: str
    text: str                 # N_() text; ``{card}`` filled with the card's name
    picture: str              # a sprite
    page: str                 # the rules help's section
    at: str                   # what it points at: hex, hand_card, hand, animal_deck, top


TIPS: tuple[Tip, ...] = (
    Tip("market", N_("Your herd reached a market side: it pays its animals plus your land"
                     " tiles beside them. Each side pays once."), "icon_market", "markets",
        "hex"),
    Tip("harvest", N_("A harvest pays 3 pesos per tile of the chain. Its chip stays: that"
                      " chain is harvested again only once its chip is gone."), "chip",
        "harvest", "hex"),
    Tip("chip_taken", N_("All 8 chips were out, so your harvest took a chip from another"
                         " player's chain: its owner may harvest that chain again."), "chip",
        "harvest", "hex"),
    Tip("water", N_("Water belongs to no one: at each scoring, every land tile or animal"
                    " beside it scores 1 point for its own owner."), "icon_water", "water", "hex"),
    Tip("pampas_fallback", N_("No free {card} space is left: this card is now played like a"
                              " pampas card, on pampas next to your land."), "card_land_pampas",
        "land", "hand_card"),
    Tip("hand_limit", N_("Your hand is at its limit (20 land, 10 animal cards): play a card"
                         " before buying another of that kind."), "icon_cards_land",
        "buying", "hand"),
    Tip("stack_low", N_("The animal deck is running low. When the first animal stack runs out,"
                        " the current round is played to its end, then the intermediate"
                        " scoring comes."), "card_back_animal",
        "scoring", "animal_deck"),
    Tip("intermediate", N_("Intermediate scoring at the end of this round: points for markets,"
                           " chains of 3 or more, haciendas and water."), "icon_score",
        "scoring", "top"),
    Tip("last_round", N_("This is the last round: when it is finished, the final scoring ends"
                         " the game. Most points wins; money breaks a tie."), "icon_crown",
        "end", "top"),
)
BY_ID = {tip.id: tip for tip in TIPS}
# Refusal and reason codes (session.refusals) -> the rules page that explains them.
REFUSAL_PAGES: dict[str, str] = {
    "game_over": "end", "cannot_pay": "buying", "turn_used": "turn",
    "not_an_action": "controls", "unreadable": "controls", "water_order": "water",
    "one_tile": "land", "one_token": "animals", "one_hacienda": "hacienda",
    "one_water": "water", "one_harvest": "harvest", "hand_full": "buying",
    "not_face_up": "buying", "land_deck_empty": "buying", "animal_deck_empty": "buying",
    "no_hacienda_left": "hacienda", "hacienda_already": "hacienda",
    "hacienda_not_own": "hacienda", "hacienda_one_hex": "hacienda", "water_cells": "water",
    "water_none_left": "water", "water_shape": "water", "water_not_free": "water",
    "no_land_tile_left": "land", "no_such_card": "turn", "taken": "land",
    "animal_not_pampas": "animals", "land_not_here": "land", "terrain_first": "land",
    "pampas_card": "land", "pampas_not_adjacent": "land", "wrong_terrain": "land",
    "no_token_left": "animals", "animal_not_adjacent": "animals",
    "harvest_has_chip": "harvest", "harvest_not_own": "harvest", "harvest_lone": "harvest",
    "chip_from_supply": "harvest", "chip_name_source": "harvest", "no_chip_there": "harvest",
    "chip_own": "harvest", "not_a_hex": "controls", "hacienda_no_piece": "hacienda",
    "hacienda_all_taken": "hacienda", "water_all_used": "water", "water_no_room": "water",
    "harvest_no_chain": "harvest", "harvest_all_chipped": "harvest",
    "harvest_no_chip": "harvest", "pampas_no_room": "land", "terrain_no_room": "land",
    "animal_no_room": "animals",
}


@dataclass(frozen=True)
class Met:
    """A situation met: the tip, the seat that met it, and what it points at
    (a cell for a hex, a card for a hand card)."""

    tip: str
    seat: int
    where: str | None = None
    near: tuple[str, ...] = ()      # the cells named with it (the herd at a market)


def triggered(events: Iterable[Event], view, seats: Iterable[int]) -> list[Met]:
    """The situations an action's events (and ``view``, the seat's view after
    it, or None) show, for the seats listed (the local human ones)."""
    seats = set(seats)
    out: list[Met] = []
    # The last round is told when it begins; a game that ends with the same
    # action has no last round left to tell of.
    over = any(e.kind == "game_over" for e in events)
    for e in events:
        d = e.data
        if e.kind == "market_paid" and e.seat in seats:
            side = d.get("side")
            out.append(Met("market", e.seat, d.get("market"), (side,) if side else ()))
        elif e.kind == "harvest" and e.seat in seats:
            out.append(Met("chip_taken" if d.get("source") is not None else "harvest",
                           e.seat, d.get("cell")))
        elif e.kind == "water_placed" and e.seat in seats:
            cells = d.get("cells") or [None]
            out.append(Met("water", e.seat, cells[0], tuple(c for c in cells[1:] if c)))
        elif e.kind == "stack_switched":
            tip = "intermediate" if d.get("scoring") == "intermediate" else "last_round"
            if tip == "last_round" and over:
                continue
            out += [Met(tip, seat) for seat in sorted(seats)]
    if view is not None and view.seat in seats:
        out += looked(view)
    return out


def looked(view) -> list[Met]:
    """The situations a seat's view shows (its hand, the animal deck)."""
    out: list[Met] = []
    board = view.board
    for card, count in enumerate(view.land_hand):
        if count and card != PAMPAS_CARD:
            name = LAND_CARDS[card]
            if not any(view.kind[h] == EMPTY for h in board.by_space.get(name, ())):
                out.append(Met("pampas_fallback", view.seat, name))
                break
    if "hand_limits" in view.variants and (sum(view.land_hand) >= HAND_LIMIT_LAND
                                           or sum(view.animal_hand) >= HAND_LIMIT_ANIMAL):
        out.append(Met("hand_limit", view.seat))
    if view.stack == 1 and not view.intermediate_due and 0 < view.animal_draw_size <= STACK_LOW:
        out.append(Met("stack_low", view.seat))
    return out


def tip_words(tip: Tip, where: str | None = None) -> str:
    """The tip's words in the language of the moment."""
    text = _(tip.text)
    return text.format(card=card_name(where)) if "{card}" in tip.text else text


# --------------------------------------------------------------------- drawing
@dataclass(frozen=True)
class TipModel:
    text: str
    picture: str
    anchor: tuple[int, int, int, int]   # the hex (a small square at its centre) or rect
    hex: bool                            # the anchor is a hex: a ring, not a frame
    avoid: tuple[tuple[int, int, int, int], ...] = ()   # what the box must leave seen


def box_width(font, area: pygame.Rect) -> int:
    return min(WIDTH * font.line_height, area.w - 24)


def text_width(font, area: pygame.Rect) -> int:
    return box_width(font, area) - 16 - PICTURE - 8


def tip_lines(font, text: str, area: pygame.Rect) -> list[str]:
    return font.wrap(text, text_width(font, area))


def fits(font, text: str, area: pygame.Rect) -> bool:
    width = text_width(font, area)
    lines = tip_lines(font, text, area)
    return len(lines) <= MAX_LINES and all(font.width(t) <= width for t in lines)


def place_box(size: tuple[int, int], anchor: pygame.Rect, canvas: pygame.Rect,
              avoid: Iterable[pygame.Rect] = ()) -> pygame.Rect:
    """Beside the anchor, on the side (right, left, above, below; above or below
    first for a wide panel) that stays on the canvas and covers the fewest of
    ``avoid`` (the hexes named with it, the panels around it); a side that
    meets one of them may slide along it past that thing.  Never on the
    anchor when any place beside it is free."""
    w, h = size
    gap = 10
    avoid = [pygame.Rect(a) for a in avoid]
    sides = [pygame.Rect(anchor.right + gap, anchor.centery - h // 2, w, h),
             pygame.Rect(anchor.x - gap - w, anchor.centery - h // 2, w, h),
             pygame.Rect(anchor.centerx - w // 2, anchor.y - gap - h, w, h),
             pygame.Rect(anchor.centerx - w // 2, anchor.bottom + gap, w, h)]
    if anchor.w > w:                    # a wide panel: above or below it first
        sides = sides[2:] + sides[:2]
    tries: list[pygame.Rect] = []
    for rect in sides:
        tries.append(rect)
        for a in avoid:                 # slid just past what it meets
            tries += [rect.move(0, a.y - gap - rect.bottom), rect.move(0, a.bottom + gap - rect.y),
                      rect.move(a.x - gap - rect.right, 0), rect.move(a.right + gap - rect.x, 0)]

    def cost(item: tuple[int, pygame.Rect]) -> tuple[int, int, int, int]:
        i, rect = item
        placed = rect.clamp(canvas)
        return (int(placed.colliderect(anchor)), sum(placed.colliderect(a) for a in avoid),
                int(placed != rect), i)

    best = min(enumerate(tries), key=cost)[1]
    return best.clamp(canvas)


def draw(surface: pygame.Surface, art, model: TipModel, area: pygame.Rect, family: str,
         time: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The tip next to its anchor (pulsing there), its words, picture and the
    prompts to dismiss it and to open its rules page; beside a hex it stays on
    the board (``area``).  Returns the box and the Rules link's rectangle."""
    font = art.fonts.body
    lines = tip_lines(font, model.text, area)[:MAX_LINES]
    pad_h = prompt_height(art)
    w = box_width(font, area)
    h = max(len(lines) * font.line_height, PICTURE) + 12 + pad_h + 4
    anchor = pygame.Rect(model.anchor)
    box = place_box((w, h), anchor, area if model.hex else surface.get_rect(),
                    [pygame.Rect(a) for a in model.avoid])
    pulse = 2 + int(2 * (1 + math.sin(time * 6)) / 2)
    if model.hex:
        radius = max(anchor.w, anchor.h) // 2 + pulse
        pygame.draw.circle(surface, INK, anchor.center, radius + 2, 2)
        pygame.draw.circle(surface, GOLD, anchor.center, radius, 2)
    else:
        r = anchor.inflate(2 * pulse, 2 * pulse)
        pygame.draw.rect(surface, INK, r.inflate(4, 4), 2)
        pygame.draw.rect(surface, GOLD, r, 2)
    # The line from the box to what it is about.
    start = (min(max(anchor.centerx, box.x), box.right), min(max(anchor.centery, box.y),
                                                             box.bottom))
    end = (min(max(start[0], anchor.x), anchor.right), min(max(start[1], anchor.y),
                                                           anchor.bottom))
    pygame.draw.line(surface, INK, start, end, 4)
    pygame.draw.line(surface, GOLD, start, end, 2)
    pygame.draw.rect(surface, INK, box)
    pygame.draw.rect(surface, GOLD, box, 2)
    picture = art.sprites.get(model.picture) if model.picture in art.sprites else None
    if picture is not None:
        k = PICTURE / max(picture.get_width(), picture.get_height())
        k = max(1, int(k)) if k >= 1 else k
        pic = pygame.transform.scale(picture, (max(1, int(picture.get_width() * k)),
                                               max(1, int(picture.get_height() * k))))
        surface.blit(pic, (box.x + 8 + (PICTURE - pic.get_width()) // 2, box.y + 8))
    x = box.x + 8 + PICTURE + 8
    for i, line in enumerate(lines):
        font.draw(surface, line, (x, box.y + 6 + i * font.line_height), WHITE)
    y = box.bottom - pad_h - 4
    after = draw_prompt(surface, art, family, "confirm", (x, y), _("OK"))
    link_x = after + 6
    end_x = draw_prompt(surface, art, family, "help", (link_x, y), _("Rules"))
    link = pygame.Rect(link_x - 2, y - 2, end_x - link_x + 4, pad_h + 4)
    return box, link


def draw_link(surface: pygame.Surface, art, at: tuple[int, int], family: str) -> pygame.Rect:
    """The small "Rules" link beside a refusal (its key or pad button first)."""
    x, y = at
    width = prompt_group_width(art, family, [("help", _("Rules"))]) + 8
    rect = pygame.Rect(x, y, width, prompt_height(art) + 4)
    rect = rect.clamp(surface.get_rect())
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, GREY, rect, 1)
    draw_prompt(surface, art, family, "help", (rect.x + 4, rect.y + 2), _("Rules"))
    return rect


# The tips that announce a scoring at the end of the round (past once it is scored).
SCORING_TIPS = ("intermediate", "last_round")


# ---------------------------------------------------------------- the guide
class TipGuide:
    """The tips of one play screen: which are waiting, which one shows, and
    the rules page of what is on screen."""

    def __init__(self, play) -> None:
        self.play = play
        self.waiting: list[Met] = []
        self.shown: Met | None = None
        self.box: pygame.Rect | None = None
        self.link: pygame.Rect | None = None      # the tip's or the refusal's Rules link
        self._book: TipBook | None = None

    @property
    def book(self) -> TipBook:
        if self._book is None:
            self._book = TipBook()
        return self._book

    def on(self) -> bool:
        play = self.play
        return (getattr(play, "gives_tips", True) and not play.autoplay
                and bool(getattr(play.app.settings, "tips", True)))

    def seats(self) -> list[int]:
        """The local human seats (an AI or a remote seat gets no tip)."""
        return [i for i, s in enumerate(self.play.plan.seats) if s.kind == "human"]

    # ------------------------------------------------------------- hearing
    def observe(self, events: list[Event]) -> None:
        """After an action: the situations it shows, kept for their players."""
        if not self.on():
            return
        play = self.play
        seats = self.seats()
        if not seats:
            return
        viewer = play.viewer
        view = play.layer.view(viewer) if viewer is not None and viewer in seats else None
        if any(e.kind == "turn_ended" for e in events):
            # A player's turn is over: its tip has been seen, and what it met
            # but was not shown is past (a tip comes when the thing happens).
            ended = next(e.seat for e in events if e.kind == "turn_ended")
            if self.shown is not None and self.shown.seat == ended:
                self.shown = None
            self.waiting = [m for m in self.waiting if m.seat != ended]
        if any(e.kind == "game_over" for e in events):
            # The game is over: "This is the last round" would come too late.
            self.waiting = [m for m in self.waiting if m.tip != "last_round"]
            if self.shown is not None and self.shown.tip == "last_round":
                self.dismiss()
        self.note(triggered(events, view, seats))
        if any(e.kind == "scoring" for e in events):
            # The scoring a tip announced has come: the tip is past, never
            # shown after it (the header already counts to the next one).
            self.waiting = [m for m in self.waiting if m.tip not in SCORING_TIPS]
            if self.shown is not None and self.shown.tip in SCORING_TIPS:
                self.dismiss()

    def note(self, met: list[Met]) -> None:
        names = self.play.names
        for m in met:
            if self.book.has_seen(names[m.seat], m.tip) or self.pending(m):
                continue
            self.waiting.append(m)

    def pending(self, met: Met) -> bool:
        return any(m.tip == met.tip and m.seat == met.seat
                   for m in [*self.waiting, *([self.shown] if self.shown else [])])

    def current(self) -> Met | None:
        """The tip on screen: the viewer's first waiting one is shown (and
        counted seen) once nothing else is."""
        if not self.on():
            return None
        play = self.play
        from .scenes.overlays import Dialog

        if isinstance(play.app.top, Dialog):
            # A dialog (End turn, pause) opened: the tip is done, not left under it.
            self.dismiss()
            return None
        if self.shown is None and self.waiting and not play.pending:
            viewer = play.viewer
            for m in self.waiting:
                if m.seat == viewer:
                    self.waiting.remove(m)
                    if not self.book.has_seen(play.names[m.seat], m.tip):
                        self.shown = m
                        self.book.mark(play.names[m.seat], m.tip)
                    break
        if self.shown is not None and self.shown.seat != play.viewer:
            return None
        return self.shown

    def dismiss(self) -> None:
        self.shown = None
        self.box = None

    # -------------------------------------------------------------- input
    def handle(self, cmd) -> bool:
        """A click on the tip (its Rules link opens the page) is the tip's;
        Enter or pad A dismiss it and do nothing else (the press that closes
        a tip never acts on the board).  True when the tip took the command."""
        if cmd.kind == "press" and cmd.button == 1 and cmd.pos is not None \
                and self.link is not None and self.link.collidepoint(cmd.pos):
            self.open_rules()
            return True
        if self.current() is None or self.box is None:
            return False
        if cmd.kind == "key" and cmd.name == "confirm":
            self.dismiss()
            return True
        if cmd.kind == "press" and cmd.pos is not None and self.box.collidepoint(cmd.pos):
            self.dismiss()
            return True
        return False

    def rules_page(self) -> str | None:
        """The rules page of what is on screen: the tip, else the refusal
        shown, else the reason under the pointer."""
        met = self.current()
        if met is not None:
            return BY_ID[met.tip].page
        return refusal_page(self.reason_shown())

    def reason_shown(self) -> str | None:
        play = self.play
        if play.message and play.app.time < play.message_until:
            return play.message
        if play.hover_warn and play.hover_text:
            return play.hover_text
        return None

    def open_rules(self) -> None:
        from .scenes.rules import RulesScene

        self.play.app.push(RulesScene.at(self.rules_page()))

    # --------------------------------------------------------------- draw
    def anchor(self, met: Met) -> tuple[tuple[int, int, int, int], bool] | None:
        play = self.play
        at = BY_ID[met.tip].at
        if at == "hex" and met.where is not None:
            rect = self.hex_rect(str(met.where))
            return (tuple(rect), True) if rect is not None else None
        if at == "hand_card":
            for rect, _item, card in play.hand_slots:
                if card == met.where:
                    return tuple(rect), False
            return tuple(play.layout.hand), False
        if at == "hand":
            return tuple(play.layout.hand), False
        if at == "animal_deck":
            for rect, item, card in play.market_slots:
                if item == "animal" and card is None:
                    return tuple(rect), False
            return tuple(play.layout.market), False
        # The header's countdown to the next scoring (where its tooltip is).
        listed = getattr(play, "tips", None)
        for t in (listed() if callable(listed) else ()):
            if t.key == "stack":
                return tuple(t.rect), False
        return tuple(play.layout.top), False

    def hex_rect(self, cell: str) -> pygame.Rect | None:
        """A small square around a hex's centre on the canvas (None: no such hex)."""
        play = self.play
        try:
            x, y = play.view.centres[play.layer.board.hex_of(cell)]
        except (KeyError, ValueError, TypeError, IndexError):
            return None
        r = hex_radius(play)
        return pygame.Rect(x - r, y - r, 2 * r, 2 * r)

    def avoided(self, met: Met) -> list[pygame.Rect]:
        """What a tip's box must leave seen: beside a hex, the hexes named with
        it and the group they belong to (the herd at the market, the chain
        harvested); beside a deck, a hand or the header, the side column's
        panels (the seats, the market and its supply) and the hand."""
        play = self.play
        lay = play.layout
        if BY_ID[met.tip].at != "hex":
            return [*lay.seats, lay.market, lay.hand, lay.top]
        board = play.layer.board
        cells: list[int] = []
        for name in (met.where, *met.near):
            try:
                cells.append(board.hex_of(str(name)))
            except (KeyError, ValueError, TypeError, IndexError):
                continue
        try:
            view = play.layer.view(met.seat)
            kind, owner = view.kind, view.owner
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            kind = owner = None
        group = list(cells)
        if kind is not None and owner is not None:
            for h in cells[1:] if met.near else cells:   # a market's herd, not the market's
                todo = [h]
                while todo and len(group) < 24:
                    c = todo.pop()
                    for n in board.adjacent[c]:
                        if n not in group and kind[n] == kind[c] and kind[c] != EMPTY \
                                and owner[n] == owner[c]:
                            group.append(n)
                            todo.append(n)
        out = []
        for h in group:
            rect = self.hex_rect(board.names[h])
            if rect is not None:
                out.append(rect)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        play = self.play
        self.box = self.link = None
        met = self.current()
        family = play.app.input_family()
        if met is not None:
            placed = self.anchor(met)
            if placed is not None:
                tip = BY_ID[met.tip]
                model = TipModel(tip_words(tip, met.where), tip.picture, placed[0], placed[1],
                                 tuple(tuple(r) for r in self.avoided(met)))
                self.box, self.link = draw(surface, play.app.art, model,
                                           play.layout.board, family, play.app.time)
                return
        self.draw_refusal_link(surface, family)

    def draw_refusal_link(self, surface: pygame.Surface, family: str) -> None:
        """Beside a reason on screen (the bubble, or the status line), its Rules link."""
        play = self.play
        text = self.reason_shown()
        if refusal_page(text) is None:
            return
        bubble = getattr(play, "bubble_rect", None)
        if bubble is not None:
            self.link = draw_link(surface, play.app.art, (bubble.x, bubble.bottom + 2), family)
            return
        status = play.status_model()
        if status.text == text:
            font = play.app.art.fonts.body
            x = status.at[0] + min(font.width(text), play.layout.strip.w - 120) + 8
            self.link = draw_link(surface, play.app.art, (x, status.at[1]), family)


def hex_radius(play) -> int:
    """About half a hex's width on the canvas, as the board is zoomed now."""
    board = play.layer.board
    a = 0
    b = board.adjacent[a][0]
    (x0, y0), (x1, y1) = play.view.centres[a], play.view.centres[b]
    return max(6, int(math.hypot(x1 - x0, y1 - y0) * 0.55))


def refusal_page(text: str | None) -> str | None:
    """The rules page of a reason worded by ``session.refusals`` (None: not one)."""
    code = getattr(text, "code", None)
    return REFUSAL_PAGES.get(code) if code else None
