"""The play screen: board, cards, seats, hand, actions, log; human clicks and AI moves.

The screen shows one seat's view (``observe``): the hand of the human at the
screen, never another's.  Clicks become actions only through the action
layer, from ``legal_actions()``; a click that is not allowed says why.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from ...engine import Action, Event, GameState, new_game, parse_action
from ...engine.components import LAND_CARDS, PRICE_HACIENDA, PRICE_WATER
from ...engine.undo import UndoLimit
from ...i18n import _
from ...maps.board import Cell, cell_name
from ...session.choices import check_seat_kind
from ...session.keeper import GameKeeper, story
from ...session.plan import GamePlan, SeatPlan
from ..actionlayer import ActionLayer
from ..anim import Animations, Banner, Blink, CoinFly, Drop, FrameAnim, Pop, Ticker
from ..assets import GOLD, NIGHT, RED
from ..boardview import BoardView
from ..hint import HintCoach
from ..hints import about_the_turn, hint
from ..scene import Command, Scene
from ..sound import EVENT_CUES
from ..ui import Button, draw_panel, handle_buttons
from ..words import action_words, card_name, herd_paid, hexes_take, over_reason, scoring_name
from .overlays import Pause, Privacy
from .padplay import PadPlay
from .playdraw import (
    ACTIONS_RECT,
    BOARD_AREA,
    HAND_RECT,
    LOG_RECT,
    SEAT_H,
    SIDE_X,
    TRACK,
    TRACK_RECT,
    PlayDrawing,
)

AI_PAUSE = 0.45           # seconds between AI moves at normal animation speed


@dataclass
class Selection:
    """What the player is about to do: play a card, buy a hacienda or water, harvest."""

    kind: str                                  # play, hacienda, water, harvest, harvest_from
    card: str | None = None
    targets: dict = field(default_factory=dict)   # cell -> action (or list for harvest)
    size: int = 1                              # water tile size
    turns: int = 0                             # water tile rotation (x 60 degrees)


def describe(event: Event, names: list[str]) -> str:
    """A log line in plain words, in the game's language."""
    d = event.data
    k = event.kind
    if k == "scoring":
        parts = ", ".join(f"{names[i]} +{row['total']}" for i, row in enumerate(d["table"]))
        return _("{scoring}: {points}").format(scoring=scoring_name(d["which"]), points=parts)
    if k == "game_over":
        win = _(" and ").join(names[w] for w in d["winners"])
        text = _("Game over ({reason}): {names} win") if len(d["winners"]) > 1 else \
            _("Game over ({reason}): {names} wins")
        return text.format(reason=over_reason(d["reason"]), names=win)
    who = names[event.seat] if event.seat is not None else ""
    if k == "card_bought":
        if not d.get("card"):
            text = (_("{name} buys a land card from the deck for {price} pesos")
                    if d["item"] == "land" else
                    _("{name} buys an animal card from the deck for {price} pesos"))
            return text.format(name=who, price=d["price"])
        return _("{name} buys the face-up {card} card for {price} pesos").format(
            name=who, card=card_name(d["card"]), price=d["price"])
    if k == "card_revealed":
        return _("New face-up card: {card}").format(card=card_name(d["card"]))
    if k == "deck_reshuffled":
        return _("The land discards are shuffled into a new deck ({size} cards)").format(
            size=d["size"])
    if k == "stack_switched":
        return _("Animal stack {stack} is used up: {scoring} at the end of this round").format(
            stack=d["stack"] - 1, scoring=scoring_name(d["scoring"]))
    if k == "tile_placed":
        text = (_("{name} plays {card} as pampas: land tile on {cell}") if d.get("fallback")
                else _("{name} plays {card}: land tile on {cell}"))
        return text.format(name=who, card=card_name(d["card"]), cell=d["cell"])
    if k == "animal_placed":
        return _("{name} plays {animal}: token on {cell} (herd of {herd})").format(
            name=who, animal=card_name(d["animal"]), cell=d["cell"], herd=d["herd"])
    if k == "market_paid":
        return herd_paid(who, d["market"], d["herd"], d["land"], d["amount"])
    if k == "hacienda_placed":
        return _("{name} buys a hacienda for {price} pesos and builds it on {cell}").format(
            name=who, price=d["price"], cell=d["cell"])
    if k == "water_placed":
        return _("{name} buys a water tile of size {size} for {price} pesos: {cells}").format(
            name=who, size=d["size"], price=d["price"], cells=" ".join(d["cells"]))
    if k == "harvest":
        text = (_("{name} harvests a chain of {chain} at {cell}: {amount} pesos"
                  " (chip taken from {source})") if d.get("source") else
                _("{name} harvests a chain of {chain} at {cell}: {amount} pesos"))
        return text.format(name=who, chain=d["chain"], cell=d["cell"], amount=d["amount"],
                           source=d.get("source"))
    if k == "turn_ended":
        return (_("{name} ends the turn (no move possible)") if d.get("forced")
                else _("{name} ends the turn")).format(name=names[event.seat])
    return event.describe(names)


class PlayScene(PadPlay, PlayDrawing, Scene):
    thinks = True             # AI seats play (a replay only shows what they did)

    def __init__(self, plan: GamePlan, autoplay: bool = False, demo: bool = False,
                 state: GameState | None = None, limit: UndoLimit | None = None,
                 net=None):
        """A new game from the plan, or a saved one going on (``state``, and how
        far its turn may be undone); ``net``: a joined game (client.netlink.JoinPlay),
        or made here when a seat is remote (hosting)."""
        self.net = net
        self.plan = plan
        self.start_state = state
        self.start_limit = limit
        self.autoplay = autoplay or demo
        self.demo = demo          # the title screen's attract mode: any input ends it
        self.names = [s.name for s in plan.seats]
        self.selection: Selection | None = None
        self.hover_hex: int | None = None
        self.hover_text = ""
        self.message = ""
        self.message_until = 0.0
        # Log lines: (text, seat or None, first line of its entry).
        self.log: list[tuple[str, int | None, bool]] = []
        self.log_back = 0           # lines scrolled back from the newest
        self.anims = Animations()
        self.future = None
        self.redrawn = False          # set by draw when it repainted a panel or the pieces
        self.deferred = False
        self.ai = None
        self.ai_ready_at = 0.0
        self.coach = HintCoach(self)                        # hint hook: the coach
        self.pending: list = []           # scenes to show once this frame's events are done
        self.samples: list[tuple[int, list[int], list[int]]] = []
        self.hand_slots: list[tuple[pygame.Rect, str, str]] = []
        self.market_slots: list[tuple[pygame.Rect, str, str | None]] = []
        self.seat_rects: list[pygame.Rect] = []
        self._pieces_key: tuple | None = None
        self._pieces: pygame.Surface | None = None
        self._board_base: pygame.Surface | None = None
        self._drawn: dict = {}
        self._panels: dict[str, tuple] = {}
        self._panel_canvas: pygame.Surface | None = None
        self._spot: tuple[frozenset[int], pygame.Surface] | None = None
        self._frame: pygame.Surface | None = None
        self.finished = False

    # ------------------------------------------------------------ lifecycle
    def enter(self, app) -> None:
        super().enter(app)
        from ...ai import levels
        from ...net import REMOTE

        known = levels()
        for seat in self.plan.seats:
            if seat.kind != REMOTE:
                check_seat_kind(seat.kind)
        state = self.start_state
        if state is None and not (self.net and not self.net.hosting):
            state = new_game(self.plan.map, len(self.plan.seats), seed=self.plan.seed,
                             variants=self.plan.variants)
        if self.net is None and any(s.kind == REMOTE for s in self.plan.seats):
            from ..netlink import NetPlay

            self.net = NetPlay(self.plan, state)         # hosting: the remote seats join
        if self.net is not None:
            self.layer = self.net.layer(state, self.on_events)
            self.keeper = self.net.keeper(self.plan, self.start_limit)
            state = self.layer.game if self.net.hosting else None
        else:
            self.layer = ActionLayer(state, self.on_events)
            self.keeper = GameKeeper(self.plan, self.start_limit,
                                     keep=not self.autoplay and self.thinks)
        self.view = BoardView(self.layer.board, BOARD_AREA)
        scores, money = self.layer.public_totals()
        self.score_tick = [Ticker(v) for v in scores]
        self.money_tick = [Ticker(v) for v in money]
        self.samples.append((0, scores, money))
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
        top = 30 + len(self.plan.seats) * (SEAT_H + 2) + 2
        self.market_rect = pygame.Rect(SIDE_X, top, 244, 378 - top)
        if any(s.kind in known for s in self.plan.seats) and self.thinks and not (
                self.net is not None and not self.net.hosting):
            from ...ai import AIWorker

            self.ai = AIWorker()
        self.layout_buttons()
        if self.net is not None:
            self.say(self.net.welcome(self.names))
        elif state.history:
            self.say(_("Game resumed: round {round}, {name} to play.").format(
                round=state.round, name=self.names[cur]))
        else:
            self.say(_("{name} starts. Round 1.").format(name=self.names[cur]))
        self.check_privacy()

    def exit(self) -> None:
        keeper = getattr(self, "keeper", None)       # None if entering failed
        if keeper is not None:
            keeper.close()
        if self.ai is not None:
            self.ai.close()
            self.ai = None
        if self.net is not None:
            self.net.close()

    def pause(self) -> None:
        self.hover_hex = None

    def language_changed(self) -> None:
        self.layout_buttons()
        self._panels = {}        # every panel redraws in the new language

    def layout_buttons(self) -> None:
        y = 478
        self.b_hacienda = Button((8, y, 132, 26),
                                 _("Hacienda {price}").format(price=PRICE_HACIENDA),
                                 self.pick_hacienda, icon="icon_hacienda")
        self.b_water = Button((144, y, 124, 26), _("Water {price}").format(price=PRICE_WATER),
                              self.pick_water,
                              icon="icon_water")
        self.b_harvest = Button((272, y, 112, 26), _("Harvest"), self.pick_harvest,
                                icon="chip")
        self.b_end = Button((388, y, 164, 26), _("End turn"), self.end_turn, icon="icon_actions",
                            key="end_turn")
        self.b_menu = Button((880, 2, 76, 22), _("Menu"), self.pause_menu)
        self.b_undo = Button((428, 404, 124, 22), _("Undo"), self.undo, key="undo")
        self.b_redo = Button((428, 430, 124, 22), _("Redo"), self.redo, key="redo")
        self.keep_buttons = [] if self.autoplay else [self.b_undo, self.b_redo]
        self.b_sizes = [Button((8 + i * 50, 508, 46, 24), _("{size} hex").format(size=i + 1),
                               lambda n=i + 1: self.pick_water(n)) for i in range(4)]
        self.buttons = [self.b_hacienda, self.b_water, self.b_harvest, self.b_end, self.b_menu]
        self.keep_buttons += self.coach.layout()            # hint hook: its button

    # ------------------------------------------------------------- helpers
    @property
    def factor(self) -> float:
        return self.app.settings.anim_factor

    @property
    def human_turn(self) -> bool:
        return (not self.layer.is_over() and self.plan.seats[self.layer.current].is_human
                and not self.autoplay)

    def seat_plan(self, seat: int) -> SeatPlan:
        return self.plan.seats[seat]

    def colour(self, seat: int) -> tuple[int, int, int]:
        return self.app.art.seat_colour(self.plan.seats[seat].colour)

    def say(self, text: str, seat: int | None = None) -> None:
        lines = self.app.art.fonts.small.wrap(text, LOG_RECT.width - 28)
        for i, line in enumerate(lines):
            self.log.append((line, seat, i == 0))
        del self.log[:-200]

    def warn(self, text: str) -> None:
        self.app.sound.play("error")
        self.message = text
        self.message_until = self.app.time + 5.0

    def centre(self, cell: Cell | str) -> tuple[int, int]:
        board = self.layer.board
        return self.view.centres[board.hex_of(cell)]

    # ---------------------------------------------------------- selections
    def select(self, selection: Selection | None) -> None:
        self.selection = selection
        self.hover_text = ""
        self.follow_selection()

    def pick_card(self, item: str, card: str) -> None:
        if not self.human_turn:
            return
        if self.selection and self.selection.kind == "play" and self.selection.card == card:
            self.select(None)
            return
        targets = self.layer.play_targets(card)
        if not targets:
            self.warn(self.why_not(Action("play", item, card, (self.layer.board.cells[0],)),
                                   _("No hex takes a {card} card now.").format(
                                       card=card_name(card))))
            return
        self.select(Selection("play", card, targets))

    def why_not(self, action: Action, fallback: str) -> str:
        """The engine's reason when it is about the turn, else a plain fallback."""
        refusal = self.layer.refusal(action)
        if about_the_turn(refusal):
            return hint(refusal, fallback)
        return fallback

    def pick_hacienda(self) -> None:
        if not self.human_turn:
            return
        targets = self.layer.hacienda_targets()
        if not targets:
            self.warn(self.why_not(Action("buy", "hacienda", None, ((0, 0),)),
                                   _("No hacienda can be bought now: it needs 12 pesos, one"
                                     " left, one a turn, and a chain or herd of yours without"
                                     " one.")))
            return
        self.select(Selection("hacienda", None, targets))

    def pick_water(self, size: int | None = None) -> None:
        if not self.human_turn:
            return
        sizes = self.layer.water_sizes()
        if not sizes:
            self.warn(_("No water tile can be bought now: it needs 12 pesos, once a turn, and"
                        " free pampas for its shape."))
            return
        if size is None or size not in sizes:
            size = sizes[0] if size is None else size
            if size not in sizes:
                self.warn(_("No water tile of size {size} fits or is left now.").format(size=size))
                return
        turns = self.selection.turns if self.selection and self.selection.kind == "water" else 0
        self.select(Selection("water", None, self.layer.water_placements(size), size, turns))

    def pick_harvest(self) -> None:
        if not self.human_turn:
            return
        targets = self.layer.harvest_targets()
        if not targets:
            self.warn(_("Nothing to harvest now: once a turn, on a chain of yours without a"
                        " harvest chip."))
            return
        self.select(Selection("harvest", None, targets))

    def end_turn(self) -> None:
        if not self.human_turn:
            return
        action = self.layer.end_turn()
        if action is not None:
            self.select(None)
            self.layer.perform(action)

    def buy(self, item: str, card: str | None) -> None:
        if not self.human_turn:
            return
        action = self.layer.buy_card(item, card)
        if action is None:
            self.warn(hint(self.layer.refusal(Action("buy", item, card)), _("Not possible now.")))
            return
        self.select(None)
        self.layer.perform(action)

    def rotate(self, step: int) -> None:
        if self.selection and self.selection.kind == "water":
            self.selection.turns = (self.selection.turns + step) % 6
            self.after_rotate()

    def water_cells(self, h: int) -> tuple[Cell, ...] | None:
        sel = self.selection
        assert sel is not None
        return self.layer.water_shape(self.layer.board.cells[h], sel.size, sel.turns)

    def action_at(self, h: int) -> tuple[Action | None, Action | None]:
        """(legal action, attempted action) for the selection on hex h."""
        sel = self.selection
        board = self.layer.board
        cell = board.cells[h]
        if sel is None:
            return None, None
        if sel.kind == "play":
            item = "land" if sel.card in LAND_CARDS else "animal"
            return sel.targets.get(cell), Action("play", item, sel.card, (cell,))
        if sel.kind == "hacienda":
            return sel.targets.get(cell), Action("buy", "hacienda", None, (cell,))
        if sel.kind == "water":
            cells = self.water_cells(h)
            if cells is None:
                return None, None
            return sel.targets.get(cells), Action("buy", "water", None, cells)
        if sel.kind == "harvest":
            acts = sel.targets.get(cell)
            if acts and len(acts) == 1:
                return acts[0], acts[0]
            return None, Action("harvest", None, None, (cell,))
        if sel.kind == "harvest_from":
            return sel.targets.get(cell), None
        return None, None

    def click_hex(self, h: int) -> None:
        sel = self.selection
        if sel is None:
            return
        cell = self.layer.board.cells[h]
        if sel.kind == "harvest" and len(sel.targets.get(cell, [])) > 1:
            # R37: every chip is out; now pick the chip to take.
            self.select(Selection("harvest_from", None,
                                  {a.source: a for a in sel.targets[cell]}))
            self.warn(_("All 8 chips are on the board: click the chip to take."))
            return
        action, attempt = self.action_at(h)
        if action is not None:
            self.select(None)
            self.layer.perform(action)
            return
        if attempt is not None:
            self.warn(hint(self.layer.refusal(attempt),
                           _("Not possible on {cell}.").format(cell=cell_name(cell))))
        elif sel.kind == "water":
            self.warn(_("The water tile would leave the board there; turn it (R, right click)."))
        else:
            self.warn(_("Not possible on {cell}.").format(cell=cell_name(cell)))

    # ---------------------------------------------------------------- input
    def handle(self, cmd: Command) -> None:
        if self.demo:
            if cmd.kind in ("press", "key"):
                from .menu import MenuScene

                self.app.reset(MenuScene())
            return
        if self.coach.handle(cmd):                          # hint hook: T key, pad L3
            return
        if self.net is not None and self.net.take(cmd):
            return                   # the host hands a dropped remote seat to an AI
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
            if cmd.pos is not None and LOG_RECT.collidepoint(cmd.pos):
                # The wheel over the log scrolls back through the game.
                self.log_back = max(0, min(len(self.log) - 1, self.log_back + cmd.amount * 3))
            else:
                self.rotate(-cmd.amount)
            return
        if handle_buttons(self.buttons + self.keep_buttons, cmd):
            return
        if self.selection and self.selection.kind == "water" and handle_buttons(self.b_sizes, cmd):
            return
        if cmd.kind == "point" and cmd.pos is not None:
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
        for rect, item, card in self.hand_slots:
            if rect.collidepoint(cmd.pos):
                self.pick_card(item, card)
                return
        for rect, item, card in self.market_slots:
            if rect.collidepoint(cmd.pos):
                self.buy(item, card)
                return
        h = self.view.hex_at(cmd.pos)
        if h is not None and self.human_turn:
            if self.selection is None:
                self.warn(_("Pick a card from your hand or an action first."))
            else:
                self.click_hex(h)

    def hover(self, pos: tuple[int, int]) -> None:
        h = self.view.hex_at(pos)
        self.hover_text = ""
        self.hover_hex = h
        if self.b_undo in self.keep_buttons and self.b_undo.rect.collidepoint(pos):
            self.hover_text = self.undo_state()[2]
            return
        if h is not None and self.selection is not None and self.human_turn:
            action = self.action_at(h)[0]
            if action is not None:
                self.hover_text = self.layer.preview(action)
            elif self.selection.kind != "harvest":
                attempt = self.action_at(h)[1]
                if attempt is not None:
                    # Why can't I place here? The rule, in a short sentence.
                    self.hover_text = hint(self.layer.refusal(attempt))
            elif self.selection.kind == "harvest":
                acts = self.selection.targets.get(self.layer.board.cells[h])
                if acts:
                    self.hover_text = _("all chips are out: then pick the chip to take")
            return
        if not self.human_turn:
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
                self.hover_text = (_("buy {what}: {effect}").format(
                    what=what, effect=self.layer.preview(action)) if action
                    else hint(self.layer.refusal(Action("buy", item, card)),
                              _("cannot buy {what} now").format(what=what)))
        for rect, _item, card in self.hand_slots:
            if rect.collidepoint(pos):
                n = len(self.layer.play_targets(card))
                self.hover_text = hexes_take(card, n)

    # ------------------------------------------------------------- events
    def on_events(self, action: Action, events: list[Event]) -> None:
        """Engine events -> log lines, animations, tickers, scoring and privacy screens."""
        f = self.factor
        board = self.layer.board
        scale = self.view.piece_scale
        delay = 0.0
        self.tell(events)
        for event in events:
            e = event.seen_by(None)     # effects show only public facts
            for name, at in EVENT_CUES.get(e.kind, ()):
                self.app.sound.play(name, delay + at * f)
            if e.kind == "market_paid":
                self.rumble(e.seat)
            if f <= 0:
                continue
            d = e.data
            if e.kind == "tile_placed":
                h = board.hex_of(d["cell"])
                c = self.seat_plan(e.seat).colour
                self.anims.add(Drop(self.piece(f"land_{c}", c),
                                    self.view.centres[h], (h, 0), 0.5 * f, delay, scale))
            elif e.kind == "animal_placed":
                h = board.hex_of(d["cell"])
                c = self.seat_plan(e.seat).colour
                frame = self.piece(f"animal_{d['animal']}_{c}", c)
                self.anims.add(Drop(frame, self.view.centres[h], (h, 0), 0.5 * f, delay, scale))
            elif e.kind == "market_paid":
                side = board.hex_of(d["side"])
                group = _group(self.observation(), side)
                self.anims.add(Blink("hex_selected", [self.view.centres[x] for x in group],
                                     0.9 * f, delay + 0.3 * f))
                self.coin(e.seat, self.centre(d["market"]), d["amount"], delay + 0.35 * f)
                delay += 0.15 * f
            elif e.kind == "harvest":
                h = board.hex_of(d["cell"])
                frames = self.app.art.sprites.animations.get("chip_pop",
                                                             [f"chip_pop_{i}" for i in range(4)])
                cx, cy = self.view.centres[h]
                self.anims.add(FrameAnim([x for x in frames if x in self.app.art.sprites],
                                         (cx + 7, cy + 6), 0.5 * f, delay, hides=(h, 2)))
                self.coin(e.seat, self.view.centres[h], d["amount"], delay + 0.2 * f)
            elif e.kind == "hacienda_placed":
                h = board.hex_of(d["cell"])
                cx, cy = self.view.centres[h]
                c = self.seat_plan(e.seat).colour
                self.anims.add(Drop(self.piece(f"hacienda_{c}", c),
                                    (cx, cy - 6), (h, 1), 0.5 * f, delay, scale))
                self.anims.add(Pop(f"-{d['price']}", self.view.centres[h], 0.8 * f, delay, RED))
            elif e.kind == "water_placed":
                for i, c in enumerate(d["cells"]):
                    h = board.hex_of(c)
                    self.anims.add(Drop("water", self.view.centres[h], (h, 0), 0.45 * f,
                                        delay + 0.06 * i * f, scale))
            elif e.kind == "card_bought":
                rect = self.seat_rects[e.seat] if e.seat < len(self.seat_rects) else None
                if rect is not None:
                    self.anims.add(Pop(f"-{d['price']}", (rect.right - 60, rect.y + 12),
                                       0.7 * f, delay, RED))
            elif e.kind == "stack_switched":
                self.anims.add(Banner(_("{scoring} after this round").format(
                    scoring=scoring_name(d["scoring"])),
                                      BOARD_AREA.center, 2.0 * f, delay))
        scores, money = self.show_totals(instant=f <= 0)
        kinds = [e.kind for e in events]
        if "turn_ended" in kinds or "scoring" in kinds:
            self.samples.append((len(self.samples), scores, money))
        self.keeper.note(self.layer.game, action, events)
        if self.keeper.problem:
            self.warn(self.keeper.problem)
        self._after_turn(events)

    def tell(self, events: list[Event]) -> None:
        """The log lines for an action's events (only public facts)."""
        for event in events:
            e = event.seen_by(None)
            if e.kind not in ("card_revealed",):
                self.say(describe(e, self.names), e.seat)

    def show_totals(self, instant: bool) -> tuple[list[int], list[int]]:
        scores, money = self.layer.public_totals()
        for i in range(len(scores)):
            self.score_tick[i].set(scores[i], instant=instant)
            self.money_tick[i].set(money[i], instant=instant)
        return scores, money

    def retell(self, state: GameState) -> None:
        """A resumed game: the log and the score charts of the game so far."""
        for _action, events, scores, money in story(state):
            self.tell(events)
            if any(e.kind in ("turn_ended", "scoring") for e in events):
                self.samples.append((len(self.samples), scores, money))

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
        self.layer.restore(self.keeper.undo(state))
        self.select(None)
        self.anims = Animations()
        self.say(_("{name} takes back: {action}").format(name=self.names[seat],
                                                          action=action_words(taken)),
                 seat)
        self.show_totals(instant=True)

    def redo(self) -> None:
        text = self.keeper.next_redo()
        if text is None or not self.human_turn:
            return
        action = parse_action(text)
        if not self.layer.game.is_legal(action):
            self.keeper.redo.clear()
            return
        self.select(None)
        self.layer.perform(action)

    def pause_menu(self) -> None:
        joined = self.net is not None and not self.net.hosting     # the host keeps the game
        self.app.push(Pause(save=None if self.autoplay or joined else self.save_as))

    def save_as(self) -> None:
        from ...net.hosting import saved_plan
        from .saveload import SaveDialog

        self.app.push(SaveDialog(self.layer.game, saved_plan(self.plan)))

    def coin(self, seat: int, start: tuple[float, float], amount: int, delay: float) -> None:
        f = self.factor
        rect = self.seat_rects[seat] if seat < len(self.seat_rects) else None
        end = (rect.x + 60, rect.y + 24) if rect is not None else (SIDE_X, 40)
        self.anims.add(CoinFly(start, end, 0.6 * f, delay))
        self.anims.add(Pop(f"+{amount}", start, 0.9 * f, delay, GOLD))

    def _after_turn(self, events: list[Event]) -> None:
        from .scoring import ScoringScene

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
                    list(self.samples),
                    over.data["winners"] if (final and over) else None,
                    money=over.data["money"] if (final and over) else None,
                    on_close=self.after_final if final else None, autoplay=self.autoplay))
        if over is not None and not any(e.kind == "scoring" for e in events):
            self.pending.append(ScoringScene(
                "final", [], self.plan, over.data["scores"], self.samples, over.data["winners"],
                money=over.data["money"], on_close=self.after_final, autoplay=self.autoplay))
        if over is not None:
            self.finished = True
            self.app.result = {"names": self.names,
                               "winners": [self.names[w] for w in over.data["winners"]],
                               "scores": over.data["scores"], "money": over.data["money"],
                               "reason": over.data["reason"],
                               "actions": len(self.layer.view(0).history)}

    def check_privacy(self) -> None:
        """Before a human's turn at a shared screen: pass the mouse, hide the hand."""
        cur = self.layer.current
        seats = self.plan.seats
        if not seats[cur].is_human:
            return
        humans = sum(s.is_human for s in seats)
        if humans > 1 and not self.plan.open_hands and self.shown_to != cur:
            sp = seats[cur]
            self.pending.insert(0, Privacy(sp.name, self.app.art.seat_text_colour(sp.colour),
                                           f"emblem_{sp.colour}"))
        self.viewer = cur
        self.shown_to = cur

    def after_final(self) -> None:
        if self.autoplay and not self.demo:
            self.app.quit(0)
            return
        from .menu import MenuScene

        self.app.reset(MenuScene())

    # --------------------------------------------------------------- update
    def waiting_on(self):
        return self.future if self.future is not None and not self.future.done() else None

    def update(self, dt: float) -> None:
        self.anims.update(dt)
        rate = 0 if self.factor <= 0 else 30 / self.factor
        for t in self.score_tick:
            t.update(dt, rate)
        for t in self.money_tick:
            t.update(dt, rate * 2)
        if self.pending:
            # Scenes queued by this turn's events: the last pushed shows first.
            for scene in self.pending:
                self.app.push(scene)
            self.pending = []
        self.check_controller()
        if self.net is not None:
            status = self.net.status(self.names)
            if status:
                self.message, self.message_until = status, self.app.time + 0.25

    def ai_turn(self) -> bool:
        seat = self.plan.seats[self.layer.current]
        return (not self.layer.is_over() and not self.pending and seat.kind != "remote"
                and (self.autoplay or not seat.is_human)
                and (self.net is None or self.net.ready()
                     and not self.net.is_remote(self.layer.current)))

    def idle(self) -> None:
        """Between frames: carry out the AI's move once it is ready (and the last
        one has been on screen long enough), then ask for the next one.  The AI
        thinks in another process; only its answer is applied here."""
        if self.redrawn and not self.deferred:
            # This frame repainted panels: the next move waits one frame, so
            # applying it and painting it never fall in the same frame.
            self.deferred = True
            return
        self.deferred = False
        self.coach.poll()                                   # hint hook: the answer
        if self.net is not None:
            self.net.pump()          # remote seats' actions (hosting) or the host's views
        if self.future is not None and self.future.done() and self.app.time >= self.ai_ready_at:
            action = self.future.result()
            if getattr(self.future, "notice", None):      # the AI fell back on a quick move
                self.warn(self.future.notice)
            self.future = None
            self.layer.perform(action)
            instant = (self.autoplay and self.app.options.headless
                       and not self.app.options.realtime)
            self.ai_ready_at = self.app.time + (0.0 if instant
                                                else AI_PAUSE * max(self.factor, 0.3))
        if self.future is not None or not self.ai_turn():
            return
        if self.ai is None:
            from ...ai import AIWorker

            self.ai = AIWorker()
        from ...ai.base import decision_seed

        cur = self.layer.current
        view = self.layer.view(cur)
        self.future = self.ai.think(self.plan.seats[cur].kind, view,
                                    seed=decision_seed(self.plan.ai_seed, cur, len(view.history)))

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.redrawn = False
        art = self.app.art
        obs = self.observation()
        self.update_buttons()
        if self._frame is None:
            # The panels that never move, drawn once.
            self._frame = pygame.Surface(surface.get_size()).convert()
            self._frame.fill(NIGHT)
            for rect in (BOARD_AREA.inflate(8, 8).union(TRACK.inflate(16, 8)),
                         self.market_rect, HAND_RECT, LOG_RECT):
                draw_panel(self._frame, art, rect)
        if self._panel_canvas is None:
            self._panel_canvas = self._frame.copy()
        # Each panel is redrawn (into the panel canvas) only when what it shows
        # has changed; then the canvas, the board and what moves are drawn.
        now = self.app.time
        ticks = (tuple(t.value for t in self.money_tick), tuple(t.value for t in self.score_tick))
        sel = self.selection
        sel_key = (sel.kind, sel.card, sel.size, sel.turns) if sel else None
        n = len(self.plan.seats)
        self._panel(surface, "top", pygame.Rect(0, 0, 876, 26),
                    (obs.round, obs.current, obs.actions_taken, obs.over, obs.stack,
                     obs.animal_draw_size, obs.animal_waiting_size, obs.intermediate_due,
                     obs.final_due), lambda s: self.draw_top(s, obs))
        self._panel(surface, "track", TRACK_RECT, ticks[1], self.draw_track)
        self._panel(surface, "seats", pygame.Rect(SIDE_X, 30, 244, n * (SEAT_H + 2)),
                    (ticks, tuple((v.land_cards, v.animal_cards) for v in obs.seats),
                     obs.current, obs.over, int(now * 2) % 2), lambda s: self.draw_seats(s, obs))
        self._panel(surface, "market", self.market_rect,
                    (obs.land_face_up, obs.animal_face_up, obs.land_deck_size,
                     obs.animal_draw_size, obs.haciendas_left, len(obs.chips), obs.water_left),
                    lambda s: self.draw_market(s, obs))
        self._panel(surface, "hand", HAND_RECT,
                    (obs.seat, obs.land_hand, obs.animal_hand, sel_key, self.viewer,
                     obs.current, obs.over), lambda s: self.draw_hand(s, obs))
        self._panel(surface, "log", LOG_RECT, (len(self.log), self.log[-1:], self.log_back),
                    self.draw_log)
        buttons = self.buttons + (self.b_sizes if sel and sel.kind == "water" else [])
        self._panel(surface, "actions", ACTIONS_RECT,
                    (tuple((b.enabled, b.hover, b.selected, now - b.pressed_at < 0.12)
                           for b in buttons), sel_key, self.hover_text,
                     self.message if now < self.message_until else "", self.human_turn),
                    lambda s: self._draw_actions(s, buttons))
        surface.blit(self._panel_canvas, (0, 0))
        self.draw_board(surface, obs)
        self.draw_highlights(surface)
        self.coach.draw(surface)                            # hint hook: lit hexes, reason
        self.draw_cursor(surface)
        self.b_menu.draw(surface, art)
        for b in self.keep_buttons:
            b.draw(surface, art)
        if self.demo and int(self.app.time * 2) % 2 == 0:
            art.fonts.large.draw(surface, _("Demo game · click to play"), BOARD_AREA.midtop,
                                 GOLD, align="center")
        self.anims.draw(surface, art)

    def observation(self):
        """The seat view the screen shows."""
        seat = self.layer.current if self.autoplay or self.viewer is None else self.viewer
        return self.layer.view(seat)

    def update_buttons(self) -> None:
        human = self.human_turn
        kinds = {a.kind for a in self.layer.legal()} if human else set()
        self.b_hacienda.enabled = "buy hacienda" in kinds
        self.b_water.enabled = "buy water" in kinds
        self.b_harvest.enabled = "harvest" in kinds
        self.b_end.enabled = "end" in kinds
        if self.keep_buttons:
            self.b_undo.enabled, self.b_undo.label, _why = self.undo_state()
            self.b_redo.enabled = human and self.keeper.next_redo() is not None
        sel = self.selection
        self.b_hacienda.selected = bool(sel and sel.kind == "hacienda")
        self.b_water.selected = bool(sel and sel.kind == "water")
        self.b_harvest.selected = bool(sel and sel.kind.startswith("harvest"))
        if sel and sel.kind == "water":
            sizes = self.layer.water_sizes()
            for i, b in enumerate(self.b_sizes):
                b.enabled = i + 1 in sizes
                b.selected = sel.size == i + 1

def _group(obs, h: int) -> list[int]:
    """The herd (same owner, same animal) holding hex h, from a seat's view."""
    kind, owner, adj = obs.kind, obs.owner, obs.board.adjacent
    seen, stack = {h}, [h]
    while stack:
        x = stack.pop()
        for n in adj[x]:
            if n not in seen and kind[n] == kind[h] and owner[n] == owner[h]:
                seen.add(n)
                stack.append(n)
    return sorted(seen)


def demo_scene() -> PlayScene:
    """The attract mode: four AI seats play while the title screen sits idle."""
    from ...session.plan import DEFAULT_NAMES, default_level

    seed = random.randrange(1, 100000)
    seats = [SeatPlan(DEFAULT_NAMES[i], default_level(), i) for i in range(4)]
    return PlayScene(GamePlan("symmetric", seats, seed, [], open_hands=True), demo=True)


def autoplay_scene(app) -> PlayScene:
    """--autoplay: every seat an AI, no menus (CONTRACTS §5)."""
    from ...session.plan import DEFAULT_NAMES

    opts = app.options
    levels = opts.seats or ["random"] * 4
    seed = opts.seed if opts.seed is not None else random.randrange(1, 100000)
    seats = [SeatPlan(f"{DEFAULT_NAMES[i]}", level, i) for i, level in enumerate(levels)]
    plan = GamePlan(opts.map or "symmetric", seats, seed, list(opts.variants), open_hands=True)
    return PlayScene(plan, autoplay=True)
