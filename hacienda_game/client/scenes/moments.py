"""Key moments of a finished game: the three turns in which the winner gained
most on the others (``ai.coach.key_moments``), each told in the coach's words
(what each action gained, worked out by the engine),
with a button that opens the replay viewer at the start of that turn.

Reached from the final scoring screen ("Key moments").  The game is over, so
nothing is hidden any more; the lines are the public log's all the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from ...ai.coach import KEY_MOMENTS, Moment, Reason, key_moments, reason_for
from ...engine import GameState, initial_state, make_record, parse_action
from ...i18n import N_, _
from ...maps.landmarks import where
from ...session.plan import GamePlan
from ...session.saves import Replay, plan_to_dict
from ..assets import GOLD, GREY, WHITE
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_background, draw_buttons, draw_panel, handle_buttons
from ..words import card_name

# What a turn's action did, as the coach weighs it (``ai.coach.reason_for``:
# worked out by playing it on the game as it stood), most telling first; a
# moment is told by at most LINES of them, in the coach's words told after
# the fact: places by landmark, the pesos, markets and points it gained.
TELLING = ("new_market", "market", "hacienda", "water", "harvest", "chain", "herd", "land",
           "card", "draw", "draw_animal")
LINES = 3
TOLD = {
    "new_market": N_("{name} played a {animal} {place}: the herd reached a new market"
                     " ({markets} connected), +{pesos} pesos."),
    "market": N_("{name} played a {animal} {place}: the herd reached a market, +{pesos} pesos."),
    "herd": N_("{name} played a {animal} {place}: the herd grew to {size}."),
    "new_herd": N_("{name} played a {animal} {place}: a new herd."),
    "chain": N_("{name} played {card} {place}: a land chain of {size} tiles, {points} points"
                " at each scoring."),
    "land": N_("{name} played {card} {place}: a land chain of {size}."),
    "harvest": N_("{name} harvested the chain of {size} {place}: +{pesos} pesos."),
    "hacienda": N_("{name} built a hacienda {place}: +{points} points at each scoring."),
    "water": N_("{name} laid a water tile by their pieces: +{points} points at each scoring."),
    "card": N_("{name} bought the face-up {card} card."),
    "draw": N_("{name} bought a land card from the deck."),
    "draw_animal": N_("{name} bought an animal card from the deck."),
}


def told_words(reason: Reason, name: str, board) -> str:
    """What an action did, in the coach's words told after it ("Ana played a
    pig just west of the north market: the herd reached a new market...")."""
    params = dict(reason.params)
    for key in ("animal", "card"):
        if key in params:
            params[key] = card_name(params[key])
    if params.get("cell"):
        params["place"] = where(board, params["cell"])
    kind = "new_herd" if reason.kind == "herd" and params.get("size") == 1 else reason.kind
    return _(TOLD[kind]).format(name=name, **params)


@dataclass(frozen=True)
class Told:
    """A key moment with what a player reads of it."""

    moment: Moment
    first: int                 # the record's index of the turn's first action
    headline: str
    lines: tuple[str, ...]


def tell_moments(record: dict, names: list[str], count: int = 3) -> list[Told]:
    """The key moments of a finished game's record, in the game's language."""
    start = initial_state(record)
    actions = [parse_action(a) for a in record["actions"]]
    moments = key_moments(start, actions, count)
    state = start.clone()
    turns: dict[int, list[int]] = {}
    rounds: dict[int, int] = {}
    wanted = {m.turn for m in moments}
    reasons: dict[int, Reason] = {}
    for i, a in enumerate(actions):
        turns.setdefault(state.turn, []).append(i)
        rounds.setdefault(state.turn, state.round)
        if state.turn in wanted and a.verb != "end":
            reasons[i] = reason_for(state, a)      # the game is over: nothing is hidden
        state.apply(a)
    out = []
    for m in moments:
        indices = [i for i in turns.get(m.turn, []) if i in reasons]
        ranked = sorted(indices, key=lambda i: (TELLING.index(reasons[i].kind), i))
        lines = tuple(told_words(reasons[i], names[m.seat], start.board)
                      for i in sorted(ranked[:LINES]))
        indices = turns.get(m.turn, [])
        headline = _("Round {round}: {name} gains {gain} points on the others").format(
            round=rounds.get(m.turn, 1), name=names[m.seat], gain=round(m.gain))
        out.append(Told(m, indices[0] if indices else 0, headline, lines))
    return out


def finished_replay(state: GameState, plan: GamePlan, path: Path | None) -> Replay:
    """A finished game in play, as the replay viewer takes it."""
    return Replay(path or Path(""), make_record(state, plan=plan_to_dict(plan)), plan, state)


class MomentsScene(Scene):
    """Three panels, one per key moment, each with a "Watch" button."""

    def __init__(self, replay: Replay):
        self.replay = replay
        self.names = [s.name for s in replay.plan.seats]
        self.told = tell_moments(replay.record, self.names)
        self.focus = Focus()

    def enter(self, app) -> None:
        super().enter(app)
        self.lay_out()

    def lay_out(self) -> None:
        w, h = self.app.canvas_size
        large = self.app.art.fonts.large
        self.panels: list[pygame.Rect] = []
        self.buttons: list[Button] = []
        top = 16 + large.line_height + 10
        bottom = h - 62
        n = max(1, len(self.told))
        gap = 10
        ph = (bottom - top - gap * (n - 1)) // n
        watch_w = large.width(_("Watch")) + 48
        for i, told in enumerate(self.told):
            rect = pygame.Rect(24, top + i * (ph + gap), w - 48, ph)
            self.panels.append(rect)
            self.buttons.append(Button((rect.right - watch_w - 14, rect.y + 10, watch_w, 36),
                                       _("Watch"), lambda k=told.first: self.watch(k),
                                       big=True))
        back_w = large.width(_("Back")) + 60
        self.back = Button((w - back_w - 24, h - 50, back_w, 36), _("Back"), self.app.pop,
                           big=True, key="back")
        self.buttons.append(self.back)
        self.focus.index = len(self.buttons) - 1

    def language_changed(self) -> None:
        self.told = tell_moments(self.replay.record, self.names)
        self.lay_out()

    def watch(self, first: int) -> None:
        from .replay import ReplayScene

        scene = ReplayScene(self.replay)
        self.app.push(scene)
        scene.goto(first)

    def handle(self, cmd: Command) -> None:
        if self.focus.handle(self.buttons, cmd):
            return
        handle_buttons(self.buttons, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        body, large = art.fonts.body, art.fonts.large
        draw_background(surface, art, self.app.time)
        w = surface.get_width()
        large.draw(surface, _(KEY_MOMENTS), (w // 2, 14), GOLD, align="center")
        if not self.told:
            body.draw(surface, _("No turn stood out in this game."), (w // 2, 120), WHITE,
                      align="center")
        for told, rect, button in zip(self.told, self.panels, self.buttons, strict=False):
            draw_panel(surface, art, rect)
            seat = self.replay.plan.seats[told.moment.seat]
            art.sprites.blit_anchored(surface, f"emblem_{seat.colour}",
                                      (rect.x + 22, rect.y + 12 + large.line_height // 2))
            text_w = button.rect.x - rect.x - 50
            large.draw(surface, large.clip(told.headline, text_w), (rect.x + 38, rect.y + 12),
                       art.seat_text_colour(seat.colour))
            y = rect.y + 18 + large.line_height
            for line in told.lines:
                for part in body.wrap(line, rect.width - 52):
                    if y + body.line_height > rect.bottom - 6:
                        break
                    body.draw(surface, part, (rect.x + 38, y), WHITE if part else GREY)
                    y += body.line_height
        draw_buttons(self.buttons, surface, art, self.focus if Focus.shown else None)

