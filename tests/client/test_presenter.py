"""The presenter (events -> animations and sounds) driven alone: no app, no
play scene.  It is fed the events of a market payout and of a scoring with a
`Stage` (a plain value: the seat view, the board on screen, the layout, the
seats' colours and purses, the speed, the track's tickers), and what it sends
up is run and drawn over time on a plain Surface."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game import i18n  # noqa: E402
from hacienda_game.client.anim import Animations, Banner, CoinFly, Glow, Pop, Purse, Ticker  # noqa: E402
from hacienda_game.client.assets import Art  # noqa: E402
from hacienda_game.client.boardview import BoardView  # noqa: E402
from hacienda_game.client.scenes.play.layout import play_layout  # noqa: E402
from hacienda_game.client.scenes.play.presentation import (  # noqa: E402
    CATEGORY_TIME,
    Cue,
    HoldScenes,
    Presenter,
    Rumble,
    Stage,
    herd_and_land,
    projected,
)
from hacienda_game.client.track import piece_x, track_top  # noqa: E402
from hacienda_game.engine import new_game, observe  # noqa: E402

CANVAS = (960, 540)
SEATS = 3
COLOURS = (0, 1, 2)
BACK = (10, 20, 30)
STEP = 1 / 60
CATEGORIES = ("markets", "chains", "haciendas", "water")


@pytest.fixture(scope="module")
def art():
    pygame.init()
    i18n.set_language("en")
    return Art()


def until(wanted: str, seed: int = 9):
    """Random moves of a new game until one brings an event of that kind:
    (the state after it, that move's events, the scores before it)."""
    state = new_game("symmetric", SEATS, seed=4)
    rng = random.Random(seed)
    for _ in range(3000):
        before = [s.score for s in state.seats]
        events = state.apply(state.random_action(rng))
        if any(e.kind == wanted for e in events):
            return state, events, before
    raise AssertionError(f"no {wanted} in 3000 moves")


def stage_for(art, state, factor: float = 1.0, scores: list[Ticker] | None = None) -> Stage:
    layout = play_layout(CANVAS, SEATS, art.fonts.body.line_height)
    view = BoardView(state.board, layout.board)
    obs = observe(state, 0)
    purses = tuple((r.x + 18, r.y + 20) for r in layout.seats)
    hands = tuple(r.center for r in layout.seats)
    return Stage(obs, view, layout, COLOURS, purses, hands, factor, None, False,
                 scores or [Ticker(s.score) for s in obs.seats], tuple(projected(obs)))


def frame(art, anims: Animations) -> pygame.Surface:
    surface = pygame.Surface(CANVAS)
    surface.fill(BACK)
    anims.draw(surface, art)
    return surface


def drawn(surface: pygame.Surface) -> int:
    """How many pixels the animations drew (not the background)."""
    same = pygame.mask.from_threshold(surface, BACK, (1, 1, 1, 255))
    return CANVAS[0] * CANVAS[1] - same.count()


def test_a_market_payout_glows_the_herd_and_flies_coins_into_a_counting_purse(art):
    state, events, _before = until("market_paid")
    paid = next(e for e in events if e.kind == "market_paid")
    seat, amount = paid.seat, paid.data["amount"]
    stage = stage_for(art, state)
    shown = Presenter().show(art, stage, events)

    # What it sends up: the pad's rumble, the market's sounds, a clink per coin.
    assert Rumble(seat) in shown.commands
    cues = [c.name for c in shown.cues]
    assert "herd_market" in cues and "coins" in cues and cues.count("purse") >= 3
    glow = next(a for a in shown.anims if isinstance(a, Glow))
    board = state.board
    market = board.hex_of(paid.data["market"])
    herd = herd_and_land(stage.obs, board.hex_of(paid.data["side"]), market)
    assert glow.hexes == herd + [market]
    assert glow.colour == art.seat_colour(COLOURS[seat])
    purse = next(a for a in shown.anims if isinstance(a, Purse))
    assert purse.amount == amount and purse.end == stage.purses[seat]
    assert sum(isinstance(a, CoinFly) for a in shown.anims) >= 3
    assert shown.lands == {seat: pytest.approx(purse.duration - purse.t)}  # one market paid
    clinks = sorted(c.at for c in shown.cues if c.name == "purse")
    assert clinks == pytest.approx(sorted(at - purse.t for at in purse.landings))

    # Run over time: the herd lights up from its far end, the purse counts up
    # to the amount as the coins land, then hops to the seat's money and all is gone.
    anims = Animations()
    for a in shown.anims:
        anims.add(a)
    far = stage.view.centres[herd[0]]
    first = frame(art, anims)
    assert first.get_at(far)[:3] != BACK                      # lit at once
    counts, pixels = [], []
    t = 0.0
    while anims.items:
        if len(counts) % 10 == 0:
            pixels.append(drawn(frame(art, anims)))
        anims.update(STEP)
        t += STEP
        counts.append(purse.count)
    assert counts == sorted(counts) and counts[-1] == amount and len(set(counts)) >= 3
    assert min(pixels) > 0 and max(pixels) > 40 * 40          # glow, coins, purse: all along
    x, y, _size = purse.place()
    assert (x, y) == pytest.approx(stage.purses[seat], abs=1)   # it hopped to the seat's money
    assert t == pytest.approx(shown.lands[seat], abs=2 * STEP)
    assert drawn(frame(art, anims)) == 0                      # nothing left on the board


def test_the_speed_setting_scales_a_payout_and_off_leaves_the_sounds_only(art):
    state, events, _before = until("market_paid")
    normal = Presenter().show(art, stage_for(art, state, 1.0), events)
    slow = Presenter().show(art, stage_for(art, state, 2.0), events)
    assert max(a.duration - a.t for a in slow.anims) == \
        pytest.approx(2 * max(a.duration - a.t for a in normal.anims))
    off = Presenter().show(art, stage_for(art, state, 0.0), events)
    assert off.anims == [] and off.lands == {}
    assert [c.name for c in off.cues] == [c.name for c in normal.cues if c.name != "purse"]


def test_a_scoring_shows_each_category_then_holds_the_table(art):
    state, events, before = until("scoring")
    table = next(e for e in events if e.kind == "scoring").data["table"]
    ticks = [Ticker(v) for v in before]
    for t, s in zip(ticks, state.seats, strict=True):
        t.set(s.score)                     # as the screen does once the events are shown
    stage = stage_for(art, state, 1.0, ticks)
    shown = Presenter().show(art, stage, events)

    banners = [a for a in shown.anims if isinstance(a, Banner)]
    assert [b.text for b in banners] == ["Markets reached", "Land chains", "Haciendas", "Water"]
    assert [-b.t for b in banners] == pytest.approx([i * CATEGORY_TIME for i in range(4)])
    holds = [c for c in shown.commands if isinstance(c, HoldScenes)]
    assert holds == [HoldScenes(pytest.approx(4 * CATEGORY_TIME))]
    glows = [a for a in shown.anims if isinstance(a, Glow)]
    assert {a.colour for a in glows} <= {art.seat_colour(c) for c in COLOURS} and glows
    track = stage.layout.track
    on_track = [a for a in shown.anims if isinstance(a, Pop) and a.area.contains(track)]
    assert len(on_track) == sum(1 for row in table for cat in CATEGORIES if row[cat]) > 0
    assert not any(isinstance(c, Cue) for c in shown.commands)   # the table sounds its own

    # Over time: each category's banner in its turn, the track's pops riding
    # on the pieces as the tickers step them, and nothing once it is over.
    anims = Animations()
    for a in shown.anims:
        anims.add(a)
    seat = max(range(SEATS), key=lambda s: table[s]["total"])
    pop = next(p for p in on_track if p.pos.seat == seat)
    xs, t = [pop.pos[0]], 0.0
    for i in range(4):
        while t < (i + 0.5) * CATEGORY_TIME:
            anims.update(STEP)
            for tick in ticks:
                tick.update(STEP, 30)
            t += STEP
        surface = frame(art, anims)
        shown_now = [b for b in banners if b.started and b.t < b.duration]
        assert [b.text for b in shown_now] == [banners[i].text]
        r = banners[i].rect(art)
        assert any(surface.get_at((x, r.centery))[:3] != BACK for x in range(r.x, r.right))
        xs.append(pop.pos[0])
        values = [tick.value for tick in ticks]
        top = track_top(values + list(stage.projected))
        assert pop.pos[0] == piece_x(track, art.fonts.body, "Points", top, values[seat])
    assert xs == sorted(xs) and xs[-1] > xs[0]           # it rose along with the piece
    while anims.items:
        anims.update(STEP)
        t += STEP
    assert t == pytest.approx(3 * CATEGORY_TIME + 0.3 + 0.9, abs=2 * STEP)   # the last pops
    assert drawn(frame(art, anims)) == 0
