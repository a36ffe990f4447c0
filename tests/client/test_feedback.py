"""Feedback felt from the sofa: big payout coins and a counting purse, banners no
glow covers, confetti, and the winner's celebration before the final tables."""

from __future__ import annotations

import pygame
import pytest

from hacienda_game.client.anim import (
    Animations,
    Banner,
    CoinFly,
    Confetti,
    Glow,
    Purse,
    payout,
)
from hacienda_game.client.assets import Art
from hacienda_game.client.boardview import BoardView
from hacienda_game.maps import load_board


@pytest.fixture(scope="module")
def art() -> Art:
    pygame.init()
    return Art()


def drawn_box(surface: pygame.Surface) -> pygame.Rect:
    return surface.get_bounding_rect()


def test_payout_coins_are_at_least_16_canvas_pixels_tall(art):
    """32 screen pixels at 1080p (the canvas is doubled), face-on and spinning."""
    for t in (0.0, 0.05, 0.1, 0.2):
        surface = pygame.Surface((200, 200), pygame.SRCALPHA)
        coin = CoinFly((50, 150), (150, 50), 0.6)
        coin.update(t)
        coin.draw(surface, art)
        assert drawn_box(surface).height >= 16, t
    face = pygame.Surface((200, 200), pygame.SRCALPHA)
    CoinFly((100, 100), (100, 100), 0.6).draw(face, art)
    assert drawn_box(face).width >= 16


def test_the_purse_counts_up_to_the_amount_as_the_coins_land(art):
    anims = Animations()
    landings, arrives = payout(anims, (100, 200), (160, 120), (600, 40), 9, 0.0, 1.0)
    purse = next(a for a in anims.items if isinstance(a, Purse))
    coins = [a for a in anims.items if isinstance(a, CoinFly)]
    assert len(coins) == len(landings) >= 3
    assert 0.8 <= purse.duration == arrives <= 1.4  # about a second at normal speed
    counts = []
    for _ in range(int(purse.duration * 60) + 2):
        counts.append(purse.count)
        anims.update(1 / 60)
    assert counts[0] == 0 and counts[-1] == 9
    assert counts == sorted(counts) and len(set(counts)) >= 3   # it counts, in steps
    assert not anims.items                          # and is gone after


@pytest.mark.parametrize("factor", [0.5, 2.0])
def test_the_payout_scales_with_the_speed_setting(factor):
    anims = Animations()
    payout(anims, (0, 0), (10, 10), (50, 50), 4, 0.0, factor)
    plain = Animations()
    payout(plain, (0, 0), (10, 10), (50, 50), 4, 0.0, 1.0)
    longest = max(a.duration - a.t for a in anims.items)
    normal = max(a.duration - a.t for a in plain.items)
    assert longest == pytest.approx(normal * factor)


def test_the_purse_draws_big_with_its_count(art):
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    purse = Purse((200, 150), (380, 20), 6, [0.1, 0.2, 0.3], 1.0)
    purse.update(0.35)
    purse.draw(surface, art)
    box = drawn_box(surface)
    assert box.width >= 36 and box.height >= 40       # the purse doubled, the "+6" under it


def test_a_scoring_banner_is_never_covered_by_a_glowing_market(art):
    """The presenter adds the category's banner, then its glows (a market under
    the banner among them): the banner's text stays as drawn alone."""
    board = load_board("symmetric")
    area = pygame.Rect(0, 0, 700, 400)
    picture = pygame.Surface(board.layout.map_size(board.width, board.height), pygame.SRCALPHA)
    view = BoardView(board, area, picture)
    market = min((h for h, space in enumerate(board.spaces) if space == "market"),
                 key=lambda h: view.centres[h][1])
    centre = view.centres[market]
    banner = Banner("Markets reached", centre, 1.0)
    under = [h for h in range(len(board.cells))
             if abs(view.centres[h][1] - centre[1]) < 20 and abs(view.centres[h][0]
                                                                  - centre[0]) < 80]
    assert market in under
    anims = Animations()
    anims.add(banner)
    anims.add(Glow(view, under, (214, 88, 196), 1.0))
    for a in anims.items:
        a.update(0.5)
    alone = pygame.Surface(area.size)
    banner.draw(alone, art)
    both = pygame.Surface(area.size)
    anims.draw(both, art)
    w = art.fonts.large.width(banner.text) + 24
    text = pygame.Rect(centre[0] - w // 2, centre[1] - 16, w, 32)
    for x in range(text.left, text.right):
        for y in range(text.top, text.bottom):
            assert both.get_at((x, y)) == alone.get_at((x, y)), (x, y)


def test_confetti_falls_and_turns(art):
    rain = Confetti(pygame.Rect(0, 0, 300, 200), 10.0, pieces=40)
    first = pygame.Surface((300, 200))
    rain.draw(first, art)
    rain.update(0.5)
    later = pygame.Surface((300, 200))
    rain.draw(later, art)
    assert drawn_box(first).width > 150
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(later, "RGB")


def test_the_final_celebration_shows_the_podium_then_goes_on(driver):
    from hacienda_game.client.scenes.celebration import CelebrationScene, ranking
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan(n, colour=i) for i, n in
                                  enumerate(["Ana", "Bo", "Cy", "Di"])], 1)
    closed = []
    party = CelebrationScene(plan, [40, 55, 30, 20], [1], on_close=lambda: closed.append(1))
    driver.app.push(party)
    driver.frames(30)
    assert "fanfare" in driver.app.sound.cued
    assert party.order == [1, 0, 2, 3] == ranking([40, 55, 30, 20], [1])
    assert driver.top is party
    driver.click((10, 10))
    assert closed == [1] and driver.top is not party


def test_an_autoplay_celebration_goes_on_by_itself(driver):
    from hacienda_game.client.scenes.celebration import CelebrationScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0), SeatPlan("Bo", colour=1)], 1)
    party = CelebrationScene(plan, [40, 40], [0, 1], autoplay=True)
    driver.app.push(party)
    assert driver.wait_until(lambda: driver.top is not party, 30)


def test_ties_share_the_top_of_the_ranking():
    from hacienda_game.client.scenes.celebration import ranking

    assert ranking([30, 50, 50], [2, 1]) == [2, 1, 0]


# ------------------------------------------------------------ the points track
def test_the_points_track_is_numbered_and_pieces_stand_at_their_points(art):
    from hacienda_game.client.track import draw_track, number_step, piece_x, track_top

    rect = pygame.Rect(0, 0, 640, 25)
    surface = pygame.Surface(rect.size)
    draw_track(surface, art, rect, "Points", [0, 23], [5, 30], [0, 1])
    top = track_top([0, 23, 5, 30])
    assert top == 60
    font = art.fonts.body
    step = number_step(640 - 40, top, font)
    assert step == 10                                    # a number every 10 points
    narrow = number_step(120, 200, art.fonts.body)
    assert narrow in (20, 50, 100)                       # fewer numbers where they crowd
    assert piece_x(rect, font, "Points", top, 0) < piece_x(rect, font, "Points", top, 23)


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("width", [420, 570, 900])
def test_the_track_pieces_never_cover_a_number_and_no_number_is_cut(art, size, width):
    """Pieces standing on a number's space (10, 40), on the same space (three
    at 40) and at the last number: every number's digits stay whole (in the
    panel, under the line, no piece drawn over them) and every piece shows."""
    from hacienda_game.client.assets import GREY
    from hacienda_game.client.track import (
        PIECE_PITCH,
        draw_track,
        number_step,
        piece_spots,
        scale_span,
        track_height,
        track_top,
    )

    art.fonts.text_size = size
    try:
        font = art.fonts.body
        rect = pygame.Rect(0, 0, width, track_height(font.line_height))
        shown, projected = [10, 40, 40, 40], [20, 40, 60, 45]
        top = track_top(shown + projected)
        surface = pygame.Surface(rect.size)
        surface.fill((1, 2, 3))
        draw_track(surface, art, rect, "Points", shown, projected, [0, 1, 2, 3])
        x0, span = scale_span(rect, font, "Points", top)
        step = number_step(span, top, font)
        for v in range(0, top + 1, step):
            text = font.render(str(v), GREY)
            ink = text.get_bounding_rect()
            x = x0 + span * v // top - font.width(str(v)) // 2
            assert rect.x <= x and x + text.get_width() <= rect.right, (v, size, width)
            # The digits are on the surface as the font draws them: nothing over them.
            found = False
            for y in range(0, rect.h - ink.h + 1):
                if all(surface.get_at((x + ink.x + dx, y + dy))[:3] == text.get_at(
                        (ink.x + dx, ink.y + dy))[:3]
                       for dx in range(ink.w) for dy in range(ink.h)
                       if text.get_at((ink.x + dx, ink.y + dy)).a == 255):
                    found = True
                    break
            assert found, (v, size, width)
        spots = piece_spots(rect, font, "Points", top, shown)
        assert len(set(spots)) == 4                       # four pieces, each in sight
        assert all(abs(a - b) >= PIECE_PITCH for i, a in enumerate(spots)
                   for b in spots[i + 1:])
        assert all(rect.x <= x - 6 and x + 6 < rect.right for x in spots)
    finally:
        art.fonts.text_size = "normal"


def test_the_pads_hex_cursor_reads_from_three_metres(art):
    """A ring at least 7 canvas pixels thick (ink and white: it shows on every
    terrain) and an arrow over the hex at least 24 canvas pixels wide."""
    from hacienda_game.client.boardview import draw_hex_cursor

    board = load_board("symmetric")
    area = pygame.Rect(0, 0, 700, 420)
    picture = pygame.Surface(board.layout.map_size(board.width, board.height), pygame.SRCALPHA)
    view = BoardView(board, area, picture)
    h = len(board.cells) // 2
    before = pygame.Surface(area.size)
    before.fill((0, 128, 0))
    after = before.copy()
    draw_hex_cursor(after, view, art.sprites, h, 0.3)
    cx, cy = view.centres[h]
    top = min(y for _x, y in view.polygon(h))
    changed = [y for y in range(0, top) if after.get_at((cx, y)) != before.get_at((cx, y))]
    arrow_rows = [y for y in range(top - 40, top)
                  if any(after.get_at((x, y)) != before.get_at((x, y))
                         for x in range(cx - 20, cx + 20))]
    assert changed and len(arrow_rows) >= 20
    arrow_cols = [x for x in range(cx - 30, cx + 30)
                  if any(after.get_at((x, y)) != before.get_at((x, y)) for y in arrow_rows[:-8])]
    assert len(arrow_cols) >= 24
    ring = [after.get_at((x, cy))[:3] for x in range(max(x for x, _y in view.polygon(h)) - 8,
                                                     max(x for x, _y in view.polygon(h)) + 4)]
    assert (26, 28, 44) in ring and (244, 244, 244) in ring


def test_scoring_banners_stay_on_the_board_as_they_slide(art):
    """A scoring category's banner ("Markets reached") rests inside the board and
    slides in and out within it: never over the side panels or off the screen."""
    from hacienda_game.client.anim import Banner

    board = pygame.Rect(10, 10, 300, 200)
    for t in (0.05, 0.1, 0.5, 0.95):
        banner = Banner("Markets reached and more words", (board.right - 20, board.y + 24),
                        1.0, 0.0, area=board)
        banner.update(t)
        surface = pygame.Surface((900, 300))
        surface.fill((0, 0, 0))
        banner.draw(surface, art)
        outside = [(x, y) for x in range(0, 900, 2) for y in range(0, 300, 2)
                   if not board.collidepoint(x, y) and surface.get_at((x, y))[:3] != (0, 0, 0)]
        assert not outside, (t, outside[:3])


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_upright_track_keeps_numbers_whole_and_pieces_apart(art, size):
    """Upright (beside the board with Large text): each number right of the
    line, whole and inside the panel; pieces on the same or near spaces side
    by side, none over a number, each in sight."""
    from hacienda_game.client.assets import GREY
    from hacienda_game.client.track import (
        digits_box,
        draw_track,
        piece_places,
        track_top,
        upright_scale,
    )

    art.fonts.text_size = size
    try:
        font = art.fonts.body
        rect = pygame.Rect(0, 0, 96, 232)
        shown, projected = [10, 40, 40, 41, 12], [20, 40, 60, 45, 12]
        top = track_top(shown + projected)
        surface = pygame.Surface(rect.size)
        surface.fill((1, 2, 3))
        draw_track(surface, art, rect, "Points", shown, projected, [0, 1, 2, 3, 4])
        y0, span, line_x = upright_scale(rect, font, top)
        ink_top, ink_h = digits_box(font)
        numbers = 0
        for v in range(0, top + 1, 10):
            text = font.render(str(v), GREY)
            ink = text.get_bounding_rect()
            x = rect.right - 8 - font.width(str(v))
            y = y0 - span * v // top - ink_top - ink_h // 2
            assert rect.contains((x, y, font.width(str(v)), font.line_height)), v
            whole = all(surface.get_at((x + dx, y + dy))[:3] == text.get_at((dx, dy))[:3]
                        for dx in range(ink.x, ink.right) for dy in range(ink.y, ink.bottom)
                        if text.get_at((dx, dy)).a == 255)
            numbers += whole
            assert whole or v % 20, v                     # every 10, or at least every 20
        assert numbers >= 4
        places = piece_places(rect, font, "Points", top, shown)
        assert len(set(places)) == 5
        for i, (x, y) in enumerate(places):
            assert rect.x < x - 6 and x + 6 < line_x, (x, line_x)   # left of the line
            for (px, py) in places[i + 1:]:
                assert abs(px - x) >= 10 or abs(py - y) >= 13
    finally:
        art.fonts.text_size = "normal"
