"""Projected final points: the evaluation of hard and expert (easy, medium and
the frozen hard-v1 keep ``evaluate.py``).

For one seat, in points at the end of the game:

- points scored + the points the board scores now (``engine.scoring``:
  markets, chains of 3+, haciendas, water; R42-R46) for each scoring to come;
- pesos: 1/10 point per scoring to come (R47), and more for the pesos the seat
  can still turn into cards with the actions it has left;
- cards in hand: a share of the tile or token they become, per scoring to
  come, as many as the rounds left let it play (actions, not money, are short);
- tiles in chains of 1-2: the chain may still reach 3 and score 2 a tile (R43);
- the next harvest (R36) at what its pesos are worth: counted for every seat,
  so freeing an opponent's big chain by taking its chip (R37) costs what that
  opponent will harvest from it;
- markets within reach of the seat's pieces (R34), and room to grow.

The position's value is the seat's projection minus a blend of the best
opponent's and the average opponent's (every opponent counts, so equal
values never fall to hex order).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..engine import CHAIN_MIN_HARVEST, HARVEST_PER_TILE, GameState, connected_markets
from .evaluate import board_info, board_points, market_reach, rounds_left


@dataclass(frozen=True)
class Projection:
    """The projection's knobs (tools/tune_ai.py searches them by self-play),
    and its parts as methods, so a level can count some its own way
    (expert.py): the rounds left, the cards in hand, every seat's projection,
    the position's value."""

    peso_spend: float = 0.12      # a peso the seat can still spend well, on top of R47
    spend_per_round: float = 5.0  # pesos a seat can spend well per round
    land_card: float = 1.3        # a land card in hand, per scoring to come (measured: 0.6 -> 1.3)
    animal_card: float = 0.8      # (0.5 -> 0.8; docs/ai.md, "Cards in hand")
    single_tile: float = 0.5      # a tile in a chain of 1, per scoring to come
    pair_tile: float = 1.15       # a tile in a chain of 2, per scoring to come (tuned)
    harvest: float = 0.6          # share of the next harvest's worth counted now
    market_reach: float = 0.2     # share of a market's points per step closer (tuned: 0.45 -> 0.2)
    frontier: float = 0.04
    best_opponent: float = 0.6    # the rest of the opponents' weight goes to their mean
    hand_rounds: float = 2.0      # cards in hand count as far as these rounds' plays go
    reserve: float = 6.0          # pesos kept to act with (three blind card buys, R18-R19)
    reserve_worth: float = 0.4    # a peso of that reserve, on top of the rest

    def seat_values(self, state: GameState) -> list[float]:
        """Every seat's projected final points (`projected`).

        Each seat's value is kept by what it is computed from (`seat_key`):
        the outcomes of a blind draw differ only in the card drawn, which no
        part counts, and a card purchase leaves the other seats' values as
        they were, so a search computes most of them once."""
        facts = board_facts(state)
        rounds = self.rounds(state)
        memo = _memo(self)
        common = self.state_key(state, rounds)
        out = []
        for q, s in enumerate(state.seats):
            key = (facts[q], s.score, s.money, sum(s.land_hand), sum(s.animal_hand), common)
            v = memo.get(key)
            if v is None:
                v = memo[key] = _projected(state, q, self, facts, rounds)
            out.append(v)
        return out

    def state_key(self, state: GameState, rounds: float) -> tuple:
        """Everything a seat's projection reads from the state besides the
        board's facts (`board_facts`) and the seat's points, pesos and number
        of cards of each kind: the parts below and expert's (expert.py) read
        no more.  A projection whose parts read more adds it here."""
        return (rounds, state.over, state.scorings_done, state.final_due, state.stack,
                len(state.animal_draw), len(state.animal_waiting))

    def value(self, state: GameState, seat: int) -> float:
        """See `project`."""
        every = self.seat_values(state)
        mine = every.pop(seat)
        return mine - (self.best_opponent * max(every)
                       + (1 - self.best_opponent) * sum(every) / len(every))

    def lead(self, state: GameState, seat: int) -> float:
        """See `lead`."""
        every = self.seat_values(state)
        mine = every.pop(seat)
        return mine - max(every)

    def rounds(self, state: GameState) -> float:
        """The rounds left to the end of the game, as the projection counts them."""
        return rounds_left(state, True)

    def counted(self, state: GameState, seat: int, rounds: float) -> tuple[float, float]:
        """The land and animal cards in hand that count, of each kind as many as
        the seat can play (two a round) in the rounds left, but no more than
        ``hand_rounds`` ahead.  A card for a play further off can be bought
        when it is due: counted now, it made every seat spend its pesos on land
        cards at three a turn, so no seat could buy the animal cards that end
        the game (R40), the measured pace fell and the rounds left (and so the
        cards that seemed playable) grew without end."""
        s = state.seats[seat]
        plays = 2.0 * min(rounds, self.hand_rounds) + 1.0
        return min(sum(s.land_hand), plays), min(sum(s.animal_hand), plays)

    def hand(self, state: GameState, seat: int, ahead: int, soon: float,
             rounds: float) -> float:
        """What the seat's cards in hand are worth: a share of the tile or token
        each becomes, per scoring to come, for the cards that count (`counted`)."""
        land, animal = self.counted(state, seat, rounds)
        return ahead * soon * (self.land_card * land + self.animal_card * animal)

    def as_dict(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def with_values(self, **values: float) -> Projection:
        return replace(self, **values)


HARD2 = Projection()

# Every projection's seat values by what they are computed from (`seat_values`):
# id(projection) -> (the projection, its values), so a value is never read for
# another projection that took a dead one's id.
_MEMOS: dict[int, tuple[Projection, dict[tuple, float]]] = {}
_MEMO_MOST = 50_000


def _memo(w: Projection) -> dict[tuple, float]:
    entry = _MEMOS.get(id(w))
    if entry is None or entry[0] is not w:
        if len(_MEMOS) >= 64:
            _MEMOS.clear()
        entry = _MEMOS[id(w)] = (w, {})
    elif len(entry[1]) >= _MEMO_MOST:
        entry[1].clear()
    return entry[1]


def _peso_worth(ahead: int, w: Projection) -> float:
    return 0.1 * ahead + w.peso_spend


class SeatFacts:
    """What the projection reads from the board for one seat (pieces, chips,
    haciendas and water only, never money or cards): every candidate
    evaluation of a search that leaves the board as it is (card purchases,
    blind draws' outcomes, the same pieces reached in another order) shares
    them."""

    __slots__ = ("_board", "chain_sizes", "connected", "frontier", "harvest", "points",
                 "reach", "seat")

    def __init__(self, state: GameState, seat: int, points: int):
        self.seat = seat
        self.points = points
        chains = state.chains(seat)
        self.chain_sizes = tuple(len(g) for g in chains if len(g) <= 2)
        chips = set(state.chips)
        least = 1 if "lone_harvest" in state.variants else CHAIN_MIN_HARVEST  # R39
        free = [len(g) for g in chains if len(g) >= least and chips.isdisjoint(g)]
        self.harvest = 0
        if free and (state.chips_left > 0 or any(state.owner[c] != seat for c in chips)):
            self.harvest = max(free)
        self.connected = set(connected_markets(state, seat))
        self.frontier = len(state.land_frontier(seat))
        # The steps to each market not reached yet (`market_reach`), fewest first, as
        # far as the board's markets lie apart (`BoardInfo.reach_depth`).
        depth = board_info(state.board).reach_depth
        self.reach = sorted(market_reach(state, seat, self.connected, depth).values())
        self._board = state.board


_FACTS: dict[tuple, list[SeatFacts]] = {}
_FACTS_MOST = 4096


def board_facts(state: GameState) -> list[SeatFacts]:
    """Every seat's `SeatFacts`, kept by the board's pieces (kind and owner
    of every hex, chips, haciendas, water tiles, variants): a pure function
    of that key (with the number of seats), so the cache can never answer
    for another board."""
    key = (id(state.board), state.players, state.variants, tuple(state.kind), tuple(state.owner),
           tuple(state.chips), tuple(state.haciendas), tuple(state.water_tiles))
    facts = _FACTS.get(key)
    if facts is None or facts[0]._board is not state.board:
        if len(_FACTS) >= _FACTS_MOST:
            _FACTS.clear()
        points = board_points(state)
        facts = [SeatFacts(state, q, points[q]) for q in range(state.players)]
        _FACTS[key] = facts
    return facts


def projected(state: GameState, seat: int, w: Projection, points: list[int] | None = None,
              rounds: float | None = None) -> float:
    """The seat's projected final points (see the module text); ``points``
    is ignored (the board's points come from `board_facts`)."""
    if rounds is None:
        rounds = w.rounds(state)
    return _projected(state, seat, w, board_facts(state), rounds)


def _projected(state: GameState, seat: int, w: Projection, every: list[SeatFacts],
               rounds: float) -> float:
    s = state.seats[seat]
    if state.over:
        return float(s.score) + s.money / 1000
    facts = every[seat]
    ahead = 2 - state.scorings_done
    value = s.score + ahead * facts.points
    soon = min(1.0, rounds / 3.0)            # can what is in hand still be used?
    spendable = min(s.money, w.spend_per_round * rounds)
    value += 0.1 * ahead * s.money + w.peso_spend * spendable
    if rounds > 1.0:
        # A seat without pesos cannot buy the animal cards that reach markets
        # (its income since lone tiles no longer harvest, R39) or end the game.
        value += w.reserve_worth * min(s.money, w.reserve)
    value += w.hand(state, seat, ahead, soon, rounds)
    if rounds > 1.0:
        grow = min(1.0, rounds / 4.0)
        for size in facts.chain_sizes:
            if size == 1:
                value += ahead * w.single_tile * grow
            else:
                value += 2 * ahead * w.pair_tile * grow
        if w.harvest and facts.harvest:
            value += (w.harvest * HARVEST_PER_TILE * facts.harvest
                      * _peso_worth(ahead, w) * min(1.0, rounds / 2.0))
        if w.market_reach and (sum(s.animal_hand) or rounds > 2.0):
            reach = facts.reach
            if reach:
                gain = 0.0
                n = len(facts.connected)
                for d in reach:
                    n += 1
                    gain += n * w.market_reach ** d
                value += ahead * gain * soon
        if w.frontier:
            value += w.frontier * min(facts.frontier, 12)
    return value


def project(state: GameState, seat: int, w: Projection = HARD2) -> float:
    """The position's value for ``seat``: its projection minus its opponents'
    (``best_opponent`` of the best one's, the rest of their average)."""
    return w.value(state, seat)


def lead(state: GameState, seat: int, w: Projection = HARD2) -> float:
    """How far ``seat``'s projection is ahead of the best opponent's."""
    return w.lead(state, seat)


__all__ = ["HARD2", "Projection", "SeatFacts", "board_facts", "lead", "project", "projected"]
