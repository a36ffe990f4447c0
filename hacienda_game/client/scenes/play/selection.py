"""What the player has chosen and what a click on a hex means (no pygame).

A choice (a card to play, a hacienda, a water tile, a harvest) holds the
targets the action layer found legal (from ``legal_actions()``).  Each
``choose_*`` returns the new choice or a sentence saying why there is none;
``click`` returns the action to carry out, a narrower choice, or why not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....engine import LAND_CARDS, Action
from ....i18n import _
from ....maps.board import Cell
from ....maps.landmarks import where
from ....session.refusals import hint


@dataclass
class Selection:
    """What the player is about to do: play a card, buy a hacienda or water, harvest."""

    kind: str                                  # play, hacienda, water, harvest, harvest_from
    card: str | None = None
    targets: dict = field(default_factory=dict)   # cell -> action (or list for harvest)
    size: int = 1                              # water tile size
    turns: int = 0                             # water tile rotation (x 60 degrees)

    @property
    def key(self) -> tuple:
        return (self.kind, self.card, self.size, self.turns)


def why_off(layer, kind: str, card: str | None = None) -> str:
    """Why a control (an action button, a card in hand) has nothing to do now,
    in one line with its numbers, from the engine's reason (`why_none`)."""
    return hint(layer.why_none(kind, card), _("Not possible now."))


def choose_card(layer, item: str, card: str) -> Selection | str:
    targets = layer.play_targets(card)
    if not targets:
        return why_off(layer, f"play {item}", card)
    return Selection("play", card, targets)


def choose_hacienda(layer) -> Selection | str:
    targets = layer.hacienda_targets()
    if not targets:
        return why_off(layer, "buy hacienda")
    return Selection("hacienda", None, targets)


def choose_water(layer, size: int | None, current: Selection | None) -> Selection | str:
    sizes = layer.water_sizes()
    if not sizes:
        return why_off(layer, "buy water")
    if size is None:
        size = sizes[0]
    if size not in sizes:
        return why_size(layer, size)
    turns = current.turns if current is not None and current.kind == "water" else 0
    return Selection("water", None, layer.water_placements(size), size, turns)


def why_size(layer, size: int) -> str:
    """Why no water tile of this size can be laid now."""
    if not dict(layer.view(layer.current).water_left).get(size, 0):
        return _("No water tile of size {size} is left.").format(size=size)
    return _("No water tile of size {size} fits on the free pampas.").format(size=size)


def choose_harvest(layer) -> Selection | str:
    targets = layer.harvest_targets()
    if not targets:
        return why_off(layer, "harvest")
    return Selection("harvest", None, targets)


def water_cells(layer, sel: Selection, h: int) -> tuple[Cell, ...] | None:
    """The cells the chosen water tile would cover with its anchor on hex h."""
    return layer.water_shape(layer.board.cells[h], sel.size, sel.turns)


def action_at(layer, sel: Selection | None, h: int) -> tuple[Action | None, Action | None]:
    """(legal action, attempted action) for the choice on hex h."""
    cell = layer.board.cells[h]
    if sel is None:
        return None, None
    if sel.kind == "play":
        item = "land" if sel.card in LAND_CARDS else "animal"
        return sel.targets.get(cell), Action("play", item, sel.card, (cell,))
    if sel.kind == "hacienda":
        return sel.targets.get(cell), Action("buy", "hacienda", None, (cell,))
    if sel.kind == "water":
        cells = water_cells(layer, sel, h)
        if cells is None:
            return None, None
        return sel.targets.get(cells), Action("buy", "water", None, cells)
    if sel.kind == "harvest":
        acts = sel.targets.get(cell)
        if acts and len(acts) == 1:
            return acts[0], acts[0]
        return None, Action("harvest", None, None, (cell,))
    if sel.kind == "harvest_from":
        return sel.targets.get(cell), None
    return None, None


def marked_hexes(layer, sel: Selection | None) -> frozenset[int]:
    """The hexes the choice may go to: for water, where the tile fits as it is
    turned now (its anchor hex), nothing else."""
    if sel is None:
        return frozenset()
    board = layer.board
    if sel.kind == "water":
        return frozenset(h for h in range(len(board.cells))
                         if water_cells(layer, sel, h) in sel.targets)
    return frozenset(board.index[c] for c in sel.targets if c in board.index)


def click(layer, sel: Selection, h: int, turn: str = "") -> Action | Selection | str:
    """What a click on hex h does with the choice; ``turn`` says how to turn
    the water tile with the device in use (prompts.turn_it)."""
    cell = layer.board.cells[h]
    if sel.kind == "harvest" and len(sel.targets.get(cell, [])) > 1:
        # Every chip is out: now pick the chip to take.
        return Selection("harvest_from", None, {a.source: a for a in sel.targets[cell]})
    action, attempt = action_at(layer, sel, h)
    if action is not None:
        return action
    if attempt is not None:
        return turned(hint(layer.refusal(attempt), _("Not possible {place}.").format(
            place=where(layer.board, cell))), turn)
    if sel.kind == "water":
        off = _("The water tile would leave the board there.")
        return f"{off} {turn}" if turn else off
    return _("Not possible {place}.").format(place=where(layer.board, cell))


def turned(reason: str, turn: str) -> str:
    """A refusal, with how to turn the water tile when turning it would help."""
    if getattr(reason, "code", "") == "water_shape" and turn:
        return f"{reason} {turn}"
    return reason


def hover_words(layer, sel: Selection | None, h: int, turn: str = "") -> tuple[str, bool]:
    """What the pointer on hex h says about the choice, and whether it is a
    refusal (``turn`` as for `click`)."""
    if sel is None:
        return "", False
    action, attempt = action_at(layer, sel, h)
    if action is not None:
        return layer.preview(action), False
    if sel.kind == "harvest":
        if sel.targets.get(layer.board.cells[h]):
            return _("all chips are out: then pick the chip to take"), False
        return "", False
    if attempt is not None:
        return turned(hint(layer.refusal(attempt)), turn), True
    return "", False
