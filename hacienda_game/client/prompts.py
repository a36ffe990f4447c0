"""On-screen button prompts: which glyph shows a command for a pad family or the keyboard.

The glyphs come from ``assets/prompts.png`` (made by tools/make_prompts.py);
a keyboard prompt is a key cap with the key's name written on it.
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _
from .assets import ASSETS_DIR, INK, WHITE, Art, _load_png, _read_json

# command -> SDL button (Xbox names) a pad uses for it (see pads.py)
PAD_BUTTONS = {"confirm": "a", "back": "b", "rotate": "x", "buy": "y", "end_turn": "y",
               "prev_card": "lb", "next_card": "rb", "prev_action": "lt",
               "next_action": "rt", "menu": "start", "log": "back", "help": "rstick",
               "move": "dpad", "zoom": "rstick", "hint": "lstick"}
SHARED = {"dpad": "pad_dpad", "rstick": "pad_rstick", "lstick": "pad_stick"}
# command -> the key that sends it (app.KEYS); the names of keys are translated
KEY_NAMES = {"confirm": N_("Enter"), "back": N_("Esc"), "rotate": "R", "end_turn": "E",
             "buy": "B", "prev_card": "Q", "next_card": "W", "prev_action": "A",
             "next_action": "S", "menu": N_("Esc"), "log": "L", "help": "H", "move": "",
             "zoom": "Z", "hint": "T"}


def glyph_name(family: str, command: str) -> str:
    """The prompt frame for a command: ``<family>_<button>`` for pads,
    ``key_arrows`` or a key cap (``key_1``..``key_3`` by width) for the keyboard."""
    if family == "keyboard":
        if command == "move":
            return "key_arrows"
        name = _(KEY_NAMES.get(command, "?"))
        return "key_1" if len(name) <= 1 else "key_2" if len(name) <= 3 else "key_3"
    button = PAD_BUTTONS.get(command, "a")
    return SHARED.get(button, f"{family}_{button}")


class Prompts:
    """The prompt glyph sheet."""

    def __init__(self, folder=ASSETS_DIR):
        spec = _read_json(folder / "prompts.json", "hacienda-prompts/1",
                          "tools/make_prompts.py")
        sheet = _load_png(folder / "prompts.png", "tools/make_prompts.py")
        self.frames = {name: sheet.subsurface((f["x"], f["y"], f["w"], f["h"]))
                       for name, f in spec["frames"].items()}

    def get(self, name: str) -> pygame.Surface:
        return self.frames[name]


_sheets: dict[int, Prompts] = {}


def prompts_of(art: Art) -> Prompts:
    sheet = _sheets.get(id(art))
    if sheet is None:
        sheet = _sheets[id(art)] = Prompts()
    return sheet


def draw_prompt(surface: pygame.Surface, art: Art, family: str, command: str,
                pos: tuple[int, int], label: str, colour=WHITE) -> int:
    """A glyph and its label at pos (top-left); returns the x after it."""
    glyph = prompts_of(art).get(glyph_name(family, command))
    x, y = pos
    surface.blit(glyph, (x, y))
    if family == "keyboard" and command != "move":
        name = _(KEY_NAMES.get(command, "?"))
        art.fonts.small.draw(surface, name, (x + glyph.get_width() // 2 + 1, y + 1), INK,
                             align="center", shadow=None)
    x += glyph.get_width() + 3
    if label:
        font = art.fonts.small
        font.draw(surface, label, (x, y + (glyph.get_height() - font.line_height) // 2 + 1),
                  colour)
        x += font.width(label) + 10
    return x


def draw_prompts(surface: pygame.Surface, art: Art, family: str,
                 items: list[tuple[str, str]], pos: tuple[int, int]) -> int:
    """A row of prompts: (command, label) each; returns the x after the last."""
    x = pos[0]
    for command, label in items:
        x = draw_prompt(surface, art, family, command, (x, pos[1]), label)
    return x
