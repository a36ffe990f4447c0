"""Generate the game's sprite sheet: assets/sprites.png and assets/sprites.json.

Every frame the client draws (art contract, /work/notes/art_contract.md):
seat pieces (land tiles, animal tokens, haciendas, emblems), harvest chips,
water, hex highlights, cards, coins, icons, 9-slice UI pieces, the cursor,
the title logo and the menu background.  Sprites are drawn by hand as text
(palette letters; 1/2/3 = seat colour, shade, light) and given their 1-pixel
dark outline by code; shapes like hexes, discs and coins are computed.
Colours come only from hacienda_game.art.palette; alpha is 0 or 255.

Every seat differs by an emblem as well as a colour: 0 circle, 1 square,
2 triangle, 3 diamond, 4 star.  Animals differ by silhouette: the cow is
boxy with horns, the horse long-legged with a raised neck and mane, the pig
round and low with a snout, the sheep a woolly cloud with a dark face.

    python tools/make_sprites.py [--out assets] [--preview sheet.png] [--board board.png]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.art.pixels import (  # noqa: E402
    Image,
    blank,
    disc,
    draw,
    fill,
    grow,
    hex_mask,
    mask_of,
    outline,
    paste,
    paste_centred,
    png_bytes,
    recolour,
    rgba,
    scale,
    shrink,
    write_sheet,
)

# The sprites reuse the font's glyphs and the tileset's terrain drawings: the
# sibling generators, as `tools.X` (python -m tools.make_sprites, tests) or
# beside this file (python tools/make_sprites.py puts tools/ on the path).
if __package__:
    from .make_font import build_fonts
    from .make_tileset import SPRITES, TILES, draw_tile
else:
    from make_font import build_fonts
    from make_tileset import SPRITES, TILES, draw_tile

from hacienda_game.art.palette import PALETTE, SEAT_INK, SEATS  # noqa: E402
from hacienda_game.maps.board import SPACES  # noqa: E402

TILE = 32
TOKEN = 26          # an animal token's disc across (28 with its outline; its hex is 32)
TOKEN_FIELD = 16    # the darker middle the animal stands on; the rest is the seat's rim
ANIMALS = ("cattle", "horse", "pig", "sheep")
TERRAINS = ("mountain", "forest", "meadow", "rock", "moor", "pampas")
EMBLEMS = ("circle", "square", "triangle", "diamond", "star")
# seat colour, its shade, its light (the light is also the seat's text colour on dark panels)
SEAT_TEXT = tuple(light for _main, _shade, light in SEATS)

# Emblems in three sizes: 5 (on a hacienda's wall), 7 (badges, seat markers), 11 (land tiles).
EMBLEM_ART: dict[int, dict[str, str]] = {
    5: {
        "circle": ".###. ##### ##### ##### .###.",
        "square": "##### ##### ##### ##### #####",
        "triangle": "..#.. ..#.. .###. .###. #####",
        "diamond": "..#.. .###. ##### .###. ..#..",
        "star": "..#.. ##### .###. .###. #...#",
    },
    7: {
        "circle": "..###.. .#####. ####### ####### ####### .#####. ..###..",
        "square": "....... .#####. .#####. .#####. .#####. .#####. .......",
        "triangle": "...#... ...#... ..###.. ..###.. .#####. .#####. #######",
        "diamond": "...#... ..###.. .#####. ####### .#####. ..###.. ...#...",
        "star": "...#... ..###.. ####### .#####. ..###.. .##.##. .#...#.",
    },
    11: {
        "circle": ("...#####... .#########. .#########. ########### ########### "
                   "########### ########### ########### .#########. .#########. ...#####..."),
        "square": ("........... .#########. .#########. .#########. .#########. "
                   ".#########. .#########. .#########. .#########. .#########. ..........."),
        "triangle": (".....#..... ....###.... ....###.... ...#####... ...#####... "
                     "..#######.. ..#######.. .#########. .#########. ########### ###########"),
        "diamond": (".....#..... ....###.... ...#####... ..#######.. .#########. "
                    "########### .#########. ..#######.. ...#####... ....###.... .....#....."),
        "star": (".....#..... ....###.... ....###.... ########### .#########. "
                 "..#######.. ...#####... ..#######.. ..###.###.. .###...###. .#.......#."),
    },
}

ANIMAL_ART: dict[str, str] = {
    "cattle": """
        ...............t..t
        ...............wUUw
        ..............wUUUUw
        wwwwwwUUUwwwwwwUkUU.
        UwwwwUUUUwwwwwwUUUUi
        UwwwwwUUwwwwwwwwUiii
        UwwwwwwwwwUUwwww.ii.
        .wwwwwwwwUUUwwww....
        .ww.ww......ww.ww...
        .ww.ww......ww.ww...
        .kk.kk......kk.kk...
        """,
    "horse": """
        ..............UU....
        .............UuuU...
        ............UUukuu..
        ...........UUuuuuuu.
        ..........UUuuu..uuU
        ..........Uuuu......
        .uuuuuuuuuuuuu......
        UuuuuuuuuuuuuU......
        UUuuuuuuuuuuu.......
        U.uuuuuuuuuuu.......
        U.u.u.....u.u.......
        ..u.u.....u.u.......
        ..u.u.....u.u.......
        ..k.k.....k.k.......
        """,
    "pig": """
        ..............i......
        .............ii......
        ...iiiiiiiiiiiii.....
        ..iiiiiiiiiiiiiki....
        .i.iiiiiiiiiiiiiiirr.
        i..iiiiiiiiiiiiiiiipr
        .i.iiiiiiiiiiiiiiiirr
        ...iiiiiiiiiiiiiii...
        ....iiiiiiiiiiiii....
        ....ii.ii...ii.ii....
        ....rr.rr...rr.rr....
        """,
    "sheep": """
        ...w.w.w.w..........
        ..wwwwwwwwwww.......
        .wwwwwwwwwwwwwdd....
        wwwwwwwwwwwwwdddd...
        .wwwwwwwwwwwwdwddd..
        wwwwwwwwwwwwwddddd..
        .wwwwwwwwwwwww.dd...
        ..wwwwwwwwwwww......
        ...w.w.w.w.w........
        ....d.d....d.d......
        ....d.d....d.d......
        """,
}

TERRAIN_ICONS: dict[str, str] = {
    "mountain": """
        ......w.........
        .....www........
        ....wwwwl.......
        ...wlwwlll......
        ...lllllllg.....
        ..llllllgggg....
        .llllllggggddg..
        llllllgggggddddg
        """,
    "forest": """
        .....D.....
        ....DGD....
        ...DGGGD...
        ....GGD....
        ...DGGGD...
        ..DGLGGGD..
        ...GGGGD...
        ..DGGGGGD..
        .DGLGGGGGD.
        DGGGGGGGGGD
        .....U.....
        .....U.....
        """,
    "meadow": """
        .w.....r.....
        wyw...ryr....
        .w.....r...w.
        .G..w..G..wyw
        .G.wyw.G...w.
        .GG.w.GG...G.
        ..G.G.G...GG.
        ..GGGGG..GG..
        """,
    "rock": """
        ....wwll......
        ..wwllllll....
        .wlllllllgg...
        .llllllllggg..
        lllllllgggggd.
        llllllggggggdd
        .lllggggggddd.
        ..ggggddddd...
        """,
    "moor": """
        .U....U...U.
        .U...UU...U.
        .U...UU..UU.
        .D....D..UU.
        .D....D...D.
        .D...D....D.
        ..D..D...D..
        ..D..D...D..
        nnnnnBnnnnnn
        .nnBnnnnnBn.
        """,
    # A tied sheaf of wheat, not a field of tufts: the pampas card follows its own rule
    # (any pampas hex) and must never be taken for the meadow's flowers.
    "pampas": """
        .tt...tt...tt.
        tott.tott.tott
        tott.tott.tott
        tott.tott.tott
        .tt...tt...tt.
        ..t...tt...t..
        ...t..tt..t...
        ....t.tt.t....
        .....tttt.....
        ....UUUUUU....
        .....tttt.....
        ....t.tt.t....
        ...t..tt..t...
        ..t...tt...t..
        """,
}

ICON_ART: dict[str, str] = {
    "icon_score": """
        ....y....
        ....y....
        ...yyy...
        yyyywyyyy
        .yywyyyy.
        ..yyyyy..
        ..yyyyy..
        .yyy.yyy.
        .yy...yy.
        """,
    "icon_cards_land": """
        .wwwwwww.
        wwwwwwwww
        wwwwGwwww
        wwwGGGwww
        wwGGLGGww
        wwGGGGGww
        wwwGGGwww
        wwwwGwwww
        wwwwwwwww
        .wwwwwww.
        """,
    "icon_cards_animal": """
        .wwwwwww.
        wwwwwwwww
        wwuuuuuww
        wuuwwwuuw
        wuuwwwuuw
        wuuwwwuuw
        wuwwwwwuw
        wwwwwwwww
        wwwwwwwww
        .wwwwwww.
        """,
    "icon_actions": """
        .....yy
        ....yy.
        ...yy..
        ..yyyyy
        .....y.
        ....y..
        ...y...
        ..y....
        """,
    # The market as the board paints it: a stall on purple ground (the same purple in
    # every picture of a market).
    "icon_market": """
        wpwpwpwpw
        pwpwpwpwp
        ppppppppp
        pUpppppUp
        pUpyoypUp
        pUyyyyyUp
        pUUUUUUUp
        """,
    "icon_chain": """
        .lll......
        l...l.....
        l...lll...
        l..l.l.l..
        .lll.l..l.
        ...l.l..l.
        ....l...l.
        .....lll..
        """,
    "icon_hacienda": """
        ....rr....
        ..rrrrrr..
        rrrrrrrrrr
        .wwwwwwww.
        .wkwwwUww.
        .wwwwwUww.
        .wwwwwUww.
        """,
    "icon_water": """
        ...B...
        ..BBB..
        .BBBBB.
        BBcBBBB
        BcBBBBB
        BBBBBBB
        .BBBBB.
        ..bbb..
        """,
    "icon_ai": """
        ....y....
        ....l....
        lllllllll
        lcclllccl
        lcclllccl
        lllllllll
        llkkkkkll
        lllllllll
        """,
    "icon_human": """
        ...sss...
        ..sssss..
        ..sssss..
        ...sss...
        .BBBBBBB.
        BBBBBBBBB
        BB.BBB.BB
        ...B.B...
        """,
    # A remote seat (network play): a wave of signal over a dot.
    "icon_remote": """
        ..BBBBB..
        .B.....B.
        B..BBB..B
        ..B...B..
        ....B....
        ...yyy...
        ...yyy...
        .........
        """,
    "icon_crown": """
        y...y...y
        yy.yry.yy
        yyyyyyyyy
        yryyryyry
        yyyyyyyyy
        """,
    "icon_lock": """
        ..lll..
        .l...l.
        .l...l.
        yyyyyyy
        yyykyyy
        yyykyyy
        yyyyyyy
        """,
    "icon_dice": """
        wwwwwwwww
        wkwwwwwkw
        wwwwwwwww
        wwwwkwwww
        wwwwwwwww
        wkwwwwwkw
        wwwwwwwww
        """,
    "icon_rotate": """
        .cccccc...
        cc....cc..
        cc.....cc.
        cc....cccc
        cc.....cc.
        cc......c.
        .cc.......
        ..ccccc...
        """,
}

CARD_W, CARD_H = 32, 44


def emblem(seat: int, size: int, letter: str | None = None) -> Image:
    """The seat's emblem in its colour (or the given one), outlined: in ink, or in
    white around a seat colour darker than ink can show (on the dark panels too)."""
    main = SEATS[seat][0]
    art = EMBLEM_ART[size][EMBLEMS[seat]].replace("#", letter or main)
    edge = "w" if letter is None and dark(main) else "k"
    return outline(draw(art.replace(" ", "\n")), edge)


def ui_emblem(seat: int) -> Image:
    """The emblem the dark UI shows: in the seat's ink (palette.SEAT_INK), or,
    for a seat colour darker than the panels show (seat 3's black), as
    its pieces show it on the board: a white emblem on the seat's dark
    colour, edged in light grey so it stands on the navy panels."""
    main = SEATS[seat][0]
    if not dark(main):
        return emblem(seat, 11, SEAT_INK[seat])
    image = draw(EMBLEM_ART[11][EMBLEMS[seat]].replace("#", "w").replace(" ", "\n"))
    solid = mask_of(image)
    image[solid & ~shrink(solid)] = rgba(main)      # its rim in the seat's colour
    return outline(image, "l")


def dark(letter: str) -> bool:
    """A colour near ink, on which ink lines vanish."""
    r, g, b = PALETTE[letter]
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 < 0.25


def seat_draw(text: str, seat: int) -> Image:
    main, shade, light = SEATS[seat]
    return draw(text, {"1": main, "2": shade, "3": light})


def hex_depth() -> np.ndarray:
    """For each pixel of the board hex, how many pixels in from its edge (-1 outside)."""
    mask = hex_mask()
    depth = np.full(mask.shape, -1)
    level = 0
    while mask.any():
        depth[mask] = level
        mask = shrink(mask)
        level += 1
    return depth


def hex_ring(bands: list[str]) -> Image:
    """A hex outline of coloured bands from the edge inwards; '.' leaves a band clear."""
    depth = hex_depth()
    image = blank(TILE, TILE)
    for level, letter in enumerate(bands):
        if letter != ".":
            image[depth == level] = rgba(letter)
    return image


# --- board pieces ---------------------------------------------------------------------------

# Each seat's band (land tile ring, token rim) also carries a pattern, so a tile whose emblem
# is covered by a chip still tells its owner without colour: solid, hatched, barred,
# chequered, dotted; the pattern colour is light against the seat colour.
PATTERNS: tuple[tuple[str, str], ...] = (
    ("solid", ""), ("hatched", "c"), ("barred", "n"), ("chequered", "Z"), ("dotted", "w"))


def pattern_mask(seat: int, shape: tuple[int, int]) -> np.ndarray:
    y, x = np.mgrid[0:shape[0], 0:shape[1]]
    kind = PATTERNS[seat][0]
    if kind == "hatched":
        return (x + y) % 4 == 0
    if kind == "barred":
        return x % 3 == 0
    if kind == "chequered":
        return (x + y) % 2 == 0
    if kind == "dotted":
        return (x % 3 == 1) & (y % 3 == 1)
    return np.zeros(shape, dtype=bool)


def patterned(image: Image, band: np.ndarray, seat: int) -> None:
    """Paint the seat's pattern over the band's pixels."""
    letter = PATTERNS[seat][1]
    if letter:
        image[band & pattern_mask(seat, band.shape)] = rgba(letter)


def land_tile(seat: int, with_emblem: bool = True) -> Image:
    """A thick ring in the seat's colour with the emblem low on the left: the
    client lays the seat's colour, half see-through, over the whole face first,
    so the terrain shows through and the middle (its picture) stays clear; the
    chip goes low on the right.  Under a hacienda (``land_built_<s>``) the tile
    has no emblem: the hacienda carries it, so a hex never shows more than two
    marks (the hacienda and a chip)."""
    main, shade, _light = SEATS[seat]
    image = hex_ring(["k", main, main, main, shade, "k"])
    depth = hex_depth()
    patterned(image, (depth >= 1) & (depth <= 3), seat)
    if with_emblem:
        paste(image, emblem(seat, 11), 3, TILE - 13 - 5)
    return image


def animal_token(animal: str, seat: int) -> Image:
    """A disc in the seat's colour with the animal on it (outlined, so it reads
    on every colour) and the seat's emblem whole on the rim, upper left.  The
    disc fills the hex and most of it is a thick rim in the seat's colour and
    pattern, so the owner reads from a sofa, not only the emblem; the emblem is white
    or ink (whichever stands out on the rim), never the rim's own colour."""
    main, shade, _light = SEATS[seat]
    outer = disc(TOKEN)
    token = fill(outer, main)
    token[outer & ~shrink(outer)] = rgba(shade)
    field = np.pad(disc(TOKEN_FIELD), (TOKEN - TOKEN_FIELD) // 2)
    patterned(token, shrink(outer) & ~field, seat)
    token = outline(token)
    paste_centred(token, outline(draw(ANIMAL_ART[animal])), 1, 2)
    paste(token, emblem(seat, 11, ink_on(main)), 0, 0)
    return token


def ink_on(letter: str) -> str:
    """White or ink, whichever stands out on a seat colour: a token's emblem sits on
    its rim of that colour, and must not melt into it."""
    r, g, b = PALETTE[letter]
    return "k" if (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.55 else "w"


HACIENDA_ART = """
    ..........33..........
    .........3113.........
    ........311113........
    .......31111113.......
    ......3111111113......
    .....311111111113.....
    ....31111111111113....
    ...3111111111111113...
    ..311111111111111113..
    .32222222222222222223.
    ..wwwwwwwwwwwwwwwwww..
    ..wwwwwwwwwwwwwwwwww..
    ..wwwwwwwwwwwUUwwkkw..
    ..wwwwwwwwwwUUUUwkkw..
    ..wwwwwwwwwwUUUUwwww..
    ..wwwwwwwwwwUUUUwwww..
    ..wwwwwwwwwwUUUUwwww..
    """


def hacienda(seat: int) -> Image:
    """A large house, readable on every seat colour (even its own): a roof in the
    seat's colour rimmed in its light colour, white walls with the seat's emblem,
    a dark outline and a dark shadow down and to the right that parts it from
    the tile under it."""
    house = seat_draw(HACIENDA_ART, seat)
    main, _shade, light = SEATS[seat]
    roof = np.all(house == rgba(main), axis=-1)
    if PATTERNS[seat][1]:      # the seat's pattern on the roof in its light (its ink's family)
        house[roof & pattern_mask(seat, roof.shape)] = rgba(light)
    paste(house, emblem(seat, 5), 2, 10)
    house = outline(house)
    shadow = recolour(house, {letter: "k" for letter in PALETTE if letter != "k"})
    image = blank(house.shape[1] + 2, house.shape[0] + 2)
    paste(image, shadow, 2, 2)
    paste(image, house, 0, 0)
    return image


SMALL_HACIENDA_ART = """
    ......33......
    .....3113.....
    ....311113....
    ...31111113...
    ..3111111113..
    .311111111113.
    32222222222223
    .wwwwwwwwwwww.
    .wUUUwwwwwkkw.
    .wUUUwwwwwkkw.
    .wUUUwwwwwwww.
    """


def small_hacienda(seat: int) -> Image:
    """The hacienda on an animal's hex: smaller, in the token's lower right
    corner, so the animal stays in sight (the token carries the emblem)."""
    house = outline(seat_draw(SMALL_HACIENDA_ART, seat))
    shadow = recolour(house, {letter: "k" for letter in PALETTE if letter != "k"})
    image = blank(house.shape[1] + 1, house.shape[0] + 1)
    paste(image, shadow, 1, 1)
    paste(image, house, 0, 0)
    return image


WHEAT = """
    y...y...y
    .y..y..y.
    ..yyyyy..
    ..yyyyy..
    ...yyy...
    ...ooo...
    ..y.y.y..
    .y..y..y.
    y...y...y
    """


def ellipse(size: int, half_width: float, half_height: float) -> np.ndarray:
    y, x = np.mgrid[0:size, 0:size]
    centre = (size - 1) / 2
    return ((x - centre) / half_width) ** 2 + ((y - centre) / half_height) ** 2 <= 1.0


def rounded_box(width: int, height: int) -> np.ndarray:
    box = np.ones((height, width), dtype=bool)
    for y, x in ((0, 0), (0, -1), (-1, 0), (-1, -1)):
        box[y, x] = False
    return box


def harvest_chip(width: int = 12, height: int = 12) -> Image:
    """A square wooden chip with a golden sheaf: square, so it is never taken for a coin;
    other sizes squash and stretch it for the pop."""
    shape = rounded_box(width, height)
    chip = fill(shape, "u")
    chip[shape & ~shrink(shape)] = rgba("U")
    paste_centred(chip, draw(WHEAT))
    return outline(chip)


def chip_pop(step: int) -> Image:
    """A chip landing: squashed, stretched, then settling with sparks flying off."""
    frame = blank(20, 20)
    if step == 0:
        paste_centred(frame, harvest_chip(14, 7), 0, 2)
    elif step == 1:
        paste_centred(frame, harvest_chip(8, 13), 0, -1)
    else:
        paste_centred(frame, harvest_chip())
        reach = 7 if step == 2 else 8
        spark = draw(".y.\nyyy\n.y.") if step == 2 else draw("y")
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            paste_centred(frame, spark, dx * reach, dy * reach)
    return frame


def water(step: int) -> Image:
    """Water over a hex; the four steps sway the waves out and back (alternate waves
    in opposite directions), so the loop never jumps.  Pale up to its dark outline:
    a blue ring inside it (as it had) read as the blue seat's ring beside it."""
    image = fill(hex_mask(), "a")
    depth = hex_depth()
    wave = draw("""
        .BB....
        B..B..B
        ....BB.
        """)
    sway = (0, 1, 2, 1)[step]
    for index, (x, y) in enumerate(((5, 9), (17, 7), (10, 15), (21, 16), (5, 21), (15, 23))):
        paste(image, wave, x + (sway if index % 2 else -sway), y)
    image[depth == 0] = rgba("k")
    image[depth < 0] = 0
    return image


def illegal_mark() -> Image:
    """"Not here", in no seat's colour: a ring of barrier tape (slate and white
    dashes) and a bold white cross outlined in slate (not ink: seat 3's black
    is close to ink)."""
    illegal = hex_ring(["d", "w", "w", "d"])
    depth = hex_depth()
    y, x = np.mgrid[0:TILE, 0:TILE]
    illegal[(depth >= 1) & (depth <= 2) & ((x + y) // 3 % 2 == 0)] = rgba("d")
    cross = np.eye(12, dtype=bool) | np.fliplr(np.eye(12, dtype=bool))
    cross = grow(cross, diagonal=False)
    paste_centred(illegal, outline(fill(cross, "w"), "d"))
    return illegal


def highlights() -> dict[str, Image]:
    illegal = illegal_mark()
    legal = hex_ring(["k", "c", "c", "w", "k"])
    paste_centred(legal, outline(draw(".c.\nccc\n.c.")))
    return {
        "hex_legal": legal,
        "hex_hover": hex_ring(["w", "w", "k"]),
        "hex_selected": hex_ring(["k", "o", "y", "y", "o", "k"]),
        "hex_illegal": illegal,
    }


# --- cards ----------------------------------------------------------------------------------

def card_blank(face: str, edge: str = "w") -> Image:
    """Card stock: rounded corners, a light edge, a coloured face; outlined."""
    card = blank(CARD_W - 2, CARD_H - 2)
    card[...] = rgba(edge)
    card[2:-2, 2:-2] = rgba(face)
    card[~rounded_box(CARD_W - 2, CARD_H - 2)] = 0
    return outline(card, diagonal=False)


def card_land(terrain: str) -> Image:
    base, stamps = TILES[terrain]
    card = card_blank(base)
    texture = blank(CARD_W - 6, CARD_H - 6)
    texture[...] = rgba(base)
    for dy in (-10, 14):  # the tile's stamps, twice, cover the taller card
        for name, x, y in stamps:
            paste(texture, draw(SPRITES[name]), x - 3, y + dy)
    card[3:-3, 3:-3] = texture
    # The pampas card's badge is square, every terrain's round: a different rule, a
    # different shape.
    shape = rounded_box(22, 22) if terrain == "pampas" else disc(24)
    paste_centred(card, card_badge(TERRAIN_ICONS[terrain], shape=shape), 0, -6)
    return card


def card_badge(art: str, field: str = "w", shape: np.ndarray | None = None) -> Image:
    """The big icon of a card on a badge (round unless ``shape`` says otherwise)."""
    shape = disc(24) if shape is None else shape
    badge = fill(shape, field)
    badge[~shrink(shape) & shape] = rgba("l")
    badge = outline(badge)
    paste_centred(badge, outline(draw(art)))
    return badge


def card_animal(animal: str) -> Image:
    card = card_blank("y")
    for name, x, y in TILES["pampas"][1]:
        paste(card, draw(SPRITES[name]), x, y + 12)
    paste_centred(card, card_badge(ANIMAL_ART[animal], "l"), 0, -6)
    return card


def card_back(kind: str) -> Image:
    face, line = ("D", "G") if kind == "land" else ("U", "u")
    card = card_blank(face, "t")
    for y in range(3, CARD_H - 3):
        for x in range(3, CARD_W - 3):
            if (x + y) % 6 == 0 or (x - y) % 6 == 0:
                card[y, x] = rgba(line)
    mark = ring_mark() if kind == "land" else horseshoe()
    paste_centred(card, mark)
    return card


def ring_mark() -> Image:
    small = hex_mask()[::2, ::2]
    return outline(fill(small & ~shrink(shrink(small)), "y"))


def horseshoe() -> Image:
    return outline(draw("""
        ..yyyyy..
        .yyyyyyy.
        yyy...yyy
        yy.....yy
        yy.....yy
        yy.....yy
        yyy...yyy
        yy.....yy
        """))


# --- coins, icons, UI -------------------------------------------------------------------------

def coin(step: int, frames: int = 6) -> Image:
    """A peso spinning about its vertical axis: full face, edge-on, back."""
    half = max(abs(math.cos(math.pi * step / frames)) * 5.0, 0.6)
    shape = ellipse(10, half, 5.0)
    image = fill(shape, "y")
    x = np.arange(10)[None, :].repeat(10, axis=0)
    image[shape & ~shrink(shape) & (x >= 5)] = rgba("o")
    if half >= 4:
        paste_centred(image, draw(".o.\nooo\no..\nooo\n..o\nooo\n.o."), 0, 0)
    return outline(image)


PESO = """
    ..o..
    .ooo.
    oo.o.
    oo...
    .ooo.
    ...oo
    .o.oo
    .ooo.
    ..o..
    """


def big_coin(step: int, frames: int = 6) -> Image:
    """The payout's peso, 16 pixels across (32 screen pixels at 1080p): a rim, a
    glint and a peso sign, spinning about its vertical axis."""
    size = 16
    half = max(abs(math.cos(math.pi * step / frames)) * size / 2, 1.0)
    shape = ellipse(size, half, size / 2)
    image = fill(shape, "y")
    x = np.arange(size)[None, :].repeat(size, axis=0)
    rim = shape & ~shrink(shape)
    image[rim & (x >= size // 2)] = rgba("o")
    image[rim & (x < size // 2)] = rgba("t")
    if half >= 6:
        paste_centred(image, draw(PESO))
        image[3, 5:7] = rgba("w")
        image[4, 4] = rgba("w")
    elif half >= 3:
        image[shrink(shrink(shape))] = rgba("t")
    return outline(image)


def purse(full: bool) -> Image:
    """The counting purse: a leather bag tied with gold string; ``full`` bulges
    as a coin drops in."""
    art = """
        ......UUUUUU......
        .....UuuuuuuU.....
        ......UUUUUU......
        .......yyyy.......
        ......UuuuuuU.....
        ....UUuuuuuuuUU...
        ...UuuuuuuuuuuuU..
        ..UuuuuuyyuuuuuuU.
        ..UuuuuyyyyuuuuuU.
        .UuuuuyyuuuuuuuuuU
        .UuuuuuyyyuuuuuuuU
        .UuuuuuuuyyuuuuuuU
        .UuuuuuyyyyuuuuuuU
        .UuuuuuuyyuuuuuuuU
        ..UuuuuuuuuuuuuuU.
        ...UUuuuuuuuuuUU..
        .....UUUUUUUUUU...
        """
    image = draw(art)
    if full:
        wide = blank(image.shape[1] + 2, image.shape[0] - 1)
        paste(wide, image[:5], 1, 0)
        body = image[5:]
        stretched = np.concatenate([body[:, :9], body[:, 8:9], body[:, 9:]], axis=1)
        paste(wide, np.concatenate([stretched[:-2], stretched[-1:]], axis=0), 0, 5)
        paste(wide, draw("w"), 5, 7)
        image = wide
    else:
        paste(image, draw("w"), 4, 8)
    return outline(image)


def pad_arrow() -> Image:
    """The pad's hex cursor points down at its hex with this big arrow."""
    return outline(outline(draw("""
        .yyyyyyyyy.
        .ywwyyyyyy.
        .ywyyyyyyo.
        .yyyyyyyyo.
        yyyyyyyyyoo
        .yyyyyyyoo.
        ..yyyyyoo..
        ...yyyoo...
        ....yoo....
        .....o.....
        """), "k"), "w")


def trophy() -> Image:
    return outline(draw("""
        .yyyyyyyyyyyyyy.
        yywyyyyyyyyyyooy
        yywyyyyyyyyyyooy
        .ywyyyyyyyyyyoo.
        ..yyyyyyyyyyoo..
        ...yyyyyyyyoo...
        ....yyyyyyoo....
        ......yyoo......
        .......yo.......
        .......yo.......
        .....yyyyoo.....
        ...tttttttttt...
        ...tUUUUUUUUt...
        ...tttttttttt...
        """))


PODIUM_STEPS = ((2, "l", "g", 28), (1, "y", "o", 38), (3, "s", "u", 21))   # left to right


def podium() -> Image:
    """Three steps, 2-1-3 from the left, each with its place in big numerals:
    gold, silver and bronze faces with a light top edge and a shaded side."""
    glyphs = build_fonts()["large"]
    width, gap = 34, 0
    height = max(step[3] for step in PODIUM_STEPS)
    image = blank(3 * width + 2 * gap, height)
    for index, (place, face, shade, tall) in enumerate(PODIUM_STEPS):
        block = blank(width, tall)
        block[...] = rgba(face)
        block[:2] = rgba("w")
        block[:, -3:] = rgba(shade)
        digit = glyphs[str(place)]
        rows = np.nonzero(digit.any(axis=1))[0]
        digit = digit[rows[0]:rows[-1] + 1]
        numeral = outline(fill(digit, "k"), "w")
        paste(block, numeral, (width - 3 - numeral.shape[1]) // 2, 4)
        paste(image, block, index * (width + gap), height - tall)
    return outline(image, diagonal=False)


CONFETTI = ("w", "y", "c", "L", "m", "o", "B")


def confetti(colour: str, step: int) -> Image:
    """A scrap of confetti turning as it falls: flat, tilted, edge-on, tilted back."""
    shape = (".##.\n####\n.##.", "...#\n.##.\n#...", ".#.\n.#.\n.#.",
             "#...\n.##.\n...#")[step]
    return draw(shape.replace("#", colour))


def icons(size: int = 12) -> dict[str, Image]:
    """Every icon centred in the same square, so the client can lay them out in a grid."""
    drawn = {name: outline(draw(art)) for name, art in ICON_ART.items()}
    drawn["icon_money"] = coin(0)
    out = {}
    for name, image in drawn.items():
        if max(image.shape[:2]) > size:
            raise ValueError(f"{name} is larger than {size}x{size}")
        out[name] = blank(size, size)
        paste_centred(out[name], image)
    return out


def ui_box(face: str, light: str, dark: str, pressed: bool = False,
           width: int = 24, height: int = 16) -> Image:
    box = blank(width - 2, height - 2)
    box[...] = rgba(face)
    if pressed:
        box[0, :] = rgba(dark)
        box[:, 0] = rgba(dark)
    else:
        box[0, :] = rgba(light)
        box[-2:, :] = rgba(dark)
    box[~rounded_box(width - 2, height - 2)] = 0
    return outline(box, diagonal=False)


def ui_frames() -> dict[str, tuple[Image, int]]:
    """9-slice sources with their slice margin."""
    panel = ui_box("d", "g", "n", width=24, height=24)
    inner = rounded_box(22, 22)
    glowing = fill(inner, "d")
    glowing[inner & ~shrink(inner)] = rgba("y")
    glowing[shrink(inner) & ~shrink(shrink(inner))] = rgba("o")
    return {
        "ui_panel": (panel, 6),
        "ui_panel_hi": (outline(glowing, diagonal=False), 6),
        "ui_button": (ui_box("b", "B", "n"), 5),
        "ui_button_hover": (ui_box("B", "c", "b"), 5),
        "ui_button_pressed": (ui_box("n", "b", "k", pressed=True), 5),
        "ui_button_disabled": (ui_box("g", "l", "d"), 5),
    }


def ui_pieces() -> dict[str, Image]:
    cursor = outline(draw("""
        w.......
        ww......
        www.....
        wwww....
        wwwww...
        wwwwww..
        wwwwwww.
        wwwwwwww
        wwwww...
        ww.ww...
        w...ww..
        ....ww..
        """))
    right = outline(draw("""
        w.....
        ww....
        www...
        wwww..
        wwwww.
        wwwwww
        wwwww.
        wwww..
        www...
        ww....
        w.....
        """))
    box = "\n".join(["kkkkkkkkk"] + ["kdddddddk"] * 7 + ["kkkkkkkkk"])
    check = draw(box)
    tick = draw("""
        .......LL
        ......LL.
        LL...LL..
        .LL.LL...
        ..LLL....
        ...L.....
        """)
    on = check.copy()
    paste(on, outline(tick, "D"), -1, 1)
    return {"ui_cursor": cursor, "ui_arrow_right": right, "ui_arrow_left": right[:, ::-1],
            "ui_check_off": outline(draw(box.replace("k", "l")), "k"),
            "ui_check_on": outline(recolour(on, {"k": "l"}), "k")}


def logo() -> Image:
    """HACIENDA in the large font at 4x, sunset bands, outlined, with a drop shadow."""
    glyphs = build_fonts()["large"]
    parts = []
    for letter in "HACIENDA":
        parts += [glyphs[letter], np.zeros((glyphs[letter].shape[0], 2), dtype=bool)]
    ink = np.concatenate(parts[:-1], axis=1)
    rows = np.nonzero(ink.any(axis=1))[0]
    ink = scale(ink[rows[0]:rows[-1] + 1].astype(np.uint8), 4).astype(bool)
    bands = ["y", "y", "y", "y", "o", "o", "o", "r", "r"]
    letters = blank(ink.shape[1], ink.shape[0])
    for y in range(ink.shape[0]):
        letters[y][ink[y]] = rgba(bands[y * len(bands) // ink.shape[0]])
    letters[:4][ink[:4]] = rgba("w")  # a glint along the top edge
    letters = outline(outline(letters, "U"), "k")
    shadow = recolour(letters, {c: "p" for c in PALETTE if c != "p"})
    image = blank(letters.shape[1] + 6, letters.shape[0] + 6)
    paste(image, shadow, 6, 6)
    paste(image, letters, 0, 0)
    return image


TITLE_HOUSE = """
    ...........ttttttttt...........
    .........ttttttttttttt.........
    .......ttttttttttttttttt.......
    ....rrrrrrrrrrrrrrrrrrrrrrr....
    ..rrrrrrrrrrrrrrrrrrrrrrrrrrr..
    rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
    .wwwwwwwwwwwwwwwwwwwwwwwwwwwww.
    .wwwwwwwwwwwwwwwwwwwwwwwwwwwww.
    .wwUUUwwwwUUUwwwwwwwUUUwwwwUUUw.
    .wwUyUwwwwUyUwwUUUwwUyUwwwwUyUw.
    .wwUUUwwwwUUUwUUUUUwUUUwwwwUUUw.
    .wwwwwwwwwwwwwUUUUUwwwwwwwwwwww.
    .wwwwwwwwwwwwwUUUUUwwwwwwwwwwww.
    .wwwwwwwwwwwwwUUUUUwwwwwwwwwwww.
    """


def title_scene() -> Image:
    """For under the logo: the hacienda, its four animals and a sun over the pampas (1x;
    the title screen may show it doubled)."""
    scene = blank(232, 40)
    paste(scene, outline(fill(disc(14), "y"), "o"), 160, 1)
    ground = blank(232, 8)
    ground[...] = rgba("y")
    for x in range(3, 232, 7):
        paste(ground, draw(SPRITES["grass"]), x, 2 + (x * 3) % 4)
    ground[0] = rgba("t")
    for step in range(8):  # the strip tapers off at both ends like a mound of earth
        ground[:7 - step, [step, -1 - step]] = 0
        ground[7 - step, [step, -1 - step]] = rgba("t")
    paste(scene, ground, 0, 32)
    paste(scene, outline(draw(TITLE_HOUSE)), 96, 17)
    for x, animal in ((12, "horse"), (48, "cattle"), (140, "sheep"), (190, "pig")):
        art = outline(draw(ANIMAL_ART[animal]))
        paste(scene, art if x < 96 else art[:, ::-1], x, 33 - art.shape[0] + 1)
    return scene


def bg_tile() -> Image:
    tile = blank(TILE, TILE)
    tile[...] = rgba("n")
    y, x = np.mgrid[0:TILE, 0:TILE]
    tile[((x + 2 * y) % 32 == 0) | ((x - 2 * y) % 32 == 0)] = rgba("d")
    tile[(x % 16 == 8) & (y % 16 == 8)] = rgba("b")
    return tile


# --- the sheet --------------------------------------------------------------------------------

def frames() -> dict[str, dict]:
    """Every frame by name: {'image', 'anchor', optional 'slice'}."""
    out: dict[str, dict] = {}

    def add(name: str, image: Image, anchor: tuple[int, int] | None = None, **extra) -> None:
        if name in out:
            raise ValueError(f"frame {name!r} drawn twice")
        h, w = image.shape[:2]
        out[name] = {"image": image, "anchor": list(anchor or (w // 2, h // 2)), **extra}

    for seat in range(len(SEATS)):
        add(f"land_{seat}", land_tile(seat))
        add(f"land_built_{seat}", land_tile(seat, with_emblem=False))
        add(f"hacienda_{seat}", hacienda(seat))
        add(f"hacienda_small_{seat}", small_hacienda(seat))
        # The emblem the dark UI shows (panels, track, charts, log): in the seat's ink.
        add(f"emblem_{seat}", ui_emblem(seat))
        for animal in ANIMALS:
            add(f"animal_{animal}_{seat}", animal_token(animal, seat))
    add("chip", harvest_chip())
    for step in range(4):
        add(f"chip_pop_{step}", chip_pop(step))
    add("water", water(0))
    for phase in range(1, 4):
        add(f"water_{phase}", water(phase))
    for name, image in highlights().items():
        add(name, image)
    for terrain in TERRAINS:
        add(f"card_land_{terrain}", card_land(terrain))
    for animal in ANIMALS:
        add(f"card_animal_{animal}", card_animal(animal))
    add("card_back_land", card_back("land"))
    add("card_back_animal", card_back("animal"))
    for step in range(6):
        add(f"coin_{step}", coin(step))
        add(f"coin_big_{step}", big_coin(step))
    add("purse", purse(False))
    add("purse_full", purse(True))
    add("pad_arrow", pad_arrow(), (pad_arrow().shape[1] // 2, pad_arrow().shape[0] - 1))
    add("trophy", trophy())
    add("podium", podium(), (podium().shape[1] // 2, podium().shape[0] - 1))
    for colour in CONFETTI:
        for step in range(4):
            add(f"confetti_{colour}_{step}", confetti(colour, step))
    for name, image in icons().items():
        add(name, image)
    for name, (image, margin) in ui_frames().items():
        add(name, image, slice=margin)
    for name, image in ui_pieces().items():
        add(name, image, (1, 1) if name == "ui_cursor" else None)
    add("logo", logo())
    add("title_scene", title_scene())
    add("bg_tile", bg_tile(), (0, 0))
    return out


ANIMATIONS = {
    "coin": [f"coin_{step}" for step in range(6)],
    "coin_big": [f"coin_big_{step}" for step in range(6)],
    "chip_pop": [f"chip_pop_{step}" for step in range(4)] + ["chip"],
    "water": ["water"] + [f"water_{phase}" for phase in range(1, 4)],
}


def pack(table: dict[str, dict], width: int = 512) -> tuple[Image, dict]:
    """Shelf packing, tallest first, names breaking ties: the same frames give the same sheet."""
    order = sorted(table, key=lambda name: (-table[name]["image"].shape[0], name))
    x = y = shelf = 0
    placed: dict[str, dict] = {}
    for name in order:
        image = table[name]["image"]
        h, w = image.shape[:2]
        if x + w > width:
            x, y, shelf = 0, y + shelf + 1, 0
        placed[name] = {"x": x, "y": y, "w": w, "h": h,
                        **{key: value for key, value in table[name].items() if key != "image"}}
        x, shelf = x + w + 1, max(shelf, h)
    sheet = blank(width, y + shelf)
    for name, spot in placed.items():
        sheet[spot["y"]:spot["y"] + spot["h"], spot["x"]:spot["x"] + spot["w"]] = (
            table[name]["image"])
    meta = {"format": "hacienda-sprites/1", "image": "sprites.png",
            "frames": dict(sorted(placed.items())), "animations": ANIMATIONS,
            "seat_colours": [list(PALETTE[main]) for main, _, _ in SEATS],
            "seat_shades": [list(PALETTE[shade]) for _, shade, _ in SEATS],
            "seat_text_colours": [list(PALETTE[letter]) for letter in SEAT_TEXT],
            "seat_ink_colours": [list(PALETTE[letter]) for letter in SEAT_INK],
            "seat_emblems": list(EMBLEMS)}
    return sheet, meta


def preview_sheet(table: dict[str, dict]) -> Image:
    """Every frame on a mid-grey checker, 3x, grouped as packed: for eyeballing."""
    sheet, _ = pack(table)
    back = blank(sheet.shape[1], sheet.shape[0])
    y, x = np.mgrid[0:sheet.shape[0], 0:sheet.shape[1]]
    back[...] = rgba("g")
    back[((x // 8) + (y // 8)) % 2 == 0] = rgba("l")
    paste(back, sheet, 0, 0)
    return scale(back, 3)


# Where the board puts a piece's anchor, from the hex centre (map pixels).
PIECE_OFFSETS = {"hacienda": (0, -6), "hacienda_small": (8, 7), "chip": (7, 6)}


def preview_board(table: dict[str, dict]) -> Image:
    """Every seat's pieces, the highlights and the overlays on every terrain, 3x, for eyeballing
    contrast; a piece that needs a land tile under it is shown on one."""
    stacks = [[["hex_legal"], ["hex_hover"], ["hex_selected"], ["hex_illegal"], ["water"]]]
    for seat in range(len(SEATS)):
        land = f"land_{seat}"
        built = f"land_built_{seat}"
        stacks.append([[land], [land, "chip"], [built, f"hacienda_{seat}"],
                       [built, f"hacienda_{seat}", "chip"],
                       [f"animal_horse_{seat}", f"hacienda_small_{seat}"]]
                      + [[f"animal_{animal}_{seat}"] for animal in ANIMALS])
    width = sum(len(group) * TILE + 8 for group in stacks)
    rows = []
    for space in SPACES:
        row = blank(width, TILE + 4)
        x = 0
        for group in stacks:
            for stack in group:
                cell = draw_tile(space)
                for name in stack:
                    kind = "hacienda_small" if "small" in name else name.split("_")[0]
                    dx, dy = PIECE_OFFSETS.get(kind, (0, 0))
                    paste_centred(cell, table[name]["image"], dx, dy)
                paste(row, cell, x, 2)
                x += TILE
            x += 8
        rows.append(row)
    board = np.concatenate(rows, axis=0)
    back = blank(board.shape[1], board.shape[0])
    back[...] = rgba("n")
    paste(back, board, 0, 0)
    return scale(back, 3)


def write_sprites(out: Path) -> tuple[Path, Path]:
    return write_sheet(out, "sprites", *pack(frames()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets")
    parser.add_argument("--preview", type=Path, help="also write the sheet at 3x on a checker")
    parser.add_argument("--board", type=Path, help="also write every piece on every terrain, 3x")
    args = parser.parse_args(argv)
    png, table = write_sprites(args.out)
    if args.preview or args.board:
        every = frames()
        if args.preview:
            args.preview.write_bytes(png_bytes(preview_sheet(every)))
        if args.board:
            args.board.write_bytes(png_bytes(preview_board(every)))
    print(f"wrote {png} and {table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
