"""Overlays over another scene: pause, confirm, message, privacy, error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from ...i18n import _
from ..assets import GOLD, GREY, INK, WHITE
from ..prompts import draw_prompts, prompt_height
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_buttons, draw_panel, handle_buttons

_shades: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
DIM = 150             # a question over the game: what lies below stays readable
PAUSED = 215          # the pause screen: the game is clearly set aside
TOAST_TIME = 2.5      # seconds a toast (say "Saved") stays; it needs no click


def dim(surface: pygame.Surface, alpha: int = DIM) -> None:
    """Darken what lies below, smoothly (no dither); ``alpha`` how much."""
    key = (surface.get_size(), alpha)
    shade = _shades.get(key)
    if shade is None:
        _shades.clear()
        shade = _shades[key] = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*INK, alpha))
    surface.blit(shade, (0, 0))


def draw_toast(surface: pygame.Surface, art, text: str, below: pygame.Rect) -> pygame.Rect:
    """A short note that goes by itself (no button): gold-edged, under ``below``."""
    font = art.fonts.large
    w, h = font.width(text) + 32, font.line_height + 16
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (below.centerx, below.bottom + 12)
    rect = rect.clamp(surface.get_rect())
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, GOLD, rect, 2)
    font.draw(surface, text, (rect.centerx, rect.y + 8), GOLD, align="center")
    return rect


Words = str | Callable[[], str]      # a text, or how to word it in the language of the moment


def worded(words: Words) -> str:
    return words() if callable(words) else words


def fitted_lines(font, text: str, width: int, room: int) -> list[str]:
    """``text`` wrapped to ``width``, a word wider than that (a file's path)
    broken where it reaches the edge; at most ``room`` lines, the last of
    them ending in "…" when more were left out."""
    lines = []
    for line in font.wrap(text, width):
        while font.width(line) > width:
            k = len(line) - 1
            while k > 1 and font.width(line[:k]) > width:
                k -= 1
            lines.append(line[:k])
            line = line[k:]
        lines.append(line)
    if len(lines) <= room:
        return lines
    lines = lines[:max(1, room)]
    last = lines[-1]
    while last and font.width(last + " …") > width:
        last = last[:-1]
    lines[-1] = (last.rstrip() + " …").lstrip()
    return lines


class Dialog(Scene):
    """A panel with a title, wrapped text and buttons, centred on the canvas.
    Its words may be given as functions (``lambda: _("Paused")``): a language
    change then rewords the open dialog at once."""

    opaque = False
    width = 520
    shade = DIM               # how much the scenes below are darkened

    def __init__(self, title: Words, text: Words = "",
                 buttons: list[tuple[Words, Callable[[], None]]] | None = None,
                 back: Callable[[], None] | None = None):
        self.words = title
        self.body_words = text
        self.button_words = buttons or [(lambda: _("OK"), self.close)]
        self.back = back
        self.buttons: list[Button] = []
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, self.width, 120)
        self.focus = Focus()
        self.toast: tuple[Words, float] | None = None    # a note and when it goes

    def tell(self, words: Words) -> None:
        """A toast under the panel for ``TOAST_TIME`` (it needs no click)."""
        self.toast = (words, self.app.time + TOAST_TIME)

    @property
    def title(self) -> str:
        return worded(self.words)

    @property
    def text(self) -> str:
        return worded(self.body_words)

    def close(self) -> None:
        self.app.pop()

    def enter(self, app) -> None:
        super().enter(app)
        self.layout()

    def language_changed(self) -> None:
        self.layout()

    @property
    def font(self):
        """Its text is read as play goes on: the body face (the Text size setting)."""
        return self.app.art.fonts.body

    def layout(self) -> None:
        """Sized to its text, centred on the canvas, never wider than it; the
        buttons in the body face (the medium one where a label would not fit),
        in two rows where one is too narrow for them."""
        cw, ch = self.app.canvas_size
        fonts = self.app.art.fonts
        font = self.font
        self.specs = [(worded(label), fn) for label, fn in self.button_words]
        n = len(self.specs)
        widest = max(font.width(label) for label, _fn in self.specs)
        width = min(max(self.width + (120 if fonts.text_size == "large" else 0),
                        32 + n * (widest + 16) + 8 * (n - 1)), cw - 24)
        def button_w(per_row: int, widest: int) -> int:
            return min(max(160, widest + 16), (width - 32 - 8 * (per_row - 1)) // per_row)

        # One row in the body face, else two rows of it, else the medium face.
        rows_of = [n, (n + 1) // 2] if n > 1 else [n]
        face = "body"
        per_row = next((k for k in rows_of if widest <= button_w(k, widest) - 8), 0)
        if not per_row:
            face = "medium"
            narrow = max(fonts.medium.width(label) for label, _fn in self.specs)
            per_row = next((k for k in rows_of if narrow <= button_w(k, narrow) - 8),
                           rows_of[-1])
        bw = button_w(per_row, widest)
        bh = getattr(fonts, face).line_height + 11
        rows = (n + per_row - 1) // per_row
        self.family = self.app.input_family()
        pads = prompt_height(self.app.art) + 6 if self.family != "keyboard" else 0
        # The text's lines in the room the title and the buttons leave on the
        # canvas: a long list (a broken map's problems) ends in "…" there.
        room = (ch - 8 - 56 - 18 - rows * (bh + 6) - pads) // font.line_height
        self.lines = fitted_lines(font, self.text, width - 32, room) if self.text else []
        h = 56 + len(self.lines) * font.line_height + 18 + rows * (bh + 6) + pads
        self.rect = pygame.Rect(0, 0, width, min(h, ch - 8))
        self.rect.center = (cw // 2, ch // 2)
        self.buttons = []
        for i, (label, fn) in enumerate(self.specs):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x = self.rect.centerx - (in_row * bw + (in_row - 1) * 8) // 2
            y = self.rect.bottom - 10 - pads - (rows - row) * (bh + 6) + 6
            key = "confirm" if i == 0 else None
            self.buttons.append(Button((x + col * (bw + 8), y, bw, bh), label, fn, key=key,
                                       face=face))

    def resize(self) -> None:
        self.layout()

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "back":
            if self.toast is not None and self.app.time < self.toast[1]:
                self.toast = None         # one level back: the note goes, the dialog stays
                return
            (self.back or self.close)()
            return
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, self.shade)
        art = self.app.art
        draw_panel(surface, art, self.rect)
        art.fonts.large.draw(surface, self.title, (self.rect.centerx, self.rect.y + 12), GOLD,
                             align="center")
        font = self.font
        for i, line in enumerate(self.lines):
            font.draw(surface, line, (self.rect.x + 16, self.rect.y + 46 + i * font.line_height),
                      WHITE)
        draw_buttons(self.buttons, surface, art, self.focus)
        self.draw_pad_prompts(surface)
        if self.toast is not None:
            if self.app.time < self.toast[1]:
                draw_toast(surface, art, worded(self.toast[0]), self.rect)
            else:
                self.toast = None

    def draw_pad_prompts(self, surface: pygame.Surface) -> None:
        """A pad in use: its own buttons under the dialog's (choose, close)."""
        family = self.app.input_family()
        if family != self.family:
            self.layout()               # a pad came (or went): room for its buttons
        if family == "keyboard":
            return
        art = self.app.art
        draw_prompts(surface, art, family, [("confirm", _("choose")), ("back", _("close"))],
                     (self.rect.x + 16, self.rect.bottom - 8 - prompt_height(art)),
                     self.rect.right - 16)


class Confirm(Dialog):
    def __init__(self, question: Words, yes: Callable[[], None], text: Words = ""):
        def do_yes() -> None:
            self.app.pop()
            yes()

        super().__init__(question, text, [(lambda: _("Yes"), do_yes),
                                          (lambda: _("No"), self.close)])


class Message(Dialog):
    width = 640


class ErrorOverlay(Dialog):
    """Something went wrong in a scene: say so, log the details, offer the menu."""

    width = 640

    def __init__(self, exc: BaseException, log: Path | None):
        def where() -> str:
            return (_("The details are in the game's error log.") if log
                    else _("The details could not be logged."))

        super().__init__(lambda: _("Something went wrong"),
                         lambda: f"{type(exc).__name__}: {exc}\n\n{where()}\n"
                         + _("The game you were in cannot go on safely."),
                         [(lambda: _("Back to menu"), self.to_menu),
                          (lambda: _("Quit"), self.quit)],
                         back=self.to_menu)

    def to_menu(self) -> None:
        from .menu import MenuScene

        self.app.reset(MenuScene())

    def quit(self) -> None:
        self.app.quit(1)


class Pause(Dialog):
    shade = PAUSED

    def __init__(self, save: Callable[[], None] | None = None,
                 resumed: Words | None = None) -> None:
        """``save``: the game can be saved (and is kept by the autosave).
        ``resumed``: how the player takes a left game up again, when not by
        Continue in the menu (the tutorial: by Learn to play)."""
        self.kept = save is not None
        self.resumed = resumed
        extra: list[tuple[Words, Callable[[], None]]] = \
            [(lambda: _("Save game"), save)] if save is not None else []
        super().__init__(lambda: _("Paused"), lambda: _("The game waits for you."),
                         [(lambda: _("Resume"), self.close), *extra,
                          (lambda: _("Rules"), self.help),
                          (lambda: _("Settings"), self.settings),
                          (lambda: _("Quit game"), self.leave)])

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "menu":     # Start again: back to the game
            self.close()
            return
        super().handle(cmd)

    def help(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene())

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene())

    def leave(self) -> None:
        from .menu import MenuScene

        below = self.app.stack[-2] if len(self.app.stack) > 1 else None
        told: Words = (self.resumed if self.resumed is not None
                       else (lambda: _("Continue in the menu takes it up again.")) if self.kept
                       else (lambda: _("The host keeps your seat: Join game with the same"
                                       " address and code takes it back.")
                             ) if getattr(below, "joined", False)
                       else (lambda: _("The game is not saved.")))
        self.app.push(Confirm(lambda: _("Leave this game?"),
                              lambda: self.app.reset(MenuScene()), told))


class Privacy(Scene):
    """Between two human players: a hand-off screen.  Everything stays hidden
    until the next player presses any button or clicks; it names them in their
    colour and tells what the others did since their last turn, and offers to
    show those moves one after another on the board (``on_replay``: P, the
    pad's X or the button)."""

    opaque = True

    def __init__(self, name: str, colour: tuple[int, int, int], emblem: str,
                 recap: list[tuple[str, int | None]] | None = None,
                 seat_colours: list[int] | None = None,
                 on_ready: Callable[[], None] | None = None,
                 on_replay: Callable[[], None] | None = None):
        self.name, self.colour, self.emblem = name, colour, emblem
        self.on_replay = on_replay
        self.b_replay: Button | None = None
        self.recap = recap or []
        self.seat_colours = seat_colours or []
        self.on_ready = on_ready
        self.shown_at = 0.0

    def enter(self, app) -> None:
        super().enter(app)
        self.shown_at = app.time

    def handle(self, cmd: Command) -> None:
        # Any button or click; P, the pad's X or the button: the last moves first.
        replay = self.on_replay is not None and (
            cmd.kind == "key" and (cmd.name == "last_moves" or cmd.name == "rotate"
                                   and cmd.from_pad)
            or cmd.kind == "press" and self.b_replay is not None and cmd.pos is not None
            and self.b_replay.rect.collidepoint(cmd.pos))
        if cmd.kind == "point" and self.b_replay is not None and cmd.pos is not None:
            self.b_replay.hover = self.b_replay.rect.collidepoint(cmd.pos)
        if cmd.kind == "press" or (cmd.kind == "key" and cmd.name not in ("pad_lost", "help")):
            self.app.pop()
            if self.on_ready is not None:
                self.on_ready()
            if replay:
                self.on_replay()

    def draw(self, surface: pygame.Surface) -> None:
        from ..prompts import draw_prompt
        from ..ui import draw_background

        art = self.app.art
        draw_background(surface, art, self.app.time)
        w, h = surface.get_size()
        body = art.fonts.body
        width = min(w - 40, 760)
        lines: list[tuple[str, int | None]] = []
        for text, seat in self.recap:
            for i, line in enumerate(body.wrap(text, width - 64)):
                lines.append((line, seat if i == 0 else None))
        lines = lines[-9:]
        from ..prompts import prompt_height

        # Title, recap, the small note, "press any button" and the prompt glyphs,
        # each below the other whatever the faces' sizes (Text size setting).
        small = body            # read from the sofa too
        offer = self.on_replay is not None
        button_h = body.line_height + 10
        height = (52 + art.fonts.huge.line_height + 4
                  + ((len(lines) + 1) * body.line_height + 12 if lines else 0)
                  + small.line_height + 6 + body.line_height + 20 + prompt_height(art)
                  + (button_h + 8 if offer else 0))
        rect = pygame.Rect(0, 0, width, min(height, h - 8))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, art, rect)
        pygame.draw.rect(surface, self.colour, rect.inflate(-6, -6), 4)
        if self.emblem in art.sprites:
            big = pygame.transform.scale_by(art.sprites.get(self.emblem), 4)
            surface.blit(big, big.get_rect(center=(rect.centerx, rect.y + 30)))
        art.fonts.huge.draw(surface, _("Pass to {name}").format(name=self.name),
                            (rect.centerx, rect.y + 52), self.colour, align="center")
        y = rect.y + 52 + art.fonts.huge.line_height + 4
        if lines:
            body.draw(surface, _("Since your last turn:"), (rect.x + 24, y), GOLD)
            y += body.line_height
            for text, seat in lines:
                if seat is not None and seat < len(self.seat_colours):
                    art.sprites.blit_anchored(
                        surface, f"emblem_{self.seat_colours[seat]}",
                        (rect.x + 30, y + body.line_height // 2))
                body.draw(surface, text, (rect.x + 40, y), WHITE)
                y += body.line_height
            y += 12
        small.draw(surface, _("Your hand stays hidden until you are ready."),
                   (rect.centerx, y), GREY, align="center")
        y += small.line_height + 6
        if offer:
            from ..prompts import prompt_width

            label = _("Watch their moves")
            families = ["keyboard"] + sorted({p.family for p in self.app.pads.pads.values()})
            glyphs = sum(prompt_width(art, f, "last_moves") + 3 for f in families)
            bw = body.width(label) + 32 + glyphs
            if self.b_replay is None:
                self.b_replay = Button((0, 0, bw, button_h), label, None, face="body")
            self.b_replay.label = label
            self.b_replay.rect.size = (bw - glyphs, button_h)
            self.b_replay.rect.topleft = (rect.centerx - bw // 2, y)
            self.b_replay.draw(surface, art)
            x = self.b_replay.rect.right + 6
            for family in families:
                x = draw_prompt(surface, art, family, "last_moves",
                                (x, y + (button_h - prompt_height(art)) // 2), "")
        body.draw(surface, _("Press any button or click"),
                  (rect.centerx, rect.bottom - body.line_height - 16 - prompt_height(art)),
                  WHITE if int(self.app.time * 2) % 2 else GOLD, align="center")
        from ..prompts import prompt_width

        # ... Enter or A on a pad (each connected pad's family shown)
        families = ["keyboard"] + sorted({p.family for p in self.app.pads.pads.values()})
        width = sum(prompt_width(art, f, "confirm") + 3 for f in families)
        x = rect.centerx - width // 2
        for family in families:
            x = draw_prompt(surface, art, family, "confirm",
                            (x, rect.bottom - 12 - prompt_height(art)), "")
