"""Faults on loopback with real processes: a client killed mid-turn and back
with its token, the host killed and resumed from its save with the clients
rejoining, and a hostile client flooding the host while the game goes on."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time

import pytest

from hacienda_game.net.loopback import (
    ROOT,
    env,
    lines,
    result,
    start_bot,
    start_host,
    stop,
    wait,
    wait_for,
)


def test_a_client_killed_mid_turn_reconnects_with_its_token_and_resumes_exactly(tmp_path):
    host = start_host(tmp_path, "--map", "symmetric", "--seats", "remote,easy,remote",
                      "--port", "0", "--seed", "11", "--trace", str(tmp_path / "host.trace"))
    token = tmp_path / "a.token"
    a = start_bot(tmp_path, host, "a", "--token-file", str(token), "--delay", "0.25")
    b = start_bot(tmp_path, host, "b")
    try:
        def mid_turn() -> bool:
            seen = lines(tmp_path / "a.trace")
            return bool(seen) and seen[-1]["current"] == seen[-1]["seat"] \
                and seen[-1]["taken"] >= 1 and seen[-1]["n"] > 10

        wait_for(mid_turn, 60, "seat A in the middle of its turn")
        assert stat.S_IMODE(os.stat(token).st_mode) == 0o600     # the seat's key: owner only
        a.send_signal(signal.SIGKILL)
        a.wait(5)
        killed_at = lines(tmp_path / "a.trace")[-1]
        wait_for(lambda: "to reconnect" in host.text(), 20, "the host to wait for seat A")
        time.sleep(0.3)
        assert lines(tmp_path / "b.trace")[-1]["n"] <= killed_at["n"] + 1   # the game waits
        a2 = start_bot(tmp_path, host, "a2", "--token-file", str(token))
        codes = wait([a2, b], 90)
        assert codes == [0, 0], (result(tmp_path, "a2"), result(tmp_path, "b"))
        back = lines(tmp_path / "a2.trace")
        # the same seat, at the same point of the same turn (or the one action the
        # host had already taken from it when it died)
        assert back[0]["seat"] == killed_at["seat"]
        assert back[0]["n"] in (killed_at["n"], killed_at["n"] + 1)
        if back[0]["n"] == killed_at["n"]:
            assert back[0]["view"] == killed_at["view"]
        truth = {(d["n"], d["seat"]): d["view"] for d in lines(tmp_path / "host.trace")}
        assert all(truth[(d["n"], d["seat"])] == d["view"] for d in back)
        assert wait([host.proc], 20) == [0]
        assert token.read_text() not in host.text()                 # tokens never logged
    finally:
        stop(host.proc, a, b)


@pytest.mark.slow
def test_the_host_killed_and_resumed_from_its_save_takes_its_clients_back(tmp_path):
    save = tmp_path / "game.json"
    args = ("--map", "symmetric", "--seats", "remote,easy,remote,easy", "--save", str(save))
    host = start_host(tmp_path, *args, "--port", "0", "--seed", "12")
    bots = [start_bot(tmp_path, host, name, "--token-file", str(tmp_path / f"{name}.token"),
                      "--delay", "0.02") for name in ("a", "b")]
    try:
        wait_for(lambda: len(lines(tmp_path / "a.trace")) > 40, 60, "some actions")
        host.proc.send_signal(signal.SIGKILL)
        host.proc.wait(5)
        assert save.is_file() and save.with_suffix(".net.json").is_file()
        again = start_host(tmp_path, "--resume", str(save), "--port", str(host.port),
                           name="host2")
        assert again.code == host.code
        codes = wait(bots, 120)
        assert codes == [0, 0], (result(tmp_path, "a"), result(tmp_path, "b"))
        assert wait([again.proc], 20) == [0], again.text()
        log = again.text()
        assert "game over after" in log and "(seat 1) joined" in log
        assert result(tmp_path, "a")["actions"] == result(tmp_path, "b")["actions"]
        assert not save.exists()            # finished: kept as a replay, no save left
        assert list((tmp_path / "home").rglob("replays/*.json"))
    finally:
        stop(host.proc, *bots)
        if "again" in locals():
            stop(again.proc)


@pytest.mark.slow
def test_a_hostile_client_is_refused_and_cut_off_while_the_others_finish(tmp_path):
    host = start_host(tmp_path, "--map", "symmetric", "--seats", "remote,remote,easy,easy",
                      "--port", "0", "--seed", "13", "--trace", str(tmp_path / "host.trace"))
    good = [start_bot(tmp_path, host, name, "--delay", "0.05") for name in ("a", "b")]
    hostile = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "net" / "hostile.py"), host.address, host.code],
        stdout=open(tmp_path / "hostile.out", "w"), stderr=subprocess.STDOUT,  # noqa: SIM115
        env=env(tmp_path / "home"))
    try:
        assert wait([hostile], 120) == [0], (tmp_path / "hostile.out").read_text()
        report = (tmp_path / "hostile.out").read_text()
        assert wait(good, 120) == [0, 0], (result(tmp_path, "a"), result(tmp_path, "b"))
        truth = {(d["n"], d["seat"]): d["view"] for d in lines(tmp_path / "host.trace")}
        for name in ("a", "b"):
            assert all(truth[(d["n"], d["seat"])] == d["view"]
                       for d in lines(tmp_path / f"{name}.trace"))
        assert wait([host.proc], 20) == [0]
        log = host.text()
        assert "game over after" in log and "disconnected: too many" in log, report
        assert "version mismatch: the host runs Hacienda" in report
        assert "you run Hacienda 0.0.1" in report
        sent = json.loads(report.splitlines()[-1])
        assert sent["hostile"] >= 1000 and sent["flood"] >= 30000
        assert sent["flood_per_second_connected"] >= 10000, sent
        # what the host read of the flood, by its own clock, before it cut the client off
        cuts = [(int(n), float(t)) for n, t in re.findall(
            r"disconnected: too many messages \(read (\d+) messages in ([\d.]+) s", log)]
        assert len(cuts) >= 3 and all(n < 4000 for n, _ in cuts), cuts
        assert sum(n for n, _ in cuts) / sum(t for _, t in cuts) >= 10000, cuts
    finally:
        stop(host.proc, hostile, *good)




@pytest.mark.slow      # the flooder must send 10000 a second and a frame take 20 ms: load breaks it
def test_a_flood_of_20000_messages_a_second_never_holds_up_the_hosts_frames(tmp_path):
    """The host in this process, its owner's loop as a play scene's frames (pump,
    then the rest of a 60 Hz frame): a hostile process floods it; every pump
    stays short and the flooder is cut off, again and again, by the rate limit."""
    from tests.net.test_protocol import Owner

    owner = Owner(["remote", "easy"])
    flood = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "net" / "hostile.py"), owner.address,
         owner.hosted.code, "--only-flood", "--flood", "20000"], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env=env(tmp_path / "home"))
    pumps = []
    try:
        deadline = time.monotonic() + 30
        while flood.poll() is None and time.monotonic() < deadline:
            started = time.perf_counter()
            owner.step()
            pumps.append(time.perf_counter() - started)
            time.sleep(1 / 60)
        out = flood.communicate(timeout=10)[0]
        sent = json.loads(out.splitlines()[-1])
        stats = owner.hosted.net.stats
        assert sent["flood"] == 20000 and sent["flood_per_second_connected"] >= 10000, out
        assert stats["disconnected"] >= 3 and stats["messages"] >= 10000, stats
        assert max(pumps) < 0.02, max(pumps)           # the frame never waits on the flood
        assert owner.hosted.net.inbox.qsize() == 0 and len(owner.hosted.net.clients) <= 1
    finally:
        stop(flood)
        owner.hosted.close()


@pytest.mark.slow
def test_a_whole_game_with_a_client_and_the_host_killed_ends_with_every_view_the_hosts(
        tmp_path):
    """Two remote seats, a spectator and two AI seats; seat A SIGKILLed and back
    with its token, then the host SIGKILLed and resumed from its save: the game
    ends, and every view each client had equals the host's for that moment.
    Prints the action round trips (``-s``) for docs/network.md."""
    save = tmp_path / "game.json"
    trace = tmp_path / "host.trace"
    args = ("--map", "symmetric", "--seats", "remote,easy,remote,easy", "--save", str(save),
            "--trace", str(trace))
    host = start_host(tmp_path, *args, "--port", "0")
    token = tmp_path / "a.token"
    a = start_bot(tmp_path, host, "a", "--token-file", str(token), "--delay", "0.02")
    b = start_bot(tmp_path, host, "b", "--token-file", str(tmp_path / "b.token"),
                  "--delay", "0.02")
    spectator = start_bot(tmp_path, host, "s", "--spectate")
    again = a2 = None
    try:
        wait_for(lambda: len(lines(tmp_path / "a.trace")) > 20, 60, "some actions")
        a.send_signal(signal.SIGKILL)
        a.wait(5)
        a2 = start_bot(tmp_path, host, "a2", "--token-file", str(token), "--delay", "0.02")
        wait_for(lambda: len(lines(tmp_path / "a2.trace")) > 20, 60, "A back and playing")
        host.proc.send_signal(signal.SIGKILL)
        host.proc.wait(5)
        again = start_host(tmp_path, "--resume", str(save), "--port", str(host.port),
                           "--trace", str(trace), name="host2")
        codes = wait([a2, b, spectator], 180)
        assert codes == [0, 0, 0], (result(tmp_path, "a2"), result(tmp_path, "b"),
                                    result(tmp_path, "s"))
        assert wait([again.proc], 20) == [0], again.text()
        assert "game over after" in again.text()
        truth = {(d["n"], d["seat"]): d["view"] for d in lines(trace)}
        for name in ("a", "a2", "b", "s"):
            seen = lines(tmp_path / f"{name}.trace")
            assert seen, name
            assert all(truth[(d["n"], d["seat"])] == d["view"] for d in seen), name
        ends = {result(tmp_path, n)["actions"] for n in ("a2", "b", "s")}
        assert len(ends) == 1                               # one game, one end
        trips = sorted(t for n in ("a2", "b") for t in result(tmp_path, n)["round_trips"])
        p50, p99 = trips[len(trips) // 2], trips[min(len(trips) - 1, int(len(trips) * 0.99))]
        print(f"round trips: {len(trips)}, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    finally:
        stop(host.proc, a, b, spectator, *(p for p in (a2,) if p is not None))
        if again is not None:
            stop(again.proc)
