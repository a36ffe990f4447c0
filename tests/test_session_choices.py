"""The session's map list is built on `maps.catalog.MapInfo`, and seat kinds
and variants come from one registry each (`session/choices.py`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hacienda_game.maps.catalog import builtin_maps, map_info, maps_dir, parse_players
from hacienda_game.session import choices
from hacienda_game.session.plan import GamePlan, SeatPlan, find_map, list_maps
from hacienda_game.session.saves import plan_from_dict, plan_to_dict


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def map_copy(folder: Path, name: str, players: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for tiles in ("hacienda.tsx", "hacienda.png"):
        shutil.copy(maps_dir() / tiles, folder / tiles)
    text = (maps_dir() / "symmetric.tmx").read_text(encoding="utf-8")
    text = text.replace('name="players" value="2-5"', f'name="players" value="{players}"')
    assert f'value="{players}"' in text
    path = folder / f"{name}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_built_in_entry_says_what_its_map_info_says(home):
    entries = [e for e in list_maps() if e.builtin]
    assert [e.name for e in entries][:2] == ["symmetric", "asymmetric"]
    assert sorted(e.name for e in entries) == builtin_maps()
    for entry in entries:
        info = map_info(entry.name)
        assert entry.ok and entry.info == info and entry.key == entry.name
        assert (entry.title, entry.players) == (info.title("en"), info.players)


@pytest.mark.parametrize("players", ["3-4", "4", "7", "five", "5-2"])
def test_player_counts_are_read_one_way(home, tmp_path, players):
    entry = find_map(str(map_copy(tmp_path / "own", "counted", players)))
    assert entry.ok and entry.players == parse_players(players) == entry.info.players


def test_a_map_from_elsewhere_joins_the_list_once(home, tmp_path):
    path = map_copy(tmp_path / "far", "far", "2-5")
    names = [e.key for e in list_maps(extra=[str(path), "symmetric", str(path)])]
    assert names.count(str(path.resolve())) == 1 and names.count("symmetric") == 1
    missing = find_map(str(tmp_path / "none.tmx"))
    assert not missing.ok and missing.info is None and "no such file" in missing.errors[0]


def test_seat_kinds_and_variants_have_one_registry():
    assert choices.seat_kinds() == (choices.HUMAN, *choices.ai_levels())
    assert choices.default_level() in choices.ai_levels()
    assert choices.parse_seats(" Human, easy ") == ["human", "easy"]
    with pytest.raises(ValueError, match="unknown AI level 'human'"):
        choices.parse_seats("human,easy", humans=False)
    assert choices.check_variants(["lakes"]) == ["lakes"]
    with pytest.raises(ValueError, match="unknown variant 'giants'"):
        choices.check_variants(["giants"])
    assert [choices.variant_name(v) for v in choices.VARIANTS] == [
        "Hand limits", "Lakes", "Lone harvest"]


def test_a_save_names_only_known_seat_kinds_and_variants():
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], 7, ["lakes"])
    data = plan_to_dict(plan)
    assert plan_from_dict(data) == plan
    with pytest.raises(ValueError, match="plan: unknown variant 'giants'"):
        plan_from_dict(dict(data, variants=["giants"]))
    data["seats"][1]["kind"] = "wizard"
    with pytest.raises(ValueError, match="seat 2 kind 'wizard' is neither human"):
        plan_from_dict(data)
