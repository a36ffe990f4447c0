"""Scenarios: positions set up by hand (CONTRACTS §3).

A scenario names a map, the players, seed and variants, and what each seat
holds; anything not given is set up as in a normal game from the seed (R9-R12),
less what the scenario hands out.  Keys beyond the contract (all optional):
``start_player``; per seat ``score``; ``face_up`` {"land": [...], "animal": [...]};
``decks`` {"land": [...], "animal": [...], "animal_waiting": [...]} (top card
first) to fix the draw piles; ``stack`` (1 or 2: which animal stack is the draw
pile); ``round``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..maps.board import Board, BoardError, parse_cell
from . import components as C
from . import phases
from .errors import ScenarioError
from .groups import ANIMAL0, EMPTY, LAND, WATER
from .setup import check_players_variants, deal, resolve_board
from .state import GameState

FORMAT = "hacienda-scenario/1"
SEAT_KEYS = {"money", "hand", "land", "animals", "haciendas", "harvest", "score"}
TOP_KEYS = {"format", "map", "players", "seed", "variants", "current_player", "seats", "water",
            "start_player", "face_up", "decks", "stack", "round"}


def load_scenario(source: str | os.PathLike[str] | Mapping[str, Any],
                  board: Board | None = None) -> GameState:
    """Set up the position a scenario describes; `ScenarioError` lists every
    reason it cannot be (a rule it breaks, an unknown hex, a bad value)."""
    base = None
    if isinstance(source, Mapping):
        data = dict(source)
    else:
        path = Path(source)
        base = str(path.parent)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ScenarioError(f"{path}: cannot read scenario: {e}") from None
        if not isinstance(data, dict):
            raise ScenarioError(f"{path}: a scenario is a JSON object")
    return _build(data, base, board)


def _build(data: dict[str, Any], base: str | None, board: Board | None) -> GameState:
    problems: list[str] = []
    if data.get("format", FORMAT) != FORMAT:
        problems.append(f"format must be {FORMAT!r}, not {data.get('format')!r}")
    unknown = set(data) - TOP_KEYS
    if unknown:
        problems.append(f"unknown keys: {', '.join(sorted(unknown))}")
    players: Any = data.get("players")
    variants = data.get("variants", [])
    if not isinstance(variants, list):
        problems.append("variants must be a list")
        variants = []
    problems += check_players_variants(players, variants)
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        problems.append("seed must be a whole number")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        problems.append("seats must be a list of objects")
        seats = []
    if isinstance(players, int) and len(seats) > players:
        problems.append(f"{len(seats)} seats given for {players} players")
    if problems:
        raise ScenarioError(problems)
    if board is None:
        if "map" not in data:
            raise ScenarioError("a scenario names its map")
        try:
            board = resolve_board(data["map"], relative_to=base)
        except (BoardError, OSError, ValueError) as e:
            raise ScenarioError(f"map {data['map']!r}: {e}") from None
    seats = seats + [{} for _ in range(players - len(seats))]
    for i, s in enumerate(seats):
        extra = set(s) - SEAT_KEYS
        if extra:
            problems.append(f"seat {i}: unknown keys: {', '.join(sorted(extra))}")
    land_hands, animal_hands = [], []
    for i, s in enumerate(seats):
        hand = s.get("hand", {})
        land_hands.append(_cards(hand.get("land"), C.LAND_CARDS, f"seat {i} land hand", problems))
        animal_hands.append(_cards(hand.get("animal"), C.ANIMALS, f"seat {i} animal hand",
                                   problems))
    start = data.get("start_player")
    if start is not None and not (isinstance(start, int) and 0 <= start < players):
        problems.append(f"start_player must be 0-{players - 1}")
        start = None
    if problems:
        raise ScenarioError(problems)
    state = deal(board, players, seed, variants, start, land_hands, animal_hands)
    state.origin = {"scenario": data}
    _place(state, data, seats, problems)
    if problems:
        raise ScenarioError(problems)
    return state


def _cards(cards: Any, names: tuple[str, ...], what: str, problems: list[str]) -> list[str] | None:
    if cards is None:
        return None
    if not isinstance(cards, list) or any(c not in names for c in cards):
        problems.append(f"{what}: cards must be a list of {', '.join(names)}")
        return []
    return cards


def _hexes(state: GameState, cells: Any, what: str, problems: list[str]) -> list[int]:
    if not isinstance(cells, list):
        problems.append(f"{what}: expected a list of cells \"X,Y\"")
        return []
    out = []
    for c in cells:
        try:
            out.append(state.board.hex_of(parse_cell(c) if isinstance(c, str) else tuple(c)))
        except (KeyError, ValueError, TypeError) as e:
            problems.append(f"{what}: {str(e).strip(chr(39))}")
    return out


def _put(state: GameState, h: int, kind: int, seat: int, what: str,
         problems: list[str]) -> bool:
    if state.kind[h] != EMPTY:
        problems.append(f"{what}: {state.cell(h)} holds two pieces")
        return False
    state.kind[h] = kind
    state.owner[h] = seat
    return True


def _place(state: GameState, data: dict[str, Any], seats: list[dict[str, Any]],
           problems: list[str]) -> None:
    board = state.board
    # Water first: placed tiles beyond the starting ones (R21).
    water = data.get("water", [])
    if not isinstance(water, list):
        problems.append("water must be a list of tiles, each a list of cells")
        water = []
    for t in water:
        hexes = tuple(sorted(_hexes(state, t, "water", problems)))
        size = len(hexes)
        if not 1 <= size <= 4 or hexes not in set(board.placements(C.WATER_SHAPES[size])):
            problems.append(f"water {t}: not the shape of a water tile (R7)")
            continue
        if state.water_left[size] <= 0:
            problems.append(f"water {t}: no size-{size} water tile left (R7)")
            continue
        for h in hexes:
            if not board.is_pampas[h]:
                problems.append(f"water {t}: {state.cell(h)} is not pampas (R21)")
            _put(state, h, WATER, -1, "water", problems)
        state.water_left[size] -= 1
        state.water_tiles.append(hexes)
    for i, s in enumerate(seats):
        seat = state.seats[i]
        money = s.get("money", seat.money)
        if not isinstance(money, int) or money < 0:
            problems.append(f"seat {i}: money must be a whole number of pesos >= 0 (R16)")
        else:
            seat.money = money
        score = s.get("score", 0)
        if not isinstance(score, int) or score < 0:
            problems.append(f"seat {i}: score must be a whole number >= 0")
        else:
            seat.score = score
        for h in _hexes(state, s.get("land", []), f"seat {i} land", problems):
            space = board.spaces[h]
            if space in ("market", "water"):
                problems.append(f"seat {i} land: {state.cell(h)} is a {space} (R30)")
            elif _put(state, h, LAND, i, f"seat {i} land", problems):
                seat.land_hexes.append(h)
        animals = s.get("animals", {})
        if not isinstance(animals, dict):
            problems.append(f"seat {i}: animals must map an animal to cells")
            animals = {}
        for name, cells in animals.items():
            if name not in C.ANIMAL_INDEX:
                problems.append(f"seat {i}: unknown animal {name!r}")
                continue
            a = C.ANIMAL_INDEX[name]
            for h in _hexes(state, cells, f"seat {i} {name}", problems):
                if not board.is_pampas[h]:
                    problems.append(f"seat {i} {name}: {state.cell(h)} is {board.spaces[h]},"
                                    " animals go on pampas (R27, R30)")
                elif _put(state, h, ANIMAL0 + a, i, f"seat {i} {name}", problems):
                    seat.animal_hexes[a].append(h)
        if not C.coverable([len(x) for x in seat.animal_hexes], C.ANIMAL_CAPS):
            problems.append(f"seat {i}: more animals than 30 two-sided tokens can show (R4)")
    if not C.coverable([len(s.land_hexes) for s in state.seats], state._land_caps):
        problems.append("more land tiles than the two-coloured supply holds (R3)")
    for i, s in enumerate(seats):
        for h in _hexes(state, s.get("haciendas", []), f"seat {i} haciendas", problems):
            if state.owner[h] != i or state.kind[h] == WATER:
                problems.append(f"seat {i} hacienda: {state.cell(h)} is not the seat's own"
                                " tile or token (R20)")
            elif h in state.haciendas:
                problems.append(f"seat {i} hacienda: two on {state.cell(h)}")
            else:
                state.haciendas.append(h)
        for h in _hexes(state, s.get("harvest", []), f"seat {i} harvest", problems):
            if state.owner[h] != i or state.kind[h] != LAND:
                problems.append(f"seat {i} harvest chip: {state.cell(h)} is not the seat's own"
                                " land tile (R36)")
            elif h in state.chips:
                problems.append(f"seat {i} harvest chip: two on {state.cell(h)}")
            else:
                state.chips.append(h)
    state.haciendas_left -= len(state.haciendas)
    if state.haciendas_left < 0:
        problems.append(f"more haciendas than the {C.HACIENDAS[state.players]} a"
                        f" {state.players}-player game has (R5)")
    if len(state.chips) > C.HARVEST_CHIPS:
        problems.append(f"more than {C.HARVEST_CHIPS} harvest chips (R6)")
    _decks(state, data, problems)
    _turn(state, data, problems)
    for seat in state.seats:
        seat.land_hexes.sort()
        for x in seat.animal_hexes:
            x.sort()
    state.rebuild_caches()


def _decks(state: GameState, data: dict[str, Any], problems: list[str]) -> None:
    face_up = data.get("face_up", {})
    decks = data.get("decks", {})
    if not isinstance(face_up, dict) or not isinstance(decks, dict):
        problems.append("face_up and decks map 'land'/'animal' to lists of cards")
        return
    for item, names in (("land", C.LAND_CARDS), ("animal", C.ANIMALS)):
        if item in face_up:
            cards = _cards(face_up[item], names, f"face-up {item}", problems) or []
            if len(cards) > C.FACE_UP:
                problems.append(f"at most {C.FACE_UP} face-up {item} cards")
                continue
            # The dealt face-up cards go back into the draw pile and the
            # scenario's come out of it, so every card is still somewhere.
            land = item == "land"
            pile = state.land_deck if land else state.animal_draw
            pile.extend(c for c in (state.land_face_up if land else state.animal_face_up) if c)
            for c in cards:
                if c in pile:
                    pile.remove(c)
                else:
                    problems.append(f"face-up {item}: no {c} card is left for the display")
            slots = list(cards) + [None] * (C.FACE_UP - len(cards))
            if land:
                state.land_face_up = slots
            else:
                state.animal_face_up = slots
    if "land" in decks:
        state.land_deck = list(reversed(_cards(decks["land"], C.LAND_CARDS, "land deck",
                                               problems) or []))
    if "animal" in decks:
        state.animal_draw = list(reversed(_cards(decks["animal"], C.ANIMALS, "animal deck",
                                                 problems) or []))
    if "animal_waiting" in decks:
        state.animal_waiting = list(reversed(_cards(decks["animal_waiting"], C.ANIMALS,
                                                    "waiting animal stack", problems) or []))
    stack = data.get("stack", 1)
    if stack not in (1, 2):
        problems.append("stack must be 1 or 2")
    elif stack == 2:
        state.stack = 2
        state.animal_waiting = []
        state.scorings_done = 1
    if not state.animal_draw and state.stack < 3:
        phases.stack_used_up(state, [])


def _turn(state: GameState, data: dict[str, Any], problems: list[str]) -> None:
    current = data.get("current_player", state.start_player)
    if not isinstance(current, int) or not 0 <= current < state.players:
        problems.append(f"current_player must be 0-{state.players - 1}")
    else:
        state.current = current
    rnd = data.get("round", 1)
    if not isinstance(rnd, int) or rnd < 1:
        problems.append("round must be a whole number >= 1")
    else:
        state.round = rnd
