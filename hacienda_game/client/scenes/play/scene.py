"""The play screen: board, cards, seats, hand, actions, log; human clicks and AI moves.

The screen shows one seat's view (``observe``): the hand of the human at the
screen, never another's.  Clicks become actions only through the action
layer, from ``legal_actions()``; a click that is not allowed says why, next
to the pointer.  The game runs on a `session.table.Table` (its seats: the
people here, the AI seats, the remote players when hosting), which applies,
records and autosaves every move and tells this screen (``on_events``).
The modules: ``layout`` (where things go), ``selection`` (what a click
means), ``presentation`` (events -> log, animation, sound), ``parts/``
(drawing, each part from its view model, sending commands up), ``pad`` (keys
and pads), ``ai`` (the AI seats' pace); ``table`` holds what the play scene
shares with the replay.
"""

from __future__ import annotations

import threading

import pygame

from ....engine import (
    ACTIONS_PER_TURN,
    PRICE_BLIND,
    PRICE_HACIENDA,
    PRICE_WATER,
    Action,
    Event,
    GameState,
    UndoLimit,
    new_game,
    parse_action,
)
from ....i18n import _, ngettext
from ....net import REMOTE
from ....session.charts import chart_history
from ....session.choices import check_seat_kind
from ....session.keeper import BLOCKED, GameKeeper, retold
from ....session.plan import GamePlan, SeatPlan, new_game_seed
from ....session.refusals import hint
from ....session.saves import QUICK_ACTIONS
from ....session.table import Table
from ...actionlayer import ActionLayer
from ...anim import Animations
from ...assets import GOLD, GREY, WHITE
from ...hint import HintCoach
from ...prompts import turn_it
from ...scene import Command
from ...tips import TipGuide
from ...ui import Button, handle_buttons
from ...words import action_words, card_name, hexes_take
from ..overlays import Confirm, Pause, Privacy, worded
from . import selection as choose
from .ai import AITurns
from .pad import PadPlay
from .parts import actionbar, hand, log, market, overlay, status
from .parts import hint as hint_part
from .parts import tooltip as tooltips
from .parts.commands import BuyCard, ClickHex, FocusLog, PartCommand, PickCard, ScrollLog
from .parts.overlay import WARN
from .parts.tooltip import Tip
from .parts.tooltip import tip as tooltip_tip
from .parts.viewmodel import BubbleModel, OverlayModel, StatusModel, market_model
from .recent import RecentMoves
from .selection import Selection
from .table import GameTable

MESSAGE_TIME = 3.0        # seconds a refusal stays next to the pointer
EDGE = 14                 # canvas pixels at the board's edge that pan a zoomed board
# Keys that act for the seat to move: pressed at another seat's turn they say whose it is.
TURN_KEYS = ("confirm", "next_card", "prev_card", "next_action", "prev_action", "buy")


class PlayScene(PadPlay, GameTable):
    thinks = True             # AI seats play (a replay only shows what they did)
    gives_tips = True         # first-time tips to its human seats (client/tips.py)

    def __init__(self, plan: GamePlan, autoplay: bool = False, demo: bool = False,
                 state: GameState | None = None, limit: UndoLimit | None = None,
                 net=None):
        """A new game from the plan, or a saved one going on (``state``, and how
        far its turn may be undone); ``net``: a joined game (client.netlink.JoinPlay),
        or made here when a seat is remote (hosting)."""
        super().__init__(plan)
        self.net = net
        self.start_state = state
        self.start_limit = limit
        self.autoplay = autoplay or demo
        self.demo = demo          # the title screen's attract mode: any input ends it
        self.selection: Selection | None = None
        self.hover_hex: int | None = None
        self.hover_text = ""
        self.hover_warn = False
        self.hover_at: tuple[int, int] | None = None
        self.message = ""
        self.message_until = 0.0
        self.message_at: tuple[int, int] | None = None
        self.coach = HintCoach(self)          # the Hint command: hard's advice, lit on the board
        self.first_tips = TipGuide(self)      # first-time tips and the rules links
        self.bubble_rect: pygame.Rect | None = None
        self.ai_turns = AITurns(self)
        self.seen_upto: dict[int, int] = {}      # log length when each seat last played
        self.retelling = None        # a long resumed game's log, replayed on a thread
        self.finished = False
        self.table: Table | None = None   # the game's table (None: a joined game, the host's)

    # ------------------------------------------------------------ lifecycle
    def enter(self, app) -> None:
        super().enter(app)
        from ....ai import levels

        known = levels()
        for seat in self.plan.seats:
            if seat.kind != REMOTE:
                check_seat_kind(seat.kind)
        state = self.start_state
        if state is None and not self.joined:
            state = new_game(self.plan.map, len(self.plan.seats), seed=self.plan.seed,
                             variants=self.plan.variants)
        if self.net is None and any(s.kind == REMOTE for s in self.plan.seats):
            from ...netlink import NetPlay

            self.net = NetPlay(self.plan, state)         # hosting: the remote seats join
        if self.joined:
            self.set_table(None, self.net.layer(None, self.on_events))
            self.keeper = self.net.keeper(self.plan, self.start_limit)
            state = None
        else:
            self.keeper = (self.net.keeper(self.plan, self.start_limit) if self.net is not None
                           else self.new_keeper())
            self.table = Table(state, [self.ai_turns.seat(s.kind) for s in self.plan.seats],
                               keeper=self.keeper, ai_seed=self.plan.ai_seed)
            self.set_table(state, ActionLayer(self.table, self.on_events))
            if self.net is not None:
                self.net.attach(self.table, self.ai_turns.seat)
        scores, money = self.layer.public_totals()
        self.samples.append((0, scores, money, list(self.projected)))
        if state is not None and state.history:
            self.retell(state)
        humans = [i for i, s in enumerate(self.plan.seats) if s.is_human]
        cur = self.layer.current
        # Whose hand the screen shows: None hides every hand (several humans
        # share the screen and the next one has not clicked the privacy screen).
        self.private = len(humans) > 1 and not self.plan.open_hands
        self.viewer: int | None = (None if self.private else cur if cur in humans
                                   else humans[0] if humans else None)
        self.shown_to: int | None = None
        if any(s.kind in known for s in self.plan.seats) and self.thinks and not self.joined:
            self.ai_turns.start()            # the worker ready before the first AI turn
        self.layout_buttons()
        if self.net is not None:
            self.say(lambda: self.net.welcome(self.names))
        elif state.history:
            at = state.round
            self.say(lambda: _("Game resumed: round {round}, {name} to play.").format(
                round=at, name=self.names[cur]))
        else:
            self.say(lambda: _("{name} starts. Round 1.").format(name=self.names[cur]))
        self.check_privacy()

    def new_keeper(self) -> GameKeeper:
        """What keeps this game (undo, the autosave): the table saves through it."""
        return GameKeeper(self.plan, self.start_limit, keep=not self.autoplay and self.thinks)

    def exit(self) -> None:
        if self.table is not None:
            self.table.close()                       # the last autosave on disk
        keeper = getattr(self, "keeper", None)       # None if entering failed
        if keeper is not None:
            keeper.close()
        self.ai_turns.close()
        self.coach.close()
        if self.net is not None:
            self.net.close()

    @property
    def joined(self) -> bool:
        """Playing a game another machine hosts (the host keeps the game)."""
        return self.net is not None and not self.net.hosting

    def pause(self) -> None:
        self.hover_hex = None

    def layout_buttons(self) -> None:
        super().layout_buttons()
        a = self.layout.actions
        button = self.button
        y, bh = a.y + 2, a.h - 4
        specs = [(_("Hacienda {price}").format(price=PRICE_HACIENDA), _("Hacienda"),
                  self.pick_hacienda, "icon_hacienda", None),
                 (_("Water {price}").format(price=PRICE_WATER), _("Water"), self.pick_water,
                  "icon_water", None),
                 (_("Harvest"), _("Harvest"), self.pick_harvest, "chip", None),
                 (_("End turn"), _("End turn"), self.end_turn, "icon_actions", "end_turn"),
                 (_("Last moves"), _("Moves"), self.play_last_moves, None, "last_moves")]
        row = [button((0, y, 0, bh), label, action, icon=icon, key=key)
               for label, _short, action, icon, key in specs]
        for b, tip in zip(row, ("hacienda", "water", "harvest", "end", "last_moves"),
                          strict=True):
            b.tip = tip                     # its tooltip (parts.tooltip)
        self.b_hacienda, self.b_water, self.b_harvest, self.b_end, self.b_last = row
        if not self.fit_row(row, a, None):
            # No room for Last moves with every price shown (a narrow screen,
            # long words, Large text): P and the log keep it; the four actions
            # share the row, shortened only where even they do not fit.
            row = [button((0, y, 0, bh), label, action, icon=icon, key=key)
                   for label, _short, action, icon, key in specs[:4]]
            self.fit_row(row, a, [short for _l, short, *_rest in specs[:4]])
            for b, tip in zip(row, ("hacienda", "water", "harvest", "end"), strict=True):
                b.tip = tip
            self.b_hacienda, self.b_water, self.b_harvest, self.b_end = row
            self.b_last.rect.w = 0
        self.row_buttons = row
        hand = self.layout.hand
        body = self.app.art.fonts.body
        # Undo as wide as its longest word ("Card drawn: can't undo") where the
        # hand leaves room; the Hint beside it as wide as its own word.
        labels = [_("Undo"), _("Redo"), *(_(blocked[0]) for blocked in BLOCKED.values())]
        bw = max(100, min(max(body.width(t) + 16 for t in labels), hand.w * 3 // 10),
                 body.width(_("Redo")) + 16)
        hint_w = max(80, body.width(_("Hint")) + 24)
        bh = (hand.h - 10) // 2
        self.b_undo = button((hand.right - bw - 4, hand.y + 4, bw, bh), _("Undo"), self.undo,
                             key="undo")
        self.b_redo = button((hand.right - bw - 4, hand.bottom - 4 - bh, bw, bh), _("Redo"),
                             self.redo, key="redo")
        self.keep_buttons = [] if self.autoplay else [self.b_undo, self.b_redo]
        # The coach's Hint button, left of Undo and Redo, as tall as both.
        self.keep_buttons += self.coach.layout((hand.right - bw - hint_w - 8, hand.y + 4,
                                                hint_w, hand.h - 8))
        strip = self.layout.strip
        size_w = max(48, max(body.width(_("{size} hex").format(size=n)) for n in range(1, 5))
                     + 12)
        self.b_sizes = [button((strip.x + 4 + i * (size_w + 4), strip.y + 4, size_w,
                                self.layout.button_h), _("{size} hex").format(size=i + 1),
                               lambda n=i + 1: self.pick_water(n)) for i in range(4)]
        for i, b in enumerate(self.b_sizes):
            b.tip = f"size:{i + 1}"
        self.buttons = [*self.row_buttons, self.b_menu, *self.zoom_buttons]

    def fit_row(self, row: list[Button], area: pygame.Rect, shorter: list[str] | None
                ) -> bool:
        """Share the row's width among its buttons by what they hold; where the
        labels do not fit, no icons, then the ``shorter`` labels (no prices;
        None: never); False if even those do not fit."""
        art = self.app.art
        gap = 4
        room = area.w - gap * (len(row) - 1)
        for step in range(3 if shorter is not None else 2):
            if step == 1:
                for b in row:
                    b.icon = None
            if step == 2 and shorter is not None:
                for b, label in zip(row, shorter, strict=True):
                    b.label = label
            need = [b.width_in(art, art.fonts.body) + 16 for b in row]
            if sum(need) <= room:
                break
        spare = max(0, room - sum(need))
        x = area.x
        for i, (b, w) in enumerate(zip(row, need, strict=True)):
            w += spare // len(row)
            if i == len(row) - 1:
                w = area.right - x
            b.rect.x, b.rect.w = x, w
            x += w + gap
        return sum(need) <= room

    # ------------------------------------------------------------- helpers
    @property
    def future(self):
        return self.ai_turns.future

    @property
    def ai(self):
        """The AI worker process (None until an AI seat plays)."""
        return self.ai_turns.worker

    @property
    def human_turn(self) -> bool:
        return (not self.layer.is_over() and self.plan.seats[self.layer.current].is_human
                and not self.autoplay)

    def warn(self, text: str, at: tuple[int, int] | None = None) -> None:
        """A refusal: a short sound and the reason in the warning colour, next
        to the pointer (or the hex cursor)."""
        self.app.sound.play("error")
        self.message = text
        self.message_until = self.app.time + MESSAGE_TIME
        self.message_at = at or self.feedback_spot()

    def feedback_spot(self) -> tuple[int, int]:
        """Where the eye is: playing with keys or a pad, the card or action
        they moved to, else the hex cursor, else the status line (never the
        resting pointer); with the mouse, the pointer; else the board's middle."""
        if self.cursor_shown:
            if self.focus_spot is not None:
                return self.focus_spot
            if self.cursor is not None and self.cursor.hex is not None:
                return self.view.centres[self.cursor.hex]
            strip = self.layout.strip
            return (strip.x + strip.w // 3, strip.y + 4)
        if self.app.pointer is not None:
            return self.app.pointer
        return self.view.area.center

    def centre(self, cell) -> tuple[int, int]:
        return self.view.centres[self.layer.board.hex_of(cell)]

    # ---------------------------------------------------------- selections
    def select(self, selection: Selection | None) -> None:
        if selection != self.selection:
            self.coach.dismiss()             # a hint never stays beside a choice
            self.tip_clock.hide()            # nor a tooltip
            self.message = ""                # nor an older refusal
        self.selection = selection
        self.hover_text = ""
        self.follow_selection()

    def _chosen(self, result: Selection | str) -> None:
        if isinstance(result, str):
            self.warn(result)
        else:
            self.select(result)

    def pick_card(self, item: str, card: str) -> None:
        if not self.human_turn:
            return
        if self.selection and self.selection.kind == "play" and self.selection.card == card:
            self.select(None)
            return
        self._chosen(choose.choose_card(self.layer, item, card))

    def pick_hacienda(self) -> None:
        if self.human_turn:
            self._chosen(choose.choose_hacienda(self.layer))

    def pick_water(self, size: int | None = None) -> None:
        if self.human_turn:
            self._chosen(choose.choose_water(self.layer, size, self.selection))

    def pick_harvest(self) -> None:
        if self.human_turn:
            self._chosen(choose.choose_harvest(self.layer))

    def end_turn(self, held: bool = False) -> None:
        """End the turn; with actions left, ask first (a setting turns that off;
        a pad's held button is its own confirmation)."""
        if not self.human_turn:
            return
        action = self.layer.end_turn()
        if action is None:
            return
        left = 3 - self.layer.view(self.layer.current).actions_taken
        could = any(a.kind != "end" for a in self.layer.legal())
        if left > 0 and could and not held and getattr(self.app.settings, "ask_end_turn", True):
            text = ngettext("You have {count} action left.", "You have {count} actions left.",
                            left).format(count=left)
            self.app.push(Confirm(lambda: _("End the turn?"), self.do_end_turn, text))
            return
        self.do_end_turn()

    def do_end_turn(self) -> None:
        action = self.layer.end_turn()
        if action is not None and self.human_turn:
            self.select(None)
            self.layer.perform(action)

    def buy(self, item: str, card: str | None) -> None:
        if not self.human_turn:
            return
        action = self.layer.buy_card(item, card)
        if action is None:
            # Said at the card or deck itself, where the player looks.
            at = next((r.center for r, i, c in self.market_slots if i == item and c == card),
                      None)
            self.warn(hint(self.layer.refusal(Action("buy", item, card)), _("Not possible now.")),
                      at)
            return
        self.select(None)
        self.layer.perform(action)

    def rotate(self, step: int) -> None:
        if self.selection and self.selection.kind == "water":
            self.selection.turns = (self.selection.turns + step) % 6
            self.after_rotate()
            if self.hover_at is not None and not self.cursor_shown:
                self.hover(self.hover_at)      # the preview of the tile as it lies now

    def water_cells(self, h: int):
        return choose.water_cells(self.layer, self.selection, h)

    def action_at(self, h: int):
        return choose.action_at(self.layer, self.selection, h)

    def turn_words(self) -> str:
        """How to turn the water tile, with the device the player last used."""
        return turn_it(self.app.last_device, self.app.input_family())

    def click_hex(self, h: int) -> None:
        sel = self.selection
        if sel is None:
            return
        result = choose.click(self.layer, sel, h, self.turn_words())
        if isinstance(result, Selection):
            self.select(result)
            self.warn(_("All 8 chips are on the board: click the chip to take."),
                      self.view.centres[h])
        elif isinstance(result, str):
            self.warn(result, self.view.centres[h])
        else:
            self.select(None)
            self.layer.perform(result)

    def not_your_turn(self, cmd: Command) -> bool:
        """A key that plays (Enter, the card and action keys, buy) pressed at
        another seat's turn: the player hears whose turn it is, never a reason
        that belongs to their own turn ("choose a card first").  Pads of other
        seats stay silent (``controls``)."""
        if cmd.kind != "key" or cmd.name not in TURN_KEYS or cmd.from_pad \
                or self.human_turn or self.layer.is_over() or self.autoplay:
            return False
        name = self.plan.seats[self.layer.current].name
        self.warn(_("Wait: {name} is playing.").format(name=name))
        return True

    def play_last_moves(self) -> None:
        """The other seats' moves since this seat last acted, one after another
        on the board (any key or click skips them)."""
        if not self.replay_last_moves():
            self.warn(_("Nothing happened since your last action."))

    # ---------------------------------------------------------------- input
    def handle(self, cmd: Command) -> None:
        if cmd.kind in ("press", "key", "wheel"):
            self.tip_clock.hide()            # any click or key: the tooltip goes
        if self.demo:
            if cmd.kind in ("press", "key"):
                from ..menu import MenuScene

                self.app.reset(MenuScene())
            return
        if self.replay is not None and cmd.kind in ("press", "key") and cmd.name != "pad_lost":
            self.replay = None            # any key or click: the replay is skipped
            return
        if cmd.kind == "key" and cmd.name == "last_moves":
            self.play_last_moves()
            return
        if self.pending and self.app.time < self.pending_at and cmd.kind in ("press", "key"):
            self.pending_at = 0.0         # a click or key shows the scoring table now
            return
        if self.net is not None and self.net.take(cmd):
            return                   # the host hands a dropped remote seat to an AI
        if self.coach.handle(cmd):   # the hint: T key, pad L3
            return
        if self.first_tips.handle(cmd):    # a tip dismissed, or a Rules link
            return
        if self.not_your_turn(cmd):
            return
        if self.pad_command(cmd):
            return
        if cmd.kind == "key":
            if cmd.name == "back":
                if self.selection is not None:
                    self.select(None)
                else:
                    self.pause_menu()
                return
            if cmd.name == "rotate":
                self.rotate(1)
                return
        if cmd.kind == "wheel":
            self.wheel(cmd)
            return
        off = self.off_button_hit(cmd)
        if off is not None:
            off.handle(cmd)                  # its error sound
            self.warn(self.why_off(off), cmd.pos)
            return
        if handle_buttons(self.buttons + self.keep_buttons, cmd):
            return
        if self.selection and self.selection.kind == "water" and handle_buttons(self.b_sizes, cmd):
            return
        if cmd.kind == "point" and cmd.pos is not None:
            self.carry_out(self.log_command(cmd.pos) or FocusLog(None))
            self.hover(cmd.pos)
            return
        if cmd.kind != "press" or cmd.pos is None:
            return
        if cmd.button == 3:
            if self.selection and self.selection.kind == "water":
                self.rotate(1)
            else:
                self.select(None)
            return
        obs = self.observation()
        pos = cmd.pos
        self.carry_out(hand.command_at(self.layout, self.hand_model(obs), pos)
                       or market.command_at(self.layout, market_model(obs), pos)
                       or self.log_command(pos, click=True)
                       or self.board_drawing.command_at(pos), pos)

    def carry_out(self, command: PartCommand | None, pos: tuple[int, int] | None = None
                  ) -> None:
        """What a part sent up (a click on a card, a deck, a hex; the wheel on the log)."""
        if isinstance(command, PickCard):
            self.pick_card(command.item, command.card)
        elif isinstance(command, BuyCard):
            self.buy(command.item, command.card)
        elif isinstance(command, ClickHex) and self.human_turn:
            if self.selection is None:
                self.warn(_("Pick a card from your hand or an action first."), pos)
            else:
                self.click_hex(command.hex)
        elif isinstance(command, ScrollLog):
            self.log_back = max(0, min(len(self.log) - 1, self.log_back + command.lines))
        elif isinstance(command, FocusLog):
            self.focus_log(command.line, 1.5 if command.click else 0.0)

    def wheel(self, cmd: Command) -> None:
        """The wheel: over the log it scrolls back; over the board it zooms,
        except while a water tile is chosen: then it turns the tile (Shift
        with the wheel still zooms)."""
        pos = cmd.pos
        scroll = log.command_for_wheel(self.layout.log, pos, cmd.amount)
        if scroll is not None:
            self.carry_out(scroll)
            return
        water = self.selection is not None and self.selection.kind == "water"
        if water and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
            self.rotate(-cmd.amount)
        elif pos is not None and self.view.area.collidepoint(pos):
            self.zoom(1 if cmd.amount > 0 else -1)
            self.hover(pos)

    def hover(self, pos: tuple[int, int], cursor: bool = False) -> None:
        h = self.view.hex_at(pos)
        self.hover_text = ""
        self.hover_warn = False
        self.hover_hex = h
        self.hover_at = pos
        if self.b_undo in self.keep_buttons and self.b_undo.rect.collidepoint(pos):
            self.hover_text = self.undo_state()[2]
            return
        if not self.human_turn:
            return
        for b in self.action_buttons():
            if not b.enabled and b.rect.collidepoint(pos):
                self.hover_text, self.hover_warn = self.why_off(b), True
                return
        if h is not None and self.selection is not None:
            self.hover_text, self.hover_warn = choose.hover_words(self.layer, self.selection, h,
                                                                  self.turn_words())
            return
        for rect, item, card in self.market_slots:
            if rect.collidepoint(pos):
                action = self.layer.buy_card(item, card)
                if card:
                    what = _("the {card} card").format(card=card_name(card))
                elif item == "land":
                    what = _("a land card from the deck")
                else:
                    what = _("an animal card from the deck")
                if action:
                    self.hover_text = _("buy {what}: {effect}").format(
                        what=what, effect=self.layer.preview(action))
                else:
                    self.hover_text = hint(self.layer.refusal(Action("buy", item, card)),
                                           _("cannot buy {what} now").format(what=what))
                    self.hover_warn = True
        for rect, item, card in self.hand_slots:
            if rect.collidepoint(pos):
                n = len(self.layer.play_targets(card))
                self.hover_text = hexes_take(card, n) if n else \
                    choose.why_off(self.layer, f"play {item}", card)
                self.hover_warn = n == 0

    # ------------------------------------------------------------- events
    def on_events(self, action: Action, events: list[Event]) -> None:
        """Engine events -> log lines, animations, tickers, scoring and privacy screens."""
        kinds = [e.kind for e in events]
        told = events
        self.tip_clock.hide()                # a tooltip never lingers over a move
        if "scoring" in kinds:
            # The header keeps the round being scored while the board shows it
            # (a round's end already counts the next one), and the log tells
            # who won only when the scoring's scenes come up.
            obs = self.observation()
            ended = next((e for e in events if e.kind == "turn_ended"), None)
            new_round = ended is not None and ended.data.get("next") == obs.start_player
            self.scored_round = obs.round - 1 if new_round and obs.round > 1 else obs.round
            if self.factor > 0:
                told = [e for e in events if e.kind != "game_over"]
                self.held_back += [e for e in events if e.kind == "game_over"]
        self.tell(told)
        self.note_moves(events)
        lands = self.present(events)
        scores, money = self.show_totals(instant=self.factor <= 0, lands=lands)
        if "turn_ended" in kinds or "scoring" in kinds:
            self.samples.append((len(self.samples), scores, money, list(self.projected)))
        if "turn_ended" in kinds:
            ended = next(e.seat for e in events if e.kind == "turn_ended")
            self.seen_upto[ended] = len(self.entries)
        if self.keeper.problem:              # the table's autosave failed: say why
            self.warn(self.keeper.problem)
        self._after_turn(events)
        self.first_tips.observe(events)

    def rules_page(self) -> str | None:
        """The rules page of the tip or reason on screen (F1, H, pad R3)."""
        return self.first_tips.rules_page()

    def retell(self, state: GameState) -> None:
        """A resumed game: the log of its last actions (the charts come from
        its record when shown).  A long game is replayed on a thread, the
        screen playable meanwhile: its lines come in before the new ones."""
        if len(state.history) <= QUICK_ACTIONS:
            for events in retold(state):
                self.tell(events)
                self.note_moves(events)
            return
        snapshot = state.clone()
        done: list = []

        def replay() -> None:
            try:
                done.append(retold(snapshot))
                chart_history(snapshot)          # the charts' replay, once, here too
            except Exception as exc:  # noqa: BLE001 - the log only: the game goes on
                done.append(exc)

        self.retelling = (threading.Thread(target=replay, daemon=True,
                                           name="hacienda-retell"), done)
        self.retelling[0].start()

    def retold_in(self) -> None:
        """The long game's log lines, once the thread has them, before the new ones."""
        thread, done = self.retelling
        if not done:
            return
        self.retelling = None
        if isinstance(done[0], Exception):
            return
        newer, self.entries, self.log = self.entries, [], []
        for events in done[0]:
            self.tell(events)
        added = len(self.entries)
        self.entries += newer
        self.seen_upto = {seat: n + added for seat, n in self.seen_upto.items()}
        self.rewrap()
        older = RecentMoves(len(self.plan.seats))
        for events in done[0]:
            older.note([e.seen_by(None) for e in events], self.layer.board)
        self.recent = self.recent.after(older)

    # ------------------------------------------------------ undo, redo, save
    def undo_state(self) -> tuple[bool, str, str]:
        return self.keeper.undo_label(self.layer.game,
                                      self.human_turn and self.future is None)

    def undo(self) -> None:
        ok, _label, why = self.undo_state()
        if not ok:
            self.warn(why)
            return
        state = self.layer.game
        taken, seat = state.history[-1], state.current
        if self.table is not None:
            self.table.undo()
        else:
            self.keeper.undo(state)          # a joined game: the host takes it back
        self.recent.take_back()
        self.select(None)
        self.anims = Animations()
        board = self.layer.board
        self.say(lambda: _("{name} takes back: {action}").format(
            name=self.names[seat], action=action_words(taken, board)), seat)
        self.show_totals(instant=True)

    def redo(self) -> None:
        text = self.keeper.next_redo()
        if text is None or not self.human_turn:
            return
        self.select(None)
        if self.table is not None:
            self.table.redo()
            return
        action = parse_action(text)
        if not self.layer.game.is_legal(action):
            self.keeper.redo.clear()
            return
        self.layer.perform(action)

    def pause_menu(self) -> None:
        self.app.push(Pause(save=None if self.autoplay or self.joined else self.save_as))

    def save_as(self) -> None:
        from ....net.hosting import saved_plan
        from ..saveload import SaveDialog

        self.app.push(SaveDialog(self.layer.game, saved_plan(self.plan)))

    def _after_turn(self, events: list[Event]) -> None:
        from ..scoring import ScoringScene

        kinds = [e.kind for e in events]
        if "turn_ended" in kinds and self.selection is not None:
            self.select(None)
        if "turn_ended" in kinds and self.private and \
                not self.plan.seats[self.layer.current].is_human:
            self.viewer = self.shown_to = None      # hide the hand while the AI plays
        if "turn_ended" in kinds and not self.layer.is_over():
            self.check_privacy()
        over = next((e for e in events if e.kind == "game_over"), None)
        for e in events:
            if e.kind == "scoring":
                final = e.data["which"] == "final"
                self.pending.append(ScoringScene(
                    e.data["which"], e.data["table"], self.plan, e.data["scores"],
                    self.chart_samples(),
                    over.data["winners"] if (final and over) else None,
                    money=over.data["money"] if (final and over) else None,
                    on_close=self.after_final if final else None, autoplay=self.autoplay,
                    moments=self.key_moments if final and not self.joined else None))
        if over is not None and not any(e.kind == "scoring" for e in events):
            self.pending.append(ScoringScene(
                "final", [], self.plan, over.data["scores"], self.chart_samples(),
                over.data["winners"],
                money=over.data["money"], on_close=self.after_final, autoplay=self.autoplay,
                moments=None if self.joined else self.key_moments))
        if over is not None:
            # The end of the game: the final tally, then the winner's podium,
            # then the crown and the charts (all from the final ScoringScene).
            self.finished = True
            self.app.result = {"names": self.names,
                               "winners": [self.names[w] for w in over.data["winners"]],
                               "scores": over.data["scores"], "money": over.data["money"],
                               "reason": over.data["reason"],
                               "actions": len(self.layer.view(0).history)}

    def chart_samples(self) -> list:
        """The charts' points: from the game's record (the same before and after
        a reload or an undo); a joined game has no record here, so what this
        screen saw."""
        if self.joined:
            return list(self.samples)
        return chart_history(self.layer.game)

    def key_moments(self):
        """The finished game's key moments screen (a local game: a joined one
        never holds the record, whose seed deals the hidden cards)."""
        from ..moments import MomentsScene, finished_replay

        return MomentsScene(finished_replay(self.layer.game, self.plan, self.keeper.replay_path))

    def recap(self, seat: int) -> list[tuple[str, int | None]]:
        """What the others did since the seat's last turn (public log lines)."""
        return [(worded(text), who) for text, who in self.entries[self.seen_upto.get(seat, 0):]]

    def check_privacy(self) -> None:
        """Before a human's turn at a shared screen: a hand-off screen with a
        recap; the hand stays hidden until the next player is there."""
        cur = self.layer.current
        seats = self.plan.seats
        if not seats[cur].is_human:
            return
        humans = sum(s.is_human for s in seats)
        if humans > 1 and not self.plan.open_hands and self.shown_to != cur:
            sp = seats[cur]
            self.viewer = None
            self.pending.insert(0, Privacy(
                sp.name, self.app.art.seat_text_colour(sp.colour), f"emblem_{sp.colour}",
                recap=self.recap(cur), seat_colours=[s.colour for s in seats],
                on_ready=lambda seat=cur: self.handed_over(seat),
                on_replay=self.play_last_moves if self.recent.since(cur) else None))
            self.shown_to = cur
            return
        self.viewer = cur
        self.shown_to = cur

    def handed_over(self, seat: int) -> None:
        """The next player took over: show their hand; the pointer goes to the
        middle of the board, never onto a button that acts for them."""
        self.viewer = seat
        self.select(None)
        spot = self.view.area.center
        for b in self.buttons + self.keep_buttons:
            b.hover = False
        self.app.pointer = spot
        self.hover_hex = None
        self.message = ""
        self.cursor_shown = False
        try:
            if pygame.mouse.get_focused():
                pygame.mouse.set_pos(spot)
        except pygame.error:
            pass

    def after_final(self) -> None:
        if self.autoplay and not self.demo:
            self.app.quit(0)
            return
        from ..menu import MenuScene

        self.app.reset(MenuScene(after_game=True))

    # --------------------------------------------------------------- update
    def waiting_on(self):
        return self.ai_turns.waiting_on()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.retelling is not None:
            self.retold_in()
        self.edge_pan(dt)
        self.check_controller()
        if self.net is not None:
            status = self.net.status(self.names)
            if status:
                self.message, self.message_until = status, self.app.time + 0.25

    def edge_pan(self, dt: float) -> None:
        """A zoomed board pans while the pointer rests at its edge."""
        pos = self.app.pointer
        view = self.view
        if not view.zoom or pos is None or not view.area.collidepoint(pos) or self.cursor_shown:
            return
        a = view.area
        speed = 360 * dt
        dx = (-speed if pos[0] < a.left + EDGE else speed if pos[0] > a.right - EDGE else 0)
        dy = (-speed if pos[1] < a.top + EDGE else speed if pos[1] > a.bottom - EDGE else 0)
        if dx or dy:
            view.pan_by(dx, dy)
            self.hover_hex = view.hex_at(pos)

    def idle(self) -> None:
        if self.net is not None:
            self.net.pump()          # remote seats' actions (hosting) or the host's views
        self.coach.poll()
        self.ai_turns.idle()         # the table's AI seats, at the screen's pace

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.update_buttons()
        self.draw_table(surface)
        art = self.app.art
        hint_part.draw(surface, art, self.view, self.coach.model(), self.app.time)
        for b in self.keep_buttons:
            b.draw(surface, art)
            if not b.enabled:
                actionbar.veil(surface, b.rect)      # Undo, Redo, Hint: off as the actions
        self.anims.draw(surface, art)
        self.draw_guide(surface)     # a guide's words: under the bubble and the tooltip
        # where the bubble went (the first-time tips keep clear of it)
        self.bubble_rect = overlay.draw(surface, art, self.layout.board, self.overlay_model())
        said = self.net.notice(self.names) if self.net is not None else None
        if said is not None:         # the host gone, lost or silent: whole, over the board
            overlay.notice(surface, art, self.layout.board, said.title, said.lines)
        self.draw_tooltip(surface)
        self.first_tips.draw(surface)

    def draw_guide(self, surface: pygame.Surface) -> None:
        """Words a guide lays over the table (the tutorial's coach); none here."""

    def guide_rects(self) -> list[pygame.Rect]:
        """What a guide keeps clear of tooltips (the tutorial's coach); none here."""
        return []

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip, never over the lit targets the player is choosing from."""
        t = self.tooltip()
        if t is not None:
            tooltips.draw(surface, self.app.art, t, self.layout.side.x,
                          [*self.lit_rects(), *self.guide_rects()])

    def lit_rects(self) -> list[pygame.Rect]:
        """The lit targets of the choice being made, as rectangles on the canvas."""
        sel = self.selection
        if sel is None or not sel.targets:
            return []
        size = max(8, round(self.view.hex_px))
        out = []
        # a water tile's targets are groups of hexes: what is lit is their anchors
        for h in sorted(choose.marked_hexes(self.layer, sel)):
            spot = pygame.Rect(0, 0, size, size)
            spot.center = self.view.centres[h]
            if spot.colliderect(self.view.area):
                out.append(spot.clip(self.view.area))
        return out

    def bubble_model(self) -> BubbleModel | None:
        """The refusal, else what the hovered hex would do, next to the eye."""
        if self.message and self.app.time < self.message_until:
            return BubbleModel(self.message, self.message_at or self.feedback_spot(), True)
        if self.hover_text and self.hover_at is not None and (
                self.view.area.collidepoint(self.hover_at) or self.cursor_shown):
            return BubbleModel(self.hover_text, self.hover_at, self.hover_warn)
        return None

    def overlay_model(self) -> OverlayModel:
        """What floats over the table: the bubble, the demo's label (from the
        first frame on, never blinked away) and the held end turn's bar."""
        return OverlayModel(self.bubble_model(),
                            int(self.app.time * 2) % 2 == 0 if self.demo else None,
                            self.hold_model())

    def explain(self, t: Tip) -> Tip:
        """An off action button's tooltip says why it is off."""
        if t.key == "button" and not t.get("enabled"):
            for b in self.action_buttons():
                if tuple(b.rect) == t.rect:
                    return Tip(t.rect, t.key, (*t.params, ("why", self.why_off(b))))
        return t

    def focus_tip(self) -> tuple[object, Tip | None]:
        """The card or action the keys or a pad just moved to (shoulder
        buttons, Q/W and their kin): its tooltip while the focus is new."""
        if not self.cursor_shown or not self.human_turn:
            return None, None
        seen = self.__dict__.get("_focus_seen", (-1, -1))
        now = (self.card_index, self.action_index)
        if now != seen:
            self._focus_seen = now
            self._focus_on = "card" if now[0] != seen[0] else "action"
        on = self.__dict__.get("_focus_on")
        if on == "card" and self.card_index >= 0:
            if self.message and self.app.time < self.message_until:
                return None, None    # the refusal at the card says it: no tooltip over it
            slots = self.hand_slots
            if slots:
                rect, item, card = slots[self.card_index % len(slots)]
                counts = {c: n for _i, c, n in self.hand_model(self.observation()).cards}
                return ("card", self.card_index, card), tooltip_tip(
                    rect, "hand_card", item=item, card=card, count=counts.get(card, 1))
        if on == "action" and 0 <= self.action_index < 3:
            b = (self.b_hacienda, self.b_water, self.b_harvest)[self.action_index]
            return ("action", self.action_index), tooltip_tip(
                b.rect, "button", button=b.tip, size=0, enabled=b.enabled)
        return None, None

    def action_buttons(self) -> list[Button]:
        sel = self.selection
        return list(self.row_buttons) + (
            self.b_sizes if sel and sel.kind == "water" else [])

    def status_model(self) -> StatusModel:
        """Under the actions: what to do now, what the pointer is over (off the
        board) and, for keys and pads, their prompts (never over the board)."""
        strip = self.layout.strip
        line = self.app.art.fonts.body.line_height
        water = self.selection is not None and self.selection.kind == "water"
        x = self.b_sizes[-1].rect.right + 8 if water else strip.x + 8
        y = strip.y + 3
        off_board = "" if self.hover_at is None or self.view.area.collidepoint(self.hover_at) \
            else self.hover_text
        counting = not off_board and self.presenting
        text = off_board or (_("The scoring is being counted.") if counting
                             else self.status_hint())
        colour = WARN if off_board and self.hover_warn else WHITE if not off_board else GOLD
        colour = GREY if counting else colour
        prompts = None
        if self.wants_prompts():
            below = self.b_sizes[-1].rect.bottom + 2 if water else y + line
            prompts = status.play_prompts(self.app.pads.family(self.seat_device()), water,
                                          (strip.x + 8, below), strip.right - 6)
        elif not text and not self.human_turn and not self.autoplay:
            seat = self.plan.seats[self.layer.current]
            text = _("{name} plays on another screen.").format(name=seat.name) \
                if seat.kind == REMOTE else _("The AI seats are playing.")
            colour = GREY
        return StatusModel(text, colour, (x, y), 1 if prompts else 2, prompts=prompts)

    def update_buttons(self) -> None:
        human = self.human_turn
        kinds = {a.kind for a in self.layer.legal()} if human else set()
        self.b_hacienda.enabled = "buy hacienda" in kinds
        self.b_water.enabled = "buy water" in kinds
        self.b_harvest.enabled = "harvest" in kinds
        self.b_end.enabled = "end" in kinds
        self.light_end_turn()
        self.b_last.enabled = bool(self.recent.since(self.observation().seat))
        if self.keep_buttons:
            self.b_undo.enabled, self.b_undo.label, _why = self.undo_state()
            art = self.app.art
            if self.b_undo.width_in(art, art.fonts.body) > self.b_undo.rect.w - 6:
                self.b_undo.label = _("Undo")       # why not shows where the pointer is
            self.b_redo.enabled = human and self.keeper.next_redo() is not None
        sel = self.selection
        self.b_hacienda.selected = bool(sel and sel.kind == "hacienda")
        self.b_water.selected = bool(sel and sel.kind == "water")
        self.b_harvest.selected = bool(sel and sel.kind.startswith("harvest"))
        self.zoom_states()
        if sel and sel.kind == "water":
            sizes = self.layer.water_sizes()
            for i, b in enumerate(self.b_sizes):
                b.enabled = i + 1 in sizes
                b.selected = sel.size == i + 1

    def status_hint(self) -> str:
        """What the strip tells the player to do now (mouse or pad words); when
        only ending the turn is left, that, and why."""
        if self.net is not None and self.net.notice(self.names) is not None:
            return _("Waiting for the host: see above.")     # (the notice over the board)
        stuck = self.stuck_words()
        if stuck is not None:
            return stuck
        if self.only_end():
            why = self.layer.why_none("buy land")
            if why is not None and why.code == "turn_used":
                return hint(why)
            return _("Nothing else is possible this turn: end your turn.")
        return status.hint_words(self.selection, self.pad_turn(), self.human_turn,
                                 self.layer.board)

    def only_end(self) -> bool:
        """Nothing but ending the turn is left to the player to move (and nothing chosen)."""
        return self.selection is None and self.human_turn and \
            all(a.kind == "end" for a in self.layer.legal())

    end_lit = False       # End turn wears its lit face: nothing else is possible

    def light_end_turn(self) -> None:
        """End turn lit (the face the pointer gives it) while it is the one thing
        left to do; then back to what the pointer says."""
        lit = self.only_end()
        if lit:
            self.b_end.hover = True
        elif self.end_lit:
            pointer = self.app.pointer
            self.b_end.hover = pointer is not None and self.b_end.rect.collidepoint(pointer)
        self.end_lit = lit

    def stuck_words(self) -> str | None:
        """Too few pesos for a card (R18: 2 blind) and no card in hand, with
        actions left: what is still possible, read from the legal actions (a
        harvest, else only ending the turn); None in any other position."""
        if self.selection is not None or not self.human_turn:
            return None
        obs = self.layer.view(self.layer.current)
        money = obs.seats[obs.seat].money
        if obs.actions_taken >= ACTIONS_PER_TURN or money >= PRICE_BLIND \
                or sum(obs.land_hand) + sum(obs.animal_hand) > 0:
            return None
        kinds = {a.kind for a in self.layer.legal()}
        if kinds == {"end", "harvest"}:
            return (_("No pesos and no cards: harvest a chain or end your turn.") if money == 0
                    else _("Too few pesos and no cards: harvest a chain or end your turn."))
        if kinds == {"end"}:
            return (_("No pesos, no cards, nothing to harvest: end your turn.") if money == 0
                    else _("Too few pesos, no cards, nothing to harvest: end your turn."))
        return None

    # Each action button and the control it stands for (engine.whynot).
    def button_controls(self) -> dict[Button, tuple[str, int | None]]:
        out: dict[Button, tuple[str, int | None]] = {
            self.b_hacienda: ("buy hacienda", None), self.b_water: ("buy water", None),
            self.b_harvest: ("harvest", None), self.b_end: ("end", None)}
        out.update({b: ("buy water", i + 1) for i, b in enumerate(self.b_sizes)})
        return out

    def why_off(self, button: Button) -> str:
        """Why an action button is off, in one line with its numbers."""
        kind, size = self.button_controls().get(button, ("", None))
        if button is self.b_last:
            return _("Nothing happened since your last action.")
        if not self.human_turn:
            return _("Wait for your turn.")
        if size is not None and self.layer.water_sizes():
            return choose.why_size(self.layer, size)
        if kind:
            return choose.why_off(self.layer, kind)
        return _("Not possible now.")

    def off_button_hit(self, cmd) -> Button | None:
        """The off action button a click or its key is aimed at (it says why)."""
        for b in self.action_buttons():
            if b.enabled:
                continue
            if cmd.kind == "press" and cmd.button == 1 and cmd.pos is not None \
                    and b.rect.collidepoint(cmd.pos):
                return b
            if cmd.kind == "key" and b.key is not None and cmd.name == b.key:
                return b
        return None


def demo_scene() -> PlayScene:
    """The attract mode: four AI seats play while the title screen sits idle."""
    from ....session.plan import DEFAULT_NAMES, default_level

    seed = new_game_seed()
    seats = [SeatPlan(DEFAULT_NAMES[i], default_level(), i) for i in range(4)]
    return PlayScene(GamePlan("symmetric", seats, seed, [], open_hands=True), demo=True)


def autoplay_scene(app) -> PlayScene:
    """--autoplay: every seat an AI, no menus (CONTRACTS §5)."""
    from ....session.plan import DEFAULT_NAMES

    opts = app.options
    levels = opts.seats or ["random"] * 4
    seed = opts.seed if opts.seed is not None else new_game_seed()
    seats = [SeatPlan(f"{DEFAULT_NAMES[i]}", level, i) for i, level in enumerate(levels)]
    plan = GamePlan(opts.map or "symmetric", seats, seed, list(opts.variants), open_hands=True)
    return PlayScene(plan, autoplay=True)
