"""How good a position is for one seat: the hand-tuned evaluation the AI levels share.

The value is in points, read as "points this seat can expect at the end":
points already scored, plus this seat's board points (markets, chains of
three or more, haciendas, water; R42-R45) for every scoring still to come,
plus what money, cards in hand and growth are worth with the turns left.
Everything is computed from a game state the seat may know: a determinized
state (``determinize``), never the real one.
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass

from ..engine import (
    ANIMAL_DECK,
    ANIMAL_HAND,
    ANIMALS,
    ANIMALS_REMOVED,
    CHAIN_MIN_SCORING,
    FACE_UP,
    HARVEST_PER_TILE,
    GameState,
    connected_markets,
    score,
)
from ..maps.board import Board


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs.  ``easy`` uses a plainer set than medium and hard."""

    spend_bonus: float = 0.1      # a peso the seat can still spend well, on top of R47
    spend_per_round: float = 8.0  # pesos a seat can spend well per round
    land_card: float = 1.1        # a land card in hand, while it can still be played
    animal_card: float = 1.3
    small_chain_tile: float = 0.9  # a tile in a chain of 1-2 (may still reach 3, R43)
    harvest: float = 0.5          # share of the next harvest's pesos counted now (R36)
    market_reach: float = 0.45    # share of a market's points counted per step closer
    frontier: float = 0.04        # room to place animals next to own land
    opponents: float = 1.0        # weight of the best opponent's value (0: ignore them)
    # Steps to a market counted; 0: the board's (`BoardInfo.reach_depth`, as hard's and
    # expert's projection count them).  3 for easy, medium and hard-v1: the board's
    # depth changed 2 of medium's turns in 82 fixed positions, both on everest
    # (docs/ai.md, "Constants and the board"), whose tables were being played.
    reach_depth: int = 3
    measured_pace: bool = False   # rounds left from this game's pace (hard)


MEDIUM = Weights()
HARD = Weights(measured_pace=True)
EASY = Weights(small_chain_tile=0.4, harvest=0.3, market_reach=0.0, frontier=0.0,
               opponents=0.0)


REACH_DEPTH = 3    # `market_gap` of a board with no two markets the pampas joins


def market_gap(board: Board, markets_next: tuple[tuple[int, ...], ...]) -> int:
    """How far apart the board's markets lie: for each market, the fewest
    pampas hexes on a path from one next to it to one next to another market
    (1: a pampas touches both), and of those the median (the lower one of an
    even count).  3 on the symmetric and asymmetric boards, 4 on everest and
    fjords, 5 on pinwheel, 2 on eight.  Markets no pampas path joins to
    another are left out; with none left, ``REACH_DEPTH``."""
    near: dict[int, list[int]] = {}
    for h, ms in enumerate(markets_next):
        if board.is_pampas[h]:
            for m in ms:
                near.setdefault(m, []).append(h)
    gaps = []
    for m, start in near.items():
        dist = dict.fromkeys(start, 1)
        todo = deque(start)
        while todo:
            h = todo.popleft()
            if any(o != m for o in markets_next[h]):
                gaps.append(dist[h])
                break
            for a in board.adjacent[h]:
                if board.is_pampas[a] and a not in dist:
                    dist[a] = dist[h] + 1
                    todo.append(a)
    return statistics.median_low(gaps) if gaps else REACH_DEPTH


class BoardInfo:
    """What the evaluation precomputes once per board."""

    __slots__ = ("bit", "markets", "markets_next", "near_market", "reach_depth", "spread",
                 "touch")

    def __init__(self, board: Board):
        self.markets_next: tuple[tuple[int, ...], ...] = tuple(
            tuple(m for m in board.adjacent[h] if board.is_market[m]) for h in range(len(board)))
        self.near_market = tuple(bool(ms) and board.is_pampas[h]
                                 for h, ms in enumerate(self.markets_next))
        n = len(board)
        self.bit = tuple(1 << h for h in range(n))
        # spread[h]: the hexes next to h; touch[m]: the hexes next to market m.
        self.spread = tuple(sum(1 << a for a in set(board.adjacent[h])) for h in range(n))
        self.markets = tuple(m for m in range(n) if board.is_market[m])
        touch = [0] * n
        for h in range(n):
            for m in self.markets_next[h]:
                touch[m] |= 1 << h
        self.touch = tuple(touch)
        # How many steps to a market not reached yet the evaluations count
        # (`market_reach`): as far as the board's markets lie apart.
        self.reach_depth = market_gap(board, self.markets_next)

    def around(self, mask: int) -> int:
        """The hexes next to any hex of ``mask`` (bit h: hex h); a hex of the mask is in
        it only when it lies next to another."""
        spread, out = self.spread, 0
        while mask:
            low = mask & -mask
            out |= spread[low.bit_length() - 1]
            mask ^= low
        return out


_boards: dict[int, tuple[Board, BoardInfo]] = {}


def board_info(board: Board) -> BoardInfo:
    entry = _boards.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_boards) > 32:
            _boards.clear()
        entry = _boards[id(board)] = (board, BoardInfo(board))
    return entry[1]


def rounds_left(state: GameState, measured_pace: bool = False) -> float:
    """A guess at the rounds left: the animal piles run out (R40) at about
    half a card per turn when seats play well; with ``measured_pace`` the
    pace seen so far in this game counts too (public: pile sizes, turns)."""
    if state.over:
        return 0.0
    if state.stack >= 3 or state.final_due:
        return 0.5
    left = len(state.animal_draw) + len(state.animal_waiting)
    pace = 0.5
    if measured_pace:
        start = (sum(ANIMAL_DECK.values()) - ANIMALS_REMOVED[state.players]
                 - ANIMAL_HAND * state.players - FACE_UP)
        turns = state.turn - 1
        if turns > 0:
            # Blend the measured pace with the usual one, trusting it more as turns pass.
            seen = min(1.0, turns / (4.0 * state.players))
            measured = min(1.5, max(0.15, (start - left) / turns))
            pace = (1 - seen) * pace + seen * measured
    return max(0.5, left / (pace * state.players))


def market_reach(state: GameState, seat: int, connected: set[int], depth: int) -> dict[int, int]:
    """For each market the seat is not connected to: the fewest tokens it
    would need to touch it (1 = a free pampas next to the market lies next to
    the seat's own pieces), up to ``depth``.  A breadth-first search over the
    free pampas, one layer at a time as a bit mask (bit h: hex h)."""
    info = board_info(state.board)
    bit, touch = info.bit, info.touch
    layer = 0
    for h in state.land_frontier(seat):
        layer |= bit[h]
    for a in range(len(ANIMALS)):
        for h in state.animal_frontier(seat, a):
            layer |= bit[h]
    todo = [m for m in info.markets if m not in connected]
    best: dict[int, int] = {}
    free = state.free_pampas_mask()
    seen = layer
    d = 1
    while layer and todo and d <= depth:
        rest = []
        for m in todo:
            if layer & touch[m]:
                best[m] = d
            else:
                rest.append(m)
        todo = rest
        if d < depth and todo:
            layer = info.around(layer) & free & ~seen
            seen |= layer
        d += 1
    return best


def board_points(state: GameState) -> list[int]:
    """Each seat's points if the game were scored now, money aside (markets,
    chains of three or more, haciendas, water; R42-R46): `engine.scoring`'s
    own table, so the AI values exactly what the rules score."""
    return [row["total"] - row["money"] for row in score(state)]


def seat_value(state: GameState, seat: int, w: Weights, points: list[int],
               rounds: float) -> float:
    """The value of the position for one seat (see the module text);
    ``points`` are every seat's `board_points`."""
    s = state.seats[seat]
    if state.over:
        return float(s.score)
    ahead = 2 - state.scorings_done
    connected = set(connected_markets(state, seat))
    k = len(connected)
    chains = state.chains(seat)
    small = sum(len(g) for g in chains if len(g) < CHAIN_MIN_SCORING)
    board_points = points[seat]
    value = s.score + ahead * board_points

    # R47: every peso kept is worth 1/10 point at each scoring still to come;
    # the pesos the seat can still spend well (cards it can play) are worth more.
    spendable = min(s.money, w.spend_per_round * rounds)
    peso = 0.1 * ahead
    value += peso * s.money + w.spend_bonus * spendable
    playable = min(1.0, rounds / 3.0)
    plays = 2.0 * rounds + 1.0
    land_cards = sum(s.land_hand)
    animal_cards = sum(s.animal_hand)
    value += playable * (w.land_card * min(land_cards, plays)
                         + w.animal_card * min(animal_cards, plays))
    if rounds > 1.0:
        value += w.small_chain_tile * small * min(1.0, rounds / 4.0)
        if w.harvest:
            chips = set(state.chips)
            free = [len(g) for g in chains if chips.isdisjoint(g)]
            if free and (state.chips_left > 0 or any(state.owner[c] != seat for c in chips)):
                value += w.harvest * HARVEST_PER_TILE * max(free) * peso
        if w.market_reach and (animal_cards or rounds > 2.0):
            depth = w.reach_depth or board_info(state.board).reach_depth
            reach = market_reach(state, seat, connected, depth)
            if reach:
                gain = 0.0
                n = k
                for d in sorted(reach.values()):
                    n += 1
                    gain += n * w.market_reach ** d
                value += ahead * gain * min(1.0, rounds / 3.0)
        if w.frontier:
            value += w.frontier * min(len(state.land_frontier(seat)), 12)
    return value


def evaluate(state: GameState, seat: int, w: Weights = MEDIUM,
             rounds: float | None = None) -> float:
    """The seat's value minus ``w.opponents`` times the best opponent's.

    ``rounds`` fixes the rounds left (else they are guessed from ``state``):
    a seat that ignores its opponents passes the guess made before its move,
    or buying an animal card, which brings the end nearer, looks like a loss
    to it, and a table of such seats would never end the game."""
    points = board_points(state)
    if rounds is None:
        rounds = rounds_left(state, w.measured_pace)
    mine = seat_value(state, seat, w, points, rounds)
    if not w.opponents:
        return mine
    best = max(seat_value(state, q, w, points, rounds)
               for q in range(state.players) if q != seat)
    return mine - w.opponents * best


__all__ = ["EASY", "HARD", "MEDIUM", "REACH_DEPTH", "BoardInfo", "Weights", "board_info",
           "board_points", "evaluate", "market_gap", "market_reach", "rounds_left",
           "seat_value"]
