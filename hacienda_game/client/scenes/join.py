"""Joining a game on another machine: the games heard on the local network,
an address and a join code typed with the keys, or with a pad on the
on-screen keyboard; then the play screen, as at the host's own table."""

from __future__ import annotations

import pygame

from ...i18n import _
from ...net.client import NetClient, parse_address
from ..assets import GOLD, GREY, RED
from ..scene import Command, Scene
from ..ui import (
    Button,
    Focus,
    TextField,
    draw_background,
    draw_buttons,
    draw_panel,
    handle_buttons,
)

KEYBOARD = ("1234567890", "QWERTYUIOP", "ASDFGHJKL:", "ZXCVBNM.-")
FIELDS = ("address", "code")
LIMITS = {"address": 40, "code": 9}       # a code is 8 letters, read as "K7PM-Q2XH"
# The seats joined in this run, by address and code: the host keeps a seat
# whose player left (it waits at its turn); joining again with the same
# address and code brings its token, and so the seat back.
SEATS_HELD: dict[tuple[str, str], NetClient] = {}


class JoinScene(Scene):
    def __init__(self, address: str = "", code: str = "", interfaces: list[str] | None = None,
                 go: bool = False):
        self.fields = {"address": TextField(address, LIMITS["address"],
                                            allow=lambda c: c.isalnum() or c in ".:-[]/"),
                       "code": TextField(code.upper(), LIMITS["code"],
                                         allow=lambda c: c.isalnum() or c == "-")}
        self.field = "address" if not address else "code"
        self.interfaces = interfaces          # where to listen for games (None: everywhere)
        self.go_now = go and bool(address and code)
        self.browser = None
        self.link = None
        self.problem = ""
        self.buttons: list[Button] = []
        self.found: list = []
        self.focus = Focus()

    def enter(self, app) -> None:
        super().enter(app)
        from ...net.discovery import Browser

        self.browser = Browser(self.interfaces)
        if not self.browser.start():
            self.problem = _("Games on this network cannot be listed here ({why}); type"
                             " the host's address.").format(why=self.browser.error)
        pygame.key.start_text_input()
        self.layout()
        if self.go_now:
            self.join()

    def exit(self) -> None:
        pygame.key.stop_text_input()
        if self.browser is not None:
            self.browser.close()
        if self.link is not None:            # left before the game began
            self.link.close()
            self.link = None

    def typing(self) -> bool:
        return True

    @property
    def text(self) -> dict[str, str]:
        return {name: field.text for name, field in self.fields.items()}

    def layout(self) -> None:
        w, h = self.app.canvas_size
        b: list[Button] = []
        self.found_buttons = []
        for i, game in enumerate(self.found[:5]):
            label = _("{name} · {map} · {free} free · {where}").format(
                name=game.name, map=game.map, free=game.free, where=game.where)
            button = Button((40, 96 + i * 34, w // 2 - 60, 30), label[:56],
                            lambda g=game: self.pick(g), face="medium")
            self.found_buttons.append(button)
            b.append(button)
        fx = w // 2 + 20
        self.field_buttons = {
            name: Button((fx, 96 + i * 60, w - fx - 40, 30), self.text[name] or " ",
                         lambda n=name: self.choose_field(n), face="medium")
            for i, name in enumerate(FIELDS)}
        b += self.field_buttons.values()
        self.keys = []
        for row, letters in enumerate(KEYBOARD):
            for col, ch in enumerate(letters):
                key = Button((fx + col * 34, 236 + row * 34, 30, 30), ch,
                             lambda c=ch: self.type(c), face="medium")
                self.keys.append(key)
        erase = Button((fx + len(KEYBOARD[-1]) * 34, 236 + 3 * 34, 64, 30), _("Erase"), self.erase,
                       face="medium")
        self.keys.append(erase)
        b += self.keys
        # while it tries to join, Back gives up (the link tries again until then)
        b.append(Button((40, h - 50, 160, 34), _("Give up") if self.link is not None
                        else _("Back"), self.give_up, big=True))
        self.join_button = Button((w - 236, h - 50, 196, 34), _("Join"), self.join, big=True,
                                  enabled=self.link is None)
        # Watch: no seat, the public view (also once every seat is taken; while a
        # join waits for a free seat it watches instead).
        self.watch_button = Button((w - 448, h - 50, 196, 34), _("Watch"), self.watch,
                                   big=True, enabled=self.link is None or self.link.waiting
                                   is not None)
        b += [self.watch_button, self.join_button]
        self.buttons = b

    # -------------------------------------------------------------- actions
    def pick(self, game) -> None:
        self.fields["address"].set(("wss://" if game.tls else "") + game.where)
        self.field = "code"
        self.layout()

    def give_up(self) -> None:
        if self.link is None:
            self.app.pop()
            return
        self.link.close()
        self.link = None
        self.problem = ""
        self.layout()

    def choose_field(self, name: str) -> None:
        self.field = name
        self.layout()

    def type(self, chars: str) -> None:
        self.fields[self.field].handle(Command("text", text=chars.upper() if self.field == "code"
                                               else chars))
        self.layout()

    def erase(self) -> None:
        self.fields[self.field].handle(Command("key", name="erase"))
        self.layout()

    def watch(self) -> None:
        """Join as a spectator: no seat, no hand, the public view."""
        if self.link is not None:                  # waiting for a seat: watch instead
            self.link.close()
            self.link = None
        self.join(spectate=True)

    def join(self, spectate: bool = False) -> None:
        from ..netlink import GameLink

        try:
            parse_address(self.text["address"])
        except ValueError as e:
            self.problem = str(e)
            self.field = "address"
            return
        if len(self.text["code"]) < 4:
            self.problem = _("Type the join code the host's screen shows.")
            self.field = "code"
            return
        self.problem = _("Joining…")
        where = (self.text["address"], self.text["code"])
        before = SEATS_HELD.get(where)
        token = before.token if before is not None and not spectate else None
        client = NetClient(*where, token, spectate=spectate)
        if not spectate:
            SEATS_HELD[where] = client       # its seat's token, once the host gives it
        self.link = GameLink(client.start())
        self.layout()

    # --------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        if self.browser is not None:
            found = self.browser.games()
            if found != self.found:
                self.found = found
                self.layout()
        link = self.link
        if link is None:
            return
        link.pump()
        if link.waiting and not link.closed:
            was = self.watch_button.enabled
            self.problem = link.trying(_("Joining…"))
            if not was:
                self.layout()                    # Watch is offered while it waits
        if link.closed:
            self.problem = link.closed
            link.close()
            self.link = None
            self.layout()
        elif link.ready:
            from ..netlink import JoinPlay
            from .play import PlayScene

            self.link = None                   # the play scene holds it now
            self.app.replace(PlayScene(link.plan(), net=JoinPlay(link)))

    # ---------------------------------------------------------------- input
    def handle(self, cmd: Command) -> None:
        if cmd.kind == "text":
            self.type(cmd.text)
            return
        if self.fields[self.field].handle(cmd):     # Backspace, Delete, Home, End, Ctrl+A
            self.layout()
            return
        if cmd.kind == "key":
            if cmd.name == "tab":
                self.choose_field("code" if self.field == "address" else "address")
                return
            if cmd.name == "back":
                self.give_up()
                return
            if cmd.name == "confirm" and not cmd.device.startswith("pad"):
                self.join()             # Enter on the keyboard: join (a pad presses a key)
                return
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        w, h = surface.get_size()
        draw_background(surface, art, self.app.time)
        # Read from the couch: labels, fields and the list in the body face.
        large, small = art.fonts.large, art.fonts.body
        field_face = art.fonts.medium
        large.draw(surface, _("Join a game"), (w // 2, 14), GOLD, align="center")
        draw_panel(surface, art, (24, 48, w // 2 - 28, h - 112))
        draw_panel(surface, art, (w // 2 + 4, 48, w // 2 - 28, h - 112))
        small.draw(surface, _("Games on this network"), (40, 62), GREY)
        if not self.found:
            small.draw(surface, _("Looking for games… (or type the address)"), (40, 100),
                       GREY)
        fx = w // 2 + 20
        small.draw(surface, _("Address (host:port)"), (fx, 96 - small.line_height - 2), GREY)
        small.draw(surface, _("Join code"), (fx, 156 - small.line_height - 2), GREY)
        for name, button in self.field_buttons.items():
            button.selected = name == self.field
        draw_buttons(self.buttons, surface, art, self.focus)
        button = self.field_buttons[self.field]       # the field draws its text and cursor
        button.label = ""
        button.draw(surface, art)
        button.label = self.text[self.field] or " "
        self.fields[self.field].draw(surface, field_face, (
            button.rect.centerx, button.rect.centery - field_face.line_height // 2),
            field_face.line_height, int(self.app.time * 3) % 2 == 0, align="center")
        if self.problem:
            # Wrapped inside the left panel, its last line above the panel's foot.
            panel = pygame.Rect(24, 48, w // 2 - 28, h - 112)
            lines = small.wrap(self.problem, panel.w - 32)[:max(1, panel.h // 2
                                                                // small.line_height)]
            top = panel.bottom - 10 - len(lines) * small.line_height
            for i, line in enumerate(lines):
                small.draw(surface, line, (40, top + i * small.line_height),
                           GOLD if self.link is not None else RED)
