"""The host's authority: the one true game, and who holds which seat.

`HostedGame` runs in the thread that owns the game (the play scene's frame
loop, or ``hacienda serve``'s loop).  `pump` takes what clients sent (checked
for form by `NetHost`) and carries out only what the engine allows: the seat's
holder, on its own turn, an action among `legal_actions()`.  After every
action `publish` sends each remote seat ``observe(state, seat)`` and the
events ``seen_by`` it, and spectators the public view: never the state itself,
never the seed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine import Action, Event, GameState, UndoLimit, observe, parse_action
from ..session.plan import HUMAN, GamePlan
from . import REMOTE
from .host import SPECTATOR, Client, NetHost
from .mapshare import pack
from .protocol import (
    code_text,
    event_to_wire,
    obs_to_wire,
    public_map_name,
    public_view,
    refused,
)


def saved_plan(plan: GamePlan) -> GamePlan:
    """The plan as a save keeps it: a remote seat is a human seat (the record
    and the save are those of a local game; who was remote is the host's note)."""
    return replace(plan, seats=[replace(s, kind=HUMAN) if s.kind == REMOTE else s
                                for s in plan.seats])


def map_digest(board: object) -> str:
    """A fingerprint of the map file, so a client knows it has the same board."""
    path = getattr(board, "path", None)
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16] if path else ""
    except OSError:
        return ""


def lan_addresses() -> list[str]:
    """This machine's addresses other machines may reach (best effort, no traffic)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))     # picks the outgoing interface; sends nothing
            addr = probe.getsockname()[0]
            if addr not in found and not addr.startswith("127.") and addr != "0.0.0.0":
                found.insert(0, addr)
    except OSError:
        pass
    return found or ["127.0.0.1"]


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    if not cert:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def net_note_path(save: Path) -> Path:
    """Beside a save: the join code and seat tokens (host only, never sent)."""
    from ..session.saves import NOTE_SUFFIX

    return save.with_suffix(NOTE_SUFFIX)


class HostedGame:
    """Hosting one game.  ``perform(action)`` applies an action the way the
    owner does for its own seats (so animations, saves and logs follow);
    ``undo(seat)`` takes the seat's last action back (or returns why not)."""

    def __init__(self, plan: GamePlan, state: GameState, bind: str = "127.0.0.1",
                 port: int = 0, ssl_context: ssl.SSLContext | None = None,
                 code: str | None = None, tokens: dict[int, str] | None = None,
                 log: Callable[[str], None] | None = None,
                 tap: Callable[[Client, str], None] | None = None,
                 share: NetHost | None = None, wake: threading.Event | None = None):
        self.plan = plan
        self.log = log or (lambda text: None)
        remote = [i for i, s in enumerate(plan.seats) if s.kind == REMOTE]
        info = {"version": __version__, "players": state.players,
                "names": [s.name for s in plan.seats],
                "kinds": [s.kind for s in plan.seats],
                "colours": [s.colour for s in plan.seats],
                # The map by its file name and digest, never the host's path:
                # a joiner finds it among its own maps.
                "map": public_map_name(plan.map), "map_digest": map_digest(state.board),
                "variants": sorted(state.variants)}
        # A map that is not built in travels to joiners that lack it (its files by
        # names inside its folder: `mapshare`).
        files = pack(getattr(state.board, "path", None))
        info["map_files"] = bool(files)
        self.net = NetHost(info, remote, code, tokens, bind, port, ssl_context, self.log, tap,
                           share=share, wake=wake)
        self.net.map_files = files
        self.address: tuple[str, int] | None = None
        self.spectators = True
        self._started = not remote or set(remote) <= self.net.handed    # resumed: at once
        self.stats = {"acts": 0, "refused": 0}

    @property
    def code(self) -> str:
        return self.net.code

    @property
    def tokens(self) -> dict[int, str]:
        return dict(self.net.tokens)

    def start(self, state: GameState) -> tuple[str, int]:
        self.address = self.net.start()
        host, port = self.address
        if self.net.share is None:
            self.log(f"hosting on {host}:{port}, join code {code_text(self.code)}")
        self.publish(state, None, [], reset=True)
        return self.address

    # ------------------------------------------------------------ publishing
    def publish(self, state: GameState, action: Action | None, events: list[Event],
                reset: bool = False, limit: UndoLimit | None = None) -> None:
        """Each seat's view after an action (or after an undo, ``reset``)."""
        views: dict[int | None, dict[str, Any]] = {}
        text = str(action) if action is not None else None
        for seat in sorted(self.net.remote):
            obs = observe(state, seat)
            own_turn = seat == state.current and not state.over
            views[seat] = {"type": "state", "obs": obs_to_wire(obs), "action": text,
                           "started": self._started,
                           "events": [event_to_wire(e.seen_by(seat)) for e in events],
                           "can_undo": bool(own_turn and limit is not None
                                            and limit.allows(state))}
        if self.spectators:
            obs = public_view(observe(state, state.current))
            views[SPECTATOR] = {"type": "state", "obs": obs_to_wire(obs), "action": text,
                                "started": self._started,
                                "events": [event_to_wire(e.seen_by(None)) for e in events],
                                "can_undo": False}
        self.net.publish(views, reset)

    # --------------------------------------------------------------- acting
    def pump(self, game: Callable[[], GameState], perform: Callable[[Action], object],
             undo: Callable[[int], str | None] | None = None, most: int = 64,
             block: float = 0.0) -> list[tuple[str, int]]:
        """Carry out what clients asked, through the engine's checks; returns the
        seat changes seen (("joined"|"left", seat)).  Reads at most ``most``
        messages, so a flood never holds up the owner's frame.  ``game()`` is the
        state now (an undo replaces it); ``undo(seat)`` takes the seat's last
        action back and returns None, or why not: the undo limit's reason
        (`engine.undo`: ``card_drawn``, ``turn_start`` ...).  A refusal goes to
        the client as data (its code and params), worded in the joiner's language."""
        changes: list[tuple[str, int]] = []
        for i in range(most):
            try:
                kind, ident, seat, message = (self.net.inbox.get(timeout=block) if block and not i
                                              else self.net.inbox.get_nowait())
            except Exception:  # noqa: BLE001 - queue.Empty
                break
            if seat is None:
                continue                  # (every message in the inbox has a seat)
            if kind in ("joined", "left"):
                changes.append((kind, seat))
                if kind == "joined" and not self._started and self.all_joined():
                    self._started = True
                    self.publish(game(), None, [])       # every seat is taken: play
                continue
            state = game()
            why = self._why_not(state, seat)
            message = message or {}
            if why is None and kind == "act" and message["turn"] != len(state.history):
                # Sent for a position that is gone (a replay, or an answer to an
                # older view): it changes nothing.
                why = refused("stale", f"that action was for move {message['turn'] + 1},"
                                       f" the game is at move {len(state.history) + 1}")
            elif why is None and kind == "act":
                try:
                    action = parse_action(message["action"])
                except ValueError as e:
                    why = refused("unreadable", str(e))
                else:
                    refusal = state.refusal(action)
                    if refusal is None:
                        self.stats["acts"] += 1
                        perform(action)
                        continue
                    why = refused(refusal.code, str(refusal), **refusal.params)
            elif why is None and kind == "undo":
                if undo is None:
                    why = refused("no_undo", "undo is not offered in this game")
                else:
                    limit = undo(seat)
                    if limit is None:
                        continue
                    why = refused("undo", f"cannot undo: {limit}", why=limit)
            if why is None:
                continue                  # nothing this owner answers
            self.stats["refused"] += 1
            self.net.refuse(ident, why, strike=0.5)
        return changes

    def _why_not(self, state: GameState, seat: int) -> dict[str, Any] | None:
        """The refusal for any action of ``seat`` now (game over, not its seat or turn)."""
        if state.is_over():
            return refused("game_over", "the game is over")
        if seat not in self.net.remote:
            return refused("released", "that seat is no longer yours")
        if seat != state.current:
            name = self.plan.seats[state.current].name
            return refused("turn", f"not your turn: it is {name}'s (seat {state.current + 1})",
                           name=name, seat=state.current + 1)
        return None

    # ---------------------------------------------------------------- seats
    def online(self, seat: int) -> bool:
        return seat in self.net.online

    def all_joined(self) -> bool:
        """Every remote seat has been taken once: the game may begin (AI seats and
        remote seats wait till then; a resumed game's seats were taken before)."""
        return self.net.remote <= self.net.handed

    @property
    def started(self) -> bool:
        return self._started

    def waiting_for(self, state: GameState) -> int | None:
        """The remote seat to move whose player is not connected, if any."""
        seat = state.current
        if state.is_over() or seat not in self.net.remote or self.online(seat):
            return None
        return seat

    def hand_to_ai(self, seat: int, level: str) -> None:
        """A dropped remote seat goes on as an AI of ``level``."""
        self.plan.seats[seat].kind = level
        self.net.release(seat)
        self.log(f"seat {seat + 1} ({self.plan.seats[seat].name}) handed to the {level} AI")

    def write_note(self, save: Path) -> None:
        """The join code and tokens beside the save, so a resumed host takes the
        same clients back (a host-only file: the save is the host's too)."""
        note = {"code": self.code, "remote": sorted(self.net.remote),
                "tokens": {str(k): v for k, v in self.net.tokens.items()},
                "game": game_mark(self.plan)}
        from ..session.saves import write_atomic
        from ..session.userfiles import HOST_NOTE, FileRefused, write_target

        try:
            # never into a pipe (it would block) nor over a link's place
            target = write_target(net_note_path(save), HOST_NOTE)
        except FileRefused as e:
            self.log(f"the host note is not written: {e.reason}")
            return
        write_atomic(target, json.dumps(note))     # 0600: only its owner reads the tokens
        with contextlib.suppress(OSError):
            os.chmod(target, 0o600)

    def close(self, reason: str = "the host ended the game", code: str = "ended") -> None:
        """Tell the clients (``code`` one of `protocol.FAREWELLS`, ``reason`` the
        English words for logs and older clients) and stop hosting."""
        self.log(f"closing: {reason}")
        self.net.close(reason, code)


def game_mark(plan: GamePlan) -> str:
    """Which game a note belongs to (a later local game's autosave is not it)."""
    text = json.dumps([plan.map, plan.seed, [s.name for s in plan.seats]])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_note(save: Path, plan: GamePlan | None = None) -> dict[str, Any]:
    """The note beside a save ({} if none, unreadable, or of another game than ``plan``)."""
    from ..session.userfiles import HOST_NOTE, FileRefused, read_json_object

    path = net_note_path(save)
    if not os.path.lexists(path):
        return {}
    try:
        # The one bounded reader: a pipe there never blocks, /dev/zero never floods.
        data = read_json_object(path, HOST_NOTE)
        tokens = {int(k): str(v) for k, v in data.get("tokens", {}).items()}
        note = {"code": str(data["code"]), "remote": [int(s) for s in data["remote"]],
                "tokens": tokens}
        if plan is not None and data.get("game") != game_mark(saved_plan(plan)):
            return {}
        return note
    except (FileRefused, OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def mark_remote(plan: GamePlan, note: dict[str, Any]) -> GamePlan:
    """A saved plan's seats that were remote made remote again."""
    for seat in note.get("remote", []):
        if 0 <= seat < len(plan.seats):
            plan.seats[seat].kind = REMOTE
    return plan
