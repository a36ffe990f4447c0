"""``hacienda serve``: a headless host (no display) for a machine others reach.

    hacienda serve --map symmetric --seats remote,remote,hard,remote \\
                   [--port 8765] [--bind 0.0.0.0] [--cert F --key F] [--resume SAVE]
                   [--turn-time S] [--absent LEVEL] [--games N]

Its first log line says where it listens and whether TLS is on.  Each game
runs on a `session.table.Table` (the one loop that asks, applies, records and
publishes), its remote seats held by clients through `hosting.HostedGame`.
Saves after every action (atomically, as the client's autosave does) into
SAVE or the saves folder, beside it the join code and seat tokens (0600), so
``--resume`` takes the same clients back.  ``--games N`` hosts N games at
once on one port, each with its own join code, seats and save.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import signal
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from .. import __version__
from ..engine import PLAYER_COUNTS, GameState, Observation, UndoLimit, new_game, observe
from ..maps.reasons import worded
from ..session.choices import VARIANTS
from ..session.keeper import GameKeeper
from ..session.plan import DEFAULT_NAMES, GamePlan, SeatPlan, find_map, new_game_seed
from ..session.saves import SaveError, keep_replay, load_game, save_game
from ..session.table import AISeat, Answer, Listener, Pending, Played, RemoteSeat, Table
from . import REMOTE
from .discovery import Announcer
from .host import NetHost
from .hosting import HostedGame, lan_addresses, mark_remote, read_note, saved_plan, tls_context
from .protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    code_text,
    encode,
    normal_code,
    obs_to_wire,
    public_view,
)

log = logging.getLogger("hacienda.serve")

ABSENT_GRACE = 5.0          # seconds a dropped seat's turn waits before --absent's AI plays
STAND_IN = "easy"           # the AI that plays a timed-out turn when --absent names none


class ServeKeeper(GameKeeper):
    """The server's keeper: the save goes to one named file, not the autosave."""

    def __init__(self, plan: GamePlan, limit: UndoLimit | None, path: Path):
        super().__init__(plan, limit)
        self.path: Path = path

    def _write(self, state: GameState, saves_folder: Any, replays_folder: Any) -> None:
        if state.is_over():
            self.replay_path = keep_replay(state, self.plan, replays_folder)
            self.path.unlink(missing_ok=True)
        else:
            save_game(state, self.plan, f"Server game {self.path.stem}", self.path.parent,
                      self.path.stem)


def view_digest(state: GameState, seat: int) -> str:
    """A short fingerprint of one seat's view (tests and the soak compare them)."""
    return hashlib.sha256(encode(obs_to_wire(observe(state, seat))).encode()).hexdigest()[:20]


class HeldSeat(RemoteSeat):
    """A remote seat on the server: its holder's moves come through `Table.submit`;
    while the holder is away (``--absent``) or out of time (``--turn-time``) an
    AI stands in and plays the seat's own view, until the holder is back."""

    def __init__(self) -> None:
        self.stand_in: AISeat | None = None
        self.why = ""                   # "absent" or "timed out"

    @property
    def falls_back(self) -> bool:       # type: ignore[override]
        return self.stand_in is not None

    def ask(self, view: Observation, seed: int) -> Pending | None:
        if self.stand_in is None:
            return None
        answer: Answer = self.stand_in.answer_now(view, seed)
        return answer


class ServedGame(Listener):
    """One game of the server: its table, its room on the server, its save."""

    def __init__(self, number: int, plan: GamePlan, state: GameState, limit: UndoLimit | None,
                 note: dict[str, Any], args: argparse.Namespace, server: NetHost,
                 wake: threading.Event, save: Path | None):
        self.number = number
        self.plan = plan
        self.args = args
        code = (args.code or note.get("code")) if number == 1 else None
        self.hosted = HostedGame(plan, state, code=code, tokens=note.get("tokens"),
                                 log=self.say, share=server, wake=wake)
        if save is None:
            from ..session.userdirs import saves_dir

            save = saves_dir() / f"server-{self.hosted.code.lower()}.json"
        save.parent.mkdir(parents=True, exist_ok=True)
        self.keeper = ServeKeeper(saved_plan(plan), limit, save)
        self.seats = [HeldSeat() if s.kind == REMOTE else AISeat(s.kind) for s in plan.seats]
        self.table = Table(state, self.seats, self.keeper, ai_seed=plan.ai_seed)
        self.table.listen(self)
        self.trace: IO[str] | None = None
        if args.trace:
            self.trace = open(args.trace, "a", encoding="utf-8")  # noqa: SIM115
        self.turn_seat = state.current
        self.turn_began = time.monotonic()
        self.gone_since: dict[int, float] = {}
        self.ai_due = 0.0
        self.began = False               # every remote seat taken: the turn timer runs
        self.waiting_logged: int | None = None
        self.done = False
        self.announcer: Announcer | None = None      # the LAN list (main sets it)

    def say(self, text: str) -> None:
        log.info("game %d: %s", self.number, text)

    def start(self) -> None:
        self.hosted.start(self.table.state)
        self.hosted.write_note(self.keeper.path)
        state = self.table.state
        log.info("game %d: join code %s, map %s, %d seats (%s), %d actions so far",
                 self.number, code_text(self.hosted.code), self.plan.map, state.players,
                 ", ".join(s.kind for s in self.plan.seats), len(state.history))
        self.traced()
        self.announce()

    def announce(self) -> None:
        """The game on the LAN list, as a game hosted from Setup is: its name, the
        map's title, the seats nobody has taken yet (a dropped seat waits for its
        own player), the version, TLS."""
        if self.announcer is None or self.done:
            return
        net = self.hosted.net
        many = self.args.games > 1
        self.announcer.announce(self.number, f"Server game {self.number}" if many
                                else "Server game", self.table.state.board.title(),
                                len(net.remote - net.handed))

    def withdraw(self) -> None:
        if self.announcer is not None:
            self.announcer.withdraw(self.number)

    # ------------------------------------------------------------ listening
    def played(self, table: Table, move: Played) -> None:
        self.hosted.publish(table.state, move.action, move.events, limit=self.keeper.limit)
        if move.problem:
            log.warning("game %d: seat %d: %s; a quick legal move instead", self.number,
                        move.seat + 1, move.problem)
        self.traced()
        if table.state.current != self.turn_seat or table.over:
            self.new_turn(table.state.current)

    def restored(self, table: Table) -> None:
        self.hosted.publish(table.state, None, [], reset=True, limit=self.keeper.limit)
        self.traced()

    def traced(self) -> None:
        if self.trace is not None:
            now = self.table.state
            for seat in sorted(self.hosted.net.remote):
                self.trace.write(json.dumps({"n": len(now.history), "seat": seat,
                                             "view": view_digest(now, seat)}) + "\n")
            public = public_view(observe(now, now.current))      # what spectators see
            self.trace.write(json.dumps({"n": len(now.history), "seat": None, "view":
                hashlib.sha256(encode(obs_to_wire(public)).encode()).hexdigest()[:20]}) + "\n")
            self.trace.flush()

    def new_turn(self, seat: int) -> None:
        """Another seat's turn: a timed-out seat's stand-in steps down."""
        old = self.seats[self.turn_seat]
        if isinstance(old, HeldSeat) and old.why == "timed out":
            old.stand_in, old.why = None, ""
        self.turn_seat, self.turn_began = seat, time.monotonic()

    # --------------------------------------------------------------- acting
    def undo(self, seat: int) -> str | None:
        if not self.table.may_undo(True):
            return self.keeper.limit.reason if self.keeper.limit else "no_undo"
        self.table.undo()
        return None

    def stand_in(self, seat: int, why: str, level: str) -> None:
        held = self.seats[seat]
        if not isinstance(held, HeldSeat) or held.stand_in is not None:
            return
        held.stand_in, held.why = AISeat(level), why
        self.table.set_seat(seat, held)             # asked anew: the AI answers now
        self.say(f"seat {seat + 1} ({self.plan.seats[seat].name}) {why}: the {level} AI"
                 " plays it until the player is back")

    def step_down(self, seat: int) -> None:
        held = self.seats[seat]
        if isinstance(held, HeldSeat) and held.stand_in is not None:
            held.stand_in, held.why = None, ""
            self.table.set_seat(seat, held)
            self.say(f"seat {seat + 1} ({self.plan.seats[seat].name}) is played by its"
                     " player again")

    def tick(self, now: float) -> bool:
        """One look at the game; True when something happened."""
        if self.done:
            return False
        table, hosted = self.table, self.hosted
        busy = False

        def submit(action: Any) -> None:
            table.submit(action)

        for change, seat in hosted.pump(lambda: table.state, submit, self.undo):
            busy = True
            log.info("game %d: seat %d (%s) %s", self.number, seat + 1,
                     self.plan.seats[seat].name, change)
            if change == "joined":
                self.gone_since.pop(seat, None)
                self.step_down(seat)
            else:
                self.gone_since[seat] = now
            self.announce()                 # its free seats, as the list shows them
        if table.over:
            self.finish()
            return True
        if not hosted.started:
            return busy
        if not self.began:
            self.began, self.turn_began = True, now
        seat = table.current
        held = self.seats[seat]
        if isinstance(held, HeldSeat) and held.stand_in is None:
            absent = self.args.absent
            grace = min(ABSENT_GRACE, self.args.turn_time or ABSENT_GRACE)
            if absent and not hosted.online(seat) and \
                    now - self.gone_since.setdefault(seat, now) >= grace:
                self.stand_in(seat, "absent", absent)
            elif self.args.turn_time and now - self.turn_began >= self.args.turn_time:
                self.stand_in(seat, "timed out", absent or STAND_IN)
        held = self.seats[seat]
        ai_turn = not isinstance(held, HeldSeat) or held.stand_in is not None
        if ai_turn and now >= self.ai_due and table.poll() is not None:
            busy = True
            self.ai_due = now + self.args.ai_delay
        waiting = hosted.waiting_for(table.state) if not ai_turn else None
        if waiting is not None and waiting != self.waiting_logged:
            self.say(f"waiting for seat {waiting + 1} ({self.plan.seats[waiting].name}) to"
                     f" {'reconnect' if waiting in hosted.net.handed else 'join'}")
        self.waiting_logged = waiting
        if table.over:
            self.finish()
        return busy

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.withdraw()
        final = self.table.state
        self.table.close()
        scores = ", ".join(f"{s.name} {v.score}" for s, v in zip(self.plan.seats, final.seats,
                                                                 strict=True))
        self.say(f"game over after {len(final.history)} actions ({final.over_reason}):"
                 f" {scores}")
        self.hosted.close("the game is over", "over")
        note = self.keeper.path.with_suffix(".net.json")
        with contextlib.suppress(OSError):
            note.unlink(missing_ok=True)
        self.close_trace()

    def stop(self) -> None:
        """The server stops: the game is saved for --resume."""
        if self.done:
            return
        self.done = True
        self.withdraw()
        self.table.close()
        self.say(f"stopped after {len(self.table.state.history)} actions; saved in"
                 f" {self.keeper.path} (resume with --resume)")
        self.hosted.close("the host stopped the game (it is saved: the host can resume it)",
                          "stopped")
        self.close_trace()

    def close_trace(self) -> None:
        if self.trace is not None:
            self.trace.close()
            self.trace = None


def parser() -> argparse.ArgumentParser:
    from ..ai import levels

    ap = argparse.ArgumentParser(prog="hacienda serve",
                                 description="Host networked games without a display.")
    ap.add_argument("--map", default="symmetric", help="built-in map name or .tmx path")
    ap.add_argument("--seats", default="remote,remote,remote,remote",
                    help="per seat: remote or an AI level (2-5 seats)")
    ap.add_argument("--port", type=int, default=8765, help="port to listen on (0: any free)")
    ap.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    ap.add_argument("--cert", help="TLS certificate (PEM): clients join with wss://")
    ap.add_argument("--key", help="TLS private key (PEM)")
    ap.add_argument("--resume", metavar="SAVE", help="go on with a saved game")
    ap.add_argument("--save", metavar="FILE", help="where to keep the game (default: the"
                    " saves folder, server-<code>.json)")
    ap.add_argument("--seed", type=int, help="the game's seed (default: 128 bits from the OS;"
                    " a typed one makes the cards guessable)")
    ap.add_argument("--ai-seed", type=int,
                    help="the AI seats' own seed, apart from the game's (default: random)")
    ap.add_argument("--variant", action="append", default=[], choices=VARIANTS)
    ap.add_argument("--code", help="the join code (default: a new random one; at least"
                    f" {CODE_LENGTH} of {CODE_ALPHABET})")
    ap.add_argument("--ai-delay", type=float, default=0.0,
                    help="seconds an AI seat waits before it moves (for people watching)")
    ap.add_argument("--turn-time", type=float, metavar="S",
                    help="seconds a remote seat has for its turn; then an AI (--absent's"
                    f" level, else {STAND_IN}) finishes the turn for it")
    ap.add_argument("--absent", metavar="LEVEL", choices=levels(),
                    help="an AI of this level plays a dropped remote seat (after"
                    f" {ABSENT_GRACE:g} s, or --turn-time if shorter) until its player is"
                    " back")
    ap.add_argument("--games", type=int, default=1, metavar="N",
                    help="host N games at once on this port, each with its own code")
    ap.add_argument("--no-announce", dest="announce", action="store_false",
                    help="do not list the games on the local network (mDNS)")
    ap.add_argument("--trace", metavar="FILE", help=argparse.SUPPRESS)   # tests: view digests
    ap.add_argument("--quiet", action="store_true", help="log warnings only")
    return ap


def _setup(args: argparse.Namespace, ap: argparse.ArgumentParser
           ) -> tuple[GamePlan, GameState, UndoLimit | None, dict[str, Any]]:
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
        ap.error(f"--seats takes {PLAYER_COUNTS[0]}-{PLAYER_COUNTS[-1]} seats, got"
                 f" {len(kinds)}")
    bad = [k for k in kinds if k != REMOTE and k not in levels()]
    if bad:
        ap.error(f"unknown seat {bad[0]!r}: write remote or an AI level"
                 f" ({', '.join(levels())})")
    if REMOTE not in kinds:
        ap.error("no remote seat: at least one seat must be remote")
    entry = find_map(args.map)
    if not entry.ok:
        ap.error(f"map {args.map!r} cannot be played: "
                 + "; ".join(worded(e, full_path=True) for e in entry.errors))
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
    if args.games < 1 or args.games > 1000:
        ap.error("--games takes 1 to 1000")
    if args.resume and args.games != 1:
        ap.error("--resume goes on with one game: leave --games out")
    if args.save and args.games != 1:
        ap.error("--save names one game's file: with --games each game saves as"
                 " server-<code>.json")
    if args.code and (len(normal_code(args.code)) < CODE_LENGTH
                      or not set(normal_code(args.code)) <= set(CODE_ALPHABET)):
        ap.error(f"--code takes at least {CODE_LENGTH} letters of {CODE_ALPHABET}"
                 " (40 bits: nobody guesses it)")
    if args.turn_time is not None and args.turn_time <= 0:
        ap.error("--turn-time takes seconds above 0")
    try:
        context = tls_context(args.cert, args.key)
    except (OSError, ValueError) as e:
        ap.error(f"cannot use the certificate: {e}")
    first = _setup(args, ap)
    wake = threading.Event()
    server = NetHost({"version": __version__}, [], bind=args.bind, port=args.port,
                     ssl_context=context, log=log.info, lobby=True, wake=wake)
    try:
        host, port = server.start()
    except OSError as e:
        print(f"hacienda serve: {e}", file=sys.stderr)
        return 1
    scheme = "wss" if context else "ws"
    where = [host] if host not in ("0.0.0.0", "") else lan_addresses()
    # The first line: where it listens and whether what crosses the network is encrypted.
    log.info("hacienda serve: listening on %s://%s:%d, TLS %s (reach it at %s), %d game%s",
             scheme, host, port, "on" if context else "off: anyone on the way can read the"
             " games; give --cert and --key for TLS", ", ".join(where), args.games,
             "" if args.games == 1 else "s")
    if args.seed is not None:
        log.warning("a typed --seed makes the hidden cards guessable: leave it out for a game"
                    " nobody can work out")
    # Announced on the local network as a game hosted from Setup is (its own
    # thread: registering takes a second or two and the games do not wait).
    announcer = Announcer(port, where, context is not None,
                          interfaces=None if host in ("0.0.0.0", "") else [host],
                          log=log.info).start() if args.announce else None
    games: list[ServedGame] = []
    for number in range(1, args.games + 1):
        plan, state, limit, note = first if number == 1 else _setup(args, ap)
        save = Path(args.save or args.resume) if (args.save or args.resume) else None
        game = ServedGame(number, plan, state, limit, note, args, server, wake, save)
        game.announcer = announcer
        game.start()
        games.append(game)
    codes = " ".join(code_text(g.hosted.code) for g in games)
    print(f"hacienda serve: listening on {scheme}://{host}:{port} (TLS"
          f" {'on' if context else 'off'}), join code {codes}", flush=True)
    try:
        return _loop(games, server, wake)
    finally:
        if announcer is not None:
            announcer.close()            # every game withdrawn from the list


def _loop(games: list[ServedGame], server: NetHost, wake: threading.Event) -> int:
    stop: list[str] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_a: stop.append("stopped"))
    while not stop and not all(g.done for g in games):
        wake.clear()
        now = time.monotonic()
        busy = False
        for game in games:
            busy = game.tick(now) or busy
        if not busy:
            # nothing to do: wait for a client's message (or a timer: AI delay, turn time)
            wake.wait(0.05)
    for game in games:
        game.stop()
    refused = sum(g.hosted.net.stats["refused"] for g in games) + server.stats["refused"]
    cut = sum(g.hosted.net.stats["disconnected"] for g in games) + \
        server.stats["disconnected"]
    server.close("the host stopped", "stopped")
    log.info("refused %d messages, disconnected %d clients", refused, cut)
    return 0


if __name__ == "__main__":
    sys.exit(main())
