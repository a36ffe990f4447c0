"""Setting up a game (R9-R12)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence

from ..maps.board import Board
from . import components as C
from . import phases
from .errors import ScenarioError
from .groups import WATER
from .state import GameState

Hand = Sequence[str] | None
# How many players a game seats (R9): the one range every room checks against.
PLAYER_COUNTS = range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1)


def resolve_board(map_: str | os.PathLike[str] | Board, relative_to: str | None = None) -> Board:
    """A board from a built-in map name, a path, or a `Board` itself."""
    if isinstance(map_, Board):
        return map_
    from ..maps import load_board

    return load_board(map_, relative_to=relative_to)


def check_players_variants(players: int, variants: Iterable[str]) -> list[str]:
    problems = []
    if not isinstance(players, int) or players not in PLAYER_COUNTS:
        problems.append(f"players must be {C.MIN_PLAYERS}-{C.MAX_PLAYERS}, not {players!r} (R9)")
    for v in variants:
        if v not in C.VARIANTS:
            problems.append(f"unknown variant {v!r}; known: {', '.join(C.VARIANTS)}")
    return problems


def new_game(map_: str | os.PathLike[str] | Board, players: int, seed: int = 0,
             variants: Iterable[str] = (), start_player: int | None = None) -> GameState:
    """A new game on a board (R9-R12): every random choice comes from ``seed``."""
    variants = tuple(variants)
    problems = check_players_variants(players, variants)
    if start_player is not None and not (isinstance(start_player, int)
                                         and 0 <= start_player < players):
        problems.append(f"start player must be a seat number 0-{players - 1}")
    if problems:
        raise ScenarioError(problems)
    board = resolve_board(map_)
    state = deal(board, players, seed, variants, start_player)
    state.origin = {"map": board.path or board.name, "players": players, "seed": seed,
                    "variants": sorted(variants), "start_player": start_player}
    return state


def _take(deck: list[str], cards: Sequence[str], what: str) -> None:
    for card in cards:
        try:
            deck.remove(card)
        except ValueError:
            raise ScenarioError(f"more {card} {what} cards than the game has (R1, R2)") from None


def _shuffled(counts: dict[str, int], hands: Sequence[Hand], what: str,
              rng: random.Random) -> list[str]:
    """A shuffled deck of every card but those the given hands hold."""
    deck = [c for c, n in counts.items() for _ in range(n)]
    for hand in hands:
        _take(deck, hand or (), what)
    rng.shuffle(deck)
    return deck


def _deal_hands(deck: list[str], hands: Sequence[Hand], size: int, index: dict[str, int],
                counts: list[list[int]]) -> None:
    """Give each seat its given hand, or ``size`` cards from the top of the deck."""
    for seat_counts, hand in zip(counts, hands, strict=True):
        cards = hand if hand is not None else [deck.pop() for _ in range(min(size, len(deck)))]
        for c in cards:
            seat_counts[index[c]] += 1


def deal(board: Board, players: int, seed: int, variants: Iterable[str],
         start_player: int | None = None,
         land_hands: Sequence[Hand] | None = None,
         animal_hands: Sequence[Hand] | None = None) -> GameState:
    """Shuffle and deal (R9, R10), lay the starting water (R11).

    A hand given in ``land_hands``/``animal_hands`` is dealt exactly (its
    cards leave the deck first); ``None`` deals a normal hand from the deck.
    """
    state = GameState(board, players, seed, variants)
    rng = random.Random(seed)
    land_hands = land_hands or [None] * players
    animal_hands = animal_hands or [None] * players

    land = _shuffled(C.LAND_DECK, land_hands, "land", rng)
    _deal_hands(land, land_hands, C.LAND_HAND, C.LAND_INDEX,
                [s.land_hand for s in state.seats])
    state.land_face_up = [land.pop() if land else None for _ in range(C.FACE_UP)]
    state.land_deck = land

    animals = _shuffled(C.ANIMAL_DECK, animal_hands, "animal", rng)
    removed = min(C.ANIMALS_REMOVED[players], len(animals))
    state.animal_removed = [animals.pop() for _ in range(removed)]
    _deal_hands(animals, animal_hands, C.ANIMAL_HAND, C.ANIMAL_INDEX,
                [s.animal_hand for s in state.seats])
    state.animal_face_up = [animals.pop() if animals else None for _ in range(C.FACE_UP)]
    # Two stacks as equal as possible; the draw pile gets the odd card.
    split = len(animals) // 2
    state.animal_waiting = animals[:split]
    state.animal_draw = animals[split:]

    for h in board.water_fields:
        state.kind[h] = WATER
        state.water_tiles.append((h,))
        state.water_left[1] = max(0, state.water_left[1] - 1)

    state.rebuild_caches()
    state.start_player = rng.randrange(players) if start_player is None else start_player
    state.current = state.start_player
    if not state.animal_draw:
        phases.stack_used_up(state, [])
    return state
