"""The thin action layer: the screen's side of the game's table.

Scenes ask it what is legal now (always from ``legal_actions()``), what an
action would do for the player to move (a preview on a clone of the state:
only the effect on that player's own money and score is shown) and why an
action is not allowed; ``perform`` hands the player's action to the table
(`session.table.Table.submit`: checked, applied, recorded, told to every
listener) and gives back the events.  It listens to the table, so an AI
seat's move or a remote seat's reaches the screen the same way
(``on_events``).  It never decides rules itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..engine import WATER_SHAPES, Action, Event, GameState, IllegalAction, Observation, observe
from ..engine import score as score_table
from ..i18n import _, ngettext
from ..maps.board import Cell
from ..maps.hexgrid import add_cube, from_cube, rotate_cube
from ..session.refusals import hint
from ..session.table import Listener, LocalSeat, Played, Table
from .words import action_words, card_name


class ActionLayer(Listener):
    def __init__(self, game: GameState | Table, on_events: Callable[[Action, list[Event]], None]
                 | None = None):
        """On a table (its game and seats), or on a game alone: a table of
        seats at this screen (a replay, a test)."""
        self.table = game if isinstance(game, Table) else Table(
            game, [LocalSeat() for _ in range(game.players)])
        self.table.listen(self)
        self.on_events = on_events
        self.version = 0
        self._legal: list[Action] | None = None
        self._view: tuple[tuple[int, int], Observation] | None = None

    # ------------------------------------------------------------ read only
    @property
    def _state(self) -> GameState:
        return self.table.state

    @property
    def current(self) -> int:
        return self._state.current

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def board(self):
        return self._state.board

    def is_over(self) -> bool:
        return self._state.is_over()

    def view(self, seat: int) -> Observation:
        """What a seat may see: the screen and AI seats only ever get this
        (an observation is immutable: one per seat and state version is shared)."""
        key = (self.version, seat)
        if self._view is None or self._view[0] != key:
            self._view = (key, observe(self._state, seat))
        return self._view[1]

    def public_totals(self) -> tuple[list[int], list[int]]:
        """Every seat's score and money (public, R50)."""
        return ([s.score for s in self._state.seats], [s.money for s in self._state.seats])

    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    def of_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal() if a.kind == kind]

    def play_targets(self, card: str) -> dict[Cell, Action]:
        """Hexes where a card in hand may be played now, and the action for each."""
        return {a.cells[0]: a for a in self.legal() if a.verb == "play" and a.card == card}

    def hacienda_targets(self) -> dict[Cell, Action]:
        return {a.cells[0]: a for a in self.of_kind("buy hacienda")}

    def harvest_targets(self) -> dict[Cell, list[Action]]:
        """Own tiles that may be harvested; with all chips out (R37) several
        actions per tile, one per chip that may be taken."""
        out: dict[Cell, list[Action]] = defaultdict(list)
        for a in self.of_kind("harvest"):
            out[a.cells[0]].append(a)
        return dict(out)

    def water_placements(self, size: int) -> dict[tuple[Cell, ...], Action]:
        return {a.cells: a for a in self.of_kind("buy water") if len(a.cells) == size}

    def water_sizes(self) -> list[int]:
        return sorted({len(a.cells) for a in self.of_kind("buy water")})

    def water_shape(self, anchor: Cell, size: int, turns: int) -> tuple[Cell, ...] | None:
        """The cells a size-n water tile covers with its first hex on anchor,
        turned ``turns`` x 60 degrees; None where it leaves the board."""
        board = self._state.board
        base = board.cubes[board.index[anchor]] if anchor in board.index else None
        if base is None:
            return None
        cells = []
        for offset in WATER_SHAPES[size]:
            cell = from_cube(add_cube(base, rotate_cube(offset, turns)), board.staggeraxis,
                             board.staggerindex)
            if cell not in board.index:
                return None
            cells.append(cell)
        return tuple(sorted(cells))

    def buy_card(self, item: str, card: str | None) -> Action | None:
        """The legal buy of a face-up card (card) or from the deck (None)."""
        for a in self.of_kind(f"buy {item}"):
            if a.card == card:
                return a
        return None

    def end_turn(self) -> Action | None:
        ends = self.of_kind("end")
        return ends[0] if ends else None

    def explain(self, action: Action | str) -> str | None:
        """Why an action is not allowed now (naming the rule), None if it is."""
        return self._state.explain(action)

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """Why an action is not allowed now, as data (for `hints.hint`)."""
        return self._state.refusal(action)

    def why_none(self, kind: str, card: str | None = None) -> IllegalAction | None:
        """Why no action of a control's kind (``"buy hacienda"``, ``"play
        land"`` with its card ...) is allowed now, as data; None if one is."""
        return self._state.why_none(kind, card)

    def preview(self, action: Action) -> str:
        """What the action would do for the player to move, in plain words."""
        seat = self._state.current
        clone = self._state.clone()
        before = clone.seats[seat].money, clone.seats[seat].score
        try:
            events = clone.apply(action)
        except IllegalAction as e:
            return hint(e)
        money = clone.seats[seat].money - before[0]
        parts: list[str] = []
        markets = [e for e in events if e.kind == "market_paid" and e.seat == seat]
        for e in markets:
            parts.append(_("market side: +{amount} pesos").format(amount=e.data["amount"]))
        for e in events:
            if e.kind == "harvest" and e.seat == seat:
                parts.append(_("harvest a chain of {chain}: +{amount} pesos").format(
                    chain=e.data["chain"], amount=e.data["amount"]))
            elif e.kind == "tile_placed" and e.seat == seat:
                text = (_("land tile as pampas: chain of {chain}") if e.data.get("fallback")
                        else _("land tile: chain of {chain}"))
                parts.append(text.format(chain=e.data["chain"]))
            elif e.kind == "animal_placed" and e.seat == seat and not markets:
                parts.append(_("{animal} herd of {herd}, no new market side").format(
                    animal=card_name(e.data["animal"]), herd=e.data["herd"]))
            elif e.kind == "water_placed" and e.seat == seat:
                # What the tile is worth at each scoring (R45, or the lake's
                # gain under the lakes variant): the seat's water points
                # with it, less without it.
                gain = (score_table(clone)[seat]["water"]
                        - score_table(self._state)[seat]["water"])
                parts.append(ngettext("touches {n} of your pieces: +{n} point per scoring",
                                      "touches {n} of your pieces: +{n} points per scoring",
                                      gain).format(n=gain) if gain else
                             _("touches none of your pieces: no points"))
            elif e.kind == "hacienda_placed":
                group = clone.chain_at(clone.board.hex_of(e.data["cell"]))
                parts.append(ngettext("hacienda on a group of {size}: worth {size} point per"
                                      " scoring", "hacienda on a group of {size}: worth"
                                      " {size} points per scoring", len(group)).format(
                    size=len(group)))
        if money < 0:
            parts.append(_("costs {price} pesos").format(price=-money))
        score = clone.seats[seat].score - before[1]
        if score:
            parts.append(ngettext("{points} point", "{points} points", abs(score)).format(
                points=f"{score:+d}"))
        return "; ".join(parts) or action_words(action, self._state.board)

    @property
    def game(self) -> GameState:
        """The whole state, for saving and undo only: drawing and AI seats use `view`."""
        return self._state

    # ---------------------------------------------------------------- acting
    def restore(self, state: GameState) -> None:
        """Go back to an earlier state of this game (a replay's step back)."""
        self.table.restore(state)

    def perform(self, action: Action) -> list[Event]:
        """The player's action to the table (raises IllegalAction, changing
        nothing, if it is not legal); the events come back."""
        return self.table.submit(action).events

    # --------------------------------------------------- hearing the table
    def played(self, table: Table, move: Played) -> None:
        self.version += 1
        self._legal = None
        if self.on_events is not None:
            self.on_events(move.action, move.events)

    def restored(self, table: Table) -> None:
        self.version += 1
        self._legal = None
