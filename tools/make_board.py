"""`python tools/make_board.py` (docs/maps.md): `python -m hacienda_game.maps generate`.
The code lives in `hacienda_game/maps/commands/generate.py`."""

import sys

from hacienda_game.maps.commands.generate import *  # noqa: F403  (convert, main, ... for callers)
from hacienda_game.maps.commands.generate import main

if __name__ == "__main__":
    sys.exit(main())
