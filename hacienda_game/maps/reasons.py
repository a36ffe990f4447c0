"""Why a map is refused, as data, worded only where it is shown.

The maps room never words a problem when it finds it: it records what kind
of problem it is (``code``, what a player is told) and the author's sentence
(an `N_` text and its fields: numbers, names as the file has them, the file
itself, and nested phrases such as "layer 'board'" or how to fix it in
Tiled).  The Maps and Setup screens, the command line and the validator word
them in the language of the moment (`MapProblem.told` for players,
`MapProblem.worded` for authors), so a language change re-words a problem
without reading the map again.

A `MapProblem` is also a string: its English author's sentence with the
file's whole path, the stable form logs, tests and the engine (which stays
English) use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..i18n import N_, _
from ..i18n import language as i18n_language

Translate = Callable[[str], str]


def _english(text: str) -> str:
    return text


class MapFile:
    """A file a problem names: its whole path for authors (the command line,
    the log), its name alone on the screens."""

    __slots__ = ("path",)

    def __init__(self, path: str | Path):
        self.path = str(path)

    def worded(self, full_path: bool) -> str:
        return self.path if full_path else Path(self.path).name

    def __repr__(self) -> str:
        return f"MapFile({self.path!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MapFile) and other.path == self.path

    def __hash__(self) -> int:
        return hash(self.path)


class Words:
    """A phrase to word later: an `N_` text and its fields.  A field may be a
    number or a name (shown as it is), a `MapFile`, another `Words` (worded
    in the same language) or a sequence of `Words` (joined by commas)."""

    __slots__ = ("text", "fields")

    def __init__(self, text: str, /, **fields: object):
        self.text = text
        self.fields = fields

    def worded(self, full_path: bool = False, translate: Translate = _) -> str:
        """The phrase in the current language (``translate``: English for the
        stable form); files by name, or by whole path with ``full_path``."""
        return translate(self.text).format(**self.filled(full_path, translate))

    def filled(self, full_path: bool = False, translate: Translate = _) -> dict[str, object]:
        """The fields, each worded (numbers stay numbers for their format)."""
        return {name: _word(value, full_path, translate) for name, value in self.fields.items()}

    def __repr__(self) -> str:
        return f"Words({self.text!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Words) and other.text == self.text
                and other.fields == self.fields)

    def __hash__(self) -> int:
        return hash(self.text)


def _word(value: object, full_path: bool, translate: Translate) -> object:
    if isinstance(value, Words):
        return value.worded(full_path, translate)
    if isinstance(value, MapProblem):
        return value.words.worded(full_path, translate)
    if isinstance(value, MapFile):
        return value.worded(full_path)
    if isinstance(value, (tuple, list)):
        return ", ".join(str(_word(v, full_path, translate)) for v in value)
    return value


# What a player is told of each kind of problem (the code of a `MapProblem`):
# plain words, no Tiled menus, no file formats; the author's sentence says
# how to fix it.  A field a sentence names comes from the problem's fields;
# None: the author's sentence (without the file) is already plain.
TOLD: dict[str, str | None] = {
    "unreadable": N_("This file cannot be read as a map."),
    "not_a_map": N_("This file is not a map made in Tiled."),
    "damaged": N_("Part of this map is damaged; its author can save it again in Tiled."),
    "unsafe": N_("This map was refused to keep the game safe."),
    "too_big": N_("This map is too big for the game."),
    "unsupported": N_("This map is saved in a way the game cannot read; its author can"
                      " save it again in Tiled."),
    "missing_file": N_("A file this map needs is missing."),
    "outside_folder": N_("This map uses a file outside its folder."),
    "bad_picture": N_("A picture this map uses is damaged or cannot be shown."),
    "bad_number": N_("This map holds a number the game cannot use."),
    "not_hexagonal": N_("This map is not made of hexes."),
    "no_board_layer": N_("This map has no board to play on."),
    "two_boards": N_("This map has more than one board."),
    "misaligned": N_("The hexes of this map's board do not line up."),
    "unknown_tile": N_("Cell {cell}: a tile of an unknown kind."),
    "outside_map": N_("Cell {cell}: a tile outside the map."),
    "no_market": N_("This map has no market."),
    "market_no_pampas": N_("Cell {cell}: a market with no pampas beside it."),
    "no_map": N_("There is no map called {name}."),
    "bad_line": N_("Line {line}: a line the game cannot read."),
    "unknown_line_tile": N_("Line {line}: a tile of an unknown kind."),
    "more_problems": N_("And {count} more problems."),
    # warnings: the map can be played
    "no_terrain": None,     # the author's sentence says it plainly: "no mountain space (...)"
    "in_pieces": N_("The board is in {count} pieces."),
    "players": N_("The number of players this map is for cannot be read."),
    "missing_picture": N_("A picture of this map's tiles is missing ({image}), so the board"
                          " is drawn in plain colours."),
}


class MapProblem(str):
    """A problem the maps room found: ``code`` (a key of `TOLD`) and the
    author's sentence as `Words`; as a string, that sentence in English with
    the file's whole path."""

    code: str
    words: Words

    def __new__(cls, code: str, text: str, /, **fields: object) -> MapProblem:
        if code not in TOLD:
            raise ValueError(f"no words for map problem code {code!r}")
        words = Words(text, **fields)
        self = super().__new__(cls, words.worded(True, _english))
        self.code = code
        self.words = words
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, self.words.text, self.words.fields))

    def worded(self, full_path: bool = False) -> str:
        """The author's sentence in the current language: the file by its name
        (``full_path``: its whole path, as the command line shows it)."""
        return self.words.worded(full_path)

    def told(self) -> str:
        """What a player is told, in the current language."""
        text = TOLD[self.code]
        return self.detail() if text is None else _(text).format(**self.words.filled())

    def detail(self) -> str:
        """The author's sentence in the current language without the file it
        starts with (a screen names the file once, above its problems)."""
        text, name = self.worded(), self.file
        return text.removeprefix(f"{name}: ") if name else text

    @property
    def foreign(self) -> bool:
        """True when the author's sentence carries another program's own
        words (a parser's or the system's message, in English whatever the
        language): a player screen leaves it out, the log keeps it."""
        return _foreign(self.words)

    @property
    def file(self) -> str:
        """The name of the file the problem is in ("" when it names none)."""
        found = _first_file(self.words)
        return found.worded(False) if found is not None else ""


def _rebuild(code: str, text: str, fields: dict[str, object]) -> MapProblem:
    return MapProblem(code, text, **fields)


# Fields that hold another program's message as it gave it (an exception,
# an operating system's words), not words of the game's own.
FOREIGN_FIELDS = ("reason", "detail", "error")


def _foreign(words: Words) -> bool:
    for name, value in words.fields.items():
        if isinstance(value, MapProblem):
            value = value.words
        if isinstance(value, Words):
            if _foreign(value):
                return True
        elif name in FOREIGN_FIELDS and isinstance(value, (str, BaseException)):
            return True
    return False


def _first_file(words: Words) -> MapFile | None:
    for value in words.fields.values():
        if isinstance(value, MapFile):
            return value
        if isinstance(value, Words):
            found = _first_file(value)
            if found is not None:
                return found
    return None


def worded(problem: str, full_path: bool = False) -> str:
    """A problem as an author reads it, in the current language (a plain
    string, from outside the maps room, as it is)."""
    return problem.worded(full_path) if isinstance(problem, MapProblem) else problem


def told(problem: str) -> str:
    """A problem as a player reads it, in the current language."""
    return problem.told() if isinstance(problem, MapProblem) else problem


def detail(problem: str) -> str:
    """A problem's author's sentence without its file, in the current language."""
    return problem.detail() if isinstance(problem, MapProblem) else problem


def shown_detail(problem: str) -> str:
    """A problem's author's sentence as a player screen shows it: "" when it
    carries another program's English words and the game speaks another
    language (the log and ``python -m hacienda_game.maps validate`` keep it)."""
    if isinstance(problem, MapProblem) and problem.foreign and i18n_language() != "en":
        return ""
    return detail(problem)


# The ``author`` of the maps the game's own makers drew (and of maps made by
# ``python -m hacienda_game.maps generate``): worded in each language.
PROJECT_AUTHOR = "Hacienda project"


def by_line(author: str) -> str:
    """Who made a map, in the current language: "by the Hacienda project" for
    the game's own maps, "by {author}" for a person, "by unknown" for none."""
    author = author.strip()
    if author == PROJECT_AUTHOR:
        return _("by the Hacienda project")
    return _("by {author}").format(author=author or _("unknown"))


def told_all(name: str, problems: Iterable[str]) -> str:
    """A file's name and its problems as a player reads them, one a line."""
    return "\n".join([name, *(f"· {told(p)}" for p in problems)])


def all_worded(problems: Iterable[str], full_path: bool = False) -> list[str]:
    return [worded(p, full_path) for p in problems]


class Reason(ValueError):
    """A file the reader cannot take: ``reason`` (an `N_` text) and its fields,
    the ``{reason}`` of a `MapProblem` (as ``.words``)."""

    def __init__(self, reason: str, **fields: object):
        super().__init__(reason)
        self.reason = reason
        self.fields = fields
        self.words = Words(reason, **fields)

    def worded(self) -> str:
        """The reason in the current language."""
        return self.words.worded()

