"""The play screen with keys and pads: the hex cursor, cycling cards and actions,
the buy menu, a held end turn, whose pad may act, unplugged pads, rumble.

Mixed into ``PlayScene``.  The cursor keeps itself in view (the board pans
to it when zoomed in); the prompts live in the strip under the actions.
Only the pad of the seat whose turn it is (or the mouse and keyboard) plays;
any pad may open the pause menu, the log and help.
Everything still becomes an action only through the action layer.
"""

from __future__ import annotations

from ....i18n import _
from ...cursor import HexCursor
from ...prompts import choose_first
from ...scene import Command
from .selection import marked_hexes

ANYONE = ("menu", "log")        # what pads of other seats may do (help: the app, any scene)


class PadPlay:
    """Pad and keyboard play for ``PlayScene``."""

    cursor: HexCursor | None = None
    cursor_shown = False
    card_index = -1
    action_index = -1
    focus_spot: tuple[int, int] | None = None   # the card or action keys last moved to

    # ------------------------------------------------------------ control
    def seat_device(self, seat: int | None = None) -> str:
        return self.plan.seats[self.layer.current if seat is None else seat].device

    def pad_turn(self) -> bool:
        """The seat to move plays with a gamepad (its hints speak of the cursor)."""
        seats = self.plan.seats
        current = self.layer.current
        return current < len(seats) and seats[current].device.startswith("pad:")

    def controls(self, cmd: Command) -> bool:
        """Pads act only for the seat whose turn it is (mouse and keys always may)."""
        return not cmd.from_pad or (self.human_turn and self.seat_device() == cmd.device)

    def pad_command(self, cmd: Command) -> bool:
        """Handle what keys and pads add to the mouse; True when used up."""
        if cmd.kind != "key":
            if cmd.kind == "point":
                self.cursor_shown = False
            return False
        name = cmd.name
        if name == "pad_lost":
            return True                    # update() asks for a controller at that turn
        if name in ANYONE:
            self.open_overlay(name)
            return True
        if name in ("zoom", "zoom_in", "zoom_out"):        # only the view: any pad may
            self.zoom_key(name)
            return True
        if not self.controls(cmd):
            return True
        if name in ("left", "right", "up", "down"):
            self.move_cursor(name)
        elif name == "confirm":
            self.confirm_cursor()
        elif name in ("next_card", "prev_card"):
            self.cycle_card(1 if name == "next_card" else -1)
        elif name in ("next_action", "prev_action"):
            self.cycle_action(1 if name == "next_action" else -1, cmd.device)
        elif name == "buy":
            self.open_buy(cmd.device)
        elif name == "hold_short":
            self.warn(_("Hold the button to end the turn."))
        elif name == "end_turn" and cmd.from_pad:
            self.end_turn(held=True)        # holding the button is the confirmation
        else:
            return False                   # back, rotate, end_turn by key: as before
        return True

    def open_overlay(self, name: str) -> None:
        from ..padmenus import LogView

        if name == "menu":
            self.pause_menu()
        else:
            self.app.push(LogView(self))

    # ------------------------------------------------------------- cursor
    def cursor_targets(self) -> list[int] | None:
        """The hexes the chosen card or buy may go to (None: nothing chosen)."""
        if self.selection is None:
            return None
        return sorted(marked_hexes(self.layer, self.selection))

    def follow_selection(self) -> None:
        """A new choice: the cursor jumps onto a legal hex for it."""
        if self.cursor is None:
            self.cursor = HexCursor(self.view.map_centres)
        if self.selection is not None and self.cursor.place(self.cursor_targets()) is not None \
                and self.cursor_shown:
            self.show_cursor()

    def move_cursor(self, direction: str) -> None:
        if self.cursor is None:
            self.cursor = HexCursor(self.view.map_centres)
        self.cursor_shown = True
        self.focus_spot = None             # the eye is on the hex cursor now
        targets = self.cursor_targets()
        if self.cursor.hex is None or (targets and self.cursor.hex not in targets):
            self.cursor.place(targets)
        else:
            self.cursor.move(direction, targets)
        self.show_cursor()

    def show_cursor(self) -> None:
        """The cursor's hex in view (panning to it when zoomed) and hovered."""
        if self.cursor is None or self.cursor.hex is None:
            return
        self.view.follow(self.cursor.hex)
        self.hover(self.view.centres[self.cursor.hex], cursor=True)

    def confirm_cursor(self) -> None:
        if self.cursor is None or self.cursor.hex is None or not self.cursor_shown:
            self.move_cursor("right")      # the first press shows the cursor
            if self.selection is None:
                self.warn(choose_first(self.app.input_family()))
            return
        if self.selection is None:
            self.warn(choose_first(self.app.input_family()))
            return
        self.click_hex(self.cursor.hex)
        self.follow_selection()

    def after_rotate(self) -> None:
        if self.cursor_shown:
            self.follow_selection()

    # -------------------------------------------------- cards and actions
    def cycle_card(self, step: int) -> None:
        slots = self.hand_slots
        if not slots:
            self.warn(_("No cards in hand."))
            return
        self.card_index = (self.card_index + step) % len(slots)
        rect, item, card = slots[self.card_index]
        if self.selection is not None and self.selection.card == card:
            return
        self.cursor_shown = True
        self.focus_spot = rect.midtop      # a refusal is said at the card
        self.pick_card(item, card)

    def cycle_action(self, step: int, device: str = "") -> None:
        actions = [self.pick_hacienda, self.pick_water, self.pick_harvest,
                   lambda: self.open_buy(device)]
        self.action_index = (self.action_index + step) % len(actions)
        self.cursor_shown = True
        buttons = (self.b_hacienda, self.b_water, self.b_harvest)
        self.focus_spot = (buttons[self.action_index].rect.midtop if self.action_index < 3
                           else None)
        actions[self.action_index]()

    def open_buy(self, device: str) -> None:
        from ..padmenus import BuyMenu

        if self.human_turn:
            self.app.push(BuyMenu(self, device))

    # ---------------------------------------------------------- unplugged
    def check_controller(self) -> None:
        """At a turn whose seat's pad is gone: ask for another controller."""
        device = self.seat_device()
        if self.human_turn and device.startswith("pad:") and not self.app.pads.connected(device) \
                and self.app.top is self and not self.pending:
            from ..padmenus import Reconnect

            self.app.push(Reconnect(self, device))

    def rumble(self, seat: int | None) -> None:
        if seat is not None:
            self.app.pads.rumble(self.seat_device(seat))

    # --------------------------------------------------------------- draw
    def cursor_hex(self) -> int | None:
        """The hex the pad's cursor is on, while it is shown (the board draws it)."""
        if self.human_turn and self.cursor is not None and self.cursor_shown:
            return self.cursor.hex
        return None

    def hold_model(self) -> tuple[tuple[int, int, int, int], float] | None:
        """The held end-turn button: its rect and how far (the overlay draws the bar)."""
        if not self.human_turn:
            return None
        progress = self.app.pads.hold_progress(self.seat_device())
        return (tuple(self.b_end.rect), progress) if progress > 0 else None

    def wants_prompts(self) -> bool:
        """Key or pad prompts in the strip (a mouse player needs none)."""
        family = self.app.pads.family(self.seat_device())
        return self.human_turn and (family != "keyboard" or self.cursor_shown)
