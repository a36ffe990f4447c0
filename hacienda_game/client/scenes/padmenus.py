"""Menus over the play screen for keys and pads: the buy list, the log, and
"reconnect or choose another controller" when a seat's pad is unplugged."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import PRICE_BLIND, PRICE_FACE_UP, PRICE_HACIENDA, PRICE_WATER
from ...i18n import N_, _, language
from ..assets import DIM, GOLD, GREY, WHITE
from ..prompts import draw_prompts, prompt_height
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_buttons, draw_panel, handle_buttons
from ..words import card_name, first_up
from .overlays import Words, dim, worded

DECK_LABELS = {"land": N_("Land deck · {price} pesos"),
               "animal": N_("Animal deck · {price} pesos")}

if TYPE_CHECKING:
    from .play import PlayScene


class PadMenu(Scene):
    """A list of buttons in a panel, moved through with the arrows or D-pad.
    Only the device that opened it (and the mouse and keys) may use it."""

    opaque = False
    closable = True

    def __init__(self, play: PlayScene, device: str, title: Words):
        self.play, self.device, self.title_words = play, device, title
        self.buttons: list[Button] = []
        self.focus = Focus()
        self.rect = pygame.Rect(0, 0, 300, 100)

    @property
    def title(self) -> str:
        return worded(self.title_words)

    def language_changed(self) -> None:
        """Worded anew: its title, and its list built again (labels, prices)."""
        self.enter(self.app)

    def centre(self) -> tuple[int, int]:
        w, h = self.app.canvas_size
        return w // 2, h // 2

    def resize(self) -> None:
        """Keep the panel (and its buttons) in the middle of the new canvas."""
        cx, cy = self.centre()
        dx, dy = cx - self.rect.centerx, cy - self.rect.centery
        self.rect.move_ip(dx, dy)
        for b in self.buttons:
            b.rect.move_ip(dx, dy)

    def allowed(self, cmd: Command) -> bool:
        return not cmd.from_pad or not self.device.startswith("pad:") or cmd.device == self.device

    def stack(self, specs: list[tuple[str, object, bool, str | None]], width: int = 300) -> None:
        art = self.app.art
        line = art.fonts.body.line_height
        width = max(width, *(art.fonts.body.width(label) + 60 for label, *_r in specs))
        width = min(width, self.app.canvas_size[0] - 16)
        pitch = line + 11
        h = 48 + len(specs) * pitch + prompt_height(art) + 14
        self.rect = pygame.Rect(0, 0, width, h)
        self.rect.center = self.centre()
        self.buttons = [Button((self.rect.x + 16, self.rect.y + 40 + i * pitch, width - 32,
                                line + 7), label, action, enabled=enabled, icon=icon,
                               face="body")
                        for i, (label, action, enabled, icon) in enumerate(specs)]
        self.focus.index = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        Focus.shown = True

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "pad_lost" and cmd.device == self.device:
            self.app.pop()                 # its pad is gone: the seat asks for another
            return
        if not self.allowed(cmd):
            return
        if self.ends_turn(cmd):
            return
        if cmd.kind == "key" and cmd.name in ("back", "buy", "log", "menu"):
            self.app.pop()
            return
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def ends_turn(self, cmd: Command) -> bool:
        """Y held on a pad ends the turn from over the play screen too: the menu
        closes and the play screen takes the held button (its own confirmation)."""
        if not (cmd.kind == "key" and cmd.name == "end_turn" and cmd.from_pad):
            return False
        self.app.pop()
        self.play.handle(cmd)
        return True

    def family(self) -> str:
        """Whose buttons the prompts show: the pad that opened it, else what
        the player used last (a pad's glyphs to a pad, keys to the keyboard)."""
        if self.device:
            return self.app.pads.family(self.device)
        return self.app.input_family()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        art = self.app.art
        draw_panel(surface, art, self.rect)
        art.fonts.large.draw(surface, self.title, (self.rect.centerx, self.rect.y + 10), GOLD,
                             align="center")
        draw_buttons(self.buttons, surface, art, self.focus)
        draw_prompts(surface, art, self.family(), self.prompt_items(),
                     (self.rect.x + 16, self.rect.bottom - 8 - prompt_height(art)))

    def prompt_items(self) -> list[tuple[str, str]]:
        """What the pad's (or the keys') buttons do here."""
        items = [("confirm", _("choose"))] if self.buttons else []
        return items + ([("back", _("close"))] if self.closable else [])


class BuyMenu(PadMenu):
    """Everything a player can buy, with its price; choosing buys it (a card)
    or picks it for the hex cursor (a hacienda or a water tile)."""

    def __init__(self, play: PlayScene, device: str):
        super().__init__(play, device, lambda: _("Buy"))

    def enter(self, app) -> None:
        super().enter(app)
        play = self.play
        specs: list[tuple[str, object, bool, str | None]] = []
        for _rect, item, card in play.market_slots:
            legal = play.layer.buy_card(item, card) is not None
            label = first_up(_("{card} card · {price} pesos").format(card=card_name(card),
                                                                      price=PRICE_FACE_UP)
                             if card else _(DECK_LABELS[item]).format(price=PRICE_BLIND))
            specs.append((label, lambda i=item, c=card: self.choose(lambda: play.buy(i, c)),
                          legal, f"icon_cards_{item}"))
        kinds = {a.kind for a in play.layer.legal()}
        specs.append((_("Hacienda · {price} pesos").format(price=PRICE_HACIENDA),
                      lambda: self.choose(play.pick_hacienda), "buy hacienda" in kinds,
                      "icon_hacienda"))
        specs.append((_("Water tile · {price} pesos").format(price=PRICE_WATER),
                      lambda: self.choose(play.pick_water), "buy water" in kinds, "icon_water"))
        self.stack(specs)

    def choose(self, do) -> None:
        self.app.pop()
        do()
        self.play.cursor_shown = True
        self.play.follow_selection()


class LogView(PadMenu):
    """The game's log, over the whole width: up and down focus an entry (its
    hexes flash on the board, the panel standing aside for them), the wheel
    scrolls, P or the pad's X replays the last moves."""

    LINES = 18

    def __init__(self, play: PlayScene):
        super().__init__(play, "", lambda: _("Log"))
        self.back = 0
        self.focused: int | None = None     # the entry focused: its first line's index

    def enter(self, app) -> None:
        super().enter(app)
        self.layout()

    def layout(self) -> None:
        """As many lines of the body face as the canvas holds; with an entry
        focused the panel takes the side of the screen away from its hexes."""
        cw, ch = self.app.canvas_size
        font = self.app.art.fonts.body
        self.LINES = max(4, (ch - 40 - 82) // font.line_height)
        hexes = self.focused_hexes()
        width = min(cw - 24, 760) if not hexes else max(340, min(cw // 2 - 12, 760))
        self.rect = pygame.Rect(0, 0, width, 48 + self.LINES * font.line_height + 16
                                + prompt_height(self.app.art))
        self.rect.center = self.centre()
        if hexes:                     # the side covering fewest of them (right first)
            view = self.play.view
            spots = [pygame.Rect(0, 0, 1, 1).inflate(view.hex_px, view.hex_px).move(
                view.centres[h]) for h in hexes]
            sides = []
            for side in ("right", "left"):
                rect = self.rect.copy()
                if side == "right":
                    rect.right = cw - 8
                else:
                    rect.left = 8
                sides.append((sum(rect.colliderect(spot) for spot in spots), side, rect))
            self.rect = min(sides, key=lambda t: t[0])[2]

    def resize(self) -> None:
        self.layout()

    def lines(self) -> list[tuple[str, int | None]]:
        """The log's whole entries wrapped to this panel's width (not the play
        screen's narrow log column), oldest first."""
        font = self.app.art.fonts.body
        width = self.rect.w - 32
        key = (len(self.play.entries), width, id(font), language())
        if getattr(self, "_wrapped_for", None) != key:
            out: list[tuple[str, int | None]] = []
            owner: list[int] = []             # each line's entry (in the last 200)
            for k, entry in enumerate(self.play.entries[-200:]):
                parts = font.wrap(worded(entry[0]), width)
                out += [(part, entry[1]) for part in parts]
                owner += [k] * len(parts)
            self._wrapped, self._owner, self._wrapped_for = out, owner, key
        return self._wrapped

    def focused_entry(self):
        entries = self.play.entries[-200:]
        if self.focused is None or self.focused >= len(entries):
            return None
        return entries[self.focused]

    def focused_hexes(self) -> tuple[int, ...]:
        entry = self.focused_entry()
        return getattr(entry, "hexes", ()) if entry is not None else ()

    def focused_lines(self) -> range:
        """The wrapped lines of the entry focused (empty: none)."""
        if self.focused is None:
            return range(0)
        self.lines()
        mine = [i for i, k in enumerate(self._owner) if k == self.focused]
        return range(mine[0], mine[-1] + 1) if mine else range(0)

    def language_changed(self) -> None:
        super().language_changed()
        self._wrapped_for = None

    def focus_entry(self, step: int) -> None:
        """Up (older, ``step`` 1) or down (newer) one entry; the board flashes
        its hexes and the panel stands aside for them."""
        count = len(self.play.entries[-200:])
        if not count:
            return
        if self.focused is None:
            at = count - 1 if step > 0 else None
        else:
            at = self.focused - step
            at = None if at >= count else max(0, at)
        self.focused = at
        entry = self.focused_entry()
        self.play.flash_hexes(self.focused_hexes(), None if entry is None else entry[1])
        self.layout()
        lines = self.focused_lines()
        if lines:                     # keep the entry in sight
            log = self.lines()
            end = len(log) - self.back
            if lines.start < end - self.LINES:
                self.back = len(log) - lines.start - self.LINES
            elif lines.stop > end:
                self.back = max(0, len(log) - lines.stop)

    def close(self) -> None:
        self.play.flash_hexes((), None)
        self.app.pop()

    def handle(self, cmd: Command) -> None:
        if self.ends_turn(cmd):
            return
        if cmd.kind == "key" and cmd.name in ("up", "down"):
            self.focus_entry(1 if cmd.name == "up" else -1)
            return
        if cmd.kind == "wheel":
            self.back = max(0, min(len(self.lines()) - self.LINES, self.back + cmd.amount * 3))
            return
        if cmd.kind == "key" and (cmd.name == "last_moves" or
                                  cmd.name == "rotate" and cmd.from_pad):
            self.close()
            self.play.play_last_moves()
            return
        if cmd.kind == "key" and cmd.name in ("back", "confirm", "log", "menu") or \
                cmd.kind == "press":
            self.close()

    def prompt_items(self) -> list[tuple[str, str]]:
        return [("move", _("a line: its hexes")), ("last_moves", _("last moves")),
                ("back", _("close"))]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        from .play.parts import recent

        art = self.app.art
        hexes = self.focused_hexes()
        if hexes:                     # over the dimmed board, beside the panel
            play = self.play
            seat = self.focused_entry()[1]
            surface.set_clip(play.view.area)
            recent.flash(surface, art, play.view, hexes,
                         None if seat is None else play.plan.seats[seat].colour,
                         self.app.time)
            surface.set_clip(None)
        font = art.fonts.body
        log = self.lines()
        end = len(log) - self.back
        start = max(0, end - self.LINES)
        for i, (line, seat) in enumerate(log[start:end]):
            y = self.rect.y + 40 + i * font.line_height
            if start + i in self.focused_lines():
                band = pygame.Rect(self.rect.x + 10, y, self.rect.w - 20, font.line_height)
                pygame.draw.rect(surface, DIM, band)
                pygame.draw.line(surface, GOLD, band.topleft, band.bottomleft, 2)
            colour = art.seat_text_colour(self.play.plan.seats[seat].colour) \
                if seat is not None else WHITE
            font.draw(surface, line, (self.rect.x + 16, y), colour)


class Reconnect(PadMenu):
    """A seat's pad is gone at its turn: reconnect it (or take any pad) and press
    A, or play on with the mouse and keys.  The game waits; nothing is lost."""

    closable = False          # the seat needs a controller before the game goes on

    def __init__(self, play: PlayScene, lost: str):
        super().__init__(play, "", lambda: _("Controller unplugged"))
        self.lost = lost

    def enter(self, app) -> None:
        super().enter(app)
        self.stack([(_("Use mouse and keys"), lambda: self.take(""), True, "icon_human"),
                    (_("Pause menu"), self.pause_menu, True, None)], width=520)
        extra = (len(self.words()) + len(self.choose_below())) * \
            app.art.fonts.body.line_height + 8
        self.rect.h += extra
        self.rect.y -= extra // 2
        for b in self.buttons:
            b.rect.y += extra - extra // 2

    def words(self) -> list[str]:
        """What happened, wrapped to leave room for the A glyph after it."""
        name = self.play.names[self.play.layer.current]
        text = _("{name}'s controller was unplugged. Reconnect it, or take any pad,"
                 " and press").format(name=name)
        return self.app.art.fonts.body.wrap(text, self.rect.w - 32 - 40)

    def choose_below(self) -> list[str]:
        return self.app.art.fonts.body.wrap(_("Or choose below with the keys or the mouse."),
                                            self.rect.w - 32)

    def take(self, device: str) -> None:
        for seat in self.play.plan.seats:
            if seat.device == self.lost:
                seat.device = device
        self.app.pop()
        self.play.warn(_("{name} plays on with {device}.").format(
            name=self.play.names[self.play.layer.current], device=self.app.pads.label(device)))

    def pause_menu(self) -> None:
        self.play.pause_menu()

    def handle(self, cmd: Command) -> None:
        if cmd.from_pad and cmd.kind == "key" and cmd.name == "confirm":
            self.take(cmd.device)            # the pad whose A was pressed plays this seat
            return
        if cmd.from_pad:
            return
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        art = self.app.art
        font = art.fonts.body
        x, y = self.rect.x + 16, self.rect.y + 40
        lines = self.words()
        for line in lines:
            end = font.draw(surface, line, (x, y), WHITE).right
            y += font.line_height
        families = sorted({p.family for p in self.app.pads.pads.values()}) or ["xbox"]
        draw_prompts(surface, art, families[0], [("confirm", "")],
                     (end + 4, y - font.line_height - 1))
        for line in self.choose_below():
            font.draw(surface, line, (x, y), GREY)
            y += font.line_height
