"""The game's nouns as the screen shows them: terrains, animals, spaces, AI
levels and scoring kinds, in the current language (the engine names them in
English ids such as ``"cattle"``; these are only for the player's eyes)."""

from __future__ import annotations

from ..i18n import N_, _

CARD_NAMES = {
    "mountain": N_("mountain"), "forest": N_("forest"), "meadow": N_("meadow"),
    "rock": N_("rock"), "moor": N_("moor"), "pampas": N_("pampas"),
    "cattle": N_("cattle"), "horse": N_("horse"), "pig": N_("pig"), "sheep": N_("sheep"),
    "market": N_("market"), "water": N_("water"),
}
LEVEL_NAMES = {"random": N_("random"), "easy": N_("easy"), "medium": N_("medium"),
               "hard": N_("hard")}
SCORING_NAMES = {"intermediate": N_("Intermediate scoring"), "final": N_("Final scoring")}
OVER_REASONS = {"the second animal stack is used up": N_("the second animal stack is used up"),
                "no player can act any more": N_("no player can act any more")}


def card_name(card: str) -> str:
    """A terrain, animal or space in the current language (the id if unknown)."""
    return _(CARD_NAMES[card]) if card in CARD_NAMES else card


def level_name(level: str) -> str:
    """An AI level in the current language (the id for a level added later)."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def scoring_name(which: str) -> str:
    return _(SCORING_NAMES[which]) if which in SCORING_NAMES else which


def over_reason(reason: str) -> str:
    return _(OVER_REASONS[reason]) if reason in OVER_REASONS else reason
