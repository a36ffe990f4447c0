"""Words that outstay their moment: praise in the tutorial, a refusal over a
new choice or a hint, a count of tiles called chains, and a refusal at the
market said far from the market."""

from __future__ import annotations

import pygame

from hacienda_game import i18n
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.play.parts import status
from hacienda_game.client.scenes.play.selection import Selection
from hacienda_game.client.tutorial.director import Director
from hacienda_game.engine import load_scenario, observe
from hacienda_game.session.plan import GamePlan, SeatPlan

from .test_tutorial import GUIDED, play, scenario_path


def start(driver) -> PlayScene:
    plan = GamePlan("symmetric", [SeatPlan("Ana", colour=0), SeatPlan("Bo", colour=1)], 4,
                    open_hands=True)
    scene = PlayScene(plan)
    driver.app.reset(scene)
    driver.frames(2)
    return scene


def test_well_done_shows_after_the_step_and_goes_before_the_next():
    from hacienda_game.client.tutorial.director import DONE_TIME

    i18n.set_language("en")
    now = [100.0]
    state, director = load_scenario(scenario_path()), Director(clock=lambda: now[0])
    play(state, director, GUIDED[0])
    assert director.note == "Well done."
    now[0] += DONE_TIME + 0.1
    assert director.note == "", "the praise stays on the next step"
    # An AI's move later does not bring it back; the next step done does.
    play(state, director, GUIDED[1])
    assert director.note == "Well done."


def test_a_new_choice_clears_an_older_refusal(driver):
    scene = start(driver)
    scene.warn("Needs 3 pesos, you have 0.")
    assert scene.bubble_model() is not None
    rect, _item, _card = scene.hand_slots[0]
    driver.click(rect.center)
    assert scene.selection is not None
    bubble = scene.bubble_model()
    assert bubble is None or bubble.text != "Needs 3 pesos, you have 0."


def test_asking_for_a_hint_clears_an_older_refusal(driver):
    scene = start(driver)
    scene.warn("Needs 3 pesos, you have 0.")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_t, mod=0, scancode=0))
    driver.frames(2)
    assert scene.coach.wanted
    bubble = scene.bubble_model()
    assert bubble is None or bubble.text != "Needs 3 pesos, you have 0."


def test_harvest_counts_chains_not_tiles():
    i18n.set_language("en")
    state = load_scenario(scenario_path())
    board = state.board
    a = 0
    b = board.adjacent[a][0]
    c = next(n for n in board.adjacent[b] if n != a and n not in board.adjacent[a])
    far = next(h for h in range(len(board.cells))
               if all(h not in board.adjacent[x] and h != x for x in (a, b, c)))
    one = Selection("harvest", None, {board.cells[h]: [] for h in (a, b, c)})
    assert status.hint_words(one, False, True, board) == "Harvest: click your lit chain."
    two = Selection("harvest", None, {board.cells[h]: [] for h in (a, b, c, far)})
    assert status.hint_words(two, False, True, board) == \
        "Harvest: click one of your 2 lit chains."
    assert "2 lit chains" in status.hint_words(two, True, True, board)
    assert observe(state, 0) is not None


def test_a_refusal_at_the_deck_is_said_at_the_deck(driver):
    scene = start(driver)
    state = scene.layer._state
    state.seats[0].money = 0               # nothing to pay a card with
    scene.layer._legal = None
    driver.frames(2)
    deck = next(r for r, item, card in scene.market_slots if item == "land" and card is None)
    driver.click(deck.center)
    assert scene.message.startswith("Needs")
    bubble = scene.bubble_rect
    assert bubble is not None
    assert bubble.right > scene.layout.board.right, "the refusal stays on the board"
    grown = deck.inflate(60, 60)
    assert grown.colliderect(bubble), (bubble, deck)


def key(driver, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0))
    driver.frames(2)


def test_keyboard_players_are_told_keys_and_pad_players_buttons(driver):
    from hacienda_game.client.prompts import choose_first

    scene = start(driver)
    key(driver, pygame.K_RETURN)           # Enter with nothing chosen
    assert driver.app.input_family() == "keyboard"
    assert "Q/W" in scene.message and "A/S" in scene.message
    assert "shoulder" not in scene.message
    for family, cards in (("xbox", "LB/RB"), ("playstation", "L1/R1"), ("switch", "L/R")):
        words = choose_first(family)
        assert cards in words and "Q/W" not in words


def test_the_pause_screen_clearly_dims_the_game(driver):
    import numpy as np

    from hacienda_game.client.scenes.overlays import Pause

    scene = start(driver)
    driver.frames(2)
    board = scene.layout.board
    spot = pygame.Rect(board.x, board.y, board.w, board.h // 5)   # above the panel

    def light() -> float:
        pixels = pygame.surfarray.array3d(driver.app.screen.subsurface(spot))
        return float(np.mean(pixels))

    before = light()
    scene.pause_menu()
    driver.frames(2)
    assert isinstance(driver.top, Pause)
    assert light() < 0.45 * before, "the game shows almost as bright under the pause"


def test_an_action_that_cannot_be_used_looks_off_and_says_why(driver):
    """Water at 0 pesos: the button is dark beside an action that can be used
    (its colour icon and label too), and its tooltip says why."""
    import numpy as np

    scene = start(driver)
    driver.frames(2)

    def light(rect) -> float:
        return float(np.mean(pygame.surfarray.array3d(driver.app.screen.subsurface(rect))))

    on = light(scene.b_water.rect)
    assert scene.b_water.enabled
    scene.layer._state.seats[0].money = 0
    scene.layer._legal = None
    driver.frames(2)
    assert not scene.b_water.enabled
    off = light(scene.b_water.rect)
    assert off < 0.6 * on, (off, on)
    driver.move(scene.b_water.rect.center)
    assert "12 pesos" in scene.hover_text and scene.hover_warn


def test_a_lit_card_leaves_the_heading_above_it_alone(driver):
    """The tutorial lights the display's forest card: its pulsing outline
    never reaches the "Land cards" heading just above the card."""
    import numpy as np

    from hacienda_game.client.tutorial import coach

    scene = start(driver)
    driver.frames(2)
    card = next(r for r, item, c in scene.market_slots if item == "land" and c is not None)
    line = driver.app.art.fonts.body.line_height
    heading = pygame.Rect(card.x - 8, card.y - line - 1, card.w + 16, line - 2)
    for t in (0.0, 0.13, 0.26, 0.39, 0.52):          # through the pulse
        surf = driver.app.screen.copy()
        before = pygame.surfarray.array3d(surf.subsurface(heading)).copy()
        coach.draw(surf, driver.app.art, scene.layout.board,
                   coach.CoachModel("Buy", "", "", None, 1, 2, (tuple(card),)), t)
        assert np.array_equal(pygame.surfarray.array3d(surf.subsurface(heading)), before), t


def test_no_tutorial_step_names_one_devices_controls():
    """The guided game is played with the mouse, the keys or a pad: its steps
    name no key or click (the status line under it names the controls of
    the device in use)."""
    from hacienda_game.client.tutorial.steps import STEPS

    for step in STEPS:
        for text in (step.ask, step.why):
            assert "right click" not in text and "(R" not in text and "Q/W" not in text, text


def test_a_zoom_button_that_cannot_be_used_looks_off(driver):
    """At fit '-' and 'Fit' are dark; zoomed in they light; at the closest look
    '+' is dark (each against itself when it can be used)."""
    import numpy as np

    scene = start(driver)
    driver.frames(2)

    def light(b) -> float:
        return float(np.mean(pygame.surfarray.array3d(driver.app.screen.subsurface(b.rect))))

    assert scene.view.zoom == 0 and not scene.b_zoom_out.enabled
    out_off, fit_off, in_on = light(scene.b_zoom_out), light(scene.b_zoom_fit), \
        light(scene.b_zoom_in)
    while scene.view.zoom < len(scene.view.zooms) - 1:
        scene.zoom(1)
    driver.frames(2)
    assert not scene.b_zoom_in.enabled and scene.b_zoom_out.enabled
    assert out_off < 0.75 * light(scene.b_zoom_out), (out_off, light(scene.b_zoom_out))
    assert fit_off < 0.75 * light(scene.b_zoom_fit)
    assert light(scene.b_zoom_in) < 0.75 * in_on


def test_turning_the_water_tile_is_told_in_the_words_of_the_device_in_use(driver):
    """A water tile that would leave the board, clicked with the mouse, says
    right click; with the keyboard, R; a pad's words name its face button; none
    says 'R, right click' to everyone."""
    from hacienda_game.client.prompts import turn_it
    from hacienda_game.client.scenes.play import selection as choose

    scene = start(driver)
    driver.click(scene.b_water.rect.center)
    driver.click(scene.b_sizes[2].rect.center)
    assert scene.selection is not None and scene.selection.kind == "water"
    assert scene.selection.size == 3
    off = [h for h in range(len(scene.view.centres))
           if choose.action_at(scene.layer, scene.selection, h) == (None, None)]
    assert off, "no hex where the tile leaves the board"
    driver.app.last_device = "mouse"
    said = choose.click(scene.layer, scene.selection, off[0], scene.turn_words())
    assert "right click" in said and "R," not in said and "R." not in said, said
    driver.app.last_device = "keyboard"
    said = choose.click(scene.layer, scene.selection, off[0], scene.turn_words())
    assert said.endswith("Turn it with R.") and "click" not in said, said
    assert turn_it("pad:1", "xbox") == "Turn it with X."
    assert turn_it("pad:1", "playstation") == "Turn it with Square."
    for family in ("xbox", "playstation", "switch"):
        assert "click" not in turn_it("pad:1", family) and " R" not in turn_it("pad:1", family)
    i18n.set_language("de")
    try:
        assert "rechten Maustaste" in turn_it("mouse", "keyboard")
        assert "Quadrat" in turn_it("pad:1", "playstation")
    finally:
        i18n.set_language("en")


def test_the_water_refusal_names_no_control_of_its_own():
    """The session words the refusal; the screen adds how to turn (above)."""
    from hacienda_game.session.refusals import words

    said = words("water_shape")
    assert said and "right click" not in said and "(R" not in said


def test_every_seats_colour_stripe_stands_off_its_dark_panel(driver):
    """Seat 3's deep green (and every other seat's colour) on the seat panels:
    the stripe's outer edge differs from the panel around it by CIEDE2000 >= 20
    and by the 3:1 luminance contrast asked of a control's edge (WCAG 1.4.11):
    (0,32,0) against the panel was 30 apart in CIEDE2000 but only 1.6:1, dark
    on dark from the couch."""
    coloraide = __import__("pytest").importorskip("coloraide")

    def lab(rgb):
        return coloraide.Color("srgb", [c / 255 for c in rgb[:3]])

    def contrast(a, b) -> float:
        light = sorted((lab(a).luminance(), lab(b).luminance()))
        return (light[1] + 0.05) / (light[0] + 0.05)

    plan = GamePlan("symmetric", [SeatPlan(n, colour=c) for c, n in
                                  enumerate(("Ana", "Bo", "Cy", "Di", "Ed"))], 4,
                    open_hands=True)
    scene = PlayScene(plan)
    driver.app.reset(scene)
    driver.frames(2)
    screen = driver.app.screen
    for seat, rect in enumerate(scene.layout.seats):
        y = rect.centery
        edge, panel = screen.get_at((rect.x + 3, y)), screen.get_at((rect.x + 10, y))
        d = lab(edge).delta_e(lab(panel), method="2000")
        assert d >= 20, (seat, tuple(edge), tuple(panel), d)
        assert contrast(edge, panel) >= 3, (seat, tuple(edge), tuple(panel))
