"""The generated art: up to date, complete per the art contract, and within the look's rules."""

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from hacienda_game.art.palette import PALETTE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
SEATS = range(5)
ANIMALS = ("cattle", "horse", "pig", "sheep")
TERRAINS = ("mountain", "forest", "meadow", "rock", "moor", "pampas")
ICONS = ("money", "score", "cards_land", "cards_animal", "actions", "market", "chain",
         "hacienda", "water", "ai", "human", "crown", "lock", "dice", "rotate")
NINE_SLICES = ("ui_panel", "ui_panel_hi", "ui_button", "ui_button_hover", "ui_button_pressed",
               "ui_button_disabled")
GLYPHS = ([chr(code) for code in range(32, 127)]
          + list("äöüÄÖÜßñÑáéíóúÁÉÍÓÚ¿¡«»·…€←→↑↓"))


def contract_frames() -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """Every frame the client asks for, with (min w, min h), (max w, max h)."""
    hexes, token = ((32, 32), (32, 32)), ((20, 20), (28, 28))
    card, small = ((28, 40), (40, 52)), ((8, 8), (16, 16))
    frames = {}
    for seat in SEATS:
        frames[f"land_{seat}"] = hexes
        frames[f"land_built_{seat}"] = hexes
        frames[f"hacienda_{seat}"] = ((22, 18), (28, 24))    # large: most of a hex's middle
        frames[f"hacienda_small_{seat}"] = ((12, 10), (18, 16))  # in an animal token's corner
        frames[f"emblem_{seat}"] = ((10, 10), (16, 16))      # >= 10 canvas px
        for animal in ANIMALS:
            frames[f"animal_{animal}_{seat}"] = token
    frames["chip"] = ((10, 10), (14, 14))
    frames.update({f"chip_pop_{step}": ((10, 10), (24, 24)) for step in range(4)})
    frames.update({name: hexes for name in ("water", "hex_legal", "hex_hover", "hex_selected",
                                            "hex_illegal")})
    frames.update({f"card_land_{terrain}": card for terrain in TERRAINS})
    frames.update({f"card_animal_{animal}": card for animal in ANIMALS})
    frames.update({"card_back_land": card, "card_back_animal": card})
    frames.update({f"coin_{step}": ((3, 10), (14, 14)) for step in range(6)})
    # A payout's coins: >= 12 canvas pixels tall (24 screen pixels at 1080p).
    frames.update({f"coin_big_{step}": ((3, 16), (20, 20)) for step in range(6)})
    frames.update({"purse": ((16, 16), (28, 28)), "purse_full": ((16, 16), (28, 28)),
                   "pad_arrow": ((12, 10), (20, 18)), "trophy": ((14, 14), (32, 32)),
                   "podium": ((90, 30), (128, 48))})
    frames.update({f"icon_{name}": small for name in ICONS})
    frames.update({name: ((12, 12), (48, 48)) for name in NINE_SLICES})
    frames.update({name: small for name in ("ui_cursor", "ui_arrow_left", "ui_arrow_right",
                                            "ui_check_on", "ui_check_off")})
    frames["logo"] = ((300, 50), (480, 100))
    frames["bg_tile"] = ((32, 32), (32, 32))
    return frames


def load_rgba(path: Path) -> np.ndarray:
    surface = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surface).T
    return np.dstack([rgb, alpha])


@pytest.fixture(scope="module")
def sprites() -> tuple[np.ndarray, dict]:
    return load_rgba(ASSETS / "sprites.png"), json.loads((ASSETS / "sprites.json").read_text())


@pytest.fixture(scope="module")
def font() -> tuple[np.ndarray, dict]:
    return (load_rgba(ASSETS / "font.png"),
            json.loads((ASSETS / "font.json").read_text(encoding="utf-8")))


def frame(sprites: tuple[np.ndarray, dict], name: str) -> np.ndarray:
    sheet, meta = sprites
    spot = meta["frames"][name]
    return sheet[spot["y"]:spot["y"] + spot["h"], spot["x"]:spot["x"] + spot["w"]]


def test_regenerating_gives_the_committed_files(tmp_path):
    for script in ("make_font.py", "make_sprites.py"):
        subprocess.run([sys.executable, f"tools/{script}", "--out", str(tmp_path)], cwd=ROOT,
                       check=True, capture_output=True)
    for name in ("font.png", "font.json", "sprites.png", "sprites.json"):
        assert (tmp_path / name).read_bytes() == (ASSETS / name).read_bytes(), (
            f"assets/{name} is stale: run tools/make_font.py and tools/make_sprites.py")


def test_every_contract_frame_exists_with_a_sane_size(sprites):
    sheet, meta = sprites
    assert meta["format"] == "hacienda-sprites/1"
    for name, ((min_w, min_h), (max_w, max_h)) in contract_frames().items():
        spot = meta["frames"].get(name)
        assert spot is not None, f"frame {name} missing"
        assert min_w <= spot["w"] <= max_w and min_h <= spot["h"] <= max_h, (name, spot)
        ax, ay = spot["anchor"]
        assert 0 <= ax < spot["w"] and 0 <= ay < spot["h"], name
        assert frame(sprites, name)[..., 3].any(), f"frame {name} is empty"
    for name in NINE_SLICES:
        spot = meta["frames"][name]
        assert 2 <= spot["slice"] < min(spot["w"], spot["h"]) / 2, name
    for animation, names in meta["animations"].items():
        assert names and all(name in meta["frames"] for name in names), animation
    assert len(meta["seat_colours"]) == 5
    assert meta["seat_emblems"] == ["circle", "square", "triangle", "diamond", "star"]


@pytest.mark.parametrize("name", ["hex_legal", "hex_hover", "hex_selected", "hex_illegal",
                                  "land_0", "water"])
def test_hex_frames_are_closed_all_round(name, sprites):
    """A pointy-top hex has two vertical sides too (x = 0 and 31 between rows 8 and 23)."""
    image = frame(sprites, name)
    for column in (0, 31):
        assert (image[8:24, column, 3] > 0).all(), (name, column)
    assert (image[:, :, 3] > 0).any(axis=1).all(), f"{name}: a row of the hex is empty"


def test_frames_lie_inside_the_sheet_without_overlapping(sprites):
    sheet, meta = sprites
    used = np.zeros(sheet.shape[:2], dtype=int)
    for spot in meta["frames"].values():
        assert spot["x"] + spot["w"] <= sheet.shape[1] and spot["y"] + spot["h"] <= sheet.shape[0]
        used[spot["y"]:spot["y"] + spot["h"], spot["x"]:spot["x"] + spot["w"]] += 1
    assert used.max() == 1


@pytest.mark.parametrize("image", ["sprites", "font"])
def test_only_palette_colours_and_hard_alpha(image, sprites, font):
    pixels = (sprites if image == "sprites" else font)[0].reshape(-1, 4)
    assert set(np.unique(pixels[:, 3])) <= {0, 255}
    opaque = {tuple(int(v) for v in rgb) for rgb in np.unique(pixels[pixels[:, 3] == 255, :3],
                                                               axis=0)}
    allowed = set(PALETTE.values()) if image == "sprites" else {(255, 255, 255)}
    assert opaque <= allowed, opaque - allowed


def test_seat_colours_come_from_the_palette_and_differ(sprites):
    colours = [tuple(colour) for colour in sprites[1]["seat_colours"]]
    assert len(set(colours)) == 5 and set(colours) <= set(PALETTE.values())


@pytest.mark.parametrize("kind", ["emblem_{}", "land_{}", "animal_cattle_{}",
                                  "animal_sheep_{}"])
def test_seat_pieces_differ_by_shape_not_only_colour(kind, sprites):
    """Colour-blind players: with every colour taken away, the seats still differ."""
    for one, other in itertools.combinations(SEATS, 2):
        first, second = frame(sprites, kind.format(one)), frame(sprites, kind.format(other))
        dark = tuple(PALETTE["k"])
        # alpha plus the dark outline: the shape as a grey-scale photocopy would show it
        shape = [np.dstack([image[..., 3] > 0, np.all(image[..., :3] == dark, axis=-1)])
                 for image in (first, second)]
        assert (shape[0] != shape[1]).sum() >= 6, (kind, one, other)


def test_land_bands_differ_by_pattern_where_a_chip_hides_the_emblem(sprites):
    meta = sprites[1]
    marks = []
    for seat in SEATS:
        image = frame(sprites, f"land_{seat}").copy()
        image[8:24, 8:24, 3] = 0  # under a chip or a hacienda
        plain = [PALETTE["k"], tuple(meta["seat_colours"][seat])]
        opaque = image[..., 3] > 0
        marks.append(opaque & ~np.any([np.all(image[..., :3] == c, axis=-1) for c in plain],
                                      axis=0))
    for one, other in itertools.combinations(SEATS, 2):
        assert (marks[one] != marks[other]).sum() >= 10, (one, other)


def test_hacienda_walls_carry_the_seat_emblem(sprites):
    walls = []
    for seat in SEATS:
        image = frame(sprites, f"hacienda_{seat}")
        walls.append(~np.all(image[6:, :, :3] == PALETTE["w"], axis=-1) & (image[6:, :, 3] > 0))
    for one, other in itertools.combinations(SEATS, 2):
        assert (walls[one] != walls[other]).sum() >= 3, (one, other)


def _card_strokes(sprites, terrain: str) -> np.ndarray:
    """The dark strokes of a land card's badge and icon (its upper middle), as a
    grey-scale photocopy, or a player three metres away, sees them."""
    image = frame(sprites, f"card_land_{terrain}")
    h, w = image.shape[:2]
    box = image[h // 2 - 19:h // 2 + 7, w // 2 - 13:w // 2 + 13]
    return np.all(box[..., :3] == PALETTE["k"], axis=-1) & (box[..., 3] > 0)


def test_land_card_icons_differ_in_shape_the_pampas_most(sprites):
    """Each land card's icon differs in shape, not colour alone: the strokes of two
    cards' badges differ in at least 30% of their pixels (Jaccard distance), and the
    pampas card's (wheat, its own placement rule) in at least 70% from every other."""
    strokes = {terrain: _card_strokes(sprites, terrain) for terrain in TERRAINS}
    for one, other in itertools.combinations(TERRAINS, 2):
        a, b = strokes[one], strokes[other]
        apart = (a ^ b).sum() / (a | b).sum()
        least = 0.7 if "pampas" in (one, other) else 0.3
        assert apart >= least, (one, other, round(apart, 2))


def test_the_market_icon_is_the_boards_market_purple(sprites):
    """A market is one colour everywhere: the icon (tips, scoring, seat panels) is
    mostly the purple the board's market tile is painted, with no crimson."""
    from hacienda_game.art.palette import MARKET
    image = frame(sprites, "icon_market")
    opaque = image[..., 3] > 0
    colours, counts = np.unique(image[opaque][:, :3], axis=0, return_counts=True)
    inks = {tuple(int(v) for v in c): int(n) for c, n in zip(colours, counts, strict=True)
            if tuple(c) not in (PALETTE["k"], PALETTE["w"])}
    assert max(inks, key=inks.get) == MARKET, inks
    assert PALETTE["r"] not in inks


def test_the_four_animals_have_different_silhouettes(sprites):
    for seat in SEATS:
        dark = [np.all(frame(sprites, f"animal_{animal}_{seat}")[..., :3] == PALETTE["k"],
                       axis=-1) for animal in ANIMALS]
        for one, other in itertools.combinations(range(4), 2):
            assert (dark[one] != dark[other]).sum() >= 25, (ANIMALS[one], ANIMALS[other])


def test_font_covers_every_glyph_in_four_sizes(font):
    sheet, meta = font
    assert meta["format"] == "hacienda-font/1"
    heights = []
    for size in ("small", "medium", "large", "huge"):
        table = meta["fonts"][size]
        assert 0 < table["baseline"] < table["line_height"]
        heights.append(table["cap_height"])
        bitmaps = {}
        for char in GLYPHS:
            assert char in table["glyphs"], f"{size} font lacks {char!r}"
            x, y, w, h, advance = table["glyphs"][char]
            assert x + w <= sheet.shape[1] and y + h <= sheet.shape[0]
            assert h == table["line_height"] and advance > w // 2
            ink = sheet[y:y + h, x:x + w, 3] > 0
            assert ink.any() == (char != " "), (size, char)
            bitmaps[char] = ink.tobytes() + bytes([w])
        if size == "huge":  # the arcade face has capitals only: small letters show as capitals
            for char in [c for c in GLYPHS if c.islower() and c != "ß"]:
                assert bitmaps.pop(char) == bitmaps[char.upper()], char
        assert len(set(bitmaps.values())) == len(bitmaps), f"{size}: two glyphs look alike"
    small, medium, large, huge = heights
    assert 6 <= small <= 9 and 10 <= medium < large and 12 <= large <= 18 and 24 <= huge <= 36


def test_the_medium_face_has_10_px_capitals_and_even_stems(font):
    """Text for the sofa: 10 canvas px capitals (20 screen px at 1920x1080), the
    baseline under them, and every letter's stems two pixels wide."""
    sheet, meta = font
    table = meta["fonts"]["medium"]
    for char in "EHIMTÄ":
        x, y, w, h, _ = table["glyphs"][char]
        ink = sheet[y:y + h, x:x + w, 3] > 0
        rows = np.nonzero(ink.any(axis=1))[0]
        assert rows[-1] + 1 == table["baseline"], char
        if char != "Ä":
            assert rows[-1] - rows[0] + 1 == table["cap_height"] == 10, char
        runs = [len(run) for line in ink[:, :] for run in
                "".join(".#"[int(v)] for v in line).split(".") if run]
        assert min(runs) >= 2, (char, runs)
    x, y, w, h, _ = table["glyphs"]["l"]
    assert (sheet[y:y + h, x:x + w, 3] > 0).any(axis=1).nonzero()[0][0] \
        == table["baseline"] - 10                    # ascenders reach the capitals


def test_accented_letters_are_their_base_letter_plus_a_mark(font):
    sheet, meta = font
    table = meta["fonts"]["small"]["glyphs"]

    def ink(char):
        x, y, w, h, _ = table[char]
        return sheet[y:y + h, x:x + w, 3] > 0

    for accented, base in zip("äöüÄÖÜñÑáéóúÁÉÍÓÚ", "aouAOUnNaeouAEIOU", strict=True):
        mark, letter = ink(accented), ink(base)
        assert mark.shape == letter.shape and (mark & letter).sum() == letter.sum(), accented
        assert mark.sum() > letter.sum(), accented
