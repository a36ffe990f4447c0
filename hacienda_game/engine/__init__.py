"""The rules of Hacienda: pure Python, headless, deterministic (CONTRACTS §4).

No pygame here, ever: the AI seats, tools and tests build game states
directly, and the client sends every action through `GameState.apply`.

This module is the engine's whole public face: every other room imports
from here, never from a module of the engine (tests/test_architecture.py).
"""

from .actions import END, KINDS, Action, buy_card, parse_action
from .chance import chance_outcomes, draw_outcomes, is_blind_draw, unseen_cards
from .components import (
    ACTIONS_PER_TURN,
    ANIMAL_DECK,
    ANIMAL_HAND,
    ANIMAL_INDEX,
    ANIMALS,
    ANIMALS_REMOVED,
    CHAIN_MIN_HARVEST,
    CHAIN_MIN_SCORING,
    CHAIN_POINTS_PER_TILE,
    FACE_UP,
    HACIENDAS,
    HAND_LIMIT_ANIMAL,
    HAND_LIMIT_LAND,
    HARVEST_CHIPS,
    HARVEST_PER_TILE,
    LAND_CARDS,
    LAND_DECK,
    LAND_HAND,
    LAND_INDEX,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAMPAS_CARD,
    PESOS_PER_POINT,
    PRICE_BLIND,
    PRICE_FACE_UP,
    PRICE_HACIENDA,
    PRICE_WATER,
    START_MONEY,
    TERRAINS,
    VARIANTS,
    WATER_SHAPES,
    WATER_TILES,
    market_points,
)
from .countdown import ScoringAhead, scoring_ahead, scoring_switched
from .determinize import determinize
from .errors import REFUSALS, IllegalAction, ScenarioError, Termination, termination_of
from .events import Event
from .groups import ANIMAL0, EMPTY, LAND, WATER, group_at, groups_of
from .observe import Observation, SeatView, observe
from .record import FORMAT as RECORD_FORMAT
from .record import initial_state, load_record, make_record, replay, save_record
from .scenario import FORMAT as SCENARIO_FORMAT
from .scenario import load_scenario
from .scoring import (
    BOARD_CATEGORIES,
    CATEGORIES,
    Position,
    connected_markets,
    ranking,
    score,
    scoring_hexes,
    water_bodies,
)
from .setup import PLAYER_COUNTS, new_game
from .state import GameState, Seat
from .undo import (
    CARD_DRAWN,
    CARD_REVEALED,
    GAME_OVER,
    TURN_START,
    UndoLimit,
    limit_reason,
    replay_with_limit,
    undone,
)
from .whynot import CONTROLS, why_none

__all__ = [
    # actions and events
    "END", "KINDS", "Action", "Event", "buy_card", "parse_action",
    # the game and what a seat sees
    "GameState", "Observation", "PLAYER_COUNTS", "Seat", "SeatView", "determinize", "new_game",
    "observe",
    # pieces, cards, prices (R1-R21, R42-R47)
    "ACTIONS_PER_TURN", "ANIMALS", "ANIMALS_REMOVED", "ANIMAL_DECK", "ANIMAL_HAND",
    "ANIMAL_INDEX", "CHAIN_MIN_HARVEST", "CHAIN_MIN_SCORING", "CHAIN_POINTS_PER_TILE",
    "FACE_UP", "HACIENDAS", "HAND_LIMIT_ANIMAL", "HAND_LIMIT_LAND", "HARVEST_CHIPS",
    "HARVEST_PER_TILE", "LAND_CARDS", "LAND_DECK", "LAND_HAND", "LAND_INDEX", "MAX_PLAYERS",
    "MIN_PLAYERS", "PAMPAS_CARD", "PESOS_PER_POINT", "PRICE_BLIND", "PRICE_FACE_UP",
    "PRICE_HACIENDA",
    "PRICE_WATER", "START_MONEY", "TERRAINS", "VARIANTS", "WATER_SHAPES", "WATER_TILES",
    "market_points",
    # what is on a hex, and groups of pieces (R26, R28)
    "ANIMAL0", "EMPTY", "LAND", "WATER", "group_at", "groups_of",
    # refusals and the end of a game, as data
    "CONTROLS", "REFUSALS", "IllegalAction", "ScenarioError", "Termination", "termination_of",
    "why_none",
    # chance (R18, R19)
    "chance_outcomes", "draw_outcomes", "is_blind_draw", "unseen_cards",
    # scoring (R40-R49), on a state or a seat's view
    "BOARD_CATEGORIES", "CATEGORIES", "Position", "ScoringAhead", "connected_markets",
    "ranking", "score", "scoring_ahead", "scoring_hexes", "scoring_switched", "water_bodies",
    # records, scenarios and undo
    "CARD_DRAWN", "CARD_REVEALED", "GAME_OVER", "RECORD_FORMAT", "SCENARIO_FORMAT",
    "TURN_START", "UndoLimit", "initial_state", "limit_reason", "load_record", "load_scenario",
    "make_record", "replay", "replay_with_limit", "save_record", "undone",
]
