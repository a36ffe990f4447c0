"""Why an action is not allowed, for the player, in the game's language.

The engine refuses an illegal action with an `IllegalAction` that is data:
a ``code`` naming the refusal, the ``rule`` it cites and its ``params``
(``engine.errors``).  The screen shows a short translated sentence chosen by
the code alone, never by reading the English message, and never shows a rule
number: a player reads "That hex is already taken.", not "(R23, R30)".
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction
from ..i18n import N_, _

NOT_AN_ACTION = N_("That is not an action of this game.")
CARD_GONE = N_("That card is no longer face up.")
CHIPS_OUT = N_("All 8 chips are out: take one from another player's chain.")
LAND_ON_TERRAIN = N_("A land card goes on a free space of its own terrain.")
OWN_PIECE = N_("A hacienda goes on one of your own land tiles or animal tokens.")

# Refusal code (engine.errors.REFUSALS) -> the sentence a player reads.
SENTENCES: dict[str, str] = {
    "game_over": N_("The game is over."),
    "cannot_pay": N_("You have too few pesos for that."),
    "turn_used": N_("No actions left: end your turn."),
    "not_an_action": NOT_AN_ACTION,
    "unreadable": NOT_AN_ACTION,
    "water_order": NOT_AN_ACTION,
    "one_tile": NOT_AN_ACTION,
    "one_token": NOT_AN_ACTION,
    "one_hacienda": N_("Only one hacienda may be bought per turn."),
    "one_water": N_("Only one water tile may be bought per turn."),
    "one_harvest": N_("Only one harvest per turn."),
    "hand_full": N_("Your hand is full: play a card before buying another."),
    "not_face_up": CARD_GONE,
    "land_deck_empty": N_("The land deck and its discards are empty."),
    "animal_deck_empty": N_("The animal deck is used up."),
    "no_hacienda_left": N_("No hacienda is left."),
    "hacienda_already": N_("That chain or herd already has a hacienda."),
    "hacienda_not_own": OWN_PIECE,
    "hacienda_one_hex": OWN_PIECE,
    "water_cells": N_("A water tile covers 1 to 4 hexes."),
    "water_none_left": N_("No water tile of this size is left."),
    # (the screen adds how to turn it, in the words of the device in use)
    "water_shape": N_("The water tile does not fit there."),
    "water_not_free": N_("Water tiles go on free pampas only."),
    "no_land_tile_left": N_("All your land tiles are on the board."),
    "no_such_card": N_("You hold no such card."),
    "taken": N_("That hex is already taken."),
    "animal_not_pampas": N_("Animals go on pampas only."),
    "land_not_here": N_("Land tiles never go on markets or water."),
    "terrain_first": N_("A terrain card goes on a free space of its terrain while one is left."),
    "pampas_card": N_("A pampas card goes on pampas next to your land."),
    "pampas_not_adjacent": N_("This pampas hex is not next to one of your land tiles."),
    "wrong_terrain": LAND_ON_TERRAIN,
    "no_token_left": N_("None of your animal tokens can show that animal any more."),
    "animal_not_adjacent": N_("Animals go next to your land or to your herd of the same animal."),
    "harvest_has_chip": N_("That chain already has a harvest chip."),
    "harvest_not_own": N_("Harvest one of your own land chains."),
    "harvest_lone": N_("A lone land tile is not a chain: only chains of 2 or more tiles"
                       " are harvested."),
    "chip_from_supply": N_("Chips are left in the supply: take one from there."),
    "chip_name_source": CHIPS_OUT,
    "no_chip_there": CHIPS_OUT,
    "chip_own": CHIPS_OUT,
    "not_a_hex": N_("That hex is not on this board."),
    # Why a whole control is off (engine.whynot).
    "hacienda_no_piece": N_("You have no land tile or animal on the board to build on yet."),
    "hacienda_all_taken": N_("Every chain and herd of yours already has a hacienda."),
    "water_all_used": N_("Every water tile is on the board."),
    "water_no_room": N_("No water tile that is left fits on the free pampas."),
    "harvest_no_chain": N_("You have no land chain of 2 or more tiles to harvest yet."),
    "harvest_all_chipped": N_("Every chain of yours already has a harvest chip."),
    "harvest_no_chip": N_("All 8 chips are out and none lies on another player's chain."),
    "pampas_no_room": N_("No free pampas next to your land tiles."),
    "terrain_no_room": N_("No free space of this terrain and no free pampas next to your"
                          " land tiles."),
    "animal_no_room": N_("No free pampas next to your land tiles or your herd of this animal."),
}
# The same with the numbers and names, when the refusal carries them.
WITH_PARAMS: dict[str, str] = {
    "cannot_pay": N_("Needs {price} pesos, you have {money}."),
    "hand_full": N_("Your hand is full ({limit} cards): play a card before buying another."),
    "no_hacienda_left": N_("All {count} haciendas are on the board."),
    "water_none_left": N_("No water tile of size {size} is left."),
    "terrain_first": N_("A {card} card goes on a free {card} space while one is left."),
    "wrong_terrain": N_("This hex is {space}: a {card} card goes on {card}."),
    "no_token_left": N_("None of your animal tokens can show a {card} any more."),
    "harvest_all_chipped": N_("Every chain of yours already has a harvest chip"
                              " ({chains} of {chains})."),
    "terrain_no_room": N_("No free {card} space and no free pampas next to your land tiles."),
    "animal_no_room": N_("No free pampas next to your land tiles or your {card} herd."),
    "no_such_card": N_("You hold no {card} card."),
    "not_face_up": N_("No {card} card is face up any more."),
}
NAMED = ("card", "space")      # params that are game nouns, worded in the language
GENERIC = N_("Not possible here.")
# Refusals about the turn as a whole (not the hex or card pointed at).
ABOUT_THE_TURN = frozenset({"turn_used", "one_hacienda", "one_water", "one_harvest",
                            "cannot_pay", "no_land_tile_left", "no_token_left"})


class Reason(str):
    """A sentence saying why not, that keeps the code it words (the rules help
    opens at the page of the code: ``client.tips.REFUSAL_PAGES``)."""

    code: str = ""

    def __new__(cls, text: str, code: str) -> Reason:
        reason = super().__new__(cls, text)
        reason.code = code
        return reason


def about_the_turn(refusal: IllegalAction | None) -> bool:
    """Whether a refusal is about the turn (actions used, money, supply), so it
    applies whatever the player points at."""
    return refusal is not None and refusal.code in ABOUT_THE_TURN


def hint(refusal: IllegalAction | None, fallback: str | None = None) -> str:
    """A translated sentence saying why, from the engine's refusal (its code
    and params, with the numbers where it has them: "Needs 12 pesos, you
    have 4.").  ``fallback`` (already translated) replaces the generic
    sentence when there is no refusal or no sentence for it."""
    if refusal is None:
        return fallback or _(GENERIC)
    return words(refusal.code, refusal.params) or fallback or _(GENERIC)


def words(code: str, params: dict[str, Any] | None = None) -> str:
    """The sentence for a refusal code (a `Reason`, "" for a code without one)."""
    text = _words(code, params)
    return Reason(text, code) if text else ""


def _words(code: str, params: dict[str, Any] | None = None) -> str:
    """The sentence for a refusal code and its params, in the current language
    ("" for a code without one).  A sentence with numbers is used only when
    every number it needs is there (a refusal from another version may lack
    some); else the plain one."""
    params = dict(params or {})
    template = WITH_PARAMS.get(code)
    if template is not None:
        for key in NAMED:
            noun = params.get(key)
            if isinstance(noun, str):
                params[key] = _(noun)
        try:
            return _(template).format(**params)
        except (KeyError, IndexError, ValueError):
            pass
    text = SENTENCES.get(code)
    return _(text) if text else ""
