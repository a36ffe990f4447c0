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


def test_the_hint_is_no_seats_colour():
    """The coach's hint (a dashed outline and tag) reads as no seat's and not as the
    selection's gold: >= 20 from every seat colour and shade (the board's), >= 10 under
    each simulation; >= 20 from the gold.  (It was seat 2's light cyan: 10.1 from its
    colour, measured 3 Dec 2026.)"""
    from hacienda_game.art.palette import HINT
    for main, shade, _light in SEATS:
        for letter in (main, shade):
            assert de(HINT, PALETTE[letter]) >= 20, (letter, de(HINT, PALETTE[letter]))
        for deficiency in DEFICIENCIES:
            assert de(HINT, PALETTE[main], deficiency) >= 10, (main, deficiency)
    assert de(HINT, HIGHLIGHTS["gold"]) >= 20


def _sheet_frame(name: str):
    import json
    from pathlib import Path

    import pygame

    assets = Path(__file__).resolve().parents[1] / "assets"
    spot = json.loads((assets / "sprites.json").read_text(encoding="utf-8"))["frames"][name]
    sheet = pygame.image.load(str(assets / "sprites.png"))
    part = sheet.subsurface((spot["x"], spot["y"], spot["w"], spot["h"]))
    return pygame.surfarray.array3d(part).transpose(1, 0, 2), \
        pygame.surfarray.array_alpha(part).T


@pytest.mark.parametrize("seat", range(5))
def test_a_haciendas_roof_reads_as_its_seats_ink(seat):
    """A hacienda's roof (on the board and on the winners' podium), seen from afar as one
    colour (the mean of its pixels in linear light), is in the hue family of the ink its
    seat's name and marks wear on the panels (hue within 25 degrees) and reads as a colour,
    not black (chroma >= 30).  Seat 3's roof was its deep green alone, chroma 22 (3 Dec
    2026): a light green name in the lists, a black roof on the board and the podium.
    Seat 3 is now black with a white name: its roof is black and white, no hue at all
    (chroma < 10), with the white of its name on at least a fifth of it."""
    import numpy as np

    from hacienda_game.art.palette import SEAT_INK
    rgb, alpha = _sheet_frame(f"hacienda_{seat}")
    main, shade, light = SEATS[seat]
    roof_rows = rgb[:11][alpha[:11] > 0].astype(float) / 255     # above the walls
    keep = ~np.all(np.isclose(roof_rows * 255, PALETTE["k"]), axis=-1)
    linear = np.where(roof_rows <= 0.04045, roof_rows / 12.92,
                      ((roof_rows + 0.055) / 1.055) ** 2.4)[keep].mean(axis=0)
    roof = coloraide.Color("srgb-linear", list(linear)).convert("lch")
    ink = colour(PALETTE[SEAT_INK[seat]]).convert("lch")
    if ink["chroma"] < 5:                   # a white or grey ink: a roof of no hue
        white = np.all(np.isclose(roof_rows * 255, PALETTE[SEAT_INK[seat]]), axis=-1)
        assert roof["chroma"] < 10, (seat, roof["chroma"])
        assert white.sum() >= 0.2 * len(roof_rows), (seat, white.sum(), len(roof_rows))
        return
    hue = abs((roof["hue"] - ink["hue"] + 180) % 360 - 180)
    assert roof["chroma"] >= 30, (seat, roof["chroma"])
    assert hue <= 25, (seat, hue)
