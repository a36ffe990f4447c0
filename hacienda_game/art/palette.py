"""The one palette of the game (STYLE.md: chosen once, kept in one file).

Sweetie 16 plus a few earth tones, one letter per colour so sprite sources
can be written as text.  Plain RGB tuples: the tileset script, the asset
scripts and the client all read these, and nothing here imports pygame.
"""

from __future__ import annotations

PALETTE: dict[str, tuple[int, int, int]] = {
    "k": (26, 28, 44), "d": (51, 60, 87), "g": (86, 108, 134), "l": (148, 176, 194),
    "w": (244, 244, 244), "p": (93, 39, 93), "r": (177, 62, 83), "o": (239, 125, 87),
    "y": (255, 205, 117), "t": (214, 160, 88), "L": (167, 240, 112), "G": (56, 183, 100),
    "D": (31, 107, 58), "T": (37, 113, 121), "n": (41, 54, 111), "b": (59, 93, 201),
    "B": (65, 166, 246), "c": (115, 239, 247), "u": (160, 100, 60), "U": (90, 58, 46),
    "O": (122, 138, 60), "s": (201, 134, 86),
    # added for the client's pieces: seat 4's magenta and the pig's pink, and light red and
    # light magenta for seat 0's and seat 4's names on the dark panels (readable contrast)
    "m": (214, 88, 196), "i": (244, 164, 178), "R": (246, 118, 130), "M": (236, 128, 228),
}
