"""Paired games: expert with wider candidates against expert, same deals, seats swapped.

    python -m tools.ai_paired [--pairs 4] [--map symmetric] [--seed 1] [--players 2]

Game pair k is played twice on the same deal (game seed) and the same AI seeds:
once with the variant in seat 0 and expert in seat 1, once swapped (with more
players the other seats are expert too).  The variant is expert with
``EXPERT_WIDE``'s candidates (also the water placements that score most),
built here for the measurement only.  Printed: the variant's wins (a shared
win counts 1/k), score margin, and the Wilson 95% interval of its win rate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from hacienda_game.ai import decision_seed
from hacienda_game.ai.expert import ExpertSeat
from hacienda_game.ai.moves import EXPERT_WIDE
from hacienda_game.engine import new_game, observe

try:
    from tools.tournament import wilson
except ImportError:                      # run as a script
    from tournament import wilson

MAX_TURNS = 1000


class WideExpert(ExpertSeat):
    level = "expert-wide"
    breadth = EXPERT_WIDE


def play(map_name: str, players: int, game_seed: int, ai_seed: int, new_seat: int) -> tuple:
    state = new_game(map_name, players=players, seed=game_seed)
    seats = [ExpertSeat() for _ in range(players)]
    seats[new_seat] = WideExpert()
    while not state.is_over() and state.turn <= MAX_TURNS:
        q = state.current
        seed = decision_seed(ai_seed, q, len(state.history_text()))
        state.apply(seats[q].choose(observe(state, q), random.Random(seed)))
    if not state.is_over():
        raise SystemExit(f"game {game_seed} still running after {MAX_TURNS} turns")
    winners = state.winners()
    win = 1 / len(winners) if new_seat in winners else 0.0
    best_other = max(s.score for i, s in enumerate(state.seats) if i != new_seat)
    return win, state.seats[new_seat].score - best_other


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=4)
    ap.add_argument("--map", default="symmetric")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    wins, margins = 0.0, []
    for k in range(args.pairs):
        game_seed = args.seed * 10_000 + k
        for new_seat in (0, 1):
            win, margin = play(args.map, args.players, game_seed, game_seed + 7_777, new_seat)
            wins += win
            margins.append(margin)
            print(f"pair {k} game seed {game_seed} wider expert in seat {new_seat}: "
                  f"{'won' if win else 'lost'} by {margin:+d}", flush=True)
    n = len(margins)
    lo, hi = wilson(wins, n)
    print(f"{args.map} {args.players}p: wider expert won {wins:g} of {n} "
          f"({100 * wins / n:.0f}%, Wilson 95% [{100 * lo:.0f}, {100 * hi:.0f}]),"
          f" mean margin over the best other seat {statistics.mean(margins):+.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
