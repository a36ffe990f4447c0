"""`python tools/validate_map.py` (CONTRACTS section 5): `python -m hacienda_game.maps validate`.
The code lives in `hacienda_game/maps/commands/validate.py`."""

import sys

from hacienda_game.maps.commands.validate import *  # noqa: F403  (convert, main, ... for callers)
from hacienda_game.maps.commands.validate import main

if __name__ == "__main__":
    sys.exit(main())
