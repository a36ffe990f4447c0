"""The play scene's two network adapters (no pygame here).

`GameLink` is a joined game seen through the same surface as the local
`ActionLayer` (current seat, the seat's view, legal actions, previews,
``perform``): the view is what the host sent, the legal actions come from a
state dealt consistently with that view (`determinize`: the seat to move's
legal actions never depend on hidden cards), and ``perform`` sends the action
to the host, whose events come back through ``on_events``.

`HostPublisher` listens to the host's table (`session.table.Table`): every
action it applies (a local seat's, an AI's, or a remote seat's that passed
the engine's checks) is published to the remote seats.  A remote seat of the
host's table is a `RemoteSeat`: what its player sends, the host submits.

`NetPlay` / `JoinPlay` are what the play scene holds as ``net``: seat kinds,
the keeper, ``pump()`` each frame, the status line; a joined game's layer
(`GameLink`: the joiner's seat is a remote seat of the host's table).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..engine import Action, Event, GameState, IllegalAction, Observation, UndoLimit, determinize
from ..i18n import N_, _
from ..maps.reasons import told
from ..net import REMOTE
from ..net.client import NetClient
from ..net.hosting import HostedGame, lan_addresses, saved_plan
from ..net.protocol import (
    FAREWELLS,
    RETRY_REFUSALS,
    ProtocolError,
    Refusal,
    code_text,
    event_from_wire,
    obs_from_wire,
    refusal_from_wire,
)
from ..session.keeper import BLOCKED, GameKeeper
from ..session.plan import HUMAN, GamePlan, SeatPlan, default_level, find_map
from ..session.refusals import hint
from ..session.table import Listener, Played, Seat, Table
from .actionlayer import ActionLayer

UNANSWERED = 2.0        # seconds without the host's answer before the view is asked again
REFUSAL_TIME = 3.0      # seconds a refusal from the host stays on the joiner's screen
SILENT = 1.5            # seconds without a word (or a pong) from the host: say so
RESUMABLE = ("stopped", "left")     # farewells of a saved game the host can start again

# The protocol's refusals (net.protocol.NET_REFUSALS) in the player's words.
NET_SENTENCES: dict[str, str] = {
    "version": N_("Version mismatch: the host runs {host}, you run {you}."),
    "code": N_("Wrong join code: type the code the host's screen shows."),
    "token": N_("That seat token is not one of this game's: join without it to get a free"
                " seat."),
    "full": N_("No free seat in this game: press Watch to follow it, or join with your"
               " seat's token."),
    "hello": N_("This game did not greet the host in time."),
    "crowded": N_("The host has too many connections: try again later."),
    "replaced": N_("Your seat was taken over by a new connection."),
    "malformed": N_("The host could not read a message from this game."),
    "joined": N_("This game has already joined."),
    "spectator": N_("Spectators watch: they cannot act."),
    "seat": N_("You hold seat {held}, not seat {asked}."),
    "turn": N_("Not your turn: it is {name}'s (seat {seat})."),
    "released": N_("That seat is no longer yours: an AI plays it now."),
    "busy": N_("The host is busy: try again in a moment."),
    "no_undo": N_("Undo is not offered in this game."),
    "flood": N_("Too many messages: slow down."),
    "flood_cut": N_("The host cut the connection: too many messages."),
    "strikes_cut": N_("The host cut the connection: too many refused messages."),
    "stale": N_("That move was for an earlier position: the game goes on from the host's."),
    "repeated": N_("That move was already sent once: it counts once."),
    "locked": N_("Too many wrong codes from this computer: wait {seconds} s, then type the"
                 " code the host's screen shows."),
}
FAREWELL_SENTENCES: dict[str, str] = {
    "over": N_("The game is over."),
    "left": N_("The host left the game (it is saved: the host can resume it)."),
    "stopped": N_("The host stopped the game (it is saved: the host can resume it)."),
    "ended": N_("The host ended the game."),
}
UNREADABLE = N_("The host sent a message this version cannot read.")


def version_words(version: str, protocol: int) -> str:
    return _("Hacienda {version} (protocol {protocol})").format(version=version,
                                                                protocol=protocol)


def refusal_words(refusal: Refusal) -> str:
    """A refusal from the host in the player's language, from its code and params
    only (never the host's English text): the engine's by the path a local seat
    uses (`hints.hint`), the protocol's from `NET_SENTENCES`."""
    p = refusal.params
    if refusal.engine:
        return hint(IllegalAction(refusal.reason, refusal.code, p))
    if refusal.code == "version":
        return _(NET_SENTENCES["version"]).format(
            host=version_words(p["host"], p["host_protocol"]),
            you=version_words(p["you"], p["you_protocol"]))
    if refusal.code == "undo":
        blocked = BLOCKED.get(p["why"])
        return _(blocked[1]) if blocked else _("Nothing to undo in this turn yet.")
    return _(NET_SENTENCES[refusal.code]).format(**p)


def watched(obs: Observation) -> Observation:
    """A spectator's view made whole for `determinize`: the watched seat's hand
    (hidden from the spectator, only its size shown) is counted in the decks, so
    the cards add up; the spectator never acts, so nobody holds them."""
    me = obs.seat
    seat = obs.seats[me]
    seats = tuple(replace(v, land_cards=0, animal_cards=0) if i == me else v
                  for i, v in enumerate(obs.seats))
    return replace(obs, seats=seats, land_deck_size=obs.land_deck_size + seat.land_cards,
                   animal_draw_size=obs.animal_draw_size + seat.animal_cards)


class LinkError(Exception):
    """Joining failed; the message says why in the player's words."""


@dataclass(frozen=True)
class Notice:
    """What the joiner must know about the host now, whole: a title, then
    sentences, the last saying what to do.  Worded here, drawn by the play
    scene over the board (never a bubble that a long text overflows)."""

    title: str
    lines: tuple[str, ...]


def board_for(info: dict[str, Any]):
    """The board the host plays on, from this machine's maps (same file)."""
    from pathlib import Path

    from ..net.hosting import map_digest
    from ..net.mapshare import received_dir
    from ..session.userdirs import user_maps_dir

    key = str(info.get("map", ""))
    candidates = [key, str(user_maps_dir() / Path(key).name)]
    want = info.get("map_digest")
    if isinstance(want, str) and want.isalnum() and len(want) == 16:
        folder = received_dir() / want           # sent by a host before
        if folder.is_dir():
            candidates += [str(p) for p in sorted(folder.glob("*.tmx"))[:1]]
    for name in candidates:
        entry = find_map(name)
        if entry.ok and (not info.get("map_digest")
                         or map_digest(entry.board) == info["map_digest"]):
            return entry.board
    raise LinkError(_("This game is played on the map {name}, which this computer does not"
                      " have (copy it into your maps folder).").format(name=Path(key).stem))


# ------------------------------------------------------------------ joining
class GameLink(ActionLayer):
    """A remote game seen from one seat (or as a spectator: ``seat`` None)."""

    def __init__(self, client: NetClient,
                 on_events: Callable[[Action, list[Event]], None] | None = None):
        self.client = client
        self.on_events = on_events
        self.version = 0
        self._legal: list[Action] | None = None
        self._view = None
        self.info: dict[str, Any] = {}
        self.seat: int | None = None
        self.obs: Observation | None = None
        self.history: tuple[str, ...] = ()
        self.board_ = None
        self._dealt: GameState | None = None
        self.can_undo = False
        self.started = False                 # the host waits until every seat is taken
        self.online: list[int] = []
        self.remote: list[int] = []
        self.lost: str | None = None         # connection trouble, in words
        self.waiting: str | None = None      # not joined yet: what it waits for, in words
        self.asked_map = False               # the host was asked for its map
        self.retry_at = 0.0                  # when the next try is (time.monotonic)
        self.closed: str | None = None       # the game is over for this link: why
        self.farewell: str | None = None     # the host's goodbye (`protocol.FAREWELLS`)
        self.gone: str | None = None         # the host stopped a saved game: rejoining
        self.refusals: list[str] = []        # the host's refusals, in the player's words
        self.refused: list[Refusal] = []     # the same as data (code, params)
        self.sent_at: float | None = None
        self.round_trips: list[float] = []
        self.heard: Callable[[Observation], None] | None = None    # every view (tests)

    @classmethod
    def join(cls, address: str, code: str, token: str | None = None,
             spectate: bool = False, seat: int | None = None, name: str | None = None,
             cafile: str | None = None, timeout: float = 15.0,
             tap: Callable[[str], None] | None = None,
             heard: Callable[[Observation], None] | None = None,
             source: str | None = None) -> GameLink:
        """Connect and wait (bounded) for the welcome and the first view; ``heard``
        hears every view from the first."""
        link = cls(NetClient(address, code, token, seat, spectate, name, cafile, tap,
                             source=source))
        link.heard = heard
        link.client.start()
        link.wait_ready(timeout)
        return link

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self.obs is None:
            self.pump(block=0.05)
            if self.closed:
                raise LinkError(self.closed)
            if time.monotonic() > deadline:
                self.client.close()
                raise LinkError(self.waiting or _("The host did not answer in time."))

    def trying(self, what: str) -> str:
        """What the link waits for and when it tries again, in words."""
        why = self.lost or self.waiting or ""
        left = self.retry_at - time.monotonic()
        if left >= 0.5:
            return _("{why} Trying again in {seconds} s.").format(why=why or what,
                                                                   seconds=round(left))
        return _("{why} Trying again…").format(why=why) if why else what

    @property
    def ready(self) -> bool:
        return self.obs is not None

    @property
    def spectator(self) -> bool:
        return self.seat is None

    # -------------------------------------------------------- the surface
    @property
    def _state(self) -> GameState:
        """A full state consistent with this seat's view (for legal actions,
        previews and reasons only: its hidden cards are made up)."""
        if self._dealt is None:
            assert self.obs is not None
            obs = watched(self.obs) if self.spectator else self.obs
            self._dealt = determinize(obs, random.Random(len(self.history)))
        return self._dealt

    @property
    def current(self) -> int:
        return self.obs.current

    @property
    def players(self) -> int:
        return self.obs.players

    @property
    def board(self):
        return self.board_

    def is_over(self) -> bool:
        return self.obs.over

    def view(self, seat: int) -> Observation:
        return self.obs

    def public_totals(self) -> tuple[list[int], list[int]]:
        return [s.score for s in self.obs.seats], [s.money for s in self.obs.seats]

    @property
    def my_turn(self) -> bool:
        return (self.obs is not None and not self.obs.over and self.seat is not None
                and self.obs.current == self.seat and not self.lost and self.started
                and not self.closed and not self.gone)

    def silent_for(self) -> float:
        """Seconds the host has said nothing (nor answered a ping) while connected."""
        if self.closed or self.lost or self.gone:
            return 0.0
        return self.client.silent_for()

    def rejoin(self) -> None:
        """The host stopped a saved game (``bye`` stopped/left): look for it again at
        the same address with this seat's token, trying on until it is back (the
        seat is taken back where it was) or the player leaves."""
        old = self.client
        self.gone = self.closed or _(FAREWELL_SENTENCES["stopped"])
        self.closed = None
        self.client = NetClient(old.url, old.code, old.token, old.seat, old.spectate,
                                old.name, old.cafile, old.tap, retry=old.retry,
                                source=old.source)
        old.close(timeout=0.5)
        self.client.start()

    def legal(self) -> list[Action]:
        if not self.my_turn:
            return []
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    @property
    def game(self) -> GameState:
        return self._state

    def restore(self, state: GameState) -> None:
        """Undo is the host's: its new view comes back (nothing changes here)."""

    def perform(self, action: Action) -> list[Event]:
        """Send the action to the host; its events arrive with the next view."""
        if not self.my_turn:
            return []
        self.sent_at = time.perf_counter()
        self.client.send({"type": "act", "action": str(action), "turn": len(self.history)})
        self._legal = []                 # nothing more until the host answers
        return []

    def request_undo(self) -> None:
        self.client.send({"type": "undo"})

    # ------------------------------------------------------------ incoming
    def pump(self, block: float = 0.0, most: int = 200) -> int:
        """Take in what the host sent (at most ``most`` messages); how many.  An
        action the host has not answered for a while (lost in a reconnect, or
        dropped as one too many) is followed by asking for the view again."""
        if self.sent_at is not None and time.perf_counter() - self.sent_at > UNANSWERED:
            self.sent_at = time.perf_counter()
            self.client.send({"type": "sync"})
        taken = 0
        for _i in range(most):
            try:
                message = self.client.inbox.get(timeout=block) if block and not taken \
                    else self.client.inbox.get_nowait()
            except Exception:  # noqa: BLE001 - queue.Empty
                break
            taken += 1
            try:
                self._take(message)
            except ProtocolError:
                self.refusals.append(_(UNREADABLE))
                self._legal = None
                self.client.send({"type": "sync"})
        return taken

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.waiting = self.gone = None
            self.info = message
            self.seat = message.get("seat") if not message.get("spectator") else None
            if self.board_ is None:
                try:
                    self.board_ = board_for(message)
                except LinkError as e:
                    if message.get("map_files") is True and not self.asked_map:
                        self.asked_map = True          # the host sends it: ask for it
                        self.client.send({"type": "map"})
                    else:
                        self.closed = str(e)
                        self.client.close()
        elif kind == "mapdata":
            self._map_data(message)
        elif kind == "state":
            self._state_message(message)
        elif kind == "seats":
            self.online = list(message.get("online", []))
            self.remote = list(message.get("remote", []))
        elif kind == "refused":
            self._legal = None           # the action was not taken: choose again
            try:
                refusal = refusal_from_wire(message)
            except ProtocolError:
                if message.get("code") != "version" or not isinstance(message.get("reason"), str):
                    raise
                # another protocol's host: its own words are all there is (bounded, printable)
                refusal = Refusal("version", {}, message["reason"][:200], True)
                words = _("The host runs another version of Hacienda: {why}").format(
                    why="".join(c for c in refusal.reason if c.isprintable()))
            else:
                words = refusal_words(refusal)
            self.refused.append(refusal)
            if (refusal.fatal or message.get("fatal")) and refusal.code in RETRY_REFUSALS:
                self.waiting = words             # the client tries again on its own
            else:
                self.refusals.append(words)
                if refusal.fatal or message.get("fatal"):
                    self.closed = words
        elif kind == "bye":
            code = message.get("code")
            self.farewell = code if code in FAREWELLS else "ended"
            self.closed = _(FAREWELL_SENTENCES[self.farewell])
        elif kind == "_unreadable":
            raise ProtocolError("unreadable")
        elif kind in ("_lost", "_waiting"):
            code = message.get("code")
            words = self.waiting if code in RETRY_REFUSALS and self.waiting \
                else str(message.get("reason", ""))
            retry_in = message.get("retry_in")
            self.retry_at = time.monotonic() + (retry_in if isinstance(retry_in, int | float)
                                                else 0.0)
            if kind == "_lost":
                self.lost = words
            else:
                self.waiting = words
        elif kind == "_back":
            self.lost = self.waiting = None
        elif kind == "_closed":
            self.closed = self.closed or str(message.get("reason", ""))

    def _map_data(self, message: dict[str, Any]) -> None:
        """The host's map, for a joiner that lacks it: checked as hostile input,
        then read like any local map (the bounded reader, the validator)."""
        from ..net.mapshare import unpack

        if self.board_ is not None or not self.asked_map:
            return
        try:
            path = unpack(message.get("files"), str(self.info.get("map_digest", "")))
        except (ProtocolError, OSError):
            self.closed = _("The host sent its map in a form this game refuses.")
            self.client.close()
            return
        entry = find_map(str(path))
        if not entry.ok:
            self.closed = _("The host's map cannot be played here: {why}").format(
                why=" ".join(told(e) for e in entry.errors)[:300])
            self.client.close()
            return
        self.board_ = entry.board
        self.client.send({"type": "sync"})         # its view, now that the board is here

    def _state_message(self, message: dict[str, Any]) -> None:
        if self.board_ is None:
            return
        start, tail = message.get("history_from"), message.get("history")
        if not isinstance(start, int) or not isinstance(tail, list) or start > len(
                self.history) or not all(isinstance(t, str) for t in tail):
            raise ProtocolError("views out of step")
        history = self.history[:start] + tuple(tail)
        obs = obs_from_wire({**message["obs"], "history": history}, self.board_)
        events = [event_from_wire(e) for e in message.get("events", [])]
        self.history = history
        self.obs = obs
        self._dealt = None
        self._legal = None
        self.version += 1
        self.can_undo = bool(message.get("can_undo"))
        self.started = bool(message.get("started", True))
        if not events:
            self.sent_at = None          # a fresh view (sync, undo, rejoin): choose anew
        if self.heard is not None:
            self.heard(obs)
        text = message.get("action")
        if self.sent_at is not None and events and obs.history and \
                events[0].seat == self.seat:
            # timed to the view's arrival on the network thread, not to this pump
            arrived = message.get("_at")
            now = arrived if isinstance(arrived, float) else time.perf_counter()
            self.round_trips.append(now - self.sent_at)
            self.sent_at = None
        if events and isinstance(text, str) and self.on_events is not None:
            from ..engine import parse_action

            self.on_events(parse_action(text), events)

    def close(self) -> None:
        self.client.close()

    def plan(self) -> GamePlan:
        """Who sits where, as the host said: this seat human, the host's AI seats by
        level (the host plays them), every other seat remote."""
        from ..ai import levels

        info = self.info
        seats = [SeatPlan(name, HUMAN if i == self.seat else kind if kind in levels()
                          else REMOTE, colour)
                 for i, (name, colour, kind) in enumerate(zip(
                     info["names"], info["colours"], info["kinds"], strict=True))]
        return GamePlan(str(info["map"]), seats, 0, list(info.get("variants", [])))


class RemoteKeeper(GameKeeper):
    """The joiner's keeper: undo limits follow the events; the game itself is
    kept (saved, undone) by the host."""

    def __init__(self, plan: GamePlan, link: GameLink):
        super().__init__(plan, UndoLimit(), keep=False)
        self.link = link

    def undo_label(self, state: GameState, own_turn: bool) -> tuple[bool, str, str]:
        ok, label, why = super().undo_label(state, own_turn)
        if ok and not self.link.can_undo:
            return False, label, _("Undo is for your own turn.")
        return ok, label, why

    def undo(self, state: GameState) -> GameState:
        self.redo.append(str(state.history[-1]))
        self.link.request_undo()
        return state


class JoinPlay:
    """The play scene's ``net`` for a joined game."""

    hosting = False

    def __init__(self, link: GameLink):
        self.link = link
        self.shown: tuple[str, float] | None = None     # a refusal on screen, until when
        self._keeper: RemoteKeeper | None = None

    def is_remote(self, seat: int) -> bool:
        return seat != self.link.seat

    def layer(self, state, on_events) -> ActionLayer:
        def heard(action: Action, events: list[Event]) -> None:
            # The undo limit follows the host's events (the host keeps the game).
            if self._keeper is not None:
                self._keeper.note(self.link.game, action, events)
            on_events(action, events)

        self.link.on_events = heard
        return self.link

    def keeper(self, plan: GamePlan, limit: UndoLimit | None) -> GameKeeper:
        self._keeper = RemoteKeeper(plan, self.link)
        return self._keeper

    def pump(self) -> None:
        link = self.link
        link.pump()
        if link.closed and link.farewell in RESUMABLE and link.obs is not None \
                and not link.obs.over:
            link.rejoin()            # the game is saved: back in the seat once it is hosted

    def notice(self, names: list[str]) -> Notice | None:
        """The host gone, lost or silent, in whole sentences with what to do; None
        while all is well (and at the game's end, which its own scenes show)."""
        link = self.link
        leave = _("Or press Esc and choose Quit game to leave.")
        if link.obs is not None and link.obs.over and (not link.closed
                                                       or link.farewell == "over"):
            return None
        if link.gone:
            return Notice(_("The host stopped the game"), (
                _("It is saved on the host's computer."),
                _("Wait here: when the host starts it again, you are back in your seat on"
                  " your own."), self._next_try(), leave))
        if link.closed:
            return Notice(_("The game has ended for this screen"), (
                link.closed, _("Press Esc and choose Quit game to leave.")))
        if link.lost:
            return Notice(_("The connection to the host was lost"), (
                link.lost, _("Wait here: this screen reconnects on its own and you get your"
                             " seat back."), self._next_try(), leave))
        silent = link.silent_for()
        if link.ready and silent >= SILENT:
            return Notice(_("The host is not answering"), (
                _("Nothing has come from the host for {seconds} s: its computer may be busy,"
                  " asleep or cut off.").format(seconds=round(silent)),
                _("Wait here: the game goes on as soon as the host answers; if the connection"
                  " drops, this screen reconnects on its own."), leave))
        return None

    def _next_try(self) -> str:
        left = self.link.retry_at - time.monotonic()
        if left >= 0.5:
            return _("Looking for the host again in {seconds} s.").format(seconds=round(left))
        return _("Looking for the host…")

    def welcome(self, names: list[str]) -> str:
        if self.link.seat is None:
            return _("You watch this game (no hand is shown).")
        return _("You joined the game as {name}.").format(name=names[self.link.seat])

    def take(self, cmd) -> bool:
        return False

    def ready(self) -> bool:
        return True

    def status(self, names: list[str]) -> str | None:
        link = self.link
        if self.notice(names) is not None:
            return None               # said whole over the board (`notice`)
        if link.closed:
            return link.closed
        cur = link.current
        if not link.started:
            return _("Waiting for every seat to be taken…")
        if not link.obs.over and cur in link.remote and cur not in link.online \
                and cur != link.seat:
            return _("{name} dropped out: waiting for them to reconnect or for the host to"
                     " hand the seat to an AI.").format(name=names[cur])
        if link.refusals:
            self.shown = link.refusals.pop(), time.monotonic() + REFUSAL_TIME
            link.refusals.clear()
        if self.shown is not None and time.monotonic() < self.shown[1]:
            return self.shown[0]          # long enough to read, as a local refusal
        return None

    def close(self) -> None:
        self.link.close()


# ------------------------------------------------------------------ hosting
class HostPublisher(Listener):
    """Hears the host's table: after every action (a local seat's, an AI's, or
    a remote seat's that passed the engine's checks) and every undo, each
    remote seat gets its view (`HostedGame.publish`)."""

    def __init__(self, hosted: HostedGame, keeper: GameKeeper | None):
        self.hosted = hosted
        self.keeper = keeper

    def _limit(self) -> UndoLimit | None:
        return self.keeper.limit if self.keeper is not None else None

    def played(self, table: Table, move: Played) -> None:
        self.hosted.publish(table.state, move.action, move.events, limit=self._limit())

    def restored(self, table: Table) -> None:
        self.hosted.publish(table.state, None, [], reset=True, limit=self._limit())


class NetPlay:
    """The play scene's ``net`` when it hosts: remote seats, their actions, their drops."""

    hosting = True

    def __init__(self, plan: GamePlan, state: GameState, bind: str = "0.0.0.0",
                 port: int = 8765, log: Callable[[str], None] | None = None,
                 advertise: bool = True):
        from ..net.hosting import read_note
        from ..session.unfinished import slot_for_game
        from ..session.userdirs import saves_dir

        self.plan = plan
        # The note sits beside this game's autosave slot; a game resumed from
        # its autosave takes its clients back (same code, tokens).
        self.note_path = slot_for_game(saves_dir(), saved_plan(plan))
        note = read_note(self.note_path, plan) if state.history else {}
        for attempt in (port, 0):        # the usual port taken: any free one
            self.hosted = HostedGame(plan, state, bind, attempt, code=note.get("code"),
                                     tokens=note.get("tokens"), log=log)
            try:
                self.address = self.hosted.start(state)
                break
            except OSError:
                if attempt == 0:
                    raise
        with contextlib.suppress(OSError):
            self.note_path.parent.mkdir(parents=True, exist_ok=True)
            self.hosted.write_note(self.note_path)
        self._table: Table | None = None
        self._keeper: GameKeeper | None = None
        self._ai_seat: Callable[[str], Seat] | None = None
        self.announcer = None
        self.host_name = next((s.name for s in plan.seats if s.kind == HUMAN), "Hacienda")
        self.map_title = state.board.title()
        if advertise:
            from ..net.discovery import Announcer

            where = lan_addresses() if bind == "0.0.0.0" else [bind]
            # On a thread of its own: the frames never wait for the network's probes.
            self.announcer = Announcer(self.address[1], where, False,
                                       interfaces=None if bind == "0.0.0.0" else [bind]
                                       ).start()
            self._announce()

    def _announce(self) -> None:
        """The game on the LAN list: its free seats as they are now (the announcer
        sends nothing when nothing changed)."""
        if self.announcer is not None:
            net = self.hosted.net
            self.announcer.announce(0, _("{name}'s game").format(name=self.host_name),
                                    self.map_title, len(net.remote - net.handed))

    @property
    def code(self) -> str:
        return self.hosted.code

    def join_text(self) -> str:
        host, port = self.address
        where = ", ".join(f"{a}:{port}" for a in (lan_addresses() if host == "0.0.0.0"
                                                   else [host]))
        return _("Join code {code} · {where}").format(code=code_text(self.code), where=where)

    def is_remote(self, seat: int) -> bool:
        return self.plan.seats[seat].kind == REMOTE

    def keeper(self, plan: GamePlan, limit: UndoLimit | None) -> GameKeeper:
        self._keeper = GameKeeper(saved_plan(plan), limit)
        return self._keeper

    def attach(self, table: Table, ai_seat: Callable[[str], Seat]) -> None:
        """Host the table: its actions go to the remote seats; ``ai_seat(level)``
        makes the seat that plays a dropped player's seat once handed to an AI."""
        self._table = table
        self._ai_seat = ai_seat
        table.listen(HostPublisher(self.hosted, self._keeper))

    def pump(self) -> None:
        table = self._table
        if table is not None:
            # A remote seat's action, checked for its holder and turn, goes to
            # the table as that seat's move.
            self.hosted.pump(lambda: table.state, table.submit, self._undo)
        # It goes on listening (and being announced) once every remote seat is
        # taken: spectators may still join to watch, and a dropped player rejoins.
        self._announce()

    def _undo(self, seat: int) -> str | None:
        table, keeper = self._table, self._keeper
        if table is None or keeper is None or not table.may_undo(True):
            return keeper.limit.reason if keeper is not None else None
        table.undo()
        return None

    def ready(self) -> bool:
        return self.hosted.started

    def waiting_for(self) -> int | None:
        return self.hosted.waiting_for(self._table.state) if self._table else None

    def hand_to_ai(self, seat: int) -> None:
        level = default_level()
        self.hosted.hand_to_ai(seat, level)
        if self._table is not None and self._ai_seat is not None:
            self._table.set_seat(seat, self._ai_seat(level))

    def welcome(self, names: list[str]) -> str:
        return self.join_text()

    def notice(self, names: list[str]) -> Notice | None:
        """(The host's own screen says who dropped out in its status line.)"""
        return None

    def status(self, names: list[str]) -> str | None:
        seat = self.waiting_for()
        if not self.ready():
            missing = [names[s] for s in sorted(self.hosted.net.remote - self.hosted.net.handed)]
            return _("Waiting for {names} to join · {join}").format(
                names=", ".join(missing), join=self.join_text())
        if seat is not None and seat not in self.hosted.net.handed:
            return _("Waiting for {name} to join · {join}").format(name=names[seat],
                                                                   join=self.join_text())
        if seat is not None:
            return _("{name} dropped out: reconnect, or press E (end turn) to hand this seat"
                     " to an AI.").format(name=names[seat])
        return None

    def take(self, cmd) -> bool:
        """End turn while a dropped remote seat is to move: an AI takes the seat."""
        if cmd.kind == "key" and cmd.name == "end_turn":
            seat = self.waiting_for()
            if seat is not None and seat in self.hosted.net.handed:
                self.hand_to_ai(seat)
                return True
        return False

    def close(self) -> None:
        if self._keeper is not None and self._table is not None \
                and not self._table.over:
            self._keeper.flush()
        if self.announcer is not None:
            self.announcer.close()
        self.hosted.close("the host left the game (it is saved: the host can resume it)", "left")
