"""A long evening at the client: what the monkey (tools/monkey.py) found.
Caches hold a bounded number of bytes, not of entries; a window smaller than
the canvas is never cut; the monkey itself runs in small."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from hacienda_game.client import assets
from hacienda_game.client.display import choose_view

ROOT = Path(__file__).resolve().parents[2]


def test_a_pixel_perfect_window_smaller_than_the_canvas_is_fitted_not_cut():
    for size in ((640, 480), (700, 400), (320, 240), (719, 539)):
        view = choose_view(size, pixel_perfect=True)
        x, y, w, h = view.dest
        assert x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1], (size, view)


def test_panels_texts_and_tints_are_kept_within_a_byte_budget(driver):
    art = driver.app.art
    sprites = art.sprites
    for i in range(80):                       # 80 screens' worth of big panels
        sprites.nine("ui_panel", (900 + i, 500))
    kept = sum(s.get_width() * s.get_height() * 4 for s in sprites._nine.values())
    assert kept <= assets.NINE_BYTES
    font = art.fonts.medium
    for i in range(3000):                     # log lines, names, numbers of a long game
        font.draw(pygame.Surface((10, 10)), f"Line {i} of a long evening's log", (0, 0))
    for cache in (font._cache, font._shadowed):
        assert sum(s.get_width() * s.get_height() * 4 for s in cache.values()) \
            <= assets.TEXT_BYTES
    for r in range(0, 250, 10):               # every colour of the palette and more
        font.render("tint", (r, 255 - r, 128))
    assert len(font._tinted) <= assets.TINTS
    sheet = font._tinted[next(iter(font._tinted))]
    assert sheet.get_height() < art.fonts.huge.sheet.get_height() + \
        art.fonts.large.sheet.get_height(), "a tint is of its own size's rows only"


def test_the_monkey_in_small_finds_nothing(home, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    sys.modules.pop("monkey", None)
    import monkey

    figures = monkey.run(150, seed=5, progress=False)
    assert figures["failures"] == []
    assert figures["frames"] == 150 and figures["cpu_ms_p99"] > 0
    assert figures["rss_mib_end"] > 0 and len(figures["screens"]) >= 2


def test_a_host_name_no_resolver_takes_is_said_not_raised_on_the_net_thread():
    """The monkey typed one on the Join screen: the thread died with a traceback
    and the screen waited for ever."""
    import queue

    from hacienda_game.net.client import NetClient

    client = NetClient("a" * 70 + ".example:9", "ABCDEF").start()
    try:
        while True:
            message = client.inbox.get(timeout=20)
            if message["type"] == "_closed":
                break
        assert "Cannot reach" in message["reason"]
    except queue.Empty:
        raise AssertionError("the connection never said how it ended") from None
    finally:
        client.close()
