"""Each seat's colour stands off the dark UI it is drawn on, measured on rendered pixels:
the scoring screen's chart lines, the points track's pieces and "now" bars and the
scoring table's column emblems, each against the panel under it.

CIEDE2000 must be at least 20, and at least 10 under each colour-vision simulation
(coloraide's protan, deutan and tritan filters, as tests/client/test_owned_faces.py).
These marks are small: a line two pixels wide or an emblem eleven pixels across, seen
from three metres, is a few minutes of arc, where every eye tells blue from yellow
poorly (small-field tritanopia).  So under the tritan simulation they must stand off by
15, not only 10: seat 3's deep green line on the navy panel measured 30.5 unsimulated
but 11.2 under tritan, and all but vanished.

The seats' inks also stay apart from each other, as the board colours do
(tests/test_seat_colours.py)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pygame
import pytest

from hacienda_game.art.palette import PALETTE, SEAT_INK, SEATS, UI_DARK
from hacienda_game.client.assets import Art
from hacienda_game.client.scenes.scoring import ScoringScene
from hacienda_game.client.track import draw_track
from hacienda_game.client.ui import draw_panel
from hacienda_game.session.plan import GamePlan, SeatPlan

coloraide = pytest.importorskip("coloraide")

# The least CIEDE2000 between a seat's mark and the UI under it: plain and simulated.
BARS = {None: 20.0, "protan": 10.0, "deutan": 10.0, "tritan": 15.0}
COLOURS = range(len(SEATS))


def distance(a, b, simulation: str | None = None) -> float:
    x = coloraide.Color("srgb", [v / 255 for v in a])
    y = coloraide.Color("srgb", [v / 255 for v in b])
    if simulation:
        x, y = x.filter(simulation, 1.0).clip(), y.filter(simulation, 1.0).clip()
    return x.delta_e(y, method="2000")


def shortfalls(mark, ground) -> list[tuple[str | None, float]]:
    """Each measure by which ``mark`` fails to stand off ``ground``."""
    out = []
    for simulation, least in BARS.items():
        d = distance(mark, ground, simulation)
        if d < least:
            out.append((simulation, round(d, 1)))
    return out


def commonest(pixels: np.ndarray) -> tuple[int, int, int]:
    return Counter(tuple(int(v) for v in p) for p in pixels).most_common(1)[0][0]


@pytest.fixture(scope="module")
def art() -> Art:
    pygame.init()
    return Art()


class Recorder:
    """Notes where each emblem is drawn, drawing it all the same."""

    def __init__(self, art: Art, monkeypatch):
        self.art, self.drawn = art, []
        real = art.sprites.blit_anchored

        def blit(target, name, pos):
            self.drawn.append((name, pos))
            real(target, name, pos)
        monkeypatch.setattr(art.sprites, "blit_anchored", blit)

    def emblems(self, surface: pygame.Surface):
        """(colour, fill, ground) of each emblem drawn: its commonest colour (the fill;
        the outline is thinner) and the commonest colour of a ring around it."""
        rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
        sprites = self.art.sprites
        for name, (x, y) in self.drawn:
            if not name.startswith("emblem_"):
                continue
            frame = sprites.get(name)
            ax, ay = sprites.anchors[name]
            left, top = round(x) - ax, round(y) - ay
            w, h = frame.get_size()
            opaque = pygame.surfarray.array_alpha(frame).T > 0
            fill = commonest(rgb[top:top + h, left:left + w][opaque])
            ring = np.concatenate([rgb[top - 2, left:left + w], rgb[top + h + 1, left:left + w],
                                   rgb[top:top + h, left - 2], rgb[top:top + h, left + w + 1]])
            yield int(name.split("_")[1]), fill, commonest(ring)


def scene(art: Art, colours) -> ScoringScene:
    plan = GamePlan("symmetric", [SeatPlan(f"Seat {c}", colour=c) for c in colours], 4)
    s = ScoringScene("intermediate", [], plan, [0] * len(plan.seats))

    class App:
        pass
    s.app = App()
    s.app.art = art
    return s


@pytest.mark.parametrize("colour", COLOURS)
def test_each_seats_chart_line_stands_off_the_panel(art, colour):
    """The line alone: drawn once higher and once lower (a second seat fixes the scale);
    the pixels where the higher line lies and the lower drawing shows the panel."""
    chart = scene(art, [colour, (colour + 1) % len(SEATS)])

    def drawn(value: int) -> np.ndarray:
        surface = pygame.Surface((480, 300))
        surface.fill(UI_DARK["panel"])
        chart.chart(surface, pygame.Rect(0, 0, 480, 300), "Points over the game",
                    [[value, 40] for _ in range(12)])
        return pygame.surfarray.array3d(surface).transpose(1, 0, 2)

    high, low = drawn(30), drawn(20)
    middle = np.zeros(high.shape[:2], bool)
    middle[:, 120:360] = True               # away from the axis labels and the end emblem
    moved = (high != low).any(axis=2) & middle
    ground = commonest(low[moved])
    line = commonest(high[moved & (low == ground).all(axis=2)])
    assert line != ground
    assert not shortfalls(line, ground), (colour, line, ground, shortfalls(line, ground))


@pytest.mark.parametrize("colour", COLOURS)
def test_each_seats_chart_end_emblem_stands_off_the_panel(art, colour, monkeypatch):
    chart = scene(art, [colour, (colour + 1) % len(SEATS)])
    seen = Recorder(art, monkeypatch)
    surface = pygame.Surface((480, 300))
    chart.chart(surface, pygame.Rect(0, 0, 480, 300), "Pesos over the game",
                [[5 * k, 40 - k] for k in range(12)])
    marks = [m for m in seen.emblems(surface) if m[0] == colour]
    assert marks
    for _c, fill, ground in marks:
        assert not shortfalls(fill, ground), (colour, fill, ground, shortfalls(fill, ground))


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("size", [(620, 56), (96, 420)], ids=["along", "upright"])
def test_each_seats_track_piece_and_now_bar_stand_off_the_panel(art, colour, size,
                                                                 monkeypatch):
    rect = pygame.Rect((10, 10), size)

    def drawn(projected: int) -> tuple[pygame.Surface, np.ndarray]:
        surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
        surface.fill(UI_DARK["panel"])
        draw_panel(surface, art, rect)
        draw_track(surface, art, rect, "Points", [12], [projected], [colour])
        return surface, pygame.surfarray.array3d(surface).transpose(1, 0, 2)

    _s, before = drawn(40)
    seen = Recorder(art, monkeypatch)
    surface, after = drawn(60)
    # The piece.
    (_c, fill, ground), = list(seen.emblems(surface))
    assert not shortfalls(fill, ground), (colour, fill, ground, shortfalls(fill, ground))
    # The "now" bar: where it moved to, over the panel it was drawn on.
    moved = (after != before).any(axis=2)
    ground = commonest(before[moved])
    bar = commonest(after[moved & (before == ground).all(axis=2)])
    assert not shortfalls(bar, ground), (colour, bar, ground, shortfalls(bar, ground))


@pytest.mark.parametrize("colour", COLOURS)
def test_each_seats_scoring_table_emblem_stands_off_the_panel(art, colour, monkeypatch):
    table = scene(art, [colour, (colour + 1) % len(SEATS)])
    table.step, table.t = 1.0, 0.0          # the headings, no row yet
    seen = Recorder(art, monkeypatch)
    surface = pygame.Surface((1280, 720))
    table.draw_table(surface)
    marks = [m for m in seen.emblems(surface) if m[0] == colour]
    assert marks
    for _c, fill, ground in marks:
        assert not shortfalls(fill, ground), (colour, fill, ground, shortfalls(fill, ground))


def test_the_inks_come_from_the_palette_and_keep_the_seats_apart(art):
    inks = [tuple(c) for c in art.sprites.seat_ink_colours]
    assert inks == [PALETTE[letter] for letter in SEAT_INK]
    for simulation, least in {None: 20, "protan": 10, "deutan": 10, "tritan": 10}.items():
        worst = min(distance(a, b, simulation) for a, b in itertools.combinations(inks, 2))
        assert worst >= least, (simulation, worst)


def test_the_board_keeps_its_colours(art):
    """Only the dark UI takes the ink: the board's pieces keep the seat colour."""
    assert [tuple(c) for c in art.sprites.seat_colours] == \
        [PALETTE[main] for main, _shade, _light in SEATS]


def test_the_measure_sees_the_old_deep_green_vanish():
    """The bar itself: seat 3's old board green (0, 32, 0) on the panel fails, its light
    green passes."""
    assert shortfalls((0, 32, 0), UI_DARK["panel"])
    assert not shortfalls(PALETTE["L"], UI_DARK["panel"])


@pytest.mark.parametrize("colour", COLOURS)
def test_each_seats_ink_is_its_board_colours_family(art, colour):
    """A player matches a name on a panel with pieces on the board by colour: a seat
    whose pieces read as black (CIELCh lightness < 20) wears white on the panels, the
    white of the diamond on its pieces (chroma < 5), not a hue its pieces do not show;
    any other seat's ink is its board colour's hue (within 25 degrees).  Seat 3's
    pieces were near-black green (0, 32, 0), its name light green (167, 240, 112):
    no one connected the two (3 Dec 2026)."""
    board = coloraide.Color("srgb", [v / 255 for v in art.sprites.seat_colours[colour]])
    ink = coloraide.Color("srgb", [v / 255 for v in art.sprites.seat_ink_colours[colour]])
    board, ink = board.convert("lch"), ink.convert("lch")
    if board["lightness"] < 20:
        assert ink["chroma"] < 5 and ink["lightness"] > 90, (colour, ink)
    else:
        hue = abs((board["hue"] - ink["hue"] + 180) % 360 - 180)
        assert hue <= 25, (colour, hue)


def test_each_seats_emblem_on_the_setup_rows_stands_off_what_is_around_it(driver):
    """The colour button of each seat's row: its emblem's fill against the ring of
    pixels just around the emblem (a blue button's face hid seat 1's blue square)."""
    from hacienda_game.client.scenes.setup import SetupScene

    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.seats = [SeatPlan(f"Seat {c}", "easy", c) for c in COLOURS]
    setup.layout()
    surface = pygame.Surface(driver.app.canvas_size)
    setup.draw(surface)
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    sprites = driver.app.art.sprites
    icons = [b for b in setup.buttons if b.icon and b.icon.startswith("emblem_")]
    assert sorted(int(b.icon.split("_")[1]) for b in icons) == list(COLOURS)
    for button in icons:
        frame = sprites.get(button.icon)
        w, h = frame.get_size()
        left, top = button.rect.centerx - w // 2, button.rect.centery - h // 2
        opaque = pygame.surfarray.array_alpha(frame).T > 0
        fill = commonest(rgb[top:top + h, left:left + w][opaque])
        ring = commonest(np.concatenate([
            rgb[top - 2, left:left + w], rgb[top + h + 1, left:left + w],
            rgb[top:top + h, left - 2], rgb[top:top + h, left + w + 1]]))
        assert not shortfalls(fill, ring), (button.icon, fill, ring, shortfalls(fill, ring))


def test_seat_3s_emblem_on_the_dark_ui_looks_as_on_the_board(art):
    """Seat 3's pieces on the board are its near-black colour with a white
    diamond; the panels' emblem shows the same (not a light green diamond,
    the meadow's colour), edged in light grey so it stands on the navy UI."""
    frame = art.sprites.get("emblem_3")
    rgb = pygame.surfarray.array3d(frame).transpose(1, 0, 2)
    opaque = pygame.surfarray.array_alpha(frame).T > 0
    seen = Counter(tuple(int(v) for v in p) for p in rgb[opaque])
    assert seen[PALETTE["w"]] > seen[PALETTE[SEATS[3][0]]] > 10
    assert seen[PALETTE["l"]] > 10 and PALETTE["L"] not in seen
    edge = [tuple(int(v) for v in rgb[y, x]) for y, x in zip(*np.nonzero(opaque), strict=True)
            if not all(opaque[max(y - 1, 0):y + 2, max(x - 1, 0):x + 2].ravel())
            or y in (0, frame.get_height() - 1) or x in (0, frame.get_width() - 1)]
    assert set(edge) == {PALETTE["l"]}


def test_the_podium_house_shows_the_seats_emblem(art, monkeypatch):
    """The hacienda on the podium carries the emblem the panels show (seat 3:
    its white diamond on its dark colour), not the wall's small dark mark."""
    from hacienda_game.client.scenes.celebration import CelebrationScene

    seen = Recorder(art, monkeypatch)
    blits: list[str] = []
    real = art.sprites.get

    def get(name):
        blits.append(name)
        return real(name)
    monkeypatch.setattr(art.sprites, "get", get)
    plan = GamePlan("symmetric", [SeatPlan(f"Seat {c}", colour=c) for c in (3, 1, 0)], 4)
    scene = CelebrationScene.__new__(CelebrationScene)
    scene.plan, scene.scores, scene.t, scene.factor = plan, [30, 20, 10], 0.0, 0.0

    class App:
        pass
    scene.app = App()
    scene.app.art = art
    surface = pygame.Surface((960, 540))
    scene.draw_stand(surface, pygame.Rect(300, 300, 360, 200), 1, 0)
    assert "hacienda_3" in blits and "emblem_3" in blits
    del seen
