"""tools/strength_report.py: the AI strength tables from the tournament's logs."""

import json
import subprocess
import sys
from pathlib import Path

from tools import strength_report

ROOT = Path(__file__).resolve().parents[2]


def test_tables_are_named_by_their_seats():
    assert strength_report.label(["hard", "medium", "medium", "medium"]) == \
        "hard vs 3 medium (4 players)"
    assert strength_report.label(["hard", "medium"]) == "hard vs medium (2 players)"
    assert strength_report.label(["hard", "ref-mc", "medium", "medium"]) == \
        "hard + ref-mc + 2 medium"


def _summary(games: int, rates: dict[str, float]) -> dict:
    return {"games": games, "levels": {k: {"win_rate": v} for k, v in rates.items()}}


def test_a_bar_holds_only_over_the_full_game_count():
    verdict = strength_report.verdict
    assert verdict("hard_vs_3medium", _summary(200, {"hard": 0.70, "medium": 0.1})).endswith(
        "**met**")
    assert verdict("hard_vs_3medium", _summary(200, {"hard": 0.69, "medium": 0.1})).endswith(
        "**not met**")
    assert "on course (150 of 200)" in verdict("hard_vs_3medium",
                                               _summary(150, {"hard": 0.9, "medium": 0.03}))
    ahead = _summary(60, {"hard": 0.5, "ref-mc": 0.5})
    assert verdict("hard_vs_refmc_2p", ahead).endswith("**not met**")     # level is not ahead
    ahead["levels"]["hard"]["win_rate"] = 0.51
    assert verdict("hard_vs_refmc_2p", ahead).endswith("**met**")


def test_the_report_reads_a_log_and_checks_it_against_the_code(tmp_path):
    log = tmp_path / "easy_vs_random.jsonl"
    subprocess.run([sys.executable, "tools/tournament.py", "--seats", "easy,random", "--games",
                    "2", "--seed", "4", "--log", str(log)], cwd=ROOT, check=True,
                   capture_output=True, env={"TOURNAMENT_QUIET": "1", "PATH": "",
                                             "PYTHONPATH": str(ROOT)})
    text, current = strength_report.report(tmp_path, check=True)
    assert current
    row = next(line for line in text.splitlines() if line.startswith("| easy vs random"))
    assert "| 2 of 2 |" in row and "easy " in row and "%" in row
    assert "hard vs 3 medium (4 players) | 0 of 200 | not started | | >= 70% over 200 |" in text
    assert "| easy (2 players) |" in text                     # its time per turn
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["fingerprint"] = "0" * 16                          # a log of other code
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    text, current = strength_report.report(tmp_path, check=True)
    assert not current and "**stale**" in text
