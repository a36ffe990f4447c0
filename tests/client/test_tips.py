"""First-time tips: each fires once per player profile, not when turned off,
again after a reset, never for AI or remote seats; each fits its box in three
languages at both text sizes; every tip and every refusal links to an
existing rules page, and the link opens it (Back returns to the game)."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game import i18n  # noqa: E402
from hacienda_game.client import tips  # noqa: E402
from hacienda_game.client.assets import Art  # noqa: E402
from hacienda_game.client.scenes.play import PlayScene  # noqa: E402
from hacienda_game.client.scenes.play.layout import play_layout  # noqa: E402
from hacienda_game.client.scenes.rules import SECTIONS, RulesScene  # noqa: E402
from hacienda_game.engine import REFUSALS, Event, IllegalAction  # noqa: E402
from hacienda_game.engine.components import LAND_CARDS, PAMPAS_CARD  # noqa: E402
from hacienda_game.engine.groups import EMPTY  # noqa: E402
from hacienda_game.session.plan import GamePlan, SeatPlan  # noqa: E402
from hacienda_game.session.refusals import SENTENCES, hint  # noqa: E402
from hacienda_game.session.tips import TipBook  # noqa: E402

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def start(driver, kinds=("human", "human"), names=("Ana", "Bea")) -> PlayScene:
    seats = [SeatPlan(n, k, i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    scene = PlayScene(GamePlan("symmetric", seats, 5, [], open_hands=True))
    driver.app.reset(scene)
    driver.frames(2)
    return scene


def situation(scene, tip: str, seat: int = 0) -> list[Event]:
    """The events (and, for the tips a view shows, the view) of a first time."""
    board = scene.layer.board
    cell = board.names[board.markets[0]]
    land = board.names[board.by_space["forest"][0]]
    if tip == "market":
        return [Event("market_paid", seat, {"market": cell, "herd": 2, "land": 1, "amount": 3})]
    if tip in ("harvest", "chip_taken"):
        source = 1 - seat if tip == "chip_taken" else None
        return [Event("harvest", seat, {"cell": land, "chain": 2, "amount": 6,
                                        "source": source})]
    if tip == "water":
        return [Event("water_placed", seat, {"size": 1, "cells": [land], "price": 12})]
    if tip == "intermediate":
        return [Event("stack_switched", None, {"stack": 2, "scoring": "intermediate"})]
    if tip == "last_round":
        return [Event("stack_switched", None, {"stack": 3, "scoring": "final"})]
    return []


def viewed(scene, tip: str):
    """The seat's view changed so that it shows the tip's situation."""
    real = scene.layer.view

    def view(seat):
        v = real(seat)
        if tip == "pampas_fallback":
            card = LAND_CARDS.index("forest")
            kind = list(v.kind)
            for h in v.board.by_space["forest"]:
                kind[h] = 1 if kind[h] == EMPTY else kind[h]
            hand = [0] * len(v.land_hand)
            hand[card] = 1
            return dataclasses.replace(v, kind=tuple(kind), land_hand=tuple(hand))
        if tip == "hand_limit":
            hand = [0] * len(v.land_hand)
            hand[PAMPAS_CARD] = 20
            return dataclasses.replace(v, land_hand=tuple(hand),
                                       variants=frozenset({"hand_limits"}))
        if tip == "stack_low":
            return dataclasses.replace(v, animal_draw_size=tips.STACK_LOW)
        return v
    scene.layer.view = view


def meet(driver, scene, tip: str, seat: int = 0) -> None:
    if tip in ("pampas_fallback", "hand_limit", "stack_low"):
        viewed(scene, tip)
    scene.first_tips.observe(situation(scene, tip, seat))
    driver.frames(1)


def test_the_situations_are_not_met_at_the_start(driver):
    scene = start(driver)
    scene.first_tips.observe([])
    driver.frames(1)
    assert scene.first_tips.shown is None and not scene.first_tips.waiting


@pytest.mark.parametrize("tip", [t.id for t in tips.TIPS])
def test_each_tip_fires_once_per_profile(driver, tip):
    scene = start(driver)
    meet(driver, scene, tip)
    assert scene.first_tips.shown is not None and scene.first_tips.shown.tip == tip
    assert scene.first_tips.box is not None, "drawn on screen"
    scene.first_tips.handle(pygame_key("confirm"))
    assert scene.first_tips.current() is None
    meet(driver, scene, tip)
    assert scene.first_tips.current() is None, "a second time: no tip"
    # A new game, same name (in another case): still seen; another name: shown.
    scene = start(driver, names=("ANA", "Bea"))
    meet(driver, scene, tip)
    assert scene.first_tips.current() is None
    scene = start(driver, names=("Carla", "Bea"))
    meet(driver, scene, tip)
    assert scene.first_tips.current() is not None and scene.first_tips.current().tip == tip


def pygame_key(name):
    from hacienda_game.client.scene import Command

    return Command("key", name=name)


def test_no_tip_when_turned_off_and_again_after_a_reset(driver):
    driver.app.settings.tips = False
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is None and scene.first_tips.box is None
    driver.app.settings.tips = True
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is not None
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is None
    TipBook().reset()
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is not None


def test_the_settings_turn_tips_off_and_reset_them(driver):
    from hacienda_game.client.scenes.settings import SettingsScene

    TipBook().mark("Ana", "market")
    settings = SettingsScene()
    driver.app.push(settings)
    driver.frames(1)
    keys = [r.key for r in settings.rows]
    settings.step(keys.index("tips"), 1)
    assert driver.app.settings.tips is False
    settings.step(keys.index("reset_tips"), 1)
    assert not TipBook().has_seen("Ana", "market")
    assert all(b.rect.bottom <= settings.rect.bottom for b in settings.buttons)
    assert settings.rect.bottom <= driver.app.canvas_size[1]


def test_no_tip_for_ai_or_remote_seats(driver):
    scene = start(driver, kinds=("human", "remote"))
    meet(driver, scene, "market", seat=1)
    assert not scene.first_tips.waiting and scene.first_tips.current() is None
    assert not TipBook().has_seen("Bea", "market")


def test_no_tip_in_a_game_of_ai_seats(driver):
    scene = PlayScene(GamePlan("symmetric", [SeatPlan("Ana", "random", 0),
                                             SeatPlan("Bea", "random", 1)], 5, [],
                               open_hands=True), autoplay=True)
    driver.app.reset(scene)
    driver.frames(2)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is None and not TipBook().seen


def test_a_tip_never_blocks_play(driver):
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is not None
    # A click on a card in the hand picks it, the tip staying where it is.
    rect, item, card = scene.hand_slots[0]
    driver.click(rect.center)
    assert scene.selection is not None and scene.selection.card == card
    assert scene.first_tips.current() is not None
    driver.click(scene.first_tips.box.center)
    assert scene.first_tips.current() is None


def test_enter_dismisses_a_tip_and_does_nothing_else(driver):
    """Enter (or pad A) on a tip: the tip goes, and that press does not act
    on the board too (no cursor shown, no "choose a card first"); the next
    Enter is the game's again."""
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.current() is not None
    scene.message = ""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r",
                                             scancode=0))
    driver.frames(2)
    assert scene.first_tips.current() is None
    assert not scene.cursor_shown and not scene.message, "the press acted on the board"
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r",
                                             scancode=0))
    driver.frames(2)
    assert scene.cursor_shown or scene.message, "the next press is the game's"


# ------------------------------------------------------------------ fitting
@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((8, 8))
    return Art()


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_each_tip_fits_its_box(art, lang, size):
    i18n.set_language(lang)
    art.fonts.text_size = size
    try:
        for canvas in ((960, 540), (720, 540)):
            board = play_layout(canvas, 4, art.fonts.body.line_height).board
            for tip in tips.TIPS:
                longest = max((tips.tip_words(tip, c) for c in LAND_CARDS),
                              key=art.fonts.body.width)
                assert tips.fits(art.fonts.body, longest, board), (lang, size, canvas, tip.id)
                assert tip.picture in art.sprites, tip.picture
                if lang != "en":
                    assert i18n._(tip.text) != tip.text, (lang, tip.id)
    finally:
        art.fonts.text_size = "normal"


# -------------------------------------------------------------- rules links
def test_every_tip_and_refusal_has_a_rules_page():
    assert {t.page for t in tips.TIPS} <= set(SECTIONS)
    codes = set(SENTENCES) | set(REFUSALS)
    missing = sorted(codes - set(tips.REFUSAL_PAGES))
    assert not missing, missing
    assert set(tips.REFUSAL_PAGES.values()) <= set(SECTIONS)
    for code in SENTENCES:
        reason = hint(IllegalAction("x", code, {}))
        assert tips.refusal_page(reason) == tips.REFUSAL_PAGES[code], code


def test_the_tips_link_opens_its_page_and_back_returns(driver):
    scene = start(driver)
    meet(driver, scene, "harvest")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0,
                                         unicode="", scancode=0))
    driver.frames(2)
    assert isinstance(driver.top, RulesScene)
    assert SECTIONS[driver.top.page] == "harvest"
    driver.top.handle(pygame_key("back"))
    driver.frames(1)
    assert driver.top is scene and scene.first_tips.current() is not None
    # The mouse: the Rules link drawn in the tip.
    driver.click(scene.first_tips.link.center)
    assert isinstance(driver.top, RulesScene) and SECTIONS[driver.top.page] == "harvest"


def test_a_refusals_link_opens_its_page(driver):
    scene = start(driver)
    scene.warn(hint(IllegalAction("x", "harvest_no_chain", {})), (300, 200))
    driver.frames(1)
    assert scene.rules_page() == "harvest"
    assert scene.first_tips.link is not None, "the link is drawn beside the bubble"
    driver.click(scene.first_tips.link.center)
    assert isinstance(driver.top, RulesScene) and SECTIONS[driver.top.page] == "harvest"
    driver.top.handle(pygame_key("back"))
    driver.frames(1)
    assert driver.top is scene


def test_the_reason_for_an_off_button_links_to_its_page(driver):
    """Pointing at an off action button: its reason, and a Rules link beside it."""
    scene = start(driver)
    off = next(b for b in (scene.b_hacienda, scene.b_harvest, scene.b_water)
               if not b.enabled)
    driver.move(off.rect.center)
    driver.frames(1)
    page = scene.rules_page()
    assert page in SECTIONS and scene.first_tips.link is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                         unicode="h", scancode=0))
    driver.frames(2)
    assert isinstance(driver.top, RulesScene) and SECTIONS[driver.top.page] == page


def herd_at_market(scene, seat: int = 0) -> tuple[str, list[str]]:
    """A market and a herd of two of ``seat`` reaching it from its right (put on
    the board)."""
    board = scene.layer.board
    state = scene.layer._state
    centres = scene.view.centres
    market = board.markets[0]
    # On the market's right, where a tip used to go first.
    side = max((n for n in board.adjacent[market] if state.kind[n] == EMPTY),
               key=lambda n: centres[n][0])
    other = max((n for n in board.adjacent[side] if state.kind[n] == EMPTY
                 and n != market and not board.is_market[n]), key=lambda n: centres[n][0])
    from hacienda_game.engine.groups import ANIMAL0

    for h in (side, other):
        state.kind[h] = ANIMAL0
        state.owner[h] = seat
    return board.names[market], [board.names[side], board.names[other]]


@pytest.mark.parametrize("canvas", [(1920, 1080), (1366, 768)])
@pytest.mark.parametrize("tip", ["market", "stack_low", "last_round"])
def test_a_tip_leaves_what_it_is_about_seen(driver, monkeypatch, canvas, tip):
    """Beside a hex the box covers neither it nor the herd named with it;
    beside the deck or the header it stands beside them, never over the
    seats' panels nor the market's supply."""
    scene = start(driver, kinds=("human", "human", "human"), names=("Ana", "Bea", "Cruz"))
    surface = pygame.Surface(canvas)
    monkeypatch.setattr(type(driver.app), "canvas_size", property(lambda app: canvas))
    scene.resize()
    guide = scene.first_tips
    if tip == "market":
        market, herd = herd_at_market(scene)
        events = [Event("market_paid", 0, {"market": market, "side": herd[0], "herd": 2,
                                           "land": 0, "amount": 2})]
    else:
        if tip == "stack_low":
            viewed(scene, tip)
        events = situation(scene, tip)
    guide.observe(events)
    scene.draw(surface)
    assert guide.shown is not None and guide.box is not None
    anchor = pygame.Rect(guide.anchor(guide.shown)[0])
    assert not guide.box.colliderect(anchor), "the box is beside its anchor, not on it"
    assert surface.get_rect().contains(guide.box)
    if tip == "market":
        for cell in herd:
            x, y = scene.view.centres[scene.layer.board.hex_of(cell)]
            r = tips.hex_radius(scene)
            hexagon = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
            assert not guide.box.colliderect(hexagon), f"the herd at {cell} stays seen"
        assert scene.layout.board.contains(guide.box)
    else:
        for panel in (*scene.layout.seats, scene.layout.market):
            assert not guide.box.colliderect(panel), "the seats and the supply stay seen"


@pytest.mark.parametrize("dialog", ["end_turn", "pause"])
def test_a_dialog_is_never_under_an_open_tip(driver, dialog):
    scene = start(driver)
    meet(driver, scene, "market")
    assert scene.first_tips.box is not None
    if dialog == "end_turn":
        scene.end_turn()
    else:
        scene.pause_menu()
    assert driver.app.top is not scene
    driver.frames(1)
    assert scene.first_tips.current() is None and scene.first_tips.box is None


def test_the_intermediate_scoring_tip_never_comes_after_that_scoring(driver):
    """Hot-seat: the stack runs out while Bea's hand is hidden (Ana's turn);
    the round ends and is scored before Bea's hand shows again: her tip
    "Intermediate scoring at the end of this round" is past, never shown
    at the start of the next round."""
    scene = start(driver)
    scene.viewer = 0
    scene.first_tips.observe(situation(scene, "intermediate"))
    assert scene.first_tips.current().seat == 0  # Ana sees hers when the stack runs out
    assert [m.seat for m in scene.first_tips.waiting if m.tip == "intermediate"] == [1]
    scene.first_tips.dismiss()
    scene.first_tips.observe([Event("scoring", None, {"which": "intermediate", "table": [],
                                                       "scores": [0, 0]})])
    scene.viewer = 1                             # Bea's turn, in the next round
    assert scene.first_tips.current() is None
    assert not any(m.tip == "intermediate" for m in scene.first_tips.waiting)


def test_the_intermediate_scoring_tip_shows_in_the_round_the_stack_runs_out(driver):
    scene = start(driver)
    scene.viewer = 0
    scene.first_tips.observe(situation(scene, "intermediate"))
    shown = scene.first_tips.current()
    assert shown is not None and shown.tip == "intermediate" and shown.seat == 0
    scene.first_tips.observe([Event("scoring", None, {"which": "intermediate", "table": [],
                                                       "scores": [0, 0]})])
    assert scene.first_tips.current() is None, "the tip stayed up past its scoring"
