"""The two documentation pictures of the settings work, taken headless.

    python tools/settings_shots.py [--out docs]

``settings.png``: the settings scene over the title screen, the music row
focused.  ``patterns.png``: a five-seat game of easy AIs (seed 5) after 120
actions with colour-blind patterns on, in colour and in grey, and beside it
each seat's land tile without and with its pattern, an animal, a hacienda and
the patterned tile in grey.  Settings go to a temporary HACIENDA_HOME.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402
from hacienda_game.client.scene import Command  # noqa: E402

WHITE = (244, 244, 244)


def settings_shot(path: Path) -> None:
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.settings import SettingsScene

    app = App(Options(windowed=True, fake_clock=True))
    app.push(MenuScene())
    app.step()
    app.push(SettingsScene())
    for name in ("down", "down"):
        app.top.handle(Command("key", (0, 0), name=name))
    for _ in range(3):
        app.step()
    pygame.image.save(app.screen, str(path))
    app.finish()


def patterns_shot(path: Path, actions: int = 120) -> None:
    from hacienda_game.client.patterns import PATTERNS, piece_name
    from hacienda_game.client.scenes.play import PlayScene, autoplay_scene
    from hacienda_game.client.scenes.playdraw import BOARD_AREA

    app = App(Options(headless=True, autoplay=True, seats=["easy"] * 5, seed=5))
    app.settings.patterns = True
    app.settings.anim_speed = "off"
    scene = autoplay_scene(app)
    app.push(scene)
    for _ in range(4000):
        if not app.running:
            break
        app.step()
        if not isinstance(app.top, PlayScene):
            app.pop()                       # a scoring: straight on
        elif len(scene.layer.view(0).history) >= actions:
            break
    app.draw()
    board = app.screen.subsurface(BOARD_AREA).copy()
    out = pygame.Surface((BOARD_AREA.w + 500, BOARD_AREA.h * 2 + 4))
    out.fill((26, 28, 44))
    out.blit(board, (0, 0))
    out.blit(pygame.transform.grayscale(board), (0, BOARD_AREA.h + 4))
    sprites, font = app.art.sprites, app.art.fonts.small
    x0 = BOARD_AREA.w + 10
    for k, head in enumerate(("off", "on", "", "", "on, in grey")):
        font.draw(out, head, (x0 + 120 + k * 74, 6), WHITE)
    for c in range(len(PATTERNS)):
        y = 24 + c * 124
        font.draw(out, f"seat {c + 1}", (x0, y + 30), WHITE)
        font.draw(out, PATTERNS[c][0], (x0, y + 42), WHITE)
        pieces = [(f"land_{c}", False), (f"land_{c}", True), (f"animal_cattle_{c}", True),
                  (f"hacienda_{c}", True), (f"land_{c}", True)]
        for k, (name, on) in enumerate(pieces):
            image = pygame.transform.scale_by(sprites.get(piece_name(sprites, name, c, on)), 2)
            if k == len(pieces) - 1:
                image = pygame.transform.grayscale(image)
            out.blit(image, (x0 + 112 + k * 74, y))
    pygame.image.save(out, str(path))
    app.finish()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["HACIENDA_HOME"] = home
        settings_shot(args.out / "settings.png")
        patterns_shot(args.out / "patterns.png")
    print(f"wrote {args.out / 'settings.png'} and {args.out / 'patterns.png'}")


if __name__ == "__main__":
    main()
