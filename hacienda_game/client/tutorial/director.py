"""The one small director: reads the steps against what happened (engine
events) and what the learner sees (a seat view).  No pygame, no scene: the
tutorial scene feeds it and draws what it says."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...engine import LAND, Event
from ...i18n import _
from .steps import DONE, LEARNER, OTHER_MOVES, PAID, STEPS, Step


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
    "game_over": _event("game_over", None),
}


class Director:
    """Which step is current, what was last said about the learner's move,
    and when the tutorial is over.  ``observe`` after every action."""

    def __init__(self, steps: Iterable[Step] = STEPS):
        self.steps = tuple(steps)
        self.done = [False] * len(self.steps)
        self._note: tuple[str, dict] | None = None   # words on the learner's last move
        self.over = False

    @property
    def current(self) -> Step | None:
        """The first step not yet done (None: all are)."""
        for step, done in zip(self.steps, self.done, strict=True):
            if not done:
                return step
        return None

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
        cur = self.current
        done_now = []
        for i, step in enumerate(self.steps):
            if self.done[i] or not (step is cur or step.any_order):
                continue
            if TESTS[step.done](events, view):
                self.done[i] = True
                done_now.append(step)
        if any(e.kind == "game_over" for e in events):
            self.over = True
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
        return done_now

    @property
    def note(self) -> str:
        """What was said about the learner's last move, in the language of the moment."""
        if self._note is None:
            return ""
        text, fields = self._note
        return _(text).format(**fields)

    def replay(self, story: Iterable[tuple[list[Event], object]]) -> None:
        """A resumed tutorial: the game so far, action by action, brings the
        steps back to where they were (nothing else is saved)."""
        for events, view in story:
            self.observe(events, view)
