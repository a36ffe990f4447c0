"""A joining player's connection: a websockets client on an asyncio loop in
its own thread.  What the host sends lands, decoded, in `inbox` (a
thread-safe queue the screen empties each frame); `send` never blocks.  The
thread never dies: a dropped connection, a host not there yet, a refusal
waiting can mend (``full``, ``crowded``, ``busy``, cut off) are tried again
with back-off (the seat's token once it has one, so the seat is taken back
exactly where it was) until the player gives up (`close`) or the host says
the game is over; only what waiting cannot mend ends it (another version,
a wrong code or token, an address no resolver takes).

Markers the thread puts in `inbox` besides the host's messages:
``{"type": "_waiting", "reason": ..., "retry_in": s}`` (not joined yet: what it
waits for), ``{"type": "_lost", "reason": ..., "retry_in": s}`` (joined, then
dropped), ``{"type": "_back"}`` and ``{"type": "_closed", "reason": ...}``
(given up or ended: no more messages), ``{"type": "_unreadable"}`` (the host
sent a frame that is not a message); their reasons are this client's own
words, in the player's language (never text the host sent).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..i18n import _
from .protocol import (
    MAX_FROM_HOST,
    RETRY_REFUSALS,
    ProtocolError,
    decode,
    encode,
    hello,
    normal_code,
    refusal_from_wire,
)

# Seconds between tries, one after another; the last repeats until the player
# gives up (or ``tries`` runs out, for tools).
RETRY_DELAYS = (0.2, 0.5, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 5.0)
# Seconds between the client's pings while joined: a host that stops answering
# (its machine asleep, its cable out, its process stopped) is noticed from the
# silence within about a second more, long before the connection times out.
HEARTBEAT = 0.5


def parse_address(text: str, default_port: int = 8765) -> tuple[str, int, bool]:
    """"host:port", "wss://host:port" or "host" -> (host, port, tls); ValueError if not."""
    text = text.strip()
    tls = text.startswith("wss://")
    for prefix in ("wss://", "ws://"):
        if text.startswith(prefix):
            text = text[len(prefix):]
    text = text.rstrip("/")
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(default_port)
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not an address: {text!r} (write it as HOST:PORT, e.g."
                         " 192.168.1.20:8765)")
    return host, int(port), tls


def readable(refusal: dict[str, Any]) -> bool:
    """Whether a refusal is one this version sends (an unreadable one ends nothing)."""
    try:
        refusal_from_wire(refusal)
    except ProtocolError:
        return False
    return True


class NetClient:
    def __init__(self, address: str, code: str, token: str | None = None,
                 seat: int | None = None, spectate: bool = False, name: str | None = None,
                 cafile: str | None = None, tap: Callable[[str], None] | None = None,
                 retry: tuple[float, ...] = RETRY_DELAYS, tries: int | None = None,
                 source: str | None = None):
        self.host, self.port, self.tls = parse_address(address)
        self.code = normal_code(code)
        self.token = token
        self.seat = seat
        self.spectate = spectate
        self.name = name
        self.cafile = cafile
        self.tap = tap                # tap(text): every text received (tests)
        self.retry = retry
        self.tries = tries            # tries after a failure before giving up (None: until told)
        self.source = source          # the local address to connect from (soak tools)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sent = 0
        self._seq = itertools.count(1)  # each action frame's number: the host takes it once
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self._joined = False          # welcomed once: a drop is then tried again
        self._tries = 0
        self._refusal: str | None = None    # the refusal code that ended the last try
        self._stop: asyncio.Event | None = None
        self.heard_at: float | None = None  # when the host was last heard (None: not joined)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}/"

    def start(self) -> NetClient:
        self._thread = threading.Thread(target=self._run, name="hacienda-net-client",
                                        daemon=True)
        self._thread.start()
        return self

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; an action gets the next sequence number (the host
        refuses a number it has had, so a frame sent twice applies once)."""
        if message.get("type") == "act" and "seq" not in message:
            message = {**message, "seq": next(self._seq)}
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue a text frame as it is (the fault tests send hostile ones)."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._send_now, text)

    def close(self, timeout: float = 3.0) -> None:
        self._closing = True
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._finish)
        if self._thread is not None:
            self._thread.join(timeout)

    # ------------------------------------------------------------ net thread
    def _send_now(self, text: str) -> None:
        ws = self._ws
        if ws is not None:
            self.sent += 1
            asyncio.ensure_future(self._send_quietly(ws, text))

    @staticmethod
    async def _send_quietly(ws: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            await ws.send(text)

    def silent_for(self) -> float:
        """Seconds since the host last answered while connected (0 when not connected)."""
        heard = self.heard_at
        return 0.0 if heard is None else max(0.0, time.monotonic() - heard)

    def _finish(self) -> None:
        if self._stop is not None:
            self._stop.set()

    def _ssl(self) -> ssl.SSLContext | None:
        if not self.tls:
            return None
        context = ssl.create_default_context(cafile=self.cafile)
        return context

    def _run(self) -> None:
        reason = _("You left the game.")
        try:
            reason = asyncio.run(self._main())
        except BaseException as e:  # noqa: BLE001 - the screen must hear how it ended
            reason = _("The connection failed ({why}).").format(why=type(e).__name__)
        self.inbox.put({"type": "_closed", "reason": reason})

    async def _main(self) -> str:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        reason = _("You left the game.")
        while not self._closing:
            try:
                kind, reason = await self._session()
            except Exception as e:  # noqa: BLE001 - never end the thread: try again
                kind, reason = "lost", _("The connection failed ({why}).").format(
                    why=type(e).__name__)
            if kind in ("fatal", "stopped") or self._closing:
                break
            if self.tries is not None and self._tries >= self.tries:
                break
            delay = self.retry[min(self._tries, len(self.retry) - 1)]
            self._tries += 1
            self.inbox.put({"type": "_lost" if self._joined else "_waiting", "reason": reason,
                            "code": self._refusal, "retry_in": delay})
            self._refusal = None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)
            if self._stop.is_set():
                break
        return reason

    async def _session(self) -> tuple[str, str]:
        """One connection, until it ends: ("lost"|"fatal"|"stopped", reason)."""
        extra: dict[str, Any] = {"local_addr": (self.source, 0)} if self.source else {}
        try:
            ws = await connect(self.url, ssl=self._ssl(), compression=None,
                               max_size=MAX_FROM_HOST, open_timeout=10, ping_interval=10,
                               ping_timeout=20, close_timeout=2, proxy=None,
                               user_agent_header=None, **extra)
        except ConnectionRefusedError:
            return "lost", _("Nobody hosts a game at {where}: check the address and port on the"
                             " host's screen.").format(where=f"{self.host}:{self.port}")
        except ssl.SSLError as e:
            return "lost", _("The secure connection to {where} failed ({why}).").format(
                where=f"{self.host}:{self.port}", why=e.reason)
        except (InvalidURI, UnicodeError) as e:
            # a host name no resolver can take (a label over 63 characters): no retry mends it
            return "fatal", _("Cannot reach {where} ({why}).").format(
                where=f"{self.host}:{self.port}", why=e)
        except (OSError, InvalidHandshake, TimeoutError) as e:
            return "lost", _("Cannot reach {where} ({why}).").format(
                where=f"{self.host}:{self.port}", why=e)
        self._ws = ws
        assert self._stop is not None
        try:
            await ws.send(encode(hello(self.code, self.token, None if self.token else self.seat,
                                       self.spectate and not self.token, self.name)))
            self.heard_at = time.monotonic()
            reader = asyncio.ensure_future(self._read(ws))
            stopper = asyncio.ensure_future(self._stop.wait())
            beat = asyncio.ensure_future(self._heartbeat(ws))
            done, _pending = await asyncio.wait({reader, stopper},
                                                return_when=asyncio.FIRST_COMPLETED)
            beat.cancel()
            if stopper in done:
                reader.cancel()
                with contextlib.suppress(ConnectionClosed, OSError):
                    await ws.send(encode({"type": "bye"}))
                    await ws.close()
                return "stopped", _("You left the game.")
            stopper.cancel()
            return reader.result()
        finally:
            self._ws = None
            self.heard_at = None
            with contextlib.suppress(ConnectionClosed, OSError):
                await ws.close()

    async def _heartbeat(self, ws: ClientConnection) -> None:
        """Ping the host every `HEARTBEAT` seconds; each pong (and every message,
        `_read`) is the host heard.  A ping the host never answers leaves
        ``heard_at`` behind: the screen reads the silence from `silent_for`."""
        with contextlib.suppress(ConnectionClosed, OSError, asyncio.CancelledError):
            while True:
                pong = await ws.ping()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(pong), HEARTBEAT)
                    self.heard_at = time.monotonic()
                await asyncio.sleep(HEARTBEAT)

    async def _read(self, ws: ClientConnection) -> tuple[str, str]:
        try:
            async for raw in ws:
                self.heard_at = time.monotonic()
                if self.tap is not None:
                    self.tap(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
                try:
                    message = decode(raw, MAX_FROM_HOST)
                except ProtocolError:
                    self.inbox.put({"type": "_unreadable"})
                    continue
                kind = message.get("type")
                message["_at"] = time.perf_counter()      # when it arrived (round trips)
                if kind == "welcome":
                    self.token = message.get("token") or self.token
                    if isinstance(message.get("seat"), int):
                        self.seat = message["seat"]
                    self.inbox.put(message)
                    if self._joined:
                        self.inbox.put({"type": "_back"})
                    self._joined, self._tries = True, 0
                    continue
                self.inbox.put(message)
                if kind == "bye":
                    return "fatal", _("The host ended the game.")
                if kind == "refused" and message.get("fatal") and readable(message):
                    if message.get("code") in RETRY_REFUSALS:
                        self._refusal = str(message["code"])    # worded by the screen
                        return "lost", _("The host refused this game.")
                    return "fatal", _("The host refused this game.")
        except ConnectionClosed:
            return "lost", _("The connection to the host was lost.")
        return "lost", _("The connection to the host was closed.")
