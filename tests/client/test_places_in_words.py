"""No player text names a place by its coordinates: every string the client
draws over a whole autoplay game (the log, the banners, the panels, the
scoring), then its hand-off recap, key moments and replay, is caught where
the bitmap font renders it and scanned for a cell pair such as "4,8".
Places are named by landmark instead ("just west of the north market")."""

from __future__ import annotations

import re

import pytest

from hacienda_game import i18n
from hacienda_game.client import assets
from hacienda_game.client.app import App
from hacienda_game.client.options import Options

COORDINATES = re.compile(r"\d+\s*,\s*\d+")


class AtOnce:
    """The AI seats think in this process and answer at once (no process to
    wait for: the scan is about words, not about the AI's process)."""

    def think(self, level, obs, seed, budget=None):
        from hacienda_game.ai import choose_action
        from tests.helpers_ai import Ready

        return Ready(choose_action(level, obs, seed, budget))

    def poll(self):
        return None

    def close(self) -> None:
        pass


@pytest.fixture
def drawn(monkeypatch):
    """Every text the bitmap fonts render from now on."""
    texts: set[str] = set()
    render, shadowed = assets.Font.render, assets.Font.shadowed

    def caught_render(self, text, *args, **kwargs):
        texts.add(text)
        return render(self, text, *args, **kwargs)

    def caught_shadowed(self, text, *args, **kwargs):
        texts.add(text)
        return shadowed(self, text, *args, **kwargs)

    monkeypatch.setattr(assets.Font, "render", caught_render)
    monkeypatch.setattr(assets.Font, "shadowed", caught_shadowed)
    import hacienda_game.ai as ai

    monkeypatch.setattr(ai, "AIWorker", AtOnce)
    return texts


def play_whole_game(language: str, map_name: str, seats: int, seed: int, texts: set[str]):
    from hacienda_game.client.scenes.moments import MomentsScene, finished_replay
    from hacienda_game.client.scenes.overlays import Privacy
    from hacienda_game.client.scenes.play import autoplay_scene
    from hacienda_game.client.scenes.replay import ReplayScene

    app = App(Options(headless=True, autoplay=True, seats=["random"] * seats, seed=seed,
                      map=map_name, language=language))
    try:
        app.settings.anim_speed = "off"
        scene = autoplay_scene(app)
        app.push(scene)
        for _ in range(6000):
            app.step()
            if scene.layer.is_over() and not scene.pending and app.top is scene:
                break
        assert scene.layer.is_over()
        told = [line for line, _seat in scene.story]
        assert len(told) > 40                       # a whole game told
        # The hand-off screen's recap, the key moments and the replay's steps.
        app.push(Privacy("Ana", (200, 60, 60), "emblem_0", recap=scene.recap(0)[-12:]))
        app.step()
        app.pop()
        replay = finished_replay(scene.layer.game, scene.plan, None)
        app.push(MomentsScene(replay))
        app.step()
        viewer = ReplayScene(replay)
        app.push(viewer)
        steps = len(replay.record["actions"])
        for k in (1, steps // 4, steps // 2, steps - 1):
            viewer.goto(k)
            app.step()
        return told
    finally:
        app.finish()
        i18n.set_language("en")


def check(texts: set[str], told: list[str]) -> None:
    assert len(texts) > 300
    places = [t for t in texts if re.search(r"\b(market|lake|Markt|See|mercado|lago)\b", t)]
    assert places, "the log names places by landmark"
    leaked = sorted(t for t in texts | set(told) if COORDINATES.search(t))
    assert not leaked, leaked[:10]


def test_a_whole_german_game_names_no_place_by_coordinates(drawn):
    told = play_whole_game("de", "symmetric", 4, 3, drawn)
    check(drawn, told)
    assert any("Markt" in t for t in told)


@pytest.mark.slow
@pytest.mark.parametrize("language, map_name, seats, seed",
                         [("en", "eight", 3, 5), ("es", "frontier", 2, 8)])
def test_whole_games_in_each_language_name_no_place_by_coordinates(drawn, language, map_name,
                                                                   seats, seed):
    told = play_whole_game(language, map_name, seats, seed, drawn)
    check(drawn, told)
