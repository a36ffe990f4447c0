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
    # The five seat colours, chosen by measurement (tests/test_seat_colours.py): every pair
    # CIEDE2000 >= 20, >= 10 under simulated deuteranopia, protanopia and tritanopia, each
    # >= 15 from the market, water and highlight colours; with a shade for rims and a light
    # for names on the dark panels.  Seat 3 is black, darker than every terrain (a
    # yellow-olive once melted into moor and meadow; tests/client/test_owned_faces.py
    # measures each seat's owned tile against every bare terrain), and white wherever it
    # is drawn on the dark UI: black pieces with a white diamond, a white name.  Its
    # band's checks are a dark olive "Z", the mix that keeps its tiles furthest from the
    # dark market, moor and mountain (a deep green before it measured the same).
    "E": (238, 17, 17), "e": (140, 14, 24), "F": (34, 68, 255), "f": (20, 30, 140),
    "h": (140, 170, 255), "C": (0, 204, 204), "j": (0, 110, 120), "V": (230, 90, 255),
    "v": (104, 32, 130), "Y": (0, 0, 0), "q": (0, 0, 0), "Z": (102, 102, 51),
    # Seat 3's ink: full white, a little further than "w" from seat 2's cyan under
    # simulated protanopia (14.5 against 12.5).
    "W": (255, 255, 255),
    # Water, pale as on a printed map: a seat's tile (blue most of all) never reads as
    # water from three metres (tests/client/test_owned_faces.py measures the rendered hexes).
    # Paler than the (170, 218, 255) it was, and with no blue ring of its own (only its
    # wave marks are blue), so a blue tile beside a lake does not melt into it.
    "a": (190, 228, 255),
    # The coach's hint: a lemon yellow that is no seat's colour (seat 2's cyan was) and not
    # the selection's gold (tests/test_seat_colours.py measures it).
    "H": (255, 255, 0),
}

# Seat colour index -> (colour, shade, light) palette letters.
SEATS: tuple[tuple[str, str, str], ...] = (
    ("E", "e", "R"), ("F", "f", "h"), ("C", "j", "c"), ("Y", "q", "W"), ("V", "v", "M"))
# Each seat's ink on the dark UI (chart lines, track pieces and bars, emblems on panels): its
# colour where that stands off the navy panels, else its light.  A line two pixels wide
# seen from three metres is a small field, where every eye tells blue from yellow poorly
# (small-field tritanopia), so the ink must stand off the panel under the tritan
# simulation too: seat 3's black, dark to stand off moor and meadow on the board, all but
# vanishes there, so its ink is the white of its diamond (once a light green, which no
# one matched with its black pieces; tests/client/test_seat_ink.py measures the pixels).
SEAT_INK: tuple[str, ...] = ("E", "F", "C", "W", "V")
# The dark UI a seat's ink is drawn on: the panels' face (also the screens' night behind
# them) and the darkest ink of boxes and shadows.
UI_DARK = {"panel": PALETTE["d"], "ink": PALETTE["k"]}
# The colours a seat colour must stand apart from: the market, water and highlights.
MARKET, WATER = PALETTE["p"], PALETTE["a"]      # as the tileset and the water tile paint them
HIGHLIGHTS = {"gold": PALETTE["y"], "white": PALETTE["w"], "warning": (255, 140, 70),
              "hint": PALETTE["H"]}
HINT = PALETTE["H"]
