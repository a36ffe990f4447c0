"""The ``hacienda`` command.

Until the graphical client lands, ``hacienda`` plays in the terminal
(``hacienda --text`` will keep doing so afterwards).
"""

from __future__ import annotations

import sys

from . import textplay


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--text":
        args = args[1:]
    return textplay.main(args)


if __name__ == "__main__":
    sys.exit(main())
