"""Where the game keeps the player's files: settings, the error log, own maps.

``HACIENDA_HOME`` (tests, portable installs) puts all three in one folder;
otherwise platformdirs picks the usual place on each system.
"""

from __future__ import annotations

import datetime
import json
import os
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path

APP = "hacienda"
ANIM_SPEEDS = ("off", "slow", "normal", "fast")
ANIM_FACTORS = {"off": 0.0, "slow": 1.6, "normal": 1.0, "fast": 0.5}


def _dir(kind: str) -> Path:
    home = os.environ.get("HACIENDA_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    return Path({"config": platformdirs.user_config_dir,
                 "log": platformdirs.user_log_dir,
                 "maps": lambda app: os.path.join(platformdirs.user_data_dir(app), "maps"),
                 }[kind](APP))


def user_maps_dir() -> Path:
    """The folder where a player drops own .tmx maps (listed in setup)."""
    return _dir("maps")


def log_path() -> Path:
    return _dir("log") / "hacienda.log"


def log_error(exc: BaseException, where: str) -> Path | None:
    """Append the exception's details to the log file; its path (None if unwritable)."""
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')} in {where}\n")
            f.write("".join(traceback.format_exception(exc)))
        return path
    except OSError:
        return None


@dataclass
class Settings:
    anim_speed: str = "normal"
    fullscreen: bool = True
    open_hands: bool = False
    rumble: bool = True             # pads shake on market payouts (where they can)

    @property
    def anim_factor(self) -> float:
        """Multiplies animation durations; 0 means no animations."""
        return ANIM_FACTORS.get(self.anim_speed, 1.0)

    @classmethod
    def load(cls) -> Settings:
        path = _dir("config") / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        s = cls()
        if data.get("anim_speed") in ANIM_SPEEDS:
            s.anim_speed = data["anim_speed"]
        for key in ("fullscreen", "open_hands", "rumble"):
            if isinstance(data.get(key), bool):
                setattr(s, key, data[key])
        return s

    def save(self) -> None:
        path = _dir("config") / "settings.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(self), indent=1), encoding="utf-8")
        except OSError:
            pass  # settings are a convenience: the game goes on with them in memory
