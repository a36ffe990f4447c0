"""The table: the one loop that asks a seat, checks and applies its move,
records it and tells its listeners (session/table.py)."""

from __future__ import annotations

import random

import pytest

from hacienda_game.ai import SEATS, RandomSeat, choose_action, decision_seed
from hacienda_game.engine import IllegalAction, new_game, parse_action
from hacienda_game.session.keeper import GameKeeper, continuable
from hacienda_game.session.plan import GamePlan, SeatPlan
from hacienda_game.session.saves import load_game
from hacienda_game.session.table import (
    AISeat,
    Answer,
    Listener,
    LocalSeat,
    NotYourTurn,
    Played,
    PromptSeat,
    RemoteSeat,
    Table,
    seat_for,
)


class Heard(Listener):
    def __init__(self) -> None:
        self.moves: list[Played] = []
        self.restored_count = 0

    def played(self, table, move) -> None:
        self.moves.append(move)

    def restored(self, table) -> None:
        self.restored_count += 1


class Later:
    """A worker's answer that takes ``polls`` looks to come."""

    def __init__(self, action, polls: int = 2, error: Exception | None = None):
        self.action, self.polls, self.error = action, polls, error
        self.notice = self.problem = None
        self.cancelled = False

    def done(self) -> bool:
        self.polls -= 1
        return self.polls < 0

    def result(self, timeout=None):
        if self.error is not None:
            raise self.error
        return self.action

    def cancel(self) -> None:
        self.cancelled = True


class Worker:
    """Stands in for the AI worker: remembers each request, answers later."""

    def __init__(self, answer=None, polls: int = 2):
        self.requests: list[tuple] = []
        self.answer = answer
        self.polls = polls

    def think(self, level, obs, seed, budget=None):
        self.requests.append((level, obs, seed))
        action = self.answer(obs) if self.answer else choose_action("random", obs, seed)
        return action if isinstance(action, Later) else Later(action, self.polls)


def _game(players: int = 2, seed: int = 3):
    return new_game("symmetric", players, seed=seed)


def test_ai_seats_in_this_process_play_a_whole_game_heard_in_order():
    table = Table(_game(3), [AISeat("random"), AISeat("easy"), AISeat("random")], ai_seed=9)
    heard = Heard()
    table.listen(heard)
    state = table.run()
    assert state.is_over()
    assert [m.action for m in heard.moves] == list(state.history)
    assert [m.number for m in heard.moves] == list(range(1, len(state.history) + 1))
    assert all(m.problem is None and m.notice is None for m in heard.moves)
    assert {m.seat for m in heard.moves} == {0, 1, 2}
    assert heard.moves[-1].events[-1].kind == "game_over"


def test_same_ai_seed_same_game_and_the_deal_does_not_seed_the_ai():
    def game(seed: int, ai_seed: int) -> list:
        return list(Table(_game(2, seed), [AISeat("random"), AISeat("random")],
                          ai_seed=ai_seed).run().history)

    assert game(5, 1) == game(5, 1)
    assert game(5, 1) != game(5, 2)       # the AI's seed decides, not the game's alone


def test_ai_seeds_are_drawn_from_the_os_never_from_the_game_seed():
    seeds = {Table(_game(2, seed=7), [AISeat("random"), AISeat("random")]).ai_seed
             for _ in range(4)}
    assert len(seeds) == 4 and 7 not in seeds
    worker = Worker(polls=0)
    table = Table(_game(2, seed=7), [AISeat("easy", worker), AISeat("random", worker)])
    for _ in range(12):
        table.poll()
    assert len(worker.requests) >= 10
    for _level, obs, seed in worker.requests:
        assert seed == decision_seed(table.ai_seed, obs.seat, len(obs.history))
        assert seed != 7


def test_a_thinking_seat_is_a_pending_answer_the_frame_loop_polls():
    worker = Worker(polls=10 ** 6)             # not answered until the test says so
    table = Table(_game(), [AISeat("random", worker), AISeat("random", worker)], ai_seed=1)
    for _ in range(3):
        assert table.poll() is None                # asked once; never waits for the answer
    pending = table.thinking
    assert pending is not None and len(worker.requests) == 1
    pending.polls = 0                              # the answer arrives
    for _ in range(3):
        assert table.poll(hold=True) is None       # but the screen holds it back
    assert len(table.state.history) == 0 and len(worker.requests) == 1
    move = table.poll()
    assert move is not None and list(table.state.history) == [move.action]
    assert len(worker.requests) == 1 and move.think_s >= 0


def test_a_raising_or_illegal_ai_is_replaced_by_a_legal_move_and_the_game_ends(monkeypatch):
    class Broken(RandomSeat):
        level = "broken"
        calls = 0

        def choose(self, obs, rng, budget=None):
            Broken.calls += 1
            if Broken.calls % 2:
                raise KeyError("a bug in the seat")
            return parse_action("buy hacienda 0,0")

    monkeypatch.setitem(SEATS, "broken", Broken)
    table = Table(_game(2, seed=8), [AISeat("broken"), AISeat("random")], ai_seed=3)
    heard = Heard()
    table.listen(heard)
    state = table.run()
    assert state.is_over()
    broken = [m for m in heard.moves if m.seat == 0]
    assert broken and all(m.problem and m.notice for m in broken)
    assert any("KeyError" in m.problem for m in broken)
    assert any("illegal move" in m.problem for m in broken)
    assert all(m.problem is None for m in heard.moves if m.seat == 1)


def test_a_worker_that_fails_or_answers_an_illegal_move_gets_a_fallback():
    answers = iter([Later(None, 0, RuntimeError("the AI process died")),
                    Later(parse_action("buy hacienda 0,0"), 0), Later("end", 0)])
    table = Table(_game(), [AISeat("easy", Worker(lambda obs: next(answers))), LocalSeat()],
                  ai_seed=1)
    for want in ("RuntimeError", "an illegal move here", "not an action"):
        while table.current != 0:
            table.submit(next(a for a in table.legal_actions() if a.verb == "end"))
        move = table.poll()
        assert move is not None and move.seat == 0 and want in move.problem
        assert "quick move" in move.notice
        assert move.action in table.state.history


def test_local_and_remote_seats_move_through_submit():
    table = Table(_game(), [LocalSeat(), RemoteSeat()], ai_seed=1)
    heard = Heard()
    table.listen(heard)
    assert table.poll() is None and table.awaiting       # asked: the screen submits
    with pytest.raises(IllegalAction):
        table.submit("buy hacienda 0,0")
    assert not table.state.history and not heard.moves  # refused: nothing changed
    with pytest.raises(NotYourTurn):
        table.submit("end", seat=1 - table.current)
    first = table.state.current
    table.submit("end", seat=first)
    assert table.current != first
    move = table.submit(parse_action("buy land"), seat=table.current)
    assert [m.action for m in heard.moves] == [parse_action("end"), move.action]
    assert [seat_for(k).kind for k in ("human", "remote", "easy")] == ["human", "remote",
                                                                        "easy"]


def test_a_prompted_seat_that_answers_an_illegal_move_is_told_and_asked_again():
    answers = iter(["buy hacienda 0,0", "end"])
    refusals: list[str] = []
    seat = PromptSeat(lambda view: parse_action(next(answers)),
                      lambda action, why: refusals.append(why.code))
    table = Table(_game(), [seat, seat], ai_seed=1)
    assert table.step() is None and refusals
    move = table.step()
    assert move is not None and str(move.action) == "end"


def test_each_action_is_autosaved_and_undo_redo_go_through_the_table():
    plan = GamePlan("symmetric", [SeatPlan("A"), SeatPlan("B", "random", 1)], 3)
    keeper = GameKeeper(plan)
    table = Table(new_game("symmetric", 2, seed=3), [LocalSeat(), AISeat("random")],
                  keeper=keeper, ai_seed=2)
    heard = Heard()
    table.listen(heard)
    rng = random.Random(1)
    while table.current != 0:
        table.step()
    table.submit(next(a for a in table.legal_actions() if a.verb == "play"))
    keeper.flush()
    saved = load_game(continuable().path)
    assert list(saved.state.history) == list(table.state.history)
    taken = table.undo()
    assert taken == heard.moves[-1].action and heard.restored_count == 1
    assert table.may_undo() is False or len(table.state.history) < len(saved.state.history)
    redone = table.redo()
    assert redone is not None and redone.action == taken
    while not table.over and len(table.state.history) < 40:
        if table.current == 0:
            table.submit(rng.choice(table.legal_actions()))
        else:
            table.step()
    table.close()
    assert list(load_game(continuable().path).state.history) == list(table.state.history)


def test_a_seat_handed_to_an_ai_is_asked_anew():
    table = Table(_game(), [RemoteSeat(), RemoteSeat()], ai_seed=1)
    assert table.poll() is None and table.awaiting
    table.set_seat(table.current, AISeat("random"))
    assert table.poll() is not None


def test_an_answer_there_at_once():
    answer = Answer(parse_action("end"))
    assert answer.done() and answer.result() == parse_action("end")
    with pytest.raises(LookupError):
        Answer(None).result()
