"""tools/replay_table_game.py: a strength table's game is played again move
for move from its log, and the trace shows the seat's view of it."""

import json

from tools import replay_table_game, tournament


def _table(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_QUIET", "1")
    log = tmp_path / "t.jsonl"
    assert tournament.main(["--seats", "easy,random", "--games", "2", "--seed", "5",
                            "--budget", "easy=iterations:8", "--log", str(log)]) == 0
    return log


def test_a_logged_game_replays_to_the_same_scores_with_the_seats_view(tmp_path, monkeypatch):
    log = _table(tmp_path, monkeypatch)
    out = replay_table_game.replay(log, 1, "easy")
    assert out["matches_log"] and out["final"] == out["logged"]
    assert out["seats"] == ["random", "easy"]         # game 1: the seats rotated by one
    assert out["traced"] == 1
    turns = [r for r in out["rows"] if "projected" in r]
    acts = [r for r in out["rows"] if "action" in r]
    assert turns and all(len(r["projected"]) == 2 for r in turns)
    assert acts and all(r["seat"] == 1 or r["action"].startswith("buy animal") for r in acts)
    late = replay_table_game.replay(log, 1, "easy", from_turn=10)
    assert min(r["turn"] for r in late["rows"]) >= 10 and late["matches_log"]


def test_a_game_that_does_not_match_its_log_is_reported(tmp_path, monkeypatch, capsys):
    log = _table(tmp_path, monkeypatch)
    lines = log.read_text().splitlines()
    game = json.loads(lines[1])
    game["scores"] = [s + 1 for s in game["scores"]]
    lines[1] = json.dumps(game)
    log.write_text("\n".join(lines) + "\n")
    assert replay_table_game.main([str(log), "0", "--seat", "easy"]) == 1
    assert "NOT the logged game" in capsys.readouterr().out
    assert replay_table_game.main([str(log), "1", "--seat", "easy"]) == 0
