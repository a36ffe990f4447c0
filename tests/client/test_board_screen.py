"""The play screen made for the TV: a board you read from the
couch at every canvas width, exact hit testing under zoom and pan, feedback
where the eye is and never over a panel, the end-turn question, the hot-seat
hand-off with its recap and the pointer after it."""

from __future__ import annotations

import random

import pygame
import pytest

from hacienda_game.client.anim import Pop
from hacienda_game.client.boardview import BoardView
from hacienda_game.client.scenes.overlays import Confirm, Privacy
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.play.layout import play_layout
from hacienda_game.maps import load_board
from hacienda_game.maps.catalog import builtin_maps
from hacienda_game.session.plan import GamePlan, SeatPlan

WIDTHS = (720, 960, 1290)


def start(driver, seats=2, open_hands=True, seed=4) -> PlayScene:
    plan = GamePlan("symmetric", [SeatPlan(n, colour=i) for i, n in
                                  enumerate(["Ana", "Bo", "Cy", "Di", "Eva"][:seats])], seed,
                    open_hands=open_hands)
    play = PlayScene(plan)
    driver.app.reset(play)
    driver.frames(2)
    return play


def past_the_celebration(driver) -> None:
    """The game's last scoring: the winner's celebration shows first; a press
    goes on to the tables."""
    from hacienda_game.client.scenes.celebration import CelebrationScene

    if isinstance(driver.top, CelebrationScene):
        driver.frames(20)
        driver.click((20, 20))


def choose_land(driver, play):
    """Click the first land card of the hand; the cell where it may go first."""
    slot = next(s for s in play.hand_slots if s[1] == "land")
    driver.click(slot[0].center)
    return sorted(play.selection.targets)[0]


def flat_picture(board) -> pygame.Surface:
    return pygame.Surface(board.layout.map_size(board.width, board.height), pygame.SRCALPHA)


# ------------------------------------------------------------- hex size
@pytest.mark.parametrize("width", WIDTHS)
def test_every_standard_board_reads_from_the_couch_in_the_fit_view(width):
    """Hexes >= 30 canvas px across (60 screen px at 1920x1080) at 960 and 1290
    wide; at 720 wide (4:3) the fit view is smaller and one zoom step gets there."""
    layout = play_layout((width, 540), 5)
    assert layout.board.width >= width - 350 and layout.board.height >= 340
    for name in builtin_maps():
        board = load_board(name)
        view = BoardView(board, layout.board, flat_picture(board))
        assert view.zoom == 0                             # fit is the default
        for h in (0, len(board.cells) - 1):              # every hex in the area
            assert view.area.collidepoint(view.centres[h])
        if width >= 960:
            assert view.hex_px >= 30, (name, width, view.hex_px)
        else:
            assert view.hex_px >= 20, (name, width, view.hex_px)
            view.set_zoom(1)
            assert view.hex_px >= 30, (name, width, view.hex_px)


def test_the_real_client_shows_the_board_large(driver):
    play = start(driver)
    assert driver.app.canvas_size == (960, 540)
    assert play.view.hex_px >= 30
    assert play.view.area.width * play.view.area.height >= 0.45 * 960 * 540


def test_layout_panels_never_overlap_the_board():
    for width in WIDTHS:
        for seats in (2, 5):
            layout = play_layout((width, 540), seats)
            for rect in layout.panels + (layout.zoom,):
                assert not rect.colliderect(layout.board), (width, seats, rect)
                assert pygame.Rect(0, 0, width, 540).contains(rect), (width, rect)


# ------------------------------------------------------- zoom and pan
def test_hit_testing_is_exact_at_every_zoom_and_pan():
    board = load_board("symmetric")
    view = BoardView(board, play_layout((960, 540), 4).board)
    rng = random.Random(2)
    for level in range(len(view.zooms)):
        view.set_zoom(level, view.area.center)
        for _ in range(3):
            view.pan_by(rng.uniform(-200, 200), rng.uniform(-120, 120))
            seen = 0
            for h, centre in enumerate(view.centres):
                if not view.area.collidepoint(centre):
                    assert view.hex_at(centre) != h
                    continue
                seen += 1
                assert view.hex_at(centre) == h, (level, h)
                for px, py in view.polygon(h):        # just inside each corner
                    cx, cy = centre
                    inside = (round(px + (cx - px) * 0.2), round(py + (cy - py) * 0.2))
                    if view.area.collidepoint(inside):
                        assert view.hex_at(inside) == h, (level, h, inside)
            assert seen >= 12
    view.set_zoom(0)
    assert view.scale == view.fit


def test_the_wheel_zooms_about_the_pointer_and_a_click_still_finds_its_hex(driver):
    play = start(driver)
    state = play.layer._state
    target = choose_land(driver, play)
    h = state.board.index[target]
    before = play.view.centres[h]
    driver.move(before)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    driver.frames(1)
    assert play.view.zoom == 1 and play.view.scale > play.view.fit
    after = play.view.centres[h]
    assert abs(after[0] - before[0]) <= 2 and abs(after[1] - before[1]) <= 2
    driver.click(play.view.centres[h])
    assert state.piece_at(target) == ("land", 0)
    driver.click(play.b_zoom_fit.rect.center)
    assert play.view.zoom == 0


def test_while_water_is_chosen_the_wheel_turns_it_and_keys_zoom(driver):
    play = start(driver)
    play.layer._state.seats[0].money = 30
    driver.click(play.b_water.rect.center)
    assert play.selection.kind == "water"
    driver.move(play.view.area.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    driver.frames(1)
    assert play.selection.turns == 5 and play.view.zoom == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0,
                                         unicode="+", scancode=0))
    driver.frames(1)
    assert play.view.zoom == 1
    # Only hexes where the tile fits as turned now are marked.
    from hacienda_game.client.scenes.play.selection import marked_hexes, water_cells

    for x in marked_hexes(play.layer, play.selection):
        assert water_cells(play.layer, play.selection, x) in play.selection.targets


def test_the_pad_cursor_keeps_itself_in_view_when_zoomed(driver):
    play = start(driver)
    play.view.set_zoom(len(play.view.zooms) - 1, play.view.area.topleft)
    for _ in range(12):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                             unicode="", scancode=0))
        driver.frames(1)
        assert play.cursor.hex is not None
        assert play.view.area.collidepoint(play.view.centres[play.cursor.hex])


# ------------------------------------------------------------ feedback
def test_a_refusal_shows_next_to_the_pointer_and_never_over_a_panel(driver):
    play = start(driver)
    state = play.layer._state
    slot = next(s for s in play.hand_slots if s[1] == "land")
    driver.click(slot[0].center)
    targets = play.selection.targets
    # An illegal hex near the bottom right corner of the board, next to the panels.
    corner = play.view.area.bottomright
    far = min((i for i, c in enumerate(state.board.cells)
               if c not in targets and state.kind[i] == 0),
              key=lambda i: (play.view.centres[i][0] - corner[0]) ** 2
              + (play.view.centres[i][1] - corner[1]) ** 2)
    driver.app.sound.cued.clear()
    driver.click(play.view.centres[far])
    assert play.message
    from hacienda_game.client.scenes.play.parts import overlay

    model = play.bubble_model()
    assert model is not None and model.warn and model.text == play.message
    rect = overlay.bubble(driver.app.screen, driver.app.art, play.layout.board, model)
    assert play.view.area.contains(rect)
    for panel in play.layout.panels:
        assert not rect.colliderect(panel)
    px, py = play.view.centres[far]
    assert abs(rect.centerx - px) < 300 and abs(rect.centery - py) < 150   # near the eye
    assert "error" in driver.app.sound.cued                    # and a short sound
    assert tuple(driver.app.screen.get_at(rect.topleft))[:3] == overlay.WARN   # warning colour


def test_floating_numbers_stay_on_the_board(driver):
    play = start(driver)
    art = driver.app.art
    for pos in [(0, 0), play.view.area.bottomright, (950, 300), (100, 530)]:
        pop = Pop("+12", pos, 1.0, area=play.view.area)
        for t in (0.0, 0.3, 0.9):
            pop.t = t
            r = pop.rect(art)
            assert play.view.area.contains(r)
            assert not any(r.colliderect(p) for p in play.layout.panels)
            assert r.height >= 20                   # large: the huge face, outlined


# ------------------------------------------------------- end the turn
def test_ending_with_actions_left_asks_unless_the_setting_is_off(driver):
    play = start(driver)
    state = play.layer._state
    driver.click(play.b_end.rect.center)
    assert isinstance(driver.top, Confirm) and state.current == 0
    driver.click_button(driver.top.buttons, "No")
    assert state.current == 0
    driver.app.settings.ask_end_turn = False
    driver.click(play.b_end.rect.center)
    assert driver.top is play and state.current == 1


# ------------------------------------------------------------ hot seat
def test_the_hand_off_names_the_next_player_recaps_and_moves_the_pointer(driver):
    play = start(driver, seats=3, open_hands=False)
    assert isinstance(driver.top, Privacy)
    driver.click((480, 270))
    assert driver.top is play and play.viewer == 0
    # Ana plays a land card and ends her turn from the End turn button.
    state = play.layer._state
    slot = next(s for s in play.hand_slots if s[1] == "land")
    driver.click(slot[0].center)
    target = sorted(play.selection.targets)[0]
    driver.click(play.view.centres[state.board.index[target]])
    driver.click(play.b_end.rect.center)
    driver.click_button(driver.top.buttons, "Yes")
    privacy = driver.top
    assert isinstance(privacy, Privacy) and privacy.name == "Bo"
    assert play.viewer is None and play.hand_slots == []        # Ana's hand is hidden
    assert any("Ana" in line for line, _seat in privacy.recap)
    # Any click hands over; the pointer is not left on a button that acts for Bo.
    driver.click(play.b_end.rect.center)
    assert driver.top is play and play.viewer == 1
    pointer = driver.app.pointer
    assert play.view.area.collidepoint(pointer)
    for b in play.buttons + play.keep_buttons:
        assert not b.rect.collidepoint(pointer) and not b.hover
    assert not play.message
    # Bo ends at once; Cy's recap tells both turns, Bo's own line included.
    driver.click(play.b_end.rect.center)
    driver.click_button(driver.top.buttons, "Yes")
    recap = [line for line, _seat in driver.top.recap]
    assert driver.top.name == "Cy"
    assert any("Ana" in line for line in recap) and any("Bo" in line for line in recap)


# --------------------------------------------------------------- cards
def test_a_card_bought_blind_turns_face_up_for_its_buyer_only(driver):
    from hacienda_game.client.anim import CardFly
    from hacienda_game.engine.components import ANIMALS

    play = start(driver)
    seat = play.layer._state.seats[0]

    def blind_buy():
        before = list(seat.animal_hand)
        deck = next(s for s in play.market_slots if s[1] == "animal" and s[2] is None)
        driver.click(deck[0].center)
        got = next(ANIMALS[i] for i, (a, b) in enumerate(zip(seat.animal_hand, before,
                                                                     strict=True))
                   if a > b)
        return got, [a for a in play.anims.items if isinstance(a, CardFly)][-1]

    got, flight = blind_buy()              # Ana's own screen: she sees what she drew
    assert flight.back == "card_back_animal" and flight.face == f"card_animal_{got}"
    play.viewer = None                     # a shared screen with the hands hidden
    got, flight = blind_buy()
    assert flight.face is None and flight.back == "card_back_animal"


def test_before_the_scoring_table_the_board_shows_what_each_category_counts(driver):
    from hacienda_game.client.anim import Banner, Glow
    from hacienda_game.client.scenes.scoring import ScoringScene

    play = start(driver, seats=2)
    state = play.layer._state
    rng = random.Random(9)
    while True:
        action = state.random_action(rng)
        trial = state.clone()
        if any(e.kind == "scoring" for e in trial.apply(action)):
            break
        play.layer.perform(action)
        play.pending.clear()
    play.anims.clear()
    play.layer.perform(action)
    driver.frames(2)
    assert driver.top is play                       # the board first ...
    banners = [a.text for a in play.anims.items if isinstance(a, Banner)]
    assert "Markets reached" in banners and "Land chains" in banners
    assert any(isinstance(a, Glow) for a in play.anims.items)
    driver.click(play.view.area.center)             # ... a click skips to the table
    driver.frames(1)
    past_the_celebration(driver)
    assert isinstance(driver.top, ScoringScene)


# -------------------------------------------------------------- panels
def test_the_panels_show_what_a_scoring_now_would_give_and_the_chart_moves(driver):
    play = start(driver, seats=2)
    state = play.layer._state
    rng = random.Random(5)
    while state.scorings_done == 0 and len(play.samples) < 40:
        play.layer.perform(state.random_action(rng))
        play.pending.clear()
    before_scoring = [s for s in play.samples if not any(s[1])]
    assert len(before_scoring) > 5
    assert len({tuple(s[3]) for s in before_scoring}) > 1     # projected points move
    from hacienda_game.engine.scoring import connected_markets, score

    now = score(state)
    assert play.projected == [s.score + row["total"] for s, row in zip(state.seats, now,
                                                                       strict=True)]
    driver.frames(2)
    assert play.markets == [len(connected_markets(state, i)) for i in range(2)]


def test_once_the_game_is_over_the_points_chart_ends_on_the_final_points(driver):
    play = start(driver, seats=2)
    state = play.layer._state
    rng = random.Random(6)
    while not state.is_over():
        play.layer.perform(state.random_action(rng))
        play.pending.clear()
    final = [s.score for s in state.seats]
    assert play.projected == final                 # no scoring comes after the last
    assert play.samples[-1][3] == final


@pytest.mark.parametrize("speed", ["off", "fast", "slow"])
def test_animation_speed_applies_to_every_effect_and_nothing_waits_on_one(driver, speed):
    from hacienda_game.client.scenes.scoring import ScoringScene

    driver.app.settings.anim_speed = speed
    play = start(driver, seats=2)
    state = play.layer._state
    rng = random.Random(9)
    longest = 0.0
    while state.scorings_done == 0:
        play.layer.perform(state.random_action(rng))
        longest = max([longest] + [a.duration - a.t for a in play.anims.items])
        if play.pending and speed == "off":
            break
        play.pending.clear()
    # The state is right at once; the shown money and points follow the factor.
    if speed == "off":
        assert not play.anims.items
        assert [t.value for t in play.money_tick] == [s.money for s in state.seats]
        driver.frames(1)
        past_the_celebration(driver)
        assert isinstance(driver.top, ScoringScene)        # no board display to wait for
    else:
        factor = driver.app.settings.anim_factor
        assert 0 < longest <= 6.0 * factor                  # scaled by the speed


def test_an_owned_land_tile_shows_its_owner_over_most_of_its_face_and_the_terrain(driver):
    import numpy as np

    play = start(driver)
    state = play.layer._state
    cell = choose_land(driver, play)
    driver.click(play.view.centres[state.board.index[cell]])
    play.anims.clear()
    driver.frames(2)
    drawing = play.board_drawing
    h = state.board.index[cell]
    x, y = state.board.cells[h]
    mask = pygame.Surface(play.view.base.get_size())
    pygame.draw.polygon(mask, (255, 255, 255), state.board.layout.polygon(x, y))
    inside = pygame.surfarray.array3d(mask)[..., 0] > 0
    after = pygame.surfarray.array3d(drawing._pieces)[inside].astype(int)
    before = pygame.surfarray.array3d(drawing._base)[inside].astype(int)
    seat = np.array(driver.app.art.seat_colour(play.plan.seats[0].colour))
    changed = np.any(after != before, axis=1).mean()
    assert changed >= 0.8                  # the owner's colour over most of the face
    # ... and the terrain still shows: most pixels are neither the bare terrain nor
    # the pure seat colour, and they vary as the terrain picture does.
    pure = np.all(after == seat, axis=1).mean()
    assert pure < 0.5
    assert len({tuple(p) for p in after}) >= 6


def test_the_water_preview_follows_each_turn_and_says_what_the_tile_is_worth(driver):
    """Turning a water tile with R under a still pointer words the tile as it
    lies now: a spot the turned tile cannot take is never offered for 12
    pesos, and a legal one says what it scores (R45)."""
    from hacienda_game.client.scenes.play.selection import action_at, choose_water

    play = start(driver)
    play.layer._state.seats[0].money = 30
    driver.click(play.b_water.rect.center)
    assert play.selection.kind == "water"
    play.selection = sel = choose_water(play.layer, 3, play.selection)   # a tile that turns

    def legal(h: int, turns: int) -> bool:
        sel.turns = turns
        return action_at(play.layer, sel, h)[0] is not None

    # A hex the tile takes as it lies, but not once turned.
    h = next(h for h in range(len(play.layer.board.cells)) if legal(h, 0) and not legal(h, 1))
    sel.turns = 0
    driver.move(play.view.centres[h])
    assert "12" in play.hover_text and "touches" in play.hover_text
    assert not play.hover_warn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r",
                                         scancode=0))
    driver.frames(1)
    assert play.selection.turns == 1
    assert "touches" not in play.hover_text and "12 pesos" not in play.hover_text


@pytest.mark.parametrize("width", (960, 1290))
def test_large_text_keeps_the_board_near_its_normal_size_and_four_log_lines(width):
    """With Large text (24-pixel lines) on a 16:9 or wider screen every
    standard board keeps at least 85% of its hex size at the normal text size
    (the points track stands beside the board instead of under it), and the
    log beside it shows at least 4 lines with 4 seats."""
    normal, large = play_layout((width, 540), 4, 15), play_layout((width, 540), 4, 24)
    assert (large.log.h - 8) // 24 >= 4
    for name in builtin_maps():
        board = load_board(name)
        sizes = [BoardView(board, lay.board, flat_picture(board)).hex_px
                 for lay in (normal, large)]
        assert sizes[1] >= 0.85 * sizes[0], (name, width, sizes)
