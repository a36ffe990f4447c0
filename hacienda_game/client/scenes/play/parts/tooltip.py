"""Tooltips: every counter, card, deck and button of the play screen named
and explained.

Each part reports where its elements lie (``tips`` in ``seats``, ``market``,
``hand``, ``actionbar``, ``track``, ``header``): a ``Tip`` is a rectangle, a
key and the numbers it speaks of, all data from the part's view model.  The
words are made here, in the current language, only when a tooltip is shown
(``words``), and one drawer (``draw``) puts the box beside its element,
inside the screen.  ``TipClock`` decides when one shows: the pointer resting
on an element a moment, or a pad's or the keys' focus moving onto it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .....art.palette import HIGHLIGHTS
from .....engine import PRICE_BLIND, PRICE_FACE_UP, PRICE_HACIENDA, PRICE_WATER
from .....i18n import _, ngettext
from ....assets import GOLD, INK, WHITE
from ....words import card_name, level_name, pesos, points, stack_words

WARN = HIGHLIGHTS["warning"]      # why an element is off now, as refusals are written
DELAY = 0.45              # seconds the pointer rests on an element before its tooltip
FOCUS_TIME = 4.0          # seconds a pad's or the keys' focus shows its tooltip


@dataclass(frozen=True)
class Tip:
    """An element with a tooltip: where it lies, what it is and its numbers."""

    rect: tuple[int, int, int, int]
    key: str
    params: tuple[tuple[str, object], ...] = ()

    def get(self, name: str, default=None):
        return dict(self.params).get(name, default)


def tip(rect, key: str, **params) -> Tip:
    return Tip(tuple(pygame.Rect(rect)), key, tuple(sorted(params.items())))


def tip_at(tips: list[Tip], pos: tuple[int, int] | None) -> Tip | None:
    """The tooltip of the element under ``pos`` (the last reported wins: on top)."""
    if pos is None:
        return None
    for t in reversed(tips):
        if pygame.Rect(t.rect).collidepoint(pos):
            return t
    return None


# ------------------------------------------------------------------ wording
def where_card_goes(item: str, card: str) -> str:
    """Where a card in hand or on display may go, in one sentence."""
    if item == "animal":
        return _("Puts your {animal} token on free pampas next to your land or to your "
                 "{animal} herd.").format(animal=card_name(card))
    if card == "pampas":
        return _("Puts your land tile on free pampas next to one of your land tiles.")
    return _("Puts your land tile on any free {terrain} space; played as a pampas card "
             "when no {terrain} space is free.").format(terrain=card_name(card))


def _seat_name(p) -> tuple[str, str]:
    kind = p["kind"]
    if kind == "human":
        who = _("plays at this screen")
    elif kind == "remote":
        who = _("plays on another screen")
    else:
        who = _("AI {level}").format(level=level_name(kind))
    body = who
    if p.get("current"):
        body += " · " + _("Its turn now.")
    return p["name"], body


def _money(p) -> tuple[str, str]:
    return (_("Pesos: {name} has {pesos}").format(name=p["name"], pesos=pesos(p["money"])),
            _("Pesos buy cards ({blind} from a deck, {face} face up), haciendas and water "
              "tiles ({price} each).").format(blind=PRICE_BLIND, face=PRICE_FACE_UP,
                                              price=PRICE_HACIENDA))


def _score(p) -> tuple[str, str]:
    title = _("Points: {name} has {points}").format(name=p["name"], points=points(p["score"]))
    gain = p["gain"]
    if gain:
        body = _("If scored now: {gain} more, {total} in all.").format(
            gain=points(gain), total=points(p["score"] + gain))
    else:
        body = _("If scored now: no more points.")
    return title, body


def _markets(p) -> tuple[str, str]:
    n = p["count"]
    return (ngettext("Markets: {name}'s herds touch {count} market",
                     "Markets: {name}'s herds touch {count} markets", n).format(
                name=p["name"], count=n),
            _("Each scoring gives points for the markets your herds touch: 1, 3, 6, 10, "
              "15... for 1, 2, 3, 4, 5..."))


def _land_hand(p) -> tuple[str, str]:
    n = p["count"]
    return (ngettext("{name} holds {count} land card", "{name} holds {count} land cards",
                     n).format(name=p["name"], count=n),
            _("Land cards put land tiles on the board."))


def _animal_hand(p) -> tuple[str, str]:
    n = p["count"]
    return (ngettext("{name} holds {count} animal card", "{name} holds {count} animal cards",
                     n).format(name=p["name"], count=n),
            _("Animal cards put animal tokens on the pampas."))


def _hand_card(p) -> tuple[str, str]:
    item, card, n = p["item"], p["card"], p["count"]
    title = ngettext("{card} card ({count} in your hand)", "{card} cards ({count} in your hand)",
                     n).format(card=card_name(card).capitalize(), count=n)
    return title, where_card_goes(item, card)


def _shown_card(p) -> tuple[str, str]:
    title = _("{card} card, face up: {pesos}").format(card=card_name(p["card"]).capitalize(),
                                                     pesos=pesos(PRICE_FACE_UP))
    return title, where_card_goes(p["item"], p["card"])


def _deck(p) -> tuple[str, str]:
    n = p["count"]
    if p["item"] == "land":
        return (ngettext("Land deck: {count} card left", "Land deck: {count} cards left",
                         n).format(count=n),
                _("A card from the deck costs {pesos}, unseen until bought.").format(
                    pesos=pesos(PRICE_BLIND)))
    return (ngettext("Animal stack: {count} card left", "Animal stack: {count} cards left",
                     n).format(count=n),
            _("A card from the stack costs {pesos}. When the first stack runs out, the "
              "intermediate scoring comes at the round's end; the second brings the final "
              "scoring.").format(pesos=pesos(PRICE_BLIND)))


def _row_title(p) -> tuple[str, str]:
    if p["item"] == "land":
        title = _("Land cards for sale")
    else:
        title = _("Animal cards for sale")
    return title, _("A face-up card costs {face}, a card from the deck {blind}.").format(
        face=pesos(PRICE_FACE_UP), blind=pesos(PRICE_BLIND))


def _haciendas(p) -> tuple[str, str]:
    n = p["count"]
    return (ngettext("{count} hacienda left", "{count} haciendas left", n).format(count=n),
            _("A hacienda costs {pesos} and goes on your chain or herd: at each scoring it "
              "gives 1 point per tile of it.").format(pesos=pesos(PRICE_HACIENDA)))


def _chips(p) -> tuple[str, str]:
    n = p["count"]
    return (ngettext("{count} harvest chip left", "{count} harvest chips left", n).format(
                count=n),
            _("Harvest a chain of yours: 3 pesos per tile. When no chip is left, take one "
              "from another player's chain."))


def _water(p) -> tuple[str, str]:
    n, size = p["count"], p["size"]
    return (ngettext("Water tiles of {size} hexes: {count} left",
                     "Water tiles of {size} hexes: {count} left", n).format(size=size, count=n)
            if size > 1 else
            ngettext("Water tiles of 1 hex: {count} left", "Water tiles of 1 hex: {count} left",
                     n).format(count=n),
            _("A water tile costs {pesos} and goes on free pampas; at each scoring every land "
              "tile or animal token beside it gives its owner 1 point.").format(
                pesos=pesos(PRICE_WATER)))


def _no_water(p) -> tuple[str, str]:
    return _("No water tiles left"), _("Every water tile is on the board.")


def _track(p) -> tuple[str, str]:
    rows = []
    for name, score, ahead in zip(p["names"], p["scores"], p["projected"], strict=False):
        rows.append(_("{name} {points} (if scored now: {ahead})").format(
            name=name, points=score, ahead=ahead))
    return (_("Points track"),
            "; ".join(rows) + ". " + _("The thin bar in a player's colour is where a scoring "
                                       "now would put them."))


def _stack(p) -> tuple[str, str]:
    return (stack_words(p["ahead"]),
            _("Scorings come when the animal stacks run out: the first brings the "
              "intermediate scoring, the second the final one, each when the round ends."))


def _actions(p) -> tuple[str, str]:
    return (_("Actions left this turn: {count}").format(count=p["count"]),
            _("Each turn has 3 actions: buy a card, play a card, buy a hacienda or a water "
              "tile, or harvest."))


BUTTONS = {
    "hacienda": lambda: (_("Hacienda: {pesos}").format(pesos=pesos(PRICE_HACIENDA)),
                         _("Put a hacienda on one of your chains or herds: 1 point per tile of "
                           "it at each scoring.")),
    "water": lambda: (_("Water tile: {pesos}").format(pesos=pesos(PRICE_WATER)),
                      _("Put a water tile on free pampas: each land tile or token beside it "
                        "scores 1 point.")),
    "harvest": lambda: (_("Harvest"),
                        _("Put a harvest chip on a chain of yours without one: 3 pesos per "
                          "tile.")),
    "end": lambda: (_("End turn"), _("The next player moves. Each turn has 3 actions.")),
    "size": lambda: (_("Water tile size"), _("Choose how many hexes the water tile covers.")),
    "last_moves": lambda: (_("Last moves"),
                           _("The other players' moves since your last action, one after "
                             "another on the board.")),
}


def _button(p) -> tuple[str, str]:
    title, body = BUTTONS[p["button"]]()
    if p.get("size"):
        title = ngettext("Water tile of {count} hex", "Water tile of {count} hexes",
                         p["size"]).format(count=p["size"])
    return title, body


TEXTS: dict[str, Callable[[dict], tuple[str, str]]] = {
    "seat": _seat_name, "money": _money, "score": _score, "markets": _markets,
    "land_hand": _land_hand, "animal_hand": _animal_hand,
    "hand_card": _hand_card, "shown_card": _shown_card, "deck": _deck, "row": _row_title,
    "haciendas": _haciendas, "chips": _chips, "water": _water, "no_water": _no_water,
    "track": _track, "stack": _stack, "actions": _actions, "button": _button,
}


def words(t: Tip) -> tuple[str, str, str]:
    """A tooltip's title, sentence and why not now ("" if nothing is off), in
    the current language."""
    title, body = TEXTS[t.key](dict(t.params))
    why = t.get("why")
    name = t.get("name")
    if not (name and title.startswith(str(name))):    # a player's name stays as typed
        title = capital(title)
    return title, capital(body), _("Not now: {reason}").format(reason=why) if why else ""


def capital(text: str) -> str:
    """A sentence starts with a capital letter ("plays at this screen" after a
    seat's name in a title reads "Plays at this screen" on a line of its own)."""
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ drawing
def box(art, canvas: tuple[int, int], anchor: tuple[int, int, int, int], title: str,
        body: str, why: str = "", column: int | None = None,
        avoid: list[pygame.Rect] | tuple = ()
        ) -> tuple[pygame.Rect, list[tuple[str, tuple[int, int, int]]]]:
    """Where the tooltip goes and its lines: beside an element of the right
    column (over the board, never over the panels it explains), else above
    its element where there is room, else below; always inside the canvas.
    ``column``: the right column's left edge (a box beside it ends there).
    ``avoid``: what the player is choosing from (the lit targets): the box
    goes where it covers none of them (else the fewest)."""
    font = art.fonts.body
    cw, ch = canvas
    width = min(cw - 16, max(240, font.line_height * 22))
    lines = [(line, GOLD) for line in font.wrap(title, width)] + \
        [(line, WHITE) for line in font.wrap(body, width)] + \
        [(line, WARN) for line in (font.wrap(why, width) if why else [])]
    w = max(font.width(text) for text, _c in lines) + 16
    h = len(lines) * font.line_height + 8
    a = pygame.Rect(anchor)
    rect = pygame.Rect(0, 0, w, h)
    left = a.x if column is None or a.x < column else column
    if a.centerx > cw * 2 // 3 and left - 4 - w >= 2:
        rect.topright = (left - 4, a.y)
    else:
        rect.midbottom = (a.centerx, a.y - 4)
        if rect.y < 2:
            rect.midtop = (a.centerx, a.bottom + 4)
            if rect.bottom > ch - 2:              # no room above or below: beside it
                rect.midright = (a.x - 4, a.centery)
                if rect.x < 2:
                    rect.midleft = (a.right + 4, a.centery)
    rect = rect.clamp(pygame.Rect(0, 0, cw, ch))
    if avoid:
        rect = away_from(rect, a, pygame.Rect(0, 0, cw, ch), list(avoid))
    return rect, lines


def away_from(rect: pygame.Rect, anchor: pygame.Rect, screen: pygame.Rect,
              avoid: list[pygame.Rect]) -> pygame.Rect:
    """``rect`` moved where it covers none of ``avoid`` (the lit targets):
    beside its element first (above, below, left, right), then the screen's
    corners and edges; where every place covers some, the one covering least.
    Its element stays uncovered where it can."""
    w, h = rect.size

    def at(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(x, y, w, h).clamp(screen)

    places = [rect,
              at(anchor.centerx - w // 2, anchor.y - 4 - h), at(anchor.centerx - w // 2,
                                                              anchor.bottom + 4),
              at(anchor.x - 4 - w, anchor.centery - h // 2), at(anchor.right + 4,
                                                             anchor.centery - h // 2),
              at(anchor.x - 4 - w, anchor.y), at(anchor.right + 4, anchor.y),
              at(anchor.x - 4 - w, anchor.bottom - h), at(anchor.right + 4, anchor.bottom - h)]
    for x in (screen.x + 2, screen.centerx - w // 2, screen.right - 2 - w):
        for y in (screen.y + 2, screen.centery - h // 2, screen.bottom - 2 - h):
            places.append(at(x, y))

    def covered(r: pygame.Rect) -> tuple[int, int]:
        lit = sum(r.clip(t).w * r.clip(t).h for t in avoid)
        own = r.clip(anchor).w * r.clip(anchor).h
        return lit, own

    return min(places, key=covered)     # the first of the best: beside its element


def draw(surface: pygame.Surface, art, t: Tip, column: int | None = None,
         avoid: list[pygame.Rect] | tuple = ()) -> pygame.Rect:
    """The one tooltip drawer: the box, its title in gold, its sentence in
    white, why not now in the warning colour; never over ``avoid`` (the lit
    targets) where it can be elsewhere."""
    rect, lines = box(art, surface.get_size(), t.rect, *words(t), column=column, avoid=avoid)
    font = art.fonts.body
    pygame.draw.rect(surface, INK, rect)
    pygame.draw.rect(surface, GOLD, rect, 1)
    for i, (line, colour) in enumerate(lines):
        font.draw(surface, line, (rect.x + 8, rect.y + 4 + i * font.line_height), colour)
    return rect


class TipClock:
    """When a tooltip shows: the pointer resting ``DELAY`` seconds on one
    element, or the focus (pads, keys) moved onto one a moment ago."""

    def __init__(self):
        self.pointer: tuple[int, int] | None = None
        self.since = 0.0
        self.focus: object = None
        self.focus_at = -FOCUS_TIME
        self.quiet = False        # hidden until the pointer moves (the game moved on)

    def hide(self) -> None:
        """The game moved on (an action, anyone's move, a turn's end, a choice
        made): the tooltip goes, and comes back only once the pointer moves
        and rests again, or the focus moves."""
        self.quiet = True
        self.focus_at = -FOCUS_TIME

    def pointer_at(self, pos: tuple[int, int] | None, now: float) -> bool:
        """The pointer is here now: True once it has rested long enough (the
        pointer leaving an element takes its tooltip away at once)."""
        if pos != self.pointer:
            self.pointer, self.since = pos, now
            self.quiet = False
        return pos is not None and not self.quiet and now - self.since >= DELAY

    def focus_on(self, key: object, now: float) -> bool:
        """The focus is on ``key`` (None: none): True while it is new."""
        if key != self.focus:
            self.focus, self.focus_at = key, now
        return key is not None and now - self.focus_at < FOCUS_TIME
