"""The one small director: reads the steps against what happened (engine
events) and what the learner sees (a seat view).  No pygame, no scene: the
tutorial scene feeds it and draws what it says."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...engine import LAND, Event
from ...i18n import _
from ..words import points
from .steps import DONE, LEARNER, OTHER_MOVES, PAID, RESULT, SEAT_POINTS, STEPS, Step

DONE_TIME = 3.0     # seconds "Well done." shows after the step's move (then the next step alone)


def _largest_land_group(view) -> int:
    """The learner's largest land group in the view (its tiles joined by adjacency)."""
    board = view.board
    mine = {h for h, (k, o) in enumerate(zip(view.kind, view.owner, strict=True))
            if k == LAND and o == view.seat}
    best, seen = 0, set()
    for start in mine:
        if start in seen:
            continue
        group, todo = 0, [start]
        seen.add(start)
        while todo:
            h = todo.pop()
            group += 1
            for n in board.adjacent[h]:
                if n in mine and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, group)
    return best


def _event(kind: str, seat: int | None = LEARNER, **match) -> Callable:
    def test(events: list[Event], view) -> bool:
        return any(e.kind == kind and (seat is None or e.seat == seat)
                   and all(e.data.get(k) == v for k, v in match.items()) for e in events)
    return test


# What "done" means for each step: events of one action, and the learner's view after it.
TESTS: dict[str, Callable[[list[Event], object], bool]] = {
    "bought_land": _event("card_bought", item="land"),
    "terrain_tile": lambda events, view: any(
        e.kind == "tile_placed" and e.seat == LEARNER and e.data.get("card") != "pampas"
        and not e.data.get("fallback") for e in events),
    "pampas_tile": lambda events, view: any(
        e.kind == "tile_placed" and e.seat == LEARNER
        and (e.data.get("card") == "pampas" or e.data.get("fallback")) for e in events),
    "learner_ended": _event("turn_ended"),
    "ai_ended": _event("turn_ended", 1 - LEARNER),
    "animal_token": _event("animal_placed"),
    "market_paid": _event("market_paid"),
    "chain_of_three": lambda events, view: view is not None and _largest_land_group(view) >= 3,
    "harvested": _event("harvest"),
    "hacienda_built": _event("hacienda_placed"),
    "water_placed": _event("water_placed"),
    "stack_switched": _event("stack_switched", None),
    "intermediate": _event("scoring", None, which="intermediate"),
    "final_due": _event("stack_switched", None, scoring="final"),
    "game_over": _event("game_over", None),
    "read": lambda events, view: False,        # an explanation: done when read (``read``)
}


class Director:
    """Which step is current, what was last said about the learner's move,
    and when the tutorial is over.  ``observe`` after every action."""

    def __init__(self, steps: Iterable[Step] = STEPS, clock: Callable[[], float] | None = None):
        """``clock``: the screen's time in seconds; with it "Well done." shows
        for ``DONE_TIME`` after the move that did the step, not over the next."""
        self.steps = tuple(steps)
        self.done = [False] * len(self.steps)
        self.clock = clock
        self._note: tuple[str, dict] | None = None   # words on the learner's last move
        self._noted_at = 0.0
        self.over = False
        self.tables: dict[str, list[dict]] = {}      # each scoring's table as it came
        self.totals: dict[str, list[int]] = {}       # ... and the points after it
        self.winners: list[int] | None = None

    @property
    def current(self) -> Step | None:
        """The first step not yet done (None: all are)."""
        for step, done in zip(self.steps, self.done, strict=True):
            if not done:
                return step
        return None

    @property
    def learner_steps(self) -> int:
        """The steps the learner does (the counter's total: watching Rosa and
        reading a scoring are not numbered)."""
        return sum(1 for s in self.steps if s.learner)

    def number(self, step: Step) -> int:
        """The counter's number of a step: its place among the learner's
        steps (1..``learner_steps``, none skipped); 0 for one the learner
        only watches or reads."""
        if not step.learner:
            return 0
        return sum(1 for s in self.steps[:self.steps.index(step) + 1] if s.learner)

    @property
    def count(self) -> int:
        return sum(self.done)

    @property
    def finished(self) -> bool:
        return all(self.done)

    def observe(self, events: list[Event], view) -> list[Step]:
        """An action happened: mark the steps it did (the current one, or any
        later step that may come early) and say something about it.  Returns
        the steps done by it."""
        while self.explaining is not None:
            self.read()                  # the game went on: what they explained is past
        for e in events:
            if e.kind == "scoring":
                self.tables[e.data["which"]] = e.data["table"]
                self.totals[e.data["which"]] = e.data["scores"]
        cur = self.current
        done_now = []
        for i, step in enumerate(self.steps):
            if self.done[i] or not (step is cur or step.any_order):
                continue
            if TESTS[step.done](events, view):
                self.done[i] = True
                done_now.append(step)
        for e in events:
            if e.kind == "game_over":
                self.over = True
                self.winners = list(e.data.get("winners") or [])
        before = self._note
        learner = [e for e in events if e.seat == LEARNER and e.kind != "turn_ended"]
        paid = next((e for e in events if e.kind == "market_paid" and e.seat == LEARNER), None)
        if paid is not None:
            self._note = (PAID, {k: paid.data.get(k) for k in ("herd", "land", "amount")})
        elif cur is not None and cur in done_now:
            self._note = (DONE, {})
        elif learner:
            self._note = (OTHER_MOVES.get(learner[0].kind, DONE), {})
        elif any(e.kind == "turn_ended" for e in events):
            self._note = None
        if self._note is not before:         # said now (an AI's move keeps its moment)
            self._noted_at = self.clock() if self.clock is not None else 0.0
        return done_now

    def read(self) -> None:
        """The explanations now shown were read (a press, or their time is up):
        the current one, and those following it at once are left for their turn."""
        cur = self.current
        if cur is not None and cur.pause:
            self.done[self.steps.index(cur)] = True

    @property
    def explaining(self) -> Step | None:
        """The explanation to read now (the game waits for it), or None."""
        cur = self.current
        return cur if cur is not None and cur.pause else None

    def points(self, category: str, which: str, names: list[str]) -> str:
        """Each seat's points in a category of a scoring, in words: "Ana 3 points, Rosa 1 point"."""
        table = self.tables.get(which)
        if table is None:
            return ""
        return ", ".join(_(SEAT_POINTS).format(name=name, points=points(row[category]))
                         for name, row in zip(names, table, strict=False))

    def words(self, step: Step, names: list[str]) -> str:
        """A step's ask in the language of the moment, its numbers filled in."""
        if step.scores:
            return _(step.ask).format(points=self.points(step.scores, "intermediate", names))
        return _(step.ask)

    def result(self, names: list[str]) -> str:
        """The points after the final scoring and who won (the most points,
        then pesos: the engine's ``game_over`` says), in words."""
        totals = self.totals.get("final")
        if totals is None or self.winners is None:
            return ""
        listed = ", ".join(_(SEAT_POINTS).format(name=name, points=points(n))
                           for name, n in zip(names, totals, strict=False))
        return _(RESULT).format(points=listed,
                                winner=" & ".join(names[i] for i in self.winners))

    @property
    def note(self) -> str:
        """What was said about the learner's last move, in the language of the moment."""
        if self._note is None:
            return ""
        text, fields = self._note
        if text == DONE and self.clock is not None and \
                self.clock() - self._noted_at >= DONE_TIME:
            return ""                    # praise is for the moment after the move
        return _(text).format(**fields)

    def rewind(self, story: Iterable[tuple[list[Event], object]]) -> None:
        """A move taken back: the steps are worked out again from the game as
        it now stands (the step the position asks for is current again, so
        the move played anew does it); nothing is said about a move."""
        self.done = [False] * len(self.steps)
        self.over = False
        self.tables, self.totals, self.winners = {}, {}, None
        self.replay(story)
        self._note = None

    def replay(self, story: Iterable[tuple[list[Event], object]]) -> None:
        """A resumed tutorial: the game so far, action by action, brings the
        steps back to where they were (nothing else is saved)."""
        for events, view in story:
            self.observe(events, view)
