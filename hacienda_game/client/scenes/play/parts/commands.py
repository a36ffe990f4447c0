"""What the parts send up: plain command values the screen that owns them
carries out (a part never calls into its owner)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PickCard:
    """A card of the hand was clicked: choose it to play (again: put it back)."""

    item: str                     # land or animal
    card: str


@dataclass(frozen=True)
class BuyCard:
    """A card of the display (``card``) or a deck (``card`` None) was clicked."""

    item: str
    card: str | None


@dataclass(frozen=True)
class ClickHex:
    """A hex of the board was clicked."""

    hex: int


@dataclass(frozen=True)
class ScrollLog:
    """The wheel over the log: lines back (positive: older)."""

    lines: int


@dataclass(frozen=True)
class FocusLog:
    """The pointer over a line of the log (or a click on it): that entry, by
    the index of its first line, is focused and flashes its hexes (None: the
    log's empty part, nothing focused)."""

    line: int | None
    click: bool = False


PartCommand = PickCard | BuyCard | ClickHex | ScrollLog | FocusLog
