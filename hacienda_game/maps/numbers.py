"""The one reader of the numbers a Tiled map holds.

Tiled writes numbers in ASCII: whole numbers as ``[-]digits``, others as a
C-locale decimal (``12.5``, ``1e-05``).  Python's own ``int`` and ``float``
take far more (``int("٩")`` is 9, ``"²".isdigit()`` is true, a 5,000-digit
number raises, ``float("1e308")`` is finite but too large to draw), so
every number of a map, tileset or template is read here: ASCII only, at
most `MAX_DIGITS` characters, within a range, floats finite.  A text that
is not such a number gives ``None``; the scan (`tmxfile`) refuses it, naming
the attribute and the element.
"""

from __future__ import annotations

import math
import re

MAX_CHARS = 32
_INT = re.compile(r"[+-]?[0-9]{1,10}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})(?:[eE][+-]?[0-9]{1,3})?")
_HEX = re.compile(r"#?(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")

# Ranges every number of a map keeps to (a layer or picture limit is checked
# again where it applies).
INT_RANGE = (-(2**31), 2**32 - 1)
COORDINATE = 1_000_000.0    # pixels: far beyond any picture the budgets allow


def parse_int(text: str | None, low: int = INT_RANGE[0],
              high: int = INT_RANGE[1]) -> int | None:
    """A whole number in ASCII within ``[low, high]``; None otherwise."""
    if text is None or len(text) > MAX_CHARS or not _INT.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_float(text: str | None, low: float = -COORDINATE,
                high: float = COORDINATE) -> float | None:
    """A finite decimal number in ASCII within ``[low, high]``; None otherwise."""
    if text is None or len(text) > MAX_CHARS or not _FLOAT.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) and low <= value <= high else None


def parse_colour(text: str | None) -> tuple[int, int, int, int] | None:
    """``#AARRGGBB`` or ``#RRGGBB`` (``#`` optional, as Tiled reads it) ->
    (r, g, b, a); None when it is not one."""
    if not text or not _HEX.fullmatch(text):
        return None
    digits = text.lstrip("#")
    value = int(digits, 16)
    alpha = value >> 24 & 255 if len(digits) == 8 else 255
    return (value >> 16 & 255, value >> 8 & 255, value & 255, alpha)


def int_or(text: str | None, default: int, low: int = INT_RANGE[0],
           high: int = INT_RANGE[1]) -> int:
    """`parse_int`, or ``default`` when the text is absent or not a number
    (the scan has already refused a map whose number is not one)."""
    value = parse_int(text, low, high)
    return default if value is None else value


def float_or(text: str | None, default: float, low: float = -COORDINATE,
             high: float = COORDINATE) -> float:
    value = parse_float(text, low, high)
    return default if value is None else value
