"""Maps: Tiled TMX hex maps -> the board model the rules play on."""

from .board import SPACES, TERRAINS, Board, BoardError, cell_name, parse_cell
from .catalog import (
    MAPS_DIR,
    MapInfo,
    builtin_map_infos,
    builtin_maps,
    load_board,
    map_info,
    resolve_map,
)
from .tmx import MapReport, check_map, load_tmx, validate_board

__all__ = ["SPACES", "TERRAINS", "Board", "BoardError", "cell_name", "parse_cell",
           "MAPS_DIR", "MapInfo", "builtin_map_infos", "builtin_maps", "load_board",
           "map_info", "resolve_map",
           "MapReport", "check_map", "load_tmx", "validate_board"]
