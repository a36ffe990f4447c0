"""The maintainer scripts in tools/ keep working (figures are printed, not asserted)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_prints_its_figures_as_json():
    out = subprocess.run(
        [sys.executable, "tools/bench.py", "--json", "--runs", "1", "--games", "1",
         "--think-seconds", "1"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    figures = json.loads(out)
    for key in ("random_games_per_second", "legal_actions_per_second", "clones_per_second"):
        assert figures[key] > 0
    assert figures["actions_per_game"] > 50
    assert figures["frame_p99_ms_while_ai_thinks"] > 0


def test_golden_files_are_up_to_date():
    subprocess.run([sys.executable, "tools/make_golden.py", "--check"], cwd=ROOT, check=True,
                   capture_output=True)
