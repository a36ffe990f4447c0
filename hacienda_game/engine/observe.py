"""What one seat can see (R50, R60): its own hand, the public board, money,
face-up cards, deck and hand sizes.  Never other hands or deck order.

AI seats and the screen only ever get an `Observation`.  Two states that
differ only in hidden information give equal observations.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..maps.board import Board
from .errors import Termination, termination_of
from .groups import groups_of
from .state import GameState


@dataclass(frozen=True)
class SeatView:
    """What everyone knows about one seat."""

    money: int
    score: int
    land_cards: int            # hand sizes (R60: only sizes are public)
    animal_cards: int
    known_land: tuple[int, ...]    # cards seen taken from the display, not yet played
    known_animal: tuple[int, ...]
    land_hexes: tuple[int, ...]
    animal_hexes: tuple[tuple[int, ...], ...]
    scorings: tuple[tuple[tuple[str, int], ...], ...]


@dataclass(frozen=True)
class Observation:
    seat: int
    board: Board
    players: int
    variants: frozenset[str]
    kind: tuple[int, ...]
    owner: tuple[int, ...]
    water_tiles: tuple[tuple[int, ...], ...]
    water_left: tuple[tuple[int, int], ...]
    haciendas: tuple[int, ...]
    haciendas_left: int
    chips: tuple[int, ...]
    land_hand: tuple[int, ...]       # this seat's own cards, counts per card
    animal_hand: tuple[int, ...]
    land_face_up: tuple[str | None, ...]
    animal_face_up: tuple[str | None, ...]
    land_deck_size: int
    land_discard: tuple[tuple[str, int], ...]
    animal_draw_size: int
    animal_waiting_size: int
    animal_discard: tuple[tuple[str, int], ...]
    animal_removed_size: int
    stack: int
    intermediate_due: bool
    final_due: bool
    scorings_done: int
    current: int
    start_player: int
    actions_taken: int
    bought_hacienda: bool
    bought_water: bool
    harvested: bool
    round: int
    turn: int
    forced_passes: int
    over: bool
    over_reason: str | None
    seats: tuple[SeatView, ...]
    history: tuple[str, ...]

    @property
    def me(self) -> SeatView:
        return self.seats[self.seat]

    @property
    def termination(self) -> Termination | None:
        """Why the game ended (R40), as data; None while it runs."""
        return termination_of(self.over_reason) if self.over else None

    # The board questions scoring asks (`score`, `scoring_hexes`), answered
    # from the view as `GameState` answers them: no dealt state is needed.
    def chains(self, seat: int) -> list[list[int]]:
        """The seat's land chains (R26), each a sorted list of hexes."""
        return groups_of(self.seats[seat].land_hexes, self.kind, self.owner, self.board.adjacent)

    def herds_of(self, seat: int, animal: int) -> list[list[int]]:
        """The seat's herds (R28) of one animal (index in `ANIMALS`)."""
        return groups_of(self.seats[seat].animal_hexes[animal], self.kind, self.owner,
                         self.board.adjacent)


def _counts(cards: list[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(cards).items()))


def observe(state: GameState, seat: int) -> Observation:
    """The game as ``seat`` sees it."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    own = state.seats[seat]
    views = tuple(
        SeatView(
            money=s.money, score=s.score,
            land_cards=sum(s.land_hand), animal_cards=sum(s.animal_hand),
            known_land=tuple(s.known_land), known_animal=tuple(s.known_animal),
            land_hexes=tuple(s.land_hexes),
            animal_hexes=tuple(tuple(h) for h in s.animal_hexes),
            scorings=tuple(tuple(sorted(d.items())) for d in s.scorings),
        )
        for s in state.seats)
    return Observation(
        seat=seat, board=state.board, players=state.players, variants=state.variants,
        kind=tuple(state.kind), owner=tuple(state.owner),
        water_tiles=tuple(state.water_tiles),
        water_left=tuple(sorted(state.water_left.items())),
        haciendas=tuple(state.haciendas), haciendas_left=state.haciendas_left,
        chips=tuple(state.chips),
        land_hand=tuple(own.land_hand), animal_hand=tuple(own.animal_hand),
        land_face_up=tuple(state.land_face_up), animal_face_up=tuple(state.animal_face_up),
        land_deck_size=len(state.land_deck), land_discard=_counts(state.land_discard),
        animal_draw_size=len(state.animal_draw), animal_waiting_size=len(state.animal_waiting),
        animal_discard=_counts(state.animal_discard),
        animal_removed_size=len(state.animal_removed),
        stack=state.stack, intermediate_due=state.intermediate_due, final_due=state.final_due,
        scorings_done=state.scorings_done, current=state.current,
        start_player=state.start_player, actions_taken=state.actions_taken,
        bought_hacienda=state.bought_hacienda, bought_water=state.bought_water,
        harvested=state.harvested, round=state.round, turn=state.turn,
        forced_passes=state.forced_passes, over=state.over, over_reason=state.over_reason,
        seats=views,
        history=state.history_text(),
    )


__all__ = ["Observation", "SeatView", "observe"]
