"""The replay viewer: a finished game's record, stepped forward and back
action by action with the play screen's board, seats, scores and log.

A replay shows everything: the game is over, so the hand shown is the one of
the seat to act and the log names the cards drawn blind.  Stepping forward
plays the action on screen (with its animations and scoring tables); stepping
back, or jumping, replays the record up to that action (R12): from the
nearest of the checkpoints a thread builds as the viewer opens (the game
every ``CHECK_EVERY`` actions), so a record of 300,000 actions opens at once
and a jump replays at most ``CHECK_EVERY`` actions plus the log's; a jump
past what the thread has built yet waits for it, its progress on screen.
"""

from __future__ import annotations

import threading

import pygame

from ...engine import Action, Event, GameState, initial_state, parse_action
from ...i18n import _
from ...session.charts import chart_history
from ...session.saves import Replay
from ..anim import Animations
from ..assets import WHITE
from ..ui import Button, handle_buttons
from ..words import action_words
from .play.parts.viewmodel import PromptRow, StatusModel
from .play.presentation import describe, hexes_named
from .play.recent import RecentMoves
from .play.table import GameTable

LOG_ACTIONS = 60          # a jump rebuilds the log from this many actions back
STEP_EVERY = 0.7          # seconds per action while playing (normal animation speed)
CHECK_EVERY = 1000        # a checkpoint every so many actions (a jump replays fewer)


class Checkpoints:
    """The record's game every ``CHECK_EVERY`` actions, built on a thread of
    its own: ``states[i]`` is the game after ``i * CHECK_EVERY`` actions,
    without its history (the parsed actions are kept once, in ``parsed``), so
    a record of 300,000 actions keeps 300 small states, not 300 histories."""

    def __init__(self, record: dict, board):
        self.record, self.board = record, board
        self.total = len(record["actions"])
        self.parsed: list[Action] = []
        self.texts: list[str] = []
        self.states: list[GameState] = []
        self.error: str | None = None
        self.done = False
        self._stop = False
        state = initial_state(record, board)          # the start at once, the rest on the thread
        self._keep(state)
        self._thread = threading.Thread(target=self._build, args=(state,), daemon=True,
                                        name="hacienda-replay")
        self._thread.start()

    def _build(self, state: GameState) -> None:
        try:
            for i, text in enumerate(self.record["actions"], 1):
                if self._stop:
                    return
                action = parse_action(text)
                state.apply(action)
                self.parsed.append(action)
                self.texts.append(str(action))
                if i % CHECK_EVERY == 0:
                    self._keep(state)
        except Exception as exc:  # noqa: BLE001 - the record was checked: said, never raised
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.done = True

    def _keep(self, state: GameState) -> None:
        kept = state.clone()
        kept.history = []
        kept._history_text = ()
        self.states.append(kept)

    @property
    def progress(self) -> float:
        return 1.0 if self.done else min(1.0, len(self.parsed) / max(1, self.total))

    def start(self, k: int) -> tuple[int, GameState] | None:
        """The latest checkpoint at or before action ``k`` (a fresh copy, its
        history restored), or None while the thread has not reached near it."""
        i = min(k // CHECK_EVERY, len(self.states) - 1)
        if k - i * CHECK_EVERY >= CHECK_EVERY and not self.done:
            return None
        at = i * CHECK_EVERY
        state = self.states[i].clone()
        state.history = self.parsed[:at]
        state._history_text = tuple(self.texts[:at])
        return at, state

    def stop(self) -> None:
        self._stop = True


class ReplayScene(GameTable):
    """The board, panels and event effects of the play screen (``GameTable``
    and its parts), driven by a record instead of players."""

    keep_buttons: list = []

    def __init__(self, game: Replay):
        super().__init__(game.plan)
        self.game = game
        self.checkpoints: Checkpoints | None = None
        self.wanted: int | None = None      # a jump waiting for the checkpoints
        self.index = 0
        self.playing = False
        self.next_step_at = 0.0
        self.hover_text = ""

    @property
    def actions(self) -> list[str]:
        return self.game.actions

    def enter(self, app) -> None:
        super().enter(app)
        self.set_table(initial_state(self.game.record))
        self.layout_buttons()
        self.checkpoints = Checkpoints(self.game.record, self.layer.board)
        self.goto(0)

    def exit(self) -> None:
        if self.checkpoints is not None:
            self.checkpoints.stop()

    def on_events(self, action: Action, events: list[Event]) -> None:
        self.tell(events)
        self.note_moves(events)
        lands = self.present(events)
        scores, money = self.show_totals(instant=self.factor <= 0, lands=lands)
        if any(e.kind in ("turn_ended", "scoring") for e in events):
            self.samples.append((len(self.samples), scores, money, list(self.projected)))
        from .scoring import ScoringScene

        for e in events:
            if e.kind == "scoring":
                self.pending.append(ScoringScene(e.data["which"], e.data["table"], self.plan,
                                                 e.data["scores"],
                                                 chart_history(self.layer.game),
                                                 on_close=self.stop))

    def stop(self) -> None:
        self.playing = False

    def layout_buttons(self) -> None:
        super().layout_buttons()
        a = self.layout.actions
        w = (a.w - 16) // 5
        y, h = a.y + 2, a.h - 4
        body = self.app.art.fonts.body
        steps = []
        for i, (label, arrows, action, key) in enumerate((
                (_("<< Start"), "<<", lambda: self.goto(0), None),
                (_("< Back"), "<", lambda: self.goto(self.index - 1), None),
                (_("Play"), "", self.toggle_play, "confirm"),
                (_("Forward >"), ">", lambda: self.goto(self.index + 1), None),
                (_("End >>"), ">>", lambda: self.goto(len(self.actions)), None))):
            x = a.x + i * (w + 4)
            b = self.button((x, y, w if i < 4 else a.right - x, h), label, action, key=key)
            if arrows and b.width_in(self.app.art, body) > b.rect.w - 6:
                b.label = arrows          # narrow buttons keep their arrows only
            steps.append(b)
        self.b_first, self.b_back, self.b_play, self.b_forward, self.b_last = steps
        close = _("Close")
        if body.width(close) + 16 > self.b_menu.rect.w:
            self.b_menu.rect.x = self.b_menu.rect.right - body.width(close) - 16
            self.b_menu.rect.w = body.width(close) + 16
        self.b_menu.label, self.b_menu.action = close, self.close
        self.buttons = [self.b_first, self.b_back, self.b_play, self.b_forward, self.b_last,
                        self.b_menu, *self.zoom_buttons]

    # ------------------------------------------------------------ stepping
    def goto(self, k: int) -> None:
        k = max(0, min(len(self.actions), k))
        if k == self.index + 1 and self.wanted is None:
            self.layer.perform(parse_action(self.actions[self.index]))
            self.index = k
        elif k != self.index or not self.log or self.wanted is not None:
            start = self.checkpoints.start(max(0, k - LOG_ACTIONS))
            if start is None:
                self.wanted = k                # said in the strip; update() tries again
                self.playing = False
                self.hover_text = _("Preparing the replay: {percent}%").format(
                    percent=int(100 * self.checkpoints.progress))
                return
            self.wanted = None
            at, state = start
            told: list[list[Event]] = []
            for i in range(at, k):
                events = state.apply(parse_action(self.actions[i]))
                if i >= k - LOG_ACTIONS:
                    told.append(events)
            self.anims = Animations()
            self.layer.restore(state)
            self.index = k
            self.log, self.entries = [], []
            self.recent = RecentMoves(len(self.plan.seats))
            for events in told:
                self.tell(events)
                self.note_moves(events)
            if k == 0:
                first = self.names[state.current]
                self.say(lambda: _("{name} starts. Round 1.").format(name=first))
            self.show_totals(instant=True)
        if self.index >= len(self.actions):
            self.playing = False
        self.viewer = self.layer.current
        self.log_back = 0
        last = action_words(parse_action(self.actions[self.index - 1]),
                            self.layer.board) if self.index else \
            _("the game is set up")
        self.hover_text = _("Action {k} of {n}: {action}").format(
            k=self.index, n=len(self.actions), action=last)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < len(self.actions)
        self.next_step_at = self.app.time

    def close(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()
            return
        # Opened from the command line: closing leads to the menu.
        from .menu import MenuScene

        self.app.reset(MenuScene())

    def tell(self, events: list[Event]) -> None:
        """The log of a finished game names every card (nothing is hidden any more)."""
        for e in events:
            if e.kind != "card_revealed":
                self.say(lambda e=e: describe(e, self.names, self.layer.board), e.seat,
                         hexes_named(e, self.layer.board))

    def action_buttons(self) -> list[Button]:
        return self.buttons[:5]

    def status_model(self) -> StatusModel:
        """The action stepped to, and the keys' help or the pad's prompts."""
        strip = self.layout.strip
        body = self.app.art.fonts.body
        y = strip.y + 3 + body.line_height
        family = self.app.input_family()
        notes: tuple[str, ...] = ()
        prompts = None
        if family == "keyboard":
            notes = tuple(body.wrap(
                _("Left and right arrows step through the game; Enter plays it on."),
                strip.w - 16)[:max(1, (strip.bottom - y - 2) // body.line_height)])
        else:
            prompts = PromptRow(family, (("move", _("step")), ("confirm", _("Play")),
                                         ("prev_card", _("Start")), ("next_card", _("End")),
                                         ("back", _("Close"))), (strip.x + 8, y),
                                strip.right - 6)
        return StatusModel(self.hover_text, WHITE, (strip.x + 8, strip.y + 3), 1,
                           ellipsis=False, notes=notes, prompts=prompts)

    # ---------------------------------------------------------------- input
    def handle(self, cmd) -> None:
        if cmd.kind == "key" and cmd.name in ("left", "right"):
            self.playing = False
            self.goto(self.index + (1 if cmd.name == "right" else -1))
            return
        if cmd.kind == "key" and cmd.name == "back":
            self.close()
            return
        if cmd.kind == "key" and cmd.name in ("zoom", "zoom_in", "zoom_out"):
            self.zoom_key(cmd.name)
            return
        if cmd.kind == "key" and cmd.name in ("prev_card", "next_card"):    # LB/RB, Q/W
            self.playing = False
            self.goto(0 if cmd.name == "prev_card" else len(self.actions))
            return
        if cmd.kind == "wheel" and cmd.pos is not None and self.view.area.collidepoint(cmd.pos):
            self.zoom(1 if cmd.amount > 0 else -1)
            return
        if handle_buttons(self.buttons, cmd):
            return
        if cmd.kind in ("point", "press") and cmd.pos is not None:
            # a log line under the pointer (or clicked) flashes its hexes
            focus = self.log_command(cmd.pos, click=cmd.kind == "press")
            self.focus_log(None if focus is None else focus.line,
                           1.5 if focus is not None and focus.click else 0.0)
        if cmd.kind == "point" and cmd.pos is not None:
            self.hover_hex = self.view.hex_at(cmd.pos)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.wanted is not None:
            self.goto(self.wanted)
        if self.playing and self.app.time >= self.next_step_at and not self.pending:
            self.goto(self.index + 1)
            self.next_step_at = self.app.time + STEP_EVERY * max(self.factor, 0.3)

    def draw(self, surface: pygame.Surface) -> None:
        self.update_buttons()
        self.draw_table(surface)
        self.anims.draw(surface, self.app.art)

    def update_buttons(self) -> None:
        n = len(self.actions)
        self.b_first.enabled = self.b_back.enabled = self.index > 0
        self.b_forward.enabled = self.b_last.enabled = self.index < n
        self.b_play.enabled = self.index < n
        self.b_play.label = _("Pause") if self.playing else _("Play")
