"""Legality, the one source (STYLE lesson 3): every kind's options from its
rule module, the check that refuses or returns what an action does, and
applying it (R13-R16, R61)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import animals, cards, haciendas, harvest, land, phases, water
from . import components as C
from .actions import END, KINDS, Action, parse_action
from .common import Do, refuse
from .errors import IllegalAction
from .events import Event
from .segments import Segment

if TYPE_CHECKING:
    from .state import GameState

# Each kind's options come as segments: (items, make) with make(item) the
# action.  legal_actions() builds them all; random_action() builds one.
Options = Callable[["GameState", bool], list[Segment]]
OPTIONS: dict[str, Options] = {
    "buy land": cards.land_options,
    "buy animal": cards.animal_options,
    "buy hacienda": haciendas.options,
    "buy water": water.options,
    "play land": land.options,
    "play animal": animals.options,
    "harvest": harvest.options,
    "end": phases.options,
}
assert tuple(OPTIONS) == KINDS


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, in a fixed order: by kind (`KINDS`), then
    card (`LAND_CARDS`/`ANIMALS` order), then hex number."""
    out: list[Action] = []
    for kind in KINDS:
        for items, make in OPTIONS[kind](state, False):
            out.extend(map(make, items))
    return out


def legal_kinds(state: GameState) -> list[str]:
    """The kinds of action (`KINDS`) that have at least one legal action."""
    return [k for k in KINDS if OPTIONS[k](state, True)]


def legal_actions_of(state: GameState, kind: str) -> list[Action]:
    """The legal actions of one kind (see `KINDS`), in legal_actions() order."""
    return [make(i) for items, make in OPTIONS[kind](state, False) for i in items]


def can_act(state: GameState) -> bool:
    """Whether the seat to move has any action besides ending the turn."""
    return any(OPTIONS[k](state, True) for k in KINDS if k != "end")


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action without building the whole list: a kind
    chosen uniformly among the kinds that have legal actions (the first
    such kind in a random order of all kinds), then an action of that
    kind uniformly."""
    kinds = list(KINDS)
    random_float = rng.random
    while kinds:
        kind = kinds.pop(int(random_float() * len(kinds)))
        segments = OPTIONS[kind](state, False)
        if segments:
            i = int(random_float() * sum(len(items) for items, _ in segments))
            for items, make in segments:
                if i < len(items):
                    return make(items[i])
                i -= len(items)
    raise IllegalAction("the game is over (R40): no action is legal", "game_over", rule="R40")


def as_action(action: object) -> Action:
    """An `Action` from an action or its notation; anything else is refused."""
    if isinstance(action, str):
        try:
            return parse_action(action)
        except ValueError as e:
            raise IllegalAction(f"{e} (R61)", "unreadable", {"text": action}, "R61") from None
    if not isinstance(action, Action):
        raise IllegalAction(f"not an action: {action!r} (R61)", "unreadable", rule="R61")
    return action


def check(state: GameState, a: Action) -> Do:
    """Check an action against the rules without changing anything;
    return the function that carries it out."""
    if state.over:
        raise refuse(a, "game_over", "the game is over (R40)", rule="R40")
    if a.verb == "end" and a == END:
        return lambda ev: phases.end_turn(state, ev)
    if state.actions_taken >= C.ACTIONS_PER_TURN:
        raise refuse(a, "turn_used", f"all {C.ACTIONS_PER_TURN} actions of this turn are used;"
                     " end the turn (R13)", actions=C.ACTIONS_PER_TURN, rule="R13")
    s = state.seat
    if a.verb == "buy":
        if a.item == "land":
            return cards.check(state, a, s, "land")
        if a.item == "animal":
            return cards.check(state, a, s, "animal")
        if a.item == "hacienda":
            return haciendas.check(state, a, s)
        if a.item == "water":
            return water.check(state, a, s)
    if a.verb == "play":
        if a.item == "land" and a.card in C.LAND_INDEX:
            return land.check(state, a, s)
        if a.item == "animal" and a.card in C.ANIMAL_INDEX:
            return animals.check(state, a, s)
    if a.verb == "harvest" and len(a.cells) == 1:
        return harvest.check(state, a, s)
    raise refuse(a, "not_an_action", "not an action of this game (R14)", rule="R14")


def apply(state: GameState, action: Action | str) -> list[Event]:
    """Carry out one action and return what happened; raises `IllegalAction`
    naming the rule, leaving the state unchanged."""
    a = as_action(action)
    do = check(state, a)
    events: list[Event] = []
    do(events)
    state.history.append(a)
    return events


def refusal(state: GameState, action: Action | str) -> IllegalAction | None:
    """The refusal `apply` would raise, as data, or None if the action is legal."""
    try:
        check(state, as_action(action))
    except IllegalAction as e:
        return e
    return None
