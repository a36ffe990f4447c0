"""The AI thinks in another process, so the screen keeps its frame rate.

``AIWorker.think`` returns a ``concurrent.futures.Future`` at once; the game
loop polls ``future.done()`` each frame.  The process is started with
``spawn`` (never ``fork``: the client process holds SDL state) and is warmed
up in the background when the worker is made, so the first move is quick.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor

from ..engine import Action, Observation
from .base import Budget, choose_action


def _warm_up() -> bool:
    from .. import ai  # noqa: F401  (imports the seats once, off the main process)
    return True


class AIWorker:
    def __init__(self) -> None:
        self._pool = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        self._pool.submit(_warm_up)

    def think(self, level: str, obs: Observation, seed: int,
              budget: Budget | None = None) -> Future[Action]:
        return self._pool.submit(choose_action, level, obs, seed, budget)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
