"""Settings: animation speed, full screen, open hands (kept between games)."""

from __future__ import annotations

import pygame

from ...i18n import _
from ..assets import GOLD, GREY, WHITE
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_buttons, draw_panel, handle_buttons
from ..userdirs import ANIM_SPEEDS
from .overlays import dim


class SettingsScene(Scene):
    opaque = False

    def enter(self, app) -> None:
        super().enter(app)
        self.rect = pygame.Rect(0, 0, 460, 250)
        self.rect.center = (480, 270)
        x = self.rect.x + 250
        y = self.rect.y + 56
        self.speed = Button((x, y, 180, 26), "", self.next_speed)
        self.full = Button((x, y + 44, 180, 26), "", self.toggle_full)
        self.hands = Button((x, y + 88, 180, 26), "", self.toggle_hands)
        self.done = Button((self.rect.centerx - 80, self.rect.bottom - 40, 160, 28), "Done",
                           self.close, key="confirm")
        self.buttons = [self.speed, self.full, self.hands, self.done]
        self.focus = Focus()

    def next_speed(self) -> None:
        s = self.app.settings
        s.anim_speed = ANIM_SPEEDS[(ANIM_SPEEDS.index(s.anim_speed) + 1) % len(ANIM_SPEEDS)]

    def toggle_full(self) -> None:
        self.app.toggle_fullscreen()

    def toggle_hands(self) -> None:
        self.app.settings.open_hands = not self.app.settings.open_hands

    def close(self) -> None:
        self.app.settings.save()
        self.app.pop()

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "back":
            self.close()
            return
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.settings
        self.speed.label = s.anim_speed.capitalize()
        self.full.label = "Full screen" if s.fullscreen else "Window"
        self.hands.label = "Open" if s.open_hands else "Hidden (privacy)"
        dim(surface)
        art = self.app.art
        draw_panel(surface, art, self.rect)
        art.fonts.large.draw(surface, _("Settings"), (self.rect.centerx, self.rect.y + 12), GOLD,
                             align="center")
        font = art.fonts.small
        for i, label in enumerate(("Animation speed", "Display (F11)", "Hands at hot-seat")):
            font.draw(surface, label, (self.rect.x + 24, self.rect.y + 63 + 44 * i), WHITE)
        font.draw(surface, "'Off' shows every move at once.",
                  (self.rect.x + 24, self.rect.y + 186), GREY)
        draw_buttons(self.buttons, surface, art, self.focus)
