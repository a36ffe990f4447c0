"""A hostile client (run as its own process by test_faults): wrong versions and
codes, fuzzed JSON, wrong types, acting for seats it does not hold, oversized
and binary frames, then 10,000 messages as fast as it can.  Reconnects
whenever the host cuts it off; prints what it sent and what came back."""

from __future__ import annotations

import json
import random
import sys
import threading
import time
import warnings

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hacienda_game import __version__
from hacienda_game.net.protocol import PROTOCOL

warnings.filterwarnings("ignore", category=DeprecationWarning)   # connect() without `with`


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


class Hostile:
    def __init__(self, address: str, code: str):
        self.url = f"ws://{address}/"
        self.code = code
        self.sent = 0
        self.refused = 0
        self.cut_off = 0
        self.joining = 0.0            # seconds spent reconnecting after being cut off
        self.ws = None

    def join(self) -> None:
        started = time.perf_counter()
        self._join()
        self.joining += time.perf_counter() - started

    def _join(self) -> None:
        self.ws = connect(self.url, compression=None, max_size=None, open_timeout=10)
        self.ws.send(hello(self.code, spectate=True))
        threading.Thread(target=self._read, args=(self.ws,), daemon=True).start()

    def _read(self, ws) -> None:
        try:
            for raw in ws:
                if '"refused"' in raw:
                    self.refused += 1
        except Exception:  # noqa: BLE001 - the host cut us off, as it should
            pass

    def send(self, message: str | bytes) -> None:
        for _attempt in range(3):
            try:
                self.ws.send(message)
                self.sent += 1
                return
            except (ConnectionClosed, OSError):
                self.cut_off += 1
                time.sleep(0.05)
                self.join()


def refused_hello(url: str, text: str) -> str:
    with connect(url, compression=None, open_timeout=10) as ws:
        ws.send(text)
        return ws.recv(timeout=10)


def main() -> int:
    address, code = sys.argv[1], sys.argv[2]
    rng = random.Random(99)
    url = f"ws://{address}/"
    print("mismatch:", refused_hello(url, json.dumps(
        {"type": "hello", "protocol": PROTOCOL, "version": "0.0.1", "code": code})))
    print("wrong code:", refused_hello(url, hello("WRONG1")))
    print("bad token:", refused_hello(url, hello(code, token="x" * 24)))
    bad = Hostile(address, code)
    bad.join()
    for i in range(1000):
        if i % 100 == 50:
            bad.send("x" * (70 * 1024))          # over the 64 KB limit
        elif i % 100 == 51:
            bad.send(hello(code))
        else:
            bad.send(fuzz(rng))
    hostile = bad.sent
    start, joining = time.perf_counter(), bad.joining
    flood = json.dumps({"type": "act", "action": "end", "seat": 0})
    for _ in range(10000):
        bad.send(flood)
    seconds = time.perf_counter() - start
    connected = seconds - (bad.joining - joining)
    time.sleep(0.5)
    print(json.dumps({"hostile": hostile, "flood": bad.sent - hostile,
                      "flood_per_second": round(10000 / seconds),
                      "flood_per_second_connected": round(10000 / max(connected, 1e-6)),
                      "refused": bad.refused,
                      "cut_off": bad.cut_off}))
    return 0 if hostile >= 1000 and bad.sent - hostile >= 10000 else 1


if __name__ == "__main__":
    sys.exit(main())
