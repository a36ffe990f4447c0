"""Actions: small frozen values with a text notation both ways (CONTRACTS §2).

``str(action)`` gives the canonical form and ``parse_action(str(a)) == a``::

    buy land | buy land forest | buy animal | buy animal pig
    buy hacienda 3,4 | buy water 5,5 6,5 | play forest 3,4 | play pig 5,5
    harvest 3,4 | harvest 3,4 from 7,2 | end
"""

from __future__ import annotations

from typing import NamedTuple

from ..maps.board import parse_cell
from .components import ANIMALS, LAND_CARDS

Cell = tuple[int, int]

KINDS = ("buy land", "buy animal", "buy hacienda", "buy water",
         "play land", "play animal", "harvest", "end")


class Action(NamedTuple):
    """One action.  ``verb`` is buy, play, harvest or end; ``item`` what is
    bought (land, animal, hacienda, water) or played (land, animal);
    ``card`` a terrain or animal; ``cells`` the hexes it goes on;
    ``source`` the hex a harvest chip is taken from (R37)."""

    verb: str
    item: str | None = None
    card: str | None = None
    cells: tuple[Cell, ...] = ()
    source: Cell | None = None

    @property
    def kind(self) -> str:
        """One of `KINDS`: the action's verb and what it is about."""
        return self.verb if self.item is None else f"{self.verb} {self.item}"

    def __str__(self) -> str:
        where = " ".join(f"{x},{y}" for x, y in self.cells)
        if self.verb == "buy":
            text = f"buy {self.item}"
            if self.card:
                text += f" {self.card}"
            return f"{text} {where}" if where else text
        if self.verb == "play":
            return f"play {self.card} {where}"
        if self.verb == "harvest":
            text = f"harvest {where}"
            if self.source is not None:
                text += f" from {self.source[0]},{self.source[1]}"
            return text
        return self.verb

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


END = Action("end")


def buy_card(item: str, card: str | None = None) -> Action:
    return Action("buy", item, card)


def parse_action(text: str) -> Action:
    """Parse the notation; case and extra spaces don't matter.

    Raises ``ValueError`` saying what is wrong with the text.
    """
    if not isinstance(text, str):
        raise ValueError(f"an action is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty action")
    # Cells may be written with spaces after the comma: "3, 4".
    merged: list[str] = []
    for w in words:
        if merged and (merged[-1].endswith(",") or w.startswith(",")):
            merged[-1] += w
        else:
            merged.append(w)
    words = merged
    verb, rest = words[0], words[1:]
    try:
        if verb == "end" and not rest:
            return END
        if verb == "buy" and rest:
            return _parse_buy(rest)
        if verb == "play" and len(rest) == 2:
            card = rest[0]
            if card in LAND_CARDS:
                return Action("play", "land", card, (parse_cell(rest[1]),))
            if card in ANIMALS:
                return Action("play", "animal", card, (parse_cell(rest[1]),))
            raise ValueError(f"unknown card {card!r}")
        if verb == "harvest" and len(rest) in (1, 3):
            source = None
            if len(rest) == 3:
                if rest[1] != "from":
                    raise ValueError("expected 'from'")
                source = parse_cell(rest[2])
            return Action("harvest", None, None, (parse_cell(rest[0]),), source)
    except ValueError as e:
        raise ValueError(f"cannot read action {text!r}: {e}") from None
    raise ValueError(f"cannot read action {text!r}: expected buy, play, harvest or end"
                     " (see CONTRACTS §2)")


def _parse_buy(rest: list[str]) -> Action:
    item, args = rest[0], rest[1:]
    if item in ("land", "animal"):
        if not args:
            return Action("buy", item)
        names = LAND_CARDS if item == "land" else ANIMALS
        if len(args) == 1 and args[0] in names:
            return Action("buy", item, args[0])
        raise ValueError(f"unknown {item} card {' '.join(args)!r}")
    if item == "hacienda" and len(args) == 1:
        return Action("buy", "hacienda", None, (parse_cell(args[0]),))
    if item == "water" and 1 <= len(args) <= 4:
        cells = tuple(sorted({parse_cell(a) for a in args}))
        if len(cells) != len(args):
            raise ValueError("a water tile names each hex once")
        return Action("buy", "water", None, cells)
    raise ValueError(f"cannot buy {' '.join(rest)!r}")
