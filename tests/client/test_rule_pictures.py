"""The rules help's pictures are the real board: a prepared position per page
drawn by the play screen's board drawing, its pieces where the rules let them
go and as the page's caption tells."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game.client import rulepictures  # noqa: E402
from hacienda_game.client.assets import Art  # noqa: E402
from hacienda_game.client.scenes.rules import SECTIONS, RulesScene, draw_picture  # noqa: E402
from hacienda_game.engine.components import ANIMALS  # noqa: E402
from hacienda_game.engine.groups import ANIMAL0, LAND, WATER  # noqa: E402

BOARD_PAGES = ("land", "animals", "markets", "hacienda", "water", "harvest")


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((8, 8))
    return Art()


def board():
    return rulepictures._table()[0]


def test_the_board_pages_have_a_position():
    assert set(BOARD_PAGES) <= set(rulepictures.POSITIONS) <= set(SECTIONS)


@pytest.mark.parametrize("page", BOARD_PAGES)
def test_each_position_puts_pieces_where_the_rules_let_them_go(page):
    b = board()
    pos = rulepictures.position(page)
    assert pos.pieces and pos.focus
    for h, (kind, owner) in pos.pieces.items():
        space = b.spaces[h]
        if kind == LAND:
            assert space not in ("market", "water"), (page, h, space)     # R30
        else:
            assert space == "pampas", (page, h, space, kind)              # R27, R21
        if kind == WATER:
            assert owner == -1
    for h in pos.haciendas + pos.chips:
        assert pos.pieces[h][0] == LAND


def test_the_market_picture_pays_as_its_caption_says():
    """3 cattle, one beside the market, and a chain of 2 beside the herd: 5 pesos."""
    b = board()
    pos = rulepictures.position("markets")
    market = next(iter(pos.lit))
    assert b.spaces[market] == "market"
    cattle = [h for h, (k, _o) in pos.pieces.items() if k == ANIMAL0 + ANIMALS.index("cattle")]
    land = [h for h, (k, _o) in pos.pieces.items() if k == LAND]
    assert len(cattle) == 3 and len(land) == 2
    assert sum(market in b.adjacent[h] for h in cattle) == 1
    assert any(x in b.adjacent[land[0]] for x in cattle)
    assert land[1] in b.adjacent[land[0]]


def test_the_animals_picture_marks_a_mountain_and_lights_pampas():
    b = board()
    pos = rulepictures.position("animals")
    assert [b.spaces[h] for h in pos.refused] == ["mountain"]
    assert pos.lit and all(b.spaces[h] == "pampas" and h not in pos.pieces for h in pos.lit)


@pytest.mark.parametrize("page", BOARD_PAGES)
def test_each_board_page_draws_its_board_picture(art, page):
    box = pygame.Rect(0, 0, 240, 250)
    picture = rulepictures.picture(art, page, box.size)
    assert picture is not None
    assert picture.get_width() <= box.w + 4 and picture.get_height() <= box.h + 4
    # The board's pieces are in it: the seat colours of the position's owners.
    owners = {o for _k, o in rulepictures.position(page).pieces.values() if o >= 0}
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 2)
               for y in range(0, picture.get_height(), 2)}
    for owner in owners:
        assert art.seat_colour(owner) in colours, (page, owner)
    surface = pygame.Surface(box.size)
    draw_picture(surface, art, page, box)
    assert len({surface.get_at((x, y))[:3] for x in range(0, box.w, 4)
                for y in range(0, box.h, 4)}) > 8


def test_the_other_pages_keep_their_cards_and_icons(art):
    for page in SECTIONS:
        if page not in rulepictures.POSITIONS:
            assert rulepictures.picture(art, page, (240, 250)) is None
    assert RulesScene.at("water").page == SECTIONS.index("water")
    assert RulesScene.at(None).page == 0 and RulesScene.at("nonsense").page == 0
