"""Key moments of a finished game, a page per story: the winner's (the three
turns in which it gained most on the others) and each human seat's that did
not win (the turns, its own and the winner's, in which the gap between them
moved most: ``ai.coach.key_moments``).  Each page says the seat's place and
points, where its points came from (the scorings' categories, as the engine
counted them) and the category that made the biggest difference; each turn
is told in the coach's words (what each action gained, worked out by the
engine, places by landmark), with a button that opens the replay viewer at
the start of that turn.

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
from ..assets import GOLD, WHITE
from ..scene import Command, Scene
from ..ui import Button, Focus, draw_background, draw_buttons, draw_panel, handle_buttons
from ..words import card_name, points

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


def tell_moments(record: dict, names: list[str], count: int = 3,
                 seat: int | None = None) -> list[Told]:
    """The key moments of a finished game's record for ``seat`` (None: the
    winner), in the game's language."""
    start = initial_state(record)
    actions = [parse_action(a) for a in record["actions"]]
    moments = key_moments(start, actions, count, seat)
    winner = _final(start, actions).winners()[0]
    told_seat = winner if seat is None else seat
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
        out.append(Told(m, indices[0] if indices else 0,
                        _headline(m, rounds.get(m.turn, 1), names, told_seat, winner), lines))
    return out


def _headline(m: Moment, at_round: int, names: list[str], seat: int, winner: int) -> str:
    """A moment's title: whose turn, and what it did to the told seat's game."""
    gain = abs(round(m.gain))
    if seat == winner:
        text = _("Round {round}: {name} gains {gain} points on the others")
    elif m.gain >= 0:
        text = (_("Round {round}: {name} gains {gain} points on {winner}") if m.seat == seat
                else _("Round {round}: {winner} loses {gain} points of the lead on {name}"))
    else:
        text = (_("Round {round}: {name} falls {gain} points further behind {winner}")
                if m.seat == seat else
                _("Round {round}: {winner} pulls {gain} points further ahead of {name}"))
    return text.format(round=at_round, name=names[seat], winner=names[winner], gain=gain)


def _final(start: GameState, actions: list) -> GameState:
    state = start.clone()
    for a in actions:
        state.apply(a)
    return state


# The scorings' categories, as the scoring table names them.
SOURCES = (("markets", N_("Markets")), ("chains", N_("Land chains")),
           ("haciendas", N_("Haciendas")), ("water", N_("Water")), ("money", N_("Money")))


@dataclass(frozen=True)
class Story:
    """One seat's page of the key moments: its place, where its points came
    from, what made the difference, and the turns that decided it."""

    seat: int
    place: int                     # 1: won
    points: int
    sources: dict[str, int]        # category -> points over every scoring
    rival: int                     # the winner (the runner-up for the winner's page)
    rival_sources: dict[str, int]
    told: list[Told]

    def headline(self, plan: GamePlan) -> str:
        name = plan.seats[self.seat].name
        if self.place == 1:
            return _("{name} wins with {points} points!").format(name=name,
                                                                 points=self.points)
        return _("{name}: place {place} of {count} · {points}").format(
            name=name, place=self.place, count=len(plan.seats), points=points(self.points))

    def where_from(self) -> str:
        parts = " · ".join(f"{_(label)} {self.sources[key]}" for key, label in SOURCES)
        return _("Where the points came from: {parts}").format(parts=parts)

    def difference(self, plan: GamePlan) -> str:
        """The category with the biggest gap between the winner and the other
        seat of this page (its rival, or the runner-up on the winner's page)."""
        if self.place == 1:
            winner, other, mine, theirs = (self.seat, self.rival, self.sources,
                                           self.rival_sources)
        else:
            winner, other, mine, theirs = (self.rival, self.seat, self.rival_sources,
                                           self.sources)
        key, label = max(SOURCES, key=lambda s: mine[s[0]] - theirs[s[0]])
        return _("Biggest difference: {category} ({winner} {points}, {other} {other_points})"
                 ).format(category=_(label), winner=plan.seats[winner].name,
                          points=mine[key], other=plan.seats[other].name,
                          other_points=theirs[key])


def sources_of(start: GameState, actions: list) -> list[dict[str, int]]:
    """Every seat's points from each category over the game's scorings, as the
    engine counted them (its scoring events)."""
    state = start.clone()
    out = [{key: 0 for key, _label in SOURCES} for _seat in range(state.players)]
    for a in actions:
        for e in state.apply(a):
            if e.kind == "scoring":
                for seat, row in enumerate(e.data["table"]):
                    for key, _label in SOURCES:
                        out[seat][key] += row.get(key, 0)
    return out


def tell_stories(record: dict, plan: GamePlan) -> list[Story]:
    """The pages of a finished game: the winner's, then each human seat's
    that did not win (seat order)."""
    start = initial_state(record)
    actions = [parse_action(a) for a in record["actions"]]
    end = _final(start, actions)
    scores = [s.score for s in end.seats]
    winners = end.winners()
    order = sorted(range(len(scores)), key=lambda i: (i not in winners, -scores[i], i))
    sources = sources_of(start, actions)
    names = [s.name for s in plan.seats]
    winner = winners[0]
    runner_up = next((i for i in order if i != winner), winner)
    stories = [Story(winner, 1, scores[winner], sources[winner], runner_up, sources[runner_up],
                     tell_moments(record, names))]
    for seat, seat_plan in enumerate(plan.seats):
        if seat_plan.is_human and seat not in winners:
            stories.append(Story(seat, order.index(seat) + 1, scores[seat], sources[seat],
                                 winner, sources[winner], tell_moments(record, names, seat=seat)))
    return stories


def finished_replay(state: GameState, plan: GamePlan, path: Path | None) -> Replay:
    """A finished game in play, as the replay viewer takes it."""
    return Replay(path or Path(""), make_record(state, plan=plan_to_dict(plan)), plan, state)


class MomentsScene(Scene):
    """A page per story (the winner's, each human seat's that did not win),
    chosen by the seats' tabs: the seat's place, where its points came from,
    what made the difference, and a panel per key moment with a "Watch"
    button.  It opens on the first human seat that did not win."""

    def __init__(self, replay: Replay):
        self.replay = replay
        self.names = [s.name for s in replay.plan.seats]
        self.stories = tell_stories(replay.record, replay.plan)
        self.page = 1 if len(self.stories) > 1 else 0
        self.focus = Focus()

    @property
    def story(self) -> Story:
        return self.stories[self.page]

    @property
    def told(self) -> list[Told]:
        return self.story.told

    def enter(self, app) -> None:
        super().enter(app)
        self.lay_out()

    def show_page(self, page: int) -> None:
        self.page = page
        self.lay_out()

    def summary(self, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The page's summary lines wrapped to ``width``: (line, colour)."""
        body = self.app.art.fonts.body
        out = []
        for text, colour in ((self.story.where_from(), WHITE),
                             (self.story.difference(self.replay.plan), GOLD)):
            out += [(line, colour) for line in body.wrap(text, width)]
        return out

    def lay_out(self) -> None:
        w, h = self.app.canvas_size
        art = self.app.art
        large, body = art.fonts.large, art.fonts.body
        self.panels: list[pygame.Rect] = []
        self.buttons: list[Button] = []
        top = 16 + large.line_height + 10
        self.tabs: list[Button] = []
        if len(self.stories) > 1:
            tab_w = min(240, (w - 48) // len(self.stories) - 8)
            for i, story in enumerate(self.stories):
                name = self.names[story.seat]
                label = body.clip(name, tab_w - 20)
                self.tabs.append(Button((24 + i * (tab_w + 8), top, tab_w, 32), label,
                                        lambda k=i: self.show_page(k), face="body"))
            top += 32 + 8
        lines = self.summary(w - 48 - 52)
        self.head = pygame.Rect(24, top, w - 48,
                                12 + large.line_height + len(lines) * body.line_height + 8)
        top = self.head.bottom + 8
        bottom = h - 62
        n = max(1, len(self.told))
        gap = 8
        ph = (bottom - top - gap * (n - 1)) // n
        watch_w = large.width(_("Watch")) + 48
        for i, told in enumerate(self.told):
            rect = pygame.Rect(24, top + i * (ph + gap), w - 48, ph)
            self.panels.append(rect)
            self.buttons.append(Button((rect.right - watch_w - 14, rect.y + 8, watch_w, 36),
                                       _("Watch"), lambda k=told.first: self.watch(k),
                                       big=True))
        self.buttons += self.tabs
        back_w = large.width(_("Back")) + 60
        self.back = Button((w - back_w - 24, h - 50, back_w, 36), _("Back"), self.app.pop,
                           big=True, key="back")
        self.buttons.append(self.back)
        self.focus.index = len(self.buttons) - 1

    def language_changed(self) -> None:
        self.stories = tell_stories(self.replay.record, self.replay.plan)
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
        plan = self.replay.plan
        large.draw(surface, _(KEY_MOMENTS), (w // 2, 14), GOLD, align="center")
        # The page's seat: its place and points in its colour, where they came from.
        seat = plan.seats[self.story.seat]
        draw_panel(surface, art, self.head, "ui_panel_hi" if self.story.place == 1 else
                   "ui_panel")
        art.sprites.blit_anchored(surface, f"emblem_{seat.colour}",
                                  (self.head.x + 22, self.head.y + 10 + large.line_height // 2))
        large.draw(surface, large.clip(self.story.headline(plan), self.head.w - 60),
                   (self.head.x + 38, self.head.y + 10), art.seat_text_colour(seat.colour))
        y = self.head.y + 10 + large.line_height
        for line, colour in self.summary(self.head.w - 52):
            body.draw(surface, line, (self.head.x + 38, y), colour)
            y += body.line_height
        if not self.told:
            body.draw(surface, _("No turn stood out in this game."),
                      (w // 2, self.head.bottom + 20), WHITE, align="center")
        for told, rect, button in zip(self.told, self.panels, self.buttons, strict=False):
            draw_panel(surface, art, rect)
            mover = plan.seats[told.moment.seat]
            art.sprites.blit_anchored(surface, f"emblem_{mover.colour}",
                                      (rect.x + 22, rect.y + 8 + large.line_height // 2))
            text_w = button.rect.x - rect.x - 50
            large.draw(surface, large.clip(told.headline, text_w), (rect.x + 38, rect.y + 8),
                       art.seat_text_colour(mover.colour))
            y = rect.y + 12 + large.line_height
            for line in told.lines:
                parts = body.wrap(line, button.rect.x - rect.x - 46)
                if y + len(parts) * body.line_height > rect.bottom - 4:
                    continue               # whole sentences only: a shorter one may fit
                for part in parts:
                    body.draw(surface, part, (rect.x + 38, y), WHITE)
                    y += body.line_height
        draw_buttons(self.buttons, surface, art, self.focus if Focus.shown else None)
        for i, tab in enumerate(self.tabs):
            # Each tab under its seat's emblem; the page shown is rimmed in gold.
            colour = plan.seats[self.stories[i].seat].colour
            art.sprites.blit_anchored(surface, f"emblem_{colour}",
                                      (tab.rect.x + 14, tab.rect.centery))
            if i == self.page:
                pygame.draw.rect(surface, GOLD, tab.rect.inflate(6, 6), 2)
