"""tools/tournament.py (CONTRACTS §5): seats rotate, win rates carry Wilson intervals."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools import tournament

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval_matches_the_textbook_values():
    low, high = tournament.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = tournament.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_budgets_are_read_per_level():
    budgets = tournament.parse_budgets("hard=iterations:4,seconds:2.5;medium=iterations:100")
    assert budgets["hard"].iterations == 4 and budgets["hard"].seconds == 2.5
    assert budgets["medium"].iterations == 100 and budgets["medium"].seconds is None
    with pytest.raises(SystemExit):
        tournament.parse_budgets("hard=depth:3")


def test_a_small_tournament_rotates_seats_and_reports_json():
    out = subprocess.run(
        [sys.executable, "tools/tournament.py", "--seats", "easy,random,random", "--games", "3",
         "--seed", "4", "--json", "--timing"],
        cwd=ROOT, check=True, capture_output=True, text=True,
        env={"TOURNAMENT_QUIET": "1", "PATH": "", "PYTHONPATH": str(ROOT)}).stdout
    summary = json.loads(out)
    assert summary["games"] == 3 and not summary["errors"]
    assert [e["level"] for e in summary["entries"]] == ["easy", "random", "random"]
    wins = sum(e["wins"] for e in summary["entries"])
    assert wins == pytest.approx(3)
    assert sum(p["wins"] for p in summary["positions"]) == pytest.approx(3)
    for e in summary["entries"]:
        low, high = e["ci95"]
        assert 0 <= low <= e["win_rate"] <= high <= 1
    assert summary["timing"]["easy"]["median_ms"] > 0


def _table(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "tools/tournament.py", "--seed", "4", "--json", *args],
        cwd=ROOT, capture_output=True, text=True,
        env={"TOURNAMENT_QUIET": "1", "PATH": "", "PYTHONPATH": str(ROOT)})


def test_a_table_played_in_two_sittings_sums_up_as_one(tmp_path):
    log = tmp_path / "games.jsonl"
    first = _table("--seats", "easy,random", "--games", "2", "--log", str(log))
    assert first.returncode == 0 and len(log.read_text().splitlines()) == 3
    second = _table("--seats", "easy,random", "--games", "5", "--log", str(log))
    assert second.returncode == 0 and "2 games from" in second.stderr
    assert len(log.read_text().splitlines()) == 6      # the header and 5 games, none twice
    whole = _table("--seats", "easy,random", "--games", "5")
    a, b = json.loads(second.stdout), json.loads(whole.stdout)
    for key in ("games", "entries", "positions", "avg_turns", "actions"):
        assert a[key] == b[key], key


def test_a_log_of_another_table_or_version_is_refused(tmp_path):
    log = tmp_path / "games.jsonl"
    assert _table("--seats", "easy,random", "--games", "1", "--log", str(log)).returncode == 0
    kept = log.read_text()
    other = _table("--seats", "easy,medium", "--games", "1", "--log", str(log))
    assert other.returncode != 0 and "another table" in other.stderr
    header = json.loads(kept.splitlines()[0])
    header["fingerprint"] = "0" * 16               # as if the levels now decided otherwise
    log.write_text(json.dumps(header) + "\n" + "\n".join(kept.splitlines()[1:]) + "\n")
    changed = _table("--seats", "easy,random", "--games", "1", "--log", str(log))
    assert changed.returncode != 0 and "another version" in changed.stderr
    assert tournament.fingerprint(["easy", "random"], "symmetric", {}) != "0" * 16


def test_a_table_digests_the_code_of_the_levels_it_seats_only():
    hard = tournament.code_files(["hard", "medium"])
    expert = tournament.code_files(["expert", "hard", "hard", "hard"])
    assert "hacienda_game/ai/expert.py" not in hard
    assert "hacienda_game/ai/expert.py" in expert
    for name in ("hacienda_game/ai/strategies.py", "hacienda_game/ai/projection.py",
                 "hacienda_game/ai/moves.py", "hacienda_game/engine/state.py",
                 "hacienda_game/maps/catalog.py", "tools/refbots.py"):
        assert name in hard and name in expert, name
    assert "hacienda_game/ai/coach.py" not in expert       # the Hint decides for no seat
    assert set(expert) - set(hard) == {"hacienda_game/ai/expert.py"}


def test_the_rotation_seats_every_entry_everywhere():
    results = [{"index": g, "winners": [g % 3], "scores": [1, 2, 3], "money": [0, 0, 0],
                "turns": 1, "actions": 1, "error": None, "turn_times": {}, "map": "m",
                "seed": g} for g in range(3)]
    summary = tournament.summarize(["easy", "random", "random"], results, 3)
    # Game g seats entry 0 at position g, and position g wins: entry 0 always wins.
    assert summary["entries"][0]["wins"] == 3
    assert [p["wins"] for p in summary["positions"]] == [1, 1, 1]


def test_the_stress_tool_plays_and_checks_candidates():
    out = subprocess.run(
        [sys.executable, "tools/ai_stress.py", "--games", "2", "--levels", "easy",
         "--check-candidates", "3", "--map", "symmetric"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    assert "2 games, 2 finished without an illegal action" in out
    checked = int(out.split("candidates checked at ")[1].split()[0])
    assert checked > 50


def test_a_logged_table_refuses_to_play_another_checkouts_code(tmp_path, monkeypatch):
    """The log's fingerprint digests this checkout's files, so a run whose
    hacienda_game comes from elsewhere (an installed copy of another
    checkout) is refused before it writes a line."""
    tournament.check_checkout()                      # the tests run this checkout's code
    monkeypatch.setattr(tournament.hacienda_game, "__file__",
                        str(tmp_path / "elsewhere" / "hacienda_game" / "__init__.py"))
    log = tmp_path / "t.jsonl"
    with pytest.raises(SystemExit, match="PYTHONPATH"):
        tournament.main(["--seats", "easy,random", "--games", "1", "--log", str(log)])
    assert not log.exists()

