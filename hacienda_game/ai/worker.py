"""The AI thinks in another process, so the screen keeps its frame rate.

``AIWorker.think`` sends the request down a pipe and returns a ``Thought`` at
once; the game loop asks ``thought.done()`` each frame (a non-blocking poll
of the pipe).  No thread runs in the client's process for this: a thread
there (as in ``concurrent.futures.ProcessPoolExecutor``) competes with the
game loop for the interpreter and stalls frames by milliseconds.

The process is started with ``spawn`` (never ``fork``: the client process
holds SDL state).  Nothing it does can stop the game:

- every request has a deadline, the level's budget plus a margin; past it
  the process is killed (SIGKILL ends a stopped or looping one), a fresh one
  started for the next request, and this one answered with a cheap legal
  move from the seat's own view (``thought.notice`` says so in player words);
- a process that dies mid-think is replaced and the request sent again (once;
  then the cheap move);
- a seat whose code raises or answers an illegal move is answered, in the
  process, with a legal move of its view (``fallback.decide``); the thought's
  ``notice`` tells the player and its ``problem`` says why, for the log;
- closing waits a moment at most, then kills; an exit handler kills what is
  left before ``multiprocessing``'s own (which would wait for ever on a
  stopped process);
- the process ignores Ctrl+C and leaves quietly when the game has gone (no
  BrokenPipe traceback on the terminal).
"""

from __future__ import annotations

import atexit
import contextlib
import signal
import time
import weakref
from dataclasses import dataclass
from multiprocessing.connection import Connection

from ..engine import Action, Observation
from .base import Budget

__all__ = ["AIError", "AIWorker", "Thought"]

DEFAULT_SECONDS = 10.0     # a level whose seat has no time budget of its own
MARGIN_S = 5.0             # beyond the budget before the think is given up
START_S = 8.0              # a fresh process may take this long to be ready
CLOSE_WAIT_S = 0.3         # closing: the process may leave on its own this long
RETRIES = 1                # a request is sent again once after its process died


class AIError(RuntimeError):
    """The AI could not answer (its process stopped or its seat failed)."""


def _serve(conn: Connection) -> None:
    # Ctrl+C in the terminal reaches the whole process group: the game decides.
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        from .fallback import decide

        conn.send(("ready",))
        while True:
            request = conn.recv()
            if request is None:
                return
            ident, level, obs, seed, budget = request
            try:
                decision = decide(level, obs, seed, budget)
                reply = (ident, True, decision.action, decision.problem)
            except Exception as exc:  # noqa: BLE001 - the client falls back; the process goes on
                reply = (ident, False, f"{type(exc).__name__}: {exc}", None)
            conn.send(reply)
    except (EOFError, OSError, KeyboardInterrupt):
        return          # the game has gone (or closed the pipe): leave quietly


def think_seconds(level: str, budget: Budget | None) -> float:
    """How long a request of this level may think (its budget's seconds)."""
    if budget is not None and budget.seconds is not None:
        return budget.seconds
    from .base import make_seat

    try:
        default = getattr(make_seat(level), "default", None)
    except ValueError:
        return DEFAULT_SECONDS
    seconds = getattr(default, "seconds", None)
    return float(seconds) if seconds is not None else DEFAULT_SECONDS


def cheap_move(obs: Observation, seed: int) -> Action:
    """A legal move from the seat's own view at once."""
    from .fallback import fallback_move

    return fallback_move(obs, seed)


@dataclass
class _Request:
    level: str
    obs: Observation
    seed: int
    budget: Budget | None
    sent_at: float
    tries: int = 0


class Thought:
    """One request's answer to come (the part of ``Future`` the client uses).

    ``notice``: None, or a short sentence for the player when the move came
    from the fallback rather than the seat's own thinking; ``problem``: why,
    in the log's words (None when the seat itself answered)."""

    def __init__(self, worker: AIWorker, ident: int):
        self._worker = worker
        self._ident = ident
        self.notice: str | None = None
        self.problem: str | None = None

    def done(self) -> bool:
        return self._worker._answered(self._ident, 0.0)

    def result(self, timeout: float | None = None) -> Action:
        """The move (waiting at most ``timeout``, or until the request's own
        deadline gives the fallback's)."""
        until = None if timeout is None else time.monotonic() + timeout
        while not self._worker._answered(self._ident, 0.05 if until is None else max(
                0.0, min(0.05, until - time.monotonic()))):
            if until is not None and time.monotonic() >= until:
                raise TimeoutError(f"the AI has not answered within {timeout} s")
        ok, payload = self._worker._answers[self._ident]
        self.notice = self._worker._notices.pop(self._ident, self.notice)
        self.problem = self._worker._problems.pop(self._ident, self.problem)
        if not ok:
            raise AIError(f"the AI could not choose a move: {payload}")
        return payload

    def cancel(self) -> None:
        self._worker._forget(self._ident)


_live: weakref.WeakSet[AIWorker] = weakref.WeakSet()
_hooked = False


def _close_all() -> None:
    """At exit, before multiprocessing's own handler (which joins without a timeout)."""
    for worker in list(_live):
        with contextlib.suppress(Exception):
            worker.close()


class AIWorker:
    def __init__(self) -> None:
        import multiprocessing

        self._context = multiprocessing.get_context("spawn")
        self._conn: Connection | None = None
        self._process = None
        self._ready_at: float | None = None
        self._started_at = 0.0
        self._next = 0
        self._answers: dict[int, tuple[bool, object]] = {}
        self._notices: dict[int, str] = {}
        self._problems: dict[int, str] = {}
        self._open: dict[int, _Request] = {}
        self.margin = MARGIN_S
        self.restarts = 0                 # processes replaced (died, or past a deadline)
        self._start()

    # ------------------------------------------------------------- process
    def _start(self) -> None:
        global _hooked
        parent, child = self._context.Pipe()
        self._process = self._context.Process(target=_serve, args=(child,), daemon=True,
                                              name="hacienda-ai")
        self._process.start()
        child.close()
        self._conn = parent
        self._ready_at = None
        self._started_at = time.monotonic()
        _live.add(self)
        if not _hooked:      # registered after multiprocessing's: runs before it
            atexit.register(_close_all)
            _hooked = True

    def _stop(self) -> None:
        """End the process now: a moment to leave on its own, then SIGKILL
        (which ends a stopped process too); never a wait without a timeout."""
        conn, process = self._conn, self._process
        self._conn = self._process = None
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            with contextlib.suppress(OSError):
                conn.close()
        if process is None:
            return
        with contextlib.suppress(Exception):
            process.join(timeout=CLOSE_WAIT_S)
            if process.is_alive():
                process.kill()
                process.join(timeout=2.0)
        with contextlib.suppress(Exception):
            process.close()

    def _replace(self) -> None:
        """A fresh process; the open requests are sent to it again (once), or
        answered with the cheap move."""
        self._stop()
        self.restarts += 1
        self._start()
        now = time.monotonic()
        for ident, req in list(self._open.items()):
            if req.tries >= RETRIES:
                from ..i18n import _

                self._fall_back(ident, req, _("The AI stopped and made a quick move instead."))
                continue
            req.tries += 1
            req.sent_at = now
            self._send(ident, req)

    def _send(self, ident: int, req: _Request) -> None:
        # If it fails, the next poll finds the process gone and replaces it.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self._conn.send((ident, req.level, req.obs, req.seed, req.budget))

    def _fall_back(self, ident: int, req: _Request, notice: str | None) -> None:
        self._open.pop(ident, None)
        try:
            self._answers[ident] = (True, cheap_move(req.obs, req.seed))
        except Exception as exc:  # noqa: BLE001 - nothing legal to play: the scene is told
            self._answers[ident] = (False, f"{type(exc).__name__}: {exc}")
            return
        if notice:
            self._notices[ident] = notice
            self._problems[ident] = f"{req.level}: {notice}"

    def _due(self, req: _Request) -> float:
        think = think_seconds(req.level, req.budget) + self.margin
        if self._ready_at is None:          # still starting: its start is not thinking time
            return max(req.sent_at, self._started_at + START_S) + think
        return max(req.sent_at, self._ready_at) + think

    # ------------------------------------------------------------- requests
    def think(self, level: str, obs: Observation, seed: int,
              budget: Budget | None = None) -> Thought:
        if self._conn is None or self._process is None or not self._process.is_alive():
            self._replace()
        self._next += 1
        ident = self._next
        # Answers nobody collected (a scene left mid-thought) are not kept forever.
        self._answers = {k: v for k, v in self._answers.items() if k > ident - 64}
        self._notices = {k: v for k, v in self._notices.items() if k > ident - 64}
        self._problems = {k: v for k, v in self._problems.items() if k > ident - 64}
        req = _Request(level, obs, seed, budget, time.monotonic())
        self._open[ident] = req
        self._send(ident, req)
        return Thought(self, ident)

    def _answered(self, ident: int, timeout: float) -> bool:
        if ident in self._answers:
            return True
        if ident not in self._open:
            self._answers[ident] = (False, "the request was cancelled")
            return True
        conn = self._conn
        try:
            while conn is not None and conn.poll(timeout):
                message = conn.recv()
                timeout = 0.0
                if message == ("ready",):
                    self._ready_at = time.monotonic()
                    continue
                got, ok, payload, problem = message
                req = self._open.get(got)
                if req is None:
                    continue
                self._open.pop(got)
                self._answers[got] = (ok, payload)      # nothing legal to play: AIError
                if problem:                             # the seat failed: a fallback move
                    from ..i18n import _

                    self._notices[got] = _("The AI made a mistake and made a quick move"
                                           " instead.")
                    self._problems[got] = problem
        except (EOFError, OSError, ValueError, TypeError):
            self._replace()                 # died: a fresh process, the request again
            return ident in self._answers
        if ident in self._open and time.monotonic() > self._due(self._open[ident]):
            from ..i18n import _

            req = self._open.pop(ident)
            self._replace()                 # hung or stopped: killed, a fresh one next
            self._open[ident] = req
            self._fall_back(ident, req, _("The AI took too long and made a quick move"
                                          " instead."))
        return ident in self._answers

    def _forget(self, ident: int) -> None:
        self._open.pop(ident, None)
        self._answers.pop(ident, None)
        self._notices.pop(ident, None)
        self._problems.pop(ident, None)

    def close(self) -> None:
        for ident in list(self._open):
            self._answers[ident] = (False, "the AI was closed")
        self._open.clear()
        self._stop()
        _live.discard(self)

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
