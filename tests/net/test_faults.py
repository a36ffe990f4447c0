"""Faults on loopback with real processes: a client killed mid-turn and back
with its token, the host killed and resumed from its save with the clients
rejoining, and a hostile client flooding the host while the game goes on."""

from __future__ import annotations

import signal
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
    finally:
        stop(host.proc, hostile, *good)


