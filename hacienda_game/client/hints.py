"""Why an action is not allowed, for the player, in the game's language.

The engine refuses an illegal action with an English developer message that
names the rule, e.g. ``"... is already taken (R23, R30)"``.  The screen shows
a short translated sentence chosen by those rule numbers (and, where one rule
number has several reasons, a word of the message), with a plain translated
fallback for anything not listed here.
"""

from __future__ import annotations

import re

from ..i18n import N_, _

# (rule numbers as the engine cites them, a word the message contains or "", hint)
RULE_HINTS: tuple[tuple[str, str, str], ...] = (
    ("R40", "", N_("The game is over.")),
    ("R13", "", N_("All 3 actions of this turn are used: end the turn.")),
    ("R14", "", N_("That is not an action of this game.")),
    ("R15", "hacienda", N_("Only one hacienda may be bought per turn.")),
    ("R15", "water", N_("Only one water tile may be bought per turn.")),
    ("R15", "harvest", N_("Only one harvest per turn.")),
    ("R17", "", N_("Your hand is full: play a card before buying another.")),
    ("R18", "no face-up", N_("That card is no longer face up.")),
    ("R19", "no face-up", N_("That card is no longer face up.")),
    ("R18", "", N_("The land deck and its discards are empty.")),
    ("R19, R40", "", N_("The animal deck is used up.")),
    ("R5, R20", "", N_("No hacienda is left.")),
    ("R20", "already has", N_("That chain or herd already has a hacienda.")),
    ("R20", "", N_("A hacienda goes on one of your own land tiles or animal tokens.")),
    ("R7", "", N_("A water tile covers 1 to 4 hexes.")),
    ("R7, R21", "is left", N_("No water tile of this size is left.")),
    ("R7, R21", "", N_("The water tile does not fit there: turn it (R, right click).")),
    ("R21", "", N_("Water tiles go on free pampas only.")),
    ("R3", "", N_("All your land tiles are on the board.")),
    ("R23", "you hold no", N_("You hold no such card.")),
    ("R27", "you hold no", N_("You hold no such card.")),
    ("R23, R30", "", N_("That hex is already taken.")),
    ("R27, R30", "already taken", N_("That hex is already taken.")),
    ("R27, R30", "", N_("Animals go on pampas only.")),
    ("R30", "", N_("Land tiles never go on markets or water.")),
    ("R23, R25", "", N_("A terrain card goes on a free space of its terrain while one is left.")),
    ("R24, R25", "", N_("A pampas card goes on pampas next to your land.")),
    ("R24", "", N_("This pampas hex is not next to one of your land tiles.")),
    ("R23", "", N_("A land card goes on a free space of its own terrain.")),
    ("R4", "", N_("None of your animal tokens can show that animal any more.")),
    ("R27", "", N_("Animals go next to your land or to your herd of the same animal.")),
    ("R36, R38", "", N_("That chain already has a harvest chip.")),
    ("R36", "", N_("Harvest one of your own land chains.")),
    ("R37", "supply", N_("Chips are left in the supply: take one from there.")),
    ("R37", "", N_("All 8 chips are out: take one from another player's chain.")),
    ("R61", "not a hex", N_("That hex is not on this board.")),
)
GENERIC = N_("Not possible here.")
_RULES = re.compile(r"\((R\d+(?:, R\d+)*)(?:[):,]| \()")
_PAY = re.compile(r"costs (\d+) pesos and you have (\d+)")


def rules_of(reason: str) -> str:
    """The rule numbers an engine message cites last, as written (``"R23, R30"``)."""
    found = _RULES.findall(reason)
    return found[-1] if found else ""


def hint(reason: str | None, fallback: str | None = None) -> str:
    """A translated sentence saying why, from the engine's reason.

    ``fallback`` (already translated) replaces the generic sentence when no
    rule matches."""
    if not reason:
        return fallback or _(GENERIC)
    pay = _PAY.search(reason)
    if pay:
        return _("That costs {price} pesos and you have {money}.").format(
            price=pay.group(1), money=pay.group(2))
    rules = rules_of(reason)
    for cited, word, text in RULE_HINTS:
        if cited == rules and word in reason:
            return _(text)
    return fallback or _(GENERIC)
