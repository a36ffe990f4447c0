"""``python -m hacienda_game``: the same as the ``hacienda`` command."""

import sys

from .cli import main

sys.exit(main())
