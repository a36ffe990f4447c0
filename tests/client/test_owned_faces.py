"""Ownership read from three metres, measured on rendered pixels: each seat's owned
land tile, drawn over every terrain as the board draws it (the map's own picture,
the owner's tint, the tile's ring and emblem from the sprite sheet), against the
rendered water tiles (every frame of their waves) and markets, and against the
same terrain bare.

From three metres a hex on a TV is about 0.7 degrees across: the eye sees it as
one colour, the mean of its pixels in linear light.  Between those colours
CIEDE2000 must be at least 20, and at least 10 under each colour-vision
simulation (coloraide's protan, deutan and tritan filters)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from hacienda_game.client.assets import Sprites
from hacienda_game.client.boardview import owner_tint
from hacienda_game.client.mappicture import render_map
from hacienda_game.maps import load_board

coloraide = pytest.importorskip("coloraide")

TERRAINS = ("mountain", "forest", "meadow", "rock", "moor", "pampas")
SIMULATIONS = ("protan", "deutan", "tritan")
SEATS = range(5)


def _linear(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


class Table:
    """One hex of each space of a built-in map, as the board draws it."""

    def __init__(self, map_name: str = "symmetric"):
        pygame.init()
        self.board = board = load_board(map_name)
        self.picture = render_map(board, board.path)
        self.sprites = Sprites()
        layout = board.layout
        self.size = (layout.tilewidth, layout.tileheight)
        self.hexes = {}
        for h, space in enumerate(board.spaces):
            self.hexes.setdefault(space, h)
        x, y = board.cells[0]
        ox, oy = layout.top_left(x, y)
        mask = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255),
                            [(px - ox, py - oy) for px, py in layout.polygon(x, y)])
        self.mask = pygame.surfarray.array_alpha(mask).T > 0

    def hex(self, space: str, pieces: list[str] = (), tint=None) -> pygame.Surface:
        """The board's picture under one hex of that space, with pieces on it."""
        h = self.hexes[space]
        layout = self.board.layout
        corner = layout.top_left(*self.board.cells[h])
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        surf.blit(self.picture, (0, 0), (*corner, *self.size))
        if tint is not None:
            surf.blit(owner_tint(self.board, tint), (0, 0))
        cx, cy = layout.center(*self.board.cells[h])
        for name in pieces:
            self.sprites.blit_anchored(surf, name, (round(cx - corner[0]),
                                                    round(cy - corner[1])))
        return surf

    def seen_from_afar(self, surf: pygame.Surface):
        rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)[self.mask].astype(float)
        mean = _linear(rgb).mean(axis=0)
        return coloraide.Color("srgb-linear", list(mean)).convert("srgb")

    def owned(self, seat: int, terrain: str):
        return self.seen_from_afar(self.hex(terrain, [f"land_{seat}"],
                                            self.sprites.seat_colours[seat]))

    def references(self) -> dict[str, object]:
        water = self.sprites.animations["water"]
        out = {f"water ({name})": self.seen_from_afar(self.hex("water", [name]))
               for name in water}
        out["market"] = self.seen_from_afar(self.hex("market"))
        return out


@pytest.fixture(scope="module")
def table() -> Table:
    return Table()


def distance(a, b, simulation: str | None = None) -> float:
    if simulation:
        a, b = a.clone().filter(simulation, 1.0).clip(), b.clone().filter(simulation, 1.0).clip()
    return a.delta_e(b, method="2000")


def test_the_map_has_every_space(table):
    assert set(table.hexes) >= {*TERRAINS, "water", "market"}


@pytest.mark.parametrize("simulation,least", [(None, 20), *((s, 10) for s in SIMULATIONS)])
def test_every_owned_face_stands_apart_from_water_and_markets(table, simulation, least):
    refs = table.references()
    close = []
    for seat in SEATS:
        for terrain in TERRAINS:
            face = table.owned(seat, terrain)
            name, d = min(((name, distance(face, ref, simulation)) for name, ref in refs.items()),
                          key=lambda pair: pair[1])
            if d < least:
                close.append(f"seat {seat} on {terrain} vs {name}: {d:.1f}")
    assert not close, f"{simulation or 'normal vision'}, below {least}: " + "; ".join(close)


# Owned faces that do not yet meet the bar against their bare terrain, with the least
# each must keep (measured at commit 7dbcc7c plus this table's change, 2 Dec 2026): a
# ratchet, so no face gets worse and a new shortfall fails.  Seat 3's yellow-olive (9.7
# on moor and 16.0 on meadow in normal vision, 7.0 to 8.2 under the simulations) is gone:
# its deep green meets every bar but one.
SHORT_OF_TERRAIN = {
    (None, 1, "mountain"): 10.5, (None, 2, "forest"): 18.0, (None, 3, "mountain"): 15.0,
    ("deutan", 0, "moor"): 7.0, ("deutan", 2, "mountain"): 9.5,
    ("tritan", 2, "forest"): 3.0, ("tritan", 4, "rock"): 1.0,
}


@pytest.mark.parametrize("simulation,least", [(None, 20), *((s, 10) for s in SIMULATIONS)])
def test_every_owned_face_stands_apart_from_its_bare_terrain(table, simulation, least):
    """A seat's tile must stand off the terrain it lies on: the owned hex and the same
    hex bare, each seen from afar as one colour, differ by CIEDE2000 >= 20 (>= 10 under
    each simulation), but for the listed shortfalls, which must not get worse."""
    close = []
    for terrain in TERRAINS:
        bare = table.seen_from_afar(table.hex(terrain))
        for seat in SEATS:
            d = distance(table.owned(seat, terrain), bare, simulation)
            need = SHORT_OF_TERRAIN.get((simulation, seat, terrain), least)
            if d < need:
                close.append(f"seat {seat} on {terrain}: {d:.1f} < {need}")
    assert not close, f"{simulation or 'normal vision'}: " + "; ".join(close)


def _band(table: Table) -> np.ndarray:
    """The outer five pixels of a hex: where a tile meets its neighbour."""
    inner = table.mask.copy()
    for _ in range(5):
        inner &= np.roll(inner, 1, 0) & np.roll(inner, -1, 0) & np.roll(inner, 1, 1) \
            & np.roll(inner, -1, 1)
    return table.mask & ~inner


@pytest.mark.parametrize("simulation", [None, *SIMULATIONS])
def test_a_blue_tile_beside_water_stands_apart_along_their_edge(table, simulation):
    """Late in a game many blue tiles lie beside lakes: where the blue seat's tile meets
    a water hex, the two edges (each hex's outer five pixels, seen from afar as one
    colour) differ by CIEDE2000 >= 25, under each simulation too, and the whole faces by
    >= 25.
    Water's edge was a mid blue ring (65, 166, 246) beside the blue seat's ring: 21.0
    apart, 19.4 under tritanopia; the blue face on meadow 24.5 (3 Dec 2026)."""
    band = _band(table)

    def edge(surf: pygame.Surface):
        rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)[band].astype(float)
        return coloraide.Color("srgb-linear", list(_linear(rgb).mean(axis=0))).convert("srgb")

    waters = [table.hex("water", [name]) for name in table.sprites.animations["water"]]
    water_edges = [edge(w) for w in waters]
    water_faces = [table.seen_from_afar(w) for w in waters]
    close = []
    for seat in (1,):
        for terrain in TERRAINS:
            tile = table.hex(terrain, [f"land_{seat}"], table.sprites.seat_colours[seat])
            d_edge = min(distance(edge(tile), w, simulation) for w in water_edges)
            d_face = min(distance(table.seen_from_afar(tile), w, simulation)
                         for w in water_faces)
            if min(d_edge, d_face) < 25:
                close.append(f"seat {seat} on {terrain}: edge {d_edge:.1f}, face {d_face:.1f}")
    assert not close, f"{simulation or 'normal vision'}: " + "; ".join(close)


def test_the_measure_sees_a_tile_painted_like_water(table):
    """The measure itself: a hex filled with water's own colour is water from afar,
    a red one is not."""
    water = table.references()["water (water)"]
    rgb = tuple(round(v * 255) for v in water.convert("srgb").coords())
    painted = pygame.Surface(table.size, pygame.SRCALPHA)
    painted.fill((*rgb, 255))
    assert distance(table.seen_from_afar(painted), water) < 2
    painted.fill((238, 17, 17, 255))
    assert distance(table.seen_from_afar(painted), water) > 20


def test_an_animal_token_shows_its_owner_across_most_of_it():
    """From three metres an animal token must read as its owner's: a thick rim in
    the seat's colour (at least 230 sprite pixels of the token's 28x28 in the seat's
    colour or shade or inside its emblem, its pattern aside) and the seat's 13-pixel
    emblem whole, not clipped in a corner.  (The emblem is white or ink on the rim,
    no longer the rim's colour: its pixels count as the owner's, as they did then.)"""
    from hacienda_game.art.palette import PALETTE, SEAT_INK
    from hacienda_game.art.palette import SEATS as SEAT_COLOURS
    pygame.init()
    sprites = Sprites()
    for seat in SEATS:
        main, shade, _light = SEAT_COLOURS[seat]
        owned = {PALETTE[main], PALETTE[shade]}
        emblem = pygame.surfarray.pixels_alpha(sprites.get(f"emblem_{seat}")).copy()
        emblem_rgb = pygame.surfarray.array3d(sprites.get(f"emblem_{seat}"))
        for animal in ("cattle", "horse", "pig", "sheep"):
            image = sprites.get(f"animal_{animal}_{seat}")
            rgb = pygame.surfarray.array3d(image)
            alpha = pygame.surfarray.array_alpha(image)
            w, h = emblem.shape
            mark = np.zeros(alpha.shape, dtype=bool)
            # The emblem's fill, inside its outline (the UI's emblem is in the seat's
            # ink on the dark UI; seat 3's is white on its own colour, as on the board)
            edge = np.all(emblem_rgb == PALETTE["k"], axis=-1) | \
                np.all(emblem_rgb == PALETTE["l"], axis=-1)
            mark[:w, :h] = (emblem > 0) & (np.all(emblem_rgb == PALETTE[SEAT_INK[seat]], axis=-1)
                                           | ~edge)
            seat_px = sum(1 for x in range(rgb.shape[0]) for y in range(rgb.shape[1])
                          if alpha[x, y] and (tuple(rgb[x, y]) in owned or mark[x, y]))
            assert seat_px >= 230, (seat, animal, seat_px)
            assert (alpha[:w, :h] > 0)[emblem > 0].all(), (seat, animal)


def test_an_animal_tokens_emblem_stands_out_on_its_rim():
    """The emblem on a token's rim is white or ink, never the rim's colour: its
    pixels (inside its own outline) stand >= 40 CIEDE2000 from the seat colour."""
    pygame.init()
    sprites = Sprites()
    for seat in SEATS:
        rim = coloraide.Color("srgb", [v / 255 for v in sprites.seat_colours[seat]])
        emblem = pygame.surfarray.pixels_alpha(sprites.get(f"emblem_{seat}")).copy()
        emblem_rgb = pygame.surfarray.array3d(sprites.get(f"emblem_{seat}"))
        inside = (emblem > 0) & np.all(emblem_rgb == sprites.seat_colours[seat], axis=-1)
        w, h = emblem.shape
        for animal in ("cattle", "horse", "pig", "sheep"):
            rgb = pygame.surfarray.array3d(sprites.get(f"animal_{animal}_{seat}"))[:w, :h]
            for colour in {tuple(int(v) for v in c) for c in rgb[inside]}:
                d = coloraide.Color("srgb", [v / 255 for v in colour]).delta_e(
                    rim, method="2000")
                assert d >= 40, (seat, animal, colour, round(d, 1))


def test_a_market_is_one_colour_everywhere(table):
    """The market the board paints, the map previews (setup, saves) and the market
    icon (tips, scoring, seat panels) share one colour: the board's."""
    from hacienda_game.client.boardview import thumbnail
    rgb = pygame.surfarray.array3d(table.hex("market")).transpose(1, 0, 2)[table.mask]
    colours, counts = np.unique(rgb, axis=0, return_counts=True)
    board_market = tuple(int(v) for v in colours[counts.argmax()])
    board = table.board
    preview = thumbnail(board, (400, 300))
    spots = {tuple(preview.get_at((round(x), round(y))))[:3]
             for x, y in _thumbnail_centres(board, (400, 300), "market")}
    assert spots == {board_market}, (spots, board_market)
    icon = table.sprites.get("icon_market")
    rgb = pygame.surfarray.array3d(icon)[pygame.surfarray.array_alpha(icon) > 0]
    colours, counts = np.unique(rgb, axis=0, return_counts=True)
    inks = {tuple(int(v) for v in c): int(n) for c, n in zip(colours, counts, strict=True)}
    for plain in ((26, 28, 44), (244, 244, 244)):          # outline and white stripes
        inks.pop(plain, None)
    assert max(inks, key=inks.get) == board_market, (inks, board_market)


def _thumbnail_centres(board, size, space):
    """Where ``thumbnail`` draws the centres of the hexes of one space."""
    layout = board.layout
    outlines = [layout.polygon(x, y) for x, y in board.cells]
    xs = [x for outline in outlines for x, _ in outline]
    ys = [y for outline in outlines for _, y in outline]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    s = min((size[0] - 4) / w, (size[1] - 4) / h)
    ox = (size[0] - w * s) / 2 - min(xs) * s
    oy = (size[1] - h * s) / 2 - min(ys) * s
    return [(ox + sum(p[0] for p in o) / len(o) * s, oy + sum(p[1] for p in o) / len(o) * s)
            for o, sp in zip(outlines, board.spaces, strict=True) if sp == space]

