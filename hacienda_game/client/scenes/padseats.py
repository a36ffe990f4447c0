"""Pads on the setup screen: "press A to join", and which controller plays a seat.

Each pad claims a seat by pressing A (the first seat no pad has yet, else a new
seat); a seat's controller button switches it between mouse and keys and the
connected pads, so one pad can also play several seats in hot seat.  Pads that
have not joined do nothing else here; joined pads move the focus like the keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...session.choices import PLAYER_COUNTS
from ...session.plan import HUMAN
from ..assets import GREY, WHITE
from ..prompts import draw_prompt, prompt_width
from ..scene import Command
from ..ui import Button

if TYPE_CHECKING:
    from .setup import SetupScene

def seat_device_buttons(setup: SetupScene) -> list[Button]:
    """One button per seat: who controls it (mouse and keys, or which pad)."""
    from .setup import ROW_H, SEATS_TOP

    pads = setup.app.pads
    out = []
    x, w = setup.columns["device"]
    for i, seat in enumerate(setup.seats):
        label = pads.label(seat.device) if seat.is_human else "-"
        button = Button((x, SEATS_TOP + i * ROW_H, w, 30), label,
                        lambda i=i: next_device(setup, i), enabled=seat.is_human, face="body")
        pad = pads.pad(seat.device)
        if pad is not None and seat.is_human:      # its family's button is drawn at its left
            button.inset = prompt_width(setup.app.art, pad.family, "confirm") + 4
        out.append(button)
    return out


def next_device(setup: SetupScene, i: int) -> None:
    """Mouse and keys -> pad 1 -> pad 2 ... -> mouse and keys."""
    choices = [""] + [p.key for p in sorted(setup.app.pads.pads.values(),
                                            key=lambda p: p.number)]
    seat = setup.seats[i]
    k = choices.index(seat.device) if seat.device in choices else 0
    seat.device = choices[(k + 1) % len(choices)]
    setup.layout()


def joined(setup: SetupScene, device: str) -> bool:
    return any(s.device == device for s in setup.seats)


def join(setup: SetupScene, device: str) -> bool:
    """A pad claims the first seat without a pad (made human), else a new seat."""
    free = next((s for s in setup.seats if not s.device.startswith("pad:")), None)
    if free is None:
        if len(setup.seats) >= PLAYER_COUNTS[-1]:
            return False
        setup.add_seat()
        free = setup.seats[-1]
    free.kind = HUMAN
    free.device = device
    setup.layout()
    return True


def handle_pads(setup: SetupScene, cmd: Command) -> bool:
    """Pad commands the setup screen handles itself; True when used up."""
    if cmd.kind == "key" and cmd.name == "pad_lost":
        for seat in setup.seats:
            if seat.device == cmd.device:
                seat.device = ""
        setup.layout()
        return True
    if not cmd.from_pad or joined(setup, cmd.device):
        return False
    if cmd.kind == "key" and cmd.name == "confirm":
        join(setup, cmd.device)
    return True          # a pad that has not joined does nothing else here


def join_hint_right(setup: SetupScene) -> int:
    """The seats panel's inner right edge: the join hint ends before it."""
    return setup.seats_rect.right - 8


def draw_join_hint(setup: SetupScene, surface: pygame.Surface) -> int:
    """Above the seats: how a pad joins, with each family's button; returns
    where the hint ends (it never runs past the panel, in any language)."""
    art = setup.app.art
    manager = setup.app.pads
    pads = list(manager.pads.values())
    font = art.fonts.medium
    x, y = 40, 73                   # its own line, under the heading
    text = _("Pads: press")
    font.draw(surface, text, (x, y + 1), WHITE)
    x += font.width(text)
    families = sorted({p.family for p in pads}) or ["xbox", "playstation", "switch"]
    for family in families:
        x = draw_prompt(surface, art, family, "confirm", (x + 4, y), "") + 2
    done = sum(joined(setup, p.key) for p in pads)
    note = (_("to join ({joined} of {pads} joined)").format(joined=done, pads=len(pads))
            if pads else _("to join (none connected)"))
    if x + 4 + font.width(note) > join_hint_right(setup):
        note = _("to join")               # a long language: the count has to go
    font.draw(surface, note, (x + 4, y + 1), GREY)
    end = x + 4 + font.width(note)
    # Each seat's pad: its family's button, so players know which pad is theirs.
    for button, seat in zip(setup.buttons[-len(setup.seats):], setup.seats, strict=True):
        pad = manager.pad(seat.device)
        if pad is not None and seat.is_human:
            draw_prompt(surface, art, pad.family, "confirm",
                        (button.rect.x + 4, button.rect.centery - 8), "")
    return end

