"""Small shared pieces of the rule modules: how legal actions are built.

A kind's legal actions come as segments ``(items, make)``: ``make(item)`` is
the action.  ``legal_actions()`` builds them all, ``random_action()`` one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action

Cell = tuple[int, int]
# Building the many actions of legal_actions() straight from tuples skips
# NamedTuple's argument handling: same values, a third of the cost.
new_action = tuple.__new__
Segment = tuple[Sequence[Any], Callable[[Any], Action]]


def same(action: Action) -> Action:
    return action


__all__ = ["Cell", "Segment", "new_action", "same"]
