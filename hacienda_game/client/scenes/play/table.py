"""What the play scene and the replay viewer share: a game on screen.

``GameTable`` holds the game (the action layer), its board view and layout,
the log, the tickers and the charts' samples, and composes the parts that
show it (``parts/``): each frame it builds their view models from the seat
view, the selection and the clock, and the parts draw from those alone.
The play scene adds choosing, pads and AI turns; the replay adds stepping.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ....engine import Action, Event, GameState, connected_markets
from ....i18n import _
from ....maps.landmarks import landmarks_of
from ....session.plan import GamePlan, SeatPlan
from ...actionlayer import ActionLayer
from ...anim import Animations, Ticker
from ...boardview import BoardView
from ...patterns import piece_name
from ...scene import Scene
from ...ui import Button
from ..overlays import Words, worded
from .layout import Layout, play_layout
from .parts import actionbar, hand, header, log, market, overlay, seats, tooltip, track
from .parts import viewmodel as vm
from .parts.board import BoardDrawing
from .parts.panels import Panels
from .presentation import (
    Animate,
    Cue,
    HoldScenes,
    LogEntry,
    LogLine,
    Presenter,
    Rumble,
    Stage,
    describe,
    hexes_named,
    projected,
)
from .recent import RecentMoves, Replay
from .selection import Selection, marked_hexes


class GameTable(Scene):
    autoplay = False
    selection: Selection | None = None
    hover_hex: int | None = None
    viewer: int | None = None
    keep_buttons: list = []           # buttons beside the hand (the hand's cards end left of them)

    def __init__(self, plan: GamePlan):
        self.plan = plan
        self.names = [s.name for s in plan.seats]
        self.log: list[LogLine] = []   # (text, seat, first line) and the hexes it names
        # whole entries: (their words, seat) and their hexes; data worded when
        # shown, so a language change rewords every line of the log
        self.entries: list[LogEntry] = []
        self.log_focus: int | None = None   # the log line focused (hovered), lit
        self.flash: tuple[tuple[int, ...], int | None, float] | None = None  # hexes, seat, until
        self.replay: Replay | None = None   # the last moves shown one after another
        self.log_back = 0
        self.anims = Animations()
        self.presenter = Presenter()        # events -> animations and sounds (a part)
        self.samples: list[tuple[int, list[int], list[int]]] = []
        self.projected: list[int] = [0] * len(plan.seats)
        self.markets: list[int] = [0] * len(plan.seats)
        self._projected_at = -1
        self.pending: list = []             # scenes to show once this frame's events are done
        self.pending_at = 0.0               # ... not before this time (the board shows first)
        self.scored_round: int | None = None  # the round a scoring shown on the board counts
        self.held_back: list[Event] = []    # told in the log once the scoring reaches them
        self.board_drawing: BoardDrawing | None = None
        self.panels = Panels()
        self.layout: Layout | None = None
        self.redrawn = False
        self.tip_clock = tooltip.TipClock()
        self.shown_panels: vm.PanelsModel | None = None   # the panels drawn last

    # ------------------------------------------------------------ setting up
    def set_table(self, state: GameState | None, layer=None) -> None:
        """The game on the table: a local state, or the layer of a networked game
        (``layer``: hosting or joined; a joined game has no state here)."""
        self.layer = layer if layer is not None else ActionLayer(state, self.on_events)
        self.layout = self.lay_out()
        self.view = BoardView(self.layer.board, self.layout.board)
        self.board_drawing = BoardDrawing(self.view, self.app.art)
        self.recent = RecentMoves(len(self.plan.seats))
        landmarks_of(self.layer.board)    # the places' names, worked out before the first move
        scores, money = self.layer.public_totals()
        self.score_tick = [Ticker(v) for v in scores]
        self.money_tick = [Ticker(v) for v in money]
        self.update_projection()

    def lay_out(self) -> Layout:
        return play_layout(self.app.canvas_size, len(self.plan.seats),
                           self.app.art.fonts.body.line_height)

    def relayout(self) -> None:
        """The canvas or the text size changed: every rectangle follows."""
        self.layout = self.lay_out()
        self.view.set_area(self.layout.board)
        self.panels.reset()
        self.layout_buttons()
        self.rewrap()

    def rewrap(self) -> None:
        """The log's lines wrapped again for the panel's width and face now."""
        self.log = []
        self.log_focus = None
        for entry in self.entries[-200:]:
            self.add_log_lines(worded(entry[0]), entry[1], getattr(entry, "hexes", ()))

    def resize(self) -> None:
        if self.layout is not None:
            self.relayout()

    def layout_buttons(self) -> None:
        top = self.layout.top
        body = self.app.art.fonts.body
        menu = _("Menu")
        w = max(80, body.width(menu) + 16)
        self.b_menu = self.button((top.right - w - 4, 2, w, top.h - 4), menu, self.pause_menu)
        z = self.layout.zoom
        fit = _("Fit")
        side = max(24, body.width("+") + 12)
        w = max(36, body.width(fit) + 12)
        if z.h >= 2 * self.layout.button_h:       # a narrow column: Fit over - and +
            half = (z.h - 2) // 2
            side = (z.w - 2) // 2
            self.b_zoom_fit = self.button((z.x, z.y, z.w, half), fit, lambda: self.zoom(0))
            self.b_zoom_out = self.button((z.x, z.bottom - half, side, half), "-",
                                          lambda: self.zoom(-1))
            self.b_zoom_in = self.button((z.right - side, z.bottom - half, side, half), "+",
                                         lambda: self.zoom(1))
        else:
            x = z.right - 2 * (side + 2) - w
            self.b_zoom_out = self.button((x, z.y, side, z.h), "-", lambda: self.zoom(-1))
            self.b_zoom_fit = self.button((x + side + 2, z.y, w, z.h), fit,
                                          lambda: self.zoom(0))
            self.b_zoom_in = self.button((x + side + 4 + w, z.y, side, z.h), "+",
                                         lambda: self.zoom(1))
        self.zoom_buttons = [self.b_zoom_out, self.b_zoom_fit, self.b_zoom_in]

    @staticmethod
    def button(rect, label: str, action=None, **kw) -> Button:
        """A button of the table: its label in the reading face (``fonts.body``)."""
        return Button(rect, label, action, face="body", **kw)

    def pause_menu(self) -> None:
        pass

    def language_changed(self) -> None:
        self.layout_buttons()
        self.panels.reset()
        self.rewrap()                   # the log's lines, worded in the new language

    # ------------------------------------------------------------- helpers
    @property
    def factor(self) -> float:
        return self.app.settings.anim_factor

    def seat_plan(self, seat: int) -> SeatPlan:
        return self.plan.seats[seat]

    def colour(self, seat: int) -> tuple[int, int, int]:
        return self.app.art.seat_colour(self.plan.seats[seat].colour)

    def piece(self, name: str, colour: int) -> str:
        """A seat piece's sprite: with its colour-blind pattern when the setting is on."""
        return piece_name(self.app.art.sprites, name, colour, self.app.settings.patterns)

    def observation(self):
        """The seat view the screen shows."""
        seat = self.layer.current if self.autoplay or self.viewer is None else self.viewer
        return self.layer.view(seat)

    @property
    def story(self) -> list[tuple[str, int | None]]:
        """The log's whole entries, worded now: (text, seat)."""
        return [(worded(text), seat) for text, seat in self.entries]

    def say(self, text: Words, seat: int | None = None, hexes: tuple[int, ...] = ()) -> None:
        """A log entry: its words (a function wording it, for what happened
        in the game), the seat it is about and the hexes it names."""
        self.add_log_lines(worded(text), seat, hexes)
        self.entries.append(LogEntry(text, seat, hexes))

    def add_log_lines(self, text: str, seat: int | None, hexes: tuple[int, ...] = ()) -> None:
        width = (self.layout.log.width if self.layout else 240) - 26
        lines = self.app.art.fonts.body.wrap(text, width)
        for i, line in enumerate(lines):
            self.log.append(LogLine(line, seat, i == 0, hexes))
        cut = len(self.log) - 200
        if cut > 0:
            del self.log[:cut]
            if self.log_focus is not None:
                self.log_focus = self.log_focus - cut if self.log_focus >= cut else None

    def note_moves(self, events: list[Event]) -> None:
        """An action's board moves, for the other seats' "what just happened"."""
        self.recent.note([e.seen_by(None) for e in events], self.layer.board)

    def tell(self, events: list[Event]) -> None:
        """The log lines for an action's events (only public facts)."""
        for event in events:
            e = event.seen_by(None)
            if e.kind != "card_revealed":
                self.say(lambda e=e: describe(e, self.names, self.layer.board), e.seat,
                         hexes_named(e, self.layer.board))

    # ------------------------------------------------ what just happened
    def flash_hexes(self, hexes: tuple[int, ...], seat: int | None, hold: float = 0.0) -> None:
        """Light the hexes a log line names on the board: while it is focused
        (``hold`` 0: until another is), or ``hold`` seconds (a click)."""
        self.flash = (tuple(hexes), seat, self.app.time + hold if hold else 0.0) \
            if hexes else None

    def focus_log(self, index: int | None, hold: float = 0.0) -> None:
        """A line of the side log focused (pointer, keys, pad) or clicked: it is
        lit and flashes its hexes; None: no line focused."""
        if index is None or not 0 <= index < len(self.log):
            if self.log_focus is not None:
                self.log_focus = None
                if self.flash is not None and not self.flash[2]:
                    self.flash = None
            return
        self.log_focus = index
        line = self.log[index]
        self.flash_hexes(getattr(line, "hexes", ()), line[1], hold)

    def log_command(self, pos: tuple[int, int], click: bool = False):
        """The log part's answer to the pointer at ``pos`` (None: not over the log)."""
        command = log.command_at(self.layout.log, self.log_model(),
                                 self.app.art.fonts.body.line_height, pos)
        if command is not None and click:
            return type(command)(command.line, True)
        return command

    def flashing(self) -> tuple[tuple[int, ...], int | None]:
        """The hexes to flash now and the seat whose line names them."""
        if self.flash is None:
            return (), None
        hexes, seat, until = self.flash
        if until and self.app.time > until:
            self.flash = None
            return (), None
        return hexes, seat

    def replay_last_moves(self) -> bool:
        """Show the other seats' moves since the seat shown last acted, one after
        another on the board; False when there are none."""
        seat = self.observation().seat
        self.replay = Replay.of(self.recent, seat, self.app.time, self.factor)
        return self.replay is not None

    def replay_step(self) -> vm.ReplayStep | None:
        """The move a replay shows now (None: no replay, or it is over)."""
        replay = self.replay
        if replay is None:
            return None
        now = self.app.time
        i = replay.index(now)
        if i is None:
            self.replay = None
            return None
        move = replay.moves[i]
        words = describe(move.event, self.names, self.layer.board) \
            if move.event is not None else ""
        return vm.ReplayStep(move.hexes, self.seat_colours[move.seat], move.kind, words, i + 1,
                             len(replay.moves), replay.progress(now))

    @property
    def hand_slots(self) -> list:
        """The hand's cards on screen: (rect, item, card) each (none while hidden)."""
        return hand.slots(self.layout, self.hand_model(self.observation()))

    @property
    def market_slots(self) -> list:
        """The display's cards and decks on screen: (rect, item, card or None)."""
        return market.slots(self.layout, vm.market_model(self.observation()))

    def purse(self, seat: int) -> tuple[int, int]:
        """Where a seat's money shows (coins fly there)."""
        rect = self.layout.seats[seat]
        return (rect.x + 18, rect.y + 3 + self.layout.line + self.layout.line // 2)

    def hand_spot(self, seat: int) -> tuple[int, int]:
        """Where a card bought by a seat goes: the hand shown, else its seat row."""
        if self.viewer == seat or self.autoplay:
            return self.layout.hand.midleft[0] + 60, self.layout.hand.centery
        rect = self.layout.seats[seat]
        return rect.right - 40, rect.centery

    def rumble(self, seat: int | None) -> None:
        pass

    def hold_scenes(self, until: float) -> None:
        """The scoring table waits for the board to show what counts."""
        self.pending_at = max(self.pending_at, self.app.time + until)

    def zoom(self, step: int) -> None:
        """Zoom in or out one step (0: back to fit), about the hex cursor when
        it is shown, else the pointer over the board, else the board's middle."""
        view = self.view
        level = 0 if step == 0 else view.zoom + step
        cursor = getattr(self, "cursor", None)
        pos = self.app.pointer
        if getattr(self, "cursor_shown", False) and cursor is not None and cursor.hex is not None:
            anchor = view.centres[cursor.hex]
        elif pos is not None and view.area.collidepoint(pos):
            anchor = pos
        else:
            anchor = view.area.center
        view.set_zoom(level, anchor)
        self.hover_hex = None

    def zoom_key(self, name: str) -> None:
        """Keys and pads: Z / the left stick steps through the zooms and back to
        fit; + and - zoom in and out."""
        view = self.view
        if name == "zoom":
            self.zoom(1 if view.zoom < len(view.zooms) - 1 else 0)
        else:
            self.zoom(1 if name == "zoom_in" else -1)

    def update_projection(self) -> None:
        if self._projected_at == self.layer.version:
            return
        self._projected_at = self.layer.version
        obs = self.observation()
        self.projected = projected(obs)
        state = self.layer.game
        self.markets = [len(connected_markets(state, s)) for s in range(state.players)]

    def show_totals(self, instant: bool, lands: dict[int, float] | None = None
                    ) -> tuple[list[int], list[int]]:
        scores, money = self.layer.public_totals()
        lands = lands or {}
        for i in range(len(scores)):
            self.score_tick[i].set(scores[i], instant=instant)
            self.money_tick[i].set(money[i], instant=instant, delay=lands.get(i, 0.0))
        self.update_projection()
        return scores, money

    def on_events(self, action: Action, events: list[Event]) -> None:
        raise NotImplementedError

    def stage(self) -> Stage:
        """What the presenter shows the events on (a plain value, made once
        per action): the seat view, the board and layout, the seats' colours,
        their purses and hands on screen, the speed and the track's tickers."""
        self.update_projection()
        seats = range(len(self.plan.seats))
        return Stage(self.observation(), self.view, self.layout, tuple(self.seat_colours),
                     tuple(self.purse(s) for s in seats), tuple(self.hand_spot(s) for s in seats),
                     self.factor, self.viewer, self.app.settings.patterns, self.score_tick,
                     tuple(self.projected))

    def present(self, events: list[Event]) -> dict[int, float]:
        """An action's events shown by the presenter: its commands carried out
        (animations started, sounds cued, a pad's rumble, the scoring table
        held); returns, per seat, when the coins it won land."""
        shown = self.presenter.show(self.app.art, self.stage(), events)
        for command in shown.commands:
            if isinstance(command, Animate):
                self.anims.add(command.anim)
            elif isinstance(command, Cue):
                self.app.sound.play(command.name, command.at)
            elif isinstance(command, Rumble):
                self.rumble(command.seat)
            elif isinstance(command, HoldScenes):
                self.hold_scenes(command.seconds)
        return shown.lands

    # --------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        if self.layout is not None and self.layout.canvas != self.app.canvas_size:
            self.relayout()
        self.anims.update(dt)
        rate = 0 if self.factor <= 0 else 30 / self.factor
        for t in self.score_tick:
            t.update(dt, rate)
        for t in self.money_tick:
            t.update(dt, rate * 2)
        if self.pending and (self.app.time >= self.pending_at or self.factor <= 0):
            # Scenes queued by this turn's events: the last pushed shows first.
            for scene in self.pending:
                self.app.push(scene)
            self.pending = []
            held, self.held_back = self.held_back, []
            self.tell(held)                 # the winner, as the scoring's scenes show them

    @property
    def presenting(self) -> bool:
        """A scoring is on the board: its scenes wait for the categories to show."""
        from ..scoring import ScoringScene

        return any(isinstance(scene, ScoringScene) for scene in self.pending)

    # ---------------------------------------------------------- view models
    @property
    def seat_colours(self) -> list[int]:
        return [s.colour for s in self.plan.seats]

    def hand_model(self, obs) -> vm.HandModel:
        sel = self.selection
        right = min((b.rect.x for b in self.keep_buttons), default=None)
        return vm.hand_model(obs, self.viewer is None and not self.autoplay,
                             self.plan.seats[obs.seat].colour, sel.card if sel else None,
                             right)

    def panels_model(self, obs) -> vm.PanelsModel:
        """Every panel's view model for this frame."""
        now = self.app.time
        kinds = [s.kind for s in self.plan.seats]
        colours = self.seat_colours
        scores = [t.value for t in self.score_tick]
        head = vm.header_model(obs, self.names, kinds, self.b_menu.rect.x)
        if self.presenting and self.scored_round is not None:
            head = replace(head, round=self.scored_round)   # the round being scored
        return vm.PanelsModel(
            head,
            vm.track_model(scores, self.projected, colours, self.names),
            vm.seats_model(obs, self.names, kinds, colours, [t.value for t in self.money_tick],
                           scores, [t.target for t in self.score_tick], self.projected,
                           self.markets, now),
            vm.market_model(obs),
            self.hand_model(obs),
            self.log_model(),
            vm.actions_model(self.action_buttons(), now),
            self.status_model())

    def log_model(self) -> vm.LogModel:
        """The log's model, made again only when a line, the scroll, the focus
        or the seats' colours changed (not at every frame: 200 lines)."""
        log = self.log
        key = (len(log), id(log[-1]) if log else None, self.log_back, self.log_focus,
               tuple(self.seat_colours))
        kept = self.__dict__.get("_log_model")
        if kept is None or kept[0] != key:
            kept = (key, vm.log_model(log, self.seat_colours, self.log_back, self.log_focus))
            self._log_model = kept
        return kept[1]

    def board_model(self, obs) -> vm.BoardModel:
        sel = self.selection
        colours = self.seat_colours
        step = self.replay_step()
        marks = self.recent.marks(obs.seat)
        if step is not None:          # the replay: the moves shown so far keep their rings
            shown = {h for m in self.replay.moves[:step.number - 1] for h in m.hexes}
            marks = tuple(m for m in marks if m[0] in shown)
        recent = tuple((h, colours[seat], kind) for h, seat, kind in marks)
        flash, seat = self.flashing()
        return vm.BoardModel(obs, self.layer.version, tuple(colours),
                             self.app.settings.patterns, self.anims.hidden_pieces(),
                             None if sel is None else marked_hexes(self.layer, sel),
                             # the ring under the pointer only while a player here chooses
                             vm.hover_mark(self.layer, sel, self.hover_hex
                                           if self.human_turn else None), self.cursor_hex(),
                             self.app.time, self.factor > 0, recent, flash,
                             None if seat is None else colours[seat], step)

    def status_model(self) -> vm.StatusModel:
        """The status strip under the actions (each screen says its own)."""
        strip = self.layout.strip
        return vm.StatusModel("", (0, 0, 0), (strip.x + 8, strip.y + 3), 1)

    # ----------------------------------------------------------------- draw
    def draw_table(self, surface: pygame.Surface) -> None:
        obs = self.observation()
        self.shown_panels = self.panels_model(obs)
        self.panels.draw(surface, self.app.art, self.layout, self.shown_panels)
        board = self.board_model(obs)
        self.board_drawing.draw(surface, board)
        if board.step is not None:        # its words away from the move
            area = self.view.area
            high = sum(self.view.centres[h][1] for h in board.step.hexes) \
                < area.centery * len(board.step.hexes)
            overlay.replay_caption(surface, self.app.art, area, board.step, low=high)
        self.redrawn = self.panels.redrawn or self.board_drawing.redrawn
        art = self.app.art
        self.zoom_states()
        for b in [self.b_menu, *self.zoom_buttons]:
            b.draw(surface, art)
            if not b.enabled:
                actionbar.veil(surface, b.rect)      # -, Fit, + off as the actions

    def zoom_states(self) -> None:
        """Out and Fit only when zoomed in, + only below the closest look."""
        self.b_zoom_out.enabled = self.view.zoom > 0
        self.b_zoom_fit.enabled = self.view.zoom > 0
        self.b_zoom_in.enabled = self.view.zoom < len(self.view.zooms) - 1

    # ------------------------------------------------------------- tooltips
    def tips(self) -> list[tooltip.Tip]:
        """Every element of the panels drawn last with its tooltip (from the parts)."""
        model, lay, art = self.shown_panels, self.layout, self.app.art
        if model is None:
            return []
        return [*header.tips(art, lay.top, model.header), *track.tips(lay.track, model.track),
                *seats.tips(art, lay.seats, model.seats, lay.legend),
                *market.tips(art, lay, model.market), *hand.tips(lay, model.hand),
                *actionbar.tips(model.actions)]

    def focus_tip(self) -> tuple[object, tooltip.Tip | None]:
        """The element the keys' or a pad's focus is on: (what it is, its tooltip)."""
        return None, None

    def explain(self, t: tooltip.Tip) -> tooltip.Tip:
        """A tooltip with what only the owner knows (why a button is off)."""
        return t

    def tooltip(self) -> tooltip.Tip | None:
        """The tooltip to show now: the focus's while it is new, else the one
        under a pointer resting on an element."""
        now = self.app.time
        key, focused = self.focus_tip()
        if self.tip_clock.focus_on(key, now) and focused is not None:
            return self.explain(focused)
        if self.autoplay or getattr(self, "cursor_shown", False) or self.app.top is not self:
            self.tip_clock.pointer_at(None, now)
            return None
        pos = self.app.pointer
        if not self.tip_clock.pointer_at(pos, now):
            return None
        t = tooltip.tip_at(self.tips(), pos)
        return None if t is None else self.explain(t)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        t = self.tooltip()
        if t is not None:
            tooltip.draw(surface, self.app.art, t, self.layout.side.x)

    def action_buttons(self) -> list[Button]:
        return []

    def cursor_hex(self) -> int | None:
        """The hex the pad's cursor is on (None: no cursor shown)."""
        return None

    def pad_turn(self) -> bool:
        return False

    @property
    def human_turn(self) -> bool:
        return False
