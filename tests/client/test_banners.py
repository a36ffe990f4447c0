"""The board's banners (the next scoring, each scoring category) stay whole
inside the board at every window size, text size and language: while they
slide in, while they rest and while they slide out."""

from __future__ import annotations

import random

import pytest

from hacienda_game.client.anim import Banner
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.session.plan import GamePlan, SeatPlan

from .drawnhelp import show

SCREENS = [(1920, 1080), (1366, 768), (1024, 768), (2560, 1080), (800, 600)]
CASES = [(screen, "en", "normal") for screen in SCREENS] + [
    ((1024, 768), "de", "large"), ((1366, 768), "es", "large"), ((1920, 1080), "de", "normal")]


def _banners_of_a_scoring(app) -> tuple[PlayScene, list[Banner]]:
    """A game played on until its first scoring: the banners it put on the board."""
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 5,
                    open_hands=True)
    play = PlayScene(plan)
    show(app, play)
    rng = random.Random(5)
    game = play.layer.game
    seen: list[Banner] = []
    while game.scorings_done == 0:
        play.layer.perform(game.random_action(rng))
        seen += [a for a in play.anims.items if isinstance(a, Banner) and a not in seen]
    return play, seen


@pytest.mark.parametrize(("screen", "code", "size"), CASES)
def test_every_banner_stays_whole_inside_the_board(screen, code, size, home):
    app = App(Options(headless=True, language=code, screen=screen))
    app.set_text_size(size)
    try:
        play, banners = _banners_of_a_scoring(app)
        texts = {b.text for b in banners}
        assert len(texts) >= 5, f"the next scoring's and the categories' banners: {texts}"
        board = play.view.area
        font = app.art.fonts.large
        for banner in banners:
            for k in range(41):                       # from sliding in to sliding out
                banner.t = banner.duration * k / 40
                r = banner.rect(app.art)
                assert board.contains(r), (f"{banner.text!r} at {k / 40:.2f} of its time:"
                                           f" {tuple(r)} leaves the board {tuple(board)}")
                widest = max(font.width(line) for line in banner.lines(app.art))
                assert widest + 24 <= r.w and \
                    len(banner.lines(app.art)) * font.line_height <= r.h, \
                    f"{banner.text!r}: its words are cut in {tuple(r)}"
    finally:
        app.finish()
