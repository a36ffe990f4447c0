"""The maps screen: every built-in and own map, checked, with its reasons if invalid."""

from __future__ import annotations

import pygame

from ...i18n import _
from ...session.plan import MapEntry, list_maps
from .. import ui
from ..assets import GOLD, GREY, RED, WHITE
from ..scene import Command, Scene
from ..ui import Button, draw_background, draw_buttons, draw_panel, handle_buttons, scroll_list
from .setup import draw_map_details

ROWS = 16


class MapsScene(Scene):
    def __init__(self) -> None:
        self.maps: list[MapEntry] = []
        self.index = 0
        self.top = 0
        self.thumbs: dict[tuple[str, int], pygame.Surface] = {}

    def enter(self, app) -> None:
        super().enter(app)
        self.maps = list_maps()
        self.layout()

    def layout(self) -> None:
        w, h = self.app.canvas_size
        self.list_rect, self.detail_rect = ui.list_columns((w, h))
        self.rows = [Button((32, 64 + i * 24, self.list_rect.w - 16, 22), "",
                            lambda i=i: self.pick(self.top + i), face="medium")
                     for i in range(min(ROWS, len(self.maps)))]
        entry = self.maps[self.index] if self.maps else None
        self.buttons = [
            Button((40, h - 50, 160, 34), _("Back"), self.app.pop, big=True),
            Button((w - 220, h - 50, 196, 34), _("Play this map"), self.play, big=True,
                   enabled=entry is not None and entry.ok, key="confirm"),
        ]

    def resize(self) -> None:
        self.layout()

    def language_changed(self) -> None:
        self.maps = list_maps()            # a broken map's reasons, in the new language
        self.index = min(self.index, max(len(self.maps) - 1, 0))
        self.layout()

    def pick(self, i: int) -> None:
        if 0 <= i < len(self.maps):
            self.index = i
            self.layout()

    def play(self) -> None:
        from .setup import SetupScene

        self.app.replace(SetupScene(self.maps[self.index].key))

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "back":
            self.app.pop()
            return
        self.top = scroll_list(cmd, self.index, self.top, len(self.maps), ROWS, self.pick)
        handle_buttons(self.rows + self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        draw_background(surface, art, self.app.time)
        art.fonts.large.draw(surface, _("Maps"), (surface.get_width() // 2, 14), GOLD,
                             align="center")
        draw_panel(surface, art, self.list_rect)
        draw_panel(surface, art, self.detail_rect)
        for i, row in enumerate(self.rows):
            entry = self.maps[self.top + i]
            row.selected = self.top + i == self.index
            tag = "" if entry.ok else "  " + _("(invalid)")
            where = "" if entry.builtin else "  " + _("[own]")
            row.label = f"{entry.title}{where}{tag}"
        draw_buttons(self.rows + self.buttons, surface, art)
        d = self.detail_rect
        if self.maps:
            entry = self.maps[self.index]
            art.fonts.large.draw(surface, entry.title, (d.centerx, 60),
                                 WHITE if entry.ok else RED, align="center")
            draw_map_details(surface, art, entry, (d.x + 16, 96), self.thumbs, width=d.w - 32)
            where = _("a map of the game") if entry.builtin else _("one of your own maps")
            art.fonts.medium.draw(surface, where, (d.x + 16, d.bottom - 28), GREY)
        medium = art.fonts.medium
        for i, line in enumerate(medium.wrap(_("Own maps: put Tiled .tmx files in your maps"
                                               " folder (the README says where it is)."),
                                             surface.get_width() - 48)[:2]):
            medium.draw(surface, line, (surface.get_width() // 2,
                                        d.bottom + 4 + i * medium.line_height), GREY,
                        align="center")
