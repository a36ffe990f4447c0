"""The maintainer scripts in tools/ keep working (figures are printed, not asserted)."""

import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from hacienda_game.engine import new_game
from hacienda_game.maps import load_board

ROOT = Path(__file__).resolve().parents[1]


def _random_game(board, players: int, seed: int):
    """A game played to its end by random_action, as the benchmark defines one."""
    state, rng, states = new_game(board, players, seed=seed), random.Random(seed), []
    while not state.is_over():
        states.append(state.clone())
        state.apply(state.random_action(rng))
    return state, states


def test_bench_engine_figures_match_the_games_they_count():
    """The engine figures on a tiny run; every count is played again here."""
    out = subprocess.run(
        [sys.executable, "tools/bench.py", "--json", "--only", "engine", "--runs", "1",
         "--games", "2"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    figures = json.loads(out)
    board = load_board("symmetric")
    games = [_random_game(board, 4, seed)[0] for seed in (0, 1)]   # run 0: seeds 0 and 1
    assert figures["actions_per_game"] == sum(len(g.history) for g in games) / 2
    middles = []
    for i in range(20):                           # 20 positions halfway, seeds from 77
        states = _random_game(board, 4, 77 + i)[1]
        middles.append(states[len(states) // 2])
    assert figures["legal_actions_list_size_median"] == statistics.median(
        len(s.legal_actions()) for s in middles)
    lengths = []
    for i, middle in enumerate(middles):          # each played out with seed i (run 0)
        rng, n = random.Random(i), 0
        while not middle.is_over():
            middle.apply(middle.random_action(rng))
            n += 1
        lengths.append(n)
    assert figures["playout_actions_median"] == statistics.median(lengths)
    # One pinned thread: wall time is never shorter than its CPU time.
    assert 0 < figures["random_games_per_second"] <= figures["random_games_per_cpu_second"] * 1.01
    assert figures["random_games_per_second_runs"] == [figures["random_games_per_second"]]
    for key in ("legal_actions_per_second", "clones_per_second", "playouts_per_cpu_second"):
        assert figures[key] > 0


@pytest.mark.slow
def test_bench_prints_its_rendering_figures_as_json():
    """The whole benchmark on a tiny run (autoplay games and launches: a minute
    or more, so not in the default suite)."""
    out = subprocess.run(
        [sys.executable, "tools/bench.py", "--json", "--runs", "1", "--games", "1",
         "--think-seconds", "1"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    figures = json.loads(out)
    assert figures["frame_p99_ms_while_ai_thinks"] > 0
    assert figures["effects_frame_cpu_p99_ms"] > 0 and figures["effects_frames_per_game"] > 100


def test_golden_files_are_up_to_date():
    subprocess.run([sys.executable, "tools/make_golden.py", "--check"], cwd=ROOT, check=True,
                   capture_output=True)


def test_screens_draws_the_asked_scenes_as_each_screen_shows_them(tmp_path):
    import os

    import pygame

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, "tools/screens.py", "--out", str(tmp_path), "--only",
                    "menu,settings", "--size", "1280x800", "--size", "2560x1080",
                    "--lang", "de"], cwd=ROOT, check=True, capture_output=True, env=env)
    for name in ("menu", "settings"):
        for size in ((1280, 800), (2560, 1080)):
            path = tmp_path / f"{name}-de-{size[0]}x{size[1]}.png"
            assert pygame.image.load(str(path)).get_size() == size
    bad = subprocess.run([sys.executable, "tools/screens.py", "--only", "nothing"], cwd=ROOT,
                         capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "unknown shots nothing" in bad.stderr


def test_ai_categories_prints_where_the_points_come_from(capsys):
    import pytest

    from tools.ai_categories import main

    assert main(["--seats", "easy,random", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "easy: 2 seat-games, margin over the best other seat +" in out
    assert "points: markets" in out and "random: 2 seat-games" in out
    with pytest.raises(TypeError):
        main(["--seats", "hardX,random", "--games", "1", "--weights", '{"no_such_knob": 1}'])
