"""The score charts' points, read from the game record: one sample at the
start and one after every turn and every scoring, each with every seat's
points, pesos and the points a scoring would give at that moment.  The
charts plot the recorded points and pesos (``points_lines``, ``pesos_lines``)
on an axis that ends at the highest of them (``axis_top``).

The record is the one source: a game played through, the same game loaded
from a save or watched as a replay, and a game where moves were undone draw
the same lines (the screens never keep their own tally).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import NamedTuple, cast

from ..engine import GameState, initial_state, make_record, score


class Sample(NamedTuple):
    turn: int               # 0 at the start, then one more after each turn or scoring
    scores: list[int]       # points so far
    money: list[int]        # pesos
    projected: list[int]    # the points if a scoring came now (final once the game is over)


def sample(state: GameState, turn: int) -> Sample:
    """The chart's point for a position (only public facts count: the board
    and the pesos, as the screens show them)."""
    scores = [s.score for s in state.seats]
    if state.is_over():
        projected = scores
    else:
        projected = [s.score + row["total"] for s, row in zip(state.seats, score(state),
                                                                strict=True)]
    return Sample(turn, scores, [s.money for s in state.seats], projected)


def chart_history(state: GameState) -> list[Sample]:
    """Every sample of the game so far, replayed from its record.

    The last game charted is remembered (its replayed position and samples):
    the same game asked again later, as at every scoring, replays only the
    actions since, so a game of 300,000 actions costs its replay once, not at
    every scoring screen.  An undone action starts it over."""
    texts = state.history_text()
    key = (id(state.board), state.seed, state.players, tuple(sorted(state.variants)),
           repr(sorted(state.origin.items())))
    with _lock:
        memo = _memo.get(key)
        if memo is None or len(memo.texts) > len(texts) \
                or texts[:len(memo.texts)] != memo.texts:
            replayed = initial_state(make_record(state), state.board)
            memo = _Memo(replayed, [sample(replayed, 0)], ())
        for action in state.history[len(memo.texts):]:
            events = memo.replayed.apply(action)
            if any(e.kind in ("turn_ended", "scoring") for e in events):
                memo.samples.append(sample(memo.replayed, len(memo.samples)))
        _memo.clear()
        _memo[key] = memo._replace(texts=texts)
        return list(memo.samples)


class _Memo(NamedTuple):
    replayed: GameState           # the game replayed as far as ``texts``
    samples: list[Sample]
    texts: tuple[str, ...]


def points_lines(samples: Sequence[Sequence[object]]) -> list[list[int]]:
    """The points chart's lines: each seat's recorded points at every sample
    (what the track showed then), never the points a scoring would give."""
    return [list(cast(list[int], s[1])) for s in samples]


def pesos_lines(samples: Sequence[Sequence[object]]) -> list[list[int]]:
    """The pesos chart's lines: each seat's pesos at every sample."""
    return [list(cast(list[int], s[2])) for s in samples]


def axis_top(series: Sequence[Sequence[int]], least: int = 10) -> int:
    """The top of a chart's axis: the highest value plotted (at least ``least``,
    so a flat start still has a scale)."""
    return max([least, *(v for row in series for v in row)])


_memo: dict[tuple[object, ...], _Memo] = {}
_lock = threading.Lock()
