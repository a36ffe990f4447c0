"""`python tools/haz2tmx.py` (CONTRACTS section 5): `python -m hacienda_game.maps import`.
The code lives in `hacienda_game/maps/commands/import_haz.py`."""

import sys

from hacienda_game.maps.commands.import_haz import *  # noqa: F403  (convert, main, ... for callers)
from hacienda_game.maps.commands.import_haz import main

if __name__ == "__main__":
    sys.exit(main())
