"""The map tools as commands: ``python -m hacienda_game.maps COMMAND ...``.

    validate FILE.tmx...     check maps as the game does (exit 0 all valid, 1 not)
    import IN.haz OUT.tmx    a community .haz map as a Tiled map
    generate --players P ... a random, valid, playable board
    sketch SKETCH OUT.tmx    a text sketch of a board as a Tiled map

``tools/validate_map.py``, ``tools/haz2tmx.py``, ``tools/make_board.py`` and
``tools/sketch2tmx.py`` run the same commands (CONTRACTS section 5).
"""

from __future__ import annotations

import importlib
import sys

# command -> its module here
COMMANDS = {"validate": "validate", "import": "import_haz", "generate": "generate",
            "sketch": "sketch"}
PROG = "python -m hacienda_game.maps"


def run(command: str, argv: list[str], prog: str | None = None) -> int:
    """One command's exit code."""
    module = importlib.import_module(f"{__name__}.{COMMANDS[command]}")
    return module.main(argv, prog=prog)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        said = f"unknown command {args[0]!r}; " if args and args[0] not in ("-h", "--help") \
            else ""
        print(f"usage: {PROG} {{{'|'.join(COMMANDS)}}} ...\n{said}"
              f"{PROG} COMMAND --help says more", file=sys.stderr if said else sys.stdout)
        return 2 if said or not args else 0
    return run(args[0], args[1:], prog=f"{PROG} {args[0]}")
