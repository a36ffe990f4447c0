"""The autosave is never more than ``MOST_BEHIND`` actions behind the game,
however fast the moves come and however slow the disk is."""

from __future__ import annotations

import random
import threading
import time

from hacienda_game.engine import new_game
from hacienda_game.session import keeper as keeper_module
from hacienda_game.session.keeper import MOST_BEHIND, GameKeeper
from hacienda_game.session.plan import GamePlan, SeatPlan


def test_moves_faster_than_the_disk_never_leave_the_autosave_far_behind(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    written: list[int] = [0]
    lock = threading.Lock()
    real = keeper_module.autosave

    def slow_disk(state, plan, *where):
        time.sleep(0.03)                    # a flush of 30 ms; moves come every ~0.1 ms
        path = real(state, plan, *where)
        with lock:
            written.append(len(state.history))
        return path

    monkeypatch.setattr(keeper_module, "autosave", slow_disk)
    plan = GamePlan("symmetric", [SeatPlan("A", "random", 0), SeatPlan("B", "random", 1)], 3)
    keeper = GameKeeper(plan)
    state = new_game("symmetric", 2, 3)
    rng = random.Random(3)
    behind = []
    try:
        for _ in range(60):
            action = state.random_action(rng)
            keeper.note(state, action, state.apply(action))
            with lock:
                behind.append(len(state.history) - max(written))
    finally:
        keeper.close()
    assert max(behind) <= MOST_BEHIND, behind
    assert max(written) == len(state.history)
