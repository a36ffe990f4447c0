"""A full game state consistent with what one seat has seen.

AI seats only get an `Observation`.  To think ahead they deal the cards they
cannot see at random from the cards that can still be anywhere hidden
(other hands, the decks, the animal cards removed unseen), respecting what
everyone knows (cards others took from the face-up display, R60).  The
legal actions of the seat to move never depend on that guess.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from . import components as C
from .actions import parse_action
from .observe import Observation
from .state import GameState

# Actions are immutable and the same lines recur in every determinization of
# a game (an AI seat determinizes many times a move): parse each line once.
_parse = lru_cache(maxsize=16384)(parse_action)


def _unseen(total: dict[str, int], *seen: Counter[str]) -> list[str]:
    left = Counter(total)
    for counts in seen:
        left.subtract(counts)
    if any(n < 0 for n in left.values()):
        raise ValueError("observation shows more cards than the game has")
    return sorted(left.elements())


def _hand_counts(names: tuple[str, ...], counts: tuple[int, ...]) -> Counter[str]:
    return Counter({n: c for n, c in zip(names, counts, strict=True) if c})


def determinize(obs: Observation, rng: random.Random) -> GameState:
    """A `GameState` whose `observe(state, obs.seat)` equals ``obs``; the
    hidden cards dealt at random with ``rng``; the seed (future reshuffles)
    drawn from ``rng`` too."""
    state = GameState(obs.board, obs.players, rng.randrange(1 << 31), obs.variants)
    me = obs.seat
    _deal_hidden(state, obs, rng, land=True)
    _deal_hidden(state, obs, rng, land=False)
    state.kind = list(obs.kind)
    state.owner = list(obs.owner)
    state.water_tiles = list(obs.water_tiles)
    state.water_left = dict(obs.water_left)
    state.haciendas = list(obs.haciendas)
    state.haciendas_left = obs.haciendas_left
    state.chips = list(obs.chips)
    state.land_face_up = list(obs.land_face_up)
    state.animal_face_up = list(obs.animal_face_up)
    state.land_discard = [c for c, n in obs.land_discard for _ in range(n)]
    state.animal_discard = [c for c, n in obs.animal_discard for _ in range(n)]
    for name in ("stack", "intermediate_due", "final_due", "scorings_done", "current",
                 "start_player", "actions_taken", "bought_hacienda", "bought_water",
                 "harvested", "round", "turn", "forced_passes", "over", "over_reason"):
        setattr(state, name, getattr(obs, name))
    for seat, view in zip(state.seats, obs.seats, strict=True):
        seat.money = view.money
        seat.score = view.score
        seat.land_hexes = list(view.land_hexes)
        seat.animal_hexes = [list(h) for h in view.animal_hexes]
        seat.known_land = list(view.known_land)
        seat.known_animal = list(view.known_animal)
        seat.scorings = [dict(items) for items in view.scorings]
    state.seats[me].land_hand = list(obs.land_hand)
    state.seats[me].animal_hand = list(obs.animal_hand)
    state.history = [_parse(a) for a in obs.history]
    state._history_text = obs.history
    state.rebuild_caches()
    return state


def _deal_hidden(state: GameState, obs: Observation, rng: random.Random, land: bool) -> None:
    names = C.LAND_CARDS if land else C.ANIMALS
    total = C.LAND_DECK if land else C.ANIMAL_DECK
    own = obs.land_hand if land else obs.animal_hand
    face_up = Counter(c for c in (obs.land_face_up if land else obs.animal_face_up) if c)
    discard = Counter(dict(obs.land_discard if land else obs.animal_discard))
    known: list[Counter[str]] = [Counter() for _ in obs.seats]
    for i, view in enumerate(obs.seats):
        if i != obs.seat:
            known[i] = _hand_counts(names, view.known_land if land else view.known_animal)
    pool = _unseen(total, _hand_counts(names, own), face_up, discard, *known)
    rng.shuffle(pool)
    for i, view in enumerate(obs.seats):
        if i == obs.seat:
            continue
        size = view.land_cards if land else view.animal_cards
        hand = list(known[i].elements())
        hand += [pool.pop() for _ in range(size - len(hand))]
        counts = [0] * len(names)
        for c in hand:
            counts[names.index(c)] += 1
        if land:
            state.seats[i].land_hand = counts
        else:
            state.seats[i].animal_hand = counts
    if land:
        state.land_deck = [pool.pop() for _ in range(obs.land_deck_size)]
    else:
        state.animal_draw = [pool.pop() for _ in range(obs.animal_draw_size)]
        state.animal_waiting = [pool.pop() for _ in range(obs.animal_waiting_size)]
        state.animal_removed = [pool.pop() for _ in range(obs.animal_removed_size)]
    if pool:
        raise ValueError("observation's card counts do not add up")
