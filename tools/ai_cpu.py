"""CPU time per turn of an AI level on fixed positions, for before/after comparisons.

    python -m tools.ai_cpu [--levels hard,expert] [--maps symmetric,asymmetric]
        [--players 2,4] [--games 1] [--every 5] [--seed 1] [--from medium]
        [--positions FILE] [--against CHECKOUT] [--json FILE] [--profile N]

Positions: ``--games`` seeded games per (map, players) are played by seats of
the ``--from`` level (medium: cheap; hard: the positions strong seats reach,
which cost a search more); at the start of every ``--every``-th turn the
position is kept, so the positions run from the first turns to the last.
``--positions FILE`` keeps them (map, seats, game seed and the actions so
far) in FILE and reads them from there when it exists, so a slow
``--from hard`` is played once.  From each kept position the level plays the
whole turn of the seat to move (every decision until its turn ends, on the
seat's observation, the seed from the position), and the CPU time of those
decisions (``time.process_time()``, so other processes' load does not count)
is one sample.  Printed: median and 90th percentile per level, map and
players, and the load average before and after.

``--against CHECKOUT`` compares two checkouts side by side in one run: two
worker processes, one importing CHECKOUT's game and one this checkout's,
each play every position's turn in turn (alternating which goes first, one at
a time), and the table shows both, the median per-position ratio, and how
many turns chose the same actions in both.  CHECKOUT is a folder holding a
``hacienda_game`` package (a ``git worktree`` or ``git archive`` of a commit).
``--profile N`` prints cProfile's top functions over the N slowest turns.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hacienda_game.ai import choose_action, decision_seed
from hacienda_game.engine import GameState, new_game, observe

MAX_TURNS = 400
HERE = Path(__file__).resolve().parent.parent


def positions(map_name: str, players: int, seed: int, every: int,
              level: str = "medium") -> list[GameState]:
    """Turn-start positions of a game of ``level`` seats, every ``every``-th turn."""
    state = new_game(map_name, players=players, seed=seed)
    out: list[GameState] = []
    last = -1
    while not state.is_over() and state.turn <= MAX_TURNS:
        if state.actions_taken == 0 and state.turn != last:
            last = state.turn
            if state.turn % every == 0:
                out.append(state.clone())
        seat = state.current
        state.apply(choose_action(level, observe(state, seat),
                                  decision_seed(seed, seat, len(state.history_text()))))
    return out


def record(map_name: str, players: int, seed: int, state: GameState) -> dict:
    """A position as text both checkouts can replay."""
    return {"map": map_name, "players": players, "seed": seed,
            "history": list(state.history_text())}


def replayed(pos: dict) -> GameState:
    state = new_game(pos["map"], players=pos["players"], seed=pos["seed"])
    for a in pos["history"]:
        state.apply(a)
    return state


def play_turn(level: str, start: GameState, seed: int,
              profiler: cProfile.Profile | None = None,
              actions: list[str] | None = None) -> float:
    """CPU seconds the level spends on the whole turn of the seat to move;
    the actions it chose go to ``actions``."""
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
        if actions is not None:
            actions.append(str(action))
        state.apply(action)
    return cpu


def p90(xs: list[float]) -> float:
    s = sorted(xs)
    return s[int(0.9 * (len(s) - 1))]


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def serve() -> int:
    """A worker of ``--against``: one JSON position and level a line in,
    its turn's CPU seconds and actions out."""
    import hacienda_game
    print(json.dumps({"game": str(Path(hacienda_game.__file__).parent)}), flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        actions: list[str] = []
        cpu = play_turn(job["level"], replayed(job["position"]), job["position"]["seed"],
                        actions=actions)
        print(json.dumps({"cpu": cpu, "actions": actions}), flush=True)
    return 0


class Worker:
    """A process playing turns with the game of one checkout."""

    def __init__(self, checkout: Path):
        env = dict(os.environ, PYTHONPATH=str(checkout))
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(checkout))
        assert self.proc.stdout is not None
        self.game = json.loads(self.proc.stdout.readline())["game"]

    def play(self, level: str, pos: dict) -> tuple[float, list[str]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"level": level, "position": pos}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a worker ended early (its error is above)")
        answer = json.loads(line)
        return answer["cpu"], answer["actions"]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def gather(args: argparse.Namespace) -> list[dict]:
    """The positions: read from ``--positions`` or played (and kept there)."""
    if args.positions and Path(args.positions).exists():
        with open(args.positions, encoding="utf-8") as f:
            return json.load(f)
    out = []
    for map_name in args.maps.split(","):
        for players in (int(p) for p in args.players.split(",")):
            for g in range(args.games):
                seed = args.seed * 1000 + 10 * players + g
                out += [record(map_name, players, seed, p)
                        for p in positions(map_name, players, seed, args.every, args.from_level)]
    if args.positions:
        with open(args.positions, "w", encoding="utf-8") as f:
            json.dump(out, f)
    return out


def compare(args: argparse.Namespace, levels: list[str], pos: list[dict]) -> int:
    """Both checkouts on every position, alternating; a table side by side."""
    before, after = Worker(Path(args.against).resolve()), Worker(HERE)
    print(f"before: {before.game}\nafter:  {after.game}", flush=True)
    rows: dict[str, list[tuple[float, float, bool]]] = {}
    i = 0
    try:
        for level in levels:
            for p in pos:
                key = f"{level} {p['map']} {p['players']}p"
                if i % 2 == 0:
                    tb, ab = before.play(level, p)
                    ta, aa = after.play(level, p)
                else:
                    ta, aa = after.play(level, p)
                    tb, ab = before.play(level, p)
                i += 1
                rows.setdefault(key, []).append((tb, ta, ab == aa))
    finally:
        before.close()
        after.close()
    print(f"load average after {load()}")
    print(f"{'level, board, seats':<26} turns  before median / p90   after median / p90"
          "  ratio  same actions")
    groups = dict(rows)
    for level in levels:
        groups[f"{level} (all)"] = [r for k, rs in rows.items()
                                   if k.startswith(level + " ") for r in rs]
    for key, rs in groups.items():
        tb = [r[0] for r in rs]
        ta = [r[1] for r in rs]
        ratio = statistics.median(a / b for b, a, _ in rs if b > 0) if any(tb) else 1.0
        print(f"{key:<26} {len(rs):5d}  {1000 * statistics.median(tb):7.0f} / {1000 * p90(tb):5.0f}"
              f"       {1000 * statistics.median(ta):7.0f} / {1000 * p90(ta):5.0f}"
              f"   {ratio:5.2f}  {sum(r[2] for r in rs)} of {len(rs)}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({k: [list(r) for r in rs] for k, rs in rows.items()}, f)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="hard,expert")
    ap.add_argument("--maps", default="symmetric,asymmetric")
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--from", dest="from_level", default="medium",
                    help="the level of the seats whose games give the positions")
    ap.add_argument("--positions", help="keep the positions in this file (read it if it exists)")
    ap.add_argument("--against", metavar="CHECKOUT",
                    help="compare with the game in this folder, side by side")
    ap.add_argument("--json", help="write every sample to this file")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="profile the N slowest turns of each level (played again)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        return serve()
    levels = [x for x in args.levels.split(",") if x]
    print(f"load average before {load()}", flush=True)
    pos = gather(args)
    if args.against:
        return compare(args, levels, pos)
    out: dict[str, list[float]] = {}
    slow: dict[str, list[tuple[float, GameState, int]]] = {lv: [] for lv in levels}
    states = [(p, replayed(p)) for p in pos]
    for level in levels:
        for p, state in states:
            key = f"{level} {p['map']} {p['players']}p"
            t = play_turn(level, state, p["seed"])
            out.setdefault(key, []).append(t)
            slow[level].append((t, state, p["seed"]))
    for key, ts in out.items():
        print(f"{key:<26} {len(ts):3d} turns  median {1000 * statistics.median(ts):6.0f} ms"
              f"  p90 {1000 * p90(ts):6.0f} ms", flush=True)
    for level in levels:
        every = [t for k, ts in out.items() if k.startswith(level + " ") for t in ts]
        print(f"{level + ' (all)':<26} {len(every):3d} turns  median "
              f"{1000 * statistics.median(every):6.0f} ms  p90 {1000 * p90(every):6.0f} ms")
    print(f"load average after {load()}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f)
    for level in levels if args.profile else []:
        prof = cProfile.Profile(time.process_time)
        for _, p, seed in sorted(slow[level], key=lambda t: -t[0])[:args.profile]:
            play_turn(level, p, seed, prof)
        print(f"--- {level}: the {args.profile} slowest turns, by own time")
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(18)
        pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
