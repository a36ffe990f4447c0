"""Each part of the play screen drawn alone, from a view model alone, on a
plain Surface: no app, no scene.  The assertions look at the pixels drawn
(colours where the part puts them) and at the commands the parts send up."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game import i18n  # noqa: E402
from hacienda_game.client.assets import GOLD, GREEN, GREY, INK, NIGHT, RED, WHITE, Art, Font  # noqa: E402
from hacienda_game.client.boardview import BoardView  # noqa: E402
from hacienda_game.client.scenes.play.layout import play_layout  # noqa: E402
from hacienda_game.client.scenes.play.parts import (  # noqa: E402
    actionbar,
    hand,
    header,
    log,
    market,
    overlay,
    seats,
    status,
    track,
)
from hacienda_game.client.scenes.play.parts import viewmodel as vm  # noqa: E402
from hacienda_game.client.scenes.play.parts.board import BoardDrawing  # noqa: E402
from hacienda_game.client.scenes.play.parts.commands import (  # noqa: E402
    BuyCard,
    ClickHex,
    PickCard,
    ScrollLog,
)
from hacienda_game.client.scenes.play.parts.panels import Panels  # noqa: E402
from hacienda_game.engine import load_scenario, new_game, observe, parse_action  # noqa: E402
from hacienda_game.engine.countdown import ScoringAhead  # noqa: E402

CANVAS = (960, 540)


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((8, 8))         # the panels' canvas is converted to the screen
    return Art()


@pytest.fixture(scope="module")
def layout(art):
    return play_layout(CANVAS, 4, art.fonts.body.line_height)


@pytest.fixture
def drawn(monkeypatch):
    """Every text a part draws: (text, colour)."""
    out: list[tuple[str, tuple]] = []
    draw = Font.draw

    def record(self, target, text, pos, colour=WHITE, *args, **kw):
        out.append((text, tuple(colour)))
        return draw(self, target, text, pos, colour, *args, **kw)

    monkeypatch.setattr(Font, "draw", record)
    return out


def surface() -> pygame.Surface:
    s = pygame.Surface(CANVAS)
    s.fill(NIGHT)
    return s


def pixels(surf: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """How many pixels in rect are exactly the colour."""
    rect = pygame.Rect(rect).clip(surf.get_rect())
    a = pygame.surfarray.pixels3d(surf)[rect.left:rect.right, rect.top:rect.bottom]
    return int(np.all(a == np.array(colour[:3]), axis=2).sum())


def same_as_sprite(surf: pygame.Surface, sprite: pygame.Surface, rect: pygame.Rect) -> bool:
    """The rect's upper half (above a count badge) shows the sprite's opaque pixels."""
    rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
    shown = pygame.surfarray.array3d(surf.subsurface(rect))
    img = pygame.surfarray.array3d(sprite)[:, :rect.h]
    opaque = pygame.surfarray.array_alpha(sprite)[:, :rect.h] == 255
    return bool(np.array_equal(shown[opaque], img[opaque]))


def obs_of(actions: list[str], seat: int = 0, players: int = 4):
    state = new_game("symmetric", players, seed=5)
    for text in actions:
        state.apply(parse_action(text))
    return state, observe(state, seat)


# ------------------------------------------------------------------ header
def header_model(**kw) -> vm.HeaderModel:
    values = dict(over=False, over_reason=None, round=3, player="Ana", kind="hard",
                  actions_left=2, ahead=ScoringAhead("intermediate", False, 9), right=900)
    values.update(kw)
    return vm.HeaderModel(**values)


def test_header_says_the_round_and_who_plays_and_the_countdown_turns_gold_when_due(
        art, layout, drawn):
    quiet = surface()
    header.draw(quiet, art, layout.top, header_model())
    texts = [t for t, _c in drawn]
    assert "Round 3 · " in texts and "Ana (AI) to play" in texts
    assert pixels(quiet, layout.top, WHITE) > 100
    right = pygame.Rect(600, 0, 300, layout.top.h)
    assert pixels(quiet, right, GREY) > 50 and pixels(quiet, right, GOLD) == 0
    due = surface()
    header.draw(due, art, layout.top, header_model(ahead=ScoringAhead("intermediate", True,
                                                                       0)))
    assert pixels(due, right, GOLD) > 50 and pixels(due, right, GREY) == 0
    # Nothing right of where the owner's buttons begin.
    assert pixels(due, pygame.Rect(893, 0, 67, layout.top.h), GOLD) == 0


def game_until(stop, seed: int = 2):
    """A random 3-seat game played until ``stop(state, events)``."""
    state = new_game("symmetric", 3, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        events = state.apply(state.random_action(rng))
        if stop(state, events):
            return state
    return state


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_header_names_the_intermediate_scoring_when_it_comes_due(art, layout, drawn, code):
    state = game_until(lambda _s, events: any(
        e.kind == "stack_switched" and e.data["scoring"] == "intermediate" for e in events))
    assert state.intermediate_due and state.stack == 2        # the second stack is in play
    i18n.set_language(code)
    try:
        surf = surface()
        obs = observe(state, 0)
        header.draw(surf, art, layout.top, vm.header_model(obs, ["A", "B", "C"],
                                                         ["human"] * 3, 900))
        expected = i18n._("Intermediate scoring after this round")
    finally:
        i18n.set_language("en")
    assert (expected, tuple(GOLD)) in drawn
    assert not any("Final" in t or "Schluss" in t or "final" in t for t, _c in drawn)


def test_header_at_game_over_counts_no_animal_cards(art, layout, drawn):
    state = game_until(lambda _s, _e: False)
    assert state.is_over()
    header.draw(surface(), art, layout.top, vm.header_model(observe(state, 0), ["A", "B", "C"],
                                                          ["human"] * 3, 900))
    texts = [t for t, _c in drawn]
    assert texts[0].startswith("Game over")
    assert not any("animal card" in t or "scoring" in t for t in texts), texts


# ------------------------------------------------------------------- track
def test_track_puts_each_seat_at_its_points_and_a_bar_at_a_scoring_now(art, layout):
    surf = surface()
    model = vm.TrackModel((0, 0), (30, 0), (1, 2))
    track.draw(surf, art, layout.track, model)
    rect = layout.track
    blue = art.seat_colour(1)
    # The projected bar of seat 0 (colour 1) stands half way along (30 of 60).
    half = pygame.Rect(rect.centerx - 40, rect.y, rect.w // 2 + 40, rect.h)
    assert pixels(surf, half, blue) >= 18
    assert pixels(surf, pygame.Rect(rect.right - 30, rect.y, 30, rect.h), blue) == 0
    cyan = art.seat_colour(2)
    assert pixels(surf, pygame.Rect(rect.x, rect.y, 120, rect.h), cyan) > 0    # at 0


# ------------------------------------------------------------------- seats
def test_seat_rows_show_colour_turn_and_counters(art, layout, drawn):
    rows = (vm.SeatRow("Ana", 0, "human", 14, 5, 4, 1, 9, 4, True),
            vm.SeatRow("Bruno", 1, "hard", 7, 0, 0, 0, 7, 4, False))
    surf = surface()
    seats.draw(surf, art, layout.seats, vm.SeatsModel(rows, True))
    for row, rect in zip(rows, layout.seats, strict=False):
        stripe = pygame.Rect(rect.x + 4, rect.y + 4, 4, rect.h - 8)   # in a light edge
        assert pixels(surf, stripe, art.seat_ink(row.colour)) == stripe.w * stripe.h
        assert tuple(surf.get_at((rect.x + 3, rect.centery)))[:3] == tuple(GREY)
    texts = [t for t, _c in drawn]
    assert ("+4", tuple(GOLD)) in drawn and "14" in texts and "AI hard" in texts
    assert "◄" in texts or "<" in texts                     # Ana's turn marker
    unlit = surface()
    drawn.clear()
    seats.draw(unlit, art, layout.seats, vm.SeatsModel(rows, False))
    assert not {"◄", "<"} & {t for t, _c in drawn}          # the marker blinks


def test_seat_3s_row_shows_it_as_the_board_does(art, layout):
    """Seat 3 is black on the board, its pieces marked by a white diamond: its
    row's stripe is that black with a white line, in a light edge (not the light
    green of the meadows it once wore), and its emblem white."""
    rows = (vm.SeatRow("Ana", 3, "human", 14, 5, 4, 1, 9, 4, True),)
    surf = surface()
    seats.draw(surf, art, layout.seats, vm.SeatsModel(rows, True))
    rect = layout.seats[0]
    stripe = pygame.Rect(rect.x + 4, rect.y + 4, 4, rect.h - 8)
    assert pixels(surf, stripe, art.seat_colour(3)) >= stripe.h
    assert pixels(surf, stripe, WHITE) >= stripe.h - 8
    assert pixels(surf, stripe, GREEN) == 0
    assert tuple(surf.get_at((rect.x + 3, rect.centery)))[:3] == tuple(GREY)
    emblem = pygame.Rect(rect.x + 10, rect.y + 2, 16, art.fonts.body.line_height + 2)
    assert pixels(surf, emblem, WHITE) > 20 and pixels(surf, emblem, GREEN) == 0


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_seat_counters_have_headings_over_aligned_columns(art, code, monkeypatch):
    """The seats' counters carry headings (pesos, points, the gold gain a
    scoring now brings, markets, cards) in the player's language, each over
    its column; the columns line up on every row."""
    i18n.set_language(code)
    try:
        lay = play_layout(CANVAS, 4, art.fonts.body.line_height)
        rows = (vm.SeatRow("Ana", 0, "human", 14, 5, 4, 1, 9, 4, True),
                vm.SeatRow("Bruno", 1, "hard", 41, 104, 12, 0, 7, 4, False),
                vm.SeatRow("Carmen", 2, "easy", 23, 0, 0, 0, 0, 4, False),
                vm.SeatRow("Dieter", 3, "medium", 0, 0, 0, 0, 6, 0, False))
        placed: list[tuple[str, tuple, tuple[int, int]]] = []
        draw = Font.draw

        def record(self, target, text, pos, colour=WHITE, *args, **kw):
            placed.append((text, tuple(colour), pos))
            return draw(self, target, text, pos, colour, *args, **kw)

        monkeypatch.setattr(Font, "draw", record)
        seats.draw(surface(), art, lay.seats, vm.SeatsModel(rows, True), lay.legend)
        words = seats.legend_words()
        # The gold gain's heading in words ("if scored"), never "Points now"
        assert [w for w in words] == [i18n._(w) for w in ("Pesos", "Points", "if scored",
                                                           "Markets", "Cards")]
        heads = {text: (colour, pos) for text, colour, pos in placed
                 if lay.legend.collidepoint(pos)}
        assert set(heads) == set(words), heads
        assert heads[words[2]][0] == tuple(GOLD)
        font = art.fonts.medium
        for word, (_colour, (x, y)) in heads.items():
            assert lay.legend.contains((x, y, font.width(word), font.line_height)), word
        # Each number under its heading, at the same x on every row; "+0" shown.
        for value in ("41", "104", "+12", "6", "+0"):
            xs = {pos[0] for text, _c, pos in placed if text == value}
            assert len(xs) == 1, value
        spots = seats.columns(art, lay.seats[0], rows, lay.legend)
        assert spots.headed
        money = [p[0] for t, _c, p in placed if t in ("14", "41", "23")]
        assert len(set(money)) == 1 and money[0] > heads[words[0]][1][0]
        assert heads[words[2]][1][0] == spots.gain_x
        assert heads[words[1]][1][0] < spots.gain_x < heads[words[3]][1][0]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_seat_headings_stand_still_and_show_at_both_text_sizes(art, code, size):
    """The columns are laid out for the widest numbers a seat reaches, not
    the numbers of the moment: a turn that brings 98 pesos or a gain of +40
    moves no heading and no column; every heading is shown (none dropped
    for width), with Large text too, on two-line seat rows."""
    i18n.set_language(code)
    art.fonts.text_size = size
    try:
        small = tuple(vm.SeatRow(n, i, "human", 3, 0, 0, 0, 1, 1, i == 0)
                      for i, n in enumerate(("Ana", "Bruno", "Carmen")))
        big = tuple(vm.SeatRow(n, i, "human", 98, 99, 40, 12, 19, 15, i == 0)
                    for i, n in enumerate(("Ana", "Bruno", "Carmen")))
        for seat_count in (2, 3) if size == "normal" else (2,):
            lay = play_layout(CANVAS, seat_count, art.fonts.body.line_height)
            assert lay.legend.h > 0 and lay.seats[0].y > lay.legend.y
            one = seats.row_columns(art, lay.seats, small[:seat_count], lay.legend)
            two = seats.row_columns(art, lay.seats, big[:seat_count], lay.legend)
            assert (one.starts, one.ends, one.gain_x) == (two.starts, two.ends, two.gain_x)
            assert one.ends[-1] <= lay.seats[0].right - 6
            places = seats.legend_places(art, lay.legend, one)
            assert [w for w, _x, _y in places] == [seats.legend_words()[i] for line in
                                                   seats.LEGEND_LINES for i in line]
            for word, x, y in places:
                assert lay.legend.contains((x, y, art.fonts.body.width(word),
                                            art.fonts.body.line_height)), word
            assert seats.row_counts(small[0])[1][2] == "+0"
    finally:
        art.fonts.text_size = "normal"
        i18n.set_language("en")


# ------------------------------------------------------------------ market
def test_market_shows_the_display_and_sends_buy_commands(art, layout):
    _state, obs = obs_of([])
    model = vm.market_model(obs)
    surf = surface()
    market.draw(surf, art, layout, model)
    slots = market.slots(layout, model)
    faces = [s for s in slots if s[2] is not None]
    decks = [s for s in slots if s[2] is None]
    assert len(faces) == sum(c is not None for c in obs.land_face_up + obs.animal_face_up)
    assert {item for _r, item, _c in decks} == {"land", "animal"}
    for rect, item, card in faces:
        assert same_as_sprite(surf, art.sprites.get(f"card_{item}_{card}"), rect)
        assert market.command_at(layout, model, rect.center) == BuyCard(item, card)
    rect, item, _none = decks[0]
    assert market.command_at(layout, model, rect.center) == BuyCard(item, None)
    assert market.command_at(layout, model, layout.board.center) is None


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_decks_sizes_stand_beside_the_decks_not_on_them(art, size):
    """The decks' sizes (a badge) and prices stand beside each deck: with
    Large text the badge covered the deck's picture."""
    art.fonts.text_size = size
    try:
        lay = play_layout(CANVAS, 3, art.fonts.body.line_height)
        _state, obs = obs_of([])
        model = vm.market_model(obs)
        surf = surface()
        market.draw(surf, art, lay, model)
        decks = [s for s in market.slots(lay, model) if s[2] is None]
        assert decks
        for rect, item, _none in decks:
            assert same_as_sprite(surf, art.sprites.get(f"card_back_{item}"), rect)
            size_n = model.land_deck_size if item == "land" else model.animal_draw_size
            beside = pygame.Rect(rect.right + 1, rect.y, 40, rect.h)
            assert lay.market.contains(beside) and pixels(surf, beside, WHITE) > 10, size_n
    finally:
        art.fonts.text_size = "normal"


# -------------------------------------------------------------------- hand
def test_hand_draws_its_cards_lifts_the_chosen_one_and_sends_pick_commands(art, layout):
    _state, obs = obs_of(["buy land", "buy animal"])
    cards = vm.hand_cards(obs)
    assert cards
    item, card, _n = cards[0]
    model = vm.hand_model(obs, False, 0, card, None)
    surf = surface()
    hand.draw(surf, art, layout, model)
    slots = hand.slots(layout, model)
    assert [(i, c) for _r, i, c in slots] == [(i, c) for i, c, _n in cards]
    for rect, i, c in slots:
        assert same_as_sprite(surf, art.sprites.get(f"card_{i}_{c}"), rect)
    chosen = slots[0][0]
    assert pixels(surf, chosen.inflate(4, 4), GOLD) > 2 * chosen.w     # its gold outline
    assert chosen.y < slots[-1][0].y or len(slots) == 1                # lifted
    assert hand.command_at(layout, model, chosen.center) == PickCard(item, card)


def test_a_hidden_hand_shows_no_card_and_takes_no_click(art, layout, drawn):
    _state, obs = obs_of(["buy land"])
    model = vm.hand_model(obs, True, 0, None, None)
    surf = surface()
    hand.draw(surf, art, layout, model)
    assert hand.slots(layout, model) == []
    assert drawn == [("Hands are hidden until the next player is ready.", tuple(GREY))]
    assert pixels(surf, layout.hand, GREY) > 100
    assert hand.command_at(layout, model, layout.hand.center) is None


# --------------------------------------------------------------------- log
def test_log_shows_the_newest_whole_entries_and_scrolls_by_command(art, layout, drawn):
    lines = tuple((f"line {i}", 1 if i % 2 else None, True) for i in range(40))
    surf = surface()
    log.draw(surf, art, layout.log, vm.LogModel(lines, 0))
    texts = [t for t, _c in drawn]
    assert texts[-1] == "line 39" and "line 0" not in texts
    assert ("line 38", tuple(GOLD)) in drawn and ("line 39", tuple(WHITE)) in drawn
    assert pixels(surf, layout.log, GOLD) > 20
    drawn.clear()
    log.draw(surface(), art, layout.log, vm.LogModel(lines, 10))
    texts = [t for t, _c in drawn]
    assert "line 29" in texts and "line 30" not in texts
    assert texts[-1] == "↓ 10 newer lines (wheel)"
    assert log.command_for_wheel(layout.log, layout.log.center, 2) == ScrollLog(6)
    assert log.command_for_wheel(layout.log, layout.board.center, 2) is None


# -------------------------------------------------------------- action bar
def test_action_bar_draws_each_button_as_its_look_says(art, layout):
    a = layout.actions
    on = vm.ButtonLook((a.x, a.y + 2, 200, a.h - 4), "Harvest", "chip", True, False, False,
                       -1.0, False)
    off = vm.ButtonLook((a.x + 210, a.y + 2, 200, a.h - 4), "Harvest", "chip", False, False,
                        False, -1.0, False)
    surf = surface()
    actionbar.draw(surf, art, vm.ActionsModel((on, off)))
    left, right = pygame.Rect(on.rect), pygame.Rect(off.rect)
    assert pixels(surf, left, WHITE) > 30 and pixels(surf, right, WHITE) == 0   # greyed
    a_, b_ = (pygame.surfarray.array3d(surf.subsurface(r)) for r in (left, right))
    assert not np.array_equal(a_, b_)
    assert b_.mean() < 0.7 * a_.mean(), "an off button is darkened as a whole"


# ------------------------------------------------------------------ status
def test_status_strip_draws_the_hint_and_the_prompts(art, layout, drawn):
    strip = layout.strip
    text = "Pick a card in your hand, buy a card on the right, or an action below. " * 8
    model = vm.StatusModel(text, WHITE, (strip.x + 8, strip.y + 3), 2)
    surf = surface()
    status.draw(surf, art, strip, model)
    assert len(drawn) == 2 and drawn[1][0].endswith("…")      # cut short where it shows
    assert pixels(surf, strip, WHITE) > 200
    drawn.clear()
    prompts = status.play_prompts("keyboard", False, (strip.x + 8, strip.y + 20),
                                  strip.right - 6)
    with_prompts = surface()
    status.draw(with_prompts, art, strip, vm.StatusModel("Go", GOLD, (strip.x + 8, strip.y + 3),
                                                         1, prompts=prompts))
    assert drawn[0] == ("Go", tuple(GOLD))
    below = pygame.Rect(strip.x, strip.y + 20, strip.w, strip.h - 20)
    assert not np.array_equal(pygame.surfarray.array3d(with_prompts.subsurface(below)),
                              pygame.surfarray.array3d(surface().subsurface(below)))


# ----------------------------------------------------------------- overlay
def test_bubble_stays_on_the_board_and_warns_in_the_warning_colour(art, layout):
    board = layout.board
    surf = surface()
    rect = overlay.bubble(surf, art, board, vm.BubbleModel("Not possible", board.bottomright,
                                                           True))
    assert board.contains(rect)
    assert tuple(surf.get_at(rect.topleft))[:3] == overlay.WARN
    calm = overlay.bubble(surface(), art, board, vm.BubbleModel("chain of 2", (100, 100), False))
    assert calm.topleft == (118, 118)


# ------------------------------------------------------------------- board
def board_model(obs, **kw) -> vm.BoardModel:
    values = dict(obs=obs, version=0, colours=(0, 1, 2, 3), patterns=False,
                  hidden=frozenset(), lit=None, hover=None, cursor=None, time=0.0,
                  animate=False)
    values.update(kw)
    return vm.BoardModel(**values)


def test_board_draws_pieces_in_the_owners_colour_dims_and_marks_the_hover(art, layout):
    state = new_game("symmetric", 2, seed=1)
    before = observe(state, 0)
    h = next(i for i, c in enumerate(state.board.cells) if state.board.spaces[i] == "forest")
    cell = state.board.cells[h]
    after = observe(load_scenario({"format": "hacienda-scenario/1", "map": "symmetric",
                                   "players": 2, "seed": 1,
                                   "seats": [{"land": [f"{cell[0]},{cell[1]}"]}, {}]}), 0)
    view = BoardView(state.board, layout.board)
    centre = view.centres[h]
    plain, placed = surface(), surface()
    BoardDrawing(view, art).draw(plain, board_model(before))
    BoardDrawing(view, art).draw(placed, board_model(after, version=1))
    # The owner's colour over the tile's face.
    spot = pygame.Rect(centre[0] - 8, centre[1] - 8, 16, 16)
    red = np.array(art.seat_colour(0))
    tinted = [np.abs(pygame.surfarray.array3d(s.subsurface(spot)).astype(int) - red).sum(axis=2)
              .mean() for s in (plain, placed)]
    assert tinted[1] < tinted[0] - 40
    # A choice: everything but the lit hexes is shaded, the lit ones outlined in gold.
    other = next(i for i in range(len(state.board.cells)) if i != h and
                 abs(view.centres[i][0] - centre[0]) > 100)
    o = view.centres[other]
    chosen = surface()
    BoardDrawing(view, art).draw(chosen, board_model(after, lit=frozenset({h})))
    assert sum(chosen.get_at(o)[:3]) < sum(placed.get_at(o)[:3])
    assert tuple(chosen.get_at(centre))[:3] == tuple(placed.get_at(centre))[:3]
    assert pixels(chosen, pygame.Rect(centre[0] - 30, centre[1] - 30, 60, 60), GOLD) > 20
    # The water tile would leave the board there: the "not here" mark, ink and
    # white barrier tape and a cross, never a seat's colour (red was the red seat's).
    off = surface()
    BoardDrawing(view, art).draw(off, board_model(after, hover=vm.HoverMark(other, "off",
                                                                             False)))
    spot = pygame.Rect(o[0] - 30, o[1] - 30, 60, 60)
    assert pixels(off, spot, WHITE) > 40 and pixels(off, spot, RED) == 0
    assert BoardDrawing(view, art).command_at(centre) == ClickHex(h)
    assert BoardDrawing(view, art).command_at((0, 0)) is None


# ------------------------------------------------------------ all the panels
def test_panels_redraw_only_a_part_whose_model_changed(art, layout):
    _state, obs = obs_of([])
    model = vm.PanelsModel(
        header_model(), vm.TrackModel((0,) * 4, (0,) * 4, (0, 1, 2, 3)),
        vm.seats_model(obs, ["A", "B", "C", "D"], ["human"] * 4, [0, 1, 2, 3], [20] * 4,
                       [0] * 4, [0] * 4, [0] * 4, [0] * 4, 0.0),
        vm.market_model(obs), vm.hand_model(obs, False, 0, None, None),
        vm.LogModel((("Ana starts. Round 1.", None, True),), 0), vm.ActionsModel(()),
        vm.StatusModel("", WHITE, (10, 500), 2))
    panels = Panels()
    surf = pygame.Surface(CANVAS)
    panels.draw(surf, art, layout, model)
    assert panels.redrawn
    panels.draw(surf, art, layout, model)
    assert not panels.redrawn
    before = pygame.surfarray.array3d(surf).copy()
    moved = vm.PanelsModel(**{**model.__dict__, "header": header_model(round=4)})
    panels.draw(surf, art, layout, moved)
    assert panels.redrawn
    changed = np.any(pygame.surfarray.array3d(surf) != before, axis=2)
    ys = np.nonzero(changed)[1]
    assert ys.size and ys.max() < layout.top.bottom             # only the header changed


def test_board_marks_what_just_happened_in_the_movers_colour(art, layout):
    state = new_game("symmetric", 2, seed=1)
    obs = observe(state, 0)
    view = BoardView(state.board, layout.board)
    h = next(i for i, c in enumerate(view.centres) if layout.board.inflate(-80, -80)
             .collidepoint(c))
    plain, marked = surface(), surface()
    BoardDrawing(view, art).draw(plain, board_model(obs))
    BoardDrawing(view, art).draw(marked, board_model(obs, recent=((h, 1, "water"),)))
    x, y = view.centres[h]
    around = pygame.Rect(x - 40, y - 40, 80, 80)
    blue = art.seat_colour(1)
    assert pixels(marked, around, blue) > pixels(plain, around, blue) + 30
    assert pixels(marked, around, WHITE) > pixels(plain, around, WHITE) + 30
    sign = art.sprites.get("icon_water")                     # the sign of the move
    d = round(view.hex_px * 0.3)
    spot = sign.get_rect(center=(x + d, y - d))
    assert same_as_sprite(marked, sign, spot)


def test_board_flashes_a_log_lines_hexes_and_lights_a_replayed_move(art, layout):
    state = new_game("symmetric", 2, seed=1)
    obs = observe(state, 0)
    view = BoardView(state.board, layout.board)
    inner = [i for i, c in enumerate(view.centres) if layout.board.inflate(-80, -80)
             .collidepoint(c)]
    h, g = inner[0], inner[len(inner) // 2]
    plain, flashed, stepped = surface(), surface(), surface()
    BoardDrawing(view, art).draw(plain, board_model(obs))
    BoardDrawing(view, art).draw(flashed, board_model(obs, flash=(h,), flash_colour=0))
    step = vm.ReplayStep((g,), 1, "water", "Bo lays water", 2, 3, 1.0)
    BoardDrawing(view, art).draw(stepped, board_model(obs, step=step))
    red, blue = art.seat_colour(0), art.seat_colour(1)
    x, y = view.centres[h]
    around = pygame.Rect(x - 40, y - 40, 80, 80)
    assert pixels(flashed, around, red) > pixels(plain, around, red) + 30
    x, y = view.centres[g]
    around = pygame.Rect(x - 40, y - 40, 80, 80)
    assert pixels(stepped, around, blue) > pixels(plain, around, blue) + 30


def test_a_log_line_under_the_pointer_is_focused_and_lit(art, layout, drawn):
    from hacienda_game.client.scenes.play.parts.commands import FocusLog

    lines = tuple((f"line {i}", 1, i % 2 == 0) for i in range(6))   # entries of two lines
    model = vm.LogModel(lines, 0)
    lh = art.fonts.body.line_height
    second = (layout.log.x + 30, layout.log.y + 4 + lh + 2)          # entry 0's second line
    assert log.command_at(layout.log, model, lh, second) == FocusLog(0)
    assert log.command_at(layout.log, model, lh, layout.board.center) is None
    plain, lit = surface(), surface()
    log.draw(plain, art, layout.log, model)
    log.draw(lit, art, layout.log, vm.LogModel(lines, 0, focus=2))
    band = pygame.Rect(layout.log.x, layout.log.y + 4 + 2 * lh, layout.log.w, 2 * lh)
    assert pixels(lit, band, GOLD) > pixels(plain, band, GOLD)


def test_overlay_draws_the_hold_bar_the_demo_label_and_the_replay_caption(art, layout, drawn):
    surf = surface()
    button = (100, 480, 120, 30)
    overlay.draw(surf, art, layout.board, vm.OverlayModel(None, True, (button, 0.5)))
    assert pixels(surf, pygame.Rect(100, 500, 60, 10), GOLD) > 40       # half the bar
    assert pixels(surf, pygame.Rect(162, 500, 56, 10), GOLD) == 0
    assert any("Demo" in t for t, _c in drawn)
    drawn.clear()
    step = vm.ReplayStep((3,), 1, "placed", "Bo plays Forest: land tile", 2, 5, 0.3)
    overlay.replay_caption(surf, art, layout.board, step)
    texts = [t for t, _c in drawn]
    assert "Last moves 2/5" in texts and "Bo plays Forest: land tile" in texts


def test_hint_part_lights_its_hexes_outlines_its_start_and_says_why(art, layout, drawn):
    from hacienda_game.client.scenes.play.parts import hint

    state = new_game("symmetric", 2, seed=1)
    view = BoardView(state.board, layout.board)
    surf = surface()
    hint.draw(surf, art, view, vm.HintModel((5,), (700, 400, 60, 40), "Buy the forest"), 0.0)
    assert ("Buy the forest", tuple(WHITE)) in drawn and ("Hint", tuple(INK)) in drawn
    start = pygame.Rect(690, 390, 80, 60)
    assert pixels(surf, start, hint.OUTLINE) > 40        # its own colour...
    assert pixels(surf, start, GOLD) == 0                # ...never a selection's gold
    drawn.clear()
    hint.draw(surface(), art, view, vm.HintModel((), None, "", thinking=True), 0.0)
    assert [t for t, _c in drawn] == ["Thinking about a hint..."]


def test_large_text_crowded_hand_shows_every_count_badge(art):
    """At Large text the cards crowd; each card's ×N badge stays in sight (the
    next card never covers it)."""
    big = play_layout(CANVAS, 4, 24)
    cards = tuple(("land", c, 2) for c in ("mountain", "forest", "meadow", "rock", "moor",
                                            "pampas")) + tuple(
        ("animal", a, 2) for a in ("cattle", "horse", "pig", "sheep"))
    right = big.hand.right - 140                      # Undo and Redo beside the cards
    badged = vm.HandModel(False, 0, cards, None, right)
    plain = vm.HandModel(False, 0, tuple((i, c, 1) for i, c, _n in cards), None, right)
    with_badges, without = surface(), surface()
    hand.draw(with_badges, art, big, badged)
    hand.draw(without, art, big, plain)
    slots = hand.slots(big, badged)
    assert slots[1][0].x < slots[0][0].right + 4      # the cards crowd
    for (rect, _i, card), (after, _j, _c) in zip(slots, slots[1:], strict=False):
        seen = pygame.Rect(rect.x, rect.bottom - 24, after.x - rect.x, 24)
        differ = sum(with_badges.get_at((x, y)) != without.get_at((x, y))
                     for x in range(seen.left, seen.right) for y in range(seen.top, seen.bottom))
        assert differ > 10, f"the badge of {card} is covered"


def test_a_log_entry_longer_than_the_log_shows_its_start_not_its_tail():
    """Large text: the newest entry wraps to more lines than the log holds; the
    log shows its first lines (where it says who did what), not the tail."""
    from hacienda_game.client.scenes.play.parts import log as log_part

    lines = (("Ana buys a land card", 0, True),) + tuple(
        (f"Bo places a token line {i}", 1, i == 0) for i in range(6))
    model = vm.LogModel(lines, 0)
    rect = pygame.Rect(0, 0, 300, 8 + 3 * 24)          # three rows of a 24-pixel line
    assert list(log_part.shown(rect, model, 24)) == [1, 2, 3]


def test_large_text_keeps_two_line_seat_rows_at_every_seat_count():
    """Every seat's row keeps two lines (its name whole over its counters),
    five seats too; the headings take room over them where the log keeps a
    line more than its four under them (two seats with Large text)."""
    for seat_count in (2, 3, 4, 5):
        lay = play_layout(CANVAS, seat_count, 24)
        assert lay.seats[0].h >= 2 * 24, seat_count
        assert (lay.legend.h > 0) == (seat_count == 2), seat_count
    assert all(play_layout(CANVAS, n, 15).legend.h > 0 for n in (2, 3, 4, 5))


NAMES = ("Wilhelmina", "Bruno", "Carmen", "Dieter", "Elena")


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_with_large_text_each_seat_is_headed_by_its_whole_name(art, code, monkeypatch):
    """Large text, two to five seats: each row is headed by its seat's whole
    name in the large face (14 canvas px capitals, 28 on a 1080p screen; before,
    five seats read "W.", "B.", "C.", "Di.", "El." on one-line rows), over its
    counters, inside its row; the counters' headings, where shown, are the
    large face too (before: none with Large text, the medium face being under
    the size Large text promises)."""
    i18n.set_language(code)
    art.fonts.text_size = "large"
    placed: list[tuple[Font, str, pygame.Rect]] = []
    draw = Font.draw

    def record(self, target, text, pos, *args, **kw):
        rect = draw(self, target, text, pos, *args, **kw)
        placed.append((self, text, pygame.Rect(rect.x, rect.y, self.width(text),
                                               self.line_height)))
        return rect

    monkeypatch.setattr(Font, "draw", record)
    try:
        for n in (2, 3, 4, 5):
            lay = play_layout(CANVAS, n, art.fonts.body.line_height)
            rows = tuple(vm.SeatRow(NAMES[i], i, "human", 98, 99, 40, 12, 19, 15, i == 0)
                         for i in range(n))
            placed.clear()
            seats.draw(surface(), art, lay.seats, vm.SeatsModel(rows, True), lay.legend)
            for row, rect in zip(rows, lay.seats, strict=True):
                names = [(f, r) for f, t, r in placed if t == row.name]
                assert len(names) == 1, (n, row.name, [t for _f, t, _r in placed])
                face, box = names[0]
                assert face.cap_height * 2 >= 28, (n, row.name)
                assert rect.contains(box), (n, row.name, tuple(box), tuple(rect))
                counters = [r for _f, t, r in placed if t == str(row.money)
                            and rect.contains(r)]
                assert counters and counters[0].top >= box.bottom, (n, row.name)
            heads = [(f, t, r) for f, t, r in placed if lay.legend.h and
                     lay.legend.contains(r)]
            assert len(heads) == (5 if n == 2 else 0), (n, [t for _f, t, _r in heads])
            assert all(f.cap_height * 2 >= 28 for f, _t, _r in heads)
    finally:
        art.fonts.text_size = "normal"
        i18n.set_language("en")
