"""Places named by landmark (maps/landmarks.py): every hex of every built-in
map has a name in English, German and Spanish, computed from the map, never
a cell's coordinates; markets and lakes have names of their own."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from hacienda_game import i18n
from hacienda_game.maps import Board, builtin_maps, load_board
from hacienda_game.maps.landmarks import Landmarks, landmark_words, place_of, place_words, where

COORDINATES = re.compile(r"\d+\s*,\s*\d+")


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("name", builtin_maps())
def test_every_hex_of_every_builtin_map_has_a_name_in_each_language(name, language):
    board = load_board(name)
    names = [where(board, h) for h in range(len(board.cells))]
    for h, text in enumerate(names):
        assert text and text == text.strip() and "{" not in text, (board.names[h], text)
        assert not COORDINATES.search(text) and not re.search(r"\d", text), text
    if language == "de":
        assert not any(re.search(r"\b(von|an|in|bei) dem\b", t) for t in names)
    if language == "es":
        assert not any(re.search(r"\b(a|de) el\b", t) for t in names)
    if language != "en":       # translated: no English place words left
        english = {t for t in names if re.search(r"\b(of the|next to|near the|just)\b", t)}
        assert not english


@pytest.mark.parametrize("name", builtin_maps())
def test_names_are_as_unique_as_the_map_allows(name):
    board = load_board(name)
    marks = Landmarks(board)
    keys = [m.key for m in marks.landmarks]
    assert len(keys) == len(set(keys))                     # no two markets or lakes alike
    assert {h for m in marks.landmarks for h in m.hexes} == \
        set(board.markets) | set(board.water_fields)
    names = [place_words(p) for p in marks.places]
    shared = Counter(names)
    for m in board.markets:                                # a market is unique by itself
        assert shared[names[m]] == 1


@pytest.mark.parametrize("name", builtin_maps())
def test_every_hex_of_a_builtin_map_has_a_name_of_its_own_in_each_language(name, language):
    """A player tells places apart by their names: where the landmarks leave
    hexes alike, the next word (the side of them a hex is on) parts them (69%
    to 95% of the names were unique before)."""
    board = load_board(name)
    names = [where(board, h) for h in range(len(board.cells))]
    alike = [(board.names[h], t) for h, t in enumerate(names) if names.count(t) > 1]
    assert not alike, (name, language, alike[:4])


def test_a_place_tells_its_terrain_and_its_landmark_in_good_grammar():
    board = Board.from_rows([
        ".......",
        "..MM~..",
        "...$...",
        ".......",
        ".......",
    ], name="tiny")
    market = board.index[(3, 2)]
    assert where(board, market) == "at the central market"
    beside = [where(board, n) for n in board.adjacent[market]]
    assert len(set(beside)) == len(beside)                 # each side its own name
    mountain = where(board, (3, 1))
    assert mountain.startswith("on the mountain ") and "market" in mountain + "lake"
    lake = place_of(board, (4, 1)).landmarks[0]
    i18n.set_language("de")
    try:
        assert landmark_words(lake).startswith("dem ")
        assert where(board, market) == "am Markt in der Mitte"      # an dem -> am
        assert where(board, (3, 1)).startswith("auf dem Berg ")
    finally:
        i18n.set_language("es")
    try:
        assert where(board, market) == "en el mercado del centro"
        assert all(" a el " not in where(board, n) and " de el " not in where(board, n)
                   for n in range(len(board.cells)))
    finally:
        i18n.set_language("en")


def test_names_come_from_the_map_alone_and_stay_put():
    board = load_board("symmetric")
    first = [place_words(p) for p in Landmarks(board).places]
    again = [place_words(p) for p in Landmarks(load_board("symmetric")).places]
    assert first == again
    assert where(board, board.names[0]) == where(board, board.cells[0]) == where(board, 0)
