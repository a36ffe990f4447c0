"""AI against AI: win rates with 95% confidence intervals (CONTRACTS §5).

    python tools/tournament.py --seats hard,medium,medium,medium --games 100 --seed 1
        [--map symmetric|all|PATH] [--jobs 2] [--json] [--timing]
        [--budget hard=iterations:4,seconds:3] [--log games.jsonl]

Each listed seat is an *entry*; game g seats the entries rotated by g places,
so every entry plays from every table position equally often.  A game's
seed and every AI decision's seed come from --seed: the same command gives
the same games (as long as no wall-clock cap cuts a search short).

Printed: per entry and per level the wins (a shared win, R49, counts 1/k),
the win rate with its Wilson 95% interval, average score and money; the win
rate by table position (the seat-order effect); with --timing the median
and 90th percentile time per turn of each level (all decisions of a turn).
Any illegal action or unfinished game is reported and makes the exit code 1.
`--map all` plays the games on every built-in map in turn.

`--log FILE` keeps every finished game as one JSON line.  Run the same
command again and the games already in the file are not played again, so a
long table can be played in several sittings; the summary covers them all.
The file's first line holds the table (seats, seed, map, budgets) and a
fingerprint of the code the games depend on (engine, AI, maps, reference
bots; a level's own module, such as expert.py, only in tables that seat it)
and of each level's choices in six fixed positions.  If any of it has
changed, the log is refused (a table never mixes two versions of a level).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import hacienda_game
from hacienda_game.ai import Budget, choose_action, levels
from hacienda_game.engine import PLAYER_COUNTS, new_game, observe
from hacienda_game.maps.catalog import builtin_maps
from hacienda_game.session.table import AISeat, Listener, Played, Table

try:
    from tools.refbots import REF_BOTS
except ImportError:                      # run as a script: tools/ itself is on the path
    from refbots import REF_BOTS

ROOT = Path(__file__).resolve().parents[1]
MAX_TURNS = 2000     # a game still running after this many turns is reported as stuck


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def parse_budgets(text: str | None) -> dict[str, Budget]:
    """``hard=iterations:4,seconds:3;medium=iterations:200`` -> budgets per level."""
    out: dict[str, Budget] = {}
    if not text:
        return out
    for part in text.split(";"):
        level, _, spec = part.partition("=")
        values: dict[str, float | int] = {}
        for item in spec.split(","):
            key, _, number = item.partition(":")
            if key == "iterations":
                values["iterations"] = int(number)
            elif key == "seconds":
                values["seconds"] = float(number)
            else:
                raise SystemExit(f"--budget: unknown key {key!r} (iterations, seconds)")
        out[level.strip()] = Budget(**values)
    return out


def table_tasks(entries: list[str], games: int, seed: int, maps: list[str],
                budgets: dict[str, Budget]) -> list[tuple]:
    """The table's games: (index, map, seats, game seed, AI seed, budgets),
    the seats rotated by one place a game."""
    players = len(entries)
    seeds = random.Random(seed)
    tasks = []
    for g in range(games):
        seats = [entries[(p - g) % players] for p in range(players)]
        # The AI seed is drawn apart from the game seed (as in the client):
        # no decision seed tells a seat anything about the deal.
        tasks.append((g, maps[g % len(maps)], seats, seeds.randrange(1 << 31),
                      seeds.randrange(1 << 62), budgets))
    return tasks


def seat_for(level: str, budgets: dict[str, Budget]) -> AISeat:
    """The table's seat for an entry: its AI level (with its budget), or a
    reference bot of tools/refbots.py, thinking in this process."""
    if level in REF_BOTS:
        return AISeat(level, choose=REF_BOTS[level])
    return AISeat(level, budget=budgets.get(level))


class Tally(Listener):
    """A game's figures as its table plays it: time per turn of each level,
    actions, and the seat failures (a fallback played for a seat)."""

    def __init__(self, seats: list[str], turn: int):
        self.seats = seats
        self.turn = turn
        self.turn_times: dict[str, list[float]] = defaultdict(list)
        self.turn_cpu: dict[str, list[float]] = defaultdict(list)
        self.spent = self.cpu = 0.0
        self.actions = 0
        self.failures: list[str] = []

    def played(self, table: Table, move: Played) -> None:
        self.actions += 1
        self.spent += move.think_s
        self.cpu += move.think_cpu_s
        if move.problem:
            self.failures.append(f"action {move.number}: {move.problem}")
        if table.state.turn != self.turn:
            level = self.seats[move.seat]
            self.turn_times[level].append(round(self.spent, 4))   # 0.1 ms: the log stays small
            self.turn_cpu[level].append(round(self.cpu, 4))
            self.spent = self.cpu = 0.0
            self.turn = table.state.turn


def play_game(task: tuple) -> dict:
    """One game; seats[i] is the level at table position i."""
    index, map_name, seats, game_seed, ai_seed, budgets = task
    table = Table(new_game(map_name, players=len(seats), seed=game_seed),
                  [seat_for(level, budgets) for level in seats], ai_seed=ai_seed)
    tally = Tally(seats, table.state.turn)
    table.listen(tally)
    state = table.run(until=lambda t: t.state.turn > MAX_TURNS)
    error = None if state.is_over() else f"still running after {MAX_TURNS} turns"
    winners = state.winners() if state.is_over() else []
    failures = tally.failures
    if failures and error is None:      # the game reached its end, but not on its seats' own moves
        error = f"{len(failures)} seat failures, the first at {failures[0]}"
    return {"index": index, "map": map_name, "seats": seats, "seed": game_seed,
            "winners": winners, "scores": [s.score for s in state.seats],
            "money": [s.money for s in state.seats], "turns": state.turn - 1,
            "actions": tally.actions, "error": error, "turn_times": dict(tally.turn_times),
            "turn_cpu": dict(tally.turn_cpu)}


CODE = ("hacienda_game/engine", "hacienda_game/ai", "hacienda_game/maps", "tools/refbots.py")
# Code that only one level runs: digested only in tables that seat that level,
# so work on expert alone leaves the tables of the levels below it standing.
LEVEL_CODE = {"expert": ("hacienda_game/ai/expert.py",)}
# Code no seat decides with (the client's Hint, the AI's worker process, and
# the fallback that moves only for a seat whose own code failed).
NOT_DECIDING = ("hacienda_game/ai/coach.py", "hacienda_game/ai/worker.py",
                "hacienda_game/ai/fallback.py")


def check_checkout() -> None:
    """The fingerprint digests the files of this checkout (`code_files`), so
    the games must be played by this checkout's code: refuse a run whose
    ``hacienda_game`` was imported from elsewhere (run as a script from a
    second checkout, the package installed from the first one plays)."""
    running = Path(hacienda_game.__file__).resolve().parents[1]
    if running != ROOT:
        raise SystemExit(f"tools/tournament.py of {ROOT} would play the code of {running}"
                         f" (hacienda_game imported from there), and its log would carry"
                         f" the fingerprint of the wrong code: run it with PYTHONPATH={ROOT}")


def code_files(entries: list[str]) -> list[str]:
    """The source files a table's games depend on, by path from the project
    root: the engine, the AI, the maps and the reference bots, less the
    files of levels the table does not seat and the code no seat decides with."""
    root = ROOT
    skip = set(NOT_DECIDING)
    for level, files in LEVEL_CODE.items():
        if level not in entries:
            skip.update(files)
    out = []
    for part in CODE:
        path = root / part
        for f in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            name = f.relative_to(root).as_posix()
            if name not in skip:
                out.append(name)
    return out


def fingerprint(entries: list[str], map_name: str, budgets: dict[str, Budget]) -> str:
    """A digest of the code the games depend on (`code_files`: the engine, the
    AI, the map loader and the reference bots, file by file) and of the decisions each
    level of the table takes in fixed positions of a seeded game of random
    moves on the table's map: early, middle and late."""
    digest = hashlib.sha256()
    root = ROOT
    for name in code_files(entries):
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    rng = random.Random(7)
    state = new_game(map_name, players=len(entries), seed=20261201)
    length = 0
    probe = state.clone()
    while not probe.is_over():
        probe.apply(rng.choice(probe.legal_actions()))
        length += 1
    rng = random.Random(7)
    marks = {10, 30, length * 2 // 5, length * 3 // 5, length * 4 // 5, length - 3}
    step = 0
    while not state.is_over() and marks:
        if step in marks:
            marks.discard(step)
            for level in sorted(set(entries)):
                obs = observe(state, state.current)
                if level in REF_BOTS:
                    action = REF_BOTS[level](obs, 11)
                else:
                    action = choose_action(level, obs, 11, budgets.get(level))
                digest.update(f"{step} {level} {action}\n".encode())
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    return digest.hexdigest()[:16]


def read_games(path: Path) -> tuple[dict | None, list[dict]]:
    """A log's first line (None if it is not JSON) and its games; only the
    last line may be cut off (a sitting stopped while writing it)."""
    lines = path.read_text().splitlines()
    try:
        first = json.loads(lines[0]) if lines else None
    except ValueError:
        first = None
    done = []
    for n, line in enumerate(lines[1:], 2):
        try:
            done.append(json.loads(line))
        except ValueError:
            if n == len(lines):
                break
            raise SystemExit(f"--log {path}: line {n} is not JSON") from None
    return first, done


def read_log(path: Path, header: dict) -> list[dict]:
    """The games already played for this table (see the module text)."""
    if not path.exists():
        path.write_text(json.dumps(header) + "\n")
        return []
    first, done = read_games(path)
    if first != header:
        line = path.read_text().partition("\n")[0]
        raise SystemExit(f"--log {path}: it holds another table or another version of its"
                         f" levels (its first line {line[:200] or '(empty)'!s};"
                         f" this table: {json.dumps(header)}). Use another file.")
    return done


def _p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * (len(values) - 1))]


def summarize(entries: list[str], results: list[dict], players: int) -> dict:
    games = len(results)
    per_entry = []
    by_position = [0.0] * players
    level_wins: dict[str, float] = defaultdict(float)
    level_games: dict[str, int] = defaultdict(int)
    for e, level in enumerate(entries):
        wins = 0.0
        scores, money = [], []
        for r in results:
            pos = (e + r["index"]) % players
            share = 1 / len(r["winners"]) if pos in r["winners"] else 0.0
            wins += share
            scores.append(r["scores"][pos])
            money.append(r["money"][pos])
        level_wins[level] += wins
        level_games[level] += games
        low, high = wilson(wins, games)
        per_entry.append({"entry": e, "level": level, "wins": wins, "games": games,
                          "win_rate": wins / games if games else 0.0, "ci95": [low, high],
                          "avg_score": statistics.fmean(scores) if scores else 0.0,
                          "avg_money": statistics.fmean(money) if money else 0.0})
    for r in results:
        for w in r["winners"]:
            by_position[w] += 1 / len(r["winners"])
    per_level = {}
    for level, wins in level_wins.items():
        n = level_games[level]
        low, high = wilson(wins, n)
        per_level[level] = {"wins": wins, "seat_games": n, "win_rate": wins / n,
                            "ci95": [low, high]}
    positions = []
    for p in range(players):
        low, high = wilson(by_position[p], games)
        positions.append({"position": p + 1, "wins": by_position[p],
                          "win_rate": by_position[p] / games if games else 0.0,
                          "ci95": [low, high]})
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for level, ts in r["turn_times"].items():
            times[level].extend(ts)
    cpu_times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for level, ts in r.get("turn_cpu", {}).items():
            cpu_times[level].extend(ts)
    timing = {level: {"turns": len(ts), "median_ms": 1000 * statistics.median(ts),
                      "p90_ms": 1000 * _p90(ts), "max_ms": 1000 * max(ts),
                      "cpu_median_ms": 1000 * statistics.median(cpu_times[level] or [0.0]),
                      "cpu_p90_ms": 1000 * _p90(cpu_times[level] or [0.0])}
              for level, ts in sorted(times.items()) if ts}
    errors = [f"game {r['index']} (seed {r['seed']}, {r['map']}): {r['error']}"
              for r in results if r["error"]]
    return {"games": games, "entries": per_entry, "levels": per_level,
            "positions": positions, "timing": timing, "errors": errors,
            "avg_turns": statistics.fmean(r["turns"] for r in results) if results else 0.0,
            "actions": sum(r["actions"] for r in results)}


def print_report(summary: dict, args: argparse.Namespace, seconds: float, timing: bool) -> None:
    print(f"{summary['games']} games, seats {args.seats}, map {args.map}, seed {args.seed}"
          f" ({seconds:.0f} s; {summary['avg_turns']:.0f} turns and"
          f" {summary['actions'] / max(1, summary['games']):.0f} actions per game)")
    print("entry  level    win rate   95% interval     wins  avg score  avg money")
    for e in summary["entries"]:
        low, high = e["ci95"]
        print(f"{e['entry'] + 1:>5}  {e['level']:<8} {100 * e['win_rate']:6.1f}%"
              f"   [{100 * low:5.1f}%, {100 * high:5.1f}%]  {e['wins']:6.1f}"
              f"  {e['avg_score']:9.1f}  {e['avg_money']:9.1f}")
    if len(summary["levels"]) < len(summary["entries"]):
        print("per level (all its seats together):")
        for level, v in summary["levels"].items():
            low, high = v["ci95"]
            print(f"       {level:<8} {100 * v['win_rate']:6.1f}%   [{100 * low:5.1f}%,"
                  f" {100 * high:5.1f}%]  of {v['seat_games']} seat-games")
    print("seat-order effect (win rate by table position, 1 = starts):")
    print("  " + "   ".join(f"{p['position']}: {100 * p['win_rate']:.1f}%"
                            f" [{100 * p['ci95'][0]:.0f}-{100 * p['ci95'][1]:.0f}%]"
                            for p in summary["positions"]))
    if timing:
        print("time per turn (all decisions of one turn; wall clock, then CPU time of the"
              " deciding process, steadier on a loaded machine):")
        for level, t in summary["timing"].items():
            print(f"  {level:<8} median {t['median_ms']:7.1f} ms   90th pct {t['p90_ms']:7.1f}"
                  f" ms   max {t['max_ms']:7.1f} ms   ({t['turns']} turns);  CPU median"
                  f" {t['cpu_median_ms']:7.1f} ms   90th pct {t['cpu_p90_ms']:7.1f} ms")
    for err in summary["errors"]:
        print("ERROR:", err)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", required=True,
                    help=f"comma-separated levels, one per seat ({', '.join(levels())}; the"
                         f" reference bots {', '.join(REF_BOTS)} from tools/refbots.py)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--map", default="symmetric", help="built-in map name, path, or 'all'")
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--timing", action="store_true", help="print time per turn per level")
    ap.add_argument("--budget", help="per-level budgets, e.g. 'hard=iterations:4,seconds:3'")
    ap.add_argument("--out", help="rewrite this JSON file with the summary after every game"
                                  " (a run stopped early keeps what it measured)")
    ap.add_argument("--log", help="keep each game as a JSON line here; games already in it"
                                  " are not played again (resume a long table)")
    args = ap.parse_args(argv)
    entries = [s.strip() for s in args.seats.split(",") if s.strip()]
    known = (*levels(frozen=True), *REF_BOTS)
    unknown = [s for s in entries if s not in known]
    if unknown:
        ap.error(f"unknown level(s) {', '.join(unknown)}; choose from {', '.join(known)}")
    if len(entries) not in PLAYER_COUNTS:
        ap.error(f"a game has {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} seats")
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be at least 1")
    maps = builtin_maps() if args.map == "all" else [args.map]
    if not maps:
        ap.error("no built-in maps found")
    budgets = parse_budgets(args.budget)
    players = len(entries)
    tasks = table_tasks(entries, args.games, args.seed, maps, budgets)
    start = time.perf_counter()
    results: list[dict] = []
    log = Path(args.log) if args.log else None
    if log is not None:
        check_checkout()
        header = {"seats": entries, "seed": args.seed, "map": args.map,
                  "budget": args.budget or "",
                  "fingerprint": fingerprint(entries, maps[0], budgets)}
        results = [r for r in read_log(log, header) if r["index"] < len(tasks)]
        done = {r["index"] for r in results}
        tasks = [t for t in tasks if t[0] not in done]
        if results:
            print(f"{len(results)} games from {log}; {len(tasks)} to play", file=sys.stderr)

    def keep(r: dict, i: int) -> None:
        results.append(r)
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps(r) + "\n")
        _progress(len(results), len(results) + len(tasks) - i - 1, results, entries, players)
        if args.out:
            partial = summarize(entries, results, players)
            partial.update(seats=entries, seed=args.seed, maps=maps, planned=args.games)
            Path(args.out).write_text(json.dumps(partial, indent=1))

    if args.jobs == 1:
        for i, t in enumerate(tasks):
            keep(play_game(t), i)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for i, r in enumerate(pool.map(play_game, tasks)):
                keep(r, i)
    summary = summarize(entries, results, players)
    summary.update(seats=entries, seed=args.seed, maps=maps, budgets={
        k: {"seconds": b.seconds, "iterations": b.iterations} for k, b in budgets.items()})
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print_report(summary, args, time.perf_counter() - start, args.timing)
    return 1 if summary["errors"] else 0


def _progress(done: int, total: int, results: list[dict], entries: list[str],
              players: int) -> None:
    if not os.environ.get("TOURNAMENT_QUIET"):
        wins = sum(1 / len(r["winners"]) for r in results
                   if r["index"] % players in r["winners"])
        print(f"\r{done}/{total} games; entry 1 ({entries[0]}) won {wins:.1f}",
              end="\n" if done == total else "", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
