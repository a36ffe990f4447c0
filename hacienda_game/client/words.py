"""The game's nouns as the screen shows them: terrains, animals, spaces, AI
levels and scoring kinds, in the current language (the engine names them in
English ids such as ``"cattle"``; these are only for the player's eyes)."""

from __future__ import annotations

from ..engine import Termination, termination_of
from ..i18n import N_, _, ngettext
from ..maps.landmarks import middle_of, where

CARD_NAMES = {
    "mountain": N_("mountain"), "forest": N_("forest"), "meadow": N_("meadow"),
    "rock": N_("rock"), "moor": N_("moor"), "pampas": N_("pampas"),
    "cattle": N_("cattle"), "horse": N_("horse"), "pig": N_("pig"), "sheep": N_("sheep"),
    "market": N_("market"), "water": N_("water"),
}
LEVEL_NAMES = {"random": N_("random"), "easy": N_("easy"), "medium": N_("medium"),
               "hard": N_("hard"), "expert": N_("expert")}
# One line a player reads beside a seat's kind in setup (levels weakest first).
KIND_NOTES = {
    "human": N_("Human: plays at this screen with the mouse, the keys or a pad."),
    "remote": N_("Remote: a player on another computer joins with the join code."),
    "easy": N_("Easy: looks one move ahead and often takes a lesser one. For a first game."),
    "medium": N_("Medium: plans its whole turn. A fair game that thinks quickly."),
    "hard": N_("Hard: plans its turn against every opponent's points. A strong game."),
    "expert": N_("Expert: searches twice as wide as hard and races to the end. The strongest."),
}
SCORING_NAMES = {"intermediate": N_("Intermediate scoring"), "final": N_("Final scoring")}
# How a game ended (the engine's `Termination`), as the screen says it.
ENDINGS = {Termination.STACKS: N_("the second animal stack is used up"),
           Termination.STALEMATE: N_("no player can act any more")}


def first_up(text: str) -> str:
    """A list entry's first letter in capitals ("Rock card · 3 pesos" beside
    "Land deck · 2 pesos"), the rest as it is."""
    return text[:1].upper() + text[1:]


def card_name(card: str) -> str:
    """A terrain, animal or space in the current language (the id if unknown)."""
    return _(CARD_NAMES[card]) if card in CARD_NAMES else card


def level_name(level: str) -> str:
    """An AI level in the current language (the id for a level added later)."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def kind_note(kind: str) -> str:
    """What a seat kind means, in one line of the current language."""
    return _(KIND_NOTES[kind]) if kind in KIND_NOTES else level_name(kind)


def scoring_name(which: str) -> str:
    return _(SCORING_NAMES[which]) if which in SCORING_NAMES else which


def ending(termination: Termination | None) -> str:
    """Why the game ended, in the current language ("" while it runs)."""
    return _(ENDINGS[termination]) if termination is not None else ""


def over_reason(reason: str | None) -> str:
    """`ending` for a record's or a view's ``over_reason`` (or an event's
    ``termination`` code): the engine says which `Termination` it stands for."""
    termination = termination_of(reason)
    return ending(termination) if termination is not None else (reason or "")


def action_words(action, board) -> str:
    """An engine action as a short phrase in the current language (the log's
    "takes back", the replay's step line), its place named by landmark on
    ``board``; the notation stays for files."""
    if action.verb == "buy":
        if action.item in ("land", "animal"):
            if action.card:
                return _("buy the face-up {card} card").format(card=card_name(action.card))
            return _(DECK_BUYS[action.item])
        if action.item == "hacienda":
            return _("buy a hacienda {place}").format(place=where(board, action.cells[0]))
        return _("buy a water tile {place}").format(
            place=where(board, middle_of(board, action.cells)))
    if action.verb == "play":
        return _("play {card} {place}").format(card=card_name(action.card or ""),
                                                place=where(board, action.cells[0]))
    if action.verb == "harvest":
        if action.source is not None:
            return _("harvest the chain {place}, taking the chip of the chain {source}").format(
                place=where(board, action.cells[0]), source=where(board, action.source))
        return _("harvest the chain {place}").format(place=where(board, action.cells[0]))
    return _("end the turn")


DECK_BUYS = {"land": N_("buy a land card from the deck"),
             "animal": N_("buy an animal card from the deck")}


# ------------------------------------------------------------ counting words
# Each text that counts something names what it counts, in the form the number
# asks for in the language (ngettext: "1 point", "2 points"; Plural-Forms).
def pesos(n: int) -> str:
    return ngettext("{count} peso", "{count} pesos", n).format(count=n)


def points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)


def markets(n: int) -> str:
    return ngettext("{count} market", "{count} markets", n).format(count=n)


def tiles(n: int) -> str:
    return ngettext("{count} tile", "{count} tiles", n).format(count=n)


def actions_left(n: int) -> str:
    return ngettext("{count} action left", "{count} actions left", n).format(count=n)


def hexes_take(card: str, n: int) -> str:
    """How many hexes a card in hand may go to (pointed at in the hand)."""
    if n == 0:
        return _("no hex takes a {card} card now").format(card=card_name(card))
    return ngettext("{card} card: {count} hex can take it",
                    "{card} card: {count} hexes can take it", n).format(
        card=card_name(card), count=n)


def herd_paid(name: str, place: str, herd: int, land: int, amount: int) -> str:
    """A market payout in the log: where (the market's place, "at the north
    market"), what was counted and what it paid."""
    animals = ngettext("{count} animal", "{count} animals", herd).format(count=herd)
    lands = ngettext("{count} land tile", "{count} land tiles", land).format(count=land)
    return _("{name}'s herd sells {place}: {animals} + {lands} = {pesos}").format(
        name=name, place=place, animals=animals, lands=lands, pesos=pesos(amount))


def stack_words(ahead) -> str:
    """The next scoring in a player's words (``engine.countdown.ScoringAhead``):
    how many animal cards are left until it, or that it comes when this round
    ends; nothing once the game is over."""
    if ahead.which is None:
        return ""
    if ahead.due:
        if ahead.final_too:
            return _("Intermediate and final scoring after this round")
        return _("Final scoring after this round") if ahead.which == "final" else \
            _("Intermediate scoring after this round")
    cards = ahead.cards
    if ahead.which == "intermediate":
        return ngettext("Intermediate scoring in {count} animal card",
                        "Intermediate scoring in {count} animal cards", cards).format(count=cards)
    return ngettext("Final scoring in {count} animal card",
                    "Final scoring in {count} animal cards", cards).format(count=cards)
