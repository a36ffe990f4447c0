"""The engine stays headless; the terminal game plays whole games."""

import subprocess
import sys
from pathlib import Path

from hacienda_game.engine import new_game
from hacienda_game.terminal import play as textplay

ROOT = Path(__file__).resolve().parents[2]


def test_engine_never_imports_pygame():
    # Nor numpy (the map pictures' library), nor a catalog or TMX library: a
    # game of rules loads only what it uses.
    code = ("import sys, random\n"
            "from hacienda_game.engine import new_game, score\n"
            "g = new_game('symmetric', 3, seed=2); rng = random.Random(2)\n"
            "while not g.is_over(): g.apply(g.random_action(rng))\n"
            "score(g)\n"
            "for name in ('pygame', 'numpy', 'babel', 'pytmx'):\n"
            "    assert name not in sys.modules, f'the engine imported {name}'\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    for path in (ROOT / "hacienda_game" / "engine").rglob("*.py"):
        for line in path.read_text().splitlines():
            assert not line.strip().startswith(("import pygame", "from pygame")), path


def test_text_game_with_ai_seats_plays_to_the_end():
    out: list[str] = []
    state = textplay.play("symmetric", ["random", "random"], seed=4, variants=[],
                          read=lambda _: "q", write=out.append)
    assert state.is_over()
    assert any("Game over" in line for line in out)


def test_text_game_ai_seats_are_not_seeded_from_the_game_seed():
    # The same deal, other decisions each run: the AI seats' seed is drawn
    # from the operating system (session.table), never from the game's seed.
    runs = [textplay.play("symmetric", ["random", "random"], seed=4, variants=[],
                          read=lambda _: "q", write=lambda _: None).history for _ in range(2)]
    assert runs[0] != runs[1]
    same = [textplay.play("symmetric", ["random", "random"], seed=4, variants=[],
                          read=lambda _: "q", write=lambda _: None, ai_seed=8).history
            for _ in range(2)]
    assert same[0] == same[1]


def test_text_game_takes_notation_and_explains_refusals():
    script = iter(["?", "b", "play pig 99,99", "frobnicate", "buy land", "end", "q"])
    out: list[str] = []
    state = textplay.play("symmetric", ["human", "human"], seed=1, variants=[],
                          read=lambda _: next(script), write=out.append)
    text = "\n".join(out)
    # In player words, never the engine's rule code (no "(R23)" for players).
    assert "Not allowed: That hex is not on this board." in text
    assert "Not an action: type '?'" in text
    assert "(R" not in "\n".join(line for line in out if line.startswith("Not"))
    assert "buys land card" in text and "ends the turn" in text
    assert [str(a) for a in state.history] == ["buy land", "end"]


def test_board_drawing_shows_pieces():
    state = new_game("symmetric", 2, seed=3)
    drawing = textplay.draw_board(state)
    board_lines = drawing.split("\nkey:")[0]
    assert board_lines.count("~~~") == 4    # the four starting water tiles (R11)
    assert "$" in drawing
