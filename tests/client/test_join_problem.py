"""The Join screen's problem text (a long network error) is wrapped inside
its panel at both text sizes, in every language."""

from __future__ import annotations

import pytest

from hacienda_game.client.scenes.join import JoinScene
from tests.client.drawnhelp import record_drawn

LONG = ("Games on this network cannot be listed here (zeroconf: no interface answered"
        " on 224.0.0.251:5353, the multicast group may be blocked by a firewall or the"
        " network may not allow it at all); type the host's address.")


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_join_problem_stays_inside_its_panel(driver, monkeypatch, size):
    app = driver.app
    app.set_text_size(size)
    scene = JoinScene()
    app.push(scene)
    driver.frames(2)
    scene.problem = LONG
    drawn = record_drawn(monkeypatch)
    driver.frames(1)
    w, h = app.canvas_size
    panel = (24, 48, w // 2 - 28, h - 112)
    words = [d for d in drawn if d.text and d.text in LONG and len(d.text) > 3]
    assert words, "the problem is not drawn"
    for d in words:
        assert d.rect.left >= panel[0] and d.rect.right <= panel[0] + panel[2], d
        assert d.rect.top >= panel[1] and d.rect.bottom <= panel[1] + panel[3], d
