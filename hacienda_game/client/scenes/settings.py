"""The settings scene: display, window size, pixel-perfect scaling, text size,
volumes, animation speed, the AI's pace, language, colour-blind patterns, rumble, open hands,
the end-turn question and the first-time tips, kept between games.

Each setting is a row with a value button: a click or Enter moves to the next
value, the arrows beside it (or Left/Right on the keyboard) step either way,
Up/Down move between rows.  A change takes effect at once and is saved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ... import i18n
from ...i18n import LANGUAGE_NAMES, LANGUAGES, N_, _
from ...session.userdirs import AI_PACES, ANIM_SPEEDS, TEXT_SIZES
from ..app import CANVAS, max_window_scale
from ..assets import DIM, GOLD, GREY, WHITE
from ..prompts import draw_prompts, prompt_height
from ..scene import Command, Scene
from ..sound import cue
from ..ui import Button, Focus, draw_buttons, draw_panel, handle_buttons
from .overlays import dim

ROW_H = 30                  # a row's height where the canvas has room (less where not)
VOLUMES = tuple(range(0, 101, 10))
SPEED_ORDER = ("off", "slow", "normal", "fast")       # left: slower, right: faster
SPEED_NAMES = {"off": N_("Off"), "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
TEXT_SIZE_NAMES = {"normal": N_("Normal"), "large": N_("Large")}


@dataclass
class Row:
    """One setting: its label, the values it steps through, how each reads."""

    key: str                                   # the Settings field
    label: str                                 # N_() text
    hint: str                                  # N_() text shown for the focused row
    values: Callable[[], list]
    shows: Callable[[object], str]
    volume: bool = False
    act: Callable[[], None] | None = None      # a row that does something (no value kept)
    cycle: bool = False      # the values go round (languages); else the arrows stop at the ends


def _on_off(value: object) -> str:
    # Translators: a switch's state after its setting's name ("Tips: On"); it
    # must agree with every setting's noun (Spanish: "Sí"/"No", not "Activada").
    return _("On") if value else _("Off")


class SettingsScene(Scene):
    opaque = False

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.focus = 0
        self.row_h = ROW_H
        self.tips_reset = False
        self.value_buttons: list[Button] = []
        self.buttons: list[Button] = []

    def enter(self, app) -> None:
        super().enter(app)
        self.rows = [
            Row("fullscreen", N_("Display (F11)"), N_("F11 or Alt+Enter switch it too."),
                lambda: [False, True],
                lambda v: _("Full screen") if v else _("Window")),
            Row("scale", N_("Window size"),
                N_("A whole multiple of the picture; drag the window's edge for any size."),
                lambda: [*range(1, max_window_scale() + 1), 0], self.scale_text),
            Row("pixel_perfect", N_("Pixel-perfect"),
                N_("On: whole-number scaling only, with borders. Off: the picture fills"
                   " the screen."),
                lambda: [False, True], _on_off),
            Row("text_size", N_("Text size"),
                N_("The text of the log, hints, panels and messages."),
                lambda: list(TEXT_SIZES), lambda v: _(TEXT_SIZE_NAMES.get(str(v), "Normal"))),
            Row("music_volume", N_("Music"), N_("The tune's volume (0 turns it off)."),
                lambda: list(VOLUMES), lambda v: f"{v} %", volume=True),
            Row("effects_volume", N_("Sound effects"),
                N_("Cards, tiles, coins, markets and menus."),
                lambda: list(VOLUMES), lambda v: f"{v} %", volume=True),
            Row("anim_speed", N_("Animation speed"), N_("'Off' shows every move at once."),
                lambda: sorted(ANIM_SPEEDS, key=SPEED_ORDER.index),
                lambda v: _(SPEED_NAMES.get(v, "Normal"))),
            Row("ai_pace", N_("AI pace"),
                N_("How long each AI move stays on screen before the next (times the"
                   " animation speed)."),
                lambda: sorted(AI_PACES, key=SPEED_ORDER.index),
                lambda v: _(SPEED_NAMES.get(v, "Normal"))),
            Row("language", N_("Language"), N_("The game's words; 'System' follows the"
                                              " computer's language."),
                lambda: [None, *LANGUAGES], self.language_text, cycle=True),
            Row("patterns", N_("Colour-blind patterns"),
                N_("Bold dots, stripes and checks on each seat's pieces."),
                lambda: [False, True], _on_off),
            Row("rumble", N_("Gamepad rumble"), N_("A gamepad shakes at markets and scorings."),
                lambda: [False, True], _on_off),
            Row("open_hands", N_("Hands at hot-seat"),
                N_("Hidden: a privacy screen between two human players."),
                lambda: [False, True], lambda v: _("Open") if v else _("Hidden (privacy)")),
            Row("ask_end_turn", N_("Ending a turn early"),
                N_("With actions left, End turn asks first (or ends the turn at once)."),
                lambda: [False, True], lambda v: _("Ask first") if v else _("End at once")),
            Row("tips", N_("Tips"),
                N_("A short tip the first time a player meets a situation, once per name."),
                lambda: [False, True], _on_off),
            Row("reset_tips", N_("Reset tips"),
                N_("Every player sees each tip again, once."),
                lambda: [None], lambda v: _("Tips reset") if self.tips_reset else _("Reset"),
                act=self.reset_tips),
        ]
        self.layout()

    def resize(self) -> None:
        self.layout()

    def layout(self) -> None:
        cw, ch = self.app.canvas_size
        self.row_h = max(26, min(ROW_H, (ch - 8 - 134) // len(self.rows)))
        h = 64 + len(self.rows) * self.row_h + 70
        self.rect = pygame.Rect(0, 0, 600, h)
        self.rect.center = (cw // 2, ch // 2)
        x = self.rect.x + 262
        self.value_buttons, arrows = [], []
        self.arrows: list[tuple[int, int, Button]] = []      # row, step, its button
        for i, row in enumerate(self.rows):
            y = self.rect.y + 48 + i * self.row_h
            if row.act is not None:       # a row that does something: a plain button
                self.value_buttons.append(Button((x, y, 242, 24), "",
                                                 lambda i=i: self.step(i, 1), face="medium"))
                continue
            self.value_buttons.append(Button((x + 26, y, 190, 24), "",
                                             lambda i=i: self.step(i, 1), face="medium"))
            arrows.append(Button((x, y, 22, 24), "←", lambda i=i: self.step(i, -1, True),
                                 face="medium"))
            arrows.append(Button((x + 220, y, 22, 24), "→", lambda i=i: self.step(i, 1, True),
                                 face="medium"))
            self.arrows += [(i, -1, arrows[-2]), (i, 1, arrows[-1])]
        self.done = Button((self.rect.centerx - 80, self.rect.bottom - 38, 160, 28), "",
                           self.close, face="medium")
        self.buttons = [*self.value_buttons, *arrows, self.done]

    # --------------------------------------------------------------- values
    def scale_text(self, value: object) -> str:
        if not value:
            return _("Largest that fits")
        k = int(value)   # type: ignore[call-overload]
        return _("{k}x ({w}x{h})").format(k=k, w=CANVAS[0] * k, h=CANVAS[1] * k)

    def language_text(self, value: object) -> str:
        if value is None:
            return _("System ({name})").format(
                name=LANGUAGE_NAMES[i18n.system_language()])
        return LANGUAGE_NAMES.get(str(value), str(value))

    def step(self, i: int, by: int, arrow: bool = False) -> None:
        """Row i to its next (by=1) or previous (by=-1) value, applied and saved.
        The values run in their natural order (slow to fast, off to on, small
        to large); the arrows (``arrow``) stop at the ends, except where the
        values are a round (languages)."""
        self.focus = i
        row = self.rows[i]
        if row.act is not None:
            row.act()
            return
        s = self.app.settings
        values = row.values()
        current = getattr(s, row.key)
        at = values.index(current) if current in values else 0
        if row.cycle:
            new = values[(at + by) % len(values)]
        elif 0 <= at + by < len(values):
            new = values[at + by]
        elif by > 0 and not arrow:      # a click or Enter on the value at its end: round again
            new = values[0]
        else:                           # an arrow at the end: it stays
            cue("error")
            return
        self.apply(row.key, new)
        s.save_soon()             # on the settings writer's thread: never on the frame

    def apply(self, key: str, value: object) -> None:
        app, s = self.app, self.app.settings
        if key == "fullscreen":
            if value != s.fullscreen:
                app.toggle_fullscreen()
        elif key == "scale":
            app.set_scale(int(value))   # type: ignore[call-overload]
        elif key == "pixel_perfect":
            app.set_pixel_perfect(bool(value))
        elif key == "text_size":
            app.set_text_size(str(value))
        elif key == "language":
            app.apply_language(str(value) if value else i18n.system_language())
            s.language = value          # type: ignore[assignment]  # None: follow the system
        else:
            setattr(s, key, value)
        if key.endswith("_volume"):
            app.sound.set_volumes(s.music_volume, s.effects_volume)
            if key == "effects_volume":
                app.sound.play("coins")      # hear the new level

    def reset_tips(self) -> None:
        """Every tip comes again, for every player name."""
        from ...session.tips import TipBook

        TipBook().reset()
        self.tips_reset = True

    def close(self) -> None:
        self.app.settings.save_soon()
        self.app.pop()

    # ---------------------------------------------------------------- input
    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key":
            n = len(self.rows) + 1            # the rows and Done
            if cmd.name in ("up", "down", "tab", "left", "right"):
                Focus.shown = True        # keys or a pad: the focus ring shows
            if cmd.name == "back":
                self.close()
            elif cmd.name in ("up", "down", "tab"):
                self.focus = (self.focus + (-1 if cmd.name == "up" else 1)) % n
                cue("menu_move")
            elif cmd.name in ("left", "right") and self.focus < len(self.rows) \
                    and self.rows[self.focus].act is None:      # a button has no sides
                cue("menu_move")
                self.step(self.focus, -1 if cmd.name == "left" else 1, True)
            elif cmd.name == "confirm":
                cue("menu_confirm")
                if self.focus < len(self.rows):
                    self.step(self.focus, 1)
                else:
                    self.close()
            return
        if cmd.kind == "point" and cmd.pos is not None:
            Focus.shown = False
            for i in range(len(self.rows)):
                if self.row_rect(i).collidepoint(cmd.pos):
                    self.focus = i
            if self.done.rect.collidepoint(cmd.pos):
                self.focus = len(self.rows)
        handle_buttons(self.buttons, cmd)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 12, self.rect.y + 46 + i * self.row_h,
                           self.rect.width - 24, self.row_h - 2)

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.settings
        art = self.app.art
        font = art.fonts.medium
        dim(surface)
        draw_panel(surface, art, self.rect)
        art.fonts.large.draw(surface, _("Settings"), (self.rect.centerx, self.rect.y + 12), GOLD,
                             align="center")
        for i, row in enumerate(self.rows):
            value = getattr(s, row.key, None)
            button = self.value_buttons[i]
            button.label = row.shows(value)
            y = button.rect.y
            colour = GOLD if i == self.focus else WHITE
            if i == self.focus:
                font.draw(surface, "→", (self.rect.x + 14, y + 12 - font.line_height // 2 + 1),
                          GOLD)
            label = _(row.label)
            font.draw(surface, font.clip(label, 226),
                      (self.rect.x + 30, y + 12 - font.line_height // 2 + 1), colour)
            if row.volume:
                self.draw_level(surface, button.rect.right + 30, y + 6, int(value))
        self.done.label = _("Done")
        for i, by, arrow in self.arrows:      # an arrow at the end of its values is off
            row = self.rows[i]
            values = row.values()
            value = getattr(s, row.key, None)
            at = values.index(value) if value in values else 0
            arrow.enabled = row.cycle or 0 <= at + by < len(values)
        focused = self.value_buttons[self.focus] if self.focus < len(self.rows) else self.done
        hover, focused.hover = focused.hover, True      # the focused row looks pointed at
        draw_buttons(self.buttons, surface, art, Focus(self.buttons.index(focused)))
        focused.hover = hover
        hint = _(self.rows[self.focus].hint) if self.focus < len(self.rows) else \
            _("Esc also closes the settings; every change is kept.")
        notes = [hint]
        if self.focus < len(self.rows) and self.rows[self.focus].key == "scale" \
                and s.fullscreen:
            notes = [_("Now in full screen: the window size applies in a window.")]
        if self.app.sound.silent and self.focus < len(self.rows) and self.rows[self.focus].volume:
            notes = [_("No sound device: the game is silent.")]
        family = self.app.input_family()
        if family != "keyboard":          # a pad: its own buttons beside Done
            draw_prompts(surface, art, family, [("confirm", _("change")), ("back", _("close"))],
                         (self.rect.x + 16, self.done.rect.centery - prompt_height(art) // 2),
                         self.done.rect.x - 8)
        medium = art.fonts.medium
        lines = [part for line in notes for part in medium.wrap(line, self.rect.w - 32)][:2]
        for k, line in enumerate(lines):
            medium.draw(surface, line, (self.rect.centerx, self.rect.bottom - 66
                                        + medium.line_height * k), GREY, align="center")

    @staticmethod
    def draw_level(surface: pygame.Surface, x: int, y: int, volume: int) -> None:
        """Ten little bars, lit up to the volume."""
        for k in range(10):
            h = 4 + k
            rect = pygame.Rect(x + k * 4, y + 13 - h, 3, h)
            pygame.draw.rect(surface, GOLD if k < volume // 10 else DIM, rect)
