"""tools/tune_ai.py tunes on a set of maps and keeps the held-out ones out."""

from __future__ import annotations

from hacienda_game.ai.projection import HARD2
from tools import tune_ai


def test_a_tuning_set_with_a_held_out_map_is_refused(capsys):
    code = tune_ai.main(["--maps", "symmetric,everest,pinwheel", "--held-out", "everest,fjords",
                         "--rounds", "0"])
    assert code == 2
    err = capsys.readouterr().err
    assert "held-out maps: everest" in err
    assert tune_ai.split(["symmetric", "everest"], ["everest"]) != []
    assert tune_ai.split(["symmetric", "symmetric"], []) != []
    assert tune_ai.split([], ["everest"]) != []


def test_the_split_is_printed_before_any_trial(capsys):
    code = tune_ai.main(["--maps", "symmetric,asymmetric,pinwheel,twin_valleys",
                         "--held-out", "everest,fjords,frontier", "--games", "16", "--rounds", "0"])
    assert code == 0
    out = capsys.readouterr().out
    assert "tuning on: symmetric, asymmetric, pinwheel, twin_valleys" in out
    assert "held out: everest, fjords, frontier" in out
    assert ("games per trial by map: symmetric 4, asymmetric 4, pinwheel 4, twin_valleys 4"
            in out)


def test_a_trials_games_go_round_the_tuning_set(monkeypatch):
    """Each deal's two games (one from each seat) are on one map, and the
    deals go round the tuning set."""
    played = []

    def fake_play(weights, seed, iterations, map_="symmetric"):
        played.append((map_, seed))
        return [0]

    monkeypatch.setattr(tune_ai, "play", fake_play)
    tune_ai.duel(HARD2, HARD2, 8, seed=5, iterations=1, maps=["a", "b", "c", "d"])
    assert [m for m, _ in played] == ["a", "a", "b", "b", "c", "c", "d", "d"]
    assert all(played[i][1] == played[i + 1][1] for i in range(0, 8, 2))
    assert tune_ai.game_maps(["x", "y"], 6) == ["x", "x", "y", "y", "x", "x"]
