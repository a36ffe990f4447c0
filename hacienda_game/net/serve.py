"""``hacienda serve``: a headless host (no display) for a machine others reach.

    hacienda serve --map symmetric --seats remote,remote,hard,remote \\
                   [--port 8765] [--bind 0.0.0.0] [--cert F --key F] [--resume SAVE]

Logs each connection and the game; saves after every action (atomically, as
the client's autosave does) into SAVE or the saves folder, beside it the join
code and seat tokens, so ``--resume`` takes the same clients back.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import signal
import sys
import time
from pathlib import Path

from ..engine import Action, GameState, UndoLimit, new_game, observe
from ..session.choices import PLAYER_COUNTS, PLAYERS_TEXT, VARIANTS
from ..session.keeper import GameKeeper
from ..session.plan import DEFAULT_NAMES, GamePlan, SeatPlan, find_map, new_game_seed
from ..session.saves import SaveError, keep_replay, load_game, save_game
from . import REMOTE
from .hosting import HostedGame, lan_addresses, mark_remote, read_note, saved_plan, tls_context
from .protocol import encode, obs_to_wire

log = logging.getLogger("hacienda.serve")


class ServeKeeper(GameKeeper):
    """The server's keeper: the save goes to one named file, not the autosave."""

    def __init__(self, plan: GamePlan, limit: UndoLimit | None, path: Path):
        super().__init__(plan, limit)
        self.path = path

    def _write(self, state: GameState, saves_folder, replays_folder) -> None:
        if state.is_over():
            self.replay_path = keep_replay(state, self.plan, replays_folder)
            self.path.unlink(missing_ok=True)
        else:
            save_game(state, self.plan, f"Server game {self.path.stem}", self.path.parent,
                      self.path.stem)


def view_digest(state: GameState, seat: int) -> str:
    """A short fingerprint of one seat's view (tests and the soak compare them)."""
    return hashlib.sha256(encode(obs_to_wire(observe(state, seat))).encode()).hexdigest()[:20]


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="hacienda serve",
                                 description="Host a networked game without a display.")
    ap.add_argument("--map", default="symmetric", help="built-in map name or .tmx path")
    ap.add_argument("--seats", default="remote,remote,remote,remote",
                    help=f"per seat: remote or an AI level ({PLAYERS_TEXT} seats)")
    ap.add_argument("--port", type=int, default=8765, help="port to listen on (0: any free)")
    ap.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    ap.add_argument("--cert", help="TLS certificate (PEM): clients join with wss://")
    ap.add_argument("--key", help="TLS private key (PEM)")
    ap.add_argument("--resume", metavar="SAVE", help="go on with a saved game")
    ap.add_argument("--save", metavar="FILE", help="where to keep the game (default: the"
                    " saves folder, server-<code>.json)")
    ap.add_argument("--seed", type=int, help="the game's seed (default: random)")
    ap.add_argument("--ai-seed", type=int,
                    help="the AI seats' own seed, apart from the game's (default: random)")
    ap.add_argument("--variant", action="append", default=[], choices=VARIANTS)
    ap.add_argument("--code", help="the join code (default: a new random one)")
    ap.add_argument("--ai-delay", type=float, default=0.0,
                    help="seconds an AI seat waits before it moves (for people watching)")
    ap.add_argument("--trace", metavar="FILE", help=argparse.SUPPRESS)   # tests: view digests
    ap.add_argument("--quiet", action="store_true", help="log warnings only")
    return ap


def _setup(args, ap) -> tuple[GamePlan, GameState, UndoLimit | None, dict]:
    from ..ai import levels

    if args.resume:
        try:
            saved = load_game(args.resume)
        except SaveError as e:
            ap.error(str(e))
        plan = saved.plan
        note = read_note(Path(args.resume), plan)
        remote = note.get("remote") or [i for i, s in enumerate(plan.seats) if s.is_human]
        mark_remote(plan, {"remote": remote})
        return plan, saved.state, saved.limit, note
    kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    if len(kinds) not in PLAYER_COUNTS:
        ap.error(f"--seats takes {PLAYERS_TEXT} seats, got {len(kinds)}")
    bad = [k for k in kinds if k != REMOTE and k not in levels()]
    if bad:
        ap.error(f"unknown seat {bad[0]!r}: write remote or an AI level"
                 f" ({', '.join(levels())})")
    if REMOTE not in kinds:
        ap.error("no remote seat: at least one seat must be remote")
    entry = find_map(args.map)
    if not entry.ok:
        ap.error(f"map {args.map!r} cannot be played: " + "; ".join(entry.errors))
    lo, hi = entry.players
    if not lo <= len(kinds) <= hi:
        ap.error(f"map {args.map!r} is for {lo}-{hi} players, not {len(kinds)}")
    seed = args.seed if args.seed is not None else new_game_seed()
    seats = [SeatPlan(DEFAULT_NAMES[i], k, i) for i, k in enumerate(kinds)]
    plan = GamePlan(entry.key, seats, seed, list(args.variant))
    if args.ai_seed is not None:
        plan.ai_seed = args.ai_seed
    return plan, new_game(entry.key, len(kinds), seed, args.variant), None, {}


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s", stream=sys.stdout)
    if bool(args.cert) != bool(args.key):
        ap.error("--cert and --key go together")
    try:
        context = tls_context(args.cert, args.key)
    except (OSError, ValueError) as e:
        ap.error(f"cannot use the certificate: {e}")
    plan, state, limit, note = _setup(args, ap)
    hosted = HostedGame(plan, state, args.bind, args.port, context,
                        code=args.code or note.get("code"), tokens=note.get("tokens"),
                        log=log.info)
    if args.save or args.resume:
        path = Path(args.save or args.resume)
    else:
        from ..session.userdirs import saves_dir

        path = saves_dir() / f"server-{hosted.code.lower()}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    keeper = ServeKeeper(saved_plan(plan), limit, path)
    try:
        host, port = hosted.start(state)
    except OSError as e:
        print(f"hacienda serve: {e}", file=sys.stderr)
        return 1
    hosted.write_note(path)
    scheme = "wss" if context else "ws"
    where = host if host not in ("0.0.0.0", "") else ", ".join(lan_addresses())
    print(f"hacienda serve: listening on {scheme}://{host}:{port} (reach it at {where}),"
          f" join code {hosted.code}", flush=True)
    log.info("game on %s, %d seats (%s), %d actions so far", plan.map, state.players,
             ", ".join(s.kind for s in plan.seats), len(state.history))
    return _loop(plan, state, hosted, keeper, args)


def _loop(plan: GamePlan, state: GameState, hosted: HostedGame, keeper: ServeKeeper,
          args) -> int:
    from ..ai.base import decision_seed
    from ..ai.fallback import decide

    stop: list[str] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_a: stop.append("stopped"))
    trace = open(args.trace, "a", encoding="utf-8") if args.trace else None   # noqa: SIM115
    game = [state]

    def perform(action: Action) -> None:
        events = game[0].apply(action)
        keeper.note(game[0], action, events)
        hosted.publish(game[0], action, events, limit=keeper.limit)
        traced(game[0])

    def undo(seat: int) -> str | None:
        if not keeper.undo_label(game[0], True)[0]:
            return keeper.limit.reason
        game[0] = keeper.undo(game[0])
        hosted.publish(game[0], None, [], reset=True, limit=keeper.limit)
        traced(game[0])
        return None

    def traced(now: GameState) -> None:
        if trace is not None:
            for seat in sorted(hosted.net.remote):
                trace.write(json.dumps({"n": len(now.history), "seat": seat,
                                        "view": view_digest(now, seat)}) + "\n")
            trace.flush()

    traced(state)
    waiting_logged = None
    ai_due = 0.0
    while not stop and not game[0].is_over():
        ai_seat = plan.seats[game[0].current].kind != REMOTE
        for change, seat in hosted.pump(lambda: game[0], perform, undo,
                                        block=0.0 if ai_seat else 0.05):
            log.info("seat %d (%s) %s", seat + 1, plan.seats[seat].name, change)
        now = game[0]
        if now.is_over():
            break
        kind = plan.seats[now.current].kind
        if kind != REMOTE and not hosted.started:
            time.sleep(0.05)             # the game begins once every remote seat is taken
        elif kind != REMOTE:
            if time.monotonic() >= ai_due:
                # AI choices follow the plan's AI seed (kept in the save), never
                # the game's seed: the same decisions on --resume.
                seed = decision_seed(plan.ai_seed, now.current, len(now.history))
                decision = decide(kind, observe(now, now.current), seed)
                if decision.problem:      # a seat that fails never ends the game
                    log.warning("seat %d: %s; a quick legal move instead", now.current + 1,
                                decision.problem)
                perform(decision.action)
                ai_due = time.monotonic() + args.ai_delay
            continue
        waiting = hosted.waiting_for(now)
        if waiting is not None and waiting != waiting_logged:
            log.info("waiting for seat %d (%s) to %s", waiting + 1, plan.seats[waiting].name,
                     "reconnect" if waiting in hosted.net.handed else "join")
        waiting_logged = waiting
    final = game[0]
    keeper.close()
    if final.is_over():
        scores = ", ".join(f"{s.name} {v.score}" for s, v in zip(plan.seats, final.seats,
                                                                 strict=True))
        log.info("game over after %d actions (%s): %s", len(final.history), final.over_reason,
                 scores)
        hosted.close("the game is over", "over")
        if keeper.path.with_suffix(".net.json").exists():
            keeper.path.with_suffix(".net.json").unlink()
    else:
        log.info("stopped after %d actions; saved in %s (resume with --resume)",
                 len(final.history), keeper.path)
        hosted.close("the host stopped the game (it is saved: the host can resume it)",
                     "stopped")
    if trace is not None:
        trace.close()
    log.info("refused %d messages, disconnected %d clients", hosted.net.stats["refused"],
             hosted.net.stats["disconnected"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
