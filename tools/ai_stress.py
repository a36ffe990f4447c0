"""Many AI games on every built-in map: no illegal action, every game ends.

    python tools/ai_stress.py [--games 1000] [--levels random,easy] [--seed 1]
        [--check-candidates N] [--map NAME] [--iterations N]

Plays ``--games`` games per level on each map (2-5 players in turn; the
level in every seat but one, which is random, so positions vary), applying
every action through the engine's checks.  With ``--check-candidates N`` it
also checks, at every N-th position of every game, that the actions the levels
choose from (``candidates``: the only actions easy, medium and hard ever
return, besides a lone legal action) are all legal: that covers medium and
hard in thousands of positions without paying for their search.
Exit code 1 on any illegal action, unfinished game or illegal candidate.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from hacienda_game.ai import Budget, choose_action, levels  # noqa: E402
from hacienda_game.ai.moves import NARROW, WIDE, candidates  # noqa: E402
from hacienda_game.engine import IllegalAction, new_game, observe  # noqa: E402
from hacienda_game.maps.catalog import builtin_maps  # noqa: E402

MAX_TURNS = 2000


def run(level: str, map_name: str, players: int, seed: int, check: int,
        budget: Budget | None) -> tuple[int, int, str | None]:
    """One game: (actions, positions checked, error or None)."""
    state = new_game(map_name, players=players, seed=seed)
    rng = random.Random(seed)
    seats = [level] * (players - 1) + ["random"]
    rng.shuffle(seats)
    actions = checked = 0
    while not state.is_over():
        if state.turn > MAX_TURNS:
            return actions, checked, f"still running after {MAX_TURNS} turns"
        if check and actions % check == 0:
            legal = set(state.legal_actions())
            for breadth in (WIDE, NARROW):
                bad = [a for a in candidates(state, breadth) if a not in legal]
                if bad:
                    return actions, checked, f"illegal candidate {bad[0]}"
            checked += 1
        seat_level = seats[state.current]
        action = choose_action(seat_level, observe(state, state.current),
                               rng.randrange(1 << 31), budget if seat_level == level else None)
        try:
            state.apply(action)
        except IllegalAction as e:
            return actions, checked, f"illegal action by {seat_level}: {e}"
        actions += 1
    return actions, checked, None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per level and map")
    ap.add_argument("--levels", default="random,easy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--map", help="one map (default: every built-in map)")
    ap.add_argument("--check-candidates", type=int, default=0, metavar="N",
                    help="check the candidates at every N-th position (0: never)")
    ap.add_argument("--iterations", type=int, help="iteration budget for the level's seats")
    args = ap.parse_args(argv)
    chosen = [s.strip() for s in args.levels.split(",") if s.strip()]
    for level in chosen:
        if level not in levels(frozen=True):
            ap.error(f"unknown level {level!r}; choose from {', '.join(levels())}")
    maps = [args.map] if args.map else builtin_maps()
    budget = Budget(iterations=args.iterations) if args.iterations else None
    failures = 0
    for level in chosen:
        for map_name in maps:
            start = time.perf_counter()
            actions = checked = bad = 0
            for g in range(args.games):
                players = 2 + g % 4
                seed = args.seed * 100_003 + g
                n, c, error = run(level, map_name, players, seed, args.check_candidates, budget)
                actions += n
                checked += c
                if (g + 1) % 100 == 0:
                    print(f"  {level} on {map_name}: {g + 1} games", file=sys.stderr, flush=True)
                if error:
                    bad += 1
                    print(f"FAIL {level} on {map_name}, game {g} ({players} players,"
                          f" seed {seed}): {error}")
            failures += bad
            print(f"{level:<7} {map_name:<12} {args.games} games, {args.games - bad} finished"
                  f" without an illegal action; {actions} actions; candidates checked at"
                  f" {checked} positions ({time.perf_counter() - start:.0f} s)", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
