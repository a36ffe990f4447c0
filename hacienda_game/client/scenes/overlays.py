"""Overlays over another scene: pause, confirm, message, privacy, error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from ...i18n import _
from ..assets import GOLD, GREY, INK, WHITE
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_buttons, draw_panel, handle_buttons

_dither: pygame.Surface | None = None


def dim(surface: pygame.Surface) -> None:
    """Darken what lies below with a checkerboard dither (no alpha blending)."""
    global _dither
    if _dither is None or _dither.get_size() != surface.get_size():
        w, h = surface.get_size()
        _dither = pygame.Surface((w, h))
        _dither.fill((255, 0, 255))
        _dither.set_colorkey((255, 0, 255))
        px = pygame.PixelArray(_dither)
        px[0::2, 0::2] = INK
        px[1::2, 1::2] = INK
        del px
    surface.blit(_dither, (0, 0))


class Dialog(Scene):
    """A panel with a title, wrapped text and buttons, centred on the canvas."""

    opaque = False
    width = 520

    def __init__(self, title: str, text: str = "", buttons: list[tuple[str, Callable[[], None]]]
                 | None = None, back: Callable[[], None] | None = None):
        self.title = title
        self.text = text
        self.specs = buttons or [(_("OK"), self.close)]
        self.back = back
        self.buttons: list[Button] = []
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, self.width, 120)
        self.focus = Focus()

    def close(self) -> None:
        self.app.pop()

    def enter(self, app) -> None:
        super().enter(app)
        self.layout()

    @property
    def font(self):
        """Its text is read as play goes on: the body face (the Text size setting)."""
        return self.app.art.fonts.body

    def layout(self) -> None:
        """Sized to its text, centred on the canvas, never wider than it."""
        cw, ch = self.app.canvas_size
        fonts = self.app.art.fonts
        n = len(self.specs)
        widest = max(fonts.medium.width(label) for label, _fn in self.specs)
        width = min(max(self.width + (120 if fonts.text_size == "large" else 0),
                        32 + n * (widest + 16) + 8 * (n - 1)), cw - 24)
        font = self.font
        self.lines = font.wrap(self.text, width - 32) if self.text else []
        h = 56 + len(self.lines) * font.line_height + 44
        self.rect = pygame.Rect(0, 0, width, min(h, ch - 8))
        self.rect.center = (cw // 2, ch // 2)
        bw = min(max(160, widest + 16), (width - 32 - 8 * (n - 1)) // max(1, n))
        face = "medium" if widest <= bw - 8 else "small"
        x = self.rect.centerx - (n * bw + (n - 1) * 8) // 2
        self.buttons = []
        for i, (label, fn) in enumerate(self.specs):
            key = "confirm" if i == 0 else None
            self.buttons.append(Button((x + i * (bw + 8), self.rect.bottom - 36, bw, 26), label,
                                       fn, key=key, face=face))

    def resize(self) -> None:
        self.layout()

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "back":
            (self.back or self.close)()
            return
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        art = self.app.art
        draw_panel(surface, art, self.rect)
        art.fonts.large.draw(surface, self.title, (self.rect.centerx, self.rect.y + 12), GOLD,
                             align="center")
        font = self.font
        for i, line in enumerate(self.lines):
            font.draw(surface, line, (self.rect.x + 16, self.rect.y + 46 + i * font.line_height),
                      WHITE)
        draw_buttons(self.buttons, surface, art, self.focus)


class Confirm(Dialog):
    def __init__(self, question: str, yes: Callable[[], None], text: str = ""):
        def do_yes() -> None:
            self.app.pop()
            yes()

        super().__init__(question, text, [(_("Yes"), do_yes), (_("No"), self.close)])


class Message(Dialog):
    width = 640


class ErrorOverlay(Dialog):
    """Something went wrong in a scene: say so, log the details, offer the menu."""

    width = 640

    def __init__(self, exc: BaseException, log: Path | None):
        where = (_("The details are in the game's error log.") if log
                 else _("The details could not be logged."))
        super().__init__(_("Something went wrong"),
                         f"{type(exc).__name__}: {exc}\n\n{where}\n"
                         + _("The game you were in cannot go on safely."),
                         [(_("Back to menu"), self.to_menu), (_("Quit"), self.quit)],
                         back=self.to_menu)

    def to_menu(self) -> None:
        from .menu import MenuScene

        self.app.reset(MenuScene())

    def quit(self) -> None:
        self.app.quit(1)


class Pause(Dialog):
    def __init__(self, save: Callable[[], None] | None = None) -> None:
        """``save``: the game can be saved (and is kept by the autosave)."""
        self.kept = save is not None
        extra = [(_("Save game"), save)] if save is not None else []
        super().__init__(_("Paused"), _("The game waits for you."),
                         [(_("Resume"), self.close), *extra, (_("Rules"), self.help),
                          (_("Settings"), self.settings), (_("Quit game"), self.leave)])

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

        self.app.push(Confirm(_("Leave this game?"), lambda: self.app.reset(MenuScene()),
                              _("Continue in the menu takes it up again.") if self.kept
                              else _("The game is not saved.")))


class Privacy(Scene):
    """Between two human players: hide everything until the next one is ready."""

    opaque = True

    def __init__(self, name: str, colour: tuple[int, int, int], emblem: str):
        self.name, self.colour, self.emblem = name, colour, emblem

    def handle(self, cmd: Command) -> None:
        if (cmd.kind == "press" and cmd.button == 1) or (cmd.kind == "key"
                                                           and cmd.name == "confirm"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        from ..ui import draw_background

        art = self.app.art
        draw_background(surface, art, self.app.time)
        rect = pygame.Rect(0, 0, 560, 150)
        rect.center = surface.get_rect().center
        draw_panel(surface, art, rect)
        if self.emblem in art.sprites:
            big = pygame.transform.scale_by(art.sprites.get(self.emblem), 3)
            surface.blit(big, big.get_rect(center=(rect.centerx, rect.y + 24)))
        art.fonts.large.draw(surface, _("Pass to {name}").format(name=self.name),
                             (rect.centerx, rect.y + 44),
                             self.colour, align="center")
        art.fonts.small.draw(surface, _("Your hand stays hidden until you are ready."),
                             (rect.centerx, rect.y + 82), GREY, align="center")
        if int(self.app.time * 2) % 2 == 0:
            art.fonts.small.draw(surface, _("Click when ready"), (rect.centerx, rect.y + 110),
                                 WHITE, align="center")
        from ..prompts import draw_prompt, glyph_name, prompts_of

        # ... or press Enter or A on a pad (each connected pad's family shown)
        families = ["keyboard"] + sorted({p.family for p in self.app.pads.pads.values()})
        glyphs = prompts_of(art)
        width = sum(glyphs.get(glyph_name(f, "confirm")).get_width() + 3 for f in families)
        x = rect.centerx - width // 2
        for family in families:
            x = draw_prompt(surface, art, family, "confirm", (x, rect.bottom + 6), "")
