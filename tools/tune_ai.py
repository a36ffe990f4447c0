"""Tune hard's projection (hacienda_game/ai/projection.py) by self-play.

    python -m tools.tune_ai [--rounds 1] [--games 8] [--iterations 12] [--step 0.35]
        [--seed 1] [--params land_card,animal_card,...] [--time-limit SECONDS]

A coordinate search: for each knob in turn, the current weights play
``--games`` 2-player games against the same weights with that knob raised,
and as many with it lowered (paired deals, both seat orders, hard's search
at a reduced budget of ``--iterations``); a change is kept when it wins more
than 55% of its games.  Prints every trial (knob, value, wins of games) and
the weights it ends with, as a ``Projection(...)`` line to paste.

Small by design: games take a few seconds at the reduced budget, so a round
over ten knobs is some 160 games.  It is a search, not a proof: measure the
result with tools/tournament.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from hacienda_game.ai.base import Budget
from hacienda_game.ai.projection import HARD2, Projection
from hacienda_game.ai.strategies import HardSeat
from hacienda_game.engine import new_game, observe

MAX_TURNS = 600


def play(weights: list[Projection], seed: int, iterations: int) -> list[int]:
    """One 2-player game, seat i playing hard with ``weights[i]``: the winners."""
    state = new_game("symmetric", players=len(weights), seed=seed)
    seats = [HardSeat(w) for w in weights]
    rng = random.Random(seed ^ 0x5EED)
    budget = Budget(iterations=iterations)
    while not state.is_over() and state.turn < MAX_TURNS:
        seat = state.current
        state.apply(seats[seat].choose(observe(state, seat), random.Random(rng.randrange(1 << 30)),
                                       budget))
    return state.winners() if state.is_over() else []


def duel(challenger: Projection, champion: Projection, games: int, seed: int,
         iterations: int) -> float:
    """The challenger's wins (a shared win counts 1/2) over ``games`` games,
    half of them from each seat, deals paired."""
    wins = 0.0
    rng = random.Random(seed)
    deal = 0
    for g in range(games):
        if g % 2 == 0:
            deal = rng.randrange(1 << 30)
        order = [challenger, champion] if g % 2 == 0 else [champion, challenger]
        me = 0 if g % 2 == 0 else 1
        winners = play(order, deal, iterations)
        if me in winners:
            wins += 1 / len(winners)
    return wins


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--step", type=float, default=0.35)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--params", help="knobs to tune (default: all)")
    ap.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds")
    args = ap.parse_args(argv)
    best = HARD2
    names = args.params.split(",") if args.params else list(best.as_dict())
    start = time.perf_counter()
    trial = 0
    for r in range(args.rounds):
        for name in names:
            for sign in (+1, -1):
                if args.time_limit and time.perf_counter() - start > args.time_limit:
                    print("time limit reached")
                    print("result:", best)
                    return 0
                old = best.as_dict()[name]
                new = old * (1 + sign * args.step)
                if name == "best_opponent":
                    new = min(1.0, max(0.0, new))
                challenger = best.with_values(**{name: new})
                trial += 1
                wins = duel(challenger, best, args.games, args.seed * 1000 + trial,
                            args.iterations)
                kept = wins > 0.55 * args.games
                print(f"round {r + 1} {name:16} {old:7.3f} -> {new:7.3f}: {wins:4.1f} of"
                      f" {args.games} {'KEPT' if kept else ''}"
                      f"  ({time.perf_counter() - start:.0f} s)", flush=True)
                if kept:
                    best = challenger
                    break
    print("result:", best)
    return 0


if __name__ == "__main__":
    sys.exit(main())
