"""The screen: which canvas, scale and place for every screen size (the pure
function), and the real client presenting it to a resizable window."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.app import App
from hacienda_game.client.display import MAX_WIDTH, MIN_WIDTH, canvas_for, choose_view
from hacienda_game.client.options import Options

SCREENS = [(1280, 720), (1280, 800), (1366, 768), (1600, 900), (1920, 1080), (1920, 1200),
           (2560, 1080), (2560, 1440), (3440, 1440), (3840, 2160)]


def round_trip(view) -> None:
    """Each canvas pixel's centre lands back on it, and every window pixel of
    the picture maps to a canvas pixel in order, none skipped (x and y map
    independently, so rows and columns are checked one by one)."""
    cw, ch = view.canvas
    x, y, w, h = view.dest
    for cx in range(cw):
        assert view.to_canvas(view.to_window((cx, 7)))[0] == cx
    for cy in range(ch):
        assert view.to_canvas(view.to_window((5, cy)))[1] == cy
    across = [view.to_canvas((px, y))[0] for px in range(x, x + w)]
    down = [view.to_canvas((x, py))[1] for py in range(y, y + h)]
    assert across == sorted(across) and set(across) == set(range(cw))
    assert down == sorted(down) and set(down) == set(range(ch))


@pytest.mark.parametrize("screen", SCREENS)
def test_full_screen_fills_nine_tenths_with_square_pixels(screen):
    view = choose_view(screen)
    cw, ch = view.canvas
    assert ch == 540 and MIN_WIDTH <= cw <= MAX_WIDTH
    assert view.coverage >= 0.90, f"{screen}: {view.coverage:.1%}"
    x, y, w, h = view.dest
    assert x >= 0 and y >= 0 and x + w <= screen[0] and y + h <= screen[1]
    # square pixels: both sides scaled by one factor (within one screen pixel)
    assert abs(w / cw - h / ch) * ch <= 1.0
    # crisp: a whole-number blow-up, smoothed down only when not exact
    assert view.upscale * cw >= w and view.upscale * ch >= h
    assert view.mode == ("exact" if (w, h) == (cw * view.upscale, ch * view.upscale)
                         else "smooth")
    round_trip(view)


@pytest.mark.parametrize("screen", SCREENS)
def test_pixel_perfect_keeps_whole_number_scales_with_borders(screen):
    view = choose_view(screen, pixel_perfect=True)
    cw, ch = view.canvas
    x, y, w, h = view.dest
    k = view.upscale
    assert view.crisp and view.mode == "integer"
    assert (w, h) == (cw * k, ch * k) and k == min(screen[0] // cw, screen[1] // ch)
    assert (x, y) == ((screen[0] - w) // 2, (screen[1] - h) // 2)
    round_trip(view)


def test_the_canvas_follows_the_screens_shape():
    assert canvas_for((1920, 1080)) == (960, 540)
    assert canvas_for((1280, 800)) == (864, 540)
    assert canvas_for((1024, 768)) == (720, 540)
    assert canvas_for((640, 480)) == (720, 540)
    assert canvas_for((2560, 1080)) == (1280, 540)
    assert canvas_for((3440, 1440)) == (1290, 540)
    assert canvas_for((5120, 1440)) == (1290, 540)        # wider still: borders at the sides
    assert canvas_for((0, 0)) == (960, 540)
    view = choose_view((960, 540))
    assert view.mode == "identity" and view.coverage == 1.0
    assert choose_view((5120, 1440)).coverage < 1.0


def test_a_window_smaller_than_the_canvas_still_maps_every_click_inside():
    view = choose_view((800, 450), canvas=(960, 540))
    assert view.dest == (0, 0, 800, 450) and view.mode == "smooth"
    assert view.to_canvas((799, 449)) == (959, 539)
    assert view.to_canvas((-40, 9999)) == (0, 539)        # outside: held to the edge


def post_click(app: App, pos: tuple[int, int]) -> None:
    wpos = app.view.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=1))
    app.step()
    app.step()


def test_clicks_in_a_resized_window_land_on_the_right_button(home):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.settings import SettingsScene

    app = App(Options(windowed=True, fake_clock=True, language="en", screen=(1600, 900)))
    try:
        app.push(MenuScene())
        app.step()
        assert app.canvas_size == (960, 540) and app.view.mode == "smooth"
        assert app.window.get_size() == (1600, 900)
        # the picture reaches the window: a canvas pixel's colour is on screen
        rect = app.top.buttons[0].rect
        flat = next((x, y) for y in range(rect.y + 2, rect.bottom - 2)
                    for x in range(rect.x + 2, rect.right - 2)
                    if len({app.screen.get_at((x + dx, y + dy))[:3] for dx in (-1, 0, 1)
                            for dy in (-1, 0, 1)}) == 1)
        shown = app.window.get_at(app.view.to_window(flat))
        drawn = app.screen.get_at(flat)
        assert all(abs(a - b) <= 4 for a, b in zip(shown[:3], drawn[:3], strict=True))
        # the window is made 16:10: the canvas narrows and the menu re-lays out
        pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800),
                                             w=1280, h=800))
        app.step()
        assert app.canvas_size == (864, 540) and app.view.dest == (0, 0, 1280, 800)
        menu = app.top
        settings = next(b for b in menu.buttons if b.label == "Settings")
        assert settings.rect.right <= 864 and abs(settings.rect.centerx - 432) <= 1
        post_click(app, settings.rect.center)
        assert isinstance(app.top, SettingsScene)
        assert app.top.rect.right <= 864
        app.set_pixel_perfect(True)
        assert app.view.mode == "integer" and app.view.dest[2] == 864
        app.step()
        done = app.top.done
        post_click(app, done.rect.center)
        assert isinstance(app.top, MenuScene)
    finally:
        app.finish()


def test_the_largest_window_that_fits_fills_a_full_hd_desktop():
    """1920x1080 (no task bar): 2x does not fit beside a title bar, so the
    largest window of the canvas's shape opens, not 1x (960x540)."""
    from hacienda_game.client.display import WINDOW_FRAME, window_size

    w, h = window_size((1920, 1080), (960, 540))
    assert w >= 1800 and h >= 1000 and abs(w / h - 16 / 9) < 0.01
    assert w + WINDOW_FRAME[0] <= 1920 and h + WINDOW_FRAME[1] <= 1080
    # A task bar takes room: still the largest that fits.
    w2, h2 = window_size((1920, 1040), (960, 540))
    assert h2 + WINDOW_FRAME[1] <= 1040 and h2 > 900
    # 2x fits on 2560x1440 and 3x on 3840x2160: whole multiples.
    assert window_size((2560, 1400), (960, 540)) == (1920, 1080)
    assert window_size((3840, 2120), (960, 540)) == (2880, 1620)
    # Pixel-perfect: only whole multiples (a larger window would only add borders).
    assert window_size((1920, 1080), (960, 540), pixel_perfect=True) == (960, 540)
    # A chosen multiple is held to what fits; a tiny desktop gets 1x.
    assert window_size((1920, 1080), (960, 540), scale=3) == (960, 540)
    assert window_size((2560, 1440), (960, 540), scale=1) == (960, 540)
    assert window_size((800, 600), (960, 540)) == (960, 540)


def test_the_app_opens_the_largest_window_that_fits(driver, monkeypatch):
    from hacienda_game.client import app as app_module

    monkeypatch.setattr(app_module, "usable_area", lambda: (1920, 1080))
    app = driver.app
    app.set_scale(0)
    w, h = pygame.display.get_window_size()
    assert w > 1800 and h > 1000, (w, h)
    assert app.screen.get_size()[1] == 540
    app.set_pixel_perfect(True)
    assert pygame.display.get_window_size() == (960, 540)
