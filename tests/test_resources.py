"""The game finds its own files installed (inside the package, as the wheel
lays them out) and in a checkout (the top-level ``assets/`` and ``maps/``);
an installed game's file errors never send a player to a developer tool.
(`tools/check_wheel.py` builds and installs the real wheel; CI runs it.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from hacienda_game import resources

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import os
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
from pathlib import Path
import hacienda_game
from hacienda_game import resources
from hacienda_game.engine import new_game
from hacienda_game.i18n import catalog
from hacienda_game.maps import builtin_maps
package = Path(hacienda_game.__file__).parent
assert resources.checkout_root() is None
assert resources.assets_dir() == package / "assets", resources.assets_dir()
assert resources.boards_dir() == package / "boards", resources.boards_dir()
assert "symmetric" in builtin_maps() and catalog("de")
assert len(new_game("asymmetric", 4, seed=3).board) > 100
(package / "assets" / "font.json").unlink()
from hacienda_game.client.assets import AssetError, Art
try:
    Art()
except AssetError as exc:
    print(exc)
"""


def test_in_a_checkout_the_top_level_folders_are_used():
    assert resources.checkout_root() == ROOT
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.boards_dir() == ROOT / "maps"
    assert resources.locale_dir() == ROOT / "hacienda_game" / "locale"
    hint = resources.repair_hint("tools/make_font.py")
    assert hint == "rebuild it with python tools/make_font.py"


def test_installed_the_files_come_from_inside_the_package(tmp_path):
    site = tmp_path / "site"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "hacienda_game", site / "hacienda_game", ignore=skip)
    shutil.copytree(ROOT / "assets", site / "hacienda_game" / "assets")
    shutil.copytree(ROOT / "maps", site / "hacienda_game" / "boards")
    env = {k: v for k, v in os.environ.items() if k != "HACIENDA_MAPS_DIR"}
    env.update(PYTHONPATH=str(site), HACIENDA_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    said = done.stdout.strip().splitlines()[-1]
    assert "font.json" in said and "reinstall Hacienda" in said
    assert "tools/" not in said and "python" not in said
