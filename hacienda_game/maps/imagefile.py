"""What a map's picture file is, read from its bytes without decoding it.

Tiled draws PNG, JPEG and GIF pictures; so does the game (pygame-ce's image
loader decodes them, in the client).  Here, before anything is decoded, the
picture's kind and size come from its header (a JPEG's frame header, a
GIF's screen and every frame's descriptor), so the budgets hold whatever
the file claims, and a PNG is checked whole: every chunk's CRC, and its
pixel data inflates (thrown away as it goes) to exactly what its size says,
so a damaged or cut-short PNG is refused with the reason instead of drawing
nothing.  A JPEG's or GIF's damage inside its pixel data is left to the
decoder: the picture is then left out, as Tiled leaves it out.
"""

from __future__ import annotations

import struct
import zlib

from ..i18n import N_
from .reasons import Reason

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SIGNATURE = b"\xff\xd8\xff"
GIF_SIGNATURES = (b"GIF87a", b"GIF89a")
MAX_GIF_FRAMES = 4096
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}

# Why a picture cannot be read: the {reason} of a refusal.
CUT_SHORT = N_("the file is cut short")
BAD_CRC = N_("chunk {chunk} is damaged (its checksum is wrong)")
BAD_HEADER = N_("its header is damaged")
BAD_PIXELS = N_("its pixel data is damaged ({detail})")
WRONG_PIXELS = N_("its pixel data does not fill its {width}x{height} pixels")
NO_SIZE = N_("it never says its size")
BIG_FRAME = N_("a frame of {width}x{height} pixels lies outside the picture")
MANY_FRAMES = N_("over 4096 frames")


class ImageProblem(Reason):
    """A picture that cannot be read."""


def image_kind(head: bytes) -> str | None:
    """``"png"``, ``"jpeg"`` or ``"gif"`` from a file's first bytes; None otherwise."""
    if head.startswith(PNG_SIGNATURE):
        return "png"
    if head.startswith(JPEG_SIGNATURE):
        return "jpeg"
    if head[:6] in GIF_SIGNATURES:
        return "gif"
    return None


def image_size(data: bytes) -> tuple[int, int]:
    """The (width, height) a picture's header gives; `ImageProblem` when it
    has none or cannot say."""
    kind = image_kind(data)
    if kind == "png":
        if len(data) < 33 or data[12:16] != b"IHDR":
            raise ImageProblem(BAD_HEADER)
        return struct.unpack(">II", data[16:24])
    if kind == "jpeg":
        return _jpeg_size(data)
    if kind == "gif":
        return _gif_size(data)
    raise ImageProblem(BAD_HEADER)


def _jpeg_size(data: bytes) -> tuple[int, int]:
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise ImageProblem(BAD_HEADER)
        marker = data[pos + 1]
        if marker == 0xFF:              # fill byte
            pos += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD9)):
            pos += 2
            continue
        (length,) = struct.unpack(">H", data[pos + 2:pos + 4])
        if length < 2:
            raise ImageProblem(BAD_HEADER)
        if marker in _SOF:
            if pos + 9 > len(data):
                raise ImageProblem(CUT_SHORT)
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return width, height
        if marker in (0xDA, 0xD9):      # pixel data or the end before any size
            raise ImageProblem(NO_SIZE)
        pos += 2 + length
    raise ImageProblem(CUT_SHORT)


def _gif_size(data: bytes) -> tuple[int, int]:
    """The logical screen's size; every frame must lie inside it."""
    if len(data) < 13:
        raise ImageProblem(CUT_SHORT)
    width, height, flags = struct.unpack("<HHB", data[6:11])
    pos = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    frames = 0
    while pos < len(data):
        block = data[pos]
        if block == 0x3B:               # trailer
            return width, height
        if block == 0x21:               # extension: label, then sub-blocks
            pos = _skip_sub_blocks(data, pos + 2)
        elif block == 0x2C:             # a frame
            if pos + 10 > len(data):
                raise ImageProblem(CUT_SHORT)
            left, top, w, h, fflags = struct.unpack("<HHHHB", data[pos + 1:pos + 10])
            if left + w > width or top + h > height:
                raise ImageProblem(BIG_FRAME, width=w, height=h)
            frames += 1
            if frames > MAX_GIF_FRAMES:
                raise ImageProblem(MANY_FRAMES)
            pos += 10 + (3 << ((fflags & 7) + 1) if fflags & 0x80 else 0)
            pos = _skip_sub_blocks(data, pos + 1)     # after the LZW code size
        else:
            raise ImageProblem(BAD_HEADER)
    raise ImageProblem(CUT_SHORT)


def _skip_sub_blocks(data: bytes, pos: int) -> int:
    while pos < len(data):
        size = data[pos]
        pos += 1 + size
        if size == 0:
            return pos
    raise ImageProblem(CUT_SHORT)


def check_png(data: bytes) -> None:
    """Every chunk whole with a right CRC, IHDR first, IEND last, and the
    pixel data inflating to exactly the size the header gives (inflated in
    pieces and thrown away: never more than a megabyte held)."""
    width, height = image_size(data)
    depth, colour, _compression, _filter, interlace = struct.unpack(">BBBBB", data[24:29])
    if colour not in _CHANNELS or depth not in (1, 2, 4, 8, 16) or interlace > 1:
        raise ImageProblem(BAD_HEADER)
    expected = _raw_size(width, height, depth * _CHANNELS[colour], interlace)
    inflater = zlib.decompressobj()
    pos, inflated, seen_end = 8, 0, False
    while pos < len(data):
        if pos + 12 > len(data):
            raise ImageProblem(CUT_SHORT)
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        end = pos + 12 + length
        if end > len(data):
            raise ImageProblem(CUT_SHORT)
        body = data[pos + 8:end - 4]
        (crc,) = struct.unpack(">I", data[end - 4:end])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ImageProblem(BAD_CRC, chunk=kind.decode("latin-1"))
        if kind == b"IDAT":
            inflated += _inflate(inflater, body, expected - inflated)
        elif kind == b"IEND":
            seen_end = True
            break
        pos = end
    if not seen_end:
        raise ImageProblem(CUT_SHORT)
    if inflated != expected or not inflater.eof:
        raise ImageProblem(WRONG_PIXELS, width=width, height=height)


def _inflate(inflater: zlib._Decompress, body: bytes, room: int) -> int:
    """Inflate one IDAT chunk, counting the bytes; never more than ``room`` + 1."""
    count = 0
    try:
        while body:
            out = inflater.decompress(body, 1 << 20)
            count += len(out)
            if count > room:
                return count
            body = inflater.unconsumed_tail
    except zlib.error as exc:
        raise ImageProblem(BAD_PIXELS, detail=str(exc)) from None
    return count


def _raw_size(width: int, height: int, bits: int, interlace: int) -> int:
    """Bytes of filtered scanlines a PNG of this size holds."""
    def rows(w: int, h: int) -> int:
        return 0 if not w or not h else h * (1 + (w * bits + 7) // 8)
    if not interlace:
        return rows(width, height)
    passes = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
              (1, 0, 2, 2), (0, 1, 1, 2))
    return sum(rows((width - x + dx - 1) // dx, (height - y + dy - 1) // dy)
               for x, y, dx, dy in passes)
