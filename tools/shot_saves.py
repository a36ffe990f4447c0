"""Screenshots of the load screen and the replay viewer (docs/load.png,
docs/replay.png), drawn headless from games the easy AI plays.

    python tools/shot_saves.py [--out docs]

Everything it saves goes to a temporary HACIENDA_HOME (removed afterwards), never
the player's folders.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def play(map_name: str, kinds: list[str], names: list[str], seed: int, actions: int | None):
    """A game the easy AI plays for every seat, stopped after ``actions`` (None: to the end)."""
    from hacienda_game.ai import choose_action
    from hacienda_game.engine import new_game, observe
    from hacienda_game.session.plan import GamePlan, SeatPlan

    state = new_game(map_name, len(kinds), seed)
    step = 0
    while not state.is_over() and (actions is None or len(state.history) < actions):
        state.apply(choose_action("easy", observe(state, state.current), seed + step))
        step += 1
    plan = GamePlan(map_name, [SeatPlan(n, k, i) for i, (n, k) in enumerate(
        zip(names, kinds, strict=True))], seed)
    return state, plan


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs", help="folder for load.png and replay.png")
    args = ap.parse_args()
    out = Path(args.out)
    home = tempfile.mkdtemp(prefix="hacienda-shots-")
    os.environ["HACIENDA_HOME"] = home

    import pygame

    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.replay import ReplayScene
    from hacienda_game.client.scenes.saveload import LoadScene
    from hacienda_game.session import saves

    games = [("symmetric", ["human", "medium", "hard"], ["Ana", "Bruno", "Carmen"], 31, 150,
              "Sunday evening"),
             ("asymmetric", ["human", "human", "easy", "medium"],
              ["Ana", "Dieter", "Elena", "Bruno"], 8, 90, "Family game"),
             ("symmetric", ["human", "medium"], ["Carmen", "Bruno"], 5, 40, None)]
    for map_name, kinds, names, seed, actions, name in games:
        state, plan = play(map_name, kinds, names, seed, actions)
        if name is None:
            saves.autosave(state, plan)
        else:
            saves.save_game(state, plan, name)
    (Path(home) / "saves" / "old-laptop.json").write_text('{"format": "hacienda-save/1", "na')
    state, plan = play("symmetric", ["human", "medium", "hard"], ["Ana", "Bruno", "Carmen"],
                       31, None)
    kept = saves.keep_replay(state, plan)

    app = App(Options(windowed=True, fake_clock=True))
    app.push(MenuScene())
    load = LoadScene()
    app.push(load)
    load.pick([s.name for s in load.items].index("Sunday evening"))
    for _ in range(3):
        app.step()
    out.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out / "load.png"))
    viewer = ReplayScene(saves.load_replay(kept))
    app.push(viewer)
    viewer.goto(len(viewer.actions) * 2 // 3)
    viewer.goto(viewer.index + 1)
    for _ in range(12):
        app.step()
    pygame.image.save(app.screen, str(out / "replay.png"))
    app.finish()
    shutil.rmtree(home, ignore_errors=True)
    print(f"wrote {out / 'load.png'} and {out / 'replay.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
