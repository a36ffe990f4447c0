"""An AI seat whose code raises or answers an illegal move never ends the
game: the real client, its AI worker (on a thread here, so the test's broken
seats are the ones it runs), the game played to its end."""

from __future__ import annotations

import threading
from multiprocessing.dummy import Pipe

import pytest

from hacienda_game.ai import SEATS, RandomSeat
from hacienda_game.engine import parse_action


class Clumsy(RandomSeat):
    """A random seat with bugs: every third move raises, every fifth is illegal."""

    level = "clumsy"
    calls = 0

    def choose(self, obs, rng, budget=None):
        Clumsy.calls += 1
        if Clumsy.calls % 3 == 0:
            raise KeyError("a bug in the seat")
        if Clumsy.calls % 5 == 0:
            return parse_action("buy hacienda 0,0")
        return super().choose(obs, rng, budget)


class _ThreadContext:
    """The worker's process as a thread of this process (same seats)."""

    @staticmethod
    def Pipe():                                  # noqa: N802 - multiprocessing's name
        return Pipe()

    @staticmethod
    def Process(target, args, daemon, name):     # noqa: N802
        return threading.Thread(target=target, args=args, daemon=daemon, name=name)


@pytest.fixture
def clumsy(monkeypatch, home):
    import multiprocessing

    monkeypatch.setitem(SEATS, "clumsy", Clumsy)
    monkeypatch.setattr(multiprocessing, "get_context", lambda *_a: _ThreadContext)
    Clumsy.calls = 0
    return home


def test_autoplay_with_failing_seats_reaches_the_end_and_exits_0(clumsy, capsys):
    from hacienda_game.cli import main

    code = main(["--autoplay", "--headless", "--seats", "clumsy,clumsy,random",
                 "--seed", "3"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "game over after" in out.out and "stopped after" not in out.out
    assert Clumsy.calls > 30
    log = (clumsy / "log" / "hacienda.log").read_text()
    assert "clumsy seat failed: KeyError" in log and "illegal move" in log


class _Answer:
    """A worker's answer as the play screen's table polls it."""

    def __init__(self, action=None, error: Exception | None = None):
        self.action, self.error = action, error
        self.notice = self.problem = None

    def done(self) -> bool:
        return True

    def result(self, timeout=None):
        if self.error is not None:
            raise self.error
        return self.action


def test_a_failed_or_illegal_answer_is_logged_and_replaced_by_a_legal_move(driver, home,
                                                                         monkeypatch):
    import hacienda_game.ai as ai
    from hacienda_game.ai import choose_action
    from hacienda_game.ai.worker import AIError
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    answers = [_Answer(error=AIError("the AI could not choose a move")),
               _Answer(parse_action("buy hacienda 0,0"))]
    asked: list = []

    class Failing:
        def think(self, level, obs, seed, budget=None):
            asked.append(obs)
            return answers.pop(0) if answers else _Answer(choose_action("random", obs, seed))

        def close(self) -> None:
            pass

    monkeypatch.setattr(ai, "AIWorker", Failing)
    play = PlayScene(GamePlan("symmetric", [SeatPlan("Ana", "easy"),
                                            SeatPlan("Bruno", "human", 1)], 5, open_hands=True))
    driver.app.push(play)
    messages = set()
    for _ in range(600):
        driver.frames(1)
        messages.add(play.message)
        if len(asked) >= 3:
            break
    history = play.layer.game.history
    assert len(asked) >= 3 and len(history) >= 2   # both failures played a legal move
    assert any("quick move" in m for m in messages)
    log = (home / "log" / "hacienda.log").read_text()
    assert "AIError" in log and "an illegal move here" in log
