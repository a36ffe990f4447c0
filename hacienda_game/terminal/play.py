"""Hacienda in a terminal: hot-seat play in action notation, with AI seats of any level.

The same engine as the graphical client; handy over SSH, in bug reports and
for learning the notation (CONTRACTS §2).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from ..ai.fallback import decide
from ..engine import GameState, IllegalAction, new_game, observe, parse_action
from ..engine.components import ANIMALS, LAND_CARDS
from ..engine.groups import ANIMAL0, EMPTY, LAND, WATER
from ..session.choices import HUMAN, VARIANTS, parse_seats
from ..session.plan import new_game_seed
from ..session.refusals import hint

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


def play(map_name: str, seats: list[str], seed: int, variants: list[str],
         read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> GameState:
    """Play a game; ``seats`` holds 'human' or an AI level per seat."""
    state = new_game(map_name, len(seats), seed=seed, variants=variants)
    names = [f"Player {i + 1}" + (f" (AI {kind})" if kind != HUMAN else "")
             for i, kind in enumerate(seats)]
    rng = random.Random(seed)
    write(f"Hacienda on {state.board.title()}. Type an action (e.g. 'buy land',"
          " 'play pig 5,5', 'end'), '?' for the legal actions, 'b' for the board,"
          " 'q' to quit.")
    shown_turn = None
    while not state.is_over():
        if seats[state.current] != HUMAN:
            # The seat sees its own view only (ai.choose_action), seeded from the game's RNG;
            # a seat that fails plays a legal fallback move instead (ai.fallback).
            decision = decide(seats[state.current], observe(state, state.current),
                              rng.randrange(1 << 30))
            if decision.problem:
                write(f"({names[state.current]}: {decision.problem}; a quick legal move"
                      " instead)")
            for e in state.apply(decision.action):
                write(e.seen_by(None).describe(names))
            continue
        if shown_turn != state.turn:
            write(draw_board(state))
            shown_turn = state.turn
        write(show_turn(state, names))
        try:
            text = read("> ").strip()
        except EOFError:
            text = "q"
        if text == "q":
            write("Game abandoned.")
            return state
        if text == "b":
            write(draw_board(state))
            continue
        if text == "?":
            write("\n".join(str(a) for a in state.legal_actions()))
            continue
        try:
            action = parse_action(text)
        except ValueError:
            write("Not an action: type '?' for the legal ones, e.g. 'buy land' or 'end'.")
            continue
        try:
            events = state.apply(action)
        except IllegalAction as e:
            # In player words (session.refusals), never the engine's rule-coded message.
            write(f"Not allowed: {hint(e)}")
            continue
        for e in events:
            write(e.describe(names))
    return state


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="hacienda --text", description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="symmetric")
    ap.add_argument("--seats", default="human,random,random",
                    help="comma-separated, 2-5 seats: human or an AI level per seat")
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
