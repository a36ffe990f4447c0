"""Errors the engine raises, and how a game ended, as data."""

from __future__ import annotations

from enum import Enum
from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule.

    The state it was applied to is unchanged (R61).  Besides the message the
    refusal is data, so screens and seats never read English text:

    - ``code``: which refusal, a short name (``"taken"``, ``"cannot_pay"``,
      ``"no_such_card"``; the list is ``REFUSALS``);
    - ``rule``: the rule numbers it cites (``"R23, R30"``), given where it is
      raised (the message cites the same; nothing reads them from it);
    - ``params``: what the sentence is about (``cell``, ``card``, ``price``,
      ``money``, ``size`` ... as the refusal has them).
    """

    def __init__(self, message: str, code: str = "", params: dict[str, Any] | None = None,
                 rule: str = ""):
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})
        self.rule = rule                    # given where the refusal is raised


# Every refusal code the engine raises, with the rules it cites.
REFUSALS: dict[str, str] = {
    "unreadable": "R61", "not_a_hex": "R61", "water_order": "R61",
    "game_over": "R40", "turn_used": "R13", "not_an_action": "R14", "cannot_pay": "R16",
    "hand_full": "R17", "land_deck_empty": "R18", "animal_deck_empty": "R19, R40",
    "not_face_up": "R18|R19", "hacienda_one_hex": "R20", "one_hacienda": "R15",
    "no_hacienda_left": "R5, R20", "hacienda_not_own": "R20", "hacienda_already": "R20",
    "water_cells": "R7", "one_water": "R15", "water_none_left": "R7, R21",
    "water_not_free": "R21", "water_shape": "R7, R21", "one_tile": "R23",
    "no_such_card": "R23|R27", "no_land_tile_left": "R3", "taken": "R23, R30|R27, R30",
    "land_not_here": "R30", "terrain_first": "R23, R25", "pampas_not_adjacent": "R24",
    "pampas_card": "R24, R25", "wrong_terrain": "R23", "one_token": "R27",
    "no_token_left": "R4", "animal_not_pampas": "R27, R30", "animal_not_adjacent": "R27",
    "one_harvest": "R15", "harvest_not_own": "R36", "harvest_lone": "R26, R39",
    "harvest_has_chip": "R36, R38",
    "chip_from_supply": "R37", "chip_name_source": "R37", "no_chip_there": "R37",
    "chip_own": "R37",
    # Why a whole control is off (engine/whynot.py): no action of its kind is legal.
    "hacienda_no_piece": "R20", "hacienda_all_taken": "R20", "water_all_used": "R7, R21",
    "water_no_room": "R21", "harvest_no_chain": "R36, R39", "harvest_all_chipped": "R36, R38",
    "harvest_no_chip": "R37", "pampas_no_room": "R24", "terrain_no_room": "R23, R24, R25",
    "animal_no_room": "R27",
}


class Termination(Enum):
    """Why a game ended (R40), as data (python-chess's ``Termination``): each
    front end words it in its own language.  The value is the English
    sentence records keep (``over_reason``); ``code`` a short name (events
    and the wire carry it), ``rule`` the rule."""

    STACKS = "the second animal stack is used up"     # the normal end
    STALEMATE = "no player can act any more"         # an engine ruling: nobody could act

    @property
    def code(self) -> str:
        return self.name.lower()

    @property
    def rule(self) -> str:
        return "R40"

    @property
    def reason(self) -> str:
        return self.value


def termination_of(reason: str | None) -> Termination | None:
    """The `Termination` a game's ``over_reason`` (or its ``code``) stands for;
    None while it runs or for a reason this version does not know."""
    for termination in Termination:
        if reason in (termination.value, termination.code):
            return termination
    return None


class ScenarioError(ValueError):
    """A scenario or game record that cannot be set up; ``problems`` lists why."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))
