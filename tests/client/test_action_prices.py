"""The action bar keeps every action's full label and price (Hacienda 12,
Water 12) in every language at both text sizes: where room is short the icons
go first, then the Last moves button (P and the log keep it), never a price."""

from __future__ import annotations

import pytest

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes import play
from hacienda_game.engine import PRICE_HACIENDA, PRICE_WATER
from hacienda_game.session.plan import GamePlan, SeatPlan

from .drawnhelp import show


@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_every_action_shows_its_full_label_and_price(code, size, screen, home):
    app = App(Options(headless=True, language=code, screen=screen))
    app.set_text_size(size)
    try:
        plan = GamePlan("symmetric", [SeatPlan(n, colour=i) for i, n in
                                      enumerate(["Ana", "Bruno", "Carmen", "Dieter", "Elena"])],
                        5, open_hands=True)
        scene = play.PlayScene(plan)
        show(app, scene)
        app.draw()
        _ = i18n._
        assert scene.b_hacienda.label == _("Hacienda {price}").format(price=PRICE_HACIENDA)
        assert scene.b_water.label == _("Water {price}").format(price=PRICE_WATER)
        assert scene.b_harvest.label == _("Harvest")
        assert scene.b_end.label == _("End turn")
        for b in scene.row_buttons:
            assert not b.overflow(app.art), b.overflow(app.art)
            assert b.font(app.art) is app.art.fonts.body, b.label
    finally:
        app.finish()
        i18n.set_language("en")
