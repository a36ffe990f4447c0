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
