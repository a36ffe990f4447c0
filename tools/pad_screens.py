"""Screenshots of couch play: the setup screen with three joined pads (Xbox,
PlayStation, Switch) and a turn with the hex cursor, all driven by SDL's virtual
pads (the same events real pads send).

    python tools/pad_screens.py [--out docs] [--root]

Without --root it saves the game's canvas (960x540); with --root (under X, e.g.
Xvfb with a window manager) it also saves the whole screen with ImageMagick's
``import -window root`` as the window shows it, scaled.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

import pygame  # noqa: E402

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402
from hacienda_game.client.pads import VirtualPad  # noqa: E402
from hacienda_game.client.scenes.overlays import Privacy  # noqa: E402
from hacienda_game.client.scenes.play import PlayScene  # noqa: E402
from hacienda_game.client.scenes.start import first_scene  # noqa: E402


def press(app: App, pad: VirtualPad, button: int, frames: int = 2) -> None:
    pad.button(button, True)
    step(app, 1)
    pad.button(button, False)
    step(app, frames)


def step(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step()


def capture(app: App, path: Path, root: bool) -> None:
    if root:
        subprocess.run(["import", "-window", "root", str(path)], check=True)
    else:
        pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--root", action="store_true", help="capture the X screen")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(Options(windowed=True, fake_clock=True))
    app.settings.anim_speed = "off"
    app.push(first_scene(app))
    step(app, 2)
    pads = [VirtualPad(f) for f in ("xbox", "playstation", "switch")]
    step(app, 2)
    a = pygame.CONTROLLER_BUTTON_A
    press(app, pads[0], a)                  # New game
    setup = app.top
    setup.seed = args.seed
    for pad in pads:
        press(app, pad, a)                  # press A to join
    step(app, 30)
    capture(app, args.out / "pads_setup.png", args.root)
    down = pygame.CONTROLLER_BUTTON_DPAD_DOWN
    # the focus starts on "Start game"
    press(app, pads[0], a)
    play = next(s for s in app.stack if isinstance(s, PlayScene))
    for _ in range(3):
        if isinstance(app.top, Privacy):
            device = play.plan.seats[play.layer.current].device
            press(app, next(p for p in pads if p.device == device), a)
    mover = next(p for p in pads if p.device == play.plan.seats[play.layer.current].device)
    press(app, mover, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    press(app, mover, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    press(app, mover, down)
    step(app, 30)
    capture(app, args.out / "pads_play.png", args.root)
    app.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main())
