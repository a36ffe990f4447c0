"""Tune hard's projection (hacienda_game/ai/projection.py) by self-play.

    python -m tools.tune_ai [--rounds 1] [--games 8] [--iterations 12] [--step 0.35]
        [--seed 1] [--params land_card,animal_card,...] [--time-limit SECONDS]
        [--maps symmetric,asymmetric,...] [--held-out everest,fjords,...]

A coordinate search: for each knob in turn, the current weights play
``--games`` 2-player games against the same weights with that knob raised,
and as many with it lowered (paired deals, both seat orders, hard's search
at a reduced budget of ``--iterations``); a change is kept when it wins more
than 55% of its games.  Prints every trial (knob, value, wins of games) and
the weights it ends with, as a ``Projection(...)`` line to paste.

The games are spread over the tuning set ``--maps`` (default: symmetric):
game pair k of a trial is played on map k mod the set's size, so every trial
sees each map as often.  ``--held-out`` names maps kept out of tuning, on
which the result is judged afterwards (tools/strength_report.py,
tools/tournament.py); the tool refuses a tuning set that includes one, and
prints the split before the first trial.

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


def play(weights: list[Projection], seed: int, iterations: int,
         map_: str = "symmetric") -> list[int]:
    """One 2-player game on ``map_``, seat i playing hard with ``weights[i]``: the winners."""
    state = new_game(map_, players=len(weights), seed=seed)
    seats = [HardSeat(w) for w in weights]
    rng = random.Random(seed ^ 0x5EED)
    budget = Budget(iterations=iterations)
    while not state.is_over() and state.turn < MAX_TURNS:
        seat = state.current
        state.apply(seats[seat].choose(observe(state, seat), random.Random(rng.randrange(1 << 30)),
                                       budget))
    return state.winners() if state.is_over() else []


def game_maps(maps: list[str], games: int) -> list[str]:
    """The map of each of a trial's ``games`` games: a deal's two games (one
    from each seat) share a map, and the deals go round the tuning set."""
    return [maps[(g // 2) % len(maps)] for g in range(games)]


def split(maps: list[str], held_out: list[str]) -> list[str]:
    """The problems with a tuning set ``maps`` and held-out set ``held_out``
    (empty when the split is sound)."""
    problems = []
    if not maps:
        problems.append("the tuning set (--maps) is empty")
    both = [m for m in maps if m in held_out]
    if both:
        problems.append("the tuning set includes held-out maps: " + ", ".join(both))
    twice = sorted({m for m in maps if maps.count(m) > 1})
    if twice:
        problems.append("a map named twice in the tuning set: " + ", ".join(twice))
    return problems


def duel(challenger: Projection, champion: Projection, games: int, seed: int,
         iterations: int, maps: list[str] | None = None) -> float:
    """The challenger's wins (a shared win counts 1/2) over ``games`` games,
    half of them from each seat, deals paired, deals spread over ``maps``."""
    wins = 0.0
    rng = random.Random(seed)
    deal = 0
    where = game_maps(maps or ["symmetric"], games)
    for g in range(games):
        if g % 2 == 0:
            deal = rng.randrange(1 << 30)
        order = [challenger, champion] if g % 2 == 0 else [champion, challenger]
        me = 0 if g % 2 == 0 else 1
        winners = play(order, deal, iterations, where[g])
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
    ap.add_argument("--maps", default="symmetric",
                    help="the tuning set: comma-separated maps the games are spread over")
    ap.add_argument("--held-out", default="",
                    help="comma-separated maps held out of tuning (judged on afterwards)")
    args = ap.parse_args(argv)
    maps = [m.strip() for m in args.maps.split(",") if m.strip()]
    held_out = [m.strip() for m in args.held_out.split(",") if m.strip()]
    problems = split(maps, held_out)
    if problems:
        for p in problems:
            print("tune_ai:", p, file=sys.stderr)
        return 2
    print("tuning on:", ", ".join(maps))
    print("held out:", ", ".join(held_out) if held_out else "(none)")
    print("games per trial by map:",
          ", ".join(f"{m} {game_maps(maps, args.games).count(m)}" for m in maps), flush=True)
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
                            args.iterations, maps)
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
