"""The title menu and the Load screen with files the one bounded reader
refuses: listed with the reason, never the error screen."""

from __future__ import annotations

import json
import random

from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan


def _plan() -> GamePlan:
    return GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", "easy", 1)], 9)


def _game(steps: int):
    state = new_game("symmetric", 2, 9)
    rng = random.Random(9)
    while len(state.history) < steps:
        state.apply(state.random_action(rng))
    return state


def _errors(app) -> list:
    from hacienda_game.client.scenes.overlays import ErrorOverlay

    return [s for s in app.stack if isinstance(s, ErrorOverlay)]


def test_a_long_number_in_the_autosave_never_stops_the_title_menu(home):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.saveload import LoadScene

    path = saves.autosave(_game(10), _plan())
    data = json.loads(path.read_text())
    data["summary"]["round"] = 12345
    raw = json.dumps(data).replace("12345", "9" * 5000).encode()
    path.write_bytes(raw)
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.push(MenuScene())
        for _ in range(3):
            app.step()
        assert not _errors(app) and isinstance(app.top, MenuScene)
        assert "Continue" not in [b.label for b in app.top.buttons]
        app.reset(MenuScene())                     # "Back to menu" builds it again
        app.step()
        assert not _errors(app) and isinstance(app.top, MenuScene)
        app.push(LoadScene())
        app.step()
        load = app.top
        assert [p.path for p in load.problems] == [path]
        load.pick(0)
        app.step()
        assert not _errors(app)
    finally:
        app.finish()
    assert path.read_bytes() == raw


def test_a_save_dated_at_the_range_edge_never_breaks_the_load_screen(home):
    from hacienda_game.client.scenes.saveload import LoadScene

    good = saves.save_game(_game(12), _plan(), "Evening")
    odd = saves.save_game(_game(20), _plan(), "Odd")
    data = json.loads(odd.read_text())
    data["saved_at"] = "0001-01-01T00:00:00+14:00"
    odd.write_text(json.dumps(data))
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.push(LoadScene())
        for _ in range(3):
            app.step()
        load = app.top
        assert isinstance(load, LoadScene) and not _errors(app)
        assert [s.path for s in load.items] == [good]
        assert [p.path for p in load.problems] == [odd]
        for i in range(len(load.entries)):
            load.pick(i)
            app.step()
        assert not _errors(app)
    finally:
        app.finish()


SAVES = 1000


def test_a_thousand_saves_fill_the_load_screen_without_a_freeze(home, monkeypatch):
    import os
    import time

    from hacienda_game.client.scenes.saveload import LoadScene
    from tools.faults_files import write_saves

    base_path = saves.save_game(_game(60), _plan(), "Base")
    old = time.time() - 3600
    os.utime(base_path, (old, old))
    write_saves(home / "saves", json.loads(base_path.read_text()), SAVES)
    read = []
    real = saves._read_save
    monkeypatch.setattr(saves, "_read_save", lambda p: read.append(p) or real(p))
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    try:
        app.step()
        t = time.process_time()
        app.push(LoadScene())
        app.step()
        first = time.process_time() - t
        load = app.top
        assert len(read) < SAVES // 3, "the whole folder was read before the first frame"
        assert load.reading() and load.entries          # the list shows, and grows
        worst, frames = 0.0, 0
        while not load.scan.finished and frames < SAVES:
            t = time.process_time()
            app.step()
            worst = max(worst, time.process_time() - t)
            frames += 1
        assert load.scan.finished and len(load.items) == SAVES + 1 and not load.problems
        dates = [s.saved_at for s in load.items]
        assert dates == sorted(dates, reverse=True)
        assert first < 0.3 and worst < 0.3, (first, worst)
        app.pop()
        app.step()
        read.clear()
        app.push(LoadScene())                            # again: nothing is read twice
        while not app.top.scan.finished:
            app.step()
        # only the chosen saves, replayed for their pictures
        assert len(read) < 10 and len(app.top.items) == SAVES + 1
    finally:
        app.finish()
