"""CPU time per turn of an AI level on fixed positions, for before/after comparisons.

    python -m tools.ai_cpu [--levels hard,expert] [--maps symmetric,asymmetric]
        [--players 2,4] [--games 1] [--every 5] [--seed 1] [--json FILE]
        [--profile N]

Positions: ``--games`` seeded games per (map, players) are played by medium
seats (cheap, reproducible); at the start of every ``--every``-th turn the
position is kept.  From each kept position the level plays the whole turn of
the seat to move (every decision until its turn ends, on the seat's
observation, the seed from the position), and the CPU time of those
decisions (``time.process_time()``, so other processes' load does not count)
is one sample.  Two checkouts run on the same positions give a side-by-side
comparison.  Printed: median and 90th percentile per level, map and players.
``--profile N`` prints cProfile's top functions over the N slowest turns.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import sys
import time

from hacienda_game.ai import choose_action, decision_seed
from hacienda_game.engine import GameState, new_game, observe

MAX_TURNS = 400


def positions(map_name: str, players: int, seed: int, every: int) -> list[GameState]:
    """Turn-start positions of a game of medium seats, every ``every``-th turn."""
    state = new_game(map_name, players=players, seed=seed)
    out: list[GameState] = []
    last = -1
    while not state.is_over() and state.turn <= MAX_TURNS:
        if state.actions_taken == 0 and state.turn != last:
            last = state.turn
            if state.turn % every == 0:
                out.append(state.clone())
        seat = state.current
        state.apply(choose_action("medium", observe(state, seat),
                                  decision_seed(seed, seat, len(state.history_text()))))
    return out


def play_turn(level: str, start: GameState, seed: int,
              profiler: cProfile.Profile | None = None) -> float:
    """CPU seconds the level spends on the whole turn of the seat to move."""
    state = start.clone()
    seat = state.current
    cpu = 0.0
    while not state.is_over() and state.current == seat:
        obs = observe(state, seat)
        ds = decision_seed(seed, seat, len(state.history_text()))
        if profiler is not None:
            profiler.enable()
        t = time.process_time()
        action = choose_action(level, obs, ds)
        cpu += time.process_time() - t
        if profiler is not None:
            profiler.disable()
        state.apply(action)
    return cpu


def p90(xs: list[float]) -> float:
    s = sorted(xs)
    return s[int(0.9 * (len(s) - 1))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="hard,expert")
    ap.add_argument("--maps", default="symmetric,asymmetric")
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write every sample to this file")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="profile the N slowest turns of each level (played again)")
    args = ap.parse_args(argv)
    levels = [x for x in args.levels.split(",") if x]
    out: dict[str, list[float]] = {}
    slow: dict[str, list[tuple[float, GameState, int]]] = {lv: [] for lv in levels}
    for map_name in args.maps.split(","):
        for players in (int(p) for p in args.players.split(",")):
            starts: list[tuple[GameState, int]] = []
            for g in range(args.games):
                seed = args.seed * 1000 + 10 * players + g
                starts += [(p, seed) for p in positions(map_name, players, seed, args.every)]
            for level in levels:
                key = f"{level} {map_name} {players}p"
                ts = []
                for p, seed in starts:
                    t = play_turn(level, p, seed)
                    ts.append(t)
                    slow[level].append((t, p, seed))
                out[key] = ts
                print(f"{key:<26} {len(ts):3d} turns  median {1000 * statistics.median(ts):6.0f} ms"
                      f"  p90 {1000 * p90(ts):6.0f} ms", flush=True)
    for level in levels:
        every = [t for k, ts in out.items() if k.startswith(level + " ") for t in ts]
        print(f"{level + ' (all)':<26} {len(every):3d} turns  median "
              f"{1000 * statistics.median(every):6.0f} ms  p90 {1000 * p90(every):6.0f} ms")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f)
    for level in levels if args.profile else []:
        prof = cProfile.Profile()
        for _, p, seed in sorted(slow[level], key=lambda t: -t[0])[:args.profile]:
            play_turn(level, p, seed, prof)
        print(f"--- {level}: the {args.profile} slowest turns, by own time")
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(18)
        pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
