"""The README's screenshots of the client: title menu, setup, a game in play
and the final scoring (docs/menu.png, setup.png, play.png, scoring.png).

    python tools/client_screenshots.py [--out docs] [--seed 7]

Drawn headless on the 960x540 canvas: the menu with a game to continue, the
setup screen with three seats, a three-seat game 45 actions in with a card
picked and the pointer on a lit hex (the hint says what it would do), and the
final scoring of a whole game of easy AI seats.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402
from hacienda_game.session.plan import GamePlan, SeatPlan  # noqa: E402


def shoot(app: App, path: Path) -> None:
    app.draw()
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def three_seats(seed: int) -> GamePlan:
    return GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "medium", 1),
                                  SeatPlan("Carmen", "hard", 2)], seed)


def menu_and_setup(out: Path, seed: int) -> None:
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.setup import SetupScene
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves

    state = new_game("symmetric", 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):
        state.apply(state.random_action(rng))
    saves.autosave(state, three_seats(seed))        # so the menu offers Continue
    app = App(Options(headless=True, language="en"))
    try:
        app.push(MenuScene())
        shoot(app, out / "menu.png")
        setup = SetupScene("symmetric")
        app.push(setup)
        shoot(app, out / "setup.png")
    finally:
        app.finish()


def in_play(out: Path, seed: int) -> None:
    from hacienda_game.client.scenes.play import PlayScene

    app = App(Options(headless=True, language="en"))
    try:
        plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1),
                                      SeatPlan("Carmen", colour=2)], seed, open_hands=True)
        game = PlayScene(plan)
        app.push(game)
        rng = random.Random(seed)
        for _ in range(45):
            legal = game.layer.legal()
            game.layer.perform(rng.choice([a for a in legal if a.kind != "end"] or legal))
        game.pending.clear()            # no scoring screen in the way
        game.anims = type(game.anims)()
        hand = game.layer.view(game.layer.current)
        from hacienda_game.engine.components import ANIMALS

        animal = next((a for a, n in zip(ANIMALS, hand.animal_hand, strict=True) if n), None)
        if animal is not None:
            game.pick_card("animal", animal)
        targets = game.selection.targets if game.selection else {}
        for h in range(len(game.layer.board)):
            if game.layer.board.cells[h] in targets:
                game.hover(game.view.centres[h])
                break
        shoot(app, out / "play.png")
    finally:
        app.finish()


def final_scoring(out: Path, seed: int) -> None:
    from hacienda_game.client.scenes.scoring import ScoringScene

    app = App(Options(headless=True, autoplay=True, seats=["easy"] * 4, seed=seed,
                      language="en"))
    try:
        from hacienda_game.client.scenes.start import first_scene

        app.push(first_scene(app))
        for _ in range(200_000):
            top = app.top
            if isinstance(top, ScoringScene) and top.which == "final" \
                    and top.t >= top.reveal_end:
                break
            app.step()
            future = top.waiting_on() if top is not None else None
            if future is not None:
                future.result()
        shoot(app, out / "scoring.png")
    finally:
        app.finish()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["HACIENDA_HOME"] = home      # the player's own saves stay untouched
        menu_and_setup(args.out, args.seed)
        in_play(args.out, args.seed)
        final_scoring(args.out, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
