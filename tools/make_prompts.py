"""Generate the button prompt glyphs: assets/prompts.png and assets/prompts.json.

Chunky pixel-art icons for every pad family the game tells apart, named
``<family>_<button>`` after SDL's controller buttons (which follow the Xbox
layout): a = south, b = east, x = west, y = north, except that SDL reports a
Nintendo pad by its labels, so ``switch_a`` is the A button in the east.
Each face button shows its own mark (letter or PlayStation shape) on a disc,
with a small diamond beside it that lights the button's position.  Also:
shoulders and triggers, Start/Back, the D-pad and sticks, and keyboard key
caps in three widths (the client writes the key's name on them).
Colours come only from hacienda_game.art.palette.

    python tools/make_prompts.py [--out assets] [--preview prompts_preview.png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.art import pixels as px  # noqa: E402
from hacienda_game.client.prompts import SHOULDERS  # noqa: E402  (the names the client writes)

FAMILIES = ("xbox", "playstation", "switch")
# Where each SDL face button sits on the pad (x, y of its dot in the diamond).
POSITIONS = {"south": (3, 6), "east": (6, 3), "west": (0, 3), "north": (3, 0)}
# family -> SDL button -> (position, disc colour, mark, mark colour)
FACES = {
    "xbox": {"a": ("south", "G", "A", "w"), "b": ("east", "r", "B", "w"),
             "x": ("west", "b", "X", "w"), "y": ("north", "y", "Y", "k")},
    "playstation": {"a": ("south", "d", "cross", "B"), "b": ("east", "d", "circle", "R"),
                    "x": ("west", "d", "square", "M"), "y": ("north", "d", "triangle", "L")},
    "switch": {"a": ("east", "d", "A", "w"), "b": ("south", "d", "B", "w"),
               "x": ("north", "d", "X", "w"), "y": ("west", "d", "Y", "w")},
}

BIG = {  # 5x7 letters and PlayStation marks for the face buttons
    "A": ".www.\nw...w\nw...w\nwwwww\nw...w\nw...w\nw...w",
    "B": "wwww.\nw...w\nw...w\nwwww.\nw...w\nw...w\nwwww.",
    "X": "w...w\nw...w\n.w.w.\n..w..\n.w.w.\nw...w\nw...w",
    "Y": "w...w\nw...w\n.w.w.\n..w..\n..w..\n..w..\n..w..",
    "cross": "w...w\nww.ww\n.www.\n..w..\n.www.\nww.ww\nw...w",
    "circle": ".www.\nww.ww\nw...w\nw...w\nw...w\nww.ww\n.www.",
    "square": "wwwww\nw...w\nw...w\nw...w\nw...w\nw...w\nwwwww",
    "triangle": "..w..\n..w..\n.w.w.\n.w.w.\nw...w\nw...w\nwwwww",
}
SMALL = {  # 3x5 for shoulder labels
    "L": "w..\nw..\nw..\nw..\nwww", "R": "ww.\nw.w\nww.\nw.w\nw.w",
    "B": "ww.\nw.w\nww.\nw.w\nww.", "T": "www\n.w.\n.w.\n.w.\n.w.",
    "Z": "www\n..w\n.w.\nw..\nwww", "1": ".w.\nww.\n.w.\n.w.\nwww",
    "2": "ww.\n..w\n.w.\nw..\nwww",
}


def mark(text: str, colour: str) -> px.Image:
    rows = "\n".join(row.replace(".", ".") for row in text.splitlines())
    return px.recolour(px.draw(rows), {"w": colour})


def face_glyph(family: str, button: str) -> px.Image:
    """The position diamond, then the button's disc with its mark."""
    where, face, symbol, ink = FACES[family][button]
    image = px.blank(26, 15)
    for name, (x, y) in POSITIONS.items():
        dot = px.fill(np.ones((3, 3), bool), "w" if name == where else "g")
        px.paste(image, dot, x, y + 3)
    px.paste(image, px.fill(px.disc(15), face), 11, 0)
    px.paste(image, mark(BIG[symbol], ink), 16, 4)
    return px.outline(image)


def pill(text: str, face: str = "g", width: int | None = None) -> px.Image:
    """A shoulder or trigger: a rounded bar with a short label."""
    letters = [mark(SMALL[ch], "w") for ch in text]
    inner = sum(m.shape[1] for m in letters) + len(letters) - 1
    w = width or inner + 6
    body = np.ones((9, w), bool)
    body[0, 0] = body[0, -1] = body[-1, 0] = body[-1, -1] = False
    image = px.fill(body, face)
    x = (w - inner) // 2
    for m in letters:
        px.paste(image, m, x, 2)
        x += m.shape[1] + 1
    return px.outline(image)


def start_back(family: str) -> dict[str, px.Image]:
    lines = "www\n...\nwww\n...\nwww"
    view = "ww..\nw.ww\nwww.\n.www"
    if family == "switch":
        plus, minus = ".w.\nwww\n.w.", "...\nwww\n..."
        return {"start": px.outline(paste_on(px.disc(11), "g", mark(plus, "w"), 4, 4)),
                "back": px.outline(paste_on(px.disc(11), "g", mark(minus, "w"), 4, 4))}
    if family == "playstation":
        share = ".w.\nwww\n.w.\n.w.\n.w."
        return {"start": px.outline(paste_on(np.ones((11, 7), bool), "g", mark(lines, "w"), 2, 3)),
                "back": px.outline(paste_on(np.ones((11, 7), bool), "g", mark(share, "w"), 2, 3))}
    return {"start": px.outline(paste_on(px.disc(11), "g", mark(lines, "w"), 4, 3)),
            "back": px.outline(paste_on(px.disc(11), "g", mark(view, "w"), 3, 3))}


def paste_on(mask: np.ndarray, face: str, image: px.Image, x: int, y: int) -> px.Image:
    base = px.fill(mask, face)
    px.paste(base, image, x, y)
    return base


def dpad() -> px.Image:
    cross = np.zeros((13, 13), bool)
    cross[4:9, :] = True
    cross[:, 4:9] = True
    image = px.fill(cross, "g")
    arrows = {(6, 1): "..w..\n.www.", (6, 10): ".www.\n..w.."}
    for (cx, cy), art in arrows.items():
        px.paste(image, mark(art, "w"), cx - 2, cy)
    px.paste(image, mark(".w\nww\n.w", "w"), 1, 5)
    px.paste(image, mark("w.\nww\nw.", "w"), 10, 5)
    return px.outline(image)


def stick(label: str = "") -> px.Image:
    image = px.fill(px.disc(13), "g")
    px.paste(image, px.fill(px.disc(9), "d"), 2, 2)
    if label:
        px.paste(image, mark(SMALL[label], "w"), 5, 4)
    return px.outline(image)


def key_cap(width: int) -> px.Image:
    """A keyboard key: light top, darker front edge (the name is written on it)."""
    body = np.ones((13, width), bool)
    body[0, 0] = body[0, -1] = body[-1, 0] = body[-1, -1] = False
    image = px.fill(body, "l")
    image[10:12, 1:-1] = px.rgba("g")
    image[1:10, 1:-1] = px.rgba("w")
    return px.outline(image)


def arrows_cap() -> px.Image:
    image = key_cap(23)
    px.paste(image, mark("..w..\n.www.\nwwwww", "k"), 3, 4)
    px.paste(image, mark("wwwww\n.www.\n..w..", "k"), 15, 4)
    return image


def frames() -> dict[str, px.Image]:
    table: dict[str, px.Image] = {}
    for family in FAMILIES:
        for button in "abxy":
            table[f"{family}_{button}"] = face_glyph(family, button)
        for name, text in zip(("lb", "rb", "lt", "rt"), SHOULDERS[family], strict=True):
            table[f"{family}_{name}"] = pill(text, "g" if name in ("lb", "rb") else "d")
        for name, image in start_back(family).items():
            table[f"{family}_{name}"] = image
    table["pad_dpad"] = dpad()
    table["pad_stick"] = stick()
    table["pad_rstick"] = stick("R")
    for n, width in ((1, 13), (2, 25), (3, 41)):
        table[f"key_{n}"] = key_cap(width)
    table["key_arrows"] = arrows_cap()
    return table


def pack(table: dict[str, px.Image], width: int = 256) -> tuple[px.Image, dict]:
    x = y = shelf = 0
    placed: dict[str, dict] = {}
    for name in sorted(table, key=lambda n: (-table[n].shape[0], n)):
        h, w = table[name].shape[:2]
        if x + w > width:
            x, y, shelf = 0, y + shelf + 1, 0
        placed[name] = {"x": x, "y": y, "w": w, "h": h}
        x, shelf = x + w + 1, max(shelf, h)
    sheet = px.blank(width, y + shelf)
    for name, spot in placed.items():
        px.paste(sheet, table[name], spot["x"], spot["y"])
    return sheet, {"format": "hacienda-prompts/1", "image": "prompts.png",
                   "families": list(FAMILIES), "frames": dict(sorted(placed.items()))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets")
    parser.add_argument("--preview", type=Path, help="also write the sheet at 4x on grey")
    args = parser.parse_args(argv)
    sheet, meta = pack(frames())
    png, table = px.write_sheet(args.out, "prompts", sheet, meta)
    if args.preview:
        back = px.blank(sheet.shape[1], sheet.shape[0])
        back[...] = px.rgba("n")
        px.paste(back, sheet, 0, 0)
        args.preview.write_bytes(px.png_bytes(px.scale(back, 4)))
    print(f"wrote {png} and {table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
