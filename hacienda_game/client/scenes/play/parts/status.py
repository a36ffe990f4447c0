"""The status strip under the actions: what to do now (or what the pointer is
over, off the board), and the prompts of the keys or the pad of the player
to move; never over the board."""

from __future__ import annotations

import pygame

from .....i18n import N_, _
from ....assets import GREY
from ....prompts import draw_prompts
from ....words import card_name
from .viewmodel import PromptRow, StatusModel

# What the strip says while a card or action is chosen: for the mouse, and for
# a gamepad (whose buttons the prompts in the same strip show).
MOUSE_HINTS = {
    "play": N_("Play {card}: click a lit hex ({count} possible). Right click: cancel."),
    "hacienda": N_("Hacienda: click one of your lit tiles or tokens ({count} possible)."),
    "water": N_("Water size {size}: R, right click or the wheel turns it (Shift+wheel zooms)."),
    "harvest_from": N_("Take which chip? Click a lit chip of another player."),
    "idle": N_("Pick a card in your hand, buy a card on the right, or an action below."),
}
PAD_HINTS = {
    "play": N_("Play {card}: move the cursor to a lit hex ({count} possible)."),
    "hacienda": N_("Hacienda: move the cursor to one of your lit tiles or tokens"
                   " ({count} possible)."),
    "water": N_("Water size {size}: the turn button rotates it."),
    "harvest_from": N_("Take which chip? Move the cursor to a lit chip of another player."),
    "idle": N_("Pick a card, buy or choose an action with the buttons shown below."),
}

# The harvest's words: one chain lit, or several (counted as chains).
HARVEST_ONE = {False: N_("Harvest: click your lit chain."),
               True: N_("Harvest: move the cursor to your lit chain.")}
HARVEST_MANY = {False: N_("Harvest: click one of your {count} lit chains."),
                True: N_("Harvest: move the cursor to one of your {count} lit chains.")}


def chains(board, cells) -> int:
    """How many chains the lit cells of a harvest make: each chain is lit
    tile by tile, and two chains of one player never touch."""
    todo = {board.index[c] for c in cells if c in board.index}
    count = 0
    while todo:
        count += 1
        group = [todo.pop()]
        while group:
            for n in board.adjacent[group.pop()]:
                if n in todo:
                    todo.remove(n)
                    group.append(n)
    return count


def harvest_words(n: int, pad: bool) -> str:
    """The harvest's hint, counting chains (not their tiles): one chain is
    "your lit chain", more are counted."""
    if n == 1:
        return _(HARVEST_ONE[pad])
    return _(HARVEST_MANY[pad]).format(count=n)


def hint_words(selection, pad: bool, my_turn: bool, board=None) -> str:
    """What the strip tells the player to do now (mouse or pad words);
    ``board`` counts a harvest's chains."""
    if selection is not None and selection.kind == "harvest":
        n = chains(board, selection.targets) if board is not None else len(selection.targets)
        return harvest_words(n, pad)
    if selection is not None:
        hints = PAD_HINTS if pad else MOUSE_HINTS
        return _(hints[selection.kind]).format(card=card_name(selection.card or ""),
                                               count=len(selection.targets),
                                               size=selection.size)
    if my_turn:
        return _(PAD_HINTS["idle"] if pad else MOUSE_HINTS["idle"])
    return ""


def play_prompts(family: str, water: bool, at: tuple[int, int], right: int) -> PromptRow:
    """The controls of the player to move, in their own controller's glyphs."""
    items = [("move", _("move")), ("confirm", _("place")), ("back", _("cancel")),
             ("prev_card", ""), ("next_card", _("cards")), ("prev_action", ""),
             ("next_action", _("actions")), ("buy", _("buy"))]
    if water:
        items.insert(3, ("rotate", _("turn")))
    items.insert(3, ("end_turn", _("hold: end turn") if family != "keyboard"
                     else _("end turn")))
    return PromptRow(family, tuple(items), at, right)


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: StatusModel) -> None:
    font = art.fonts.body
    x, y = model.at
    if model.text:
        room = rect.right - 8 - x
        lines = font.wrap(model.text, room)
        if len(lines) > model.keep:
            if model.ellipsis:            # cut short where it shows: "…"
                lines = lines[:model.keep - 1] + [font.clip(" ".join(lines[model.keep - 1:]),
                                                            room)]
            else:
                lines = lines[:model.keep]
        for i, line in enumerate(lines):
            font.draw(surface, line, (x, y + i * font.line_height), model.colour)
    for i, line in enumerate(model.notes):
        font.draw(surface, line, (x, y + (i + 1) * font.line_height), GREY)
    if model.prompts is not None:
        p = model.prompts
        draw_prompts(surface, art, p.family, list(p.items), p.at, p.right)
