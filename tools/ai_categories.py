"""Where each level's points come from, and a projection variant against the default.

    python -m tools.ai_categories --seats hard,medium,medium,medium --games 24 --seed 600
        [--weights '{"market_reach": 0.2, "first": 4, "worlds": 3, "iterations": 140}']
        [--jobs 2] [--progress games.jsonl]

Plays ``--games`` games on the symmetric board, the seats rotated by one place
a game (game i has game seed ``seed + i``).  The level ``hardX`` is hard with
its projection's knobs changed by ``--weights`` (ai/projection.py; ``first``
and ``worlds`` set its re-check: options, worlds on a turn's first action;
``iterations`` its budget), so a knob can be tried against medium seats before
it is made the default; ``expertX`` is expert with the same changes.  With
hardX or expertX seated beside hard (say ``hardX,hard,medium,medium``), the
two are compared within each game too: the mean of (its score - hard's) with
its standard error, and how often it finished above hard.  Prints per
level: the score margin over the best other seat and the win rate (a shared win
counts 1/k), then the points of each scoring category summed over both
scorings, market and harvest pesos, pesos left at the end, and the actions it
took (blind card buys apart, and actions left unused when it ended a turn).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from hacienda_game.ai import Budget, choose_action, decision_seed
from hacienda_game.ai.expert import EXPERT, ExpertProjection, ExpertSeat
from hacienda_game.ai.strategies import HardSeat
from hacienda_game.engine import new_game, observe

CATEGORIES = ("markets", "chains", "haciendas", "water", "money")


# HardSeat's re-check: options re-checked, worlds on a turn's first action; its budget.
SEARCH_KNOBS = ("first", "worlds", "iterations")
VARIANTS = {"hardX": HardSeat, "expertX": ExpertSeat}


def variant(weights: dict, level: str = "hardX") -> HardSeat:
    """hardX (expertX): hard (expert) with projection knobs and re-check knobs
    from ``weights``."""
    knobs = {k: v for k, v in weights.items() if k not in SEARCH_KNOBS}
    base = ExpertProjection() if level == "hardX" else EXPERT
    seat = VARIANTS[level](base.with_values(**knobs))
    if "first" in weights:
        seat.first = int(weights["first"])
    if "worlds" in weights:
        n = int(weights["worlds"])
        seat.worlds = lambda iterations, first_of_turn: n if first_of_turn else 0
    return seat


def decide(level: str, weights: dict, obs, seed: int):
    if level in VARIANTS:
        budget = (Budget(iterations=int(weights["iterations"]), seconds=600.0)
                  if "iterations" in weights else None)
        return variant(weights, level).choose(obs, random.Random(seed), budget)
    return choose_action(level, obs, seed)


def game(task: tuple) -> list[dict]:
    index, seats, seed, weights = task
    k = index % len(seats)
    table = seats[k:] + seats[:k]
    state = new_game("symmetric", players=len(table), seed=seed + index)
    stats = [defaultdict(float) for _ in table]
    ai_seed = 1000 + index
    while not state.is_over():
        seat = state.current
        action = decide(table[seat], weights, observe(state, seat),
                        decision_seed(ai_seed, seat, len(state.history)))
        if action.kind == "end":
            stats[seat]["actions left unused"] += state.actions_left
        blind = action.kind in ("buy land", "buy animal") and not action.card
        stats[seat][action.kind + (" (blind)" if blind else "")] += 1
        for e in state.apply(action):
            if e.kind == "harvest":
                stats[e.seat]["harvest pesos"] += e.data["amount"]
            elif e.kind == "market_paid":
                stats[e.seat]["market pesos"] += e.data["amount"]
            elif e.kind == "scoring":
                for i, row in enumerate(e.data["table"]):
                    for c in CATEGORIES:
                        stats[i][f"points: {c}"] += row.get(c, 0)
    winners = state.winners()
    out = []
    for i, level in enumerate(table):
        row = dict(stats[i])
        row.update(level=level, score=state.seats[i].score, money_end=state.seats[i].money,
                   win=1 / len(winners) if i in winners else 0.0,
                   margin=state.seats[i].score - max(s.score for j, s in enumerate(state.seats)
                                                     if j != i))
        out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", required=True, help="levels, one per seat (hardX: hard + --weights)")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--seed", type=int, default=600)
    ap.add_argument("--weights", default="{}", help="JSON: projection knobs for hardX")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--progress", type=argparse.FileType("w"),
                    help="write each game's rows to this file as a JSON line when it ends")
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    weights = json.loads(args.weights)
    variant(weights)                                   # unknown knobs fail here, at once
    tasks = [(i, seats, args.seed, weights) for i in range(args.games)]
    games = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for g in pool.map(game, tasks):
            games.append(g)
            if args.progress:
                args.progress.write(json.dumps(g) + "\n")
                args.progress.flush()
    rows = [r for g in games for r in g]
    by: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by[r["level"]].append(r)
    for level, rs in by.items():
        keys = sorted({k for r in rs for k in r} - {"level", "win", "margin"})
        print(f"{level}: {len(rs)} seat-games, margin over the best other seat "
              f"{statistics.mean(r['margin'] for r in rs):+.1f}, "
              f"win rate {sum(r['win'] for r in rs) / len(rs):.1%}")
        for k in keys:
            print(f"  {k}: {sum(r.get(k, 0) for r in rs) / len(rs):.1f}")
    for level in VARIANTS:
        if level in seats and "hard" in seats:
            print(against_hard(games, level))
    return 0


def against_hard(games: list[list[dict]], level: str) -> str:
    """The variant against hard within each game: mean score difference (its
    seats' average - hard's seats' average) with its standard error, and the
    share of (variant seat, hard seat) pairs where the variant finished above."""
    diffs, above, pairs = [], 0.0, 0
    for g in games:
        mine = [r["score"] for r in g if r["level"] == level]
        hard = [r["score"] for r in g if r["level"] == "hard"]
        diffs.append(statistics.mean(mine) - statistics.mean(hard))
        for a in mine:
            for b in hard:
                pairs += 1
                above += 1.0 if a > b else 0.5 if a == b else 0.0
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return (f"{level} - hard within each game: {statistics.mean(diffs):+.1f} points"
            f" (standard error {se:.1f}, {len(diffs)} games); above hard in"
            f" {above / pairs:.1%} of {pairs} pairs")


if __name__ == "__main__":
    raise SystemExit(main())
