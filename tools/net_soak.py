"""Network soak: many whole networked games on loopback, each a ``hacienda
serve`` host and three client processes whose seats AI levels play through
the client's own link; prints what it measured.

    python -m tools.net_soak [--games 50] [--map symmetric] [--levels easy,easy,easy]
                             [--host-seat easy] [--json] [--timeout-per-game 120]

    python -m tools.net_soak --concurrent 4,8,12,16 [--seconds 40] [--pace 0.25]

``--concurrent``: for each N, one ``hacienda serve --games N`` (four remote
seats a game) pinned to one core (``taskset -c 0``), its 4N seats played by
easy AI clients in client processes (four games each) pinned to the other
core; each run lasts ``--seconds`` (or until every game ends); prints the
action round trip p50/p99 (timed from sending the action to the new view's
arrival on the client's network thread) and the host's CPU share.  The
largest N whose p99 stays under 50 ms is what one core holds.

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


def clients(argv: list[str]) -> int:
    """A client process of --concurrent: every seat of the games named, played
    by easy AIs through GameLink; prints its round trips as JSON."""
    import random

    from hacienda_game.ai import choose_action
    from hacienda_game.client.netlink import GameLink

    address, seconds, pace = argv[0], float(argv[1]), float(argv[2])
    part, codes = int(argv[3]), argv[4:]
    # each seat from its own loopback address: the host lets 8 sockets in per address
    links = [GameLink.join(address, code, timeout=60,
                           source=f"127.0.{part + 1}.{4 * g + s + 1}")
             for g, code in enumerate(codes) for s in range(4)]
    rng = random.Random(7)
    deadline = time.monotonic() + seconds
    due = [0.0] * len(links)
    while time.monotonic() < deadline and not all(link.obs.over for link in links):
        for i, link in enumerate(links):
            link.pump()
            if link.my_turn and link.sent_at is None and time.monotonic() >= due[i]:
                link.perform(choose_action("easy", link.obs, rng.randrange(1 << 30)))
                due[i] = time.monotonic() + pace      # a player's pause between moves
        time.sleep(0.001)
    trips = [t for link in links for t in link.round_trips]
    print(json.dumps({"round_trips": trips, "over": sum(link.obs.over for link in links) // 4,
                      "moves": sum(len(link.history) for link in links[::4])}), flush=True)
    for link in links:
        link.close()
    return 0


def concurrent(tmp: Path, n: int, seconds: float, pace: float) -> dict:
    import re
    import subprocess
    import sys

    from hacienda_game.net.loopback import env

    log = tmp / "host.log"
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    with open(log, "w", encoding="utf-8") as out:
        host = subprocess.Popen([*pin, sys.executable, "-m", "hacienda_game.net.serve",
                                 "--bind", "127.0.0.1", "--port", "0", "--games", str(n),
                                 "--seats", "remote,remote,remote,remote", "--quiet",
                                 "--no-announce"],
                                stdout=out, stderr=subprocess.STDOUT, env=env(tmp / "home"))
    deadline = time.monotonic() + 60
    found = None
    while time.monotonic() < deadline and found is None and host.poll() is None:
        found = re.search(r"listening on ws://127\.0\.0\.1:(\d+).*join code ([\w -]+)$",
                          log.read_text(encoding="utf-8"), re.M)
        time.sleep(0.05)
    if found is None:
        host.kill()
        raise SystemExit(f"the host did not start: {log.read_text()}")
    address, codes = f"127.0.0.1:{found.group(1)}", found.group(2).split()
    pin = ["taskset", "-c", "1"] if pin else []
    procs = [subprocess.Popen([*pin, sys.executable, "-m", "tools.net_soak", "clients", address,
                               str(seconds), str(pace), str(i // 4), *codes[i:i + 4]],
                              stdout=subprocess.PIPE,
                              text=True, env=env(tmp / "home"))
             for i in range(0, len(codes), 4)]
    cpu0 = _cpu(host.pid)
    start = time.monotonic()
    outs = [p.communicate(timeout=seconds + 120)[0] for p in procs]
    wall = time.monotonic() - start
    cpu = _cpu(host.pid) - cpu0
    host.terminate()
    host.wait(30)
    trips, over, moves = [], 0, 0
    for text in outs:
        line = json.loads(text.strip().splitlines()[-1])
        trips += line["round_trips"]
        over += line["over"]
        moves += line["moves"]
    return {"games": n, "pace_s": pace, "round_trips": len(trips), "moves": moves,
            "games_over": over,
            "round_trip_ms_p50": round(pct(trips, 0.50) * 1000, 2),
            "round_trip_ms_p99": round(pct(trips, 0.99) * 1000, 2),
            "host_cpu_share": round(cpu / wall, 2),
            "host_cpu_ms_per_move": round(cpu / max(1, moves) * 1000, 3),
            "wall_s": round(wall, 1)}


def _cpu(pid: int) -> float:
    """CPU seconds a process has used so far (Linux /proc)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    import sys

    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "clients":
        return clients(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--map", default="symmetric")
    ap.add_argument("--levels", default="easy,easy,easy", help="the three clients' AI levels")
    ap.add_argument("--host-seat", default="easy", help="the host's own (AI) fourth seat")
    ap.add_argument("--timeout-per-game", type=float, default=120.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--concurrent", metavar="N,N,...",
                    help="games at once on one server, one core: round trips for each N")
    ap.add_argument("--seconds", type=float, default=40.0, help="each --concurrent run")
    ap.add_argument("--pace", type=float, default=0.0,
                    help="--concurrent: seconds each client waits between its moves")
    ap.add_argument("--keep", metavar="DIR", help="copy the logs of a game that failed here")
    args = ap.parse_args(argv)
    if args.concurrent:
        rows = []
        for n in (int(x) for x in args.concurrent.split(",")):
            with tempfile.TemporaryDirectory(prefix="hacienda-soak-") as tmp:
                rows.append(concurrent(Path(tmp), n, args.seconds, args.pace))
            print(json.dumps(rows[-1]), flush=True)
        held = [r["games"] for r in rows if r["round_trip_ms_p99"] < 50]
        print(f"one core holds {max(held) if held else 0} concurrent 4-seat games at a round"
              " trip p99 under 50 ms (of those tried)")
        return 0
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
