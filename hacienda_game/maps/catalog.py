"""Built-in maps and map names: ``symmetric`` means ``maps/symmetric.tmx``.

A map is named by its file name without ``.tmx`` (a built-in map) or by a
path.  Boards are immutable, so a small cache hands the same `Board` to
every game on an unchanged file.  `map_info` and `builtin_map_infos` give
what a map list shows (titles in several languages, author, players,
credit, size).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import N_
from ..resources import boards_dir
from .board import Board, BoardError
from .reasons import MapFile, MapProblem, Words
from .tmx import load_tmx

# ``maps/`` in a checkout, ``hacienda_game/boards`` in an installed game.
MAPS_DIR: Path = Path(os.environ.get("HACIENDA_MAPS_DIR") or boards_dir())
CACHE_SIZE = 16
ALL_PLAYERS = (2, 5)

_cache: OrderedDict[tuple[str, int, int], Board] = OrderedDict()


def maps_dir() -> Path:
    """The built-in maps folder: ``HACIENDA_MAPS_DIR`` if set now, else `MAPS_DIR`."""
    override = os.environ.get("HACIENDA_MAPS_DIR")
    return Path(override) if override else MAPS_DIR


# A map file: TMX, or Tiled's JSON map format.
MAP_SUFFIXES = (".tmx", ".tmj")


def user_maps_root() -> Path:
    """The player's own maps folder, as the session keeps it (``HACIENDA_HOME``
    or the system's data folder): maps below it may share its tilesets."""
    home = os.environ.get("HACIENDA_HOME")
    if home:
        return Path(home) / "maps"
    import platformdirs

    return Path(platformdirs.user_data_dir("hacienda")) / "maps"


def map_roots() -> list[Path]:
    """The folders whose maps (in sub-folders) may share tilesets and templates."""
    return [maps_dir(), user_maps_root()]


def builtin_maps() -> list[str]:
    """Names of the built-in maps, sorted."""
    folder = maps_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.tmx") if p.is_file())


class MapNotFound(FileNotFoundError):
    """No map of that name or path: ``problem`` says what was looked for."""

    def __init__(self, problem: MapProblem):
        super().__init__(problem)
        self.problem = problem

    def worded(self, full_path: bool = True) -> str:
        return self.problem.worded(full_path)


def resolve_map(name_or_path: str | os.PathLike[str],
                relative_to: str | os.PathLike[str] | None = None) -> Path:
    """The file of a built-in map name or a map path.

    A relative path is taken relative to ``relative_to`` (a folder, or a file
    such as a scenario, whose folder is used), else to the working folder.
    """
    text = os.fspath(name_or_path)
    candidates: list[Path] = []
    is_name = not any(sep in text for sep in "/\\") and not text.lower().endswith(".tmx")
    if is_name and text:
        candidates.append(maps_dir() / f"{text}.tmx")
    path = Path(text).expanduser()
    if relative_to is not None and not path.is_absolute():
        base = Path(relative_to)
        if base.is_file() or (base.suffix and not base.is_dir()):
            base = base.parent
        path = base / path
    if text:
        candidates.append(path)
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve()
    names = ", ".join(builtin_maps()) or Words(N_("none"))
    tried = tuple(MapFile(c) for c in candidates) or Words(N_("nothing"))
    raise MapNotFound(MapProblem("no_map",
        N_("no map {name}: not a built-in map (built-in maps: {names})"
                              " and no such file (looked at {tried})"),
                                  name=repr(text), names=names, tried=tried))


def load_board(name_or_path: str | os.PathLike[str],
               relative_to: str | os.PathLike[str] | None = None) -> Board:
    """The board of a map name or path (cached while the file is unchanged)."""
    path = resolve_map(name_or_path, relative_to)
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    board = _cache.get(key)
    if board is not None:
        _cache.move_to_end(key)
        return board
    board = load_tmx(path)
    _cache[key] = board
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return board


def clear_cache() -> None:
    _cache.clear()


@dataclass(frozen=True)
class MapInfo:
    """What a map list shows about a map, read from its properties (CONTRACTS
    section 1): titles, author, player counts, description, credit, size."""

    name: str
    path: Path
    titles: Mapping[str, str] = field(hash=False)
    author: str
    players: tuple[int, int]
    description: str
    credit: str
    licence: str
    width: int
    height: int
    hexes: int
    markets: int
    water_fields: int

    def title(self, language: str = "en") -> str:
        """The title in a language (``en``, ``de``, ``es``), falling back to
        English, then to the map's name."""
        return self.titles.get(language) or self.titles.get("en") or self.name

    def suits(self, players: int) -> bool:
        return self.players[0] <= players <= self.players[1]


def map_info(name_or_path: str | os.PathLike[str],
             relative_to: str | os.PathLike[str] | None = None) -> MapInfo:
    """The `MapInfo` of a map name or path; `BoardError` if it is invalid."""
    board = load_board(name_or_path, relative_to)
    props = board.properties
    titles = {"en": props.get("title", "")}
    for key, value in props.items():
        if key.startswith("title_") and value:
            titles[key.removeprefix("title_")] = value
    return MapInfo(
        name=board.name, path=Path(board.path or resolve_map(name_or_path, relative_to)),
        titles={k: v for k, v in titles.items() if v},
        author=props.get("author", ""), players=parse_players(props.get("players", "")),
        description=props.get("description", ""), credit=props.get("credit", ""),
        licence=props.get("licence", ""), width=board.width, height=board.height,
        hexes=len(board), markets=len(board.markets), water_fields=len(board.water_fields))


def builtin_map_infos() -> list[MapInfo]:
    """`MapInfo` of every valid built-in map, in `builtin_maps` order (a map
    that fails to load is left out; ``python -m hacienda_game.maps validate``
    says why)."""
    infos = []
    for name in builtin_maps():
        try:
            infos.append(map_info(name))
        except (BoardError, OSError):
            continue
    return infos


def parse_players(text: str | int) -> tuple[int, int]:
    """``"2-5"`` -> (2, 5), ``"4"`` or ``4`` -> (4, 4); anything else (or
    outside 2-5) means the game's full range, (2, 5)."""
    return read_players(text)[0]


def read_players(text: str | int, label: MapFile | str = ""
                 ) -> tuple[tuple[int, int], MapProblem | None]:
    """The player counts a map's ``players`` property gives, and the warning
    for a value that is not a range within 2-5 (None when it is fine or empty).
    The one reader of the property: the catalog, the map lists and setup."""
    raw = str(text).strip()
    if not raw:
        return ALL_PLAYERS, None
    low, _sep, high = raw.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        first, last = 0, -1
    if 2 <= first <= last <= 5:
        return (first, last), None
    return ALL_PLAYERS, MapProblem("players",
        # Translators: Tiled's menu names stay in English, as Tiled shows them.
        N_("{file}: property `players` is {value}, not a number of players"
                          " from 2 to 5 such as 2-5 or 4, so the map is offered for 2-5"
                          " players; in Tiled: Map > Map Properties"),
                              file=label, value=repr(raw[:20]))
