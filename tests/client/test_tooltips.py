"""Everything on the play screen's panels named and explained: each counter of
each seat, each card in the hand and on display, the decks, the supplies, the
action buttons, the points track and the stack counter have a tooltip in
every language; the boxes fit the screen at both text sizes; the pointer
resting on an element and the pads' focus show them."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game import i18n  # noqa: E402
from hacienda_game.client.assets import Art  # noqa: E402
from hacienda_game.client.scenes.play.layout import play_layout  # noqa: E402
from hacienda_game.client.scenes.play.parts import (  # noqa: E402
    actionbar,
    hand,
    header,
    market,
    seats,
    tooltip,
    track,
)
from hacienda_game.client.scenes.play.parts import viewmodel as vm  # noqa: E402
from hacienda_game.engine import new_game, observe  # noqa: E402
from hacienda_game.engine.components import ANIMALS, LAND_CARDS  # noqa: E402

CANVAS = (960, 540)
NAMES = ["Ana", "Bruno", "Carmen", "Dieter", "Elena"]
KINDS = ["human", "easy", "remote", "hard", "medium"]


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((8, 8))
    a = Art()
    yield a
    a.fonts.text_size = "normal"


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def a_game(players: int = 4, actions: int = 60, seed: int = 3):
    state = new_game("symmetric", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = state.legal_actions()
        state.apply(rng.choice([a for a in legal if a.kind != "end"] or legal))
    return state


def every_tip(art, lay, obs, gains=(0, 4, 1, 0, 2)) -> tuple[dict, list[tooltip.Tip]]:
    """The panels' models of a seat view and every tooltip the parts report;
    the hand holds every card there is, the supply every water size."""
    n = len(obs.seats)
    header_m = vm.header_model(obs, NAMES[:n], KINDS[:n], 900)
    track_m = vm.track_model([3] * n, [3 + g for g in gains[:n]], list(range(n)), NAMES[:n])
    seats_m = vm.seats_model(obs, NAMES[:n], KINDS[:n], list(range(n)), [20] * n, [3] * n,
                             [3] * n, [3 + g for g in gains[:n]], [1] * n, 0.0)
    market_m = vm.market_model(obs)
    cards = tuple(("land", c, 2) for c in LAND_CARDS) + tuple(("animal", c, 1)
                                                             for c in ANIMALS)
    hand_m = vm.HandModel(False, 0, cards, None, 700)
    looks = tuple(vm.ButtonLook((10 + 120 * i, lay.actions.y, 110, 24), "x", None, i % 2 == 0,
                                False, False, 0.0, False, key)
                  for i, key in enumerate(("hacienda", "water", "harvest", "end", "size:2")))
    actions_m = vm.ActionsModel(looks)
    tips = [*header.tips(art, lay.top, header_m), *track.tips(lay.track, track_m),
            *seats.tips(art, lay.seats, seats_m), *market.tips(art, lay, market_m),
            *hand.tips(lay, hand_m), *actionbar.tips(actions_m)]
    models = dict(header=header_m, seats=seats_m, market=market_m, hand=hand_m,
                  actions=actions_m)
    return models, tips


def with_reason(t: tooltip.Tip) -> tooltip.Tip:
    if t.key == "button" and not t.get("enabled"):
        return tooltip.Tip(t.rect, t.key, (*t.params, ("why", "Needs 12 pesos, you have 4.")))
    return t


def test_every_panel_element_reports_a_tooltip(art):
    lay = play_layout(CANVAS, 4, art.fonts.body.line_height)
    state = a_game()
    models, tips = every_tip(art, lay, observe(state, 0))
    keys = [t.key for t in tips]
    # each seat: its name and its five counters
    for key in ("seat", *seats.COUNTERS):
        assert keys.count(key) == 4, key
    # each card in the hand and each face-up card and deck on display
    assert keys.count("hand_card") == len(LAND_CARDS) + len(ANIMALS)
    shown = sum(c is not None for c in models["market"].land_face_up
                + models["market"].animal_face_up)
    assert keys.count("shown_card") == shown and keys.count("deck") == 2
    assert keys.count("row") == 2
    assert keys.count("haciendas") == 1 and keys.count("chips") == 1
    assert keys.count("water") == sum(1 for _s, n in models["market"].water_left if n)
    assert keys.count("track") == 1 and keys.count("stack") == 1 and keys.count("actions") == 1
    assert keys.count("button") == 5
    # every element lies on the screen, inside the panel it explains
    for t in tips:
        assert pygame.Rect(0, 0, *CANVAS).contains(pygame.Rect(t.rect)), t
    for t in tips:
        if t.key in seats.COUNTERS:
            assert any(pygame.Rect(r).contains(pygame.Rect(t.rect).inflate(-4, -2))
                       for r in lay.seats), t


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_every_tooltip_line_starts_with_a_capital(art, code):
    """Titles (unless a player's name opens them), sentences and reasons."""
    lay = play_layout(CANVAS, 4, art.fonts.body.line_height)
    _models, tips = every_tip(art, lay, observe(a_game(), 0))
    i18n.set_language(code)
    low = [f"{t.key}: {text!r}" for t in map(with_reason, tips)
           for text in tooltip.words(t) if text[:1].islower()]
    assert not low, "\n".join(low)


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_every_tooltip_has_words_in_each_language(art, code):
    lay = play_layout(CANVAS, 4, art.fonts.body.line_height)
    state = a_game()
    _models, tips = every_tip(art, lay, observe(state, 0))
    tips = [with_reason(t) for t in tips]
    i18n.set_language("en")
    english = [tooltip.words(t) for t in tips]
    i18n.set_language(code)
    missing = []
    for t, en in zip(tips, english, strict=True):
        title, body, why = tooltip.words(t)
        if not title.strip() or not body.strip():
            missing.append(f"{t.key}: empty")
        if code != "en" and body == en[1]:
            missing.append(f"{t.key}: English in {code}: {title!r} {body!r}")
        if t.get("why") and not why:
            missing.append(f"{t.key}: no reason")
    assert not missing, "\n".join(missing)


def test_a_scoring_now_is_written_out_in_words(art):
    lay = play_layout(CANVAS, 4, art.fonts.body.line_height)
    _models, tips = every_tip(art, lay, observe(a_game(), 0), gains=(0, 4, 1, 0))
    score = [t for t in tips if t.key == "score"]
    assert tooltip.words(score[1])[1] == "If scored now: 4 points more, 7 points in all."
    assert tooltip.words(score[2])[1] == "If scored now: 1 point more, 4 points in all."
    assert tooltip.words(score[0])[1] == "If scored now: no more points."
    i18n.set_language("de")
    assert "4 Punkte" in tooltip.words(score[1])[1]


def test_cards_say_where_they_can_go(art):
    i18n.set_language("en")
    tip = tooltip.tip((0, 0, 10, 10), "hand_card", item="land", card="forest", count=2)
    title, body, _why = tooltip.words(tip)
    assert title == "Forest cards (2 in your hand)"
    assert "free forest space" in body and "pampas" in body
    pampas = tooltip.words(tooltip.tip((0, 0, 1, 1), "shown_card", item="land",
                                       card="pampas"))
    assert "next to one of your land tiles" in pampas[1] and "3 pesos" in pampas[0]
    pig = tooltip.words(tooltip.tip((0, 0, 1, 1), "hand_card", item="animal", card="pig",
                                    count=1))
    assert "pig herd" in pig[1]


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_tooltips_fit_the_screen_at_both_text_sizes(art, size, code):
    art.fonts.text_size = size
    try:
        font = art.fonts.body
        i18n.set_language(code)
        for players in (2, 5):
            lay = play_layout(CANVAS, players, font.line_height)
            _models, tips = every_tip(art, lay, observe(a_game(players), 0))
            screen = pygame.Rect(0, 0, *CANVAS)
            for t in tips:
                t = with_reason(t)
                rect, lines = tooltip.box(art, CANVAS, t.rect, *tooltip.words(t),
                                          column=lay.side.x)
                assert screen.contains(rect), (t.key, rect)
                assert len(lines) * font.line_height + 8 <= rect.h, t.key
                for text, _colour in lines:
                    assert font.width(text) <= rect.w - 16, (t.key, text)
                # beside or over its element, never hiding the element itself
                assert not rect.colliderect(pygame.Rect(t.rect).inflate(-4, -4)) \
                    or t.key == "track", (t.key, rect, t.rect)
                surf = pygame.Surface(CANVAS)
                drawn = tooltip.draw(surf, art, t, lay.side.x)
                assert drawn == rect
    finally:
        art.fonts.text_size = "normal"


def test_the_clock_waits_for_a_resting_pointer_and_shows_a_new_focus():
    clock = tooltip.TipClock()
    assert not clock.pointer_at((10, 10), 0.0)
    assert not clock.pointer_at((10, 10), 0.2)
    assert clock.pointer_at((10, 10), 0.5)
    assert not clock.pointer_at((11, 10), 0.6)      # moved: the delay starts again
    assert clock.focus_on(("card", 1), 1.0)
    assert clock.focus_on(("card", 1), 1.0 + tooltip.FOCUS_TIME - 0.1)
    assert not clock.focus_on(("card", 1), 1.0 + tooltip.FOCUS_TIME + 0.1)
    assert clock.focus_on(("card", 2), 9.0)
    assert not clock.focus_on(None, 9.1)


# ---------------------------------------------------------- on the play screen
def play_scene(app, seed: int = 7):
    from tools import screens

    return screens.play_to(app, 20, seed)


def test_the_pointer_resting_on_a_counter_shows_its_tooltip(home):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options

    app = App(Options(headless=True, language="en", fake_clock=True))
    try:
        game = play_scene(app)
        app.draw()
        score = next(t for t in game.tips() if t.key == "money")
        pos = pygame.Rect(score.rect).center
        app.pointer = pos
        assert game.tooltip() is None                  # not at once
        game.tip_clock.since -= 1.0
        shown = game.tooltip()
        assert shown is not None and shown.key == "money"
        drawn = []
        real = tooltip.draw
        tooltip.draw = lambda *a, **k: drawn.append(a[2]) or real(*a, **k)
        try:
            app.draw()
        finally:
            tooltip.draw = real
        assert drawn and drawn[0].key == "money"
        # an off action button's tooltip says why it is off
        game.update_buttons()
        off = next((b for b in game.action_buttons() if not b.enabled), None)
        if off is not None:
            t = next(t for t in game.tips() if t.rect == tuple(off.rect))
            assert game.explain(t).get("why")
    finally:
        app.finish()


def test_a_pad_or_key_focus_shows_the_tooltip(home):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scene import Command

    app = App(Options(headless=True, language="de", fake_clock=True))
    try:
        game = play_scene(app)
        assert game.human_turn
        assert game.tooltip() is None
        game.handle(Command("key", name="next_card"))
        app.draw()
        shown = game.tooltip()
        assert shown is not None and shown.key == "hand_card"
        assert shown.get("card") == game.selection.card
        title, body, _why = tooltip.words(shown)
        assert "Karte" in title and body
        game.handle(Command("key", name="next_action"))
        app.draw()
        shown = game.tooltip()
        assert shown is not None and shown.key == "button" and shown.get("button") == "hacienda"
        # the mouse moving again: the focus tooltip gives way to the pointer's
        game.handle(Command("point", pos=(5, 5)))
        assert game.tooltip() is None
    finally:
        app.finish()
