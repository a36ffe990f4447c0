"""Does the game install and play anywhere?  Builds the wheel, installs it in a
fresh virtual environment outside the checkout (which must not pull pytmx or
Babel: the game reads maps and catalogs itself) and, from a folder outside the
checkout, plays a headless autoplay game to the end in English, German and
Spanish, plays the guided first game to its end, starts the text game, loads a
built-in map (with catalogs and rules help) and draws a menu frame.

    python tools/check_wheel.py            # exit 0 when every check passes
    python tools/check_wheel.py --pipx     # also `pipx install` the checkout
    python tools/check_wheel.py --keep     # leave the venv and outputs for a look

Needs PyPI (or a pip cache) for the game's dependencies.  Prints the wheel's
size and each check's time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEP_TIMEOUT = 600          # seconds for any one step (installs included)
LANGUAGES = ("en", "de", "es")

# Run by the venv's python from the scratch folder: the package must come from
# site-packages, with its maps, catalogs and rules help inside it.
MAP_CHECK = """
import importlib.util
import sys
import hacienda_game
from pathlib import Path
from hacienda_game.engine import new_game
from hacienda_game import i18n
from hacienda_game.i18n import catalog
from hacienda_game.maps import builtin_map_infos, builtin_maps
from hacienda_game.client.scenes.rules import rules_sections
where = Path(hacienda_game.__file__).resolve()
assert "site-packages" in where.parts, f"hacienda_game imported from {where}"
names = builtin_maps()
assert {"symmetric", "asymmetric"} <= set(names), f"built-in maps: {names}"
state = new_game("symmetric", 3, seed=1)
assert len(state.board) > 50 and state.legal_actions()
assert len(builtin_map_infos()) == len(names)
assert catalog("de") and catalog("es")
for code, word in (("en", "Settings"), ("de", "Einstellungen"), ("es", "Ajustes")):
    i18n.set_language(code)
    assert i18n._("Settings") == word, (code, i18n._("Settings"))
extra = [name for name in ("pytmx", "babel") if importlib.util.find_spec(name)]
assert not extra, f"installing the game pulled {extra}"
assert all(rules_sections(code) for code in ("en", "de", "es"))
print(f"maps {', '.join(names)}; symmetric has {len(state.board)} hexes")
"""

FRAME_CHECK = """
import sys
import pygame
image = pygame.image.load(sys.argv[1])
w, h = image.get_size()
colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
assert w >= 720 and h >= 540, f"frame {w}x{h}"
assert len(colours) >= 8, f"a nearly blank frame: {len(colours)} colours"
print(f"frame {w}x{h}, {len(colours)} colours")
"""


class Failed(Exception):
    pass


def run(cmd: list[str], cwd: Path, env: dict[str, str], stdin: str | None = None) -> str:
    """Run one step; its output, or `Failed` with what it said."""
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, input=stdin, capture_output=True,
                              text=True, timeout=STEP_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise Failed(f"{' '.join(cmd)}: no answer in {STEP_TIMEOUT} s") from None
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
        raise Failed(f"{' '.join(cmd)}: exit {done.returncode}\n  " + "\n  ".join(tail))
    return done.stdout


def clean_env(home: Path) -> dict[str, str]:
    """The caller's environment minus anything that would find the checkout."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "HACIENDA_MAPS_DIR")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HACIENDA_HOME=str(home),
               PYTHONDONTWRITEBYTECODE="1")
    return env


def checks(bin_dir: Path, scratch: Path, env: dict[str, str]) -> list[tuple[str, list, str | None]]:
    py, game = str(bin_dir / "python"), str(bin_dir / "hacienda")
    menu = scratch / "menu.png"
    return [
        *((f"autoplay game to the end ({lang})",
           [game, "--autoplay", "--seats", "easy,easy", "--headless", "--seed", "1",
            "--max-frames", "60000", "--lang", lang], None) for lang in LANGUAGES),
        ("guided first game to its end",
         [game, "--tutorial", "--headless", "--autoplay"], None),
        ("text game", [game, "--text", "--seed", "1", "--seats", "human,random"], "?\nb\nq\n"),
        ("built-in map, catalogs, rules help", [py, "-c", MAP_CHECK], None),
        ("menu frame (python -m hacienda_game)",
         [py, "-m", "hacienda_game", "--headless", "--max-frames", "30",
          "--screenshot", str(menu)], None),
        ("menu frame is drawn", [py, "-c", FRAME_CHECK, str(menu)], None),
        ("map command", [py, "-m", "hacienda_game.maps", "validate", "symmetric", "pinwheel"],
         None),
    ]


EXPECT = {**{f"autoplay game to the end ({lang})": "game over after" for lang in LANGUAGES},
          "guided first game to its end": "tutorial complete:",
          "text game": "Game abandoned.", "map command": "2 of 2 maps valid"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pipx", action="store_true", help="also check `pipx install` of the checkout")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = ap.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="hacienda-wheel-"))
    env = clean_env(scratch / "home")
    failures = 0
    try:
        t0 = time.perf_counter()
        run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
             "-w", str(scratch / "dist")], scratch, env)
        wheel = next((scratch / "dist").glob("hacienda_game-*.whl"))
        print(f"wheel {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB"
              f" ({time.perf_counter() - t0:.1f} s)")
        venv = scratch / "venv"
        run([sys.executable, "-m", "venv", str(venv)], scratch, env)
        bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
        t0 = time.perf_counter()
        run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], scratch, env)
        print(f"installed in a fresh venv ({time.perf_counter() - t0:.1f} s)")
        play = scratch / "elsewhere"
        play.mkdir()
        for name, cmd, stdin in checks(bin_dir, scratch, env):
            t0 = time.perf_counter()
            try:
                out = run(cmd, play, env, stdin)
                if name in EXPECT and EXPECT[name] not in out:
                    raise Failed(f"{name}: no {EXPECT[name]!r} in\n  {out[-600:]}")
            except Failed as exc:
                failures += 1
                print(f"FAIL {name}: {exc}")
                continue
            last = (out.strip().splitlines() or [""])[-1][:100]
            print(f"ok   {name} ({time.perf_counter() - t0:.1f} s) {last}")
        if args.pipx:
            failures += check_pipx(scratch, env)
    except Failed as exc:
        print(f"FAIL setting up: {exc}")
        failures += 1
    finally:
        if args.keep:
            print(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("wheel check: " + ("all passed" if not failures else f"{failures} failed"))
    return 1 if failures else 0


def check_pipx(scratch: Path, env: dict[str, str]) -> int:
    """`pipx install` the checkout into scratch folders and play a game."""
    pipx = shutil.which("pipx")
    if pipx is None:
        print("FAIL pipx: not installed (pip install pipx)")
        return 1
    env = dict(env, PIPX_HOME=str(scratch / "pipx"), PIPX_BIN_DIR=str(scratch / "pipx-bin"))
    try:
        run([pipx, "install", str(ROOT)], scratch, env)
        out = run([str(scratch / "pipx-bin" / "hacienda"), "--autoplay", "--seats", "easy,easy",
                   "--headless", "--seed", "2", "--max-frames", "60000"], scratch / "elsewhere",
                  env)
    except Failed as exc:
        print(f"FAIL pipx: {exc}")
        return 1
    print(f"ok   pipx install . and play: {out.strip().splitlines()[-1][:90]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
