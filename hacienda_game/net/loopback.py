"""A networked game of real processes on this machine (loopback only): a
``hacienda serve`` host and netbot clients (AI seats through the client's
own link).  The tests and tools/net_soak.py run games this way."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]        # the folder holding hacienda_game


def env(home: Path) -> dict[str, str]:
    out = dict(os.environ)
    out["PYTHONPATH"] = str(ROOT) + os.pathsep + out.get("PYTHONPATH", "")
    out["HACIENDA_HOME"] = str(home)
    out.setdefault("SDL_VIDEODRIVER", "dummy")
    return out


@dataclass
class Host:
    proc: subprocess.Popen[bytes]
    port: int
    code: str
    log: Path
    codes: tuple[str, ...] = ()          # every game's code (``--games N``)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def start_host(tmp: Path, *args: str, name: str = "host", timeout: float = 30.0,
               announce: bool = False) -> Host:
    """A ``hacienda serve`` on 127.0.0.1 (``announce``: listed on the loopback's
    mDNS, as a server is by default; off, so test runs do not hear each other)."""
    log = tmp / f"{name}.log"
    out = open(log, "w", encoding="utf-8")  # noqa: SIM115 - the process writes it
    quiet = () if announce else ("--no-announce",)
    proc = subprocess.Popen([sys.executable, "-m", "hacienda_game.net.serve", "--bind",
                             "127.0.0.1", *quiet, *args], stdout=out, stderr=subprocess.STDOUT,
                            env=env(tmp / "home"), cwd=tmp)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(r"listening on wss?://127\.0\.0\.1:(\d+).*join code ([\w -]+)$",
                          log.read_text(encoding="utf-8"), re.M)
        if found:
            codes = tuple(found.group(2).split())
            return Host(proc, int(found.group(1)), codes[0], log, codes)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"the host did not start:\n{log.read_text()}")


def start_bot(tmp: Path, host: Host | str, name: str, *args: str,
              code: str | None = None) -> subprocess.Popen[bytes]:
    address = host.address if isinstance(host, Host) else host
    code = code or (host.code if isinstance(host, Host) else "")
    out = open(tmp / f"{name}.out", "w", encoding="utf-8")  # noqa: SIM115
    return subprocess.Popen([sys.executable, "-m", "hacienda_game.client.netbot", address,
                             code, "--trace", str(tmp / f"{name}.trace"), *args],
                            stdout=out, stderr=subprocess.STDOUT, env=env(tmp / "home"),
                            cwd=tmp)


def wait(procs: list[subprocess.Popen[bytes]], timeout: float) -> list[int]:
    """Each process's exit code; one still running at the deadline is killed (-999)."""
    deadline = time.monotonic() + timeout
    codes = []
    for p in procs:
        try:
            codes.append(p.wait(max(0.1, deadline - time.monotonic())))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)
            codes.append(-999)
    return codes


def wait_usage(proc: subprocess.Popen[bytes], timeout: float) -> tuple[int, float, int]:
    """(exit code, CPU seconds, peak memory in KiB) of a process once it ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return proc.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss
        time.sleep(0.05)
    proc.kill()
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = -999
    return -999, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def stop(*procs: subprocess.Popen[bytes]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait(5)


def lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    found: list[dict[str, Any]] = [json.loads(line) for line in
                                   path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return found


def result(tmp: Path, name: str) -> dict[str, Any]:
    text = (tmp / f"{name}.out").read_text(encoding="utf-8")
    found = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert found, text
    last: dict[str, Any] = found[-1]
    return last


def host_views(trace: Path) -> dict[tuple[int, int], str]:
    return {(d["n"], d["seat"]): d["view"] for d in lines(trace)}


def wait_for(check: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
