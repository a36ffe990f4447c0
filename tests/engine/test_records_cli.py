"""Game records (STYLE lesson 8), the action notation (CONTRACTS §2) and the
``python -m hacienda_game.engine run`` command line (CONTRACTS §5)."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hacienda_game.engine import (
    Action,
    ScenarioError,
    load_record,
    load_scenario,
    make_record,
    new_game,
    parse_action,
    replay,
    save_record,
)
from hacienda_game.maps import Board

ROOT = Path(__file__).resolve().parents[2]
SMALL_BOARD = ROOT / "tests" / "boards" / "hex_y_odd.tmx"
CATEGORIES = ("markets", "chains", "haciendas", "water", "money", "total")


def _random_game(map_="symmetric", players=3, seed=4, steps=None, variants=()):
    state = new_game(map_, players, seed, variants)
    rng = random.Random(seed)
    snapshots = [state.snapshot()]
    while not state.is_over() and (steps is None or len(state.history) < steps):
        state.apply(state.random_action(rng))
        snapshots.append(state.snapshot())
    return state, snapshots


# ------------------------------------------------------------------ records
def test_r12_record_round_trip_through_a_file(tmp_path):
    state, _ = _random_game(players=4, seed=21)
    path = tmp_path / "game.json"
    save_record(state, path, event="test")
    record = load_record(path)
    assert record["header"]["players"] == 4 and record["header"]["seed"] == 21
    assert record["header"]["event"] == "test"
    assert record["actions"] == [str(a) for a in state.history]
    assert record["result"]["winners"] == state.winners()
    assert record["result"]["scores"] == [s.score for s in state.seats]
    assert replay(path).snapshot() == state.snapshot()
    assert replay(record).snapshot() == state.snapshot()


def test_r12_replay_upto_gives_every_intermediate_position():
    state, snapshots = _random_game(players=2, seed=8, steps=120)
    record = make_record(state)
    assert record["result"] is None
    for k in (0, 1, 2, 3, 17, 59, 119, 120):
        assert replay(record, upto=k).snapshot() == snapshots[k], k
    assert replay(record, upto=None).snapshot() == snapshots[-1]


def test_r12_record_of_a_scenario_game_replays():
    scenario = {"format": "hacienda-scenario/1", "map": "symmetric", "players": 2, "seed": 3,
                "current_player": 0,
                "seats": [{"money": 30, "hand": {"land": ["forest", "pampas"],
                                                 "animal": ["pig"]}, "land": ["3,4", "2,4"]}]}
    state = load_scenario(scenario)
    for text in ("play forest 4,3", "play pig 4,4", "harvest 3,4", "end"):
        state.apply(text)
    record = json.loads(json.dumps(make_record(state)))
    assert record["header"]["scenario"] == scenario
    assert replay(record).snapshot() == state.snapshot()


def test_r12_record_on_a_board_written_as_text():
    board = Board.from_rows(["$..F.", ".~..G", "..R.$"], name="rows")
    state, _ = _random_game(board, players=3, seed=2)
    record = json.loads(json.dumps(make_record(state)))
    assert replay(record, board=board).snapshot() == state.snapshot()


def _record() -> dict:
    state, _ = _random_game(players=2, seed=5, steps=40)
    return json.loads(json.dumps(make_record(state)))


CORRUPTIONS = {
    "unknown format": lambda r: r["header"].update(format="hacienda-record/99"),
    "no header": lambda r: r.pop("header"),
    "unreadable action": lambda r: r["actions"].__setitem__(5, "fly to the moon"),
    "illegal action": lambda r: r["actions"].insert(3, "play pig 99,99"),
    "actions swapped": lambda r: r["actions"].insert(0, "harvest 0,0"),
    "too many players": lambda r: r["header"].update(players=9),
    "unknown variant": lambda r: r["header"].update(variants=["lakes", "giants"]),
    "bad start player": lambda r: r["header"].update(start_player=7),
    # The following reach past the header checks (see the report).
    "no players": lambda r: r["header"].pop("players"),
    "players not a number": lambda r: r["header"].update(players="two"),
    "no map": lambda r: r["header"].pop("map"),
    "unknown map": lambda r: r["header"].update(map="no_such_map_anywhere"),
    "action not text": lambda r: r["actions"].__setitem__(2, 42),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_r61_corrupted_record_is_refused_with_scenario_error(name):
    record = _record()
    CORRUPTIONS[name](record)
    with pytest.raises(ScenarioError):
        replay(copy.deepcopy(record))


@pytest.mark.parametrize("text", ["", "{", '{"header": ', "[1, 2]", '"record"', "\xff\xfe"])
def test_r61_unreadable_record_file_is_refused(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="latin-1")
    with pytest.raises(ScenarioError):
        replay(path)
    with pytest.raises(ScenarioError):
        load_record(tmp_path / "missing.json")


# ------------------------------------------------------------------ notation
def test_parse_action_round_trips_every_legal_action():
    seen = set()
    for board, players, seed in (("symmetric", 2, 1), ("symmetric", 5, 2),
                                 (SMALL_BOARD, 3, 3), ("symmetric", 3, 4)):
        state = new_game(board, players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            for a in legal:
                text = str(a)
                assert parse_action(text) == a, text
                assert str(parse_action(text)) == text
                seen.add(a.kind if a.source is None else "harvest from")
            state.apply(rng.choice(legal))
    assert {"buy land", "buy animal", "buy hacienda", "buy water", "play land",
            "play animal", "harvest", "harvest from", "end"} <= seen


@pytest.mark.parametrize(("text", "action"), [
    ("BUY LAND", Action("buy", "land")),
    ("  buy   land   Forest ", Action("buy", "land", "forest")),
    ("Buy Animal\tPIG", Action("buy", "animal", "pig")),
    ("buy hacienda 3, 4", Action("buy", "hacienda", None, ((3, 4),))),
    ("BUY WATER 6,5   5,5", Action("buy", "water", None, ((5, 5), (6, 5)))),
    ("play  Forest  3 ,4", Action("play", "land", "forest", ((3, 4),))),
    ("PLAY pig 5,5", Action("play", "animal", "pig", ((5, 5),))),
    ("harvest 3,4   FROM 7, 2", Action("harvest", None, None, ((3, 4),), (7, 2))),
    ("  End ", Action("end")),
])
def test_notation_is_case_and_space_insensitive(text, action):
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "jump", "buy", "buy land dragon", "play pig",
                                  "play unicorn 3,4", "harvest 3,4 to 5,5", "buy water",
                                  "buy water 1,1 1,1", "buy water 1,1 2,1 3,1 4,1 5,1",
                                  "play pig 3;4", "end now"])
def test_bad_notation_is_refused_with_a_reason(text):
    with pytest.raises(ValueError, match="."):
        parse_action(text)


# -------------------------------------------------------------- command line
def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hacienda_game.engine", "run", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.fixture
def scenario_file(tmp_path) -> Path:
    scenario = {"format": "hacienda-scenario/1", "map": str(SMALL_BOARD), "players": 2,
                "seed": 1, "current_player": 0, "start_player": 0,
                "seats": [{"money": 5, "hand": {"land": ["forest", "pampas"],
                                                "animal": ["pig"]}, "land": ["3,0"]},
                          {"money": 7}]}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    return path


def _check_scores(out: dict, players: int) -> None:
    assert len(out["money"]) == players
    assert len(out["score"]) == players
    for row in out["score"]:
        assert set(CATEGORIES) <= set(row)
        assert row["total"] == sum(row[c] for c in CATEGORIES[:-1])


def test_cli_json_prints_money_events_and_score(scenario_file):
    done = _run(str(scenario_file), "--do", "play forest 3,1", "--do", "PLAY  PIG 2,1",
                "--do", "harvest 3,0", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    _check_scores(out, 2)
    # 5 pesos + the harvest of chain 3,0-3,1 (2 tiles x 3, R36); 2,1 touches no market.
    kinds = [e["kind"] for e in out["events"]]
    assert kinds[:2] == ["tile_placed", "animal_placed"] and "harvest" in kinds
    harvest = next(e for e in out["events"] if e["kind"] == "harvest")
    assert harvest["amount"] == 6 and harvest["chain"] == 2
    assert "market_paid" not in kinds
    assert out["money"] == [5 + 6, 7]
    assert out["error"] is None and out["actions_left"] == 0


def test_cli_illegal_action_prints_the_reason_and_exits_1(scenario_file):
    done = _run(str(scenario_file), "--do", "play forest 3,1", "--do", "play rock 0,0",
                "--do", "end", "--json")
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert re.search(r"\bR\d+", out["error"]), out["error"]
    # The legal action before it happened; the illegal one and those after did not.
    assert [e["kind"] for e in out["events"]] == ["tile_placed"]
    _check_scores(out, 2)
    text = _run(str(scenario_file), "--do", "buy hacienda 3,0")
    assert text.returncode == 1
    assert "illegal:" in text.stdout and "R16" in text.stdout


def test_cli_text_mode(scenario_file):
    done = _run(str(scenario_file), "--do", "play forest 3,1", "--do", "end")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("plays forest" in line and "3,1" in line for line in lines)
    assert any(line.startswith("money:") and "P1=5" in line and "P2=7" in line
               for line in lines)
    for seat in (1, 2):
        assert any(line.startswith(f"score P{seat}:") and "total" in line for line in lines)


def test_cli_map_name_as_scenario():
    done = _run("symmetric", "--players", "3", "--seed", "2", "--do", "buy land",
                "--do", "end", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    _check_scores(out, 3)
    assert sorted(out["money"]) == [18, 20, 20]
    kinds = [e["kind"] for e in out["events"]]
    assert kinds[0] == "card_bought" and "turn_ended" in kinds


def test_cli_unknown_scenario_is_refused():
    done = _run("no_such_map_anywhere")
    assert done.returncode not in (0, 1)
    assert "no_such_map_anywhere" in done.stderr
