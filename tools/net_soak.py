"""Network soak: many whole networked games on loopback, each a ``hacienda
serve`` host and three client processes whose seats AI levels play through
the client's own link; prints what it measured.

    python -m tools.net_soak [--games 50] [--map symmetric] [--levels easy,easy,easy]
                             [--host-seat easy] [--json] [--timeout-per-game 120]

Figures: games finished; desyncs (a client view that differs from the host's
``observe`` for that seat after the same action, or an action a client never
saw: must be 0); action round trip (client sends, host applies, the client
has the new view) p50 and p99 over every action of every game; the host's
CPU seconds per game and its peak memory.  Conditions: every process on the
same machine (2 shared cores here), loopback, no TLS.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from hacienda_game.net.loopback import (
    host_views,
    lines,
    result,
    start_bot,
    start_host,
    stop,
    wait,
    wait_usage,
)


def one_game(tmp: Path, args, seed: int) -> dict:
    trace = tmp / "host.trace"
    seats = ",".join(["remote"] * 3 + [args.host_seat])
    host = start_host(tmp, "--map", args.map, "--seats", seats, "--port", "0",
                      "--seed", str(seed), "--trace", str(trace), "--quiet")
    bots = [start_bot(tmp, host, f"c{i}", "--level", level, "--seed", str(seed * 10 + i))
            for i, level in enumerate(args.levels.split(","))]
    try:
        codes = wait(bots, args.timeout_per_game)
        code, cpu, rss = wait_usage(host.proc, 30)
    finally:
        stop(host.proc, *bots)
    truth = host_views(trace)
    desyncs, trips, actions = 0, [], 0
    for i in range(len(bots)):
        seen = lines(tmp / f"c{i}.trace")
        if not seen:
            desyncs += 1
            continue
        seat = seen[0]["seat"]
        want = sorted(n for n, s in truth if s == seat)
        got = {d["n"]: d["view"] for d in seen}
        desyncs += sum(got.get(n) != truth[(n, seat)] for n in want)
        if codes[i] == 0:
            out = result(tmp, f"c{i}")
            trips += out["round_trips"]
            actions = out["actions"]
    return {"finished": code == 0 and codes == [0, 0, 0], "desyncs": desyncs,
            "round_trips": trips, "cpu": cpu, "rss_kib": rss, "actions": actions}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--map", default="symmetric")
    ap.add_argument("--levels", default="easy,easy,easy", help="the three clients' AI levels")
    ap.add_argument("--host-seat", default="easy", help="the host's own (AI) fourth seat")
    ap.add_argument("--timeout-per-game", type=float, default=120.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", metavar="DIR", help="copy the logs of a game that failed here")
    args = ap.parse_args(argv)
    games = []
    start = time.monotonic()
    for g in range(args.games):
        with tempfile.TemporaryDirectory(prefix="hacienda-soak-") as tmp:
            games.append(one_game(Path(tmp), args, 1000 + g))
            if args.keep and (games[-1]["desyncs"] or not games[-1]["finished"]):
                shutil.copytree(tmp, Path(args.keep) / f"game-{g + 1}", dirs_exist_ok=True)
        if not args.json:
            last = games[-1]
            print(f"game {g + 1}/{args.games}: {'' if last['finished'] else 'NOT '}"
                  f"finished, {last['actions']} actions, desyncs {last['desyncs']}",
                  flush=True)
    trips = [t for g in games for t in g["round_trips"]]
    report = {
        "games": len(games), "finished": sum(g["finished"] for g in games),
        "desyncs": sum(g["desyncs"] for g in games),
        "actions_median": statistics.median(g["actions"] for g in games),
        "round_trips": len(trips),
        "round_trip_ms_p50": round(pct(trips, 0.50) * 1000, 2),
        "round_trip_ms_p99": round(pct(trips, 0.99) * 1000, 2),
        "host_cpu_s_per_game_median": round(statistics.median(g["cpu"] for g in games), 2),
        "host_peak_memory_mib_max": round(max(g["rss_kib"] for g in games) / 1024, 1),
        "wall_s": round(time.monotonic() - start, 1),
        "conditions": "host + 3 client processes on one machine, loopback, no TLS,"
                      f" map {args.map}, clients {args.levels}, host seat {args.host_seat}",
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0 if report["desyncs"] == 0 and report["finished"] == report["games"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
