"""The title screen: continue, new game, load, replays, maps, rules, settings, quit."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ...maps.catalog import builtin_maps
from ...maps.reasons import told_all
from ..assets import GREY
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_background, draw_buttons, handle_buttons
from .overlays import Dialog, Message

ATTRACT_AFTER = 45.0      # seconds of no input before a demo game starts
# After a game's end, Enter (or the pad's A) still coming within this many
# seconds of the menu's arrival or of the last one is the key still held or
# hammered through the scoring (key repeat comes every 40 ms): it presses nothing.
HELD_CONFIRM_S = 0.35


class MenuScene(Scene):
    def __init__(self, start_map: str | None = None, after_game: bool = False):
        """``after_game``: the menu after a game played to its end: the focus
        starts on New game, never on Continue (an Enter pressed on through the
        scoring would resume some older unfinished game)."""
        self.start_map = start_map
        self.after_game = after_game
        self.held_confirm = after_game
        self.last_confirm = 0.0
        self.buttons: list[Button] = []
        self.focus = Focus()
        self.idle_time = 0.0
        self.title_scene: pygame.Surface | None = None
        # Where the pointer rested when the menu came up (the mouse sits where
        # it was, often over an item): no hover, no pointer drawn over an
        # item's words until the mouse moves.
        self.resting = True
        self.rest_at: tuple[int, int] | None = None

    def enter(self, app) -> None:
        super().enter(app)
        self.last_confirm = app.time
        self.rest_at = app.pointer
        try:
            if pygame.mouse.get_focused():     # where the mouse is, before it reports
                self.rest_at = app.view.to_canvas(pygame.mouse.get_pos())
        except pygame.error:
            pass
        app.pointer = None
        self.layout()
        if self.start_map:
            # --map NAME: straight to the setup screen on that map.
            from ...session.plan import find_map

            entry = find_map(self.start_map)
            self.start_map = None
            if entry.ok:
                self.new_game(entry.key)
            else:
                app.push(Message(lambda: _("This map cannot be played"),
                                 lambda: told_all(entry.path.name, entry.errors)))

    def layout(self) -> None:
        from ...session.keeper import continuable

        self.saved = continuable()
        w, h = 220, 28
        x = self.app.canvas_size[0] // 2 - w // 2
        specs = [(N_("New game"), self.new_game), (N_("Load game"), self.load_game),
                 (N_("Join game"), self.join_game),
                 (N_("Replays"), self.replays), (N_("Maps"), self.maps), (N_("Rules"), self.help),
                 (N_("Settings"), self.settings), (N_("Quit"), self.quit)]
        # The guided first game: first until it has been played to its end once,
        # then beside the rules.
        learn = (N_("Learn to play"), self.learn)
        if getattr(self.app.settings, "tutorial_done", False):
            specs.insert(specs.index((N_("Rules"), self.help)) + 1, learn)
        else:
            specs.insert(0, learn)
        if self.saved is not None:
            specs.insert(0, (N_("Continue"), self.continue_game))
        step = h + 4 if len(specs) <= 8 else h + 1       # nine buttons still fit above the foot
        if len(specs) > 9:                               # ten: a little lower each
            h, step = h - 2, h - 1
        top = min(258, self.app.canvas_size[1] - 30 - len(specs) * step)
        self.buttons = [Button((x, top + i * step, w, h), _(label), fn, big=True)
                        for i, (label, fn) in enumerate(specs)]
        if self.after_game:
            self.after_game = False          # once: later the player's own focus stays
            self.focus.index = [label for label, _fn in specs].index(N_("New game"))

    def language_changed(self) -> None:
        self.layout()

    def resize(self) -> None:
        self.layout()

    def continue_game(self) -> None:
        """Resume the autosave exactly where the game stood (a long game is
        replayed on a thread: the menu goes on meanwhile)."""
        from .saveload import open_save

        if self.saved is not None:
            open_save(self.app, self.saved, self.app.push)

    def learn(self) -> None:
        """The guided first game, where it was left if it was left."""
        from ..tutorial.scene import tutorial_scene

        self.app.push(tutorial_scene())

    def load_game(self) -> None:
        from .saveload import LoadScene

        self.app.push(LoadScene())

    def replays(self) -> None:
        from .saveload import ReplaysScene

        self.app.push(ReplaysScene())

    def new_game(self, map_key: str | None = None) -> None:
        """The setup screen; while an unfinished game is offered (Continue),
        first ask what becomes of it: nothing is overwritten unasked."""
        from ...session.keeper import continuable

        self.saved = continuable()
        if self.saved is None:
            self.start_setup(map_key)
            return
        self.app.push(Unfinished(self, self.saved, map_key))

    def start_setup(self, map_key: str | None = None) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(map_key))

    def join_game(self) -> None:
        from .join import JoinScene

        self.app.push(JoinScene())

    def maps(self) -> None:
        from .maps import MapsScene

        self.app.push(MapsScene())

    def help(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene())

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene())

    def quit(self) -> None:
        self.app.quit(0)

    def resume(self) -> None:
        self.idle_time = 0.0
        self.layout()         # a save may have been made, loaded or deleted

    def update(self, dt: float) -> None:
        self.idle_time += dt
        if self.idle_time > ATTRACT_AFTER and "symmetric" in builtin_maps():
            from .play import demo_scene

            self.idle_time = 0.0
            self.app.push(demo_scene())

    def still(self, cmd: Command) -> bool:
        """A pointer report from where the mouse rested when the menu came up
        (SDL tells where it is at the start): not a move, so no hover."""
        if not self.resting or cmd.kind != "point" or cmd.pos is None:
            if cmd.kind in ("press", "key", "wheel"):
                self.resting = False
            return False
        if self.rest_at is None:
            self.rest_at = cmd.pos
        if abs(cmd.pos[0] - self.rest_at[0]) + abs(cmd.pos[1] - self.rest_at[1]) <= 2:
            self.app.pointer = None           # its picture too waits for a move
            return True
        self.resting = False
        return False

    def handle(self, cmd: Command) -> None:
        if self.still(cmd):
            return
        self.idle_time = 0.0
        if self.held_confirm and cmd.kind == "key" and cmd.name == "confirm":
            held = self.app.time - self.last_confirm < HELD_CONFIRM_S
            self.last_confirm = self.app.time
            if held:
                return
            self.held_confirm = False
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        cx, height = surface.get_width() // 2, surface.get_height()
        draw_background(surface, art, self.app.time)
        logo = art.sprites.get("logo")
        bob = round(3 * pygame.math.Vector2(0, 1).rotate(self.app.time * 120).y)
        surface.blit(logo, (cx - logo.get_width() // 2, 40 + bob))
        y = 50 + logo.get_height() + 10
        if "title_scene" in art.sprites:
            if self.title_scene is None:
                self.title_scene = pygame.transform.scale_by(art.sprites.get("title_scene"), 2)
            scene = self.title_scene
            surface.blit(scene, (cx - scene.get_width() // 2, y))
            y += scene.get_height() + 4
        art.fonts.medium.draw(surface, _("A game of land, herds and markets for 2-5 players"),
                             (cx, y), GREY, align="center")
        draw_buttons(self.buttons, surface, art, self.focus)
        if self.app.top is self:        # under Settings or the rules its edge peeked out
            art.fonts.medium.draw(
                surface, _("After Wolfgang Kramer's board game · F1 rules · F11 full screen"),
                (cx, height - 20), GREY, align="center")


class Unfinished(Dialog):
    """New game while an unfinished game waits: continue it, keep it as a
    named save, or discard it (Back leaves the menu as it was)."""

    def __init__(self, menu: MenuScene, saved, map_key: str | None):
        self.menu, self.saved, self.map_key = menu, saved, map_key
        super().__init__(
            lambda: _("Unfinished game"),
            lambda: _("The game on {map} (round {round}) is not finished. A new game would"
                      " replace it.").format(map=saved.map_title, round=saved.round),
            [(lambda: _("Continue it"), self.continue_it),
             (lambda: _("Keep as a save"), self.keep),
             (lambda: _("Discard it"), self.discard)])

    def continue_it(self) -> None:
        self.app.pop()
        self.menu.continue_game()

    def keep(self) -> None:
        from ...session.keeper import keep_unfinished
        from ...session.saves import SaveError, next_name

        name = next_name()
        try:
            keep_unfinished(name)
        except SaveError as e:
            self.app.pop()
            self.app.push(Message(lambda: _("The game could not be kept"), str(e)))
            return
        self.app.pop()
        self.menu.layout()
        self.menu.start_setup(self.map_key)
        self.app.push(Message(lambda: _("Game kept"),
                              lambda: _("The unfinished game is kept as {name}: Load"
                                        " game opens it.").format(name=name)))

    def discard(self) -> None:
        from ...session.keeper import discard_unfinished
        from ...session.saves import SaveError

        try:
            discard_unfinished()
        except SaveError as e:
            self.app.pop()
            self.app.push(Message(lambda: _("The game could not be discarded"), str(e)))
            return
        self.app.pop()
        self.menu.layout()
        self.menu.start_setup(self.map_key)
