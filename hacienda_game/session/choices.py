"""What a game can be set up with: who sits in a seat, and the rule variants.

The one registry of each that the command line, the setup screen, saves and
the text game ask: seat kinds are ``human`` or an AI level of
`hacienda_game.ai.levels` (weakest first); variants are the engine's
`VARIANTS` (R17, R46, the house rule of R39), with the names a player reads.
Refusals are in English, as the command line's are.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import PLAYER_COUNTS, VARIANTS
from ..i18n import N_, _

HUMAN = "human"
REMOTE = "remote"          # a person on another machine (a hosted game's seat)
# The engine's player counts (R9) as the command lines' help says them: "2-5".
PLAYERS_TEXT = f"{PLAYER_COUNTS[0]}-{PLAYER_COUNTS[-1]}"
VARIANT_NAMES = {"hand_limits": N_("Hand limits"), "lakes": N_("Lakes"),
                 "lone_harvest": N_("Lone harvest")}

__all__ = ["HUMAN", "PLAYERS_TEXT", "PLAYER_COUNTS", "REMOTE", "VARIANTS", "VARIANT_NAMES",
           "ai_levels", "check_level", "check_seat_kind", "check_variants", "default_level",
           "parse_seats", "player_levels", "seat_kinds", "variant_name"]


def ai_levels() -> tuple[str, ...]:
    """The AI levels, weakest first."""
    from ..ai import levels

    return levels()


def seat_kinds() -> tuple[str, ...]:
    """What a seat can be: human, then every AI level."""
    return (HUMAN, *ai_levels())


def player_levels() -> tuple[str, ...]:
    """The AI levels a player chooses from in setup, weakest first: every
    level but ``random`` (a baseline the tools and tests keep)."""
    return tuple(level for level in ai_levels() if level != "random")


def default_level() -> str:
    """The AI level a new AI seat starts with: medium (a fair fight that
    thinks quickly) when it exists, else the strongest there is."""
    known = ai_levels()
    return "medium" if "medium" in known else known[-1]


def check_level(level: str) -> str:
    """``level`` if it is an AI level; ValueError saying which there are."""
    known = ai_levels()
    if level not in known:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(known)}")
    return level


def check_seat_kind(kind: object) -> str:
    """``kind`` if it is human or an AI level; ValueError otherwise."""
    if kind == HUMAN:
        return HUMAN
    known = ai_levels()
    if not isinstance(kind, str) or kind not in known:
        raise ValueError(f"{kind!r} is neither human nor an AI level ({', '.join(known)})")
    return kind


def parse_seats(text: str, humans: bool = True) -> list[str]:
    """``"human,easy"`` -> ``["human", "easy"]``: 2-5 seat kinds (only AI
    levels unless ``humans``); ValueError saying what is wrong."""
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    if len(seats) not in PLAYER_COUNTS:
        raise ValueError(f"--seats takes {PLAYERS_TEXT} seats, got {len(seats)}")
    for kind in seats:
        (check_seat_kind if humans else check_level)(kind)
    return seats


def check_variants(names: Iterable[str]) -> list[str]:
    """The variants as a list, if every one is known; ValueError otherwise."""
    names = list(names)
    for name in names:
        if name not in VARIANTS:
            raise ValueError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}")
    return names


def variant_name(variant: str) -> str:
    """A variant as the player reads it, in the current language."""
    return _(VARIANT_NAMES[variant]) if variant in VARIANT_NAMES else variant
