"""``python -m hacienda_game.maps validate|import|generate|sketch ...``."""

import sys

from .commands import main

sys.exit(main())
