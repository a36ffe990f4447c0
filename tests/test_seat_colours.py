"""The five seat colours are chosen by measurement: every pair differs
by CIEDE2000 >= 20, and by >= 10 under simulated deuteranopia, protanopia and
tritanopia; each differs by >= 15 from the market, water and highlight colours.
Computed with coloraide (its Brettel/Viénot colour-vision filters)."""

from __future__ import annotations

import itertools

import pytest

coloraide = pytest.importorskip("coloraide")

from hacienda_game.art.palette import HIGHLIGHTS, MARKET, PALETTE, SEATS, WATER  # noqa: E402

DEFICIENCIES = ("deutan", "protan", "tritan")


def colour(rgb):
    return coloraide.Color("srgb", [v / 255 for v in rgb])


def seen(rgb, deficiency=None):
    c = colour(rgb)
    return c if deficiency is None else c.filter(deficiency, 1.0).clip()


def de(a, b, deficiency=None) -> float:
    return seen(a, deficiency).delta_e(seen(b, deficiency), method="2000")


SEAT_RGB = [PALETTE[main] for main, _shade, _light in SEATS]


def test_five_seats_with_palette_colours():
    assert len(SEAT_RGB) == 5 and len(set(SEAT_RGB)) == 5


@pytest.mark.parametrize("deficiency,least", [(None, 20), *((d, 10) for d in DEFICIENCIES)])
def test_every_pair_of_seat_colours_differs_enough(deficiency, least):
    worst = min(de(a, b, deficiency) for a, b in itertools.combinations(SEAT_RGB, 2))
    assert worst >= least, (deficiency, worst)


def test_each_seat_colour_stands_apart_from_market_water_and_highlights():
    others = {"market": MARKET, "water": WATER, **HIGHLIGHTS}
    for seat, rgb in enumerate(SEAT_RGB):
        for name, other in others.items():
            assert de(rgb, other) >= 15, (seat, name, de(rgb, other))


def test_the_measure_tells_close_colours_apart():
    """The measure itself: red and orange are close for a deuteranope, far for others."""
    assert de((220, 40, 40), (230, 120, 40)) > 20
    assert de((220, 40, 40), (200, 60, 40)) < 10
    assert de((200, 60, 60), (120, 140, 60), "deutan") < de((200, 60, 60), (120, 140, 60))


def test_the_sprites_use_the_measured_colours():
    import json
    from pathlib import Path

    meta = json.loads((Path(__file__).resolve().parents[1] / "assets" / "sprites.json")
                      .read_text(encoding="utf-8"))
    assert [tuple(c) for c in meta["seat_colours"]] == SEAT_RGB


def test_illegal_is_never_a_seat_colour():
    """"Not here" (the illegal hex mark the board shows) uses no colour that reads
    as a seat's: each of its colours stands >= 20 from every seat colour, >= 10
    under each simulation."""
    import json
    from pathlib import Path

    import numpy as np
    import pygame

    assets = Path(__file__).resolve().parents[1] / "assets"
    spot = json.loads((assets / "sprites.json").read_text(encoding="utf-8"))["frames"][
        "hex_illegal"]
    sheet = pygame.image.load(str(assets / "sprites.png"))
    part = sheet.subsurface((spot["x"], spot["y"], spot["w"], spot["h"]))
    rgb = pygame.surfarray.array3d(part).reshape(-1, 3)
    alpha = pygame.surfarray.array_alpha(part).reshape(-1)
    used = {tuple(int(v) for v in c) for c in np.unique(rgb[alpha > 0], axis=0)}
    for ink in used:
        for seat_ink in SEAT_RGB:
            assert de(ink, seat_ink) >= 20, (ink, seat_ink)
            for deficiency in DEFICIENCIES:
                assert de(ink, seat_ink, deficiency) >= 10, (ink, seat_ink, deficiency)
