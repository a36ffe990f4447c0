"""Keeping the game's resident memory flat over a long evening.

The screens make and drop large pixel buffers all the time (panels, pictures
of the board, tinted letters, a window resized).  On Linux the C library's
allocator keeps what was freed for later and, past its first large frees,
raises the size above which a buffer gets its own pages, so big buffers come
from the shared heap and their holes are never given back: measured under
``tools/monkey.py``, the process held about 100 MiB more than it used after a
few thousand frames.  So, with glibc only (elsewhere nothing happens):

- ``tune()`` (at start) fixes that size at 128 KiB: every buffer from a
  panel up gets pages of its own, returned to the system when freed;
- ``give_back()`` (after a screen changes, at most every ``EVERY_S``) hands
  the heap's free pages back (``malloc_trim``; about 0.1-3 ms).

Screens that are gone are kept alive by their own cycles (a button's action
calls back into its screen), so only Python's full collection frees them,
and that runs seldom: under the monkey 50 MiB of gone screens' pictures
waited for it.  ``give_back(collect=True)`` runs it first; the app asks for
that at most every ``COLLECT_EVERY_S`` of game time after a screen changed
(a full collection takes 10-30 ms: never every frame).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

M_MMAP_THRESHOLD = -3        # mallopt's parameter numbers (malloc.h)
MMAP_FROM = 128 * 1024
EVERY_S = 2.0                # seconds of game time between two give_back()s
COLLECT_EVERY_S = 20.0       # ... and between two full collections of the gone screens

_libc = None


def _glibc():
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt"):
                    _libc = libc
            except OSError:
                pass
    return _libc or None


def tune() -> bool:
    """Large buffers get pages of their own (glibc); True if it was done."""
    libc = _glibc()
    return bool(libc is not None and libc.mallopt(M_MMAP_THRESHOLD, MMAP_FROM))


def give_back(collect: bool = False) -> bool:
    """Return the heap's free pages to the system (glibc); True if any were.
    ``collect``: first free what only cycles keep (gone screens)."""
    if collect:
        gc.collect()
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))
