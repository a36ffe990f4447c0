"""Saving and loading: the save dialog, the load screen (saved games with their
map, seats, round and date) and the list of kept records of finished games."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pygame

from ...engine import EMPTY, WATER, GameState
from ...i18n import N_, _
from ...session import saves
from ...session.plan import GamePlan
from ..assets import GOLD, GREY, RED, WHITE
from ..boardview import SPACE_COLOURS, thumbnail
from ..prompts import draw_prompts
from ..scene import Command, Scene
from ..ui import (
    Button,
    TextField,
    draw_background,
    draw_buttons,
    draw_panel,
    handle_buttons,
    list_columns,
    scroll_list,
)
from ..words import pesos, points
from .overlays import Confirm, Dialog, Message

ROWS = 14
NAME_LIMIT = 30
THUMB_H = 200


def position_thumbnail(state: GameState, plan: GamePlan, art,
                       width: int = 496) -> pygame.Surface:
    """The map with every piece on it in its seat's colour (public facts only)."""
    paint = {}
    for h, (kind, owner) in enumerate(zip(state.kind, state.owner, strict=True)):
        if kind == WATER:
            paint[h] = SPACE_COLOURS["water"]
        elif kind != EMPTY and owner >= 0:
            paint[h] = art.seat_colour(plan.seats[owner].colour)
    return thumbnail(state.board, (width, THUMB_H), paint)


class SaveDialog(Dialog):
    """Type a name (or keep "Game 3") and save the game as it stands: the name
    field has every printable key (Space is a space), Enter or Save saves."""

    def __init__(self, state: GameState, plan: GamePlan):
        self.state = state
        self.plan = plan
        self.field = TextField(saves.next_name(), NAME_LIMIT, selected=True)
        super().__init__(lambda: _("Save game"),
                         lambda: _("Name of the save (type to change it):"),
                         [(lambda: _("Save"), self.save), (lambda: _("Cancel"), self.close)])

    @property
    def name(self) -> str:
        return self.field.text

    @name.setter
    def name(self, text: str) -> None:
        self.field.set(text)

    def enter(self, app) -> None:
        super().enter(app)
        pygame.key.start_text_input()

    def typing(self) -> bool:
        return True

    def layout(self) -> None:
        super().layout()
        self.rect.inflate_ip(0, 28)
        for b in self.buttons:
            b.rect.y += 14
            b.key = None      # Enter saves (below); Space types a space

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def save(self) -> None:
        name = self.name.strip()
        if not name:
            return
        same = saves.find_save(name)
        if same is None:
            self.write(name, saves.slot_for(name))
            return
        self.app.push(Confirm(lambda: _("Replace the save \"{name}\"?").format(name=name[:24]),
                              lambda: self.write(name, same.stem),
                              _("A save of that name is there already; saving"
                                " replaces it.")))

    def write(self, name: str, slot: str) -> None:
        try:
            saves.save_game(self.state, self.plan, name, slot=slot)
        except saves.SaveError as e:
            self.app.replace(Message(lambda: _("Not saved"), str(e)))
            return
        # Back where the save was asked for (the pause menu), with a toast
        # that goes by itself: nothing to click away.
        app = self.app
        app.pop()
        below = app.top
        said = _("The game is saved as \"{name}\".").format(name=name)
        if isinstance(below, Dialog):
            below.tell(said)

    def handle(self, cmd: Command) -> None:
        if self.field.handle(cmd):
            return
        if cmd.kind == "key" and cmd.name == "confirm" and not cmd.from_pad:
            self.save()                 # Enter, wherever the pointer rests
            return
        super().handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.app.art.fonts.large
        box = pygame.Rect(self.rect.x + 16, self.rect.y + 46
                          + len(self.lines) * self.font.line_height + 4, self.rect.width - 32, 24)
        draw_panel(surface, self.app.art, box, "ui_button_pressed")
        self.field.draw(surface, font, (box.x + 6, box.y + 1), box.h - 2,
                        int(self.app.time * 2) % 2 == 0)


QUICK_WAIT_S = 0.03      # a job done within this is shown at once (no Loading dialog)


class Background:
    """One job on a thread of its own (a long save replaying), so frames go on;
    ``done`` is polled each frame, then ``value`` or ``error`` holds the outcome."""

    def __init__(self, job: Callable[[], object], now: bool = False):
        """``now``: a short job, done here and now (no thread)."""
        self.value: object = None
        self.error: str | None = None
        self._done = threading.Event()
        if now:
            self._run(job)
        else:
            threading.Thread(target=self._run, args=(job,), daemon=True,
                             name="hacienda-load").start()

    def _run(self, job: Callable[[], object]) -> None:
        try:
            self.value = job()
        except saves.SaveError as e:
            self.error = str(e)
        except Exception as e:  # noqa: BLE001 - any file at all: say what, the game goes on
            self.error = f"{type(e).__name__}: {e}"
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait at most ``seconds`` (a short job ends within a frame); done?"""
        return self._done.wait(seconds)


class Loading(Dialog):
    """Reading a long save on a thread: the screen goes on, Cancel leaves it."""

    def __init__(self, job: Background, then: Callable[[Background], None],
                 text: str | None = None):
        self.job, self.then = job, then
        super().__init__(_("Loading"), text or _("Reading the saved game..."),
                         [(_("Cancel"), self.close)])

    def update(self, dt: float) -> None:
        if self.job.done:
            self.app.pop()
            self.then(self.job)


def open_save(app, info: saves.SaveInfo, go: Callable[[Scene], None]) -> None:
    """Load a listed save (a long one on a thread) and start playing it with
    ``go(scene)``: a save whose map has changed asks first; one that cannot be
    loaded says why."""

    def loaded(job: Background) -> None:
        if job.error is not None:
            app.push(Message(lambda: _("This save cannot be loaded"), job.error))
            return
        saved: saves.SavedGame = job.value      # type: ignore[assignment]
        from .play import PlayScene

        def play() -> None:
            from ...net.hosting import mark_remote, read_note
            from ...session.unfinished import claim, game_mark, is_slot

            # a game hosted from here: its remote seats host again (players rejoin)
            plan = mark_remote(saved.plan, read_note(saved.path, saved.plan))
            if is_slot(saved.path):       # an unfinished game goes on in its own slot
                claim(saved.path, game_mark(plan))
            go(PlayScene(plan, state=saved.state, limit=saved.limit))

        if saved.map_changed:
            app.push(Confirm(lambda: _("The map has changed"), play,
                             _("{map} is not the map this game was saved on: it has been"
                               " changed since. The game still fits on it. Play on?").format(
                                   map=saved.map_title)))
        else:
            play()

    def load() -> saves.SavedGame:
        saved = info.load()
        saved.state.history_text()    # the action texts the screens show, here, not in a frame
        return saved

    job = Background(load, now=info.quick)
    if job.done:
        loaded(job)
    else:
        app.push(Loading(job, loaded))


class ListScene(Scene):
    """A list on the left, the chosen item's details on the right, buttons below;
    files that cannot be read are listed too (marked red, the reason beside;
    left alone)."""

    heading = ""                      # its title (N_()), worded when drawn

    @property
    def title(self) -> str:
        return _(self.heading) if self.heading else ""

    def __init__(self) -> None:
        self.items: list = []
        self.problems: list[saves.Problem] = []
        self.index = 0
        self.top = 0
        self.rows: list[Button] = []
        self.buttons: list[Button] = []

    def enter(self, app) -> None:
        super().enter(app)
        self.refresh()

    def refresh(self) -> None:
        self.show(*self.read())

    def show(self, items: list, problems: list[saves.Problem], growing: bool = False) -> None:
        """Put the entries on screen; ``growing``: more of the same list has been
        read (the chosen entry stays chosen, unless it is still the first)."""
        was_item = self.index < len(self.items)
        chosen = self.chosen if growing and self.index > 0 else None
        self.items, self.problems = items, problems
        self.entries = [*self.items, *self.problems]
        if chosen is not None and chosen in self.entries:
            self.pick(self.entries.index(chosen))
        # After a delete the choice stays among the games (if any are left).
        last = len(self.items) if was_item and self.items else len(self.entries)
        self.index = min(self.index, max(0, last - 1))
        self.top = min(self.top, max(0, len(self.entries) - ROWS))
        self.layout()

    def read(self) -> tuple[list, list[saves.Problem]]:
        raise NotImplementedError

    def actions(self) -> list[Button]:
        raise NotImplementedError

    def row_label(self, item) -> str:
        raise NotImplementedError

    def details(self, surface: pygame.Surface, item, x: int, y: int) -> None:
        raise NotImplementedError

    @property
    def chosen(self):
        """The chosen entry: an item, or a `saves.Problem`."""
        return self.entries[self.index] if self.entries else None

    @property
    def chosen_item(self):
        """The chosen entry if it is one that can be opened."""
        chosen = self.chosen
        return None if isinstance(chosen, saves.Problem) else chosen

    def layout(self) -> None:
        self.list_rect, self.detail_rect = list_columns(self.app.canvas_size)
        self.rows = [Button((32, 64 + i * 24, self.list_rect.w - 16, 22), "",
                            lambda i=i: self.pick(self.top + i), face="medium")
                     for i in range(min(ROWS, len(self.entries)))]
        self.buttons = [Button((40, self.bottom, 160, 34), _("Back"), self.app.pop, big=True),
                        *self.actions()]

    def resize(self) -> None:
        self.layout()

    @property
    def bottom(self) -> int:
        """Where the screen's big buttons stand."""
        return self.app.canvas_size[1] - 50

    def action_button(self, label: str, action, enabled: bool, left: bool = False) -> Button:
        """A big button under the details: at its right end (or its left one)."""
        d = self.detail_rect
        if left:
            return Button((d.x + 12, self.bottom, 160, 34), label, action, big=True,
                          enabled=enabled)
        return Button((d.right - 196, self.bottom, 196, 34), label, action, big=True,
                      enabled=enabled, key="confirm")

    def pick(self, i: int) -> None:
        if 0 <= i < len(self.entries):
            self.index = i
            self.top = min(max(self.top, i - ROWS + 1), i)

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name == "back":
            self.app.pop()
            return
        self.top = scroll_list(cmd, self.index, self.top, len(self.entries), ROWS, self.pick)
        handle_buttons(self.rows + self.buttons, cmd)

    def update(self, dt: float) -> None:
        for b in self.buttons[1:]:
            b.enabled = self.chosen_item is not None or (
                b.label == _("Delete") and self.chosen is not None)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        draw_background(surface, art, self.app.time)
        art.fonts.large.draw(surface, self.title, (surface.get_width() // 2, 14), GOLD,
                             align="center")
        draw_panel(surface, art, self.list_rect)
        draw_panel(surface, art, self.detail_rect)
        chosen_row = None
        for i, row in enumerate(self.rows):
            if self.top + i == self.index:
                chosen_row = row
            entry = self.entries[self.top + i]
            row.label = (_("{file} (cannot be shown)").format(file=entry.name[:28])
                         if isinstance(entry, saves.Problem) else self.row_label(entry))
        if chosen_row is not None:        # the chosen row: the brightest, framed in gold
            hover, chosen_row.hover = chosen_row.hover, True
        draw_buttons(self.rows + self.buttons, surface, art)
        if chosen_row is not None:
            chosen_row.hover = hover
            pygame.draw.rect(surface, GOLD, chosen_row.rect.inflate(2, 2), 1)
        for i, row in enumerate(self.rows):       # a file that cannot be shown: marked red
            if isinstance(self.entries[self.top + i], saves.Problem):
                pygame.draw.rect(surface, RED, (row.rect.x + 3, row.rect.y + 4, 4,
                                                row.rect.height - 8))
        self.draw_pad_prompts(surface)
        d = self.detail_rect
        chosen = self.chosen
        reading = self.reading()
        if reading:
            art.fonts.medium.draw(surface, reading, (self.list_rect.centerx,
                                                     self.list_rect.bottom - 22), GREY,
                                  align="center")
        if chosen is None:
            if not reading:
                art.fonts.medium.draw(surface, self.empty_text(), d.center, GREY,
                                      align="center")
            return
        if isinstance(chosen, saves.Problem):
            self.draw_problem(surface, chosen, d.x + 16, 60)
            return
        self.details(surface, chosen, d.x + 16, 60)

    def draw_problem(self, surface: pygame.Surface, problem: saves.Problem, x: int,
                     y: int) -> None:
        """Why a listed file cannot be shown (it is left as it is)."""
        art = self.app.art
        small = art.fonts.medium
        art.fonts.large.draw(surface, problem.name[:40], (self.detail_rect.centerx, y), RED,
                             align="center")
        y += 30
        for line in small.wrap(problem.reason, self.detail_rect.w - 32):
            small.draw(surface, line, (x, y), WHITE)
            y += small.line_height
        small.draw(surface, _("The file is left as it is."), (x, y + 6), GREY)

    def empty_text(self) -> str:
        return ""

    def reading(self) -> str:
        """What is still being read, while the list grows ("" once it is whole)."""
        return ""

    def pad_prompts(self) -> list[tuple[str, str]]:
        """What a pad's buttons do here (shown while a pad is in use)."""
        return [("move", _("choose")), ("back", _("Back"))]

    def draw_pad_prompts(self, surface: pygame.Surface) -> None:
        family = self.app.input_family()
        if family != "keyboard":
            draw_prompts(surface, self.app.art, family, self.pad_prompts(),
                         (40, self.detail_rect.bottom + 4))


class LoadScene(ListScene):
    """Saved games, newest first: load one, or delete it (after asking)."""

    heading = N_("Load game")

    def __init__(self) -> None:
        super().__init__()
        self.thumbs: dict[tuple[Path, int], pygame.Surface] = {}
        self.games: dict[Path, Background] = {}     # the chosen saves, replayed

    # Each frame reads saves for this long (at least a few): thousands of saves
    # fill the list over some frames, and the screen never stops meanwhile.
    READ_BUDGET_S = 0.008

    def read(self):
        self.scan = saves.SaveScan()
        self.scan.step(self.READ_BUDGET_S)
        return list(self.scan.saves), list(self.scan.problems)

    def update(self, dt: float) -> None:
        if not self.scan.finished and self.scan.step(self.READ_BUDGET_S):
            self.show(list(self.scan.saves), list(self.scan.problems), growing=True)
        super().update(dt)

    def reading(self) -> str:
        if self.scan.finished:
            return ""
        return _("Reading the saves: {done} of {total}").format(done=self.scan.done,
                                                                total=self.scan.total)

    def actions(self) -> list[Button]:
        some = bool(self.items)
        return [self.action_button(_("Delete"), self.delete, some, left=True),
                self.action_button(_("Load"), self.load, some)]

    def row_label(self, item: saves.SaveInfo) -> str:
        from ...session.unfinished import is_slot

        if is_slot(item.path):
            # An unfinished game's slot: its stored name is the word "Autosave" in
            # the language it was written in, alike for every slot; worded now,
            # with when, the round and the seats, each row says which game it is.
            return _("Autosave {when} · round {round} · {players} seats").format(
                when=item.saved_at.astimezone().strftime("%m-%d %H:%M"), round=item.round,
                players=len(item.plan.seats))
        return _("{name} · round {round}").format(name=item.name, round=item.round)

    def empty_text(self) -> str:
        return _("No saved games yet.")

    def handle(self, cmd: Command) -> None:
        # Backspace, or a pad's X (the "rotate" button): delete, after asking.
        if cmd.kind == "key" and cmd.name in ("erase", "rotate"):
            self.delete()
            return
        super().handle(cmd)

    def pad_prompts(self) -> list[tuple[str, str]]:
        return [("move", _("choose")), ("confirm", _("Load")), ("rotate", _("Delete")),
                ("back", _("Back"))]

    def load(self) -> None:
        info = self.chosen_item
        if info is None:
            return
        open_save(self.app, info, self.app.replace)

    def delete(self) -> None:
        entry = self.chosen
        if entry is None:
            return
        title = entry.name if isinstance(entry, saves.SaveInfo) else entry.path.name

        def really() -> None:
            try:
                saves.delete_save(entry.path)
            except saves.SaveError as e:
                self.app.push(Message(lambda: _("Not deleted"), str(e)))
            self.games.pop(entry.path, None)
            self.refresh()

        self.app.push(Confirm(lambda: _("Delete this save?"), really,
                              _("\"{name}\" will be gone for good.").format(name=title)))

    def replayed(self, info: saves.SaveInfo) -> Background:
        """The chosen save's game (replayed once, a long one on a thread)."""
        job = self.games.get(info.path)
        if job is None:
            job = self.games[info.path] = Background(info.load, now=info.quick)
        return job

    def details(self, surface: pygame.Surface, info: saves.SaveInfo, x: int, y: int) -> None:
        art = self.app.art
        small, large = art.fonts.medium, art.fonts.large
        width = self.detail_rect.w - 32
        centre = self.detail_rect.centerx
        from ...session.unfinished import is_slot

        title = _("Autosave") if is_slot(info.path) else info.name   # in today's language
        large.draw(surface, title, (centre, y), WHITE, align="center")
        job = self.replayed(info)
        if not job.done:
            small.draw(surface, _("Reading the saved game..."), (centre, y + 120), GREY,
                       align="center")
            return
        if job.error is not None:
            for i, line in enumerate(small.wrap(job.error, width)):
                small.draw(surface, line, (x, y + 30 + i * small.line_height), RED)
            return
        saved: saves.SavedGame = job.value      # type: ignore[assignment]
        thumb = self.thumbs.get((saved.path, width))
        if thumb is None:
            thumb = self.thumbs[(saved.path, width)] = position_thumbnail(
                saved.state, saved.plan, art, width)
        surface.blit(thumb, (x + (width - thumb.get_width()) // 2, y + 26))
        y += 26 + THUMB_H + 6
        state = saved.state
        when = _("saved {when}").format(
            when=saved.saved_at.astimezone().strftime("%Y-%m-%d %H:%M"))
        small.draw(surface, small.clip(saved.map_title, width - small.width(when) - 8), (x, y),
                   GOLD)
        small.draw(surface, when, (x + width, y), GREY, align="right")
        y += small.line_height + 1
        to_play = saved.plan.seats[state.current].name
        small.draw(surface, _("Round {round} · turn {turn} · {name} to play").format(
            round=state.round, turn=state.turn, name=to_play), (x, y), WHITE)
        y += small.line_height + 3
        draw_seats(surface, art, saved.plan, state, x, y, width)


def draw_seats(surface: pygame.Surface, art, plan: GamePlan, state: GameState, x: int,
               y: int, width: int = 496) -> None:
    """One line per seat: emblem, name (AI level), pesos and points."""
    small = art.fonts.medium
    for i, (label, sp) in enumerate(zip(saves.seat_labels(plan), plan.seats, strict=True)):
        art.sprites.blit_anchored(surface, f"emblem_{sp.colour}",
                                  (x + 4, y + small.line_height // 2))
        seat = state.seats[i]
        counts = f"{pesos(seat.money)} · {points(seat.score)}"
        small.draw(surface, small.clip(label, width - 22 - small.width(counts)), (x + 14, y),
                   art.seat_text_colour(sp.colour))
        small.draw(surface, counts, (x + width, y), WHITE, align="right")
        y += small.line_height + 1


class ReplaysScene(ListScene):
    """The records of finished games, newest first: watch one."""

    heading = N_("Replays")

    def __init__(self) -> None:
        super().__init__()

    def read(self):
        return saves.list_replays()

    def actions(self) -> list[Button]:
        return [self.action_button(_("Watch"), self.watch, bool(self.items))]

    def pad_prompts(self) -> list[tuple[str, str]]:
        return [("move", _("choose")), ("confirm", _("Watch")), ("back", _("Back"))]

    def row_label(self, item: saves.ReplayEntry) -> str:
        return f"{item.date}  {item.map_title}"

    def empty_text(self) -> str:
        return _("Finished games are kept here.")

    def watch(self) -> None:
        """The chosen record in the viewer; it is read and checked on a thread
        (a long record takes seconds), the screen going on meanwhile."""
        entry = self.chosen_item
        if entry is None:
            return

        def loaded(job: Background) -> None:
            if job.error is not None:
                self.app.push(Message(lambda: _("This record cannot be shown"), job.error))
                return
            from .replay import ReplayScene

            self.app.push(ReplayScene(job.value))

        path = entry.path
        job = Background(lambda: saves.load_replay(path))
        if job.wait(QUICK_WAIT_S):
            loaded(job)
        else:
            self.app.push(Loading(job, loaded, _("Reading the game record...")))

    def details(self, surface: pygame.Surface, entry: saves.ReplayEntry, x: int,
                y: int) -> None:
        art = self.app.art
        small = art.fonts.medium
        width = self.detail_rect.w - 32
        art.fonts.large.draw(surface, f"{entry.date} · {entry.map_title}",
                             (self.detail_rect.centerx, y), WHITE, align="center")
        y += 30
        for i, name in enumerate(entry.names):
            score = entry.scores[i] if i < len(entry.scores) else "?"
            won = i in entry.winners
            small.draw(surface, name, (x, y), GOLD if won else WHITE)
            small.draw(surface, (points(score) if isinstance(score, int) else str(score)) +
                       (_(" · wins") if won else ""), (x + width, y), GOLD if won else WHITE,
                       align="right")
            y += small.line_height + 1
