"""The AI strength tables as Markdown, from the logs `tools/strength_tables.sh` keeps.

    python tools/strength_report.py [DIR] [--check]

Reads every ``DIR/NAME.jsonl`` (default ``docs/results/strength``) written by
``tools/tournament.py --log`` and prints two tables: per table the games
played of those planned, each level's win rate with its Wilson 95% interval
(a shared win counts 1/k), the average scores and whether the issue's bar
holds; then each level's CPU time per turn (median and 90th percentile, all
decisions of one turn).  A bar holds only over the full game count.

``--check`` also recomputes each log's fingerprint on the code of this
checkout (the seconds it takes: each level decides in six positions) and
says whether the log still belongs to it; the exit code is 1 if one does
not.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

try:
    from tools import tournament
except ImportError:                      # run as a script: tools/ itself is on the path
    import tournament

# name: (seats, games planned, bar) - the bar is ("rate", level, share) or ("ahead", level)
BARS: dict[str, tuple[str, int, tuple]] = {
    "hard_vs_3medium": ("hard,medium,medium,medium", 200, ("rate", "hard", 0.70)),
    "expert_vs_3hard": ("expert,hard,hard,hard", 100, ("rate", "expert", 0.40)),
    "hard_vs_3hardv1": ("hard,hard-v1,hard-v1,hard-v1", 100, ("rate", "hard", 0.50)),
    "hard_vs_medium_2p": ("hard,medium", 200, ("rate", "hard", 0.85)),
    "hard_vs_refmc_2p": ("hard,ref-mc", 60, ("ahead", "hard")),
    "hard_vs_refgreedy_2p": ("hard,ref-greedy", 60, ("ahead", "hard")),
    "hard_refmc_2medium": ("hard,ref-mc,medium,medium", 40, ("ahead", "hard")),
    "hard_refgreedy_2medium": ("hard,ref-greedy,medium,medium", 40, ("ahead", "hard")),
}
ORDER = list(BARS)


def label(seats: list[str]) -> str:
    """``hard vs 3 medium (4 players)``, ``hard + ref-mc + 2 medium``."""
    first, rest = seats[0], seats[1:]
    counts: dict[str, int] = {}
    for s in rest:
        counts[s] = counts.get(s, 0) + 1
    if len(counts) == 1:
        (other, n), = counts.items()
        return f"{first} vs {n if n > 1 else ''} {other} ({len(seats)} players)".replace("  ", " ")
    parts = [first] + [f"{n} {s}" if n > 1 else s for s, n in counts.items()]
    return " + ".join(parts)


def read(path: Path) -> tuple[dict, list[dict]]:
    header, games = tournament.read_games(path)
    if header is None:
        raise SystemExit(f"{path}: its first line is not a table's header")
    return header, games


def bar_text(name: str) -> str:
    """The issue's bar for a table, in words."""
    _, planned, bar = BARS[name]
    if bar[0] == "rate":
        return f">= {bar[2]:.0%} over {planned}"
    return f"{bar[1]} ahead of each"


def verdict(name: str, summary: dict) -> str:
    if name not in BARS:
        return ""
    _, planned, bar = BARS[name]
    levels = summary["levels"]
    text = bar_text(name)
    if bar[0] == "rate":
        ok = levels[bar[1]]["win_rate"] >= bar[2]
    else:
        level = bar[1]
        ok = all(levels[level]["win_rate"] > v["win_rate"] for k, v in levels.items()
                 if k != level)
    if summary["games"] < planned:
        return f"{text}: {'on course' if ok else 'short'} ({summary['games']} of {planned})"
    return f"{text}: **{'met' if ok else 'not met'}**"


def report(folder: Path, check: bool = False) -> tuple[str, bool]:
    logs = {p.stem: p for p in folder.glob("*.jsonl")}
    names = sorted(logs)
    rows = ["| table | games | result (Wilson 95%) | avg score | bar |",
            "| --- | --- | --- | --- | --- |"]
    times = ["| level | turns | CPU median | CPU p90 | table |",
             "| --- | --- | --- | --- | --- |"]
    current = True
    for name in ORDER + [n for n in names if n not in BARS]:
        if name not in logs:
            seats, planned, _ = BARS[name]
            rows.append(f"| {label(seats.split(','))} | 0 of {planned} | not started | |"
                        f" {bar_text(name)} |")
            continue
        header, games = read(logs[name])
        seats = header["seats"]
        s = tournament.summarize(seats, games, len(seats))
        planned = BARS[name][1] if name in BARS else len(games)
        result = "; ".join(
            f"{lv} {100 * v['win_rate']:.1f}% [{100 * v['ci95'][0]:.1f}, {100 * v['ci95'][1]:.1f}]"
            for lv, v in ((lv, s["levels"][lv]) for lv in dict.fromkeys(seats)))
        scores = ", ".join(f"{e['level']} {e['avg_score']:.0f}" for e in s["entries"])
        unfinished = f"; {len(s['errors'])} unfinished" if s["errors"] else ""
        stale = ""
        if check:
            budgets = tournament.parse_budgets(header.get("budget"))
            if tournament.fingerprint(seats, header["map"], budgets) != header["fingerprint"]:
                stale, current = " (**stale**: the code has changed)", False
        rows.append(f"| {label(seats)}{stale} | {s['games']} of {planned}{unfinished} | {result}"
                    f" | {scores} | {verdict(name, s)} |")
        for level, t in s["timing"].items():
            times.append(f"| {level} ({len(seats)} players) | {t['turns']:,} |"
                         f" {t['cpu_median_ms']:.0f} ms | {t['cpu_p90_ms']:.0f} ms | {name} |")
    return "\n".join(rows) + "\n\n" + "\n".join(times) + "\n", current


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="docs/results/strength")
    ap.add_argument("--check", action="store_true",
                    help="say whether each log still matches this checkout's code")
    args = ap.parse_args(argv)
    text, current = report(Path(args.folder), args.check)
    sys.stdout.write(text)
    return 0 if current else 1


if __name__ == "__main__":
    raise SystemExit(main())
