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
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet

from ..maps.board import Board, cell_name
from . import components as C
from .actions import END, KINDS, Action, parse_action
from .animals import AnimalRules
from .cards import CardRules
from .errors import IllegalAction, Termination, termination_of
from .events import Event
from .groups import ANIMAL0, EMPTY, LAND, WATER, group_at, groups_of
from .haciendas import HaciendaRules
from .harvest import HarvestRules
from .land import LandRules
from .phases import PhaseRules
from .segments import Cell, Segment, new_action
from .water import WaterRules


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


class GameState(CardRules, HaciendaRules, WaterRules, LandRules, AnimalRules,
                HarvestRules, PhaseRules):
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
        raise IllegalAction("the game is over (R40): no action is legal", "game_over", rule="R40")

    def _play_segment(self, item: str, name: str, targets: list[int]) -> Segment:
        names = self.board.cells
        return (targets, lambda h: new_action(Action, ("play", item, name, (names[h],), None)))

    # Dispatch: each kind's options come from its rule area's module.
    _options: dict[str, Callable[[GameState, bool], list[Segment]]] = {
        "buy land": CardRules._opt_buy_land,
        "buy animal": CardRules._opt_buy_animal,
        "buy hacienda": HaciendaRules._opt_buy_hacienda,
        "buy water": WaterRules._opt_buy_water,
        "play land": LandRules._opt_play_land,
        "play animal": AnimalRules._opt_play_animal,
        "harvest": HarvestRules._opt_harvest,
        "end": PhaseRules._opt_end,
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
                raise IllegalAction(f"{e} (R61)", "unreadable", {"text": action},
                                    "R61") from None
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r} (R61)", "unreadable", rule="R61")
        return action

    def is_legal(self, action: Action | str) -> bool:
        return self.explain(action) is None

    def explain(self, action: Action | str) -> str | None:
        """Why an action is illegal now (naming the rule), or None if it is legal."""
        refusal = self.refusal(action)
        return None if refusal is None else str(refusal)

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """The refusal `apply` would raise, as data (``code``, ``rule``,
        ``params``; see `IllegalAction`), or None if the action is legal."""
        try:
            self._check(self._as_action(action))
        except IllegalAction as e:
            return e
        return None

    def why_none(self, kind: str, card: str | None = None) -> IllegalAction | None:
        """Why no action of ``kind`` (a control: ``"buy hacienda"``, ``"play
        land"`` with its ``card`` ...) is legal now, as data; None when one is
        (see whynot.py)."""
        from .whynot import why_none

        return why_none(self, kind, card)

    def chance_outcomes(self, action: Action,
                        most: int | None = None) -> list[tuple[float, GameState]]:
        """The positions ``action`` can lead to with their chances, as the seat
        to move sees them (a blind draw yields any unseen card; see chance.py)."""
        from .chance import chance_outcomes

        return chance_outcomes(self, action, most)

    @property
    def termination(self) -> Termination | None:
        """Why the game ended, as data (None while it runs)."""
        return termination_of(self.over_reason if self.over else None)

    def _refuse(self, action: Action, code: str, why: str, rule: str = "",
                **params) -> IllegalAction:
        """The refusal of ``action``: its code, the rule it cites (given where
        it is raised) and what it is about, with the English sentence."""
        return IllegalAction(f"{action}: {why}", code, params, rule)

    def _hex(self, action: Action, cell: Cell) -> int:
        h = self.board.index.get(cell)
        if h is None:
            raise self._refuse(action, "not_a_hex",
                               f"{cell_name(cell)} is not a hex of this board (R61)",
                               cell=cell_name(cell), rule="R61")
        return h

    def _check(self, a: Action) -> Callable[[list[Event]], None]:
        """Check an action against the rules without changing anything;
        return the function that carries it out."""
        if self.over:
            raise self._refuse(a, "game_over", "the game is over (R40)", rule="R40")
        if a.verb == "end" and a == END:
            return self._do_end
        if self.actions_taken >= C.ACTIONS_PER_TURN:
            raise self._refuse(a, "turn_used",
                               f"all {C.ACTIONS_PER_TURN} actions of this turn are used;"
                               " end the turn (R13)", actions=C.ACTIONS_PER_TURN, rule="R13")
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
        raise self._refuse(a, "not_an_action", "not an action of this game (R14)", rule="R14")

    def _pay(self, a: Action, s: Seat, price: int, what: str) -> None:
        if s.money < price:
            raise self._refuse(a, "cannot_pay", f"{what} costs {price} pesos and you have {s.money}"
                               " (R16: cannot pay, cannot act)",
                               price=price, money=s.money, item=what, rule="R16")

    # -------------------------------------------------------------- execution
    def _event(self, events: list[Event], kind: str, seat: int | None = None,
               secret: tuple[str, ...] = (), **data) -> None:
        events.append(Event(kind, seat, data, secret))

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
