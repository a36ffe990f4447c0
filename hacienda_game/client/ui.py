"""Small widgets drawn with the project's sprites and bitmap font."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ..art.palette import PALETTE
from .assets import GOLD, GREY, INK, WHITE, Art
from .scene import Command
from .sound import cue

SELECTION = PALETTE["b"]      # behind selected text (Ctrl+A in a field)

_backgrounds: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}


def draw_background(surface: pygame.Surface, art: Art, t: float = 0.0) -> None:
    """The menus' seamless background pattern, drifting slowly (one blit a frame)."""
    tile = art.sprites.get("bg_tile")
    tw, th = tile.get_size()
    key = (id(art), surface.get_size())
    big = _backgrounds.get(key)
    if big is None:
        w, h = surface.get_width() + tw, surface.get_height() + th
        big = pygame.Surface((w, h))
        for y in range(0, h, th):
            for x in range(0, w, tw):
                big.blit(tile, (x, y))
        if len(_backgrounds) > 4:
            _backgrounds.clear()
        _backgrounds[key] = big
    off = int(t * 8) % tw
    surface.blit(big, (off - tw, off % th - th))


def list_columns(canvas: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The list screens' two panels (maps, saves, replays): the list on the
    left, the chosen entry's details on the right, both growing with the canvas."""
    w, h = canvas
    list_w = max(260, min(440, round(w * 0.39)))
    return (pygame.Rect(24, 48, list_w, h - 120),
            pygame.Rect(32 + list_w, 48, w - 56 - list_w, h - 120))


def draw_panel(surface: pygame.Surface, art: Art, rect: pygame.Rect | tuple,
               frame: str = "ui_panel") -> None:
    rect = pygame.Rect(rect)
    surface.blit(art.sprites.nine(frame, rect.size), rect.topleft)


class Button:
    """A clickable 9-slice button with a label (and an optional icon)."""

    def __init__(self, rect: tuple[int, int, int, int] | pygame.Rect, label: str,
                 action: Callable[[], None] | None = None, *, icon: str | None = None,
                 enabled: bool = True, big: bool = False, key: str | None = None,
                 face: str | None = None):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.action = action
        self.icon = icon
        self.enabled = enabled
        self.big = big
        self.key = key            # command key name that also presses it
        self.face = face          # the font's name (small, medium, large, body); big: large
        self.hover = False
        self.pressed_at = -1.0
        self.selected = False
        self.focused = False      # keys and pads are on it (drawn only while they are used)
        self.inset = 0            # room kept at its left for a mark drawn over it

    def handle(self, cmd: Command) -> bool:
        """True when the command was for this button."""
        if cmd.kind == "point" and cmd.pos is not None:
            was = self.hover
            self.hover = self.rect.collidepoint(cmd.pos)
            if self.hover and not was and self.enabled:
                cue("menu_move")
            return False
        hit = (cmd.kind == "press" and cmd.button == 1 and cmd.pos is not None
               and self.rect.collidepoint(cmd.pos)) or (
            cmd.kind == "key" and self.key is not None and cmd.name == self.key)
        if hit and self.enabled:
            cue("menu_confirm")
            self.press()
            return True
        if hit:
            cue("error")
        return hit

    def press(self) -> None:
        self.pressed_at = pygame.time.get_ticks() / 1000
        if self.action:
            self.action()

    def font(self, art: Art):
        """The face its label is drawn in: ``body`` follows the Text size
        setting, falling back to the medium face where a large label would not
        fit its button (never smaller than the normal reading size)."""
        if self.face == "body":
            body = art.fonts.body
            if body is not art.fonts.medium and \
                    self.width_in(art, body) > self.rect.width - 6 - self.inset:
                return art.fonts.medium
            return body
        return getattr(art.fonts, self.face) if self.face else \
            art.fonts.large if self.big else art.fonts.small

    def width_in(self, art: Art, font) -> int:
        """The label and icon width in a given face."""
        icon = art.sprites.get(self.icon).get_width() + 4 if self.icon in art.sprites else 0
        return font.width(self.label) + icon

    def content_width(self, art: Art) -> int:
        """The label's width and its icon's (with the gap between)."""
        return self.width_in(art, self.font(art))

    def overflow(self, art: Art) -> str:
        """"" when the label fits inside the button, else what sticks out."""
        if self.content_width(art) <= self.rect.width - 6 - self.inset:
            return ""
        return f"{self.label!r} ({self.content_width(art)} px in {self.rect.width})"

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        recent = pygame.time.get_ticks() / 1000 - self.pressed_at < 0.12
        ringed = self.focused and Focus.shown
        frame = ("ui_button_disabled" if not self.enabled else
                 "ui_button_pressed" if recent or self.selected else
                 "ui_button_hover" if self.hover or ringed else "ui_button")
        surface.blit(art.sprites.nine(frame, self.rect.size), self.rect.topleft)
        if ringed:
            light_face(surface, self.rect)
        font = self.font(art)
        colour = GREY if not self.enabled else WHITE
        label_w = font.width(self.label)
        icon = art.sprites.get(self.icon) if self.icon and self.icon in art.sprites else None
        gap = 4 if icon is not None and self.label else 0
        total = label_w + (icon.get_width() + gap if icon is not None else 0)
        x = self.rect.centerx + self.inset // 2 - total // 2
        dy = 1 if recent or self.selected else 0
        if icon is not None:
            surface.blit(icon, (x, self.rect.centery - icon.get_height() // 2 + dy))
            x += icon.get_width() + gap
        if self.label:
            font.draw(surface, self.label, (x, self.rect.centery - font.line_height // 2 + dy),
                      colour, shadow=INK)
        if ringed:
            draw_focus_ring(surface, self.rect)


FOCUS_RING = 3          # canvas pixels of the focus's gold ring (readable across a room)


def focus_pulse() -> float:
    """0..1, a slow breath (about 1.2 s) shared by every focused button."""
    return 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 1000 * 2 * math.pi / 1.2)


def light_face(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focused button's face brightened (more or less with the pulse)."""
    add = 30 + round(20 * focus_pulse())
    surface.fill((add, add, add // 2), rect.inflate(-4, -4), special_flags=pygame.BLEND_RGB_ADD)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keys' and pads' focus: a thick gold ring, dark-edged so it shows on
    any background, its inner edge pulsing towards white."""
    outer = rect.inflate(2 * (FOCUS_RING + 2), 2 * (FOCUS_RING + 2))
    pygame.draw.rect(surface, INK, outer, 1)
    pygame.draw.rect(surface, GOLD, outer.inflate(-2, -2), FOCUS_RING)
    glow = focus_pulse()
    inner = tuple(round(g + (w - g) * glow) for g, w in zip(GOLD[:3], WHITE[:3], strict=True))
    pygame.draw.rect(surface, inner, rect.inflate(2, 2), 1)


def scroll_list(cmd: Command, index: int, top: int, count: int, rows: int,
                pick: Callable[[int], None]) -> int:
    """A list screen's keys: up/down choose the previous/next entry (``pick``),
    the wheel scrolls; returns the new first row shown."""
    if cmd.kind == "key" and cmd.name in ("up", "down"):
        pick(index + (1 if cmd.name == "down" else -1))
    if cmd.kind == "wheel":
        top = max(0, min(count - rows, top - cmd.amount))
    return top


def handle_buttons(buttons: list[Button], cmd: Command) -> bool:
    """Give a command to every button; True if one took it."""
    taken = False
    for b in buttons:
        if b.handle(cmd):
            taken = True
            if cmd.kind != "point":
                break
    return taken


def draw_buttons(buttons: list[Button], surface: pygame.Surface, art: Art,
                 focus: Focus | None = None) -> None:
    for i, b in enumerate(buttons):
        b.focused = focus is not None and i == focus.index
        b.draw(surface, art)


DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class Focus:
    """The button keys and pads are on: the arrows (D-pad, stick) move it to the
    nearest enabled button that way, confirm presses it.  The mouse moves it too,
    so both agree; it is drawn only once keys or a pad have been used."""

    shown = False       # app-wide: the last input was a key or a pad, not the mouse

    def __init__(self, index: int = 0):
        self.index = index

    def handle(self, buttons: list[Button], cmd: Command) -> bool:
        """True when the command moved or pressed the focus."""
        if cmd.kind == "point" and cmd.pos is not None:
            Focus.shown = False
            hit = next((i for i, b in enumerate(buttons) if b.rect.collidepoint(cmd.pos)), None)
            if hit is not None:
                self.index = hit
            return False
        if cmd.kind != "key":
            return False
        if cmd.name in DIRECTIONS:
            Focus.shown = True
            self.move(buttons, DIRECTIONS[cmd.name])
            return True
        if cmd.name == "confirm" and 0 <= self.index < len(buttons):
            Focus.shown = True
            button = buttons[self.index]
            if button.enabled:
                button.press()
            return True
        return False

    def move(self, buttons: list[Button], direction: tuple[int, int]) -> None:
        if not 0 <= self.index < len(buttons) or not buttons[self.index].enabled:
            self.index = next((i for i, b in enumerate(buttons) if b.enabled), 0)
            return
        here = pygame.Vector2(buttons[self.index].rect.center)
        way = pygame.Vector2(direction)
        best: tuple[float, int] | None = None
        for i, b in enumerate(buttons):
            if i == self.index or not b.enabled:
                continue
            # Nearest along the direction, rects overlapping across it first.
            v = pygame.Vector2(b.rect.center) - here
            along = v.dot(way)
            if along <= 0:
                continue
            gap = (abs(v.y) - (b.rect.h + buttons[self.index].rect.h) / 2 if way.y == 0
                   else abs(v.x) - (b.rect.w + buttons[self.index].rect.w) / 2)
            score = along + 4 * max(0.0, gap) + 0.1 * abs(v.cross(way))
            if best is None or score < best[0]:
                best = (score, i)
        if best is not None:
            self.index = best[1]


class Check(Button):
    """A check box that keys and pads can focus (its label is drawn beside it)."""

    def __init__(self, pos: tuple[int, int], label: str, action: Callable[[], None],
                 is_on: Callable[[], bool], width: int):
        super().__init__((pos[0], pos[1], width, 16), label, action)
        self.is_on = is_on
        self.width = width        # boxes in a column line up (keys and pads move straight)
        self.name = ""            # what it sets (its owner's name for it)

    def draw(self, surface: pygame.Surface, art: Art) -> None:
        self.rect = draw_check(surface, art, self.rect.topleft, self.is_on(), self.label)
        self.rect.w = max(self.rect.w, self.width)
        if self.focused and Focus.shown:
            light_face(surface, self.rect.inflate(4, 4))
            draw_focus_ring(surface, self.rect)


def draw_check(surface: pygame.Surface, art: Art, pos: tuple[int, int], on: bool,
               label: str) -> pygame.Rect:
    """A check box with its label; returns the clickable rect."""
    icon = art.sprites.get("ui_check_on" if on else "ui_check_off")
    surface.blit(icon, pos)
    font = art.fonts.medium
    font.draw(surface, label, (pos[0] + icon.get_width() + 4,
                               pos[1] + (icon.get_height() - font.line_height) // 2 + 1))
    return pygame.Rect(pos[0], pos[1], icon.get_width() + 6 + font.width(label),
                       icon.get_height())


# Keys a text field reads while the player types (client/app.py sends only these
# as keys then; every printable key, Space included, arrives as text).
EDIT_KEYS = ("erase", "delete", "home", "end", "left", "right", "select_all")


class TextField:
    """A line of text being typed: a cursor that Home, End and the arrows move,
    Backspace and Delete, Ctrl+A to select everything (the next key typed
    replaces it).  ``allow`` filters what may be typed (digits for a seed)."""

    def __init__(self, text: str = "", limit: int = 30,
                 allow: Callable[[str], bool] = str.isprintable, selected: bool = False):
        """``selected``: the text starts selected (a proposed name: typing
        replaces it, an arrow, Home or End keeps it), as in every system dialog."""
        self.text = text[:limit]
        self.limit = limit
        self.allow = allow
        self.cursor = len(self.text)
        self.all_selected = selected and bool(self.text)

    def set(self, text: str) -> None:
        """Put text in (from outside): the cursor goes to its end."""
        self.text = text[:self.limit]
        self.cursor = len(self.text)
        self.all_selected = False

    def handle(self, cmd: Command) -> bool:
        """True when the command was typing or editing (it then goes no further).
        A pad's arrows are not the field's: they move the focus."""
        if cmd.kind == "text":
            self.insert("".join(ch for ch in cmd.text if ch.isprintable() and self.allow(ch)))
            return True
        if cmd.kind != "key" or cmd.name not in EDIT_KEYS or cmd.from_pad:
            return False
        name = cmd.name
        if name == "select_all":
            self.all_selected = bool(self.text)
            return True
        if self.all_selected and name in ("erase", "delete"):
            self.set("")
            return True
        if self.all_selected:
            self.all_selected = False
            self.cursor = 0 if name in ("home", "left") else len(self.text)
            return True
        if name == "erase" and self.cursor > 0:
            self.text = self.text[:self.cursor - 1] + self.text[self.cursor:]
            self.cursor -= 1
        elif name == "delete":
            self.text = self.text[:self.cursor] + self.text[self.cursor + 1:]
        elif name == "home":
            self.cursor = 0
        elif name == "end":
            self.cursor = len(self.text)
        elif name == "left":
            self.cursor = max(0, self.cursor - 1)
        elif name == "right":
            self.cursor = min(len(self.text), self.cursor + 1)
        return True

    def insert(self, typed: str) -> None:
        if not typed:
            return
        if self.all_selected:
            self.text, self.cursor, self.all_selected = "", 0, False
        room = self.limit - len(self.text)
        typed = typed[:max(0, room)]
        self.text = self.text[:self.cursor] + typed + self.text[self.cursor:]
        self.cursor += len(typed)

    def draw(self, surface: pygame.Surface, font, pos: tuple[int, int], height: int,
             blink: bool, colour=WHITE, align: str = "left") -> pygame.Rect:
        """The text with its top-left (or top-centre) at ``pos``; the selection
        under it, the cursor where typing goes (shown while ``blink``)."""
        x, y = pos
        width = font.width(self.text)
        if align == "center":
            x -= width // 2
        if self.all_selected:
            pygame.draw.rect(surface, SELECTION, (x - 1, y - 1, width + 2, height + 2))
        drawn = font.draw(surface, self.text, (x, y), colour)
        if blink and not self.all_selected:
            cx = x + font.width(self.text[:self.cursor]) + (1 if self.cursor else 0)
            pygame.draw.line(surface, WHITE, (cx, y + 1), (cx, y + height - 2))
        return drawn
