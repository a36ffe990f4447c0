"""The book of tips seen: per player name on this machine, read through the
bounded reader; a damaged, hostile or unwritable file never stops a game."""

from __future__ import annotations

import json
import os

from hacienda_game.session.tips import MAX_PROFILES, TipBook, profile_of


def test_a_tip_seen_is_kept_per_name(tmp_path):
    path = tmp_path / "tips.json"
    book = TipBook(path)
    book.mark("Ana", "market")
    again = TipBook(path)
    assert again.has_seen("ana ", "market") and again.has_seen("  ANA", "market")
    assert not again.has_seen("Bea", "market") and not again.has_seen("Ana", "water")
    again.reset()
    assert not TipBook(path).has_seen("Ana", "market")


def test_a_damaged_or_hostile_file_is_a_book_with_nothing_seen(tmp_path):
    path = tmp_path / "tips.json"
    for text in ("{not json", "[1, 2]", json.dumps({"seen": {"Ana": "market"}}),
                 json.dumps({"seen": {"Ana": [1, None, "x" * 400, "water"]}}),
                 "{\"seen\": {\"Ana\": [" + "9" * 200 + "]}}"):
        path.write_text(text)
        book = TipBook(path)
        assert not book.has_seen("Ana", "market")
    assert TipBook(path).seen == {}
    path.write_text(json.dumps({"seen": {"Ana": [1, None, "x" * 400, "water"]}}))
    assert TipBook(path).seen == {"ana": ["water"]}


def test_a_file_too_large_is_not_read(tmp_path):
    path = tmp_path / "tips.json"
    path.write_text(json.dumps({"seen": {f"p{i}": ["market"] * 50 for i in range(400)}}))
    book = TipBook(path)
    assert book.seen == {} and book.problem


def test_the_book_keeps_the_latest_profiles(tmp_path):
    book = TipBook(tmp_path / "tips.json")
    for i in range(MAX_PROFILES + 5):
        book.mark(f"Player {i}", "market")
    kept = TipBook(tmp_path / "tips.json").seen
    assert len(kept) == MAX_PROFILES and profile_of(f"Player {MAX_PROFILES + 4}") in kept
    assert profile_of("Player 0") not in kept


def test_an_unwritable_place_keeps_the_book_in_memory(tmp_path):
    path = tmp_path / "tips.json"
    os.mkdir(path)                                   # a folder where the file would be
    book = TipBook(path)
    book.mark("Ana", "market")
    assert book.has_seen("Ana", "market") and book.problem
    assert path.is_dir()
