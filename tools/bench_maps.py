"""Measure the map budgets: time and peak memory of every hostile map's refusal
and of loading (checking and drawing) the largest map the budgets allow.

Each map is measured in a fresh process (so its peak resident memory is its
own): wall-clock seconds (median of ``--repeat`` runs), the peak of Python's
traced allocations and the process's peak resident set, less the baseline of
a process that only imported the game.  Conditions matter: say how many
cores and what else ran.

    python -m tools.bench_maps [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measure_one(path: str, draw: bool, repeat: int) -> dict:
    """In this process: check (and draw) one map, return the figures."""
    import resource
    import time
    import tracemalloc

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hacienda_game.maps import tmx

    if draw:
        import pygame  # noqa: F401  (imported before the baseline is taken)

        from hacienda_game.client import mappicture
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    times, cpus, peak, errors = [], [], 0.0, []
    for _ in range(repeat):
        tmx.clear_checked()
        if draw:
            mappicture._pictures.clear()
        tracemalloc.start()
        start, cpu = time.perf_counter(), time.process_time()
        report = tmx.check_map(path)
        if draw and report.ok:
            mappicture.render_map(report.board, path)
        times.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        peak = max(peak, tracemalloc.get_traced_memory()[1] / 1e6)
        tracemalloc.stop()
        errors = report.errors
    total = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": statistics.median(times), "cpu": statistics.median(cpus),
            "traced_mb": peak,
            "rss_mb": max(0.0, total - base), "rss_total_mb": total,
            "refused": bool(errors), "reason": errors[0][len(path) + 2:][:90] if errors else ""}


def run(path: Path, draw: bool, repeat: int) -> dict:
    out = subprocess.run([sys.executable, "-m", "tools.bench_maps", "--one", str(path),
                          "--repeat", str(repeat)]
                         + (["--draw"] if draw else []), capture_output=True, text=True,
                         timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout.splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--draw", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure_one(args.one, args.draw, args.repeat)))
        return 0
    try:
        from tools import make_hostile_maps as hostile  # python -m tools.bench_maps
    except ImportError:
        import make_hostile_maps as hostile  # python tools/bench_maps.py

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (kind, _build, expect) in hostile.CASES.items():
            if not expect:
                continue
            path = hostile.build(name, Path(tmp) / name)
            rows.append((name, kind, run(path, False, args.repeat)))
        largest = hostile.largest_map(Path(tmp) / "largest")
        size = largest.stat().st_size
        big = run(largest, True, args.repeat)
    print(f"{'refused map':30} {'kind':18} {'seconds':>8} {'CPU s':>6} {'traced MB':>10}"
          f" {'RSS MB':>7}")
    for name, kind, r in sorted(rows, key=lambda row: -row[2]["cpu"]):
        print(f"{name:30} {kind:18} {r['seconds']:8.3f} {r['cpu']:6.3f} {r['traced_mb']:10.1f}"
              f" {r['rss_mb']:7.1f}")
    slow = max(rows, key=lambda row: row[2]["cpu"])
    heavy = max(rows, key=lambda row: row[2]["rss_mb"])
    print(f"slowest refusal (CPU): {slow[0]} {slow[2]['cpu']:.3f} s CPU,"
          f" {slow[2]['seconds']:.3f} s,"
          f" {slow[2]['traced_mb']:.1f} MB traced, {slow[2]['rss_mb']:.1f} MB RSS over the"
          f" imports ({slow[2]['rss_total_mb']:.0f} MB peak RSS of the whole process)")
    print(f"largest RSS of a refusal: {heavy[0]} {heavy[2]['rss_mb']:.1f} MB")
    print(f"largest legitimate map (64x64 cells, 3 full decoration layers, {size} bytes),"
          f" checked and drawn: {big['cpu']:.3f} s CPU, {big['seconds']:.3f} s,"
          f" {big['traced_mb']:.1f} MB traced,"
          f" {big['rss_mb']:.1f} MB RSS over the imports ({big['rss_total_mb']:.0f} MB in all);"
          f" refused: {big['refused']} {big['reason']}")
    print(f"medians of {args.repeat} runs, each map in its own process, "
          f"{os.cpu_count()} cores shared with other work (load average"
          f" {os.getloadavg()[0]:.1f}: CPU seconds are this process's own)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
