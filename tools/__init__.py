"""Scripts a maintainer runs from a checkout with the game installed
(``pip install -e .``): asset generators, catalogs, benchmarks, tournaments,
screenshots and the wheel check.

Each runs as ``python tools/NAME.py`` or ``python -m tools.NAME`` and imports
the game as an installed package (no ``sys.path`` edits); tests import them
as ``tools.NAME``.  Asset generators share ``hacienda_game/art/pixels.py``.
The map tools are commands of the package, ``python -m hacienda_game.maps
validate|import|generate|sketch``; ``validate_map.py``, ``haz2tmx.py``,
``make_board.py`` and ``sketch2tmx.py`` here run them under their old names.
"""
