"""The host's guards against strangers and slow readers, and the client that
never gives up on its own (loopback only, real sockets, bounded waits):
join codes people can read aloud and nobody can guess, lockouts that grow,
strangers holding sockets without the code, a spectator that stops reading,
a client refused as "full" that tries again."""

from __future__ import annotations

import asyncio
import json
import math
import socket
import threading
import time

from websockets.asyncio.client import connect

from hacienda_game import __version__
from hacienda_game.client.netlink import NET_SENTENCES, GameLink
from hacienda_game.net import host as host_module
from hacienda_game.net.client import NetClient
from hacienda_game.net.host import (
    GUESSES_FREE,
    LOCKOUT_FIRST,
    LOCKOUT_MOST,
    PER_ADDRESS,
    Gate,
    NetHost,
    join_code,
)
from hacienda_game.net.protocol import (
    CODE_ALPHABET,
    PROTOCOL,
    code_text,
    encode,
    hello,
    normal_code,
    refused,
)

from .test_protocol import Owner, settle


def _hello(code: str, **extra) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "version": __version__,
                       "code": code, **extra})


def test_join_codes_carry_40_bits_and_read_aloud_in_groups_of_four():
    codes = {join_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    assert len(CODE_ALPHABET) ** 8 >= 2 ** 40
    assert not set("01OI") & set(CODE_ALPHABET)          # nothing read two ways
    assert code_text("K7PMQ2XH") == "K7PM-Q2XH"
    assert normal_code("k7pm-q2xh ") == normal_code("K7PM Q2XH") == "K7PMQ2XH"
    assert hello("k7pm-q2xh")["code"] == "K7PMQ2XH"


def test_wrong_codes_lock_an_address_out_for_longer_each_time():
    gate, now = Gate(), 1000.0
    waits = [gate.wrong("10.0.0.9", now + i) for i in range(GUESSES_FREE + 12)]
    assert waits[:GUESSES_FREE] == [0.0] * GUESSES_FREE
    locked = waits[GUESSES_FREE:]
    assert locked[0] == LOCKOUT_FIRST
    assert all(b == min(LOCKOUT_MOST, 2 * a) for a, b in zip(locked, locked[1:], strict=False))
    assert locked[-1] == LOCKOUT_MOST
    assert gate.locked("10.0.0.9", now + 20) > 0 and gate.locked("10.0.0.8", now) == 0
    # Guessing a live code: at best GUESSES_FREE guesses then one an hour per address;
    # even 10,000 addresses need years for half the 2^40 codes.
    per_hour = 10_000 * (1 + GUESSES_FREE / 24)
    years = (2 ** 39) / per_hour / 24 / 365
    assert years > 100 and math.log2(len(CODE_ALPHABET) ** 8) >= 40


def test_guesses_over_the_socket_are_refused_then_locked_out_even_with_the_right_code():
    owner = Owner(["remote", "remote"])
    logged: list[str] = []
    owner.hosted.net.log = logged.append
    url = f"ws://{owner.address}/"

    async def guess(code: str) -> dict:
        async with connect(url, open_timeout=5) as ws:
            await ws.send(_hello(code))
            return json.loads(await asyncio.wait_for(ws.recv(), 5))

    async def run() -> list[dict]:
        wrong = "ZZZZZZZZ" if owner.hosted.code != "ZZZZZZZZ" else "YYYYYYYY"
        answers = [await guess(wrong) for _ in range(GUESSES_FREE + 1)]
        answers.append(await guess(owner.hosted.code))      # locked: even the right one
        await asyncio.sleep(LOCKOUT_FIRST + 0.2)
        answers.append(await guess(wrong))                  # the next lockout is longer
        return answers

    try:
        answers = asyncio.run(run())
        codes = [a["code"] for a in answers]
        assert codes == ["code"] * GUESSES_FREE + ["locked"] * 3
        assert answers[GUESSES_FREE]["params"]["seconds"] >= LOCKOUT_FIRST
        assert answers[-1]["params"]["seconds"] >= 2 * LOCKOUT_FIRST     # it grew
        assert NET_SENTENCES["locked"].format(seconds=4)
        assert not any(owner.hosted.code in line for line in logged)
    finally:
        owner.hosted.close()


def test_strangers_holding_sockets_without_the_code_do_not_block_an_honest_join(monkeypatch):
    monkeypatch.setattr(host_module, "HELLO_TIMEOUT", 1.5)
    owner = Owner(["remote", "remote"])
    host, port = owner.address.split(":")
    held: list[socket.socket] = []
    stop = threading.Event()

    async def handshakes(source: str, count: int) -> list:
        # WebSocket handshakes that never say hello (the code never shown)
        out = []
        for _ in range(count):
            sock = socket.socket()
            sock.bind((source, 0))
            sock.connect((host, int(port)))
            try:
                out.append(await connect(f"ws://{owner.address}/", sock=sock, open_timeout=3))
            except Exception:  # noqa: BLE001 - turned away: that is the point
                sock.close()
        return out

    try:
        # one stranger's address tries 60 raw sockets: PER_ADDRESS are taken at most
        for _ in range(60):
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.connect((host, int(port)))
            held.append(sock)
        time.sleep(0.3)
        assert owner.hosted.net.gate.per_address.get("127.0.0.2", 0) <= PER_ADDRESS
        # strangers from 12 more addresses hold WebSocket handshakes open, more than
        # the connections that have not shown the code may be
        loop = asyncio.new_event_loop()

        async def all_strangers() -> list:
            return await asyncio.gather(
                *(handshakes(f"127.0.0.{10 + i}", PER_ADDRESS) for i in range(12)))

        sockets = loop.run_until_complete(all_strangers())
        assert len(owner.hosted.net.gate.unproven) <= host_module.UNPROVEN
        started = time.monotonic()
        honest = GameLink.join(owner.address, owner.hosted.code, timeout=10)
        assert honest.seat is not None and time.monotonic() - started < 5
        # and a stranger that shows nothing is let go once its hello is due
        time.sleep(host_module.HELLO_TIMEOUT + 0.7)
        owner.hosted.pump(lambda: owner.state, owner.perform)
        assert not any(c.seat is None and not c.spectator
                       for c in owner.hosted.net.clients.values())
        assert len(owner.hosted.net.gate.unproven) <= 2
        second = GameLink.join(owner.address, owner.hosted.code, timeout=10)
        settle(owner, honest, second, until=lambda: owner.hosted.started)
        for group in sockets:
            for ws in group:
                loop.run_until_complete(ws.close())
        loop.close()
        honest.close()
        second.close()
    finally:
        stop.set()
        for sock in held:
            sock.close()
        owner.hosted.close()


def test_a_spectator_that_stops_reading_is_cut_within_seconds_and_memory_stays_bounded(
        monkeypatch):
    monkeypatch.setattr(host_module, "SEND_STALL", 1.5)
    net = NetHost({"version": __version__}, [0])
    address = f"127.0.0.1:{net.start()[1]}"
    cut_at: list[float] = []
    net.log = lambda text: cut_at.append(time.monotonic()) if "cut off" in text else None
    big = "x" * 60_000                       # a view as large as a long game's reset
    done = threading.Event()

    async def frozen() -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", int(address.split(":")[1])))
        ws = await connect(f"ws://{address}/", sock=sock, open_timeout=5, max_size=None)
        await ws.send(encode(hello(net.code, spectate=True)))
        await asyncio.sleep(0.3)
        ws.transport.pause_reading()         # it stops reading, and stays connected
        for _ in range(120):
            if done.is_set():
                break
            await asyncio.sleep(0.1)
        ws.transport.abort()

    watcher = threading.Thread(target=asyncio.run, args=(frozen(),), daemon=True)
    watcher.start()
    try:
        deadline = time.monotonic() + 5
        while not net.clients and time.monotonic() < deadline:
            time.sleep(0.05)
        assert net.clients, "the spectator joined"
        began = time.monotonic()
        while time.monotonic() - began < 9 and not cut_at:
            view = {"type": "state", "obs": {"history": (), "pad": big}, "action": None,
                    "events": [], "can_undo": False}
            net.publish({None: view})        # 20 views a second, 1.2 MB a second
            time.sleep(0.05)
        assert cut_at, "the spectator that stopped reading was never cut off"
        assert cut_at[0] - began < host_module.SEND_STALL + 6      # (a loaded machine)
        assert net.most_queued <= host_module.OUTBOX_BYTES
        time.sleep(0.3)
        assert not net.clients
    finally:
        done.set()
        net.close()
        watcher.join(10)


def test_a_client_refused_as_full_tries_again_and_joins_when_a_seat_is_free():
    """A host whose seats are all taken refuses with "full"; the client's thread
    lives on, tries again with back-off, the screen says what it waits for."""
    tries: list[float] = []
    ready = threading.Event()
    port: list[int] = []

    async def host_main() -> None:
        from websockets.asyncio.server import serve

        async def handler(ws) -> None:
            await ws.recv()
            tries.append(time.monotonic())
            if len(tries) < 3:
                await ws.send(encode(refused("full", "no free seat", True)))
                await ws.close(1008, "full")
                return
            await ws.send(encode({"type": "welcome", "seat": 1, "token": "t" * 24,
                                  "map": "symmetric"}))
            await asyncio.sleep(1.0)

        async with serve(handler, "127.0.0.1", 0) as server:
            port.append(next(iter(server.sockets)).getsockname()[1])
            ready.set()
            await asyncio.sleep(8)

    threading.Thread(target=asyncio.run, args=(host_main(),), daemon=True).start()
    assert ready.wait(5)
    client = NetClient(f"127.0.0.1:{port[0]}", "ABCD-EFGH", retry=(0.2, 0.4)).start()
    link = GameLink(client)
    try:
        seen_waiting: list[str] = []
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and not link.info:
            link.pump(block=0.05)
            if link.waiting:
                seen_waiting.append(link.trying("Joining…"))
        assert len(tries) == 3 and link.info.get("seat") == 1
        assert tries[2] - tries[1] >= 0.35          # backed off: the second wait is longer
        assert any("No free seat" in w for w in seen_waiting)
        assert link.closed is None and client._thread.is_alive()
    finally:
        client.close()


def test_the_hosts_note_of_code_and_tokens_is_its_owners_alone_and_no_token_is_logged(
        tmp_path):
    import os
    import stat

    owner = Owner(["remote", "remote"])
    logged: list[str] = []
    owner.hosted.net.log = logged.append
    owner.hosted.log = logged.append
    try:
        os.umask(0o022)
        save = tmp_path / "server-game.json"
        owner.hosted.write_note(save)
        note = save.with_suffix(".net.json")
        assert stat.S_IMODE(os.stat(note).st_mode) == 0o600
        a = GameLink.join(owner.address, owner.hosted.code)
        b = GameLink.join(owner.address, owner.hosted.code)
        settle(owner, a, b, until=lambda: owner.hosted.started)
        a.close()
        a2 = GameLink.join(owner.address, owner.hosted.code, token=a.client.token)
        settle(owner, a2, b, until=lambda: len(owner.hosted.net.online) == 2)
        tokens = list(owner.hosted.tokens.values())
        assert tokens and logged
        assert not any(t in line for t in tokens for line in logged)
        a2.close()
        b.close()
    finally:
        owner.hosted.close()
