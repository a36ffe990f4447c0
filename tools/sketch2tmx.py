"""`python tools/sketch2tmx.py` (docs/maps.md): `python -m hacienda_game.maps sketch`.
The code lives in `hacienda_game/maps/commands/sketch.py`."""

import sys

from hacienda_game.maps.commands.sketch import *  # noqa: F403  (convert, main, ... for callers)
from hacienda_game.maps.commands.sketch import main

if __name__ == "__main__":
    sys.exit(main())
