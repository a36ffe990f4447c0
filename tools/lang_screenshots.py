"""Screenshots of the game in its languages, for docs/ (and for checking that
German and Spanish texts fit their buttons and panels).

    python tools/lang_screenshots.py            # docs/play_de.png, play_es.png,
                                                # rules_help.png, rules_help_de.png
    python tools/lang_screenshots.py --out /tmp --seed 3 --frames 250

Each play screen is a headless autoplay game (three AI seats) stopped after
``--frames`` frames; the rules help is opened over it on the markets page.
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


def game_at(language: str, seed: int, frames: int) -> App:
    """A headless autoplay game in a language, after some frames."""
    app = App(Options(autoplay=True, headless=True, seats=["medium", "easy", "random"],
                      seed=seed, language=language))
    from hacienda_game.client.scenes.start import first_scene

    app.push(first_scene(app))
    for _ in range(frames):
        if not app.running or not app.stack:
            break
        app.step()
    return app


def shoot(app: App, path: Path) -> None:
    app.draw()
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--page", default="markets", help="rules help page to show")
    args = ap.parse_args(argv)
    from hacienda_game.client.scenes.rules import SECTIONS, RulesScene

    args.out.mkdir(parents=True, exist_ok=True)
    for language, rules_file in (("de", "rules_help_de.png"), ("es", None),
                                 ("en", "rules_help.png")):
        app = game_at(language, args.seed, args.frames)
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
