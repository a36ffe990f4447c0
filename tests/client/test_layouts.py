"""Every scene lays out from the canvas: at 720 (4:3) to 1290 (21:9) pixels
wide, in English, German and Spanish, at both text sizes, its text stays on
the canvas, inside its buttons and clear of its other text; the play screen's
text also stays inside its panels (early, and late with five seats)."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from hacienda_game import i18n
from hacienda_game.client import ui
from hacienda_game.client.app import App
from hacienda_game.client.assets import Font
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.play.table import GameTable

from .drawnhelp import show

LONG = ("A long message that has to wrap over several lines, as the reasons a map or a"
        " save cannot be used often do; it must stay inside its panel at every size.")


def scenes(app):
    """The scenes this test lays out, each pushed over the last or in its place."""
    from hacienda_game.client.scenes import (
        maps,
        menu,
        overlays,
        padmenus,
        play,
        rules,
        saveload,
        settings,
        setup,
    )
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    yield menu.MenuScene()
    full = setup.SetupScene()
    yield full
    while len(full.seats) < 5:
        full.add_seat()
    yield full
    yield maps.MapsScene()
    yield settings.SettingsScene()
    for page in range(len(rules.SECTIONS)):
        yield rules.RulesScene(page)
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 5,
                    open_hands=True)
    game = play.PlayScene(plan)
    yield game
    five = GamePlan("symmetric", [SeatPlan(n, "hard" if i else "human", colour=i) for i, n in
                                  enumerate(["Ana", "Bruno", "Carmen", "Dieter", "Elena"])],
                    5, open_hands=True)
    late = new_game("symmetric", 5, seed=5)
    rng = random.Random(5)
    for _ in range(160):
        late.apply(rng.choice([a for a in late.legal_actions() if a.kind != "end"]
                              or late.legal_actions()))
    yield play.PlayScene(five, state=late)
    yield padmenus.BuyMenu(game, "")
    yield padmenus.LogView(game)
    yield padmenus.Reconnect(game, "pad:99")
    yield saveload.SaveDialog(game.layer.game, plan)
    yield overlays.Pause(save=lambda: None)
    yield overlays.Message(lambda: i18n._("Not saved"), LONG)
    yield overlays.Confirm(lambda: i18n._("Leave this game?"), lambda: None,
                           lambda: i18n._("The game is not saved."))
    yield overlays.ErrorOverlay(ValueError("a broken thing"), None)
    yield overlays.Privacy("Ana", (255, 255, 255), "emblem_0")
    saves.save_game(game.layer.game, plan, "Ana")
    done = new_game("symmetric", 2, seed=5)
    rng = random.Random(5)
    while not done.is_over():
        done.apply(done.random_action(rng))
    kept = saves.keep_replay(done, plan)
    yield saveload.LoadScene()
    yield saveload.ReplaysScene()
    yield from scoring_scenes(five)
    from hacienda_game.client.scenes.replay import ReplayScene

    viewer = ReplayScene(saves.load_replay(kept))
    yield viewer
    viewer.goto(len(viewer.actions) // 2)
    yield viewer


def scoring_scenes(plan):
    """The intermediate and the final scoring of a five-seat game, every row
    shown, the final one with its charts and its Key moments button."""
    from hacienda_game.client.scenes.scoring import ScoringScene
    from hacienda_game.engine import new_game

    state = new_game("symmetric", 5, seed=3)
    rng = random.Random(3)
    samples, scorings, over = [], [], None
    while not state.is_over():
        for e in state.apply(state.random_action(rng)):
            if e.kind == "scoring":
                scorings.append(e)
            if e.kind == "game_over":
                over = e
        scores = [s.score for s in state.seats]
        samples.append((len(samples), scores, [s.money for s in state.seats], scores))
    for e in scorings:
        final = e.data["which"] == "final"
        scene = ScoringScene(e.data["which"], e.data["table"], plan, e.data["scores"], samples,
                             over.data["winners"] if final else None,
                             money=over.data["money"] if final else None,
                             moments=(lambda: None) if final else None)
        scene.t = 60.0
        yield scene


RULE_CODE = re.compile(r"\bR\d{1,2}\b")
PATH = re.compile(r"(?:^|[\s(\"'])(?:/|~/|[A-Za-z]:\\)[\w.-]+|[\w.-]+/[\w.-]+/")


def player_words_problems(text: str) -> list[str]:
    """Rule codes, file paths or internal map keys in a text on screen (the
    rules help names its sections by title, never by code)."""
    from hacienda_game.maps.catalog import builtin_maps
    from hacienda_game.session.userdirs import user_maps_dir

    found = []
    if text.strip() and text.strip() in str(user_maps_dir()):
        return found          # the Maps screen shows where own maps go: a path, on purpose
    if RULE_CODE.search(text):
        found.append("a rule code")
    if PATH.search(text):
        found.append("a file path")
    for key in builtin_maps():
        if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text):
            found.append(f"the map key {key!r}")
    return found


def overlapping(rects: list[tuple[str, pygame.Rect]]) -> list[str]:
    out = []
    for i, (text, rect) in enumerate(rects):
        for other, orect in rects[i + 1:]:
            if rect.colliderect(orect):
                out.append(f"{text!r} {tuple(rect)} and {other!r} {tuple(orect)}")
    return out


def play_problems(scene, drawn, too_wide) -> list[str]:
    name = type(scene).__name__
    """The play screen's text (on the screen and on its panels' canvas, both
    canvas-sized) inside the canvas, each in one panel, none over another."""
    lay = scene.layout
    areas = [lay.top, lay.board, lay.zoom, lay.track, lay.hand, lay.actions, lay.strip, lay.legend,
             *lay.seats, lay.market, lay.log]
    own = [(text, rect) for _target, text, rect in drawn]
    out = [f"{name}: {text!r} {tuple(rect)} outside every panel" for text, rect in own
           if not any(area.contains(rect) for area in areas)]
    out += [f"{name}: overlap {o}" for o in overlapping(own)]
    out += [f"{name}: {label}" for label in too_wide]
    return out


CASES = [(code, size, width) for code in ("en", "de", "es") for size in ("normal", "large")
         for width in (720, 1290)] + [("en", "normal", 864), ("de", "normal", 960)]


@pytest.mark.parametrize(("code", "size", "width"), CASES)
def test_every_scene_fits_the_canvas(code, size, width, home, monkeypatch):
    drawn: list[tuple[pygame.Surface, str, pygame.Rect]] = []
    too_wide: list[str] = []
    draw, button_draw = Font.draw, ui.Button.draw

    def record(self, target, text, *args, **kw):
        rect = draw(self, target, text, *args, **kw)
        if text.strip():
            # the glyphs' box: a line's height, the width of its letters
            drawn.append((target, text, pygame.Rect(rect.x, rect.y, self.width(text) - 1,
                                                    self.line_height)))
        return rect

    def check_fit(self, surface, art):
        too_wide.extend(filter(None, [self.overflow(art)]))
        return button_draw(self, surface, art)

    monkeypatch.setattr(Font, "draw", record)
    monkeypatch.setattr(ui.Button, "draw", check_fit)
    app = App(Options(headless=True, language=code, screen=(width, 540)))
    app.set_text_size(size)
    problems: list[str] = []
    try:
        assert app.canvas_size == (width, 540)
        for scene in scenes(app):
            show(app, scene)
            drawn.clear()
            too_wide.clear()
            app.draw()
            name = type(scene).__name__
            problems += [f"{name}: {text!r} shows {why}" for _t, text, _r in drawn
                         for why in player_words_problems(text)]
            if isinstance(scene, GameTable):   # panels drawn once, onto a canvas of their own
                problems += play_problems(scene, drawn, too_wide)
                continue
            drawn.clear()
            too_wide.clear()
            scene.resize()                # laid out and drawn afresh (no cached picture)
            scene.draw(app.screen)        # this scene's own text only
            canvas = app.screen.get_rect()
            # the screen, or a picture of it drawn first (the scoring table)
            whole = app.screen.get_size()
            own = [(text, rect) for target, text, rect in drawn
                   if target is app.screen or target.get_size() == whole]
            problems += [f"{name}: {text!r} {tuple(rect)} off the canvas" for text, rect in own
                         if not canvas.contains(rect)]
            problems += [f"{name}: overlap {o}" for o in overlapping(own)]
            for target in {t for t, _text, _rect in drawn if t.get_size() != whole}:
                area = target.get_rect()
                problems += [f"{name}: {text!r} off its page" for t, text, rect in drawn
                             if t is target and not area.contains(rect)]
            problems += [f"{name}: {label}" for label in too_wide]
            assert app.running, f"{name} failed"
    finally:
        app.finish()
        i18n.set_language("en")
    assert not problems, "\n".join(problems[:40])


LOG_CASES = [(code, size, seats, screen) for code in ("en", "de", "es")
             for size in ("normal", "large") for seats in (2, 3, 4, 5)
             for screen in ((1366, 768), (1920, 1080))]


@pytest.mark.parametrize(("code", "size", "seats", "screen"), LOG_CASES)
def test_the_log_shows_four_lines_in_every_layout(code, size, seats, screen, home,
                                                   monkeypatch):
    """The log keeps room for at least four lines (three with Large text and
    five seats, whose rows are two lines high and no more so that each keeps
    its whole name: loose rows left it two), and drawn late in a game
    it shows its whole last entries in them, every text of the play screen
    inside its panel, none over another."""
    from hacienda_game.client.scenes import play
    from hacienda_game.engine import new_game
    from hacienda_game.session.plan import GamePlan, SeatPlan

    from .drawnhelp import record_drawn

    drawn = record_drawn(monkeypatch)
    too_wide: list[str] = []
    button_draw = ui.Button.draw

    def check_fit(self, surface, art):
        too_wide.extend(filter(None, [self.overflow(art)]))
        return button_draw(self, surface, art)

    monkeypatch.setattr(ui.Button, "draw", check_fit)
    app = App(Options(headless=True, language=code, screen=screen))
    app.set_text_size(size)
    try:
        names = ["Wilhelmina", "Bruno", "Carmen", "Dieter", "Elena"][:seats]
        plan = GamePlan("symmetric", [SeatPlan(n, "hard" if i else "human", colour=i)
                                      for i, n in enumerate(names)], 5, open_hands=True)
        late = new_game("symmetric", seats, seed=5)
        rng = random.Random(5)
        for _ in range(30 * seats):
            late.apply(rng.choice([a for a in late.legal_actions() if a.kind != "end"]
                                  or late.legal_actions()))
        scene = play.PlayScene(plan, state=late)
        show(app, scene)
        drawn.clear()
        app.draw()
        lay = scene.layout
        line = app.art.fonts.body.line_height
        # Large text, five seats: three, under the seats' whole names
        least = 3 if (size, seats) == ("large", 5) else 4
        assert (lay.log.h - 8) // line >= least, (tuple(lay.log), tuple(lay.market), lay.seats)
        in_log = [d for d in drawn if lay.log.contains(d.rect) and d.text.strip()]
        # whole entries only: the last line of room may wait for a short entry
        assert len(in_log) >= least - 1, [d.text for d in in_log]
        if lay.seats[0].h < 2 * line:        # one-line rows: no counter over the emblem
            from hacienda_game.client.scenes.play.parts import seats as seats_part

            rows = scene.shown_panels.seats.rows
            spots = seats_part.row_columns(app.art, lay.seats, rows)
            for rect, row in zip(lay.seats, rows, strict=True):
                first = seats_part.count_spots(app.art, rect, seats_part.row_counts(row),
                                               spots)[0][0]
                assert first >= rect.x + seats_part.NAME_X, (first, tuple(rect))
        problems = play_problems(scene, [(d.target, d.text, pygame.Rect(
            d.rect.x, d.rect.y, d.rect.w - 1, d.rect.h)) for d in drawn if d.text.strip()],
            too_wide)
        assert not problems, "\n".join(problems[:20])
    finally:
        app.finish()
        i18n.set_language("en")
