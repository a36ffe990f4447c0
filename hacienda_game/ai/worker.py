"""The AI thinks in another process, so the screen keeps its frame rate.

``AIWorker.think`` sends the request down a pipe and returns a ``Thought`` at
once; the game loop asks ``thought.done()`` each frame (a non-blocking poll
of the pipe).  No thread runs in the client's process for this: a thread
there (as in ``concurrent.futures.ProcessPoolExecutor``) competes with the
game loop for the interpreter and stalls frames by milliseconds.

The process is started with ``spawn`` (never ``fork``: the client process
holds SDL state).  Should it die, the open thoughts fail with ``AIError``
and the next ``think`` starts a new one.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from multiprocessing.connection import Connection

from ..engine import Action, Observation
from .base import Budget

__all__ = ["AIError", "AIWorker", "Thought"]


class AIError(RuntimeError):
    """The AI could not answer (its process stopped or its seat failed)."""


def _serve(conn: Connection) -> None:
    from .base import choose_action

    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        ident, level, obs, seed, budget = request
        try:
            reply = (ident, True, choose_action(level, obs, seed, budget))
        except Exception as exc:  # noqa: BLE001 - the client shows it; the process goes on
            reply = (ident, False, f"{type(exc).__name__}: {exc}")
        conn.send(reply)


class Thought:
    """One request's answer to come (the part of ``Future`` the client uses)."""

    def __init__(self, worker: AIWorker, ident: int):
        self._worker = worker
        self._ident = ident

    def done(self) -> bool:
        return self._worker._answered(self._ident, 0.0)

    def result(self, timeout: float | None = None) -> Action:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._worker._answered(
                self._ident, 0.05 if deadline is None
                else max(0.0, min(0.05, deadline - time.monotonic()))):
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError(f"the AI has not answered within {timeout} s")
        ok, payload = self._worker._answers[self._ident]
        if not ok:
            raise AIError(f"the AI could not choose a move: {payload}")
        return payload

    def cancel(self) -> None:
        self._worker._forget(self._ident)


class AIWorker:
    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._conn: Connection | None = None
        self._process = None
        self._next = 0
        self._answers: dict[int, tuple[bool, object]] = {}
        self._open: set[int] = set()
        self._start()

    def _start(self) -> None:
        parent, child = self._context.Pipe()
        self._process = self._context.Process(target=_serve, args=(child,), daemon=True,
                                              name="hacienda-ai")
        self._process.start()
        child.close()
        self._conn = parent

    def think(self, level: str, obs: Observation, seed: int,
              budget: Budget | None = None) -> Thought:
        if self._conn is None or self._process is None or not self._process.is_alive():
            self._fail_open("the AI process stopped")
            self._start()
        self._next += 1
        ident = self._next
        # Answers nobody collected (a scene left mid-thought) are not kept forever.
        self._answers = {k: v for k, v in self._answers.items() if k > ident - 64}
        self._open.add(ident)
        try:
            self._conn.send((ident, level, obs, seed, budget))
        except (OSError, ValueError) as exc:
            self._fail_open(f"the AI process cannot be reached ({exc})")
        return Thought(self, ident)

    def _answered(self, ident: int, timeout: float) -> bool:
        if ident in self._answers:
            return True
        conn = self._conn
        try:
            while conn is not None and conn.poll(timeout):
                got, ok, payload = conn.recv()
                timeout = 0.0
                if got in self._open:
                    self._open.discard(got)
                    self._answers[got] = (ok, payload)
        except (EOFError, OSError):
            self._conn = None
            self._fail_open("the AI process stopped")
        if ident not in self._answers and ident not in self._open:
            self._answers[ident] = (False, "the request was cancelled")
        return ident in self._answers

    def _fail_open(self, why: str) -> None:
        for ident in self._open:
            self._answers[ident] = (False, why)
        self._open.clear()

    def _forget(self, ident: int) -> None:
        self._open.discard(ident)
        self._answers.pop(ident, None)

    def close(self) -> None:
        conn, process = self._conn, self._process
        self._conn = None
        self._fail_open("the AI was closed")
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            conn.close()
        if process is not None:
            process.join(timeout=1.0)
            if process.is_alive():
                process.terminate()
                process.join(timeout=1.0)

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
