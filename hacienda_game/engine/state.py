"""The game state: every piece, card and counter, as data.

Hexes are numbered by the board (`Board.cells`); per hex the state keeps the
piece's ``kind`` (empty, land tile, water, or an animal token) and ``owner``.
Card hands are counts per card name.  All randomness after setup (reshuffling
land discards, R18) comes from generators derived from the game's seed and a
counter kept here, so the same seed and actions replay byte for byte (R12).

The rules that change it live in one module per area (cards, haciendas,
water, land, animals, harvest, phases; legal.py dispatches to them): the
methods here only answer questions about the position, keep its derived
caches, and hand actions to the rules.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from ..maps.board import Board
from . import animals, chance, harvest, legal, scoring, water, whynot
from . import components as C
from .actions import Action
from .errors import IllegalAction, Termination, termination_of
from .events import Event
from .groups import ANIMAL0, EMPTY, LAND, WATER, group_at, groups_of
from .segments import Cell

Groups = list[list[int]]


@dataclass(slots=True, eq=False)
class Seat:
    """One player's holdings.  ``land_hand``/``animal_hand`` are counts per
    card (order of `LAND_CARDS` / `ANIMALS`); ``known_*`` count cards this
    player took from the face-up display and has not been seen to play, which
    every player knows (R60)."""

    money: int = C.START_MONEY
    score: int = 0
    land_hand: list[int] = field(default_factory=lambda: [0] * len(C.LAND_CARDS))
    animal_hand: list[int] = field(default_factory=lambda: [0] * len(C.ANIMALS))
    land_hexes: list[int] = field(default_factory=list)
    animal_hexes: list[list[int]] = field(default_factory=lambda: [[] for _ in C.ANIMALS])
    known_land: list[int] = field(default_factory=lambda: [0] * len(C.LAND_CARDS))
    known_animal: list[int] = field(default_factory=lambda: [0] * len(C.ANIMALS))
    scorings: list[dict[str, int]] = field(default_factory=list)

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

    def to_dict(self) -> dict[str, Any]:
        return {
            "money": self.money, "score": self.score,
            "land_hand": self.land_hand, "animal_hand": self.animal_hand,
            "land_hexes": self.land_hexes, "animal_hexes": self.animal_hexes,
            "known_land": self.known_land, "known_animal": self.known_animal,
            "scorings": self.scorings,
        }


# What a snapshot holds besides the board, the seats, the history and the
# variants (their own forms), in this order.
PLAIN = ("players", "seed", "kind", "owner", "water_tiles", "water_left", "haciendas",
         "haciendas_left", "chips", "land_deck", "land_face_up", "land_discard",
         "land_shuffles", "animal_draw", "animal_waiting", "animal_face_up", "animal_discard",
         "animal_removed", "stack", "intermediate_due", "final_due", "scorings_done", "current",
         "start_player", "actions_taken", "bought_hacienda", "bought_water", "harvested",
         "round", "turn", "forced_passes", "over", "over_reason")

@dataclass(slots=True, eq=False, init=False, repr=False)
class GameState:
    """A game of Hacienda.  Build one with `new_game` or `load_scenario`."""

    board: Board
    players: int
    variants: frozenset[str]
    seed: int
    kind: list[int]
    owner: list[int]
    seats: list[Seat]
    water_tiles: list[tuple[int, ...]]
    water_left: dict[int, int]
    haciendas: list[int]
    haciendas_left: int
    chips: list[int]
    land_deck: list[str]                   # the top card is the last one
    land_face_up: list[str | None]
    land_discard: list[str]
    land_shuffles: int
    animal_draw: list[str]
    animal_waiting: list[str]
    animal_face_up: list[str | None]
    animal_discard: list[str]
    animal_removed: list[str]
    stack: int                             # 1, 2; 3 once stack 2 is used up too
    intermediate_due: bool
    final_due: bool
    scorings_done: int
    current: int
    start_player: int
    actions_taken: int
    bought_hacienda: bool
    bought_water: bool
    harvested: bool
    round: int
    turn: int
    forced_passes: int
    over: bool
    over_reason: str | None
    history: list[Action]
    origin: dict[str, Any]                 # how it was set up, for its record
    _land_caps: dict[int, int]
    _land_masks: tuple[tuple[int, ...], ...]
    # Derived caches kept by occupy, never in a snapshot (rebuild_caches says what).
    # The frontiers are shared by a state and its clones until one of them
    # places a piece (copy on write: ``_frontiers_own`` says whether this
    # state may change them in place).
    _land_frontier: list[set[int]]
    _animal_frontier: list[list[set[int]]]
    _frontiers_own: bool
    _chain_cache: list[Groups | None]
    _herd_cache: list[list[Groups | None]]
    _free_pampas: int
    _history_text: tuple[str, ...]

    def __init__(self, board: Board, players: int, seed: int, variants: Iterable[str] = ()):
        self.board, self.players, self.seed = board, players, seed
        self.variants = frozenset(variants)
        n = len(board.cells)
        self.kind, self.owner = [EMPTY] * n, [-1] * n
        self.seats = [Seat() for _ in range(players)]
        self.water_tiles, self.water_left = [], dict(C.WATER_TILES)
        self.haciendas, self.haciendas_left, self.chips = [], C.HACIENDAS[players], []
        self.land_deck, self.land_discard, self.land_shuffles = [], [], 0
        self.land_face_up = [None] * C.FACE_UP
        self.animal_draw, self.animal_waiting = [], []
        self.animal_face_up = [None] * C.FACE_UP
        self.animal_discard, self.animal_removed = [], []
        self.stack, self.intermediate_due, self.final_due, self.scorings_done = 1, False, False, 0
        self.current = self.start_player = self.actions_taken = 0
        self.bought_hacienda = self.bought_water = self.harvested = False
        self.round = self.turn = 1
        self.forced_passes, self.over, self.over_reason = 0, False, None
        self.history, self._history_text, self.origin = [], (), {}
        self._land_caps, self._land_masks = C.LAND_CAPS[players], C.LAND_MASKS[players]
        self.rebuild_caches()

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        """An independent copy (the board is shared: it never changes); see
        `copy_state`."""
        return copy_state(self)

    def history_text(self) -> tuple[str, ...]:
        """The actions so far in notation.  Kept as it grows: ``observe`` is
        called for every move, and late in a game the history is long."""
        if len(self._history_text) != len(self.history):
            self._history_text += tuple(map(str, self.history[len(self._history_text):]))
        return self._history_text

    # ------------------------------------------------------------ the caches
    def rebuild_caches(self) -> None:
        """Recompute the derived caches from the pieces (after setting up by hand):
        free pampas next to each seat's land / each seat's tokens of each animal,
        each seat's chains / herds of each animal (None: to be recomputed), and
        bit h set while hex h is free pampas."""
        self._land_frontier = [self._free_pampas_around(s.land_hexes) for s in self.seats]
        self._animal_frontier = [[self._free_pampas_around(h) for h in s.animal_hexes]
                                 for s in self.seats]
        self._frontiers_own = True
        self._chain_cache = [None] * self.players
        self._herd_cache = [[None] * len(C.ANIMALS) for _ in range(self.players)]
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
        return {n for h in hexes for n in adj[h] if kind[n] == EMPTY and is_pampas[n]}

    def occupy(self, h: int, piece: int, seat: int) -> None:
        """Put a piece on a free hex and keep the caches right."""
        self.kind[h] = piece
        self.owner[h] = seat
        self._free_pampas &= ~(1 << h)
        if not self._frontiers_own:         # shared with a clone: copy on write
            self._land_frontier = [f.copy() for f in self._land_frontier]
            self._animal_frontier = [[f.copy() for f in fs] for fs in self._animal_frontier]
            self._frontiers_own = True
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

    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden information included (for snapshots and tests)."""
        out = {name: getattr(self, name) for name in PLAIN}
        out["board"] = self.board.name
        out["variants"] = sorted(self.variants)
        out["water_left"] = {str(k): v for k, v in self.water_left.items()}
        out["seats"] = [s.to_dict() for s in self.seats]
        out["history"] = [str(a) for a in self.history]
        return out

    def snapshot(self) -> bytes:
        """A canonical byte string of the whole state: equal iff states are equal."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":")).encode()

    # ------------------------------------------------------------- the position
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

    def chains(self, seat: int) -> Groups:
        """The seat's land chains (R26), each a sorted list of hexes.  Don't mutate."""
        if (cached := self._chain_cache[seat]) is None:
            cached = self._chain_cache[seat] = groups_of(
                self.seats[seat].land_hexes, self.kind, self.owner, self.board.adjacent)
        return cached

    def herds_of(self, seat: int, animal: int) -> Groups:
        """The seat's herds (R28) of one animal (index in `ANIMALS`).  Don't mutate."""
        if (cached := self._herd_cache[seat][animal]) is None:
            cached = self._herd_cache[seat][animal] = groups_of(
                self.seats[seat].animal_hexes[animal], self.kind, self.owner, self.board.adjacent)
        return cached

    def herds(self, seat: int) -> list[tuple[str, list[int]]]:
        return [(C.ANIMALS[a], g) for a in range(len(C.ANIMALS)) for g in self.herds_of(seat, a)]

    # ------------------------------------------------------ the rules, asked
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order (legal.py)."""
        return legal.legal_actions(self)

    def legal_kinds(self) -> list[str]:
        """The kinds of action (`KINDS`) that have at least one legal action."""
        return legal.legal_kinds(self)

    def legal_actions_of(self, kind: str) -> list[Action]:
        """The legal actions of one kind (see `KINDS`), in legal_actions() order."""
        return legal.legal_actions_of(self, kind)

    def random_action(self, rng: random.Random) -> Action:
        """A random legal action without building the whole list (legal.py)."""
        return legal.random_action(self, rng)

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out one action and return what happened.

        Raises `IllegalAction` naming the rule, leaving the state unchanged.
        """
        return legal.apply(self, action)

    def is_legal(self, action: Action | str) -> bool:
        return legal.refusal(self, action) is None

    def explain(self, action: Action | str) -> str | None:
        """Why an action is illegal now (naming the rule), or None if it is legal."""
        return None if (why := legal.refusal(self, action)) is None else str(why)

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """The refusal `apply` would raise, as data (``code``, ``rule``,
        ``params``; see `IllegalAction`), or None if the action is legal."""
        return legal.refusal(self, action)

    def why_none(self, kind: str, card: str | None = None) -> IllegalAction | None:
        """Why no action of ``kind`` (a control) is legal now, as data (whynot.py)."""
        return whynot.why_none(self, kind, card)

    def chance_outcomes(self, action: Action,
                        most: int | None = None) -> list[tuple[float, GameState]]:
        """The positions ``action`` can lead to with their chances (chance.py)."""
        return chance.chance_outcomes(self, action, most)

    def water_options(self, first: bool = False) -> list[tuple[int, tuple[Cell, ...]]]:
        """R21: every way to lay an available water tile on free pampas (water.py)."""
        return water.placements(self, first)

    def harvestable(self, group: list[int]) -> bool:
        """R39: whether a chain can be harvested (harvest.py)."""
        return harvest.harvestable(self, group)

    def land_next_to(self, herd: list[int]) -> int:
        """R32: total size of the owner's land chains touching a herd (animals.py)."""
        return animals.land_next_to(self, herd)

    def winners(self) -> list[int]:
        """R49: the seats with the most points, ties broken by money (may be several)."""
        return scoring.ranking(self)[1]

    @property
    def termination(self) -> Termination | None:
        """Why the game ended, as data (None while it runs)."""
        return termination_of(self.over_reason if self.over else None)

    def describe(self) -> str:
        """A short text picture of the state (command line, bug reports)."""
        return "\n".join([f"{self.board.name}, {self.players} players, round {self.round},"
                          f" turn {self.turn}: player {self.current + 1} to act"
                          f" ({self.actions_left} actions left)" if not self.over else
                          f"{self.board.name}: game over ({self.over_reason})"]
                         + [f"  P{i + 1}: {s.money} pesos, {s.score} points, hand"
                            f" {s.land_cards} {s.animal_cards}" for i, s in enumerate(self.seats)])


def copy_state(state: GameState) -> GameState:
    """An independent copy of a state (`GameState.clone`); the board is shared
    (it never changes).

    Every field is copied by name (a loop over the names showed in a
    search's profile).  The frontiers are shared until either state
    places a piece (`occupy` copies them first): most states a search
    makes only buy cards, and copying every seat's frontier sets was the
    largest part of a copy."""
    g = GameState.__new__(GameState)
    g.board = state.board
    g.players = state.players
    g.variants = state.variants
    g.seed = state.seed
    g.kind = state.kind[:]
    g.owner = state.owner[:]
    g.seats = [s.clone() for s in state.seats]
    g.water_tiles = state.water_tiles[:]
    g.water_left = state.water_left.copy()
    g.haciendas = state.haciendas[:]
    g.haciendas_left = state.haciendas_left
    g.chips = state.chips[:]
    g.land_deck = state.land_deck[:]
    g.land_face_up = state.land_face_up[:]
    g.land_discard = state.land_discard[:]
    g.land_shuffles = state.land_shuffles
    g.animal_draw = state.animal_draw[:]
    g.animal_waiting = state.animal_waiting[:]
    g.animal_face_up = state.animal_face_up[:]
    g.animal_discard = state.animal_discard[:]
    g.animal_removed = state.animal_removed[:]
    g.stack = state.stack
    g.intermediate_due = state.intermediate_due
    g.final_due = state.final_due
    g.scorings_done = state.scorings_done
    g.current = state.current
    g.start_player = state.start_player
    g.actions_taken = state.actions_taken
    g.bought_hacienda = state.bought_hacienda
    g.bought_water = state.bought_water
    g.harvested = state.harvested
    g.round = state.round
    g.turn = state.turn
    g.forced_passes = state.forced_passes
    g.over = state.over
    g.over_reason = state.over_reason
    g._land_caps = state._land_caps
    g._land_masks = state._land_masks
    g.history = state.history[:]
    g.origin = state.origin
    g._history_text = state._history_text    # a tuple, and a prefix of both histories
    g._land_frontier = state._land_frontier
    g._animal_frontier = state._animal_frontier
    g._frontiers_own = state._frontiers_own = False
    # Cached groups are never mutated, only replaced: sharing them is safe.
    g._chain_cache = state._chain_cache[:]
    g._herd_cache = [h[:] for h in state._herd_cache]
    g._free_pampas = state._free_pampas
    return g
