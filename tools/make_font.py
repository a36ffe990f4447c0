"""Generate the game's bitmap fonts: assets/font.png and assets/font.json.

The glyphs below are drawn by hand as text, '#' ink and '.' blank, one
column of tokens per glyph: nine rows from the cap top (row 0) down to the
bottom of the descenders (row 8); the baseline sits under row 6.  Accented
letters are built from a base letter plus a hand-drawn accent placed in the
three rows above the cap top, so every glyph cell is 12 rows high.

Four sizes, two hand-drawn faces:
  small  the regular face as written (7 px capitals, 1 px strokes, 12 px lines);
  medium the regular face redrawn for reading from the sofa: 10 px capitals,
         7 px x-height, 2 px stems and 1 px bars (as the 8x16 text-mode fonts
         of old PCs); derived row by row and column by column, never
         resampled: a row between two bars is repeated, a column holding a
         stem is doubled, so every stroke keeps one even width; the few marks
         too small to derive (dots, commas, quotes) are drawn by hand below
         (MEDIUM_MARKS), the accents are the bold face's; 15 px lines;
  large  small doubled, with every diagonal stair step bridged so slopes
         read as one stroke: 14 px capitals, 2 px strokes, 24 px lines;
  huge   a second face, bold arcade capitals with 2 px stems (BOLD_GLYPHS),
         at 4x: 28 px capitals for scores and banners; capitals only, so
         small letters are shown as capitals.
Glyphs are white on transparent (the client tints them); alpha is 0 or 255.

    python tools/make_font.py [--out assets] [--preview preview.png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

from hacienda_game.art.pixels import png_bytes, write_sheet  # noqa: E402

ACCENT_ROWS = 3  # rows above the cap top that hold the accents of capitals
GLYPH_ROWS = 9  # cap top .. descender bottom, as written below
CELL = ACCENT_ROWS + GLYPH_ROWS  # height of every glyph cell at 1x
BASELINE = ACCENT_ROWS + 7  # rows from the cell top down to the baseline
SPACE_NAME = "SP"  # the header token that stands for ' '

GLYPHS = """
A     B     C     D     E     F     G     H     I   J     K     L     M
.###. ####. .###. ####. ##### ##### .###. #...# ### ..### #...# #.... #...#
#...# #...# #...# #...# #.... #.... #...# #...# .#. ...#. #..#. #.... ##.##
#...# #...# #.... #...# #.... #.... #.... #...# .#. ...#. #.#.. #.... #.#.#
##### ####. #.... #...# ####. ####. #.### ##### .#. ...#. ##... #.... #.#.#
#...# #...# #.... #...# #.... #.... #...# #...# .#. ...#. #.#.. #.... #...#
#...# #...# #...# #...# #.... #.... #...# #...# .#. #..#. #..#. #.... #...#
#...# ####. .###. ####. ##### #.... .#### #...# ### .##.. #...# ##### #...#
..... ..... ..... ..... ..... ..... ..... ..... ... ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ... ..... ..... ..... .....

N     O     P     Q     R     S     T     U     V     W     X     Y     Z
#...# .###. ####. .###. ####. .#### ##### #...# #...# #...# #...# #...# #####
#...# #...# #...# #...# #...# #.... ..#.. #...# #...# #...# #...# #...# ....#
##..# #...# #...# #...# #...# #.... ..#.. #...# #...# #...# .#.#. .#.#. ...#.
#.#.# #...# ####. #...# ####. .###. ..#.. #...# #...# #.#.# ..#.. ..#.. ..#..
#..## #...# #.... #.#.# #.#.. ....# ..#.. #...# #...# #.#.# .#.#. ..#.. .#...
#...# #...# #.... #..#. #..#. ....# ..#.. #...# .#.#. #.#.# #...# ..#.. #....
#...# .###. #.... .##.# #...# ####. ..#.. .###. ..#.. .#.#. #...# ..#.. #####
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....

a     b     c    d     e     f    g     h     i j   k    l  m     n
..... #.... .... ....# ..... ..## ..... #.... # ..# #... #. ..... .....
..... #.... .... ....# ..... .#.. ..... #.... . ... #... #. ..... .....
.###. ####. .### .#### .###. #### .#### ####. # ..# #..# #. ##.#. ####.
....# #...# #... #...# #...# .#.. #...# #...# # ..# #.#. #. #.#.# #...#
.#### #...# #... #...# ##### .#.. #...# #...# # ..# ##.. #. #.#.# #...#
#...# #...# #... #...# #.... .#.. #...# #...# # ..# #.#. #. #.#.# #...#
.#### ####. .### .#### .###. .#.. .#### #...# # ..# #..# .# #.#.# #...#
..... ..... .... ..... ..... .... ....# ..... . #.# .... .. ..... .....
..... ..... .... ..... ..... .... .###. ..... . .#. .... .. ..... .....

o     p     q     r    s    t    u     v     w     x     y     z     ß
..... ..... ..... .... .... .#.. ..... ..... ..... ..... ..... ..... .##.
..... ..... ..... .... .... .#.. ..... ..... ..... ..... ..... ..... #..#
.###. ####. .#### #.## .### #### #...# #...# #...# #...# #...# ##### #..#
#...# #...# #...# ##.. #... .#.. #...# #...# #...# .#.#. #...# ...#. #.#.
#...# #...# #...# #... .##. .#.. #...# #...# #.#.# ..#.. #...# ..#.. #..#
#...# #...# #...# #... ...# .#.. #...# .#.#. #.#.# .#.#. #...# .#... #..#
.###. ####. .#### #... ###. ..## .#### ..#.. .#.#. #...# .#### ##### #.#.
..... #.... ....# .... .... .... ..... ..... ..... ..... ....# ..... ....
..... #.... ....# .... .... .... ..... ..... ..... ..... .###. ..... ....

0     1     2     3     4     5     6     7     8     9     ¿     ¡
.###. ..#.. .###. ##### ...#. ##### ..##. ##### .###. .###. ..... .
#...# .##.. #...# ...#. ..##. #.... .#... ....# #...# #...# ..... .
#..## ..#.. ....# ..#.. .#.#. ####. #.... ...#. #...# #...# ..#.. #
#.#.# ..#.. ...#. ...#. #..#. ....# ####. ..#.. .###. .#### ..... .
##..# ..#.. ..#.. ....# ##### ....# #...# .#... #...# ....# ..#.. #
#...# ..#.. .#... #...# ...#. #...# #...# .#... #...# ...#. .#... #
.###. .###. ##### .###. ...#. .###. .###. .#... .###. .##.. #.... #
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... #...# #
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .###. #

SP  ! " #     $     %     &     ' (   )   *     +     , -    . /
... # #.# .#.#. ..#.. ##..# .##.. # ..# #.. ..... ..... .. .... . ....#
... # #.# .#.#. .#### ##..# #..#. # .#. .#. ..#.. ..#.. .. .... . ....#
... # ... ##### #.#.. ...#. #.#.. . #.. ..# #.#.# ..#.. .. .... . ...#.
... # ... .#.#. .###. ..#.. .#... . #.. ..# .###. ##### .. #### . ..#..
... # ... ##### ..#.# .#... #.#.# . #.. ..# #.#.# ..#.. .. .... . .#...
... . ... .#.#. ####. #..## #..#. . .#. .#. ..#.. ..#.. .# .... . #....
... # ... .#.#. ..#.. #..## .##.# . ..# #.. ..... ..... .# .... # #....
... . ... ..... ..... ..... ..... . ... ... ..... ..... #. .... . .....
... . ... ..... ..... ..... ..... . ... ... ..... ..... .. .... . .....

: ;  <    =    >    ?     @     [   \\    ]   ^     _     `  {    | }    ~
. .. ...# .... #... .###. .###. ### #.... ### ..#.. ..... #. ..## # ##.. .....
. .. ..#. .... .#.. #...# #...# #.. #.... ..# .#.#. ..... .# .#.. # ..#. .....
# .# .#.. #### ..#. ....# #.### #.. .#... ..# #...# ..... .. .#.. # ..#. .##.#
. .. #... .... ...# ...#. #.#.# #.. ..#.. ..# ..... ..... .. #... # ...# #.##.
. .. .#.. #### ..#. ..#.. #.### #.. ...#. ..# ..... ..... .. .#.. # ..#. .....
# .# ..#. .... .#.. ..... #.... #.. ....# ..# ..... ..... .. .#.. # ..#. .....
. .# ...# .... #... ..#.. .###. ### ....# ### ..... ..... .. ..## # ##.. .....
. #. .... .... .... ..... ..... ... ..... ... ..... ..... .. .... # .... .....
. .. .... .... .... ..... ..... ... ..... ... ..... ##### .. .... . .... .....

«     »     · …     €     ←       →       ↑     ↓     ×
..... ..... . ..... ..### ....... ....... ..#.. ..#.. .....
..... ..... . ..... .#... ..#.... ....#.. .###. ..#.. #...#
..#.# #.#.. . ..... ####. .#..... .....#. #.#.# ..#.. .#.#.
.#.#. .#.#. # ..... .#... ####### ####### ..#.. ..#.. ..#..
#.#.. ..#.# . ..... ####. .#..... .....#. ..#.. #.#.# .#.#.
.#.#. .#.#. . ..... .#... ..#.... ....#.. ..#.. .###. #...#
..#.# #.#.. . #.#.# ..### ....... ....... ..#.. ..#.. .....
..... ..... . ..... ..... ....... ....... ..... ..... .....
..... ..... . ..... ..... ....... ....... ..... ..... .....
"""

# Accents, drawn in three rows; the capital form sits in the accent rows above
# the cap top, the small form ends one blank row above the x-height (row 2).
ACCENTS: dict[str, str] = {
    "acute": "...#. ..#.. .....",
    "diaeresis": "..... .#.#. .....",
    "tilde": ".##.# #.##. .....",
}
ACCENTED: dict[str, tuple[str, str]] = {
    "á": ("a", "acute"), "é": ("e", "acute"), "í": ("ı", "acute"), "ó": ("o", "acute"),
    "ú": ("u", "acute"), "ä": ("a", "diaeresis"), "ö": ("o", "diaeresis"),
    "ü": ("u", "diaeresis"), "ñ": ("n", "tilde"),
    "Á": ("A", "acute"), "É": ("E", "acute"), "Í": ("I", "acute"), "Ó": ("O", "acute"),
    "Ú": ("U", "acute"), "Ä": ("A", "diaeresis"), "Ö": ("O", "diaeresis"),
    "Ü": ("U", "diaeresis"), "Ñ": ("N", "tilde"),
}
# The huge size is its own face: bold arcade capitals (2 px stems) drawn on the
# same nine rows, shown at 4x.  Like the arcade fonts it echoes it has no
# lowercase: small letters are shown as capitals.
BOLD_GLYPHS = """
A       B       C       D       E       F       G       H       I      J       K       L
.#####. ######. .#####. #####.. ####### ####### .#####. ##...## ###### .....## ##...## ##.....
##...## ##...## ##...## ##..##. ##..... ##..... ##...## ##...## ..##.. .....## ##..##. ##.....
##...## ##...## ##..... ##...## ##..... ##..... ##..... ##...## ..##.. .....## ##.##.. ##.....
####### ######. ##..... ##...## ######. ######. ##.#### ####### ..##.. .....## ####... ##.....
##...## ##...## ##..... ##...## ##..... ##..... ##...## ##...## ..##.. ##...## ##.##.. ##.....
##...## ##...## ##...## ##..##. ##..... ##..... ##...## ##...## ..##.. ##...## ##..##. ##.....
##...## ######. .#####. #####.. ####### ##..... .###### ##...## ###### .#####. ##...## #######
....... ....... ....... ....... ....... ....... ....... ....... ...... ....... ....... .......
....... ....... ....... ....... ....... ....... ....... ....... ...... ....... ....... .......

M       N       O       P       Q       R       S       T      U       V       W       X
##...## ##...## .#####. ######. .#####. ######. .###### ###### ##...## ##...## ##...## ##...##
###.### ###..## ##...## ##...## ##...## ##...## ##..... ..##.. ##...## ##...## ##...## ##...##
####### ####.## ##...## ##...## ##...## ##...## ##..... ..##.. ##...## ##...## ##...## .##.##.
##.#.## ##.#### ##...## ######. ##...## ######. .#####. ..##.. ##...## ##...## ##.#.## ..###..
##...## ##..### ##...## ##..... ##.#.## ##.##.. .....## ..##.. ##...## .##.##. ####### .##.##.
##...## ##...## ##...## ##..... ##..##. ##..##. .....## ..##.. ##...## ..###.. ###.### ##...##
##...## ##...## .#####. ##..... .###.## ##...## ######. ..##.. .#####. ...#... ##...## ##...##
....... ....... ....... ....... ....... ....... ....... ...... ....... ....... ....... .......
....... ....... ....... ....... ....... ....... ....... ...... ....... ....... ....... .......

Y        Z       ß       0       1       2       3       4       5       6       7       8
##....## ####### .####.. .#####. ...##.. .#####. .#####. ...###. ####### .#####. ####### .#####.
.##..##. ....##. ##..##. ##...## ..###.. ##...## ##...## ..####. ##..... ##..... ##...## ##...##
..####.. ...##.. ##..##. ##..### ...##.. .....## .....## .##.##. ######. ##..... ....##. ##...##
...##... ..##... ##.##.. ##.#.## ...##.. ...###. ..####. ##..##. .....## ######. ...##.. .#####.
...##... .##.... ##..##. ###..## ...##.. .###... .....## ####### .....## ##...## ..##... ##...##
...##... ##..... ##...## ##...## ...##.. ##..... ##...## ....##. ##...## ##...## ..##... ##...##
...##... ####### ##.###. .#####. .###### ####### .#####. ....##. .#####. .#####. ..##... .#####.
........ ....... ....... ....... ....... ....... ....... ....... ....... ....... ....... .......
........ ....... ....... ....... ....... ....... ....... ....... ....... ....... ....... .......

9       SP   !  ?       .  ,  :  ;  -     +      =     /      \\      %       (    )    [    ]
.#####. .... ## .#####. .. .. .. .. ..... ...... ..... ....## ##.... ##...## ..## ##.. #### ####
##...## .... ## ##...## .. .. ## ## ..... ..##.. ..... ....## ##.... ##..##. .##. .##. ##.. ..##
##...## .... ## .....## .. .. ## ## ..... ..##.. ##### ...##. .##... ...##.. ##.. ..## ##.. ..##
.###### .... ## ...###. .. .. .. .. ##### ###### ..... ..##.. ..##.. ..##... ##.. ..## ##.. ..##
.....## .... ## ...##.. .. .. ## ## ..... ..##.. ##### .##... ...##. .##.... ##.. ..## ##.. ..##
.....## .... .. ....... ## ## ## ## ..... ..##.. ..... ##.... ....## ##..##. .##. .##. ##.. ..##
.#####. .... ## ...##.. ## ## .. .# ..... ...... ..... ##.... ....## ##...## ..## ##.. #### ####
....... .... .. ....... .. .# .. #. ..... ...... ..... ...... ...... ....... .... .... .... ....
....... .... .. ....... .. #. .. .. ..... ...... ..... ...... ...... ....... .... .... .... ....

'  "     #       $       &       *       <     >     @       ^      _       `   {     }     |
## ##.## .##.##. ...#... .###... ....... ...## ##... .#####. ..##.. ....... ##. ..### ###.. ##
## ##.## .##.##. .###### ##.##.. ##.#.## ..##. .##.. ##...## .####. ....... .## .##.. ..##. ##
.. ..... ####### ##.#... .###... .#####. .##.. ..##. ##.#### ##..## ....... ... .##.. ..##. ##
.. ..... .##.##. .#####. .###.## ####### ##... ...## ##.#.## ...... ....... ... ##... ...## ##
.. ..... ####### ...#.## ##.###. .#####. .##.. ..##. ##.#### ...... ....... ... .##.. ..##. ##
.. ..... .##.##. ######. ##..##. ##.#.## ..##. .##.. ##..... ...... ....... ... .##.. ..##. ##
.. ..... .##.##. ...#... .###.## ....... ...## ##... .#####. ...... ....... ... ..### ###.. ##
.. ..... ....... ....... ....... ....... ..... ..... ....... ...... ....... ... ..... ..... ##
.. ..... ....... ....... ....... ....... ..... ..... ....... ...... ####### ... ..... ..... ..

~       ×      «       »       ·  …        €       ←        →        ↑      ↓      ¡  ¿
....... ...... ....... ....... .. ........ ..##### ........ ........ ..##.. ..##.. .. .......
....... ##..## ..##.## ##.##.. .. ........ .##.... ..##.... ....##.. .####. ..##.. .. .......
.###.## .####. .##.##. .##.##. ## ........ ######. .##..... .....##. ###### ..##.. ## ...##..
##.###. ..##.. ##.##.. ..##.## ## ........ .##.... ######## ######## ..##.. ..##.. .. .......
....... .####. .##.##. .##.##. .. ........ ######. .##..... .....##. ..##.. ###### ## ...##..
....... ##..## ..##.## ##.##.. .. ##.##.## .##.... ..##.... ....##.. ..##.. .####. ## ..###..
....... ...... ....... ....... .. ##.##.## ..##### ........ ........ ..##.. ..##.. ## .##....
....... ...... ....... ....... .. ........ ....... ........ ........ ...... ...... ## ##...##
....... ...... ....... ....... .. ........ ....... ........ ........ ...... ...... ## .#####.
"""
BOLD_ACCENTS: dict[str, str] = {
    "acute": "...## ..##. .....",
    "diaeresis": "##.## ##.## .....",
    "tilde": ".##.# #.##. .....",
}
# The medium face: which base row each of its 12 rows repeats.  Capitals,
# digits and signs repeat the rows under the top bar and both rows between the
# middle and the bottom bar (10 px capitals, the middle bar a little high, as in
# print); small letters repeat the rows between their bars (a 7 px x-height),
# and the row under their ascenders so they reach the capitals' height.
MEDIUM_CAP_ROWS = (0, 1, 1, 2, 3, 4, 4, 5, 5, 6, 7, 8)
MEDIUM_SMALL_ROWS = (0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 8)
MEDIUM_ROWS = len(MEDIUM_CAP_ROWS)
MEDIUM_CELL = ACCENT_ROWS + MEDIUM_ROWS
MEDIUM_BASELINE = ACCENT_ROWS + 10
# Marks drawn by hand for the medium face (12 rows: cap top .. descender bottom).
MEDIUM_MARKS = """
.  ,  :  ;  !  ¡  '  "     ·  …
.. .. .. .. ## .. ## ##.## .. ..........
.. .. .. .. ## .. ## ##.## .. ..........
.. .. .. .. ## .. ## ##.## .. ..........
.. .. ## ## ## .. .. ..... .. ..........
.. .. ## ## ## ## .. ..... .. ..........
.. .. .. .. ## ## .. ..... ## ..........
.. .. .. .. ## ## .. ..... ## ..........
.. .. .. .. .. ## .. ..... .. ..........
.. ## ## ## ## ## .. ..... .. ..........
## ## ## ## ## ## .. ..... .. ##.##.##..
## .# .. .# .. ## .. ..... .. ##.##.##..
.. #. .. #. .. ## .. ..... .. ..........
"""
REQUIRED = ([chr(code) for code in range(32, 127)]
            + list("äöüÄÖÜßñÑáéíóúÁÉÍÓÚ¿¡«»·…€←→↑↓"))


def parse_glyphs(text: str) -> dict[str, np.ndarray]:
    """The hand-drawn table: a header of characters, then nine rows per block."""
    glyphs: dict[str, np.ndarray] = {}
    blocks = [block.splitlines() for block in text.strip("\n").split("\n\n")]
    for lines in blocks:
        names = [" " if token == SPACE_NAME else token for token in lines[0].split()]
        rows = [line.split() for line in lines[1:]]
        if len(rows) != GLYPH_ROWS or any(len(row) != len(names) for row in rows):
            raise ValueError(f"glyph block {lines[0]!r} is not {GLYPH_ROWS} rows of "
                             f"{len(names)} glyphs")
        for column, name in enumerate(names):
            if len({len(row[column]) for row in rows}) != 1:
                raise ValueError(f"glyph {name!r} has rows of different widths")
            bitmap = np.array([[pixel == "#" for pixel in row[column]] for row in rows])
            glyphs[name] = np.pad(bitmap, ((ACCENT_ROWS, 0), (0, 0)))
    return glyphs


def add_accents(glyphs: dict[str, np.ndarray], accents: dict[str, str] = ACCENTS,
                names: list[str] | None = None, small_top: int = 1) -> None:
    """Build accented letters from their base letter and a hand-drawn accent."""
    for name in names or list(ACCENTED):
        base_name, accent_name = ACCENTED[name]
        if base_name == "ı":  # dotless i carries the acute of í
            base = glyphs["i"].copy()
            base[:ACCENT_ROWS + 2] = False
        else:
            base = glyphs[base_name]
        accent = np.array([[pixel == "#" for pixel in row]
                           for row in accents[accent_name].split()])
        inked = np.nonzero(accent.any(axis=0))[0]
        accent = accent[:, inked[0]:inked[-1] + 1]
        width = max(base.shape[1], accent.shape[1])
        glyph = np.zeros((base.shape[0], width), dtype=bool)
        glyph[:, (width - base.shape[1]) // 2:][:, :base.shape[1]] = base
        top = 0 if base_name.isupper() else small_top
        left = (width - accent.shape[1]) // 2
        glyph[top:top + 3, left:left + accent.shape[1]] |= accent
        glyphs[name] = glyph


def medium_face(small: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The medium face from the small one (see the module's notes)."""
    medium: dict[str, np.ndarray] = {}
    for name, bitmap in small.items():
        if name in ACCENTED:
            continue
        glyph = bitmap[ACCENT_ROWS:]
        rows = MEDIUM_SMALL_ROWS if name.islower() else MEDIUM_CAP_ROWS
        tall = np.concatenate([bitmap[:ACCENT_ROWS], glyph[list(rows)]])
        # A column with a vertical run of two or more pixels is a stem: doubled.
        runs = [_longest_run(glyph[:, x]) for x in range(glyph.shape[1])]
        repeat = [2 if run >= 2 or glyph.shape[1] <= 2 else 1 for run in runs]
        medium[name] = np.repeat(tall, repeat, axis=1)
    lines = MEDIUM_MARKS.strip("\n").splitlines()
    names = lines[0].split()
    rows = [line.split() for line in lines[1:]]
    for column, name in enumerate(names):
        mark = np.array([[pixel == "#" for pixel in row[column]] for row in rows])
        medium[name] = np.pad(mark, ((ACCENT_ROWS, 0), (0, 0)))
    # Accents as bold as the strokes, the small letters' just above the x-height.
    add_accents(medium, BOLD_ACCENTS, small_top=3)
    return medium


def _longest_run(column: np.ndarray) -> int:
    best = run = 0
    for ink in column:
        run = run + 1 if ink else 0
        best = max(best, run)
    return best


def bold_capitals() -> dict[str, np.ndarray]:
    """The arcade face at 1x: capitals, digits and signs; small letters shown as capitals."""
    bold = parse_glyphs(BOLD_GLYPHS)
    add_accents(bold, BOLD_ACCENTS, [name for name in ACCENTED if name.isupper()])
    for name in REQUIRED:
        if name not in bold:
            bold[name] = bold[name.upper()]
    return bold


def double(bitmap: np.ndarray) -> np.ndarray:
    """Double a 1-bit glyph, bridging diagonal steps so slopes stay joined.

    Plain doubling leaves 2 px strokes touching only at corners on every
    diagonal; each such corner gets the two pixels that join it.  Nothing is
    taken away, so stems, ends and junctions keep their shape (Scale2x would
    nibble stroke ends and punch holes at joins).
    """
    out = bitmap.repeat(2, axis=0).repeat(2, axis=1)
    here = bitmap[:-1, :-1]
    right, below, across = bitmap[:-1, 1:], bitmap[1:, :-1], bitmap[1:, 1:]
    for y, x in zip(*np.nonzero(here & across & ~right & ~below), strict=True):
        out[2 * y + 1, 2 * x + 2] = out[2 * y + 2, 2 * x + 1] = True
    for y, x in zip(*np.nonzero(right & below & ~here & ~across), strict=True):
        out[2 * y + 1, 2 * x + 1] = out[2 * y + 2, 2 * x + 2] = True
    return out


def build_fonts() -> dict[str, dict[str, np.ndarray]]:
    small = parse_glyphs(GLYPHS)
    add_accents(small)
    missing = [name for name in REQUIRED if name not in small]
    if missing:
        raise ValueError(f"glyphs missing from the table: {missing}")
    medium = medium_face(small)
    large = {name: double(bitmap) for name, bitmap in small.items()}
    huge = {name: bitmap.repeat(4, axis=0).repeat(4, axis=1)
            for name, bitmap in bold_capitals().items()}
    return {"small": small, "medium": medium, "large": large, "huge": huge}


def metrics(size: str, glyphs: dict[str, np.ndarray]) -> tuple[int, int, int, int]:
    """(line height, baseline, capital height, gap between letters) of a size."""
    if size == "medium":
        return MEDIUM_CELL, MEDIUM_BASELINE, 10, 1
    scale = glyphs["A"].shape[0] // CELL
    return CELL * scale, BASELINE * scale, 7 * scale, scale


def pack(fonts: dict[str, dict[str, np.ndarray]], sheet_width: int = 512
         ) -> tuple[np.ndarray, dict]:
    """Shelf-pack every glyph of every size into one white-on-clear sheet."""
    placed: dict[str, dict] = {}
    spots: list[tuple[int, int, np.ndarray]] = []
    top = 0
    for size, glyphs in fonts.items():
        line, baseline, cap, gap = metrics(size, glyphs)
        x, y = 0, top
        table = {}
        for name in sorted(glyphs):
            bitmap = glyphs[name]
            width = bitmap.shape[1]
            if x + width > sheet_width:
                x, y = 0, y + line + 1
            spots.append((x, y, bitmap))
            table[name] = [x, y, width, bitmap.shape[0], width + gap]
            x += width + 1
        placed[size] = {"line_height": line, "baseline": baseline,
                        "cap_height": cap, "glyphs": table}
        top = y + line + 1
    height = top - 1
    sheet = np.zeros((height, sheet_width, 4), dtype=np.uint8)
    for x0, y0, bitmap in spots:
        h, w = bitmap.shape
        sheet[y0:y0 + h, x0:x0 + w][bitmap] = (255, 255, 255, 255)
    return sheet, {"format": "hacienda-font/1", "image": "font.png", "fonts": placed}


def preview(fonts: dict[str, dict[str, np.ndarray]]) -> np.ndarray:
    """Sample lines in every size, white on the darkest palette colour, for eyeballing."""
    lines = [("small", "HACIENDA: Kühe, Schafe, Pferde... ¿Señor? ¡Olé! 0123456789"),
             ("small", "abcdefghijklmnopqrstuvwxyz ß äöü ñ áéíóú ÄÖÜ ÑÁÉÍÓÚ « » · … € ←→↑↓"),
             ("small", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ×"),
             ("medium", "HACIENDA: Kühe, Schafe, Pferde... ¿Señor? ¡Olé! 0123456789"),
             ("medium", "abcdefghijklmnopqrstuvwxyz ß äöü ñ áéíóú ÄÖÜ ÑÁÉÍÓÚ « » · … €"),
             ("medium", "ABCDEFGHIJKLMNOPQRSTUVWXYZ !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ×"),
             ("medium", "Intermediate scoring in 18 cards. Ana buys a land card."),
             ("large", "Market side: +7 pesos ¿Listo?"),
             ("large", "Pass to Ana: click when ready"),
             ("huge", "SCORE 1234 ¡OLÉ!"),
             ("huge", "ABCDEFGHIJKLM"), ("huge", "NOPQRSTUVWXYZ"),
             ("huge", "0123456789+-=×"), ("huge", "ÄÖÜÑÁÉÍÓÚß¿?"),
             ("huge", "«»←→↑↓€$%#&@*"), ("huge", "()[]{}<>/\\|.,:;!\"'^`~_…·")]
    rows = []
    for size, text in lines:
        glyphs = fonts[size]
        gap = metrics(size, glyphs)[3]
        parts = []
        for char in text:
            bitmap = glyphs.get(char, glyphs["?"])
            parts += [bitmap, np.zeros((bitmap.shape[0], gap), dtype=bool)]
        rows.append(np.concatenate(parts, axis=1))
    width = max(row.shape[1] for row in rows) + 8
    image = np.zeros((sum(row.shape[0] + 4 for row in rows) + 4, width, 4), dtype=np.uint8)
    image[...] = (26, 28, 44, 255)
    y = 4
    for row in rows:
        image[y:y + row.shape[0], 4:4 + row.shape[1]][row] = (244, 244, 244, 255)
        y += row.shape[0] + 4
    return image.repeat(3, axis=0).repeat(3, axis=1)


def write_font(out: Path) -> tuple[Path, Path]:
    return write_sheet(out, "font", *pack(build_fonts()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets")
    parser.add_argument("--preview", type=Path, help="also write a 3x sample-text PNG")
    args = parser.parse_args(argv)
    png, meta = write_font(args.out)
    if args.preview:
        args.preview.write_bytes(png_bytes(preview(build_fonts())))
    print(f"wrote {png} and {meta}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
