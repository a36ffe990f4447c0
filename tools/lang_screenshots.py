"""Screenshots of the game in its languages, for docs/ (and for checking that
German and Spanish texts fit their buttons and panels).

    python tools/lang_screenshots.py            # docs/play_de.png, play_es.png,
                                                # rules_help.png, rules_help_de.png
    python tools/lang_screenshots.py --out /tmp --seed 3 --actions 60

Each play screen is a game of three players at one screen, ``--actions``
random legal actions in, with a land card picked and the pointer on a hex
where it cannot go; the rules help is opened over it on the markets page.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def game_at(language: str, seed: int, actions: int) -> App:
    """A game of three players at one screen in a language, ``actions`` random
    legal actions in, with a card picked and the pointer on a hex where it
    cannot go (so the screen shows the hint saying why)."""
    import random

    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    app = App(Options(headless=True, language=language))
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1),
                                  SeatPlan("Carmen", colour=2)], seed, open_hands=True)
    game = PlayScene(plan)
    app.push(game)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.layer.legal()
        moves = [a for a in legal if a.kind != "end"] or legal
        game.layer.perform(rng.choice(moves))
    game.pending.clear()          # no scoring screen in the way
    game.anims = type(game.anims)()
    obs = game.layer.view(game.layer.current)
    from hacienda_game.engine.components import LAND_CARDS

    card = next(c for c, n in zip(LAND_CARDS, obs.land_hand, strict=True) if n)
    game.pick_card("land", card)
    for h in range(len(game.layer.board)):
        legal, attempt = game.action_at(h)
        if legal is None and attempt is not None and game.layer.board.spaces[h] == "pampas":
            game.hover(game.view.centres[h])
            break
    return app


def shoot(app: App, path: Path) -> None:
    app.draw()
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--actions", type=int, default=45)
    ap.add_argument("--page", default="markets", help="rules help page to show")
    args = ap.parse_args(argv)
    from hacienda_game.client.scenes.rules import SECTIONS, RulesScene

    args.out.mkdir(parents=True, exist_ok=True)
    for language, rules_file in (("de", "rules_help_de.png"), ("es", None),
                                 ("en", "rules_help.png")):
        app = game_at(language, args.seed, args.actions)
        try:
            if language != "en":
                shoot(app, args.out / f"play_{language}.png")
            if rules_file:
                app.push(RulesScene(SECTIONS.index(args.page)))
                shoot(app, args.out / rules_file)
        finally:
            app.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main())
