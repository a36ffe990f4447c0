"""On-screen button prompts: which glyph shows a command for a pad family or the keyboard.

The glyphs come from ``assets/prompts.png`` (made by tools/make_prompts.py);
a keyboard prompt is a key cap with the key's name written on it.
"""

from __future__ import annotations

import pygame

from ..art.palette import PALETTE
from ..i18n import N_, _
from .assets import ASSETS_DIR, INK, WHITE, Art, _load_png, _read_json

KEY_FACE, KEY_SIDE = PALETTE["w"], PALETTE["l"]      # as the key caps of prompts.png

# command -> SDL button (Xbox names) a pad uses for it (see pads.py)
PAD_BUTTONS = {"confirm": "a", "back": "b", "rotate": "x", "buy": "y", "end_turn": "y",
               "prev_card": "lb", "next_card": "rb", "prev_action": "lt",
               "next_action": "rt", "menu": "start", "log": "back", "help": "rstick",
               "move": "dpad", "zoom": "rstick", "hint": "lstick",
               "last_moves": "x"}     # X in the log and the hand-off (R on the table)
SHARED = {"dpad": "pad_dpad", "rstick": "pad_rstick", "lstick": "pad_stick"}
# Shoulders and triggers as each family prints them (LB RB LT RT in SDL's names)
SHOULDERS = {"xbox": ("LB", "RB", "LT", "RT"), "playstation": ("L1", "R1", "L2", "R2"),
             "switch": ("L", "R", "ZL", "ZR")}
PILLS = ("lb", "rb", "lt", "rt")
# command -> the key that sends it (app.KEYS); the names of keys are translated
KEY_NAMES = {"confirm": N_("Enter"), "back": N_("Esc"), "rotate": "R", "end_turn": "E",
             "buy": "B", "prev_card": "Q", "next_card": "W", "prev_action": "A",
             "next_action": "S", "menu": N_("Esc"), "log": "L", "help": "H", "move": "",
             "zoom": "Z", "hint": "T", "last_moves": "P"}


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


def draw_key_cap(surface: pygame.Surface, art: Art, name: str, pos: tuple[int, int],
                 height: int, face=KEY_FACE, side=KEY_SIDE, ink=INK) -> int:
    """A keyboard key (or a pad's shoulder) with its name in the reading face;
    returns its width."""
    font = art.fonts.body
    cap = pygame.Rect(pos[0], pos[1], max(height, font.width(name) + 8), height)
    pygame.draw.rect(surface, INK, cap, border_radius=2)
    pygame.draw.rect(surface, side, cap.inflate(-2, -2))
    pygame.draw.rect(surface, face, (cap.x + 1, cap.y + 1, cap.w - 2, cap.h - 4))
    top = font.baseline - font.cap_height           # the cell's rows above a capital
    font.draw(surface, name, (cap.centerx + 1, cap.y + (cap.h - 3 - font.cap_height) // 2 - top),
              ink, align="center", shadow=None)
    return cap.w


def shoulder_name(family: str, command: str) -> str | None:
    """LB, R1, ZL...: the printed name of a shoulder or trigger a command uses."""
    button = PAD_BUTTONS.get(command)
    if family in SHOULDERS and button in PILLS:
        return SHOULDERS[family][PILLS.index(button)]
    return None


def choose_first(family: str) -> str:
    """"Choose a card or an action first", naming the controls of the device
    the player last used: Q/W and A/S on the keyboard, LB/RB and LT/RT (or
    L1/R1 and L2/R2, L/R and ZL/ZR) on a pad."""
    if family == "keyboard" or family not in SHOULDERS:
        cards, actions = "Q/W", "A/S"
    else:
        names = SHOULDERS[family]
        cards, actions = f"{names[0]}/{names[1]}", f"{names[2]}/{names[3]}"
    return _("Choose a card ({cards}) or an action ({actions}) first.").format(
        cards=cards, actions=actions)


# The face button that turns the water tile (SDL's "x", the west button; on a
# Nintendo pad the button labelled X), as each family prints it.
ROTATE_FACE = {"xbox": "X", "playstation": N_("Square"), "switch": "X"}


def turn_it(device: str, family: str) -> str:
    """"Turn it with ...", naming the control of the device the player last
    used: the face button on a pad, R on the keyboard, a right click with the
    mouse (and before anything was used)."""
    if family in ROTATE_FACE:
        return _("Turn it with {button}.").format(button=_(ROTATE_FACE[family]))
    if device == "keyboard":
        return _("Turn it with R.")
    return _("Turn it with a right click.")


def cap_name(family: str, command: str) -> str | None:
    """The name written on a prompt drawn as a cap (a key, a shoulder), or None
    for one drawn from the glyph sheet."""
    if family == "keyboard":
        return None if command == "move" else _(KEY_NAMES.get(command, "?"))
    return shoulder_name(family, command)


def prompt_width(art: Art, family: str, command: str) -> int:
    """How wide a prompt's glyph or key is (without its label)."""
    name = cap_name(family, command)
    if name is not None:
        return max(prompt_height(art), art.fonts.body.width(name) + 8)
    return prompts_of(art).get(glyph_name(family, command)).get_width()


def prompt_height(art: Art) -> int:
    """The height of a row of prompts: a pad glyph, or a key as tall as the text."""
    return max(17, art.fonts.body.line_height + 2)


def draw_prompt(surface: pygame.Surface, art: Art, family: str, command: str,
                pos: tuple[int, int], label: str, colour=WHITE) -> int:
    """A glyph and its label at pos (top-left); returns the x after it."""
    x, y = pos
    height = prompt_height(art)
    name = cap_name(family, command)
    if name is not None and family == "keyboard":
        x += draw_key_cap(surface, art, name, (x, y), height)
    elif name is not None:                 # a shoulder (light) or a trigger (dark)
        shoulder = PAD_BUTTONS[command] in ("lb", "rb")
        x += draw_key_cap(surface, art, name, (x, y), height,
                          PALETTE["g"] if shoulder else PALETTE["d"], PALETTE["d"], WHITE)
    else:
        glyph = prompts_of(art).get(glyph_name(family, command))
        surface.blit(glyph, (x, y + (height - glyph.get_height()) // 2))
        x += glyph.get_width()
    x += 3
    if label:
        font = art.fonts.body
        font.draw(surface, label, (x, y + (height - font.line_height) // 2 + 1), colour)
        x += font.width(label) + 10
    return x


def prompt_group_width(art: Art, family: str, items: list[tuple[str, str]]) -> int:
    font = art.fonts.body
    return sum(prompt_width(art, family, c) + 3 + (font.width(label) + 10 if label else 0)
               for c, label in items)


def draw_prompts(surface: pygame.Surface, art: Art, family: str,
                 items: list[tuple[str, str]], pos: tuple[int, int],
                 right: int | None = None) -> int:
    """A row of prompts: (command, label) each, the most needed first; returns
    the x after the last.  Up to ``right``: prompts that do not fit are left
    out, a glyph without a label (LB of "LB RB cards") only with the next."""
    x = pos[0]
    group: list[tuple[str, str]] = []
    for command, label in items:
        group.append((command, label))
        if not label and command != items[-1][0]:
            continue
        if right is not None and x + prompt_group_width(art, family, group) - 10 > right:
            group = []
            continue
        for c, text in group:
            x = draw_prompt(surface, art, family, c, (x, pos[1]), text)
        group = []
    return x
