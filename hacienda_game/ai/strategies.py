"""The AI levels easy, medium and hard (random lives in base.py).

Every level sees only an `Observation`, deals the hidden cards at random
with ``determinize(obs, rng)`` and thinks on that guess, so its decision
depends on nothing but (observation, seed, budget).

- easy: looks one action ahead with a plain evaluation (points now, money,
  cards in hand) and sometimes takes the second or third best action.
- medium: plans the rest of its turn (up to 3 actions, R13) with a beam
  search and the full evaluation (markets within reach, chains, water,
  haciendas, harvests, cards, turns left, the best opponent).
- hard: information-set search over whole turns.  At the start of its turn
  it takes the best few complete turns of medium's planner as candidates;
  then, for several guesses of the hidden cards (other hands, deck order),
  plays each candidate turn out, lets every other seat play a turn (a
  medium-like model of them), plays its own next turn, and evaluates.  All
  candidates meet the same guesses; every second guess the weakest
  candidate is dropped.  The rest of its turn is planned like medium.

Budgets (`Budget`): ``iterations`` counts the positions easy and medium may
evaluate and the hidden-card guesses hard plays out; ``seconds`` caps
the wall clock.  With the default caps a quiet machine never reaches the
clock, so a decision depends only on (observation, seed, budget); when the
clock does cut a search short, the decision may differ from run to run.
"""

from __future__ import annotations

import random
import time

from ..engine import Action, GameState, Observation, determinize
from ..engine.actions import END
from .base import Budget
from .evaluate import EASY, MEDIUM, Weights, evaluate
from .moves import NARROW, WIDE, afterwards, candidates, first_action, plan_turn


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


class EasySeat:
    """One action ahead, plain evaluation, a little randomness."""

    level = "easy"
    default = Budget(seconds=0.5, iterations=40)
    slip = 0.35          # chance of taking the 2nd or 3rd best action instead

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        clock = Clock(budget, self.default)
        state = determinize(obs, rng)
        only = _only_choice(state)
        if only is not None:
            return only
        seat = state.current
        scored: list[tuple[float, int, Action]] = []
        for i, a in enumerate(candidates(state, NARROW)):
            if clock.spent() and scored:
                break
            after = state if a == END else afterwards(state, a)
            scored.append((evaluate(after, seat, EASY), -i, a))
            clock.tick()
        scored.sort(reverse=True)
        if len(scored) > 1 and rng.random() < self.slip:
            return scored[rng.randrange(1, min(3, len(scored)))][2]
        return scored[0][2]


class MediumSeat:
    """Greedy one-turn planning: the best rest-of-turn by the full evaluation."""

    level = "medium"
    default = Budget(seconds=1.0, iterations=400)
    width = 3

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        clock = Clock(budget, self.default)
        state = determinize(obs, rng)
        only = _only_choice(state)
        if only is not None:
            return only
        plans = plan_turn(state, MEDIUM, self.width, WIDE, stop=_counting(clock))
        return first_action(plans[0])


def _counting(clock: Clock):
    def stop() -> bool:
        clock.tick()
        return clock.spent()
    return stop


# The model of the other seats (and of this seat's later moves) in hard's playouts:
# the medium evaluation of their own position only, one-wide plans.
MODEL = Weights(opponents=0.0, reach_depth=2)


def play_turn(state: GameState, weights: Weights = MODEL) -> None:
    """The current seat plays a greedy turn (one-wide plan) and ends it."""
    plans = plan_turn(state, weights, width=1, breadth=NARROW)
    for a in plans[0].actions:
        state.apply(a)
    if not state.is_over():
        state.apply(END)


class HardSeat:
    """Information-set search over whole turns (see the module text)."""

    level = "hard"
    default = Budget(seconds=3.0, iterations=6)
    arms = 4             # candidate turns kept for the search

    def choose(self, obs: Observation, rng: random.Random,
               budget: Budget | None = None) -> Action:
        clock = Clock(budget, self.default)
        root = determinize(obs, rng)
        only = _only_choice(root)
        if only is not None:
            return only
        if root.actions_taken:
            # The turn was chosen by the search at its start; the rest of it is
            # planned again with what is now known (a card bought blind).
            return first_action(plan_turn(root, MEDIUM, MediumSeat.width, WIDE)[0])
        seat = root.current
        plans = plan_turn(root, MEDIUM, width=3, breadth=WIDE, keep=self.arms, by_first=False)
        if len(plans) == 1:
            return first_action(plans[0])
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        live = list(range(len(plans)))
        rounds = 0
        while rounds == 0 or not clock.spent():
            guess = determinize(obs, rng)
            seed = rng.randrange(1 << 30)
            for i in live:
                totals[i] += self._playout(guess, plans[i].actions, seat, seed)
                counts[i] += 1
            clock.tick()
            rounds += 1
            if len(live) > 2 and rounds % 2 == 0:
                live.sort(key=lambda i: (-totals[i] / counts[i], i))
                live = live[:len(live) - 1]
        best = min(live, key=lambda i: (-totals[i] / counts[i], i))
        return first_action(plans[best])

    @staticmethod
    def _playout(guess: GameState, turn: tuple[Action, ...], seat: int, seed: int) -> float:
        """Play the candidate turn on one guess of the hidden cards, then one
        turn of every other seat and this seat's next turn, and evaluate."""
        state = guess.clone()
        state.seed = seed          # later land reshuffles (R18) differ per guess
        for a in turn:
            if not state.is_legal(a):     # a card bought blind came out differently
                play_turn(state, MEDIUM)
                break
            state.apply(a)
        else:
            state.apply(END)
        for _ in range(state.players):
            if state.is_over():
                break
            play_turn(state, MODEL)
        return evaluate(state, seat, MEDIUM)


__all__ = ["Clock", "EasySeat", "HardSeat", "MediumSeat", "play_turn"]
