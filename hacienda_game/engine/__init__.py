"""The rules of Hacienda: pure Python, headless, deterministic (CONTRACTS §4).

No pygame here, ever: the AI seats, tools and tests build game states
directly, and the client sends every action through `GameState.apply`.
"""

from .actions import KINDS, Action, parse_action
from .determinize import determinize
from .errors import REFUSALS, IllegalAction, ScenarioError, Termination, termination_of
from .events import Event
from .observe import Observation, SeatView, observe
from .record import load_record, make_record, replay, save_record
from .scenario import load_scenario
from .scoring import ranking, score
from .setup import PLAYER_COUNTS, new_game
from .state import GameState, Seat

__all__ = [
    "KINDS", "REFUSALS", "Action", "Event", "GameState", "IllegalAction", "Observation",
    "ScenarioError", "Seat", "SeatView", "Termination", "determinize", "load_record",
    "load_scenario", "make_record", "new_game", "observe", "parse_action", "ranking", "replay",
    "save_record", "score", "termination_of",
    "PLAYER_COUNTS",
]
