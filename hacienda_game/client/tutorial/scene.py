"""The guided first game: a real game on a prepared deal (a scenario), the
learner against a gentle AI, with the director's coach over the play
screen's parts.  The play screen is composed, not changed: this scene hears
its events (``on_events``) and draws the coach over it.  The game is saved as
every other game is, by the table's keeper, into the tutorial's own file."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame

from ...engine import GameState, UndoLimit, load_scenario, observe
from ...i18n import N_, _
from ...session.keeper import GameKeeper
from ...session.plan import DEFAULT_NAMES, GamePlan, SeatPlan
from ...session.saves import SaveError, load_game
from ...session.userdirs import tutorial_dir
from ..scenes.play import PlayScene
from ..scenes.play.layout import Layout, play_layout
from ..scenes.play.selection import marked_hexes
from . import coach
from .director import Director
from .hint import TutorialHint
from .steps import AI_LEVEL, AI_MOVE, AI_WATCH, FINISHED, GO_ON, LEARNER, SCENARIO, STEPS

SLOT = "tutorial"
AI_NAME = "Rosa"
AI_SEED = 2609          # the gentle AI plays the same game every time
AI_MOVE_TIME = 1.8      # seconds each of Rosa's moves stays lit (a press goes on)


def scenario_path() -> Path:
    return Path(__file__).with_name(SCENARIO)


def tutorial_plan() -> GamePlan:
    # The learner has the first default name, as at the setup screen (the log
    # says "Ana buys ...": a pronoun would not fit its sentences).
    seats = [SeatPlan(DEFAULT_NAMES[0], "human", 0), SeatPlan(AI_NAME, AI_LEVEL, 1)]
    return GamePlan("symmetric", seats, 2609, [], open_hands=False, ai_seed=AI_SEED)


def saved_path() -> Path:
    return tutorial_dir() / f"{SLOT}.json"


def saved_tutorial():
    """The tutorial left unfinished (a SavedGame), or None (none, finished or unreadable)."""
    path = saved_path()
    if not path.is_file():
        return None
    try:
        saved = load_game(path)
    except SaveError:
        return None
    return None if saved.state.is_over() else saved


def forget_saved() -> None:
    with contextlib.suppress(OSError):
        saved_path().unlink()


def coach_layout(canvas: tuple[int, int], seats: int, line: int, board) -> Layout:
    """The play layout with the coach's words under the board or beside it,
    whichever leaves ``board``'s hexes larger (the band where they tie)."""
    band = play_layout(canvas, seats, line, coach=coach.max_lines(line))
    if line < 24:
        return band         # three short lines: the band costs the board little
    side = play_layout(canvas, seats, line, coach=coach.max_lines(line), beside=coach.BESIDE)
    return side if board_fit(board, side.board) > board_fit(board, band.board) else band


def board_fit(board, area) -> float:
    """The scale "fit" gives ``board``'s hexes in ``area`` (as the board view's)."""
    from ..boardview import fit_scale

    points = [p for x, y in board.cells for p in board.layout.polygon(x, y)] or [(0, 0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return fit_scale((max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))), area.size)


def tutorial_scene(demonstrate: str | None = None, fresh: bool = False) -> TutorialScene:
    """The tutorial where it was left (unless ``fresh``), else from its start."""
    saved = None if fresh or demonstrate else saved_tutorial()
    if saved is not None:
        return TutorialScene(saved.plan, saved.state, saved.limit)
    return TutorialScene(tutorial_plan(), load_scenario(scenario_path()), None,
                         demonstrate=demonstrate)


class TutorialScene(PlayScene):
    gives_tips = False        # the coach teaches here
    def __init__(self, plan: GamePlan, state: GameState, limit: UndoLimit | None,
                 demonstrate: str | None = None):
        super().__init__(plan, state=state, limit=limit)
        self.director = Director(STEPS, clock=lambda: self.app.time)
        self.demonstrate = demonstrate
        self.demonstrator = None
        self.keeps = demonstrate is None      # the learner's progress is kept; a demo's not
        self.ai_move = None                   # Rosa's last move, shown a moment (Action)
        self.ai_move_until = 0.0
        self.explained: tuple[str, float] | None = None   # (step, when it showed)
        self.coach = TutorialHint(self)       # the Hint command points at the step's target

    def lay_out(self) -> Layout:
        """The play screen's layout with the coach's band kept under the board,
        or its panel beside the board where that leaves the hexes larger
        (Large text: the band would take the height the board is short of);
        the words cover no hex, card or button."""
        return coach_layout(self.app.canvas_size, len(self.plan.seats),
                            self.app.art.fonts.body.line_height, self.layer.board)

    def new_keeper(self) -> GameKeeper:
        """The table saves the learner's progress into the tutorial's own file
        (never the autosave: Continue does not offer it); a demo's is not kept."""
        return GameKeeper(self.plan, self.start_limit, keep=self.keeps,
                          own_file=saved_path(), title=N_("Tutorial"))

    def enter(self, app) -> None:
        super().enter(app)
        if self.start_state is not None and self.start_state.history:
            self.director.replay(replayed(self.start_state))
        if self.demonstrate:
            from .demonstrator import Demonstrator

            self.demonstrator = Demonstrator(self, self.demonstrate)
            app.settings.ask_end_turn = False

    def pause_menu(self) -> None:
        from ..scenes.overlays import Pause

        self.app.push(Pause(
            save=None if self.autoplay or self.joined else self.save_as,
            resumed=(lambda: _("Learn to play in the menu takes it up again where you left off."))
            if self.keeps else (lambda: _("The game is not saved."))))

    def exit(self) -> None:
        if self.demonstrator is not None:
            self.demonstrator.close()
        super().exit()

    # ------------------------------------------------------------ hearing
    def on_events(self, action, events) -> None:
        super().on_events(action, events)
        self.director.observe(events, self.layer.view(LEARNER))
        actor = events[0].seat if events else None
        if actor == 1 - LEARNER and action.verb != "end":
            # Rosa's moves one by one: each lit on the board with its words a moment
            self.ai_move = action
            self.ai_move_until = self.app.time + AI_MOVE_TIME * max(self.factor, 0.5)
        elif actor == LEARNER:
            self.ai_move = None

    def undo(self) -> None:
        """A move taken back takes its steps back too: the director reads the
        game again up to the position now on the table."""
        moves = len(self.layer.game.history)
        super().undo()
        if len(self.layer.game.history) < moves:
            self.director.rewind(replayed(self.layer.game))
            self.ai_move = None

    # ------------------------------------------------------------ pacing
    def holding(self) -> bool:
        """The table waits: an explanation is read, or Rosa's last move is shown."""
        return self.director.explaining is not None or (
            self.ai_move is not None and self.app.time < self.ai_move_until)

    def idle(self) -> None:
        if self.holding():
            self.coach.poll()            # Rosa is not asked for her next move yet
            return
        super().idle()

    def go_on(self) -> None:
        """A press while the table waits: the explanation read, Rosa's move seen."""
        if self.director.explaining is not None:
            self.director.read()
            self.explained = None
        else:
            self.ai_move_until = 0.0

    def handle(self, cmd) -> None:
        if self.holding() and not self.pending and (
                (cmd.kind == "press" and cmd.button == 1)
                or (cmd.kind == "key" and cmd.name == "confirm")):
            self.go_on()
            return
        super().handle(cmd)

    def update(self, dt: float) -> None:
        super().update(dt)
        step = self.director.explaining
        if step is None or self.pending or self.app.top is not self:
            return
        now = self.app.time
        if self.explained is None or self.explained[0] != step.key:
            self.explained = (step.key, now)     # read from the moment it shows
        elif now - self.explained[1] >= step.pause * max(self.factor, 1.0):
            self.go_on()

    def _after_turn(self, events) -> None:
        super()._after_turn(events)
        if self.demonstrator is not None:
            for scene in self.pending:       # the scoring tables close by themselves
                if hasattr(scene, "autoplay"):
                    scene.autoplay = True

    def after_final(self) -> None:
        count, total = self.director.count, len(self.director.steps)
        result = dict(self.app.result or {})
        result.update(tutorial_steps=count, tutorial_total=total)
        self.app.result = result
        if self.demonstrator is not None:
            self.app.quit(0 if self.director.finished else 1)
            return
        forget_saved()
        self.app.settings.tutorial_done = True
        with contextlib.suppress(OSError):
            self.app.settings.save()
        from ..scenes.menu import MenuScene

        self.app.reset(MenuScene())

    # --------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        if self.demonstrator is not None:
            # It looks at the screen each frame, also with a menu over the table
            # (only the top scene is updated; every scene that shows is drawn).
            self.demonstrator.tick()
        super().draw(surface)

    def draw_guide(self, surface) -> None:
        """The coach in its band, under the refusals and the tooltips (they
        are drawn after it: never behind the words)."""
        coach.draw(surface, self.app.art, self.layout.coach, self.coach_model(), self.app.time)

    def guide_rects(self) -> list:
        """Tooltips keep clear of the coach's words, of the cards in the hand
        (the steps point into it) and of the step's lit target."""
        rects = [pygame.Rect(self.layout.coach)]
        rects += [pygame.Rect(r) for r, _item, _card in self.hand_slots]
        step = self.director.current
        if step is not None and not step.pause:
            rects += [pygame.Rect(r) for r in self.lit(step)[0]]
        return rects

    def coach_model(self) -> coach.CoachModel:
        d = self.director
        step = d.current
        total = d.learner_steps
        if d.over or step is None:
            return coach.CoachModel(_(FINISHED), d.result(self.names), d.note, "trophy", 0,
                                    total)
        if step.pause:
            return coach.CoachModel(d.words(step, self.names), _(step.why), _(GO_ON),
                                    step.picture, d.number(step), total)
        if not self.human_turn and (step.learner or self.ai_move is not None):
            last = next((text for text, who in reversed(self.entries) if who == 1 - LEARNER),
                        None)
            from ..scenes.overlays import worded

            ask = _(AI_MOVE).format(move=worded(last)) if last else _(STEPS[4].ask)
            hexes = self.move_hexes(self.ai_move)
            return coach.CoachModel(ask, _(AI_WATCH) if hexes else _(STEPS[4].why), d.note,
                                    "icon_ai", 0, total, (), tuple(hexes), self.hex_radius())
        rects, hexes = self.lit(step)
        return coach.CoachModel(d.words(step, self.names), _(step.why), d.note, step.picture,
                                d.number(step), total, tuple(rects), tuple(hexes),
                                self.hex_radius())

    def move_hexes(self, action) -> list[tuple[int, int]]:
        """The board places of a move (where Rosa's last move went), on the canvas."""
        if action is None or self.app.time >= self.ai_move_until:
            return []
        board = self.layer.board
        cells = [*action.cells, *((action.source,) if action.source else ())]
        return [self.view.centres[board.index[c]] for c in cells if c in board.index]

    def hex_radius(self) -> int:
        centres = self.view.centres
        board = self.layer.board
        a = 0
        b = board.adjacent[a][0]
        (x0, y0), (x1, y1) = centres[a], centres[b]
        return max(6, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 * 0.55))

    def lit(self, step) -> tuple[list, list]:
        """Only the step's target: the card or button first, then (once it is
        chosen) its hex, if it is still a place it may go."""
        if not self.human_turn or not step.light:
            return [], []
        stages = step.light
        first = stages[0]
        if len(stages) > 1 and self.chose(first):
            kind, *what = stages[1]
            if kind == "hex":
                h = self.layer.board.hex_of(tuple(int(v) for v in what[0].split(",")))
                if h in marked_hexes(self.layer, self.selection):
                    return [], [self.view.centres[h]]
            return [], []
        rect = self.stage_rect(first)
        return ([tuple(rect)] if rect is not None else []), []

    def hint_target(self):
        """What the Hint command rings: the current step's target (its card,
        deck or button; its hex once the card is chosen), as (rect, hexes)."""
        step = self.director.current
        if step is None or step.pause or not step.learner or not self.human_turn:
            return None, []
        stages = step.light
        if not stages:
            return None, []
        if len(stages) > 1 and self.chose(stages[0]):
            kind, *what = stages[1]
            if kind == "hex":
                h = self.layer.board.hex_of(tuple(int(v) for v in what[0].split(",")))
                if h in marked_hexes(self.layer, self.selection):
                    return None, [h]
            return None, []
        return self.stage_rect(stages[0]), []

    def chose(self, stage: tuple[str, ...]) -> bool:
        sel = self.selection
        if sel is None:
            return False
        if stage[0] == "hand":
            return sel.kind == "play" and sel.card == stage[1]
        if stage[0] == "button":
            return sel.kind.startswith(stage[1])
        return False

    def stage_rect(self, stage: tuple[str, ...]):
        kind = stage[0]
        if kind == "market":
            for rect, item, card in self.market_slots:
                if item == stage[1] and (card or "") == stage[2]:
                    return rect
        elif kind == "hand":
            for rect, _item, card in self.hand_slots:
                if card == stage[1]:
                    return rect
        elif kind == "button":
            return {"end": self.b_end, "harvest": self.b_harvest, "hacienda": self.b_hacienda,
                    "water": self.b_water}[stage[1]].rect
        return None


def replayed(state: GameState):
    """The game so far, action by action: its events and the learner's view after each."""
    from ...engine import initial_state, make_record

    game = initial_state(make_record(state), state.board)
    for action in state.history:
        events = game.apply(action)
        yield events, observe(game, LEARNER)
