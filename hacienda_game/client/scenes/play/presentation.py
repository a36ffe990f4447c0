"""How the game tells what happened: one table from engine event to log line,
animation and sound.

Effects show only public facts (``seen_by(None)``), except a card drawn
blind, which turns face up for its buyer while the screen shows that
player's hand.  Every effect only draws: the state has already changed, and
an animation speed of "off" makes none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ....engine import (
    EMPTY,
    LAND,
    WATER,
    Event,
    Observation,
    groups_of,
    score,
    scoring_hexes,
    scoring_switched,
)
from ....i18n import _
from ....maps import Board
from ....maps.landmarks import middle_of, where
from ...anim import (
    Anim,
    Animations,
    Banner,
    CardFly,
    Drop,
    FrameAnim,
    Glow,
    Pop,
    Pos,
    Ticker,
    payout,
)
from ...assets import GOLD, RED, Art
from ...boardview import BoardView, hacienda_spot
from ...patterns import piece_name
from ...sound import EVENT_CUES
from ...track import piece_places, track_top
from ...words import card_name, herd_paid, over_reason, scoring_name, stack_words
from .layout import Layout, deck_rect, market_slots

CATEGORY_TIME = 1.1        # seconds each scoring category shows on the board (normal speed)


def describe(event: Event, names: list[str], board: Board) -> str:
    """A log line in plain words, in the game's language; places are named by
    landmark on ``board`` ("just west of the north market"), never by cell."""
    d = event.data
    k = event.kind
    if k == "scoring":
        parts = ", ".join(f"{names[i]} +{row['total']}" for i, row in enumerate(d["table"]))
        return _("{scoring}: {points}").format(scoring=scoring_name(d["which"]), points=parts)
    if k == "game_over":
        win = _(" and ").join(names[w] for w in d["winners"])
        text = _("Game over ({reason}): {names} win") if len(d["winners"]) > 1 else \
            _("Game over ({reason}): {names} wins")
        return text.format(reason=over_reason(d.get("termination") or d["reason"]), names=win)
    who = names[event.seat] if event.seat is not None else ""
    if k == "card_bought":
        # A blind buy names no card, even in the buyer's own view that holds it:
        # the log is read by everyone at the table.
        if not d.get("face_up", bool(d.get("card"))) or not d.get("card"):
            text = (_("{name} buys a land card from the deck for {price} pesos")
                    if d["item"] == "land" else
                    _("{name} buys an animal card from the deck for {price} pesos"))
            return text.format(name=who, price=d["price"])
        return _("{name} buys the face-up {card} card for {price} pesos").format(
            name=who, card=card_name(d["card"]), price=d["price"])
    if k == "card_revealed":
        return _("New face-up card: {card}").format(card=card_name(d["card"]))
    if k == "deck_reshuffled":
        return _("The land discards are shuffled into a new deck ({size} cards)").format(
            size=d["size"])
    if k == "stack_switched":
        return _("Animal stack {stack} is used up: {scoring} at the end of this round").format(
            stack=d["stack"] - 1, scoring=scoring_name(scoring_switched(d).which))
    if k == "tile_placed":
        text = (_("{name} plays {card} as pampas: land tile {place}") if d.get("fallback")
                else _("{name} plays {card}: land tile {place}"))
        return text.format(name=who, card=card_name(d["card"]), place=where(board, d["cell"]))
    if k == "animal_placed":
        return _("{name} plays {animal}: token {place} (herd of {herd})").format(
            name=who, animal=card_name(d["animal"]), place=where(board, d["cell"]),
            herd=d["herd"])
    if k == "market_paid":
        return herd_paid(who, where(board, d["market"]), d["herd"], d["land"], d["amount"])
    if k == "hacienda_placed":
        return _("{name} buys a hacienda for {price} pesos and builds it {place}").format(
            name=who, price=d["price"], place=where(board, d["cell"]))
    if k == "water_placed":
        return _("{name} buys a water tile of size {size} for {price} pesos and lays it"
                 " {place}").format(name=who, size=d["size"], price=d["price"],
                                    place=where(board, middle_of(board, d["cells"])))
    if k == "harvest":
        text = (_("{name} harvests a chain of {chain} {place}: {amount} pesos"
                  " (chip taken from the chain {source})") if d.get("source") else
                _("{name} harvests a chain of {chain} {place}: {amount} pesos"))
        return text.format(name=who, chain=d["chain"], place=where(board, d["cell"]),
                           amount=d["amount"],
                           source=where(board, d["source"]) if d.get("source") else "")
    if k == "turn_ended":
        return (_("{name} ends the turn (no move possible)") if d.get("forced")
                else _("{name} ends the turn")).format(name=names[event.seat])
    return event.describe(names)


def hexes_named(event: Event, board: Board) -> tuple[int, ...]:
    """The hexes an event's log line names (what a focused line flashes on
    the board): a piece's hex, a water tile's, the market and the herd's hex
    beside it, a harvested chain's hex and the chip's source."""
    d = event.data
    cells = {"tile_placed": ("cell",), "animal_placed": ("cell",),
             "hacienda_placed": ("cell",), "harvest": ("cell", "source"),
             "market_paid": ("market", "side")}.get(event.kind)
    if event.kind == "water_placed":
        return tuple(board.hex_of(c) for c in d["cells"])
    if cells is None:
        return ()
    return tuple(board.hex_of(d[k]) for k in cells if d.get(k))


class LogEntry(tuple):
    """A log entry as data: (its words, the seat it is about) - it unpacks as
    that pair - and ``hexes``, the hexes it names (flashed on the board when
    the line is focused)."""

    hexes: tuple[int, ...]

    def __new__(cls, words, seat: int | None, hexes: tuple[int, ...] = ()):
        entry = super().__new__(cls, (words, seat))
        entry.hexes = tuple(hexes)
        return entry


class LogLine(tuple):
    """A wrapped line of the log: (text, seat, first line of its entry) - it
    unpacks as that triple - and ``hexes``, its entry's."""

    hexes: tuple[int, ...]

    def __new__(cls, text: str, seat: int | None, first: bool, hexes: tuple[int, ...] = ()):
        line = super().__new__(cls, (text, seat, first))
        line.hexes = tuple(hexes)
        return line


def herd_and_land(obs, side: int, market: int) -> list[int]:
    """The herd that reached the market and the owner's land joined to it,
    farthest from the market first (they light up towards it)."""
    kind, owner, adj = obs.kind, obs.owner, obs.board.adjacent
    me = owner[side]
    seen, stack = {side}, [side]
    while stack:
        x = stack.pop()
        for n in adj[x]:
            if n not in seen and owner[n] == me and kind[n] not in (EMPTY, WATER):
                seen.add(n)
                stack.append(n)
    dist = {market: 0}
    todo = [market]
    for x in todo:                    # breadth-first distances from the market
        for n in adj[x]:
            if n not in dist:
                dist[n] = dist[x] + 1
                todo.append(n)
    return sorted(seen, key=lambda h: (-dist.get(h, 99), h))


def category_hexes(obs) -> dict[str, list[list[int]]]:
    """For each scoring category, every seat's hexes that count in it now
    (scored from the seat's view: only the public board counts)."""
    return scoring_hexes(obs)


def projected(obs) -> list[int]:
    """Every seat's points if a scoring happened now: what it has plus what it
    would get (``score`` on the seat view; only the public board and money
    count).  Once the game is over no scoring comes: the points are final."""
    if obs.over:
        return [s.score for s in obs.seats]
    table = score(obs)
    return [s.score + row["total"] for s, row in zip(obs.seats, table, strict=True)]


@dataclass(frozen=True)
class Stage:
    """What the presenter shows an action's events on: a plain value the
    screen builds once per action from the seat view, its layout and its
    presentation clock (the presenter never sees the screen)."""

    obs: Observation                # the seat view shown, after the action
    view: BoardView                 # the board on screen (hexes followed as it zooms or pans)
    layout: Layout                  # the market, the decks and the points track on screen
    colours: tuple[int, ...]        # each seat's colour (the palette's seat index)
    purses: tuple[Pos, ...]         # where each seat's money shows (coins fly there)
    hands: tuple[Pos, ...]          # where a card each seat buys goes
    factor: float = 1.0             # the animation speed (0: no animations, the sounds only)
    viewer: int | None = None       # whose hand is on screen (a blind card turns up for them)
    patterns: bool = False          # the colour-blind patterns on the pieces
    scores: Sequence[Ticker] = ()   # the track's shown points, stepping (score pops follow)
    projected: tuple[int, ...] = ()  # every seat's points if a scoring came now


@dataclass(frozen=True)
class Animate:
    """An animation to run from now (it draws itself: ``client.anim``)."""

    anim: Anim


@dataclass(frozen=True)
class Cue:
    """A sound effect ``at`` seconds from now."""

    name: str
    at: float = 0.0


@dataclass(frozen=True)
class Rumble:
    """A pad's rumble for the seat (a market pays it)."""

    seat: int


@dataclass(frozen=True)
class HoldScenes:
    """The scenes an action brings (the scoring table) wait ``seconds`` from
    now: the board shows what counts first."""

    seconds: float


Shown = Animate | Cue | Rumble | HoldScenes


@dataclass
class Presented:
    """What the presenter sends up for one action's events: its commands, in
    order, and per seat when the coins it won land (its purse counts up then)."""

    commands: list[Shown] = field(default_factory=list)
    lands: dict[int, float] = field(default_factory=dict)

    @property
    def anims(self) -> list[Anim]:
        return [c.anim for c in self.commands if isinstance(c, Animate)]

    @property
    def cues(self) -> list[Cue]:
        return [c for c in self.commands if isinstance(c, Cue)]


class Presenter:
    """Sounds and animations for engine events, from one table (``EFFECTS``).

    A part of the play screen like the others: ``show`` reads the events, the
    art and a `Stage` (a plain value), and sends up what to do as commands
    (`Animate`, `Cue`, `Rumble`, `HoldScenes`); it never holds or reads the
    screen, so a test drives it alone.
    """

    def show(self, art: Art, stage: Stage, events: list[Event]) -> Presented:
        """Every event's sound and animation, in order."""
        self.art, self.stage = art, stage
        f = stage.factor
        self.delay = 0.0
        self.out = Presented()
        for event in events:
            e = event.seen_by(None)     # effects show only public facts
            for name, at in EVENT_CUES.get(e.kind, ()):
                self.send(Cue(name, self.delay + at * f))
            if e.kind == "market_paid":
                self.send(Rumble(e.seat))
            effect = self.EFFECTS.get(e.kind)
            if f > 0 and effect is not None:
                effect(self, e, event, f)
        out, self.out = self.out, Presented()
        return out

    def send(self, command: Shown) -> None:
        self.out.commands.append(command)

    def add(self, anim: Anim) -> None:
        self.send(Animate(anim))

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return self.art.seat_colour(self.stage.colours[seat])

    def piece(self, name: str, seat: int) -> str:
        """A seat piece's sprite: with its colour-blind pattern when the setting is on."""
        c = self.stage.colours[seat]
        return piece_name(self.art.sprites, f"{name}_{c}", c, self.stage.patterns)

    # ------------------------------------------------------------ effects
    def _drop(self, frame: str, cell, layer: int, f: float,
              offset: tuple[float, float] = (0.0, 0.0)) -> int:
        view = self.stage.view
        h = view.board.hex_of(cell)
        self.add(Drop(frame, view, h, (h, layer), 0.5 * f, self.delay, offset[1], offset[0]))
        return h

    def tile(self, e: Event, _real: Event, f: float) -> None:
        self._drop(self.piece("land", e.seat), e.data["cell"], 0, f)

    def animal(self, e: Event, _real: Event, f: float) -> None:
        self._drop(self.piece(f"animal_{e.data['animal']}", e.seat), e.data["cell"], 0, f)

    def hacienda(self, e: Event, _real: Event, f: float) -> None:
        stage = self.stage
        c = stage.colours[e.seat]
        on_land = stage.obs.kind[stage.view.board.hex_of(e.data["cell"])] == LAND
        frame, offset = hacienda_spot(on_land, c)
        h = self._drop(piece_name(self.art.sprites, frame, c, stage.patterns), e.data["cell"],
                       1, f, offset)
        self.pop(f"-{e.data['price']}", h, RED)

    def water(self, e: Event, _real: Event, f: float) -> None:
        view = self.stage.view
        for i, cell in enumerate(e.data["cells"]):
            h = view.board.hex_of(cell)
            self.add(Drop("water", view, h, (h, 0), 0.45 * f, self.delay + 0.06 * i * f))

    def market(self, e: Event, _real: Event, f: float) -> None:
        stage = self.stage
        board = stage.view.board
        d = e.data
        market = board.hex_of(d["market"])
        hexes = herd_and_land(stage.obs, board.hex_of(d["side"]), market)
        step = min(0.08, 0.6 / max(1, len(hexes))) * f
        self.add(Glow(stage.view, hexes + [market], self.seat_colour(e.seat),
                      0.6 * f + step * len(hexes), self.delay, step))
        self.coins(e.seat, market, d["amount"], self.delay + step * len(hexes), f)
        self.delay += 0.15 * f

    def harvest(self, e: Event, _real: Event, f: float) -> None:
        stage = self.stage
        view = stage.view
        h = view.board.hex_of(e.data["cell"])
        obs = stage.obs
        chain = next((g for g in _chains(obs, obs.owner[h]) if h in g), [h])
        self.add(Glow(view, chain, self.seat_colour(e.seat), 0.7 * f, self.delay,
                      min(0.05, 0.4 / max(1, len(chain))) * f))
        sprites = self.art.sprites
        frames = sprites.animations.get("chip_pop", [f"chip_pop_{i}" for i in range(4)])
        self.add(FrameAnim([x for x in frames if x in sprites], _Spot(view, h, 7, 6),
                           0.5 * f, self.delay + 0.3 * f, hides=(h, 2)))
        self.coins(e.seat, h, e.data["amount"], self.delay + 0.4 * f, f)

    def card(self, e: Event, real: Event, f: float) -> None:
        stage = self.stage
        d = e.data
        face = d.get("card")
        item = d["item"]
        start = next((r.center for r, it, c in market_slots(stage.layout, stage.obs)
                      if it == item and c == face), None) if face else None
        if start is None:
            start = deck_rect(stage.layout, item).center
        back = f"card_back_{item}"
        # Drawn blind: the buyer sees what it was, while their hand is on screen.
        secret = real.data.get("card") if face is None and stage.viewer == e.seat else None
        shown = face or secret
        self.add(CardFly(back if face is None else f"card_{item}_{face}",
                         f"card_{item}_{shown}" if shown else None, start,
                         stage.hands[e.seat], 0.6 * f, self.delay))

    def stack(self, e: Event, _real: Event, f: float) -> None:
        area = self.stage.view.area
        self.add(Banner(stack_words(scoring_switched(e.data)), area.center, 2.0 * f, self.delay,
                        area=area))

    def scoring(self, e: Event, _real: Event, f: float) -> None:
        """Before the table: the board shows what each category counts."""
        stage = self.stage
        area = stage.view.area
        hexes = category_hexes(stage.obs)
        names = {"markets": _("Markets reached"), "chains": _("Land chains"),
                 "haciendas": _("Haciendas"), "water": _("Water")}
        table = e.data["table"]
        t = self.delay
        # The track's pieces step up as the categories show (the tickers move
        # them); each category's points pop over the moving piece.
        for cat in ("markets", "chains", "haciendas", "water"):
            self.add(Banner(names[cat], (area.centerx, area.y + 24), CATEGORY_TIME * f, t,
                            area=area))
            for seat, cells in enumerate(hexes[cat]):
                if not cells:
                    continue
                self.add(Glow(stage.view, cells, self.seat_colour(seat), CATEGORY_TIME * f, t,
                              min(0.03, 0.5 / len(cells)) * f))
                points = table[seat][cat] if seat < len(table) else 0
                if points:
                    self.pop(f"+{points}", cells[len(cells) // 2], GOLD, t + 0.3 * f,
                             self.art.seat_text_colour(stage.colours[seat]))
            for seat in range(len(table)):
                if table[seat][cat]:
                    self.track_pop(seat, table[seat][cat], t + 0.3 * f)
            t += CATEGORY_TIME * f
        self.delay = t
        self.send(HoldScenes(t))

    def pop(self, text: str, h: int, colour, delay: float | None = None,
            _seat_colour=None) -> None:
        view = self.stage.view
        self.add(Pop(text, _Spot(view, h), 0.9 * self.stage.factor,
                     self.delay if delay is None else delay, _seat_colour or colour,
                     area=view.area))

    def track_pop(self, seat: int, points: int, delay: float) -> None:
        """A score pop rising from the seat's piece on the points track (it
        follows the piece as it steps up)."""
        stage = self.stage
        track = stage.layout.track
        spot = _TrackSpot(track, self.art.fonts.body, stage.scores, stage.projected, seat)
        self.add(Pop(f"+{points}", spot, 0.9 * stage.factor, delay,
                     self.art.seat_text_colour(stage.colours[seat]),
                     area=track.union(stage.view.area)))

    def coins(self, seat: int, h: int, amount: int, delay: float, f: float) -> None:
        """Big coins fly from hex h into a counting purse beside it (a clink as
        each drops in), which then hops to the seat's panel; its money counts up
        when the purse arrives."""
        view = self.stage.view
        start = _Spot(view, h)
        cx, cy = view.centres[h]
        lift = max(30, round(view.hex_px * 1.1))
        purse_at = (cx, cy - lift)
        anims = Animations()
        landings, arrives = payout(anims, start, purse_at, self.stage.purses[seat], amount,
                                   delay, f, area=view.area)
        for anim in anims.items:
            self.add(anim)
        for at in landings:
            self.send(Cue("purse", at))
        lands = self.out.lands
        lands[seat] = max(lands.get(seat, 0.0), arrives)

    EFFECTS = {
        "tile_placed": tile, "animal_placed": animal, "hacienda_placed": hacienda,
        "water_placed": water, "market_paid": market, "harvest": harvest,
        "card_bought": card, "stack_switched": stack, "scoring": scoring,
    }


class _TrackSpot:
    """Just over a seat's piece on the points track, as the ticker moves it."""

    def __init__(self, track: pygame.Rect, font, scores: Sequence[Ticker],
                 projected: Sequence[int], seat: int):
        self.track, self.font, self.scores, self.projected = track, font, scores, projected
        self.seat = seat

    def __getitem__(self, i: int) -> float:
        track = self.track
        shown = [t.value for t in self.scores]
        top = track_top(shown + list(self.projected))
        x, y = piece_places(track, self.font, _("Points"), top, shown)[self.seat]
        return (x, y - 5)[i]


class _Spot:
    """A hex's place on screen, looked up each frame (the view may zoom or pan)."""

    def __init__(self, view, h: int, dx: float = 0.0, dy: float = 0.0):
        self.view, self.h, self.dx, self.dy = view, h, dx, dy

    def __getitem__(self, i: int) -> float:
        cx, cy = self.view.map_centres[self.h]
        return self.view.to_screen((cx + self.dx, cy + self.dy))[i]


def _chains(obs, seat: int) -> list[list[int]]:
    """The seat's land chains in a seat view."""
    land = [h for h, (k, o) in enumerate(zip(obs.kind, obs.owner, strict=True))
            if k == LAND and o == seat]
    return groups_of(land, obs.kind, obs.owner, obs.board.adjacent) if seat >= 0 else []
