"""Scenes and the commands they receive (STYLE.md lessons 9 and 10).

A scene has a symmetric lifecycle on the app's stack: ``enter`` when pushed,
``exit`` when popped, ``pause`` when another scene is pushed over it and
``resume`` when that one is popped.  Each frame the top scene gets the
frame's commands (``handle``), then ``update(dt)``; drawing starts at the
highest opaque scene so overlays show what lies under them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from .app import App


@dataclass(frozen=True)
class Command:
    """Input in the game's terms, whatever device it came from.

    kind: ``point`` (the pointer moved), ``press``/``release`` (button 1 =
    select, 3 = alternate), ``wheel`` (amount +1/-1), ``key`` (name: back,
    confirm, rotate, help, end_turn, left, right, up, down, erase, tab, undo, redo) or
    ``text`` (typed characters).  Positions are canvas pixels.  A pad sends
    ``key`` commands too (also next_card, prev_card, next_action, prev_action,
    buy, menu, log, pad_lost).  device: where it came from: ``mouse``,
    ``keyboard`` or ``pad:<SDL instance id>`` ("" = mouse or keyboard).
    """

    kind: str
    pos: tuple[int, int] | None = None
    button: int = 0
    name: str = ""
    text: str = ""
    amount: int = 0
    device: str = ""

    @property
    def from_pad(self) -> bool:
        return self.device.startswith("pad:")


class Scene:
    """Base scene: override what you need."""

    opaque = True        # covers the whole canvas: scenes under it are not drawn
    app: App

    def enter(self, app: App) -> None:
        self.app = app

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def handle(self, command: Command) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self) -> None:
        """The canvas changed size (window resized, full screen toggled): lay
        out again from ``app.canvas_size``."""

    def typing(self) -> bool:
        """True while the player types text here (H is then a letter, not help)."""
        return False

    def language_changed(self) -> None:
        """The game's language changed: rebuild labels made from translated text
        (by default the scene lays itself out again, as for a new canvas)."""
        self.resize()

    def idle(self) -> None:
        """Between frames: start work that runs elsewhere (an AI request)."""

    def waiting_on(self):
        """A future this scene is waiting for (an AI move), or None: headless
        runs wait for it between frames instead of spinning."""
        return None
