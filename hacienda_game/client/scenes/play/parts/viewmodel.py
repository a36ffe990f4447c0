"""The plain values the play screen's parts are drawn from.

One frozen value per part, built from the seat view the screen shows, the
selection and the presentation clock (tickers, the blink of the turn
marker, a button's press).  A part reads its value and nothing else: two
equal values draw the same pixels, so a part whose value did not change is
not drawn again.  The builders here are pure: they take what they read as
arguments and never see a scene.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .....engine import ANIMALS, LAND_CARDS, ScoringAhead, scoring_ahead

RGB = tuple[int, int, int]
# (item, card, count): a card kind in a hand, in card order
HandCard = tuple[str, str, int]


@dataclass(frozen=True)
class HeaderModel:
    """The top line: round, whose turn and their actions, the next scoring."""

    over: bool
    over_reason: str | None
    round: int
    player: str                   # the name of the seat to play
    kind: str                     # its seat kind: "human", "remote" or an AI level
    actions_left: int
    ahead: ScoringAhead           # the next scoring and when it comes
    right: int                    # the text ends 8 px left of this x (the Menu button)


@dataclass(frozen=True)
class TrackModel:
    """The points track: points so far and, fainter, a scoring now."""

    scores: tuple[int, ...]       # as the tickers show them now
    projected: tuple[int, ...]
    colours: tuple[int, ...]      # each seat's colour (the palette's seat index)
    names: tuple[str, ...] = ()   # each seat's name (its tooltip)


@dataclass(frozen=True)
class SeatRow:
    name: str
    colour: int
    kind: str                     # "human", "remote" or an AI level
    money: int
    score: int
    gain: int                     # what a scoring now would add
    markets: int                  # markets its pieces reach
    land_cards: int
    animal_cards: int
    current: bool                 # its turn (and the game goes on)


@dataclass(frozen=True)
class SeatsModel:
    rows: tuple[SeatRow, ...]
    marker: bool                  # the blinking turn marker is lit at this moment


@dataclass(frozen=True)
class MarketModel:
    """The display: face-up cards, the decks, haciendas, chips and water left."""

    land_face_up: tuple[str | None, ...]
    animal_face_up: tuple[str | None, ...]
    land_deck_size: int
    animal_draw_size: int
    haciendas_left: int
    chips_left: int
    water_left: tuple[tuple[int, int], ...]    # (size, tiles left)


@dataclass(frozen=True)
class HandModel:
    """The hand of the seat shown (or why none is shown)."""

    hidden: bool                  # hands hidden until the next player is ready
    colour: int | None            # the hand's owner's colour
    cards: tuple[HandCard, ...]
    chosen: str | None            # the card picked to play
    right: int | None             # the cards end left of this x (the buttons beside them)


@dataclass(frozen=True)
class LogModel:
    """The newest log lines: (text, the seat's colour or None, first line of an entry)."""

    lines: tuple[tuple[str, int | None, bool], ...]
    back: int                     # lines scrolled back from the newest
    focus: int | None = None      # the line focused (its entry is lit; the board flashes it)


@dataclass(frozen=True)
class ButtonLook:
    """How one button looks now (its widget handles the pointer and keys)."""

    rect: tuple[int, int, int, int]
    label: str
    icon: str | None
    enabled: bool
    hover: bool
    selected: bool
    pressed_at: float
    recent: bool                  # pressed a moment ago: drawn pushed in
    tip: str = ""                 # its tooltip ("hacienda", "water:2", ...; "" none)


@dataclass(frozen=True)
class ActionsModel:
    buttons: tuple[ButtonLook, ...]


@dataclass(frozen=True)
class PromptRow:
    """A row of controller prompts: (command, label) each, drawn in ``family``'s glyphs."""

    family: str
    items: tuple[tuple[str, str], ...]
    at: tuple[int, int]
    right: int


@dataclass(frozen=True)
class StatusModel:
    """The strip under the actions: what to do now, or what the pointer is over."""

    text: str
    colour: RGB
    at: tuple[int, int]           # the first line's top-left
    keep: int                     # lines at most
    ellipsis: bool = True         # a cut line ends in "…" (else only the lines that fit)
    notes: tuple[str, ...] = ()   # grey lines under the text (already fitted)
    prompts: PromptRow | None = None


@dataclass(frozen=True)
class BubbleModel:
    """A hint or refusal next to the pointer or the hex cursor."""

    text: str
    at: tuple[int, int]
    warn: bool


@dataclass(frozen=True)
class HintModel:
    """The coach's hint: the hexes its action uses, where it starts off the
    board (a card, a deck or a button; None), and its words; or ``thinking``
    while the answer is not there yet."""

    hexes: tuple[int, ...]
    target: tuple[int, int, int, int] | None
    caption: str
    thinking: bool = False


@dataclass(frozen=True)
class OverlayModel:
    """What floats over the table after the animations: the bubble, the
    attract mode's label (lit or not; None: not the demo) and the held
    end-turn button's bar (its rect and how far, None: not held)."""

    bubble: BubbleModel | None
    demo: bool | None = None
    hold: tuple[tuple[int, int, int, int], float] | None = None


@dataclass(frozen=True)
class HoverMark:
    """The hex under the pointer: ``plain`` (nothing chosen), ``choice`` (a
    card or buy chosen), ``water`` (the chosen tile's hexes) or ``off`` (the
    water tile would leave the board)."""

    hex: int
    kind: str
    legal: bool = True
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class ReplayStep:
    """One move of the last moves' replay: its hexes lit in the mover's colour,
    its log words; move ``number`` of ``count``; ``progress`` 0..1 through it."""

    hexes: tuple[int, ...]
    colour: int
    kind: str
    words: str
    number: int
    count: int
    progress: float


@dataclass(frozen=True)
class BoardModel:
    """The board: the pieces of the seat view, what the choice lights, the hover
    and the hex cursor.  ``version`` names the pieces (the view itself is not
    compared)."""

    obs: object = field(compare=False, repr=False)
    version: int
    colours: tuple[int, ...]
    patterns: bool                # colour-blind patterns on the pieces
    hidden: frozenset             # (hex, layer) pieces an animation is about to drop
    lit: frozenset[int] | None    # the hexes the choice may go to (None: no choice)
    hover: HoverMark | None
    cursor: int | None            # the pad's hex cursor
    time: float                   # the presentation clock
    animate: bool                 # animations on (the dimming fades in)
    # what just happened: (hex, the mover's colour, kind) for each hex another
    # seat touched since the seat shown last acted (``play.recent``)
    recent: tuple[tuple[int, int, str], ...] = ()
    # the hexes a focused log line names, flashing (in its seat's colour, else gold)
    flash: tuple[int, ...] = ()
    flash_colour: int | None = None
    step: ReplayStep | None = None   # the replay of the last moves: the move shown


@dataclass(frozen=True)
class PanelsModel:
    """Every panel around the board."""

    header: HeaderModel
    track: TrackModel
    seats: SeatsModel
    market: MarketModel
    hand: HandModel
    log: LogModel
    actions: ActionsModel
    status: StatusModel


# ------------------------------------------------------------------ builders
def hand_cards(obs) -> tuple[HandCard, ...]:
    """(item, card, count) of the cards in a seat view's hand, in card order."""
    cards = [("land", c, n) for c, n in zip(LAND_CARDS, obs.land_hand, strict=True) if n]
    cards += [("animal", c, n) for c, n in zip(ANIMALS, obs.animal_hand, strict=True) if n]
    return tuple(cards)


def header_model(obs, names: list[str], kinds: list[str], right: int) -> HeaderModel:
    cur = obs.current
    return HeaderModel(bool(obs.over), obs.over_reason, obs.round, names[cur], kinds[cur],
                       3 - obs.actions_taken, scoring_ahead(obs), right)


def track_model(scores, projected, colours, names=()) -> TrackModel:
    return TrackModel(tuple(scores), tuple(projected), tuple(colours), tuple(names))


def seats_model(obs, names: list[str], kinds: list[str], colours: list[int],
                money: list[int], scores: list[int], targets: list[int],
                projected: list[int], markets: list[int], time: float) -> SeatsModel:
    """Each seat's row; ``targets`` are the points the score tickers count to
    (the gain is a scoring now over them)."""
    rows = []
    for i, sv in enumerate(obs.seats):
        gain = projected[i] - targets[i] if i < len(projected) else 0
        rows.append(SeatRow(names[i], colours[i], kinds[i], money[i], scores[i], gain,
                            markets[i] if i < len(markets) else 0, sv.land_cards,
                            sv.animal_cards, i == obs.current and not obs.over))
    return SeatsModel(tuple(rows), int(time * 2) % 2 == 0)


def market_model(obs) -> MarketModel:
    return MarketModel(tuple(obs.land_face_up), tuple(obs.animal_face_up), obs.land_deck_size,
                       obs.animal_draw_size, obs.haciendas_left, 8 - len(obs.chips),
                       tuple(tuple(w) for w in obs.water_left))


def hand_model(obs, hidden: bool, colour: int | None, chosen: str | None,
               right: int | None) -> HandModel:
    if hidden:
        return HandModel(True, None, (), None, None)
    return HandModel(False, colour, hand_cards(obs), chosen, right)


def log_model(log, colours: list[int], back: int, focus: int | None = None) -> LogModel:
    """``log``: the wrapped lines (text, seat or None, first line of its entry)."""
    return LogModel(tuple((text, None if seat is None else colours[seat], first)
                          for text, seat, first in log), back, focus)


def button_look(button, now: float) -> ButtonLook:
    """A ``ui.Button``'s look at the presentation clock ``now``."""
    return ButtonLook(tuple(button.rect), button.label, button.icon, button.enabled,
                      button.hover, button.selected, button.pressed_at,
                      now - button.pressed_at < 0.12, getattr(button, "tip", ""))


def actions_model(buttons, now: float) -> ActionsModel:
    return ActionsModel(tuple(button_look(b, now) for b in buttons))


def hover_mark(layer, selection, h: int | None) -> HoverMark | None:
    """What the hex under the pointer shows about the choice."""
    from ..selection import action_at, water_cells

    if h is None:
        return None
    if selection is None:
        return HoverMark(h, "plain")
    if selection.kind == "water":
        cells = water_cells(layer, selection, h)
        if cells is None:
            return HoverMark(h, "off", False)
        board = layer.board
        return HoverMark(h, "water", cells in selection.targets,
                         tuple(board.index[c] for c in cells))
    return HoverMark(h, "choice", action_at(layer, selection, h)[0] is not None)
