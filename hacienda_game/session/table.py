"""The table: the one loop that runs a game (no pygame).

A `Table` holds the game and its seats.  It asks the seat to move for its
move, checks and applies the move through the engine, records it (the undo
limit, the autosave: `keeper.GameKeeper`), and publishes what was played to
its listeners: the screen's presentation, the network host, the log, the
terminal, a tournament's tally.  Nothing else applies an action to a game.

Seats are pluggable, each seeing only its own view (``observe``):

- `LocalSeat`: a person at this screen; the screen sends the chosen action
  with `Table.submit` (a click, a key, a pad);
- `RemoteSeat`: a person on another machine; the host checks who sent what
  and submits it the same way;
- `AISeat`: an AI level, thinking in the worker process (a `Thinker`, for a
  screen that must keep its frame rate) or in this process (tools, the text
  game, a headless server); a seat whose code raises or answers an illegal
  move is replaced for that move by a legal one (`ai.fallback`), with a
  notice: an AI seat never ends a game;
- `PromptSeat`: a person asked in a blocking way (the text game's prompt).

Two ways to drive it: a frame loop calls `poll()` once a frame (never
blocks: a seat that is thinking is a pending answer, looked at again next
frame); a blocking tool calls `run()` (or `step()`), which waits for each
answer.  Like OpenSpiel's ``rl_environment`` and boardgame.io's ``Master``,
the loop that asks, applies, records and publishes exists once.

The AI seats' decisions are seeded from the table's AI seed, drawn from the
operating system (``secrets``) unless a caller that must replay its games
passes one (a save's, a tournament's): never from the game's seed, which
deals the cards, so no decision can give the deal away.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..ai.base import Budget, decision_seed
from ..ai.fallback import Decision, decide, decide_with, fallback_move
from ..engine import Action, Event, GameState, IllegalAction, Observation, observe
from ..engine import parse_action as parse
from ..i18n import _
from .choices import HUMAN, REMOTE
from .keeper import GameKeeper
from .plan import new_ai_seed

__all__ = ["AISeat", "Answer", "LeaveTable", "Listener", "LocalSeat",
           "NotYourTurn", "Pending", "Played", "PromptSeat", "RemoteSeat", "Seat", "Table",
           "Thinker", "seat_for"]


class Pending(Protocol):
    """A seat's answer to come (``ai.worker.Thought``, or an `Answer` there at once).
    It may carry ``notice`` (player words) and ``problem`` (log words) once
    answered, when the move is not the seat's own."""

    def done(self) -> bool: ...

    def result(self, timeout: float | None = None) -> Action: ...


class Thinker(Protocol):
    """Where AI seats think out of this process (``ai.AIWorker``)."""

    def think(self, level: str, obs: Observation, seed: int,
              budget: Budget | None = None) -> Pending: ...


class LeaveTable(Exception):
    """Raised by a seat's prompt: the person leaves the game (the text game's q)."""


class NotYourTurn(ValueError):
    """An action was submitted for a seat that is not to move (nothing changes)."""


class Answer:
    """An answer there at once: an in-process decision, a typed command."""

    def __init__(self, action: Action | None, problem: str | None = None,
                 notice: str | None = None, error: Exception | None = None,
                 think_s: float = 0.0, think_cpu_s: float = 0.0):
        self.action = action
        self.problem = problem
        self.notice = notice
        self.error = error
        self.think_s = think_s
        self.think_cpu_s = think_cpu_s

    def done(self) -> bool:
        return True

    def result(self, timeout: float | None = None) -> Action:
        if self.action is None:
            raise self.error or LookupError("no answer")
        return self.action

    def cancel(self) -> None:
        pass


@dataclass(frozen=True)
class Played:
    """One action as the table applied it, for every listener."""

    seat: int                  # who played it
    action: Action
    events: list[Event]        # the whole truth: each listener shows what its audience may see
    number: int                # actions in the game after it (its place in the record)
    problem: str | None = None     # why the seat's own answer was replaced (the log's words)
    notice: str | None = None      # the same for the player (worded), or None
    think_s: float = 0.0           # wall time from asking the seat to its answer
    think_cpu_s: float = 0.0       # CPU time of a decision made in this process


class Listener:
    """Hears the table: each action applied, and each time the game went back."""

    def played(self, table: Table, move: Played) -> None:
        """An action was applied (and recorded)."""

    def restored(self, table: Table) -> None:
        """The game was replaced by an earlier one (undo, a rewind): show it anew."""


# ------------------------------------------------------------------- seats
class Seat:
    """Who plays one seat.  Asked for a move when it is the seat's turn, with
    the seat's own view and its decision seed."""

    kind = HUMAN
    falls_back = False    # a failed or illegal answer becomes a legal move (AI seats)

    def ask(self, view: Observation, seed: int) -> Pending | None:
        """Start choosing; None: the move comes later through `Table.submit`."""
        return None

    def refused(self, action: Action, why: IllegalAction) -> None:
        """An answer of this seat was not legal: it is asked again."""

    def close(self) -> None:
        """The table is closed."""


class LocalSeat(Seat):
    """A person at this screen: the screen submits the action chosen."""


class RemoteSeat(Seat):
    """A person on another machine: the host submits what the seat's holder
    sent, once it has checked who sent it (``net.hosting``)."""

    kind = REMOTE


class PromptSeat(Seat):
    """A person asked in a blocking way: ``prompt(view)`` returns the action
    (or raises `LeaveTable`); a refused one is told to ``on_refused`` and
    the prompt asked again."""

    def __init__(self, prompt: Callable[[Observation], Action],
                 on_refused: Callable[[Action, IllegalAction], None] | None = None):
        self.prompt = prompt
        self.on_refused = on_refused

    def ask(self, view: Observation, seed: int) -> Pending | None:
        return Answer(self.prompt(view))

    def refused(self, action: Action, why: IllegalAction) -> None:
        if self.on_refused is not None:
            self.on_refused(action, why)


class AISeat(Seat):
    """An AI level (or a tool's own bot: ``choose(view, seed)``), in the
    worker process when a ``thinker`` is given, else in this process."""

    falls_back = True

    def __init__(self, level: str, thinker: Thinker | None = None,
                 budget: Budget | None = None,
                 choose: Callable[[Observation, int], Action] | None = None):
        self.kind = level
        self.thinker = thinker
        self.budget = budget
        self.choose = choose

    def ask(self, view: Observation, seed: int) -> Pending | None:
        if self.thinker is not None and self.choose is None:
            return self.thinker.think(self.kind, view, seed, self.budget)
        return self.answer_now(view, seed)

    def answer_now(self, view: Observation, seed: int) -> Answer:
        """The seat's move in this process, timed (a failure: a legal fallback)."""
        start, cpu = time.perf_counter(), time.process_time()
        choose = self.choose
        try:
            if choose is not None:
                decision = decide_with(lambda: choose(view, seed), view, seed,
                                       f"the {self.kind} seat")
            else:
                decision = decide(self.kind, view, seed, self.budget)
        except ValueError as exc:          # an unknown level: the fallback, told
            decision = Decision(fallback_move(view, seed), f"{type(exc).__name__}: {exc}")
        notice = (_("The AI made a mistake and made a quick move instead.")
                  if decision.problem else None)
        return Answer(decision.action, decision.problem, notice,
                      think_s=time.perf_counter() - start,
                      think_cpu_s=time.process_time() - cpu)


def seat_for(kind: str, thinker: Thinker | None = None,
             budget: Budget | None = None) -> Seat:
    """The seat for a plan's seat kind: human, remote, or an AI level."""
    if kind == HUMAN:
        return LocalSeat()
    if kind == REMOTE:
        return RemoteSeat()
    return AISeat(kind, thinker, budget)


# ------------------------------------------------------------------- table
class Table:
    """One game and its seats (see the module text)."""

    def __init__(self, state: GameState, seats: Sequence[Seat],
                 keeper: GameKeeper | None = None, ai_seed: int | None = None):
        if len(seats) != state.players:
            raise ValueError(f"a game of {state.players} players needs as many seats,"
                             f" not {len(seats)}")
        self._state = state
        self.seats = list(seats)
        self.keeper = keeper
        self.ai_seed = new_ai_seed() if ai_seed is None else ai_seed
        self.listeners: list[Listener] = []
        self.version = 0              # changes with every action and every step back
        self.left = False             # a seat left the table (`LeaveTable`): run() stops
        self._pending: Pending | None = None
        self._asked: int | None = None          # the version the seat to move was asked at
        self._asked_at = 0.0
        self._legal: tuple[int, list[Action]] | None = None

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        """The whole game: for the keeper, the host's publisher and the screen's
        action layer (legality, previews); seats only ever get `view`."""
        return self._state

    @property
    def current(self) -> int:
        return int(self._state.current)

    @property
    def over(self) -> bool:
        return self._state.is_over()

    @property
    def to_move(self) -> Seat:
        return self.seats[self.current]

    def view(self, seat: int) -> Observation:
        return observe(self._state, seat)

    def legal_actions(self) -> list[Action]:
        """The legal actions now (kept until the game changes)."""
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self._state.legal_actions())
        return self._legal[1]

    def decision_seed(self) -> int:
        """The seed of the next decision: the table's AI seed, the seat, the move."""
        return decision_seed(self.ai_seed, self._state.current, len(self._state.history))

    @property
    def thinking(self) -> Pending | None:
        """The answer the seat to move is working on, while it is not there."""
        pending = self._pending
        return pending if pending is not None and not pending.done() else None

    @property
    def awaiting(self) -> bool:
        """The seat to move was asked and its move comes through `submit`."""
        return (self._asked == self.version and self._pending is None and not self.over
                and not self.left)

    # ------------------------------------------------------------ seating
    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def set_seat(self, index: int, seat: Seat) -> None:
        """Someone else plays the seat from now on (a dropped player's seat
        handed to an AI); asked anew if it is to move."""
        self.seats[index] = seat
        if index == self._state.current:
            self._forget()

    # ------------------------------------------------------------- asking
    def ask(self) -> None:
        """Ask the seat to move for its move, once per position."""
        if self._asked == self.version or self.over or self.left:
            return
        self._asked = self.version
        self._asked_at = time.perf_counter()
        seat = self.seats[self._state.current]
        view = observe(self._state, self._state.current)
        try:
            self._pending = seat.ask(view, self.decision_seed())
        except LeaveTable:
            self.left = True
            self._pending = None
        except Exception as exc:
            if not seat.falls_back:
                raise
            # The thinker itself failed (a worker that cannot start): the fallback.
            self._pending = Answer(None, error=exc)

    def poll(self, hold: bool = False) -> Played | None:
        """A frame loop's call: ask the seat to move if it was not asked; if its
        answer is there (and not ``hold``: the screen is still showing the last
        move), check, apply, record and publish it.  Never waits."""
        if self.over or self.left:
            return None
        self.ask()
        pending = self._pending
        if pending is None or hold or not pending.done():
            return None
        self._pending = None
        return self._answer(pending)

    def step(self) -> Played | None:
        """A blocking tool's call: ask the seat to move and wait for its answer;
        None when nothing was played (the game is over, the seat's move comes
        through `submit`, or its answer was refused and it is asked again)."""
        if self.over or self.left:
            return None
        self.ask()
        pending = self._pending
        if pending is None:
            return None
        self._pending = None
        return self._answer(pending)

    def run(self, until: Callable[[Table], bool] | None = None) -> GameState:
        """Play until the game is over, a seat leaves, or ``until(table)``;
        every seat must answer when asked (AI seats, prompts)."""
        while not self.over and not self.left and not (until is not None and until(self)):
            if self.step() is None and self.awaiting:
                seat = self._state.current
                raise RuntimeError(f"seat {seat + 1} ({self.seats[seat].kind}) waits for"
                                   " a submitted move: run() needs seats that answer")
        return self._state

    def _answer(self, pending: Pending) -> Played | None:
        seat_index = self._state.current
        seat = self.seats[seat_index]
        problem: str | None = None
        action: object
        try:
            action = pending.result()
        except LeaveTable:
            self.left = True
            return None
        except Exception as exc:
            if not seat.falls_back:
                raise
            action, problem = None, f"{type(exc).__name__}: {exc}"
        problem = problem or getattr(pending, "problem", None)
        notice: str | None = getattr(pending, "notice", None)
        think_s = getattr(pending, "think_s", 0.0) or time.perf_counter() - self._asked_at
        think_cpu_s = float(getattr(pending, "think_cpu_s", 0.0))
        if isinstance(action, Action):
            try:
                events = self._state.apply(action)
            except IllegalAction as why:
                if not seat.falls_back:
                    self._forget()
                    seat.refused(action, why)
                    return None
                problem = f"an illegal move here: {action}"
            else:
                return self._record(seat_index, action, events, problem, notice, think_s,
                                    think_cpu_s)
        elif action is not None:
            problem = f"an answer that is not an action: {str(action)[:80]!r}"
        # An AI seat's failure: a legal move of its own view, with a notice.
        fallback = fallback_move(observe(self._state, seat_index), self.decision_seed())
        events = self._state.apply(fallback)
        return self._record(seat_index, fallback, events, problem,
                            _("The AI made a mistake and made a quick move instead.")
                            if notice is None else notice, think_s, think_cpu_s)

    # ------------------------------------------------------------- acting
    def submit(self, action: Action | str, seat: int | None = None) -> Played:
        """A person's move (at this screen, or a remote seat's that the host
        took): checked, applied, recorded and published.  Raises
        `IllegalAction` (naming the rule) or `NotYourTurn` for ``seat``, and
        then nothing changes."""
        if isinstance(action, str):
            action = parse(action)
        if seat is not None and seat != self._state.current:
            raise NotYourTurn(f"seat {seat + 1} is not to move (seat"
                              f" {self._state.current + 1} is)")
        mover = self._state.current
        events = self._state.apply(action)
        return self._record(mover, action, events, None, None, 0.0, 0.0)

    def _record(self, seat: int, action: Action, events: list[Event], problem: str | None,
                notice: str | None, think_s: float, think_cpu_s: float) -> Played:
        self._forget()
        self.version += 1
        if self.keeper is not None:
            self.keeper.note(self._state, action, events)
        move = Played(seat, action, events, len(self._state.history), problem, notice,
                      think_s, think_cpu_s)
        for listener in list(self.listeners):
            listener.played(self, move)
        return move

    def _forget(self) -> None:
        """What the seat to move was asked is moot (the game changed)."""
        pending, self._pending, self._asked = self._pending, None, None
        cancel = getattr(pending, "cancel", None)
        if cancel is not None:
            cancel()

    # -------------------------------------------------------- going back
    def may_undo(self, own_turn: bool = True) -> bool:
        return self.keeper is not None and self.keeper.undo_label(self._state, own_turn)[0]

    def undo(self) -> Action:
        """Take the last action back (as far as the keeper's undo limit allows:
        ValueError past it); returns the action taken back."""
        if self.keeper is None:
            raise ValueError("this table keeps no undo")
        taken = self._state.history[-1]
        self.restore(self.keeper.undo(self._state))
        return taken

    def redo(self) -> Played | None:
        """Play the last action undone again; None if there is none (or it is
        no longer legal: the redo list is dropped)."""
        text = self.keeper.next_redo() if self.keeper is not None else None
        if text is None or self.keeper is None:
            return None
        action = parse(text)
        if not self._state.is_legal(action):
            self.keeper.redo.clear()
            return None
        return self.submit(action)

    def restore(self, state: GameState) -> None:
        """The game goes on from ``state`` (an earlier position of it)."""
        self._forget()
        self._state = state
        self.version += 1
        for listener in list(self.listeners):
            listener.restored(self)

    def close(self) -> None:
        """Stop asking (an answer being worked on is dropped) and close the seats
        and the keeper (the last save waits to be on disk)."""
        self._forget()
        for seat in self.seats:
            seat.close()
        if self.keeper is not None:
            self.keeper.close()
