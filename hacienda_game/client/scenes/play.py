"""The play screen: board, cards, seats, hand, actions, log; human clicks and AI moves.

The screen shows one seat's view (``observe``): the hand of the human at the
screen, never another's.  Clicks become actions only through the action
layer, from ``legal_actions()``; a click that is not allowed says why.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from ...engine import Action, Event, new_game
from ...engine.components import ANIMALS, LAND_CARDS, PRICE_HACIENDA, PRICE_WATER
from ...engine.groups import ANIMAL0, EMPTY, LAND, WATER
from ...maps.board import Cell, cell_name
from ..actionlayer import ActionLayer
from ..anim import Animations, Banner, Blink, CoinFly, Drop, FrameAnim, Pop, Ticker
from ..assets import DIM, GOLD, GREEN, GREY, INK, NIGHT, RED, WHITE
from ..boardview import BoardView
from ..plan import GamePlan, SeatPlan
from ..scene import Command, Scene
from ..ui import Button, draw_buttons, draw_panel, handle_buttons
from .overlays import Pause, Privacy

BOARD_AREA = pygame.Rect(8, 28, 696, 324)
TRACK = pygame.Rect(16, 356, 680, 22)
SIDE_X = 712
SEAT_H = 34
HAND_Y = 398
CARD_W, CARD_H = 32, 44
LOG_RECT = pygame.Rect(560, 382, 396, 154)
HAND_RECT = pygame.Rect(4, 382, 552, 90)
TRACK_RECT = pygame.Rect(8, 353, 700, 27)
ACTIONS_RECT = pygame.Rect(0, 474, 558, 66)
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
    """A log line in plain words."""
    d = event.data
    if event.kind == "scoring":
        parts = ", ".join(f"{names[i]} +{row['total']}" for i, row in enumerate(d["table"]))
        return f"{d['which'].capitalize()} scoring: {parts}"
    if event.kind == "game_over":
        win = " and ".join(names[w] for w in d["winners"])
        return f"Game over ({d['reason']}): {win} {'win' if len(d['winners']) > 1 else 'wins'}"
    if event.kind == "turn_ended":
        return f"{names[event.seat]} ends the turn" + (" (no move possible)"
                                                       if d.get("forced") else "")
    return event.describe(names)


class PlayScene(Scene):
    def __init__(self, plan: GamePlan, autoplay: bool = False, demo: bool = False):
        self.plan = plan
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
        self.anims = Animations()
        self.future = None
        self.ai = None
        self.ai_ready_at = 0.0
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

        known = levels()
        for seat in self.plan.seats:
            if not seat.is_human and seat.kind not in known:
                raise ValueError(f"unknown AI level {seat.kind!r}; choose one of"
                                 f" {', '.join(known)}")
        state = new_game(self.plan.map, len(self.plan.seats), seed=self.plan.seed,
                         variants=self.plan.variants)
        self.layer = ActionLayer(state, self.on_events)
        self.view = BoardView(state.board, BOARD_AREA)
        self.rng = random.Random(self.plan.seed)
        scores, money = self.layer.public_totals()
        self.score_tick = [Ticker(v) for v in scores]
        self.money_tick = [Ticker(v) for v in money]
        self.samples.append((0, scores, money))
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
        if len(humans) < len(self.plan.seats):
            from ...ai import AIWorker

            self.ai = AIWorker()
        self.layout_buttons()
        self.say(f"{self.names[cur]} starts. Round 1.")
        self.check_privacy()

    def exit(self) -> None:
        if self.ai is not None:
            self.ai.close()
            self.ai = None

    def pause(self) -> None:
        self.hover_hex = None

    def layout_buttons(self) -> None:
        y = 478
        self.b_hacienda = Button((8, y, 132, 26), f"Hacienda {PRICE_HACIENDA}",
                                 self.pick_hacienda, icon="icon_hacienda")
        self.b_water = Button((144, y, 124, 26), f"Water {PRICE_WATER}", self.pick_water,
                              icon="icon_water")
        self.b_harvest = Button((272, y, 112, 26), "Harvest", self.pick_harvest,
                                icon="chip")
        self.b_end = Button((388, y, 164, 26), "End turn", self.end_turn, icon="icon_actions",
                            key="end_turn")
        self.b_menu = Button((880, 2, 76, 22), "Menu", lambda: self.app.push(Pause()))
        self.b_sizes = [Button((8 + i * 50, 508, 46, 24), f"{i + 1} hex",
                               lambda n=i + 1: self.pick_water(n)) for i in range(4)]
        self.buttons = [self.b_hacienda, self.b_water, self.b_harvest, self.b_end, self.b_menu]

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
        self.message = text
        self.message_until = self.app.time + 5.0

    def centre(self, cell: Cell | str) -> tuple[int, int]:
        board = self.layer.board
        return self.view.centres[board.hex_of(cell)]

    # ---------------------------------------------------------- selections
    def select(self, selection: Selection | None) -> None:
        self.selection = selection
        self.hover_text = ""

    def pick_card(self, item: str, card: str) -> None:
        if not self.human_turn:
            return
        if self.selection and self.selection.kind == "play" and self.selection.card == card:
            self.select(None)
            return
        targets = self.layer.play_targets(card)
        if not targets:
            self.warn(self.why_not(Action("play", item, card, (self.layer.board.cells[0],)),
                                   f"No hex takes a {card} card now."))
            return
        self.select(Selection("play", card, targets))

    def why_not(self, action: Action, fallback: str) -> str:
        """The engine's reason when it is about the turn, else a plain fallback."""
        reason = self.layer.explain(action) or ""
        if "R13" in reason or "R15" in reason or "R16" in reason or "R3)" in reason \
                or "R4)" in reason:
            return reason.split(": ", 1)[-1]
        return fallback

    def pick_hacienda(self) -> None:
        if not self.human_turn:
            return
        targets = self.layer.hacienda_targets()
        if not targets:
            self.warn(self.why_not(Action("buy", "hacienda", None, ((0, 0),)),
                                   "No hacienda can be bought now: it needs 12 pesos, one left,"
                                   " one a turn, and a chain or herd of yours without one (R20)."))
            return
        self.select(Selection("hacienda", None, targets))

    def pick_water(self, size: int | None = None) -> None:
        if not self.human_turn:
            return
        sizes = self.layer.water_sizes()
        if not sizes:
            self.warn("No water tile can be bought now: it needs 12 pesos, once a turn, and free"
                      " pampas for its shape (R21).")
            return
        if size is None or size not in sizes:
            size = sizes[0] if size is None else size
            if size not in sizes:
                self.warn(f"No size-{size} water tile fits or is left now.")
                return
        turns = self.selection.turns if self.selection and self.selection.kind == "water" else 0
        self.select(Selection("water", None, self.layer.water_placements(size), size, turns))

    def pick_harvest(self) -> None:
        if not self.human_turn:
            return
        targets = self.layer.harvest_targets()
        if not targets:
            self.warn("Nothing to harvest now: once a turn, on a chain of yours without a"
                      " harvest chip (R36-R38).")
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
            self.warn(self.layer.explain(Action("buy", item, card)) or "Not possible now.")
            return
        self.select(None)
        self.layer.perform(action)

    def rotate(self, step: int) -> None:
        if self.selection and self.selection.kind == "water":
            self.selection.turns = (self.selection.turns + step) % 6

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
            self.warn("All 8 chips are on the board: click the chip to take (R37).")
            return
        action, attempt = self.action_at(h)
        if action is not None:
            self.select(None)
            self.layer.perform(action)
            return
        if attempt is not None:
            self.warn(self.layer.explain(attempt) or f"Not possible on {cell_name(cell)}.")
        elif sel.kind == "water":
            self.warn("The water tile would leave the board there; turn it (R, right click).")
        else:
            self.warn(f"Not possible on {cell_name(cell)}.")

    # ---------------------------------------------------------------- input
    def handle(self, cmd: Command) -> None:
        if self.demo:
            if cmd.kind in ("press", "key"):
                from .menu import MenuScene

                self.app.reset(MenuScene())
            return
        if cmd.kind == "key":
            if cmd.name == "back":
                if self.selection is not None:
                    self.select(None)
                else:
                    self.app.push(Pause())
                return
            if cmd.name == "help":
                from .overlays import Help

                self.app.push(Help())
                return
            if cmd.name == "rotate":
                self.rotate(1)
                return
        if cmd.kind == "wheel":
            self.rotate(-cmd.amount)
            return
        if handle_buttons(self.buttons, cmd):
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
                self.warn("Pick a card from your hand or an action first.")
            else:
                self.click_hex(h)

    def hover(self, pos: tuple[int, int]) -> None:
        h = self.view.hex_at(pos)
        self.hover_text = ""
        self.hover_hex = h
        if h is not None and self.selection is not None and self.human_turn:
            action, _ = self.action_at(h)
            if action is not None:
                self.hover_text = self.layer.preview(action)
            elif self.selection.kind == "harvest":
                acts = self.selection.targets.get(self.layer.board.cells[h])
                if acts:
                    self.hover_text = "all chips are out: then pick the chip to take"
            return
        if not self.human_turn:
            return
        for rect, item, card in self.market_slots:
            if rect.collidepoint(pos):
                action = self.layer.buy_card(item, card)
                what = f"{item} card {card}" if card else f"a {item} card from the deck"
                self.hover_text = (f"buy {what}: {self.layer.preview(action)}" if action
                                   else f"cannot buy {what} now")

    # ------------------------------------------------------------- events
    def on_events(self, action: Action, events: list[Event]) -> None:
        """Engine events -> log lines, animations, tickers, scoring and privacy screens."""
        f = self.factor
        board = self.layer.board
        scale = self.view.piece_scale
        delay = 0.0
        for event in events:
            e = event.seen_by(None)     # the log and effects show only public facts
            if e.kind not in ("card_revealed",):
                self.say(describe(e, self.names), e.seat)
            if f <= 0:
                continue
            d = e.data
            if e.kind == "tile_placed":
                h = board.hex_of(d["cell"])
                self.anims.add(Drop(f"land_{self.seat_plan(e.seat).colour}",
                                    self.view.centres[h], (h, 0), 0.5 * f, delay, scale))
            elif e.kind == "animal_placed":
                h = board.hex_of(d["cell"])
                frame = f"animal_{d['animal']}_{self.seat_plan(e.seat).colour}"
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
                self.anims.add(Drop(f"hacienda_{self.seat_plan(e.seat).colour}",
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
                self.anims.add(Banner(f"{d['scoring'].capitalize()} scoring after this round",
                                      BOARD_AREA.center, 2.0 * f, delay))
        scores, money = self.layer.public_totals()
        for i in range(len(scores)):
            self.score_tick[i].set(scores[i], instant=f <= 0)
            self.money_tick[i].set(money[i], instant=f <= 0)
        kinds = [e.kind for e in events]
        if "turn_ended" in kinds or "scoring" in kinds:
            self.samples.append((len(self.samples), scores, money))
        self._after_turn(events)

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
            self.pending.insert(0, Privacy(sp.name, self.colour(cur), f"emblem_{sp.colour}"))
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

    def ai_turn(self) -> bool:
        return (not self.layer.is_over() and not self.pending
                and (self.autoplay or not self.plan.seats[self.layer.current].is_human))

    def idle(self) -> None:
        """Between frames: carry out the AI's move once it is ready (and the last
        one has been on screen long enough), then ask for the next one.  The AI
        thinks in another process; only its answer is applied here."""
        if self.future is not None and self.future.done() and self.app.time >= self.ai_ready_at:
            action = self.future.result()
            self.future = None
            self.layer.perform(action)
            instant = self.autoplay and self.app.options.headless
            self.ai_ready_at = self.app.time + (0.0 if instant
                                                else AI_PAUSE * max(self.factor, 0.3))
        if self.future is not None or not self.ai_turn():
            return
        if self.ai is None:
            from ...ai import AIWorker

            self.ai = AIWorker()
        cur = self.layer.current
        self.future = self.ai.think(self.plan.seats[cur].kind, self.layer.view(cur),
                                    seed=self.rng.randrange(1 << 30))

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
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
        self._panel(surface, "log", LOG_RECT, (len(self.log), self.log[-1:]), self.draw_log)
        buttons = self.buttons + (self.b_sizes if sel and sel.kind == "water" else [])
        self._panel(surface, "actions", ACTIONS_RECT,
                    (tuple((b.enabled, b.hover, b.selected, now - b.pressed_at < 0.12)
                           for b in buttons), sel_key, self.hover_text,
                     self.message if now < self.message_until else "", self.human_turn),
                    lambda s: self._draw_actions(s, buttons))
        surface.blit(self._panel_canvas, (0, 0))
        self.draw_board(surface, obs)
        self.draw_highlights(surface)
        self.b_menu.draw(surface, art)
        if self.demo and int(self.app.time * 2) % 2 == 0:
            art.fonts.large.draw(surface, "Demo game · click to play", BOARD_AREA.midtop,
                                 GOLD, align="center")
        self.anims.draw(surface, art)

    def _panel(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: tuple,
               draw) -> None:
        """Redraw a panel into its own region of the panel canvas (over the static
        frame) when its key changed.  Panels draw at canvas coordinates."""
        if self._panels.get(name) != key:
            canvas = self._panel_canvas
            canvas.blit(self._frame, rect, rect)
            canvas.set_clip(rect)
            draw(canvas)
            canvas.set_clip(None)
            self._panels[name] = key

    def _draw_actions(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        draw_buttons([b for b in buttons if b is not self.b_menu], surface, self.app.art)
        self.draw_status(surface)

    def observation(self):
        """The seat view the screen shows."""
        seat = self.layer.current if self.autoplay or self.viewer is None else self.viewer
        return self.layer.view(seat)

    def draw_board(self, surface: pygame.Surface, obs) -> None:
        hidden = self.anims.hidden_pieces()
        key = (self.layer.version, hidden)
        if key != self._pieces_key or self._pieces is None:
            self._pieces = self.render_pieces(obs, hidden)
            self._pieces_key = key
        surface.blit(self._pieces, BOARD_AREA.topleft)

    def render_pieces(self, obs, hidden: frozenset) -> pygame.Surface:
        """The board picture with every piece on it, kept between frames: new
        pieces are added to it; only a piece leaving (a chip taken) redraws all."""
        sprites = self.app.art.sprites
        ox, oy = BOARD_AREA.topleft
        if self._board_base is None:
            # The panel behind the board and the map picture, opaque: one fast copy.
            base = pygame.Surface(BOARD_AREA.size).convert()
            frame = BOARD_AREA.inflate(8, 8).union(TRACK.inflate(16, 8))
            base.blit(sprites.nine("ui_panel", frame.size), (frame.x - ox, frame.y - oy))
            base.blit(self.view.picture, (self.view.origin[0] - ox, self.view.origin[1] - oy))
            self._board_base = base
        colours = [s.colour for s in self.plan.seats]
        wanted: dict[tuple[int, int], tuple[str, tuple[int, int]]] = {}
        for h, (kind, owner) in enumerate(zip(obs.kind, obs.owner, strict=True)):
            if kind == EMPTY:
                continue
            if kind == LAND:
                name = f"land_{colours[owner]}"
            elif kind == WATER:
                name = "water"
            else:
                name = f"animal_{ANIMALS[kind - ANIMAL0]}_{colours[owner]}"
            cx, cy = self.view.centres[h]
            wanted[(h, 0)] = (name, (cx - ox, cy - oy))
        for h in obs.haciendas:
            cx, cy = self.view.centres[h]
            if obs.owner[h] >= 0:
                wanted[(h, 1)] = (f"hacienda_{colours[obs.owner[h]]}", (cx - ox, cy - oy - 6))
        for h in obs.chips:
            cx, cy = self.view.centres[h]
            wanted[(h, 2)] = ("chip", (cx - ox + 7, cy - oy + 6))
        shown = {key: v for key, v in wanted.items() if key not in hidden}
        order = sorted(shown, key=lambda key: (key[1], key[0]))
        drawn = self._drawn
        gone = [key for key, v in drawn.items() if shown.get(key) != v]
        k = self.view.piece_scale
        if self._pieces is None or len(gone) > 8:
            surf, drawn = self._board_base.copy(), {}
        else:
            surf = self._pieces
            for key in gone:
                # Put the board back under the piece that left, then every piece
                # that overlaps that spot, clipped to it.
                spot = self._piece_rect(sprites, drawn[key], k)
                surf.set_clip(spot)
                surf.blit(self._board_base, spot, spot)
                for other in order:
                    if other in drawn and self._piece_rect(sprites, shown[other], k).colliderect(
                            spot):
                        self._blit_piece(surf, sprites, *shown[other], k)
                surf.set_clip(None)
        for key in order:
            if key not in drawn or drawn[key] != shown[key]:
                self._blit_piece(surf, sprites, *shown[key], k)
        self._drawn = shown
        return surf

    @staticmethod
    def _piece_rect(sprites, piece: tuple[str, tuple[int, int]], k: int) -> pygame.Rect:
        name, (x, y) = piece
        ax, ay = sprites.anchors.get(name, (0, 0))
        w, h = sprites.get(name).get_size()
        return pygame.Rect(x - ax * k, y - ay * k, w * k, h * k)

    @staticmethod
    def _blit_piece(surf, sprites, name: str, pos: tuple[int, int], k: int) -> None:
        if k == 1:
            sprites.blit_anchored(surf, name, pos)
            return
        image = pygame.transform.scale_by(sprites.get(name), k)
        ax, ay = sprites.anchors.get(name, (0, 0))
        surf.blit(image, (pos[0] - ax * k, pos[1] - ay * k))

    def draw_highlights(self, surface: pygame.Surface) -> None:
        sel = self.selection
        sprites = self.app.art.sprites
        board = self.layer.board
        if sel is not None:
            if sel.kind == "water":
                cells = frozenset(c for placement in sel.targets for c in placement)
            else:
                cells = frozenset(sel.targets)
            hexes = [board.index[c] for c in cells if c in board.index]
            surface.blit(self.spotlight(frozenset(hexes)), BOARD_AREA.topleft)
            for h in hexes:
                sprites.blit_anchored(surface, "hex_legal", self.view.centres[h])
        h = self.hover_hex
        if h is None:
            return
        if sel is not None and sel.kind == "water":
            cells = self.water_cells(h)
            if cells is None:
                sprites.blit_anchored(surface, "hex_illegal", self.view.centres[h])
                return
            legal = cells in sel.targets
            for c in cells:
                centre = self.view.centres[board.index[c]]
                sprites.blit_anchored(surface, "water", centre)
                sprites.blit_anchored(surface, "hex_selected" if legal else "hex_illegal", centre)
            return
        if sel is not None:
            action, _ = self.action_at(h)
            frame = "hex_selected" if action is not None else "hex_illegal"
            sprites.blit_anchored(surface, frame, self.view.centres[h])
        else:
            sprites.blit_anchored(surface, "hex_hover", self.view.centres[h])

    def spotlight(self, hexes: frozenset[int]) -> pygame.Surface:
        """A checkerboard shade over the board except the lit hexes (no alpha
        blending): the hexes a selection may go on stand out at a glance."""
        if self._spot is not None and self._spot[0] == hexes:
            return self._spot[1]
        key = (255, 0, 255)
        shade = pygame.Surface(BOARD_AREA.size)
        shade.fill(key)
        px = pygame.PixelArray(shade)
        px[0::2, 0::2] = INK          # one pixel in four: the board stays readable
        px[1::4, 1::2] = INK
        del px
        ox, oy = BOARD_AREA.topleft
        for h in hexes:
            pygame.draw.polygon(shade, key, [(x - ox, y - oy) for x, y in self.view.polygon(h)])
        shade.set_colorkey(key)
        self._spot = (hexes, shade)
        return shade

    def draw_track(self, surface: pygame.Surface) -> None:
        art = self.app.art
        shown = [t.value for t in self.score_tick]
        top = max(60, (max(shown, default=0) // 20 + 2) * 20)
        x0, y = TRACK.x + 24, TRACK.centery
        width = TRACK.width - 32
        art.fonts.small.draw(surface, "Pts", (TRACK.x, y - 6), GREY)
        pygame.draw.line(surface, DIM, (x0, y), (x0 + width, y), 2)
        for v in range(0, top + 1, 5):
            x = x0 + width * v // top
            tall = 4 if v % 10 == 0 else 2
            pygame.draw.line(surface, GREY, (x, y - tall), (x, y + tall))
        for v in range(0, top + 1, 20):
            art.fonts.small.draw(surface, str(v), (x0 + width * v // top, y + 3), DIM,
                                 align="center", shadow=None)
        stacked: dict[int, int] = {}
        for seat, value in enumerate(shown):
            x = x0 + width * min(value, top) // top
            n = stacked.get(x, 0)
            stacked[x] = n + 1
            art.sprites.blit_anchored(surface, f"emblem_{self.plan.seats[seat].colour}",
                                      (x + 10 * n, y - 6))

    def draw_top(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        if obs.over:
            parts = [f"Game over: {obs.over_reason}"]
        else:
            cur = obs.current
            left = 3 - obs.actions_taken
            who = self.names[cur] + ("" if self.plan.seats[cur].is_human else " (AI)")
            # In pieces, so the font's cache serves the ones that repeat.
            parts = [f"Round {obs.round} · ", f"{who} to play", " · ",
                     f"{left} action{'s' if left != 1 else ''} left"]
        x = 8
        for part in parts:
            x = art.fonts.large.draw(surface, part, (x, 1), WHITE).right - 1
        stack = (f"Animal stack {min(obs.stack, 2)}: {obs.animal_draw_size} cards"
                 + (f" + {obs.animal_waiting_size} waiting" if obs.stack == 1 else ""))
        if obs.intermediate_due or obs.final_due:
            stack += " · scoring after this round"
        font.draw(surface, stack, (872, 7), GOLD if obs.intermediate_due or obs.final_due
                  else GREY, align="right")

    def draw_seats(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        self.seat_rects = []
        for i, sv in enumerate(obs.seats):
            rect = pygame.Rect(SIDE_X, 30 + i * (SEAT_H + 2), 244, SEAT_H)
            self.seat_rects.append(rect)
            current = i == obs.current and not obs.over
            hi = "ui_panel_hi" if "ui_panel_hi" in art.sprites else "ui_panel"
            draw_panel(surface, art, rect, hi if current else "ui_panel")
            if current and hi == "ui_panel":
                pygame.draw.rect(surface, GOLD, rect, 2)
            sp = self.plan.seats[i]
            art.sprites.blit_anchored(surface, f"emblem_{sp.colour}", (rect.x + 12, rect.y + 11))
            name = sp.name + ("" if sp.is_human else f" · AI {sp.kind}")
            font.draw(surface, name, (rect.x + 22, rect.y + 4), WHITE)
            if current and int(self.app.time * 2) % 2 == 0:
                font.draw(surface, "◄" if "◄" in font.glyphs else "<", (rect.right - 14,
                                                                         rect.y + 4), WHITE)
            y2 = rect.y + 18
            x = rect.x + 8
            for icon, value in (("icon_money", self.money_tick[i].value),
                                ("icon_score", self.score_tick[i].value),
                                ("icon_cards_land", sv.land_cards),
                                ("icon_cards_animal", sv.animal_cards)):
                img = art.sprites.get(icon)
                surface.blit(img, (x, y2 + (12 - img.get_height()) // 2))
                font.draw(surface, str(value), (x + img.get_width() + 2, y2), WHITE)
                x += 58

    def draw_market(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        rect = self.market_rect
        y0 = rect.y
        self.market_slots = []
        rows = (("land", obs.land_face_up, obs.land_deck_size, "card_land_", "card_back_land"),
                ("animal", obs.animal_face_up, obs.animal_draw_size, "card_animal_",
                 "card_back_animal"))
        y = y0 + 4
        for item, face_up, deck, prefix, back in rows:
            font.draw(surface, f"{item.capitalize()} cards · face up 3, deck 2 pesos",
                      (rect.x + 8, y), GREY)
            y += 13
            x = rect.x + 8
            for card in face_up:
                slot = pygame.Rect(x, y, CARD_W, CARD_H)
                if card is not None:
                    surface.blit(art.sprites.get(prefix + card), slot)
                    self.market_slots.append((slot, item, card))
                x += CARD_W + 6
            x += 8
            slot = pygame.Rect(x, y, CARD_W, CARD_H)
            if deck:
                surface.blit(art.sprites.get(back), slot)
                self.market_slots.append((slot, item, None))
            font.draw(surface, str(deck), (x + CARD_W + 4, y + 16), WHITE)
            y += CARD_H + 6
        water = " ".join(f"{size}:{n}" for size, n in obs.water_left if n)
        font.draw(surface, f"Haciendas {obs.haciendas_left} · chips {8 - len(obs.chips)}",
                  (rect.x + 8, y), WHITE)
        font.draw(surface, f"Water tiles by size {water or 'none'}", (rect.x + 8, y + 13),
                  WHITE)

    def draw_hand(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        seat = obs.seat
        rect = HAND_RECT
        self.hand_slots = []
        x = rect.x + 8
        y = HAND_Y + 6
        if self.viewer is None and not self.autoplay:
            font.draw(surface, "Hands are hidden until the next player at this screen is"
                      " ready.", (x, y + 16), GREY)
            return
        whose = f"{self.names[seat]}'s hand" + (" (AI)" if self.autoplay else "")
        self.app.art.sprites.blit_anchored(surface, f"emblem_{self.plan.seats[seat].colour}",
                                           (rect.x + 12, rect.y + 9))
        font.draw(surface, whose, (rect.x + 22, rect.y + 4), WHITE)
        cards = [("land", c, n) for c, n in zip(LAND_CARDS, obs.land_hand, strict=True) if n]
        cards += [("animal", c, n) for c, n in zip(ANIMALS, obs.animal_hand, strict=True) if n]
        if not cards:
            font.draw(surface, "no cards", (x, y + 16), GREY)
        for item, card, n in cards:
            selected = bool(self.selection and self.selection.card == card)
            slot = pygame.Rect(x, y - (5 if selected else 0), CARD_W, CARD_H)
            surface.blit(art.sprites.get(f"card_{item}_{card}"), slot)
            if selected:
                pygame.draw.rect(surface, GOLD, slot.inflate(4, 4), 2)
            font.draw(surface, f"x{n}", (slot.centerx, slot.bottom + 2), WHITE, align="center")
            self.hand_slots.append((slot, item, card))
            x += CARD_W + 10
        if obs.seat != obs.current and not obs.over:
            font.draw(surface, f"waiting for {self.names[obs.current]}",
                      (rect.right - 8, rect.y + 4), GREY, align="right")

    def update_buttons(self) -> None:
        human = self.human_turn
        kinds = {a.kind for a in self.layer.legal()} if human else set()
        self.b_hacienda.enabled = "buy hacienda" in kinds
        self.b_water.enabled = "buy water" in kinds
        self.b_harvest.enabled = "harvest" in kinds
        self.b_end.enabled = "end" in kinds
        sel = self.selection
        self.b_hacienda.selected = bool(sel and sel.kind == "hacienda")
        self.b_water.selected = bool(sel and sel.kind == "water")
        self.b_harvest.selected = bool(sel and sel.kind.startswith("harvest"))
        if sel and sel.kind == "water":
            sizes = self.layer.water_sizes()
            for i, b in enumerate(self.b_sizes):
                b.enabled = i + 1 in sizes
                b.selected = sel.size == i + 1

    def draw_status(self, surface: pygame.Surface) -> None:
        font = self.app.art.fonts.small
        x = 220 if self.selection and self.selection.kind == "water" else 8
        y = 512
        sel = self.selection
        hint = ""
        if sel is not None:
            n = len({c for p in sel.targets for c in p}) if sel.kind == "water" else \
                len(sel.targets)
            hint = {
                "play": f"Play {sel.card}: click a lit hex ({n} possible). Right click: cancel.",
                "hacienda": f"Hacienda: click one of your lit tiles or tokens ({n}).",
                "water": f"Water size {sel.size}: R / right click / wheel turns it.",
                "harvest": f"Harvest: click one of your lit chains ({n} tiles).",
                "harvest_from": "Take which chip? Click a lit chip of another player.",
            }[sel.kind]
        elif self.human_turn:
            hint = "Pick a card in your hand, buy a card on the right, or an action below."
        if self.message and self.app.time < self.message_until:
            for i, line in enumerate(font.wrap(self.message, 548 - x)[:2]):
                font.draw(surface, line, (x, y - 4 + i * 12), RED)
            return
        font.draw(surface, hint, (x, y - 4), WHITE)
        if self.hover_text:
            font.draw(surface, self.hover_text[:90], (x, y + 8), GREEN)

    def draw_log(self, surface: pygame.Surface) -> None:
        font = self.app.art.fonts.small
        rows = (LOG_RECT.height - 12) // font.line_height
        sprites = self.app.art.sprites
        for i, (line, seat, first) in enumerate(self.log[-rows:]):
            y = LOG_RECT.y + 6 + i * font.line_height
            if seat is not None and first:
                sprites.blit_anchored(surface, f"emblem_{self.plan.seats[seat].colour}",
                                      (LOG_RECT.x + 12, y + 5))
            font.draw(surface, line, (LOG_RECT.x + 22, y), WHITE if seat is not None else GOLD,
                      shadow=INK)


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
    from ..plan import DEFAULT_NAMES

    seed = random.randrange(1, 100000)
    seats = [SeatPlan(DEFAULT_NAMES[i], "random", i) for i in range(4)]
    return PlayScene(GamePlan("symmetric", seats, seed, [], open_hands=True), demo=True)


def autoplay_scene(app) -> PlayScene:
    """--autoplay: every seat an AI, no menus (CONTRACTS §5)."""
    from ..plan import DEFAULT_NAMES

    opts = app.options
    levels = opts.seats or ["random"] * 4
    seed = opts.seed if opts.seed is not None else random.randrange(1, 100000)
    seats = [SeatPlan(f"{DEFAULT_NAMES[i]}", level, i) for i, level in enumerate(levels)]
    plan = GamePlan(opts.map or "symmetric", seats, seed, list(opts.variants), open_hands=True)
    return PlayScene(plan, autoplay=True)
