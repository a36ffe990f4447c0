"""The AI levels easy, medium and hard (random lives in base.py).

Every level sees only an `Observation`, deals the hidden cards at random
with ``determinize(obs, rng)`` and thinks on that guess, so its decision
depends on nothing but (observation, seed, budget).

- easy: looks one action ahead with a plain evaluation (points now, money,
  cards in hand) and sometimes takes the second or third best action.
- medium: plans the rest of its turn (up to 3 actions, R13) with a beam
  search and the full evaluation (markets within reach, chains, water,
  haciendas, harvests, cards, turns left, the best opponent).  It keeps
  itself able to act: of its plans it takes the best that does not leave it
  stranded (`stranded`: fewer pesos than a blind card, no card in hand it
  can play, nothing to harvest), unless every plan does or the game is ending.
- hard: expectimax over the information set of its turn.  Every candidate
  action is evaluated; the most promising are searched a step deeper, and
  so on to the end of the turn; a card bought blind is a chance node over
  every card the seat cannot see (other hands, deck, waiting and removed
  animals), weighted by how many of each are unseen, so it never relies on
  the one guess ``determinize`` dealt.  Its evaluation also measures how
  fast this game's animal piles run out (the game's clock, R40).

No stalling: when every seat has only ended its turn for the last two rounds
(public: the history) and a level would end again without acting although it
could act, it takes its best action by the evaluation instead.  Otherwise a
table of seats that prefer keeping their cards to playing them, with nobody
able to buy, would pass for ever and the game would never end (R40 needs the
animal piles to run out).

Budgets (`Budget`): ``iterations`` counts the positions easy evaluates, the
positions medium expands and the positions hard searches a step deeper; ``seconds`` caps
the wall clock.  With the default caps a quiet machine never reaches the
clock, so a decision depends only on (observation, seed, budget); when the
clock does cut a search short, the decision may differ from run to run.
"""

from __future__ import annotations

import random
import time

from ..engine import END, PRICE_BLIND, Action, GameState, Observation, determinize
from .base import Budget, collector_paused
from .evaluate import EASY, HARD, MEDIUM, evaluate, rounds_left
from .moves import (
    HARD_WIDE,
    NARROW,
    WIDE,
    afterwards,
    candidates,
    expectimax_ranked,
    expectimax_turn,
    first_action,
    plan_turn,
    value,
)
from .projection import HARD2, Projection, lead


class Clock:
    """An iteration count and a wall-clock cap; ``spent()`` once either runs out."""

    def __init__(self, budget: Budget | None, default: Budget):
        budget = budget or default
        self.iterations = budget.iterations
        if self.iterations is None and budget.seconds is None:
            self.iterations = default.iterations
        seconds = budget.seconds
        if seconds is None:
            seconds = default.seconds
        self.deadline = time.perf_counter() + seconds if seconds is not None else None
        self.used = 0

    def tick(self, n: int = 1) -> None:
        self.used += n

    def spent(self) -> bool:
        if self.iterations is not None and self.used >= self.iterations:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


def _only_choice(state: GameState) -> Action | None:
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None


STALL_ROUNDS = 2


def stalled(state: GameState) -> bool:
    """The seat to move has not acted this turn, and every turn of the last
    ``STALL_ROUNDS`` rounds was ended without an action (the table passes)."""
    n = STALL_ROUNDS * state.players
    done = state.history_text()
    return state.actions_taken == 0 and len(done) >= n and all(a == "end" for a in done[-n:])


def best_single_action(state: GameState) -> Action:
    """The action (not ``end``) whose outcome the evaluation rates best; ``end``
    only if no other action is legal."""
    seat = state.current
    scored = [(evaluate(afterwards(state, a), seat, MEDIUM), -i, a)
              for i, a in enumerate(candidates(state, NARROW)) if a != END]
    if not scored:
        scored = [(0.0, -i, a) for i, a in enumerate(state.legal_actions()) if a != END]
    return max(scored)[2] if scored else END


class _ThinkingSeat:
    """What the levels share: deal the hidden cards from the seat's view,
    answer at once when only one action is legal, else think in budget."""

    default: Budget

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        with collector_paused():
            state = determinize(obs, rng)
            only = _only_choice(state)
            if only is not None:
                return only
            action = self.think(state, rng, Clock(budget, self.default))
            if action == END and stalled(state):
                return best_single_action(state)
            return action

    def think(self, state: GameState, rng: random.Random, clock: Clock) -> Action:
        raise NotImplementedError


class EasySeat(_ThinkingSeat):
    """One action ahead, plain evaluation, a little randomness."""

    level = "easy"
    default = Budget(seconds=2.0, iterations=40)
    slip = 0.35          # chance of taking the 2nd or 3rd best action instead

    def think(self, state: GameState, rng: random.Random, clock: Clock) -> Action:
        seat = state.current
        rounds = rounds_left(state, EASY.measured_pace)
        scored: list[tuple[float, int, Action]] = []
        for i, a in enumerate(candidates(state, NARROW)):
            if clock.spent() and scored:
                break
            after = state if a == END else afterwards(state, a)
            scored.append((evaluate(after, seat, EASY, rounds), -i, a))
            clock.tick()
        scored.sort(reverse=True)
        if len(scored) > 1 and rng.random() < self.slip:
            return scored[rng.randrange(1, min(3, len(scored)))][2]
        return scored[0][2]


def stranded(state: GameState, seat: int) -> bool:
    """Were it the seat's turn now, it could only end it (R16: fewer pesos than
    a blind card, R18; no card in hand it can play; no chain to harvest,
    R36-R39): then only a market's pay brings pesos back, and with no card to
    play none comes."""
    if state.seats[seat].money >= PRICE_BLIND:
        return False
    turn = state.clone()
    turn.current = seat
    turn.actions_taken = 0
    turn.harvested = turn.bought_hacienda = turn.bought_water = False
    return all(kind == "end" for kind in turn.legal_kinds())


class MediumSeat(_ThinkingSeat):
    """Greedy one-turn planning: the best rest-of-turn by the full evaluation
    that keeps the seat able to act next turn (`stranded`)."""

    level = "medium"
    default = Budget(seconds=5.0, iterations=400)
    width = 3
    plans_kept = 40      # plans looked through for one that does not strand the seat

    def think(self, state: GameState, rng: random.Random, clock: Clock) -> Action:
        plans = plan_turn(state, MEDIUM, self.width, WIDE, stop=_counting(clock),
                          keep=self.plans_kept, by_first=False)
        seat = state.current
        # The evaluation prices a card in hand above the pesos it costs, so a
        # plan that spends the last pesos on cards played at once looks best,
        # and leaves a seat that can only end its turns (0 pesos, no cards).
        if not state.final_due and not stranded(state, seat):
            able = [p for p in plans if not stranded(p.state, seat)]
            if able:
                return first_action(able[0])
        return first_action(plans[0])


def _counting(clock: Clock):
    def stop() -> bool:
        clock.tick()
        return clock.spent()
    return stop


class HardV1Seat(_ThinkingSeat):
    """Today's hard as it was before the projection (frozen for measurements,
    not offered in the game's setup): expectimax over the rest of its turn."""

    level = "hard-v1"
    default = Budget(seconds=10.0, iterations=60)
    widths = (6, 2)

    def think(self, state: GameState, rng: random.Random, clock: Clock) -> Action:
        action, _ = expectimax_turn(state, HARD, self.widths, WIDE, stop=_counting(clock))
        return action


def grown_widths(iterations: int | None) -> tuple[int, int]:
    """Search widths that grow with the budget: (first step, second step)."""
    n = 60 if iterations is None else iterations
    return (max(2, min(16, 2 + n // 10)), max(1, min(5, n // 30)))


class HardSeat(_ThinkingSeat):
    """Expectimax over the rest of its turn on the projection (projection.py):
    every candidate looked at, the most promising searched deeper, widths
    growing with the budget, blind buys averaged over the unseen cards; then,
    on the first action of a turn, its best 3 re-checked on a fresh deal of
    the hidden cards with a greedy reply turn by every opponent (`recheck`)."""

    level = "hard"
    default = Budget(seconds=10.0, iterations=70)
    first = 3             # first actions re-checked

    def __init__(self, weights: Projection = HARD2):
        self.weights = weights

    @staticmethod
    def worlds(iterations: int | None, first_of_turn: bool) -> int:
        """Determinizations per re-check: one a turn at the default budget,
        more with a larger one."""
        n = max(0, min(4, (70 if iterations is None else iterations) // 70))
        return n if first_of_turn else 0

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        self.obs = obs
        return super().choose(obs, rng, budget)

    breadth = HARD_WIDE

    def ranked(self, state: GameState, clock: Clock) -> list[tuple[float, Action]]:
        return expectimax_ranked(state, self.weights, grown_widths(clock.iterations),
                                 self.breadth, stop=_counting(clock))

    def think(self, state: GameState, rng: random.Random, clock: Clock) -> Action:
        ranked = self.ranked(state, clock)
        closing = close_out(state, ranked, self.weights)
        if closing is not None:
            return closing
        options = [a for _, a in ranked[:self.first]]
        worlds = self.worlds(clock.iterations, state.actions_taken == 0)
        return recheck(state, self.obs, options, worlds, rng, clock, self.weights)


CLOSE_LEAD = 15.0    # projected points ahead of every opponent that make ending safe
STALE_ROUNDS = 2     # rounds without an animal card bought: the leader moves the clock on
STUCK_ROUNDS = 4     # ... and after this many, any seat does (the game has to end, R40)


def rounds_without_animal_buy(state: GameState) -> float:
    """Rounds since the last animal card was bought (public: the history)."""
    ends = 0
    for a in reversed(state.history_text()):
        if a.startswith("buy animal"):
            break
        if a == "end":
            ends += 1
    return ends / state.players


def close_out(state: GameState, ranked: list[tuple[float, Action]],
              weights: Projection) -> Action | None:
    """An animal card purchase that brings the end nearer (R40), the best such
    by ``ranked``, when the second animal pile is in play and
    - it uses up the last pile (the round is finished, then the final
      scoring) and the seat leads every opponent by ``CLOSE_LEAD`` projected
      points whatever card comes up, or
    - nobody has bought an animal card for ``STALE_ROUNDS`` rounds and the
      seat leads by as much after the purchase, or
    - nobody has for ``STUCK_ROUNDS`` rounds, whoever leads;
    else None.

    A lead that grows by a harvest a round makes playing on look better than
    ending to a search that counts points: two seats, one ahead and one
    behind, would harvest for ever (the 2,000-turn games of commit 6e12310's tables).  A seat
    that has won ends the game, and a table that only harvests is moved on."""
    if state.stack != 2 or state.final_due or state.over:
        return None
    buys = [a for _, a in ranked if a.kind == "buy animal"]
    if not buys:
        return None
    stale = rounds_without_animal_buy(state)
    if stale >= STUCK_ROUNDS:
        return buys[0]
    seat = state.current
    for a in buys:
        outs = state.chance_outcomes(a, 64)
        if not outs:
            continue
        ending = stale >= STALE_ROUNDS or all(child.final_due for _, child in outs)
        if ending and min(lead(child, seat, weights) for _, child in outs) >= CLOSE_LEAD:
            return a
    return None


def recheck(state: GameState, obs: Observation, options: list[Action], worlds: int,
            rng: random.Random, clock: Clock, weights: Projection) -> Action:
    """The best of ``options`` (ranked best first) over ``worlds`` fresh
    determinizations of ``obs``: after each, the rest of the seat's turn is
    played greedily and every opponent plays one greedy reply turn; the
    projection then values the position.  Ties keep the ranking."""
    if len(options) == 1 or worlds <= 0:
        return options[0]
    seat = state.current
    totals = dict.fromkeys(options, 0.0)
    for _ in range(worlds):
        if clock.deadline is not None and time.perf_counter() >= clock.deadline:
            break
        world = determinize(obs, rng)
        for a in options:
            sim = afterwards(world, a)
            if a != END:
                _greedy_turn(sim, seat, weights)
            for _ in range(sim.players - 1):
                if sim.is_over():
                    break
                _greedy_turn(sim, sim.current, weights)
            totals[a] += value(sim, seat, weights)
    return max(options, key=lambda a: (totals[a], -options.index(a)))


def _greedy_turn(state: GameState, seat: int, weights) -> None:
    """Play ``seat``'s turn (it is to move) one best action at a time by the
    evaluation, then end it: the cheap model of a turn used in play-outs."""
    while not state.is_over() and state.current == seat and state.actions_left > 0:
        here = value(state, seat, weights)
        best, choice = here, None
        for a in candidates(state, NARROW):
            if a == END:
                continue
            v = value(afterwards(state, a), seat, weights)
            if v > best:
                best, choice = v, a
        if choice is None:
            break
        state.apply(choice)
    if not state.is_over() and state.current == seat:
        state.apply(END)


__all__ = ["Clock", "EasySeat", "HardSeat", "HardV1Seat", "MediumSeat",
           "grown_widths"]
