"""The last table set up, kept for the next New game (and the next start of
the game): seats with their names, levels and colours, the map, the variants,
open hands and hints.  Not the seed (a new game deals anew) nor the pads
(they come and go).

The file is the player's (``<config>/table.json``); anything in it that
cannot be used is left out, value by value, and a table that cannot be used
at all is no table: setup then starts from its defaults.  Never an error.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .choices import PLAYER_COUNTS, VARIANTS
from .plan import GamePlan, SeatPlan
from .saves import SaveError, read_user_file, write_atomic
from .userdirs import config_dir

FORMAT = "hacienda-table/1"
LIMIT = 16 * 1024
NAME_LIMIT = 10


def table_path() -> Path:
    return config_dir() / "table.json"


def remember(plan: GamePlan) -> bool:
    """Keep the table of a game being started; False if the disk refused
    (the game goes on: the next setup starts from the defaults)."""
    data = {"format": FORMAT, "map": plan.map, "variants": list(plan.variants),
            "open_hands": plan.open_hands, "hints": plan.hints,
            "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour}
                      for s in plan.seats]}
    try:
        write_atomic(table_path(), json.dumps(data, indent=1))
    except OSError:
        return False
    return True


def recall(kinds: Iterable[str]) -> dict[str, Any] | None:
    """The last table: ``{"map", "variants", "open_hands", "hints", "seats"}``
    with ``seats`` a list of `SeatPlan`; only seat kinds among ``kinds``; None
    when there is none that can be used."""
    try:
        data = json.loads(read_user_file(table_path(), LIMIT, "table"))
    except (SaveError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    known = set(kinds)
    seats: list[SeatPlan] = []
    colours: set[int] = set()
    raw = data.get("seats")
    for seat in raw if isinstance(raw, list) else []:
        if not isinstance(seat, dict):
            continue
        name, kind, colour = seat.get("name"), seat.get("kind"), seat.get("colour")
        if not (isinstance(name, str) and name.strip() and name.isprintable()
                and kind in known and type(colour) is int and 0 <= colour < 5
                and colour not in colours):
            continue
        colours.add(colour)
        seats.append(SeatPlan(name[:NAME_LIMIT], kind, colour))
    if len(seats) not in PLAYER_COUNTS:
        return None
    variants = data.get("variants")
    return {"map": data["map"] if isinstance(data.get("map"), str) else None,
            "variants": sorted({v for v in variants if v in VARIANTS}
                               if isinstance(variants, list) else ()),
            "open_hands": data.get("open_hands") is True,
            "hints": data.get("hints") is not False,
            "seats": seats}
