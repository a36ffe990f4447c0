"""The maps screen: every built-in and own map, checked, with its reasons if
invalid; where the player's own maps go (the folder's path) and a button that
shows that folder in the system's file manager."""

from __future__ import annotations

import logging

import pygame

from ... import i18n
from ...i18n import _
from ...maps.reasons import worded
from ...session.folders import failed, open_folder
from ...session.plan import MapEntry, list_maps
from ...session.userdirs import user_maps_dir
from .. import ui
from ..assets import GOLD, GREY, RED, WHITE
from ..scene import Command, Scene
from ..ui import (
    DIRECTIONS,
    Button,
    Focus,
    draw_background,
    draw_buttons,
    draw_panel,
    handle_buttons,
    scroll_list,
)
from .overlays import Message
from .setup import draw_map_details

log = logging.getLogger(__name__)

FOLDER_H = 58        # the folder's lines at the foot of the list panel


class MapsScene(Scene):
    def __init__(self) -> None:
        self.maps: list[MapEntry] = []
        self.index = 0
        self.top = 0
        self.thumbs: dict[tuple[str, int], pygame.Surface] = {}
        self.focus = Focus(2)          # keys and pads: Back, Open folder, Play this map
        self.opening = None            # the file manager starting (a process), if any
        self.opened_at = 0.0
        self.folder_lines: dict[tuple, list] = {}     # draw_folder's lines, worded
        self.reading = None            # the maps being checked (saveload.Background)
        self.problem: str | None = None     # why the list could not be read at all

    def enter(self, app) -> None:
        super().enter(app)
        self.read_maps()
        self.layout()

    def read_maps(self) -> None:
        """Check every map on a thread (tens of ms the first time,
        a big own map far longer): the screen shows "Reading the maps..." and
        goes on meanwhile; ``update`` takes the list when it is ready."""
        from .saveload import Background

        self.reading = Background(list_maps)
        self.reading.wait(0.004)          # checked already (the usual case): shown at once
        self.take_maps()

    def ready(self, timeout: float = 60.0) -> bool:
        """Wait (at most ``timeout`` seconds) for the list being read; True once shown."""
        if self.reading is not None and self.reading.wait(timeout):
            self.take_maps()
        return self.reading is None

    def take_maps(self) -> None:
        job = self.reading
        if job is None or not job.done:
            return
        self.reading = None
        self.maps = list(job.value) if job.error is None else []    # type: ignore[call-overload]
        self.problem = job.error
        for entry in self.maps:         # the parser's own words are for the log, not the screen
            for problem in entry.errors:
                if getattr(problem, "foreign", False):
                    log.info("map %s: %s", entry.name, worded(problem, True))
        self.index = min(self.index, max(len(self.maps) - 1, 0))
        self.layout()

    def layout(self) -> None:
        w, h = self.app.canvas_size
        self.list_rect, self.detail_rect = ui.list_columns((w, h))
        self.row_count = max(1, (self.list_rect.bottom - 64 - FOLDER_H) // 24)
        self.rows = [Button((32, 64 + i * 24, self.list_rect.w - 16, 22), "",
                            lambda i=i: self.pick(self.top + i), face="medium")
                     for i in range(min(self.row_count, len(self.maps)))]
        entry = self.maps[self.index] if self.maps else None
        large = self.app.art.fonts.large
        folder_w = max(196, large.width(_("Open folder")) + 24)
        self.folder_button = Button((w // 2 - folder_w // 2, h - 50, folder_w, 34),
                                    _("Open folder"), self.open_folder, big=True)
        self.buttons = [
            Button((40, h - 50, 160, 34), _("Back"), self.app.pop, big=True),
            self.folder_button,
            Button((w - 220, h - 50, 196, 34), _("Play this map"), self.play, big=True,
                   enabled=entry is not None and entry.ok, key="confirm"),
        ]

    def resize(self) -> None:
        self.layout()

    def language_changed(self) -> None:
        self.layout()          # a broken map's problems are data, worded as they are drawn

    def pick(self, i: int) -> None:
        if 0 <= i < len(self.maps):
            self.index = i
            self.layout()

    def open_folder(self) -> None:
        """The maps folder in the system's file manager; if it cannot be shown,
        say why (its path stays on the screen)."""
        result = open_folder(user_maps_dir())
        if isinstance(result, str):
            self.app.push(Message(lambda: _("The maps folder cannot be opened"), result))
        else:
            self.opening, self.opened_at = result, self.app.time

    def update(self, dt: float) -> None:
        self.take_maps()
        if self.opening is None:
            return
        problem = failed(self.opening)
        if problem == "" and self.app.time - self.opened_at < 10:
            return                      # still starting
        self.opening = None
        if problem:
            self.app.push(Message(lambda: _("The maps folder cannot be opened"), problem))

    def play(self) -> None:
        from .setup import SetupScene

        self.app.replace(SetupScene(self.maps[self.index].key))

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "back":
            self.app.pop()
            return
        if cmd.kind == "key" and cmd.name in ("left", "right"):
            Focus.shown = True        # up and down choose the map; left and right the button
            self.focus.move(self.buttons, DIRECTIONS[cmd.name])
            return
        if cmd.kind == "key" and cmd.name == "confirm" and \
                0 <= self.focus.index < len(self.buttons):
            button = self.buttons[self.focus.index]
            if button.enabled:
                button.press()
            return
        if cmd.kind == "point" and cmd.pos is not None:
            self.focus.handle(self.buttons, cmd)
        self.top = scroll_list(cmd, self.index, self.top, len(self.maps), self.row_count,
                               self.pick)
        handle_buttons(self.rows + self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        draw_background(surface, art, self.app.time)
        art.fonts.large.draw(surface, _("Maps"), (surface.get_width() // 2, 14), GOLD,
                             align="center")
        draw_panel(surface, art, self.list_rect)
        draw_panel(surface, art, self.detail_rect)
        chosen = None
        for i, row in enumerate(self.rows):
            entry = self.maps[self.top + i]
            if self.top + i == self.index:
                chosen = row
            tag = "" if entry.ok else "  " + _("(invalid)")
            where = "" if entry.builtin else "  " + _("[own]")
            row.label = f"{entry.title}{where}{tag}"
        if chosen is not None:              # the chosen row: the brightest, framed in gold
            hover, chosen.hover = chosen.hover, True
        draw_buttons(self.rows, surface, art)
        if chosen is not None:
            chosen.hover = hover
            pygame.draw.rect(surface, GOLD, chosen.rect.inflate(2, 2), 1)
        draw_buttons(self.buttons, surface, art, self.focus)
        d = self.detail_rect
        if self.reading is not None or self.problem:
            text = self.problem or _("Reading the maps...")
            for i, line in enumerate(art.fonts.medium.wrap(text, d.w - 32)):
                art.fonts.medium.draw(surface, line, (d.centerx, d.centery + i * 14),
                                      RED if self.problem else GREY, align="center")
        elif self.maps:
            entry = self.maps[self.index]
            art.fonts.large.draw(surface, entry.title, (d.centerx, 60),
                                 WHITE if entry.ok else RED, align="center")
            draw_map_details(surface, art, entry, (d.x + 16, 96), self.thumbs, width=d.w - 32)
            where = (_("Comes with the game") if entry.builtin
                     else _("One of your own maps, from your maps folder"))
            art.fonts.medium.draw(surface, where, (d.x + 16, d.bottom - 28), GREY)
        self.draw_folder(surface)

    def draw_folder(self, surface: pygame.Surface) -> None:
        """At the foot of the list: where own maps go, the folder's whole path."""
        medium = self.app.art.fonts.medium
        box = self.list_rect
        width = box.w - 32
        key = (width, i18n.language(), str(user_maps_dir()), id(medium))
        lines = self.folder_lines.get(key)
        if lines is None:               # worded once, not every frame (a letter at a time)
            lines = [(line, GREY) for line in medium.wrap(
                _("Your own Tiled maps (.tmx) go in:"), width)]
            lines += [(line, GOLD) for line in path_lines(medium, key[2], width)]
            self.folder_lines = {key: lines}
        y = box.bottom - 8 - len(lines) * medium.line_height
        for line, colour in lines:
            medium.draw(surface, line, (box.x + 16, y), colour)
            y += medium.line_height


def path_lines(font, path: str, width: int) -> list[str]:
    """A folder's path on as many lines as it needs, broken after a separator
    (or anywhere in a name too long for a line): every character shown."""
    lines, line = [], ""
    for ch in path:
        if font.width(line + ch) > width and line:
            cut = max(line.rfind("/"), line.rfind("\\"))
            if cut > 0:
                lines.append(line[:cut + 1])
                line = line[cut + 1:]
            else:
                lines.append(line)
                line = ""
        line += ch
    return [*lines, line] if line else lines
