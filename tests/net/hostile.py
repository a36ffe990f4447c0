"""A hostile client (run as its own process by test_faults): wrong versions and
codes, fuzzed JSON, wrong types, acting for seats it does not hold, oversized
and binary frames, then a flood of well-formed messages at 20,000 a second.
Reconnects whenever the host cuts it off; prints what it sent, how fast, and
what came back.

The connection is driven by hand on an asyncio loop: websockets' sans-I/O
protocol does the handshake and reads the host's frames; what we send is
encoded once (masked client frames) and written straight to the socket in
batches, several writes to one drain, so the sending side is never the limit.
The flood rate is honest: frames handed to the socket while the connection
was open, over the time it was open (from the first flood frame until the
host's close or the flood's end); reconnecting is not counted as flood time.

    python tests/net/hostile.py 127.0.0.1:PORT CODE [--flood N] [--rate R] [--only-flood]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import time

from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from hacienda_game import __version__
from hacienda_game.net.protocol import PROTOCOL

BATCH = 100                 # frames in one write
WRITES_PER_DRAIN = 4        # writes before waiting for the socket to take them
FLOOD = {"type": "ping", "t": 1}     # a well-formed message: only the rate limit stops it


def hello(code: str, **extra) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "version": __version__,
                       "code": code, **extra})


def fuzz(rng: random.Random) -> str | bytes:
    pick = rng.randrange(8)
    if pick == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if pick == 1:
        return '{"type": "act", "action": "buy land"'[:rng.randrange(1, 35)]
    if pick == 2:
        return "[" * rng.randrange(1000, 50000)
    if pick == 3:
        return json.dumps({"type": rng.choice(["act", "undo", "hello", "x", 7, None]),
                           "action": rng.choice([5, None, [], {}, "end", "play pig 99,99"]),
                           rng.choice(["seat", "evil", "turn"]): rng.choice([True, -1, 1e300])})
    if pick == 4:
        return json.dumps([1, 2, 3])
    if pick == 5:
        return "".join(chr(rng.randrange(1, 0x10FFFF)) for _ in range(50)
                       ).encode("utf-8", "replace").decode("utf-8", "replace")
    if pick == 6:
        return json.dumps({"type": "act", "action": "end", "seat": rng.randrange(5)})
    return json.dumps({"type": "act", "action": "x" * rng.randrange(121, 300)})


class Encoder:
    """Client frames (masked, as RFC 6455 asks) encoded ahead of sending."""

    def __init__(self, url: str):
        self.proto = ClientProtocol(parse_uri(url), state=State.OPEN, max_size=None)

    def frame(self, message: str | bytes) -> bytes:
        if isinstance(message, str):
            self.proto.send_text(message.encode("utf-8", "surrogatepass"))
        else:
            self.proto.send_binary(message)
        return b"".join(self.proto.data_to_send())


class Link:
    """One connection: handshake, a reader task, raw writes."""

    def __init__(self, url: str):
        self.url = url
        self.proto = ClientProtocol(parse_uri(url), max_size=None)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.open = False
        self.refused: list[str] = []
        self.closed = asyncio.Event()
        self.task: asyncio.Task | None = None

    async def connect(self, timeout: float = 10.0) -> None:
        uri = parse_uri(self.url)
        self.reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection(uri.host, uri.port), timeout)
        self.proto.send_request(self.proto.connect())
        self._flush()
        deadline = time.monotonic() + timeout
        while not any(isinstance(e, Response) for e in self._events()):
            data = await asyncio.wait_for(self.reader.read(65536),
                                          max(0.1, deadline - time.monotonic()))
            if not data:
                raise ConnectionError("the host closed the connection in the handshake")
            self.proto.receive_data(data)
        if self.proto.state is not State.OPEN:
            raise ConnectionError(f"handshake refused: {self.proto.handshake_exc}")
        self.open = True
        self.task = asyncio.ensure_future(self._read())

    def _events(self) -> list:
        events = self.proto.events_received()
        for event in events:
            if getattr(event, "opcode", None) is Opcode.TEXT:
                text = event.data.decode("utf-8", "replace")
                if '"refused"' in text:
                    self.refused.append(text)
        self._flush()                    # pongs and the closing handshake
        return events

    def _flush(self) -> None:
        data = self.proto.data_to_send()
        if self.writer is not None and not self.writer.is_closing():
            for chunk in data:
                if chunk:
                    self.writer.write(chunk)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.reader.read(65536)
                if not data:
                    break
                self.proto.receive_data(data)
                self._events()
                if self.proto.state is State.CLOSED:
                    break
        except (ConnectionError, OSError):
            pass
        finally:
            self.open = False
            self.closed.set()

    def write(self, data: bytes) -> bool:
        """Hand frames to the socket; False once the connection is gone."""
        if not self.open or self.writer.is_closing() or self.proto.state is not State.OPEN:
            self.open = False
            return False
        self.writer.write(data)
        return True

    async def drain(self) -> bool:
        try:
            await self.writer.drain()
        except (ConnectionError, OSError):
            self.open = False
        await asyncio.sleep(0)              # let the reader see a close
        return self.open

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(TimeoutError, ConnectionError, OSError):
                await asyncio.wait_for(self.writer.wait_closed(), 2.0)
        if self.task is not None:
            self.task.cancel()


class Hostile:
    def __init__(self, address: str, code: str):
        self.url = f"ws://{address}/"
        self.code = code
        self.encoder = Encoder(self.url)
        self.link: Link | None = None
        self.links: list[Link] = []
        self.sent = 0
        self.cut_off = 0

    @property
    def refused(self) -> int:
        return sum(len(link.refused) for link in self.links)

    async def join(self) -> Link:
        for _attempt in range(20):           # bounded: the host may be busy closing
            link = Link(self.url)
            try:
                await link.connect()
            except (ConnectionError, OSError, TimeoutError):
                await asyncio.sleep(0.05)
                continue
            link.write(self.encoder.frame(hello(self.code, spectate=True)))
            self.link = link
            self.links.append(link)
            return link
        raise ConnectionError("cannot join the host again")

    async def ensure(self) -> Link:
        if self.link is None or not self.link.open:
            if self.link is not None:
                self.cut_off += 1
                await self.link.close()
            await self.join()
        return self.link

    async def send(self, message: str | bytes) -> None:
        frame = self.encoder.frame(message)
        for _attempt in range(3):
            link = await self.ensure()
            if link.write(frame) and await link.drain():
                self.sent += 1
                return

    async def flood(self, total: int, rate: float) -> dict:
        """``total`` flood frames at ``rate`` a second (paced, so they reach the
        host as they are sent rather than piling up in socket buffers), in
        batches; reconnects each time the host cuts it off."""
        batch = b"".join(self.encoder.frame(json.dumps(FLOOD)) for _ in range(BATCH))
        windows: list[tuple[int, float]] = []
        sent = 0
        for _connection in range(1000):     # bounded: a connection each time it is cut off
            if sent >= total:
                break
            link = await self.ensure()
            here, start, writes = 0, time.perf_counter(), 0
            while sent < total and link.open:
                if not link.write(batch):
                    break
                here += BATCH
                sent += BATCH
                writes += 1
                if writes % WRITES_PER_DRAIN == 0 and not await link.drain():
                    break
                ahead = start + here / rate - time.perf_counter()
                if ahead > 0:
                    await asyncio.sleep(ahead)
            if sent >= total:
                await link.drain()
            windows.append((here, time.perf_counter() - start))
        self.sent += sent
        frames = sum(n for n, _ in windows)
        seconds = sum(t for _, t in windows)
        return {"flood": frames, "flood_seconds": round(seconds, 3),
                "flood_per_second_connected": round(frames / max(seconds, 1e-6)),
                "flood_connections": len(windows)}


async def refused_hello(url: str, text: str) -> str:
    link = Link(url)
    await link.connect()
    link.write(Encoder(url).frame(text))
    await asyncio.wait_for(link.closed.wait(), 10)
    await link.close()
    return link.refused[0] if link.refused else "(nothing)"


async def run(address: str, code: str, flood: int, rate: float, only_flood: bool) -> int:
    rng = random.Random(99)
    url = f"ws://{address}/"
    bad = Hostile(address, code)
    report: dict = {}
    if not only_flood:
        print("mismatch:", await refused_hello(url, json.dumps(
            {"type": "hello", "protocol": PROTOCOL, "version": "0.0.1", "code": code})))
        print("wrong code:", await refused_hello(url, hello("WRONG1")))
        print("bad token:", await refused_hello(url, hello(code, token="x" * 24)))
        await bad.join()
        for i in range(1000):
            if i % 100 == 50:
                await bad.send("x" * (70 * 1024))          # over the 64 KB limit
            elif i % 100 == 51:
                await bad.send(hello(code))
            else:
                await bad.send(fuzz(rng))
        report["hostile"] = bad.sent
    report.update(await bad.flood(flood, rate))
    await asyncio.sleep(0.5)
    report.update(refused=bad.refused, cut_off=bad.cut_off)
    if bad.link is not None:
        await bad.link.close()
    print(json.dumps(report), flush=True)
    return 0 if report.get("hostile", 1000) >= 1000 and report["flood"] >= flood else 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("address")
    ap.add_argument("code")
    ap.add_argument("--flood", type=int, default=30000)
    ap.add_argument("--rate", type=float, default=20000.0, help="flood frames a second")
    ap.add_argument("--only-flood", action="store_true")
    args = ap.parse_args()
    return asyncio.run(run(args.address, args.code, args.flood, args.rate, args.only_flood))


if __name__ == "__main__":
    sys.exit(main())
