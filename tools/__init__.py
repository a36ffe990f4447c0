"""Scripts a maintainer runs from a checkout: asset generators, catalogs,
benchmarks, tournaments, screenshots and the wheel check.

Each runs as ``python -m tools.NAME`` from the checkout's folder (installed
or not), or as ``python tools/NAME.py`` once the game is installed
(``pip install -e .``, the quick start); none edits ``sys.path``.  Tests
import them as ``tools.NAME``.  Asset generators share ``hacienda_game/art/pixels.py``.
The map tools are commands of the package, ``python -m hacienda_game.maps
validate|import|generate|sketch``; ``validate_map.py``, ``haz2tmx.py``,
``make_board.py`` and ``sketch2tmx.py`` here run them under their old names.
"""
