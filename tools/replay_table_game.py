"""Play one game of a strength table again and show how a seat saw it.

    python -m tools.replay_table_game docs/results/strength/expert_vs_3hard.jsonl 16
        [--seat expert] [--from-turn 60] [--json]

Reads the table's log (`tools/tournament.py --log`: its first line holds the
seats, seed, map and budget string), rebuilds game INDEX exactly as the
table dealt it (game seed, AI seed, rotated seats) and plays it again with
the same decisions: budgets count iterations, so the game comes out move for
move as it was logged, and the tool says whether the final scores match the
log's.  At the start of every turn it prints, for every seat, the projected
final points by the traced seat's own projection (expert's `EXPERT`, hard's
and the others' `HARD2`; ai/projection.py), the rounds left as that
projection counts them, the animal cards left in the draw pile, and the
traced seat's lead over the best other seat; then the traced seat's actions
and every animal card bought.  This is an analysis tool: it reads the whole
state (no seat ever does).

It showed that the projection counts the end of the first
stack far off (38 rounds to go where 8 were left) and that expert bought
land cards before the intermediate scoring that could not become tiles in
time (docs/ai.md, "Expert's count of the intermediate scoring").
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hacienda_game.ai.expert import EXPERT
from hacienda_game.ai.projection import HARD2
from hacienda_game.engine import new_game
from hacienda_game.maps.catalog import builtin_maps
from hacienda_game.session.table import Listener, Played, Table
from tools.tournament import parse_budgets, read_games, seat_for, table_tasks


def projection_of(level: str):
    return EXPERT if level == "expert" else HARD2


class Trace(Listener):
    """What the traced seat's projection says at the start of every turn, its
    actions and every animal card bought, as the table plays the game again."""

    def __init__(self, state, seats: list[str], traced: int, weights, from_turn: int):
        self.seats, self.traced, self.weights, self.from_turn = seats, traced, weights, from_turn
        self.rows: list[dict] = []
        self.turn = None
        self.turn_row(state)

    def turn_row(self, state) -> None:
        if state.is_over() or state.turn == self.turn:
            return
        self.turn = turn = state.turn
        if turn < self.from_turn:
            return
        values = self.weights.seat_values(state)
        others = [v for q, v in enumerate(values) if q != self.traced]
        self.rows.append({"turn": turn, "to_move": state.current, "stack": state.stack,
                          "scorings": state.scorings_done, "final_due": state.final_due,
                          "animals_left": len(state.animal_draw),
                          "rounds": round(self.weights.rounds(state), 1),
                          "scores": [s.score for s in state.seats],
                          "projected": [round(v, 1) for v in values],
                          "lead": round(values[self.traced] - max(others), 1)})

    def played(self, table: Table, move: Played) -> None:
        if self.turn >= self.from_turn and (move.seat == self.traced
                                            or move.action.kind == "buy animal"):
            self.rows.append({"turn": self.turn, "seat": move.seat,
                              "level": self.seats[move.seat], "action": str(move.action)})
        self.turn_row(table.state)


def replay(log: Path, index: int, seat_level: str | None = None,
           from_turn: int = 0) -> dict:
    header, games = read_games(log)
    if header is None:
        raise SystemExit(f"{log}: no table header on its first line")
    entries = header["seats"]
    if index < 0:
        raise SystemExit("the game index is 0 or more")
    maps = builtin_maps() if header["map"] == "all" else [header["map"]]
    budgets = parse_budgets(header["budget"])
    task = table_tasks(entries, index + 1, header["seed"], maps, budgets)[index]
    _, map_name, seats, game_seed, ai_seed, _ = task
    level = seat_level or entries[0]
    if level not in seats:
        raise SystemExit(f"no {level} seat in this table ({', '.join(entries)})")
    traced = seats.index(level)
    # The table's seats and AI seed, as the tournament played the game.
    table = Table(new_game(map_name, players=len(seats), seed=game_seed),
                  [seat_for(s, budgets) for s in seats], ai_seed=ai_seed)
    trace = Trace(table.state, seats, traced, projection_of(level), from_turn)
    table.listen(trace)
    state = table.run()
    final = [s.score for s in state.seats]
    logged = next((g for g in games if g["index"] == index), None)
    return {"index": index, "seats": seats, "traced": traced, "final": final,
            "logged": logged["scores"] if logged else None,
            "matches_log": bool(logged) and logged["scores"] == final, "rows": trace.rows}


def print_replay(out: dict) -> None:
    t = out["traced"]
    print(f"game {out['index']}: seats {', '.join(out['seats'])}; tracing seat {t}"
          f" ({out['seats'][t]})")
    for r in out["rows"]:
        if "action" in r:
            mark = "*" if r["seat"] == t else " "
            print(f"      {mark} seat {r['seat']} ({r['level']}): {r['action']}")
        else:
            print(f"turn {r['turn']:>3}  stack {r['stack']}  scorings {r['scorings']}"
                  f"{'  last round' if r['final_due'] else ''}  animals left"
                  f" {r['animals_left']:>2}  rounds {r['rounds']:>5}  scores {r['scores']}"
                  f"  projected {r['projected']}  lead {r['lead']:+.1f}")
    print(f"final scores {out['final']}; logged {out['logged']}:"
          f" {'the same game' if out['matches_log'] else 'NOT the logged game'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", help="a table's log (tools/tournament.py --log)")
    ap.add_argument("index", type=int, help="the game's index in the table (0 is the first)")
    ap.add_argument("--seat", help="the level whose view is traced (default: the table's first)")
    ap.add_argument("--from-turn", type=int, default=0, help="print from this turn on")
    ap.add_argument("--json", action="store_true", help="print the trace as JSON")
    args = ap.parse_args(argv)
    out = replay(Path(args.log), args.index, args.seat, args.from_turn)
    if args.json:
        print(json.dumps(out))
    else:
        print_replay(out)
    return 0 if out["matches_log"] else 1


if __name__ == "__main__":
    sys.exit(main())
