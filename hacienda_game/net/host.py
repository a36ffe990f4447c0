"""The host's network side: a websockets server on an asyncio loop in its own
thread.  It checks every incoming message (size, rate, JSON, schema, seat) and
hands what passes to the game's owner through a thread-safe queue (`inbox`);
the owner (the play scene each frame, or ``hacienda serve``) applies actions
through the engine and publishes the seats' views back with `publish`.
Nothing here reads the game state, and no frame ever waits on a socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import itertools
import logging
import queue
import secrets
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_FRAME,
    PROTOCOL,
    ProtocolError,
    check_incoming,
    decode,
    encode,
    normal_code,
    refused,
    version_text,
)

RATE = 100.0                # messages a second a client may send, on average (a person
BURST = 200                 # sends a few; an AI seat on a fast machine a hundred)
STRIKES = 30                # refusals before a client is disconnected
STRIKE_DECAY = 10.0         # seconds for one strike to be forgiven
HELLO_TIMEOUT = 4.0         # seconds from connecting to showing the join code (hello)
CLOSE_WAIT = 0.2            # seconds a refused client gets to close politely
OUTBOX_LIMIT = 2000         # messages waiting for a client that does not read
OUTBOX_BYTES = 1 << 20      # bytes waiting for one client (a whole view is a few KB)
WRITE_LIMIT = 64 * 1024     # bytes in a socket's own write buffer before a send waits
SEND_STALL = 10.0           # seconds one send may wait on a client that does not read
PER_ADDRESS = 8             # connections open at once from one address
UNPROVEN = 32               # connections that have not shown the join code yet
GUESSES_FREE = 3            # wrong codes from one address before it is locked out
LOCKOUT_FIRST = 2.0         # seconds of the first lockout; each next one doubles ...
LOCKOUT_MOST = 3600.0       # ... up to an hour
LOCKOUT_FORGET = 24 * 3600.0    # an address quiet this long starts afresh
GUESSERS = 10_000           # addresses remembered for lockouts (the oldest forgotten)
INBOX_LIMIT = 1000          # actions waiting for the game's owner (seats are rate-limited:
                            # a guard, never reached in play)
MAX_CONNECTIONS = 64        # open connections at once (seats, spectators, handshakes)
FLOOD_STRIKE = 0.01         # strikes for each message past the rate (cut off after ~3,000)
SPECTATOR = None            # the "seat" of a spectator's view in `publish`
LOG_LINES = 5               # websockets' lines (failed handshakes ...) logged per LOG_SPAN s
LOG_SPAN = 10.0


class QuietLog(logging.LoggerAdapter[logging.Logger]):
    """websockets' log as a host wants it: a failed handshake or a dropped
    socket is the client's doing, so one line without a traceback, and at most
    LOG_LINES of them every LOG_SPAN seconds (then one line saying how many
    were left out), so strangers cannot fill the host's log."""

    def __init__(self, logger: logging.Logger):
        super().__init__(logger, {})
        self.window_start = time.monotonic()
        self.lines = 0
        self.left_out = 0

    def log(self, level: int, msg: object, *args: Any, **kwargs: Any) -> None:
        if not self.isEnabledFor(level):
            return
        if str(msg).startswith("server listening on"):
            return                   # the host's owner says where it listens, first
        kwargs.pop("exc_info", None)
        kwargs.pop("stack_info", None)
        now = time.monotonic()
        if now - self.window_start >= LOG_SPAN:
            if self.left_out:
                self.logger.warning("%d more connection problems not logged", self.left_out)
            self.window_start, self.lines, self.left_out = now, 0, 0
        if self.lines >= LOG_LINES:
            self.left_out += 1
            return
        self.lines += 1
        self.logger.log(level, msg, *args, **kwargs)


class RefusalLog:
    """Refused connections in the host's log: one line each, at most LOG_LINES
    every LOG_SPAN seconds, then one line saying how many were left out."""

    def __init__(self, log: Callable[[str], None]):
        self.log = log
        self.window_start = time.monotonic()
        self.lines = 0
        self.left_out = 0

    def say(self, text: str) -> None:
        now = time.monotonic()
        if now - self.window_start >= LOG_SPAN:
            if self.left_out:
                self.log(f"{self.left_out} more refused connections not logged")
            self.window_start, self.lines, self.left_out = now, 0, 0
        if self.lines >= LOG_LINES:
            self.left_out += 1
            return
        self.lines += 1
        self.log(text)


def address_key(host: str) -> str:
    """Whom lockouts and caps count: an IPv4 address, or an IPv6 /64 (one
    machine's share of a network)."""
    if ":" in host:
        import ipaddress

        try:
            return str(ipaddress.IPv6Network(f"{host}/64", strict=False))
        except ValueError:
            return host
    return host


@dataclass
class Guesser:
    """Wrong join codes or tokens from one address: after GUESSES_FREE, each
    locks the address out for twice as long as the last (LOCKOUT_FIRST up to
    LOCKOUT_MOST), so a code of 40 bits takes years to guess."""

    wrong: int = 0
    until: float = 0.0
    seen: float = 0.0


class Gate:
    """Who may hold a connection: at most PER_ADDRESS from one address, at most
    UNPROVEN that have not shown the join code (past that the oldest of them is
    let go: strangers cannot hold the door), and lockouts for guessers."""

    def __init__(self) -> None:
        self.per_address: dict[str, int] = {}
        self.unproven: dict[int, asyncio.Transport] = {}     # id(transport) -> transport
        self.guessers: dict[str, Guesser] = {}
        self.turned_away = 0

    def admit(self, key: str, transport: asyncio.Transport) -> bool:
        if self.per_address.get(key, 0) >= PER_ADDRESS:
            self.turned_away += 1
            return False
        self.per_address[key] = self.per_address.get(key, 0) + 1
        while len(self.unproven) >= UNPROVEN:
            oldest = next(iter(self.unproven))
            self.unproven.pop(oldest).abort()
            self.turned_away += 1
        self.unproven[id(transport)] = transport
        return True

    def proven(self, transport: object) -> None:
        self.unproven.pop(id(transport), None)

    def gone(self, key: str, transport: object) -> None:
        self.unproven.pop(id(transport), None)
        left = self.per_address.get(key, 0) - 1
        if left > 0:
            self.per_address[key] = left
        else:
            self.per_address.pop(key, None)

    def locked(self, key: str, now: float) -> float:
        """Seconds this address must still wait before its next guess (0: none)."""
        guesser = self.guessers.get(key)
        return max(0.0, guesser.until - now) if guesser is not None else 0.0

    def wrong(self, key: str, now: float) -> float:
        """A wrong code or token from ``key``: the lockout it earns (seconds)."""
        guesser = self.guessers.get(key)
        if guesser is None or now - guesser.seen > LOCKOUT_FORGET:
            guesser = Guesser()
            if len(self.guessers) >= GUESSERS:
                self.guessers.pop(next(iter(self.guessers)))
        self.guessers.pop(key, None)
        self.guessers[key] = guesser            # the most recent last: the oldest go first
        guesser.wrong += 1
        guesser.seen = now
        past = guesser.wrong - GUESSES_FREE
        if past <= 0:
            return 0.0
        lockout = min(LOCKOUT_MOST, LOCKOUT_FIRST * float(2 ** min(past - 1, 30)))
        guesser.until = now + lockout
        return lockout


def guarded_connection(gate: Gate) -> type[ServerConnection]:
    """websockets' connection that asks ``gate`` before it takes a socket (a
    stranger's raw TCP sockets count, before any handshake)."""

    class Guarded(ServerConnection):
        gate_key = ""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self.gate_key = address_key(str(peer[0])) if peer else "?"
            assert isinstance(transport, asyncio.Transport)
            if not gate.admit(self.gate_key, transport):
                self.gate_key = ""
                transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.gate_key:
                gate.gone(self.gate_key, self.transport)
                self.gate_key = ""
            super().connection_lost(exc)

    return Guarded


def join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def seat_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class Client:
    ident: int
    ws: ServerConnection
    address: str
    key: str = ""                      # whom caps and lockouts count (`address_key`)
    seat: int | None = None
    spectator: bool = False
    sent: int = 0                      # history entries this client has
    strikes: float = 0.0
    struck_at: float = field(default_factory=time.monotonic)
    tokens: float = BURST
    filled_at: float = field(default_factory=time.monotonic)
    notified_at: float = 0.0
    name: str = ""
    outbox: asyncio.Queue[tuple[str | None, tuple[int, str] | None]] = field(
        default_factory=asyncio.Queue)
    queued: int = 0                    # bytes waiting in the outbox
    received: int = 0                  # messages read from it (flooded ones too)
    cut: bool = False                  # let go for not reading: nothing more is queued
    since: float = field(default_factory=time.monotonic)      # joined at
    last_seq: int = 0                  # the highest action sequence number taken from it
    hello: dict[str, Any] = field(default_factory=dict)       # what it said on joining
    map_sent: bool = False             # the map's files went to it (once a connection)

    def allow(self, now: float) -> bool:
        """Token bucket: False while the client sends faster than RATE."""
        self.tokens = min(BURST, self.tokens + (now - self.filled_at) * RATE)
        self.filled_at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def strike(self, now: float, weight: float = 1.0) -> bool:
        """Count a refusal; True once the client has earned a disconnect."""
        self.strikes = max(0.0, self.strikes - (now - self.struck_at) / STRIKE_DECAY) + weight
        self.struck_at = now
        return self.strikes >= STRIKES


class Inbox(queue.Queue[tuple[str, int, int | None, dict[str, Any] | None]]):
    """What clients asked of one game, for its owner; ``wake`` is set at each
    message (one owner looking after many games waits on one event)."""

    def __init__(self, wake: threading.Event | None = None):
        super().__init__()
        self.wake = wake

    def put(self, item: tuple[str, int, int | None, dict[str, Any] | None],
            block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        if self.wake is not None:
            self.wake.set()


class NetHost:
    """The server.  ``info`` goes to every client in its welcome (names, seat
    kinds, map, players, variants: nothing secret); ``remote`` are the seats
    clients may hold, ``tokens`` their reconnect tokens (made when not given).

    One server hosts many games on one port: a game started with ``share``
    (another NetHost, which `start` ed) is a room of that server; a hello's
    join code picks the room.  A ``lobby`` host is only the server (no game of
    its own; `hacienda serve --games N`)."""

    def __init__(self, info: dict[str, Any], remote: list[int], code: str | None = None,
                 tokens: dict[int, str] | None = None, bind: str = "127.0.0.1", port: int = 0,
                 ssl_context: ssl.SSLContext | None = None,
                 log: Callable[[str], None] | None = None,
                 tap: Callable[[Client, str], None] | None = None,
                 share: NetHost | None = None, lobby: bool = False,
                 wake: threading.Event | None = None):
        self.info = info
        self.share = share
        self.lobby = lobby
        self.rooms: dict[str, NetHost] = {}      # the games of this server, by code
        self.map_files: dict[str, str] = {}      # the map for joiners lacking it (`mapshare`)
        self._map_text: str | None = None
        self.code = normal_code(code) if code else join_code()
        self.remote = set(remote)
        self.tokens = {s: (tokens or {}).get(s) or seat_token() for s in remote}
        self.handed = set(tokens or ())       # seats whose token was given out (resumed)
        self.bind, self.port = bind, port
        self.ssl_context = ssl_context
        self.log = log or (lambda text: None)
        self.tap = tap                        # tap(seat, text): every text sent (tests)
        self.inbox = Inbox(wake)
        self.clients: dict[int, Client] = {}
        self.online: set[int] = set()         # seats with a live connection (read anywhere)
        self.latest: dict[int | None, dict[str, Any]] = {}
        self.stats = {"refused": 0, "disconnected": 0, "messages": 0}
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self._servers: list[Server] = []
        self.listening = True
        self.gate = Gate()
        self.most_queued = 0                  # the most bytes that ever waited for one client
        self._refusal_log = RefusalLog(lambda text: self.log(text))

    # ---------------------------------------------------------- owner thread
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Start listening (on its own thread); (address, port) once it does.
        A room (``share``) joins its server's rooms instead."""
        if self.share is not None:
            server = self.share
            if self.code in server.rooms or server.code == self.code:
                raise OSError("that join code is taken on this server")
            self._loop, self.gate, self.bind, self.port = (server._loop, server.gate,
                                                          server.bind, server.port)
            self._refusal_log = server._refusal_log
            server.rooms[self.code] = self
            return self.bind, self.port
        self._thread = threading.Thread(target=self._run, name="hacienda-net-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the network host did not start")
        if self._error is not None:
            raise OSError(f"cannot host on {self.bind}:{self.port}: {self._error}")
        return self.bind, self.port

    def publish(self, views: dict[int | None, dict[str, Any]], reset: bool = False) -> None:
        """Send each client its seat's new view.  ``views[seat]`` holds ``obs`` (its
        history a tuple of texts) and the rest of a state message; ``reset``
        sends the whole history again (after an undo)."""
        self._call(self._publish, views, reset)

    def refuse(self, ident: int, message: dict[str, Any], strike: float = 1.0) -> None:
        """Refuse a client's action: ``message`` is a `protocol.refused` message."""
        self._call(self._refuse_later, ident, message, strike)

    def note(self, message: dict[str, Any]) -> None:
        """A message for every client (seat changes, the host leaving)."""
        self._call(self._broadcast, message)

    def release(self, seat: int) -> None:
        """The seat is no longer remote (handed to an AI): its holder becomes a watcher."""
        self.remote.discard(seat)
        self._call(self._release, seat)

    def close(self, reason: str = "the host ended the game", code: str = "ended",
              timeout: float = 5.0) -> None:
        """Tell every client why (``code``: one of `protocol.FAREWELLS`) and stop."""
        loop = self._loop
        if loop is None:
            return
        if self.share is not None:                # a room: its clients go, the server stays
            with contextlib.suppress(RuntimeError, TimeoutError):
                asyncio.run_coroutine_threadsafe(self._farewell(reason, code), loop).result(
                    timeout)
            self.share.rooms.pop(self.code, None)
            self._loop = None
            return
        if self._thread is None:
            return
        with contextlib.suppress(RuntimeError, TimeoutError):
            asyncio.run_coroutine_threadsafe(self._shutdown(reason, code), loop).result(timeout)
        self._thread.join(timeout)
        self._loop = None

    def _call(self, fn: Callable[..., object], *args: Any) -> None:
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):       # the loop has just closed
                loop.call_soon_threadsafe(fn, *args)

    # ------------------------------------------------------------ net thread
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:  # noqa: BLE001 - reported to start()
            self._error = e
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        try:
            await self._listen_now()
        except OSError as e:
            self._error = e
            self._ready.set()
            return
        assert self._server is not None
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]
        self._ready.set()
        await self._stopped.wait()
        for server in self._servers:
            server.close()
            await server.wait_closed()

    async def _listen_now(self) -> None:
        self._server = await serve(
            self._handle, self.bind, self.port, ssl=self.ssl_context, compression=None,
            max_size=MAX_FRAME, max_queue=64, ping_interval=10, ping_timeout=20,
            open_timeout=HELLO_TIMEOUT, close_timeout=2, server_header=None,
            write_limit=WRITE_LIMIT, create_connection=guarded_connection(self.gate),
            logger=QuietLog(logging.getLogger("websockets.server")))
        self._servers.append(self._server)

    def listen(self, on: bool) -> None:
        """Listen for new connections, or stop (the connections open stay): a
        host from Setup listens only while a remote seat waits for its player."""
        if self.share is None and on != self.listening:
            self.listening = on
            self._call(lambda: asyncio.ensure_future(self._set_listening(on)))

    async def _set_listening(self, on: bool) -> None:
        if on and not any(s.is_serving() for s in self._servers):
            try:
                await self._listen_now()
            except OSError as e:
                self.log(f"cannot listen again on port {self.port}: {e}")
        elif not on:
            for server in self._servers:
                server.server.close()     # no new connections; the open ones go on
        self.log(f"{'listening again' if on else 'not listening'} on {self.bind}:{self.port}")

    async def _shutdown(self, reason: str, code: str) -> None:
        for room in list(self.rooms.values()):
            await room._farewell(reason, code)
        await self._farewell(reason, code)
        if self._stopped is not None:
            self._stopped.set()

    async def _farewell(self, reason: str, code: str) -> None:
        for client in list(self.clients.values()):
            self._queue(client, {"type": "bye", "code": code, "reason": reason},
                        close=(1001, "host quit"))
        await asyncio.sleep(0.05)
        for _ in range(40):                 # let the farewells go out (bounded)
            if all(c.outbox.empty() for c in self.clients.values()):
                break
            await asyncio.sleep(0.05)

    def _queue(self, client: Client, message: dict[str, Any] | str | None,
               close: tuple[int, str] | None = None) -> None:
        """Everything to a client goes through its outbox, in order, written by
        one task; a client that stops reading is let go, not waited for (its
        outbox never holds more than OUTBOX_LIMIT messages)."""
        if client.cut:
            return
        text = encode(message) if isinstance(message, dict) else message
        size = len(text) if text is not None else 0
        room = len(self._map_text) if client.map_sent and self._map_text else 0
        if client.outbox.qsize() >= OUTBOX_LIMIT or client.queued + size > OUTBOX_BYTES + room:
            self._cut(client)
            return
        client.queued += size
        self.most_queued = max(self.most_queued, client.queued)
        client.outbox.put_nowait((text, close))

    def _cut(self, client: Client) -> None:
        """Let go of a client that does not read what it is sent."""
        if client.cut:
            return
        client.cut = True
        self.stats["disconnected"] += 1
        self.log(f"{self._who(client)} cut off: it does not read its messages")
        client.ws.transport.abort()
        while not client.outbox.empty():          # what waited for it is dropped now
            client.outbox.get_nowait()
        client.queued = 0

    async def _writer(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            while True:
                text, close = await client.outbox.get()
                if text is not None:
                    client.queued -= len(text)
                    if self.tap is not None:
                        self.tap(client, text)
                    try:
                        # a client that stops reading fills the socket's buffers and
                        # this send waits: it is let go after SEND_STALL seconds
                        await asyncio.wait_for(client.ws.send(text), SEND_STALL)
                    except TimeoutError:
                        self._cut(client)
                        return
                if close is not None:
                    try:
                        await asyncio.wait_for(client.ws.close(*close), CLOSE_WAIT)
                    except TimeoutError:
                        client.ws.transport.abort()    # it does not read: cut it off
                    return

    def _who(self, client: Client) -> str:
        who = "spectator" if client.spectator else f"seat {client.seat + 1}" \
            if client.seat is not None else "guest"
        return f"#{client.ident} {client.address} ({who})"

    async def _handle(self, ws: ServerConnection) -> None:
        peer = ws.remote_address
        address = f"{peer[0]}:{peer[1]}" if peer else "?"
        client = Client(next(self._ids), ws, address, address_key(str(peer[0])) if peer else "?")
        writer = asyncio.ensure_future(self._writer(client))
        room: NetHost | None = None
        try:
            room = await self._greet(client)
            if room is not None and await room._seat(client):
                await room._listen(client)
        except ConnectionClosed:
            pass
        finally:
            if room is not None:
                room._gone(client)
            with contextlib.suppress(TimeoutError, ConnectionClosed, OSError):
                await asyncio.wait_for(writer, 2.0)
            writer.cancel()

    async def _greet(self, client: Client) -> NetHost | None:
        """The handshake: version, then the join code picks the game (this
        host's, or a room's).  None: refused and closed."""
        try:
            # the hello is due HELLO_TIMEOUT seconds after the socket opened
            left = HELLO_TIMEOUT - (time.monotonic() - client.since)
            raw = await asyncio.wait_for(client.ws.recv(), max(0.1, left))
            message = check_incoming(decode(raw))
            if message["type"] != "hello":
                raise ProtocolError("say hello first")
        except TimeoutError:
            return await self._refuse_hello(client, refused(
                "hello", f"no hello within {HELLO_TIMEOUT:g} seconds", True))
        except ProtocolError as e:
            return await self._refuse_hello(client, refused(
                "hello" if str(e) == "say hello first" else "malformed", str(e), True))
        if message["protocol"] != PROTOCOL or message["version"] != self.info["version"]:
            return await self._refuse_hello(client, refused(
                "version", f"version mismatch: the host runs {version_text(self.info['version'])},"
                f" you run {version_text(message['version'], message['protocol'])}", True,
                host=self.info["version"], host_protocol=PROTOCOL, you=message["version"],
                you_protocol=message["protocol"]))
        lockout = self.gate.locked(client.key, time.monotonic())
        if lockout:                  # no code is even looked at while an address waits
            return await self._refuse_hello(client, self._locked(lockout))
        said = normal_code(message["code"]).encode()
        room: NetHost | None = None
        for candidate in [*([] if self.lobby else [self]), *self.rooms.values()]:
            if hmac.compare_digest(said, candidate.code.encode()):
                room = candidate
        if room is None:
            return await self._refuse_hello(client, self._guessed(client, refused(
                "code", "wrong join code", True)))
        client.hello = message
        return room

    async def _seat(self, client: Client) -> bool:
        """A seat (token, request or the first free one) or a spectator's place
        in this game.  False: refused and closed."""
        message = client.hello
        token, wanted = message.get("token"), message.get("seat")
        if token:
            seat = next((s for s, t in self.tokens.items()
                         if hmac.compare_digest(t.encode(), token.encode())), None)
            if seat is None:
                return await self._refuse_seat(client, self._guessed(client, refused(
                    "token", "that seat token is not one of this game's (join without it to"
                    " get a free seat)", True)))
            if seat not in self.remote:
                client.spectator = True      # the seat went to an AI: watch instead
            else:
                client.seat = seat
        elif message.get("spectate"):
            client.spectator = True
        if client.spectator and self._joined() >= MAX_CONNECTIONS:
            # seats are always let in (there are at most five); watchers are counted
            return await self._refuse_seat(client, refused(
                "crowded", f"the host has {MAX_CONNECTIONS} connections already", True))
        if not token and not client.spectator:
            free = [s for s in sorted(self.remote) if s not in self.handed]
            if wanted is not None:
                free = [s for s in free if s == wanted]
            if not free:
                return await self._refuse_seat(client, refused(
                    "full", "no free seat in this game: join as a spectator, or with your"
                    " seat's token", True))
            client.seat = free[0]
            self.handed.add(client.seat)
        self.gate.proven(client.ws.transport)
        client.name = message.get("name") or ""
        for other in list(self.clients.values()):
            if client.seat is not None and other.seat == client.seat:
                self.log(f"{self._who(other)} replaced by a new connection")
                other.seat = None
                self._queue(other, refused("replaced", "your seat was taken over by a new"
                                           " connection", True),
                            close=(1000, "seat taken over"))
        self.clients[client.ident] = client
        if client.seat is not None:
            self.online.add(client.seat)
        self.log(f"{self._who(client)} joined")     # never its token: it is the seat's key
        welcome = {"type": "welcome", **self.info, "seat": client.seat,
                   "spectator": client.spectator, "code": self.code,
                   "token": self.tokens.get(client.seat) if client.seat is not None else None}
        self._queue(client, welcome)
        self._send_view(client, reset=True)
        if client.seat is not None:
            self.inbox.put(("joined", client.ident, client.seat, None))
        self._broadcast(self._seats_message())
        client.since = time.monotonic()
        return True

    def _joined(self) -> int:
        server = self.share or self
        return len(server.clients) + sum(len(r.clients) for r in server.rooms.values())

    async def _refuse_hello(self, client: Client, message: dict[str, Any]) -> NetHost | None:
        await self._turn_away(client, message)
        return None

    async def _refuse_seat(self, client: Client, message: dict[str, Any]) -> bool:
        await self._turn_away(client, message)
        return False

    async def _turn_away(self, client: Client, message: dict[str, Any]) -> None:
        reason = message["reason"]
        self._refusal_log.say(f"connection #{client.ident} from {client.address} refused:"
                              f" {reason}")
        self._queue(client, message, close=(1008, reason[:120]))

    def _guessed(self, client: Client, message: dict[str, Any]) -> dict[str, Any]:
        """A wrong code or token: counted against the address (lockouts grow)."""
        lockout = self.gate.wrong(client.key, time.monotonic())
        return self._locked(lockout) if lockout else message

    @staticmethod
    def _locked(seconds: float) -> dict[str, Any]:
        wait = max(1, round(seconds + 0.5))
        return refused("locked", f"too many wrong codes from this address: wait {wait} s",
                       True, seconds=wait)

    async def _listen(self, client: Client) -> None:
        async for raw in client.ws:
            self.stats["messages"] += 1
            client.received += 1
            now = time.monotonic()
            if not client.allow(now):
                # A flood is answered once a second, not message by message.
                if now - client.notified_at >= 1.0:
                    client.notified_at = now
                    await self._refuse(client, refused("flood", "too many messages: slow"
                                                       " down"), 2.0)
                elif client.strike(now, FLOOD_STRIKE):
                    await self._disconnect(client, "flood_cut", "too many messages")
                if client.ident not in self.clients:
                    return
                continue
            try:
                message = check_incoming(decode(raw))
            except ProtocolError as e:
                await self._refuse(client, refused("malformed", str(e)))
                if client.ident not in self.clients:
                    return
                continue
            await self._dispatch(client, message)
            if client.ident not in self.clients:
                return

    async def _dispatch(self, client: Client, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            self._queue(client, {"type": "pong", "t": message.get("t", 0)})
        elif kind == "bye":
            self._queue(client, None, close=(1000, "bye"))
        elif kind == "sync":
            self._send_view(client, reset=True)
        elif kind == "map":
            if client.map_sent:                  # once a connection: it is large
                await self._refuse(client, refused("malformed", "the map was sent already"),
                                   3.0)
                return
            client.map_sent = True
            if self._map_text is None:
                self._map_text = encode({"type": "mapdata", "files": self.map_files})
            self._queue(client, self._map_text)
        elif kind == "hello":
            await self._refuse(client, refused("joined", "already joined"))
        elif client.seat is None:
            await self._refuse(client, refused("spectator", "spectators watch: they cannot act"))
        elif message.get("seat") is not None and message["seat"] != client.seat:
            held, asked = client.seat + 1, message["seat"] + 1
            await self._refuse(client, refused("seat", f"you hold seat {held}, not seat {asked}",
                                               held=held, asked=asked), 3.0)
        elif kind == "act" and message["seq"] <= client.last_seq:
            # Each action frame applies at most once: a repeated one changes nothing.
            await self._refuse(client, refused(
                "repeated", f"action {message['seq']} was already received"), 1.0)
        elif self.inbox.qsize() >= INBOX_LIMIT:
            await self._refuse(client, refused("busy", "the host is busy: try again"), 0.5)
        else:
            if kind == "act":
                client.last_seq = message["seq"]
            self.inbox.put((kind, client.ident, client.seat, message))

    async def _refuse(self, client: Client, message: dict[str, Any], strike: float = 1.0) -> None:
        self.stats["refused"] += 1
        self._queue(client, message)
        if client.strike(time.monotonic(), strike):
            await self._disconnect(client, "strikes_cut", "too many refused messages")

    def _refuse_later(self, ident: int, message: dict[str, Any], strike: float) -> None:
        client = self.clients.get(ident)
        if client is not None:
            asyncio.ensure_future(self._refuse(client, message, strike))

    async def _disconnect(self, client: Client, code: str, reason: str) -> None:
        self.stats["disconnected"] += 1
        self.log(f"{self._who(client)} disconnected: {reason} (read {client.received} messages"
                 f" in {time.monotonic() - client.since:.3f} s since it joined)")
        self._queue(client, refused(code, reason, True), close=(1008, reason))
        self._gone(client)

    def _gone(self, client: Client) -> None:
        if self.clients.pop(client.ident, None) is None:
            return
        self.log(f"{self._who(client)} left")
        if client.seat is not None and not any(c.seat == client.seat
                                               for c in self.clients.values()):
            self.online.discard(client.seat)
            self.inbox.put(("left", client.ident, client.seat, None))
        self._broadcast(self._seats_message())

    def _release(self, seat: int) -> None:
        for client in self.clients.values():
            if client.seat == seat:
                client.seat, client.spectator = None, True
                self._send_view(client, reset=True)
        self.online.discard(seat)
        self._broadcast(self._seats_message())

    def _seats_message(self) -> dict[str, Any]:
        return {"type": "seats", "online": sorted(self.online), "remote": sorted(self.remote),
                "spectators": sum(c.spectator for c in self.clients.values())}

    def _broadcast(self, message: dict[str, Any]) -> None:
        text = encode(message)
        for client in list(self.clients.values()):
            self._queue(client, text)

    def _publish(self, views: dict[int | None, dict[str, Any]], reset: bool) -> None:
        self.latest.update(views)
        for client in list(self.clients.values()):
            self._send_view(client, reset)

    def _send_view(self, client: Client, reset: bool) -> None:
        key = SPECTATOR if client.spectator or client.seat is None else client.seat
        view = self.latest.get(key)
        if view is None:
            return
        obs = dict(view["obs"])
        history = obs.pop("history")
        start = 0 if reset or client.sent > len(history) else client.sent
        message = {**view, "obs": obs, "history_from": start, "history": list(history[start:])}
        if reset:
            message["events"] = []
        client.sent = len(history)
        self._queue(client, message)
