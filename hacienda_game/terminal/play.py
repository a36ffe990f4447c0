"""Hacienda in a terminal: hot-seat play in action notation, with AI seats of any level.

The same engine as the graphical client; handy over SSH, in bug reports and
for learning the notation (CONTRACTS §2).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..engine import (
    ANIMAL0,
    ANIMALS,
    EMPTY,
    LAND,
    LAND_CARDS,
    WATER,
    Action,
    GameState,
    IllegalAction,
    Observation,
    new_game,
    observe,
    parse_action,
)
from ..session.choices import HUMAN, PLAYERS_TEXT, VARIANTS, parse_seats
from ..session.plan import new_game_seed
from ..session.refusals import hint
from ..session.table import AISeat, LeaveTable, Listener, Played, PromptSeat, Table

FREE = {"mountain": "m", "forest": "f", "meadow": "g", "rock": "r", "moor": "b",
        "pampas": ".", "market": "$", "water": "~"}
ANIMAL_LETTER = {"cattle": "c", "horse": "h", "pig": "p", "sheep": "s"}


def draw_board(state: GameState) -> str:
    """The board as text: 4 characters a hex, shifted rows indented by 2."""
    board = state.board
    haciendas, chips = set(state.haciendas), set(state.chips)
    lines = ["    " + "".join(f"{x:<8}" for x in range(0, board.width, 2))]
    for y in range(board.height):
        shifted = board.staggeraxis == "y" and ((y & 1) ^ (board.staggerindex == "even"))
        row = [f"{y:>3} ", "  " if shifted else ""]
        for x in range(board.width):
            h = board.index.get((x, y))
            if h is None:
                row.append("    ")
                continue
            k, o = state.kind[h], state.owner[h]
            if k == EMPTY:
                text = f" {FREE[board.spaces[h]]}"
            elif k == WATER:
                text = "~~~"
            elif k == LAND:
                text = f"{o + 1}{FREE[board.spaces[h]].upper()}"
                text += "*" if h in haciendas else "+" if h in chips else " "
            else:
                text = f"{o + 1}{ANIMAL_LETTER[ANIMALS[k - ANIMAL0]]}"
                text += "*" if h in haciendas else " "
            row.append(f"{text:<4}")
        lines.append("".join(row).rstrip())
    lines.append("key: lower case = free space, 1F = player 1's land tile on forest,"
                 " 2p = player 2's pig, * hacienda, + harvest chip, ~~~ water")
    return "\n".join(lines)


def show_turn(state: GameState, names: list[str]) -> str:
    view = observe(state, state.current)
    land = ", ".join(f"{n} {c}" for c, n in zip(LAND_CARDS, view.land_hand, strict=True) if n)
    animals = ", ".join(f"{n} {c}" for c, n in zip(ANIMALS, view.animal_hand, strict=True)
                        if n)
    seats = "  ".join(f"{names[i]}: {s.money} pesos, {s.score} pts, {s.land_cards}+"
                      f"{s.animal_cards} cards" for i, s in enumerate(view.seats))
    face_land = " ".join(c or "-" for c in view.land_face_up)
    face_animal = " ".join(c or "-" for c in view.animal_face_up)
    return (f"{seats}\nface up: land {face_land} | animal {face_animal}"
            f"  (decks: land {view.land_deck_size}, animal {view.animal_draw_size}"
            f" + {view.animal_waiting_size} waiting)\n"
            f"{names[state.current]}, round {state.round}, {state.actions_left} actions left."
            f" Hand: land {land or '-'}; animals {animals or '-'}")


class Teller(Listener):
    """Every action played, in the terminal: a person's own in full (the
    card they drew), the others' as the public sees them."""

    def __init__(self, names: list[str], write: Callable[[str], None]):
        self.names = names
        self.write = write

    def played(self, table: Table, move: Played) -> None:
        if move.problem:
            self.write(f"({self.names[move.seat]}: {move.problem}; a quick legal move"
                       " instead)")
        own = isinstance(table.seats[move.seat], PromptSeat)
        for e in move.events:
            self.write((e if own else e.seen_by(None)).describe(self.names))


def play(map_name: str, seats: list[str], seed: int, variants: list[str],
         read: Callable[[str], str] = input, write: Callable[[str], None] = print,
         ai_seed: int | None = None) -> GameState:
    """Play a game; ``seats`` holds 'human' or an AI level per seat.  The AI
    seats think here, seeded from ``ai_seed`` (default: drawn from the
    operating system, never from the game's seed)."""
    state = new_game(map_name, len(seats), seed=seed, variants=variants)
    names = [f"Player {i + 1}" + (f" (AI {kind})" if kind != HUMAN else "")
             for i, kind in enumerate(seats)]
    shown_turn: list[int | None] = [None]

    def prompt(view: Observation) -> Action:
        now = table.state
        while True:
            if shown_turn[0] != now.turn:
                write(draw_board(now))
                shown_turn[0] = now.turn
            write(show_turn(now, names))
            try:
                text = read("> ").strip()
            except EOFError:
                text = "q"
            if text == "q":
                raise LeaveTable
            if text == "b":
                write(draw_board(now))
                continue
            if text == "?":
                write("\n".join(str(a) for a in table.legal_actions()))
                continue
            try:
                return parse_action(text)
            except ValueError:
                write("Not an action: type '?' for the legal ones, e.g. 'buy land' or 'end'.")

    def refused(action: Action, why: IllegalAction) -> None:
        # In player words (session.refusals), never the engine's rule-coded message.
        write(f"Not allowed: {hint(why)}")

    table = Table(state, [PromptSeat(prompt, refused) if kind == HUMAN else AISeat(kind)
                          for kind in seats], ai_seed=ai_seed)
    table.listen(Teller(names, write))
    write(f"Hacienda on {state.board.title()}. Type an action (e.g. 'buy land',"
          " 'play pig 5,5', 'end'), '?' for the legal actions, 'b' for the board,"
          " 'q' to quit.")
    table.run()
    if table.left:
        write("Game abandoned.")
    return table.state


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="hacienda --text", description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="symmetric")
    ap.add_argument("--seats", default="human,random,random",
                    help=f"comma-separated, {PLAYERS_TEXT} seats: human or an AI level per seat")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--variant", action="append", default=[], choices=VARIANTS)
    args = ap.parse_args(argv)
    try:
        seats = parse_seats(args.seats)
    except ValueError as exc:
        ap.error(str(exc))
    seed = args.seed if args.seed is not None else new_game_seed()
    try:
        play(args.map, seats, seed, args.variant)
    except (OSError, ValueError) as e:
        print(f"hacienda: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nGame abandoned.")
    return 0
