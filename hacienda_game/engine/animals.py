"""Animal tokens and markets (R4, R27-R34): targets, the check, placing one,
market pay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import components as C
from .actions import Action
from .common import Do, event, hex_at, play_segment, refuse, spend_action, turn_open
from .events import Event
from .groups import ANIMAL0, EMPTY, LAND, WATER
from .segments import Segment

if TYPE_CHECKING:
    from .state import GameState, Seat


def can_place(s: Seat, animal: int) -> bool:
    """R4: the player's placed animals stay coverable by their 30 tokens."""
    counts = [len(h) for h in s.animal_hexes]
    return C.can_add(counts, animal, C.ANIMAL_CAPS, C.ANIMAL_MASKS)


def targets(state: GameState, animal: int) -> list[int]:
    """R27: free pampas next to an own land tile or own token of that animal."""
    seat = state.current
    return sorted(state._land_frontier[seat] | state._animal_frontier[seat][animal])


def options(state: GameState, first: bool) -> list[Segment]:
    s = state.seat
    if not turn_open(state) or not any(s.animal_hand):
        return []
    out = []
    for a, n in enumerate(s.animal_hand):
        if n and can_place(s, a):
            where = targets(state, a)
            if where:
                out.append(play_segment(state, "animal", C.ANIMALS[a], where))
                if first:
                    break
    return out


def check(state: GameState, a: Action, s: Seat) -> Do:
    assert a.card is not None
    animal = C.ANIMAL_INDEX[a.card]
    if len(a.cells) != 1 or a.source is not None:
        raise refuse(a, "one_token", "an animal card puts one token on one hex (R27)",
                     rule="R27")
    if not s.animal_hand[animal]:
        raise refuse(a, "no_such_card", f"you hold no {a.card} card (R27)", card=a.card,
                     rule="R27")
    h = hex_at(state, a, a.cells[0])
    if not can_place(s, animal):
        raise refuse(a, "no_token_left",
                     f"your 30 animal tokens cannot show another {a.card} (R4)",
                     card=a.card, rule="R4")
    # A water tile laid on pampas makes its hexes water (R21).
    space = "water" if state.kind[h] == WATER else state.board.spaces[h]
    if space != "pampas":
        raise refuse(a, "animal_not_pampas",
                     f"animal tokens go on pampas, and {state.cell(h)} is"
                     f" {space} (R27, R30)",
                     cell=state.cell(h), space=space, rule="R27, R30")
    if state.kind[h] != EMPTY:
        raise refuse(a, "taken", f"{state.cell(h)} is already taken (R27, R30)",
                     cell=state.cell(h), rule="R27, R30")
    if h not in state._land_frontier[state.current] and \
            h not in state._animal_frontier[state.current][animal]:
        raise refuse(a, "animal_not_adjacent",
                     f"{state.cell(h)} is not next to one of your land tiles or"
                     f" {a.card} tokens (R27)", cell=state.cell(h), card=a.card,
                     rule="R27")
    return lambda ev: play(state, ev, animal, h)


def play(state: GameState, events: list[Event], animal: int, h: int) -> None:
    s = state.seat
    s.animal_hand[animal] -= 1
    if s.known_animal[animal]:
        s.known_animal[animal] -= 1
    state.animal_discard.append(C.ANIMALS[animal])
    s.animal_hexes[animal].append(h)
    state.occupy(h, ANIMAL0 + animal, state.current)
    herd = state.chain_at(h)
    event(events, "animal_placed", state.current, animal=C.ANIMALS[animal],
          cell=state.cell(h), herd=len(herd))
    markets = [m for m in state.board.adjacent[h] if state.board.is_market[m]]
    if markets:
        land = land_next_to(state, herd)
        amount = len(herd) + land
        for m in markets:
            # R32/R33: the side between m and h is reached now, once for good.
            s.money += amount
            event(events, "market_paid", state.current, market=state.cell(m),
                  side=state.cell(h), herd=len(herd), land=land, amount=amount)
    spend_action(state)


def land_next_to(state: GameState, herd: list[int]) -> int:
    """R32: total size of the owner's land chains touching any token of a herd."""
    seat = state.owner[herd[0]]
    kind, owner, adj = state.kind, state.owner, state.board.adjacent
    counted: set[int] = set()
    total = 0
    for t in herd:
        for n in adj[t]:
            if kind[n] == LAND and owner[n] == seat and n not in counted:
                chain = state.chain_at(n)
                counted.update(chain)
                total += len(chain)
    return total
