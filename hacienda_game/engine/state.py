"""The game state: every piece, card and counter, and the rules that change them.

Hexes are numbered by the board (`Board.cells`); per hex the state keeps the
piece's ``kind`` (empty, land tile, water, or an animal token) and ``owner``.
Card hands are counts per card name.  All randomness after setup (reshuffling
land discards, R18) comes from generators derived from the game's seed and a
counter kept here, so the same seed and actions replay byte for byte (R12).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from ..maps.board import Board, cell_name
from . import components as C
from .actions import END, KINDS, Action, parse_action
from .errors import IllegalAction
from .events import Event
from .groups import ANIMAL0, EMPTY, LAND, WATER, group_at, groups_of

Cell = tuple[int, int]
# Building the many actions of legal_actions() straight from tuples skips
# NamedTuple's argument handling: same values, a third of the cost.
_new = tuple.__new__
# A kind's legal actions as (items, make): make(item) is the action.
Segment = tuple[Sequence[Any], Callable[[Any], Action]]


def _same(action: Action) -> Action:
    return action


class Seat:
    """One player's holdings.  ``land_hand``/``animal_hand`` are counts per
    card (order of `LAND_CARDS` / `ANIMALS`); ``known_*`` count cards this
    player took from the face-up display and has not been seen to play, which
    every player knows (R60)."""

    __slots__ = ("money", "score", "land_hand", "animal_hand", "land_hexes", "animal_hexes",
                 "known_land", "known_animal", "scorings")

    def __init__(self, money: int = C.START_MONEY):
        self.money = money
        self.score = 0
        self.land_hand = [0] * len(C.LAND_CARDS)
        self.animal_hand = [0] * len(C.ANIMALS)
        self.land_hexes: list[int] = []
        self.animal_hexes: list[list[int]] = [[] for _ in C.ANIMALS]
        self.known_land = [0] * len(C.LAND_CARDS)
        self.known_animal = [0] * len(C.ANIMALS)
        self.scorings: list[dict] = []

    def clone(self) -> Seat:
        s = Seat.__new__(Seat)
        s.money = self.money
        s.score = self.score
        s.land_hand = self.land_hand[:]
        s.animal_hand = self.animal_hand[:]
        s.land_hexes = self.land_hexes[:]
        s.animal_hexes = [a[:] for a in self.animal_hexes]
        s.known_land = self.known_land[:]
        s.known_animal = self.known_animal[:]
        s.scorings = self.scorings[:]
        return s

    @property
    def land_cards(self) -> dict[str, int]:
        return {c: n for c, n in zip(C.LAND_CARDS, self.land_hand, strict=True) if n}

    @property
    def animal_cards(self) -> dict[str, int]:
        return {c: n for c, n in zip(C.ANIMALS, self.animal_hand, strict=True) if n}

    @property
    def hand_size(self) -> tuple[int, int]:
        return sum(self.land_hand), sum(self.animal_hand)

    def to_dict(self) -> dict:
        return {
            "money": self.money, "score": self.score,
            "land_hand": self.land_hand, "animal_hand": self.animal_hand,
            "land_hexes": self.land_hexes, "animal_hexes": self.animal_hexes,
            "known_land": self.known_land, "known_animal": self.known_animal,
            "scorings": self.scorings,
        }


class GameState:
    """A game of Hacienda.  Build one with `new_game` or `load_scenario`."""

    # Slots keep clone() cheap and catch typos in attribute names.
    __slots__ = (
        "board", "players", "variants", "seed", "kind", "owner", "seats",
        "water_tiles", "water_left", "haciendas", "haciendas_left", "chips",
        "land_deck", "land_face_up", "land_discard", "land_shuffles",
        "animal_draw", "animal_waiting", "animal_face_up", "animal_discard", "animal_removed",
        "stack", "intermediate_due", "final_due", "scorings_done",
        "current", "start_player", "actions_taken", "bought_hacienda", "bought_water",
        "harvested", "round", "turn", "forced_passes", "over", "over_reason", "history",
        "origin", "_land_caps", "_land_masks",
        # Derived caches, kept up to date by _occupy (never part of a snapshot):
        # free pampas next to each seat's land / each seat's tokens of each animal,
        # and each seat's chains / herds of each animal (None: to be recomputed).
        "_land_frontier", "_animal_frontier", "_chain_cache", "_herd_cache", "_free_pampas",
        "_history_text",
    )

    def __init__(self, board: Board, players: int, seed: int, variants: Iterable[str] = ()):
        self.board = board
        self.players = players
        self.variants = frozenset(variants)
        self.seed = seed
        n = len(board.cells)
        self.kind = [EMPTY] * n
        self.owner = [-1] * n
        self.seats = [Seat() for _ in range(players)]
        self.water_tiles: list[tuple[int, ...]] = []
        self.water_left = dict(C.WATER_TILES)
        self.haciendas: list[int] = []
        self.haciendas_left = C.HACIENDAS[players]
        self.chips: list[int] = []
        self.land_deck: list[str] = []         # the top card is the last one
        self.land_face_up: list[str | None] = [None] * C.FACE_UP
        self.land_discard: list[str] = []
        self.land_shuffles = 0
        self.animal_draw: list[str] = []
        self.animal_waiting: list[str] = []
        self.animal_face_up: list[str | None] = [None] * C.FACE_UP
        self.animal_discard: list[str] = []
        self.animal_removed: list[str] = []
        self.stack = 1                         # 1, 2; 3 once stack 2 is used up too
        self.intermediate_due = False
        self.final_due = False
        self.scorings_done = 0
        self.current = 0
        self.start_player = 0
        self.actions_taken = 0
        self.bought_hacienda = False
        self.bought_water = False
        self.harvested = False
        self.round = 1
        self.turn = 1
        self.forced_passes = 0
        self.over = False
        self.over_reason: str | None = None
        self.history: list[Action] = []
        self._history_text: tuple[str, ...] = ()
        # How this game was set up, for its record: new_game's arguments or a scenario.
        self.origin: dict = {}
        self._land_caps = C.LAND_CAPS[players]
        self._land_masks = C.LAND_MASKS[players]
        self.rebuild_caches()

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        """An independent copy (the board is shared: it never changes)."""
        g = GameState.__new__(GameState)
        g.board = self.board
        g.players = self.players
        g.variants = self.variants
        g.seed = self.seed
        g.kind = self.kind[:]
        g.owner = self.owner[:]
        g.seats = [s.clone() for s in self.seats]
        g.water_tiles = self.water_tiles[:]
        g.water_left = dict(self.water_left)
        g.haciendas = self.haciendas[:]
        g.haciendas_left = self.haciendas_left
        g.chips = self.chips[:]
        g.land_deck = self.land_deck[:]
        g.land_face_up = self.land_face_up[:]
        g.land_discard = self.land_discard[:]
        g.land_shuffles = self.land_shuffles
        g.animal_draw = self.animal_draw[:]
        g.animal_waiting = self.animal_waiting[:]
        g.animal_face_up = self.animal_face_up[:]
        g.animal_discard = self.animal_discard[:]
        g.animal_removed = self.animal_removed[:]
        for name in ("stack", "intermediate_due", "final_due", "scorings_done", "current",
                     "start_player", "actions_taken", "bought_hacienda", "bought_water",
                     "harvested", "round", "turn", "forced_passes", "over", "over_reason",
                     "_land_caps", "_land_masks"):
            setattr(g, name, getattr(self, name))
        g.history = self.history[:]
        g._history_text = self._history_text    # a tuple, and a prefix of both histories
        g.origin = self.origin
        g._land_frontier = [f.copy() for f in self._land_frontier]
        g._animal_frontier = [[f.copy() for f in fs] for fs in self._animal_frontier]
        # Cached groups are never mutated, only replaced: sharing them is safe.
        g._chain_cache = self._chain_cache[:]
        g._herd_cache = [h[:] for h in self._herd_cache]
        g._free_pampas = self._free_pampas
        return g

    def history_text(self) -> tuple[str, ...]:
        """The actions so far in notation.  Kept as it grows: ``observe`` is
        called for every move, and late in a game the history is long."""
        done = self._history_text
        if len(done) != len(self.history):
            done = done + tuple(str(a) for a in self.history[len(done):])
            self._history_text = done
        return done

    def rebuild_caches(self) -> None:
        """Recompute the derived caches from the pieces (after setting up by hand)."""
        self._land_frontier = [self._free_pampas_around(s.land_hexes) for s in self.seats]
        self._animal_frontier = [[self._free_pampas_around(h) for h in s.animal_hexes]
                                 for s in self.seats]
        self._chain_cache: list[list[list[int]] | None] = [None] * self.players
        self._herd_cache: list[list[list[list[int]] | None]] = [
            [None] * len(C.ANIMALS) for _ in range(self.players)]
        # Bit h set while hex h is free pampas: water placements test in one step.
        self._free_pampas = sum(1 << h for h in self.board.pampas if self.kind[h] == EMPTY)

    # Read-only views of the derived caches, for AI seats and tools that must
    # stay fast: never modify what they return (the state keeps it up to date).
    def land_frontier(self, seat: int) -> AbstractSet[int]:
        """Free pampas hexes next to the seat's land tiles (pampas cards go there, R24)."""
        return self._land_frontier[seat]

    def animal_frontier(self, seat: int, animal: int) -> AbstractSet[int]:
        """Free pampas hexes next to the seat's tokens of one animal (R27)."""
        return self._animal_frontier[seat][animal]

    def free_pampas_mask(self) -> int:
        """Bit h set while hex h is free pampas."""
        return self._free_pampas

    def _free_pampas_around(self, hexes: Iterable[int]) -> set[int]:
        kind, is_pampas, adj = self.kind, self.board.is_pampas, self.board.adjacent
        out = set()
        for h in hexes:
            for n in adj[h]:
                if kind[n] == EMPTY and is_pampas[n]:
                    out.add(n)
        return out

    def _occupy(self, h: int, piece: int, seat: int) -> None:
        """Put a piece on a free hex and keep the caches right."""
        self.kind[h] = piece
        self.owner[h] = seat
        self._free_pampas &= ~(1 << h)
        for f in self._land_frontier:
            f.discard(h)
        for fs in self._animal_frontier:
            for f in fs:
                f.discard(h)
        if piece == LAND:
            self._land_frontier[seat] |= self._free_pampas_around((h,))
            self._chain_cache[seat] = None
        elif piece >= ANIMAL0:
            a = piece - ANIMAL0
            self._animal_frontier[seat][a] |= self._free_pampas_around((h,))
            self._herd_cache[seat][a] = None

    def to_dict(self) -> dict:
        """Everything, hidden information included (for snapshots and tests)."""
        out = {name: getattr(self, name) for name in self.__slots__
               if not name.startswith("_") and name not in ("board", "seats", "history", "origin")}
        out["board"] = self.board.name
        out["variants"] = sorted(self.variants)
        out["water_left"] = {str(k): v for k, v in self.water_left.items()}
        out["seats"] = [s.to_dict() for s in self.seats]
        out["history"] = [str(a) for a in self.history]
        return out

    def snapshot(self) -> bytes:
        """A canonical byte string of the whole state: equal iff states are equal."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":")).encode()

    # ------------------------------------------------------------- public view
    def is_over(self) -> bool:
        return self.over

    def cell(self, h: int) -> str:
        return self.board.names[h]

    @property
    def seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.seats[self.current]

    @property
    def chips_left(self) -> int:
        return C.HARVEST_CHIPS - len(self.chips)

    @property
    def actions_left(self) -> int:
        return 0 if self.over else C.ACTIONS_PER_TURN - self.actions_taken

    def piece_at(self, cell: Cell | str) -> tuple[str, int] | None:
        """What is on a hex: ('land'|'water'|animal name, owner or -1), or None."""
        h = self.board.hex_of(cell)
        k = self.kind[h]
        if k == EMPTY:
            return None
        if k == LAND:
            return ("land", self.owner[h])
        if k == WATER:
            return ("water", -1)
        return (C.ANIMALS[k - ANIMAL0], self.owner[h])

    def chain_at(self, h: int) -> list[int]:
        """The land chain (R26) or herd (R28) holding hex h."""
        return group_at(h, self.kind, self.owner, self.board.adjacent)

    def chains(self, seat: int) -> list[list[int]]:
        """The seat's land chains (R26), each a sorted list of hexes.  Don't mutate."""
        cached = self._chain_cache[seat]
        if cached is None:
            cached = groups_of(self.seats[seat].land_hexes, self.kind, self.owner,
                               self.board.adjacent)
            self._chain_cache[seat] = cached
        return cached

    def herds_of(self, seat: int, animal: int) -> list[list[int]]:
        """The seat's herds (R28) of one animal (index in `ANIMALS`).  Don't mutate."""
        cached = self._herd_cache[seat][animal]
        if cached is None:
            cached = groups_of(self.seats[seat].animal_hexes[animal], self.kind, self.owner,
                               self.board.adjacent)
            self._herd_cache[seat][animal] = cached
        return cached

    def herds(self, seat: int) -> list[tuple[str, list[int]]]:
        return [(C.ANIMALS[a], g) for a in range(len(C.ANIMALS)) for g in self.herds_of(seat, a)]

    # ----------------------------------------------------------- legal actions
    # Each kind's options come as segments: (items, make) with make(item) the
    # action.  legal_actions() builds them all; random_action() builds one.
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order: by kind (`KINDS`), then
        card (`LAND_CARDS`/`ANIMALS` order), then hex number."""
        out: list[Action] = []
        for kind in KINDS:
            for items, make in self._options[kind](self, False):
                out.extend(map(make, items))
        return out

    def legal_kinds(self) -> list[str]:
        """The kinds of action (`KINDS`) that have at least one legal action."""
        return [k for k in KINDS if self._options[k](self, True)]

    def legal_actions_of(self, kind: str) -> list[Action]:
        """The legal actions of one kind (see `KINDS`), in legal_actions() order."""
        return [make(i) for items, make in self._options[kind](self, False) for i in items]

    def random_action(self, rng: random.Random) -> Action:
        """A random legal action without building the whole list: a kind
        chosen uniformly among the kinds that have legal actions (the first
        such kind in a random order of all kinds), then an action of that
        kind uniformly.  A test checks it only ever yields legal actions."""
        kinds = list(KINDS)
        random_float = rng.random
        while kinds:
            kind = kinds.pop(int(random_float() * len(kinds)))
            segments = self._options[kind](self, False)
            if segments:
                i = int(random_float() * sum(len(items) for items, _ in segments))
                for items, make in segments:
                    if i < len(items):
                        return make(items[i])
                    i -= len(items)
        raise IllegalAction("the game is over (R40): no action is legal")

    def _turn_open(self) -> bool:
        return not self.over and self.actions_taken < C.ACTIONS_PER_TURN

    def _opt_buy_card(self, land: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or (self._land_hand_full(s) if land
                                     else self._animal_hand_full(s)):
            return []
        cards: list[str | None] = []
        if s.money >= C.PRICE_BLIND and ((self.land_deck or self.land_discard) if land
                                          else self.animal_draw):
            cards.append(None)
        if s.money >= C.PRICE_FACE_UP:
            face_up = self.land_face_up if land else self.animal_face_up
            cards.extend(c for c in (C.LAND_CARDS if land else C.ANIMALS) if c in face_up)
        if not cards:
            return []
        item = "land" if land else "animal"
        return [(cards, lambda c: _new(Action, ("buy", item, c, (), None)))]

    def _opt_buy_land(self, first: bool) -> list[Segment]:
        return self._opt_buy_card(True)

    def _opt_buy_animal(self, first: bool) -> list[Segment]:
        return self._opt_buy_card(False)

    def _land_hand_full(self, s: Seat) -> bool:
        return "hand_limits" in self.variants and sum(s.land_hand) >= C.HAND_LIMIT_LAND

    def _animal_hand_full(self, s: Seat) -> bool:
        return "hand_limits" in self.variants and sum(s.animal_hand) >= C.HAND_LIMIT_ANIMAL

    def _hacienda_targets(self) -> list[int]:
        """Own land tiles and tokens whose chain or herd has no hacienda (R20)."""
        seat = self.current
        with_hacienda = set(self.haciendas)
        targets: list[int] = []
        for groups in (self.chains(seat),
                       *(self.herds_of(seat, a) for a in range(len(C.ANIMALS)))):
            for g in groups:
                if with_hacienda.isdisjoint(g):
                    targets.extend(g)
        targets.sort()
        return targets

    def _opt_buy_hacienda(self, first: bool) -> list[Segment]:
        s = self.seat
        if (not self._turn_open() or self.bought_hacienda or self.haciendas_left <= 0
                or s.money < C.PRICE_HACIENDA):
            return []
        names = self.board.cells
        targets = self._hacienda_targets()
        if not targets:
            return []
        return [(targets, lambda h: _new(Action, ("buy", "hacienda", None, (names[h],), None)))]

    def _water_placements(self, first: bool) -> list[tuple[Cell, ...]]:
        """R21: every way to lay an available water tile on free pampas, as cells."""
        board, free = self.board, self._free_pampas
        out = []
        for size in sorted(self.water_left):
            if self.water_left[size] <= 0:
                continue
            shape = C.WATER_SHAPES[size]
            for mask, cells in zip(board.placement_masks(shape), board.placement_cells(shape),
                                   strict=True):
                if mask & free == mask:
                    out.append(cells)
                    if first:
                        return out
        return out

    def _opt_buy_water(self, first: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or self.bought_water or s.money < C.PRICE_WATER:
            return []
        placements = self._water_placements(first)
        if not placements:
            return []
        return [(placements, lambda cells: _new(Action, ("buy", "water", None, cells, None)))]

    def _land_targets(self, card: int, pampas: list[int] | None) -> tuple[list[int], bool]:
        """Where a land card may go (R23-R25), and whether it is played as pampas."""
        if card != C.PAMPAS_CARD:
            kind = self.kind
            free = [h for h in self.board.by_space[C.LAND_CARDS[card]] if kind[h] == EMPTY]
            if free:
                return free, False
        if pampas is None:
            pampas = sorted(self._land_frontier[self.current])
        return pampas, card != C.PAMPAS_CARD

    def _can_place_land(self, seat: int) -> bool:
        """R3: a land tile showing this player's colour is left in the supply."""
        placed = [len(s.land_hexes) for s in self.seats]
        return C.can_add(placed, seat, self._land_caps, self._land_masks)

    def _can_place_animal(self, s: Seat, animal: int) -> bool:
        """R4: the player's placed animals stay coverable by their 30 tokens."""
        counts = [len(h) for h in s.animal_hexes]
        return C.can_add(counts, animal, C.ANIMAL_CAPS, C.ANIMAL_MASKS)

    def _play_segment(self, item: str, name: str, targets: list[int]) -> Segment:
        names = self.board.cells
        return (targets, lambda h: _new(Action, ("play", item, name, (names[h],), None)))

    def _opt_play_land(self, first: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or not any(s.land_hand) or not self._can_place_land(self.current):
            return []
        pampas = sorted(self._land_frontier[self.current])
        out = []
        for card, n in enumerate(s.land_hand):
            if n:
                targets, _ = self._land_targets(card, pampas)
                if targets:
                    out.append(self._play_segment("land", C.LAND_CARDS[card], targets))
                    if first:
                        break
        return out

    def _animal_targets(self, animal: int) -> list[int]:
        """R27: free pampas next to an own land tile or own token of that animal."""
        seat = self.current
        return sorted(self._land_frontier[seat] | self._animal_frontier[seat][animal])

    def _opt_play_animal(self, first: bool) -> list[Segment]:
        s = self.seat
        if not self._turn_open() or not any(s.animal_hand):
            return []
        out = []
        for a, n in enumerate(s.animal_hand):
            if n and self._can_place_animal(s, a):
                targets = self._animal_targets(a)
                if targets:
                    out.append(self._play_segment("animal", C.ANIMALS[a], targets))
                    if first:
                        break
        return out

    def _harvest_targets(self) -> list[int]:
        """R36/R38: tiles of own chains that carry no harvest chip."""
        chips = set(self.chips)
        out: list[int] = []
        for g in self.chains(self.current):
            if chips.isdisjoint(g):
                out.extend(g)
        out.sort()
        return out

    def _harvest_sources(self) -> list[int]:
        """R37: with every chip on the board, chips on other players' tiles."""
        if self.chips_left > 0:
            return []
        return sorted(h for h in self.chips if self.owner[h] != self.current)

    def _opt_harvest(self, first: bool) -> list[Segment]:
        if not self._turn_open() or self.harvested or not self.seat.land_hexes:
            return []
        names = self.board.cells
        targets = self._harvest_targets()
        if not targets:
            return []
        if self.chips_left > 0:
            return [(targets, lambda h: _new(Action, ("harvest", None, None, (names[h],), None)))]
        sources = self._harvest_sources()
        if not sources:
            return []
        out: list[Segment] = []
        for h in targets:
            out.append((sources, lambda src, cell=names[h]: _new(
                Action, ("harvest", None, None, (cell,), names[src]))))
            if first:
                break
        return out

    def _opt_end(self, first: bool) -> list[Segment]:
        return [] if self.over else [((END,), _same)]

    _options: dict[str, Callable[[GameState, bool], list[Segment]]] = {
        "buy land": _opt_buy_land,
        "buy animal": _opt_buy_animal,
        "buy hacienda": _opt_buy_hacienda,
        "buy water": _opt_buy_water,
        "play land": _opt_play_land,
        "play animal": _opt_play_animal,
        "harvest": _opt_harvest,
        "end": _opt_end,
    }

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | str) -> list[Event]:
        """Carry out one action and return what happened.

        Raises `IllegalAction` naming the rule, leaving the state unchanged.
        """
        action = self._as_action(action)
        do = self._check(action)
        events: list[Event] = []
        do(events)
        self.history.append(action)
        return events

    @staticmethod
    def _as_action(action: object) -> Action:
        """An `Action` from an action or its notation; anything else is refused."""
        if isinstance(action, str):
            try:
                return parse_action(action)
            except ValueError as e:
                raise IllegalAction(f"{e} (R61)") from None
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r} (R61)")
        return action

    def is_legal(self, action: Action | str) -> bool:
        return self.explain(action) is None

    def explain(self, action: Action | str) -> str | None:
        """Why an action is illegal now (naming the rule), or None if it is legal."""
        try:
            self._check(self._as_action(action))
        except IllegalAction as e:
            return str(e)
        return None

    def _refuse(self, action: Action, why: str) -> IllegalAction:
        return IllegalAction(f"{action}: {why}")

    def _hex(self, action: Action, cell: Cell) -> int:
        h = self.board.index.get(cell)
        if h is None:
            raise self._refuse(action, f"{cell_name(cell)} is not a hex of this board (R61)")
        return h

    def _check(self, a: Action) -> Callable[[list[Event]], None]:
        """Check an action against the rules without changing anything;
        return the function that carries it out."""
        if self.over:
            raise self._refuse(a, "the game is over (R40)")
        if a.verb == "end" and a == END:
            return self._do_end
        if self.actions_taken >= C.ACTIONS_PER_TURN:
            raise self._refuse(a, f"all {C.ACTIONS_PER_TURN} actions of this turn are used;"
                                  " end the turn (R13)")
        s = self.seat
        if a.verb == "buy":
            if a.item == "land":
                return self._check_buy_card(a, s, "land")
            if a.item == "animal":
                return self._check_buy_card(a, s, "animal")
            if a.item == "hacienda":
                return self._check_buy_hacienda(a, s)
            if a.item == "water":
                return self._check_buy_water(a, s)
        if a.verb == "play":
            if a.item == "land" and a.card in C.LAND_INDEX:
                return self._check_play_land(a, s)
            if a.item == "animal" and a.card in C.ANIMAL_INDEX:
                return self._check_play_animal(a, s)
        if a.verb == "harvest" and len(a.cells) == 1:
            return self._check_harvest(a, s)
        raise self._refuse(a, "not an action of this game (R14)")

    def _pay(self, a: Action, s: Seat, price: int, what: str) -> None:
        if s.money < price:
            raise self._refuse(a, f"{what} costs {price} pesos and you have {s.money}"
                                  " (R16: cannot pay, cannot act)")

    def _check_buy_card(self, a: Action, s: Seat, item: str) -> Callable[[list[Event]], None]:
        land = item == "land"
        names = C.LAND_CARDS if land else C.ANIMALS
        if a.cells or a.source is not None or (a.card is not None and a.card not in names):
            raise self._refuse(a, "not an action of this game (R14)")
        if self._land_hand_full(s) if land else self._animal_hand_full(s):
            limit = C.HAND_LIMIT_LAND if land else C.HAND_LIMIT_ANIMAL
            raise self._refuse(a, f"you hold {limit} {item} cards: play one before buying"
                                  " another (R17, variant hand limits)")
        rule = "R18" if land else "R19"
        if a.card is None:
            self._pay(a, s, C.PRICE_BLIND, f"a {item} card from the deck")
            if land and not (self.land_deck or self.land_discard):
                raise self._refuse(a, "the land deck and its discards are empty (R18)")
            if not land and not self.animal_draw:
                raise self._refuse(a, "the animal deck is used up (R19, R40)")
        else:
            self._pay(a, s, C.PRICE_FACE_UP, f"a face-up {item} card")
            face_up = self.land_face_up if land else self.animal_face_up
            if a.card not in face_up:
                raise self._refuse(a, f"no face-up {a.card} card ({rule})")
        return lambda ev: self._do_buy_card(ev, land, a.card)

    def _check_buy_hacienda(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        if len(a.cells) != 1 or a.card or a.source is not None:
            raise self._refuse(a, "a hacienda goes on one hex (R20)")
        if self.bought_hacienda:
            raise self._refuse(a, "only one hacienda may be bought per turn (R15)")
        if self.haciendas_left <= 0:
            raise self._refuse(a, "no hacienda is left (R5, R20)")
        self._pay(a, s, C.PRICE_HACIENDA, "a hacienda")
        h = self._hex(a, a.cells[0])
        if self.owner[h] != self.current or self.kind[h] == WATER:
            raise self._refuse(a, f"{self.cell(h)} is not one of your land tiles or animal"
                                  " tokens (R20)")
        if not set(self.haciendas).isdisjoint(self.chain_at(h)):
            group = "land chain" if self.kind[h] == LAND else "herd"
            raise self._refuse(a, f"that {group} already has a hacienda (R20)")
        return lambda ev: self._do_buy_hacienda(ev, h)

    def _check_buy_water(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        if a.card or a.source is not None or not 1 <= len(a.cells) <= 4:
            raise self._refuse(a, "a water tile covers 1 to 4 hexes (R7)")
        if self.bought_water:
            raise self._refuse(a, "only one water tile may be bought per turn (R15)")
        if list(a.cells) != sorted(set(a.cells)):
            raise self._refuse(a, "list a water tile's cells once each, in order of X then Y,"
                                  " as parse_action does (R61)")
        size = len(a.cells)
        if self.water_left.get(size, 0) <= 0:
            raise self._refuse(a, f"no water tile of size {size} is left (R7, R21)")
        self._pay(a, s, C.PRICE_WATER, "a water tile")
        hexes = tuple(sorted(self._hex(a, c) for c in a.cells))
        for h in hexes:
            if not self.board.is_pampas[h] or self.kind[h] != EMPTY:
                raise self._refuse(a, f"{self.cell(h)} is not a free pampas space (R21)")
        if hexes not in set(self.board.placements(C.WATER_SHAPES[size])):
            raise self._refuse(a, f"those hexes do not form the size-{size} water tile's"
                                  " shape (R7, R21)")
        return lambda ev: self._do_buy_water(ev, hexes)

    def _check_play_land(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        card = C.LAND_INDEX[a.card]
        if len(a.cells) != 1 or a.source is not None:
            raise self._refuse(a, "a land card puts one tile on one hex (R23)")
        if not s.land_hand[card]:
            raise self._refuse(a, f"you hold no {a.card} card (R23)")
        h = self._hex(a, a.cells[0])
        if not self._can_place_land(self.current):
            raise self._refuse(a, "no land tile showing your colour is left (R3)")
        space = self.board.spaces[h]
        if self.kind[h] != EMPTY:
            raise self._refuse(a, f"{self.cell(h)} is already taken (R23, R30)")
        if space in ("market", "water"):
            raise self._refuse(a, f"land tiles never go on a {space} (R30)")
        targets, fallback = self._land_targets(card, None)
        if h not in targets:
            if space == "pampas":
                if card != C.PAMPAS_CARD and not fallback:
                    raise self._refuse(a, f"a {a.card} card goes on a free {a.card} space while"
                                          " one is left (R23, R25)")
                raise self._refuse(a, f"{self.cell(h)} is not next to one of your land tiles"
                                      " (R24)")
            if card == C.PAMPAS_CARD or fallback:
                raise self._refuse(a, "a pampas card (or a terrain card with no free space"
                                      " left) goes on pampas next to your land (R24, R25)")
            raise self._refuse(a, f"{self.cell(h)} is {space}, not {a.card} (R23)")
        return lambda ev: self._do_play_land(ev, card, h, fallback)

    def _check_play_animal(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        animal = C.ANIMAL_INDEX[a.card]
        if len(a.cells) != 1 or a.source is not None:
            raise self._refuse(a, "an animal card puts one token on one hex (R27)")
        if not s.animal_hand[animal]:
            raise self._refuse(a, f"you hold no {a.card} card (R27)")
        h = self._hex(a, a.cells[0])
        if not self._can_place_animal(s, animal):
            raise self._refuse(a, f"your 30 animal tokens cannot show another {a.card} (R4)")
        if not self.board.is_pampas[h]:
            raise self._refuse(a, f"animal tokens go on pampas, and {self.cell(h)} is"
                                  f" {self.board.spaces[h]} (R27, R30)")
        if self.kind[h] != EMPTY:
            raise self._refuse(a, f"{self.cell(h)} is already taken (R27, R30)")
        if h not in self._land_frontier[self.current] and \
                h not in self._animal_frontier[self.current][animal]:
            raise self._refuse(a, f"{self.cell(h)} is not next to one of your land tiles or"
                                  f" {a.card} tokens (R27)")
        return lambda ev: self._do_play_animal(ev, animal, h)

    def _check_harvest(self, a: Action, s: Seat) -> Callable[[list[Event]], None]:
        if a.card or a.item:
            raise self._refuse(a, "not an action of this game (R14)")
        if self.harvested:
            raise self._refuse(a, "only one harvest per turn (R15)")
        h = self._hex(a, a.cells[0])
        if self.kind[h] != LAND or self.owner[h] != self.current:
            raise self._refuse(a, f"{self.cell(h)} is not one of your land tiles (R36)")
        if not set(self.chips).isdisjoint(self.chain_at(h)):
            raise self._refuse(a, "that chain already has a harvest chip (R36, R38)")
        src = None
        if self.chips_left > 0:
            if a.source is not None:
                raise self._refuse(a, "chips are left in the supply: take one from there (R37)")
        else:
            if a.source is None:
                raise self._refuse(a, "all 8 chips are on the board: name the chip to take"
                                      " from another player's chain ('from X,Y') (R37)")
            src = self._hex(a, a.source)
            if src not in self.chips:
                raise self._refuse(a, f"there is no harvest chip on {self.cell(src)} (R37)")
            if self.owner[src] == self.current:
                raise self._refuse(a, "the chip must come from another player's chain (R37)")
        return lambda ev: self._do_harvest(ev, h, src)

    # -------------------------------------------------------------- execution
    def _event(self, events: list[Event], kind: str, seat: int | None = None,
               secret: tuple[str, ...] = (), **data) -> None:
        events.append(Event(kind, seat, data, secret))

    def _spend_action(self) -> None:
        self.actions_taken += 1

    def _draw_land(self, events: list[Event]) -> str | None:
        """Top card of the land deck; an empty deck takes the shuffled discards (R18)."""
        if not self.land_deck:
            if not self.land_discard:
                return None
            deck = self.land_discard
            self.land_discard = []
            rng = random.Random(f"hacienda/{self.seed}/land/{self.land_shuffles}")
            deck.sort()
            rng.shuffle(deck)
            self.land_deck = deck
            self.land_shuffles += 1
            self._event(events, "deck_reshuffled", item="land", size=len(deck))
        return self.land_deck.pop()

    def _draw_animal(self, events: list[Event]) -> str | None:
        """Top card of the animal draw pile; switching stacks drives scoring (R40)."""
        if not self.animal_draw:
            return None
        card = self.animal_draw.pop()
        if not self.animal_draw:
            self._stack_used_up(events)
        return card

    def _stack_used_up(self, events: list[Event]) -> None:
        if self.stack == 1:
            self.stack = 2
            self.animal_draw, self.animal_waiting = self.animal_waiting, []
            self.intermediate_due = True
            self._event(events, "stack_switched", stack=2, scoring="intermediate")
            if not self.animal_draw:
                self._stack_used_up(events)
        elif self.stack == 2:
            self.stack = 3
            self.final_due = True
            self._event(events, "stack_switched", stack=3, scoring="final")

    def _fill_face_up(self, events: list[Event], land: bool) -> None:
        slots = self.land_face_up if land else self.animal_face_up
        for i, card in enumerate(slots):
            if card is None:
                new = self._draw_land(events) if land else self._draw_animal(events)
                if new is None:
                    return
                slots[i] = new
                self._event(events, "card_revealed", item="land" if land else "animal",
                            card=new, slot=i)

    def _do_buy_card(self, events: list[Event], land: bool, card: str | None) -> None:
        s = self.seat
        item = "land" if land else "animal"
        if card is None:
            s.money -= C.PRICE_BLIND
            drawn = self._draw_land(events) if land else self._draw_animal(events)
            assert drawn is not None
            self._event(events, "card_bought", self.current, ("card",), item=item, card=drawn,
                        face_up=False, price=C.PRICE_BLIND)
        else:
            s.money -= C.PRICE_FACE_UP
            drawn = card
            slots = self.land_face_up if land else self.animal_face_up
            slots[slots.index(card)] = None
            self._event(events, "card_bought", self.current, item=item, card=card,
                        face_up=True, price=C.PRICE_FACE_UP)
            if land:
                s.known_land[C.LAND_INDEX[card]] += 1
            else:
                s.known_animal[C.ANIMAL_INDEX[card]] += 1
        if land:
            s.land_hand[C.LAND_INDEX[drawn]] += 1
        else:
            s.animal_hand[C.ANIMAL_INDEX[drawn]] += 1
        self._fill_face_up(events, land)
        self._spend_action()

    def _do_buy_hacienda(self, events: list[Event], h: int) -> None:
        self.seat.money -= C.PRICE_HACIENDA
        self.haciendas_left -= 1
        self.haciendas.append(h)
        self.bought_hacienda = True
        self._event(events, "hacienda_placed", self.current, cell=self.cell(h),
                    price=C.PRICE_HACIENDA)
        self._spend_action()

    def _do_buy_water(self, events: list[Event], hexes: tuple[int, ...]) -> None:
        self.seat.money -= C.PRICE_WATER
        self.water_left[len(hexes)] -= 1
        for h in hexes:
            self._occupy(h, WATER, -1)
        self.water_tiles.append(hexes)
        self.bought_water = True
        self._event(events, "water_placed", self.current, size=len(hexes),
                    cells=[self.cell(h) for h in hexes], price=C.PRICE_WATER)
        self._spend_action()

    def _do_play_land(self, events: list[Event], card: int, h: int, fallback: bool) -> None:
        s = self.seat
        s.land_hand[card] -= 1
        if s.known_land[card]:
            s.known_land[card] -= 1
        self.land_discard.append(C.LAND_CARDS[card])
        s.land_hexes.append(h)
        self._occupy(h, LAND, self.current)
        self._event(events, "tile_placed", self.current, card=C.LAND_CARDS[card],
                    cell=self.cell(h), fallback=fallback, chain=len(self.chain_at(h)))
        self._spend_action()

    def _do_play_animal(self, events: list[Event], animal: int, h: int) -> None:
        s = self.seat
        s.animal_hand[animal] -= 1
        if s.known_animal[animal]:
            s.known_animal[animal] -= 1
        self.animal_discard.append(C.ANIMALS[animal])
        s.animal_hexes[animal].append(h)
        self._occupy(h, ANIMAL0 + animal, self.current)
        herd = self.chain_at(h)
        self._event(events, "animal_placed", self.current, animal=C.ANIMALS[animal],
                    cell=self.cell(h), herd=len(herd))
        markets = [m for m in self.board.adjacent[h] if self.board.is_market[m]]
        if markets:
            land = self.land_next_to(herd)
            amount = len(herd) + land
            for m in markets:
                # R32/R33: the side between m and h is reached now, once for good.
                s.money += amount
                self._event(events, "market_paid", self.current, market=self.cell(m),
                            side=self.cell(h), herd=len(herd), land=land, amount=amount)
        self._spend_action()

    def land_next_to(self, herd: list[int]) -> int:
        """R32: total size of the owner's land chains touching any token of a herd."""
        seat = self.owner[herd[0]]
        kind, owner, adj = self.kind, self.owner, self.board.adjacent
        counted: set[int] = set()
        total = 0
        for t in herd:
            for n in adj[t]:
                if kind[n] == LAND and owner[n] == seat and n not in counted:
                    chain = self.chain_at(n)
                    counted.update(chain)
                    total += len(chain)
        return total

    def _do_harvest(self, events: list[Event], h: int, src: int | None) -> None:
        source_seat = None
        if src is not None:
            source_seat = self.owner[src]
            self.chips.remove(src)
        self.chips.append(h)
        chain = len(self.chain_at(h))
        amount = chain * C.HARVEST_PER_TILE
        self.seat.money += amount
        self.harvested = True
        self._event(events, "harvest", self.current, cell=self.cell(h), chain=chain,
                    amount=amount, source=self.cell(src) if src is not None else None,
                    source_seat=source_seat)
        self._spend_action()

    def _can_act(self) -> bool:
        """Whether the current player has any action besides ending the turn."""
        return any(self._options[k](self, True) for k in KINDS if k != "end")

    def _do_end(self, events: list[Event]) -> None:
        from .scoring import apply_scoring

        # A player who cannot do anything passes; when every player in a row
        # had to pass, nothing can ever change: the game ends (engine ruling).
        forced = self.actions_taken == 0 and not self._can_act()
        self.forced_passes = self.forced_passes + 1 if forced else 0
        ended = self.current
        nxt = (self.current + 1) % self.players
        self._event(events, "turn_ended", ended, next=nxt, forced=forced)
        self.actions_taken = 0
        self.bought_hacienda = self.bought_water = self.harvested = False
        self.turn += 1
        self.current = nxt
        if self.forced_passes >= self.players:
            apply_scoring(self, "final", events)
            self._finish("no player can act any more", events)
            return
        if nxt == self.start_player:
            # R40: the round is finished; scorings that became due happen now.
            self.round += 1
            if self.intermediate_due:
                self.intermediate_due = False
                apply_scoring(self, "intermediate", events)
            if self.final_due:
                self.final_due = False
                apply_scoring(self, "final", events)
                self._finish("the second animal stack is used up", events)

    def _finish(self, reason: str, events: list[Event]) -> None:
        from .scoring import ranking

        self.over = True
        self.over_reason = reason
        order, winners = ranking(self)
        self._event(events, "game_over", reason=reason, winners=winners, ranking=order,
                    scores=[s.score for s in self.seats], money=[s.money for s in self.seats])

    def winners(self) -> list[int]:
        """R49: the seats with the most points, ties broken by money (may be several)."""
        from .scoring import ranking

        return ranking(self)[1]

    def describe(self) -> str:
        """A short text picture of the state (command line, bug reports)."""
        lines = [f"{self.board.name}, {self.players} players, round {self.round}, turn"
                 f" {self.turn}: player {self.current + 1} to act"
                 f" ({self.actions_left} actions left)" if not self.over else
                 f"{self.board.name}: game over ({self.over_reason})"]
        for i, s in enumerate(self.seats):
            lines.append(f"  P{i + 1}: {s.money} pesos, {s.score} points, hand"
                         f" {s.land_cards} {s.animal_cards}")
        return "\n".join(lines)
