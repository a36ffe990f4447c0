"""What just happened: every other seat's moves since a seat last acted, as
marks on the board (no pygame).

Fed by the engine's events, action by action (only public facts): a land
tile or an animal token placed, water, a hacienda, a harvest, a market
payout.  A seat sees the marks of the others made since its own last action
(buying a card or ending the turn count); once it acts they are gone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# event kind -> what the mark says (the kind of move)
MARKED = {"tile_placed": "placed", "animal_placed": "placed", "water_placed": "water",
          "hacienda_placed": "hacienda", "harvest": "harvest", "market_paid": "payout"}


@dataclass(frozen=True)
class Move:
    """One move on the board: its action's number, the mover, what and where."""

    action: int
    seat: int
    kind: str                     # placed, water, hacienda, harvest, payout
    hexes: tuple[int, ...]
    # the public event it came from (its log words; no hidden card)
    event: object = field(default=None, compare=False, repr=False)


def moves_of(events, board, action: int) -> list[Move]:
    """The board moves among one action's events."""
    out = []
    for event in events:
        kind = MARKED.get(event.kind)
        if kind is None or event.seat is None:
            continue
        d = event.data
        cells = d["cells"] if event.kind == "water_placed" else \
            [d["market"]] if event.kind == "market_paid" else [d["cell"]]
        out.append(Move(action, event.seat, kind, tuple(board.hex_of(c) for c in cells),
                        event))
    return out


class RecentMoves:
    """The moves on the board and, per seat, how many it has seen (its last action)."""

    def __init__(self, seats: int):
        self.moves: list[Move] = []
        self.seen: list[int | None] = [None] * seats    # None: not acted since the start
        self.actions = 0
        self._seen_before: list[list[int | None]] = []   # per action: ``seen`` before it
        self._changes = 0                                # each note or take-back counts one
        self._marks: tuple | None = None                 # (seat, changes) -> marks, kept

    def note(self, events, board) -> None:
        """One action's events: its moves are kept, and its mover has seen all."""
        self.actions += 1
        self._changes += 1
        self._seen_before.append(list(self.seen))
        self.moves += moves_of(events, board, self.actions)
        actor = next((e.seat for e in events if e.seat is not None), None)
        if actor is not None and actor < len(self.seen):
            self.seen[actor] = len(self.moves)

    def take_back(self) -> None:
        """The last action was undone: its moves go, and what each seat had seen
        before it comes back."""
        if not self.actions:
            return
        self._changes += 1
        self.moves = [m for m in self.moves if m.action != self.actions]
        self.actions -= 1
        self.seen = self._seen_before.pop()

    def since(self, seat: int) -> list[Move]:
        """The other seats' moves since the seat's last action, oldest first."""
        return [m for m in self.moves[self.seen[seat] or 0:] if m.seat != seat]

    def after(self, older: RecentMoves) -> RecentMoves:
        """This one's moves told after ``older``'s (a resumed game's past, retold
        late on a thread): what a seat saw here counts, else what it saw there."""
        n, shift = len(older.moves), older.actions
        out = RecentMoves(len(self.seen))
        out.moves = older.moves + [Move(m.action + shift, m.seat, m.kind, m.hexes, m.event)
                                   for m in self.moves]
        out.actions = shift + self.actions

        def seen(mine: list[int | None]) -> list[int | None]:
            return [old if new is None else n + new
                    for old, new in zip(older.seen, mine, strict=True)]

        out.seen = seen(self.seen)
        out._seen_before = older._seen_before + [seen(b) for b in self._seen_before]
        return out

    def marks(self, seat: int) -> tuple[tuple[int, int, str], ...]:
        """(hex, mover, kind) for each hex a move since the seat's last action
        touched; a hex touched twice shows its latest move (worked out again
        only when a move or what the seat saw changed)."""
        key = (seat, self._changes)
        kept = self._marks
        if kept is not None and kept[0] == key:
            return kept[1]
        out = self._marks_of(seat)
        self._marks = (key, out)
        return out

    def _marks_of(self, seat: int) -> tuple[tuple[int, int, str], ...]:
        last: dict[int, tuple[int, str]] = {}
        for m in self.since(seat):
            for h in m.hexes:
                last.pop(h, None)
                last[h] = (m.seat, m.kind)
        return tuple((h, s, k) for h, (s, k) in last.items())


STEP = 0.6          # seconds each move of a replay shows (normal speed)


@dataclass(frozen=True)
class Replay:
    """The other seats' last moves shown one after another: each move ``step``
    seconds from ``start`` (the presentation clock); ``seat`` is whose view."""

    seat: int
    moves: tuple[Move, ...]
    start: float
    step: float

    @classmethod
    def of(cls, recent: RecentMoves, seat: int, now: float, factor: float) -> Replay | None:
        """The replay of what the others did since ``seat`` last acted (None:
        nothing); the animation speed scales it (off: normal speed, since
        the player asked for it)."""
        moves = tuple(recent.since(seat))
        if not moves:
            return None
        return cls(seat, moves, now, STEP * (factor if factor > 0 else 1.0))

    def index(self, now: float) -> int | None:
        """The move shown at ``now``; None once the replay is over."""
        i = int(max(0.0, now - self.start) // self.step)
        return i if i < len(self.moves) else None

    def shown(self, now: float) -> Move | None:
        i = self.index(now)
        return None if i is None else self.moves[i]

    def progress(self, now: float) -> float:
        """How far the move shown is (0..1): the ring grows in, then holds."""
        return min(1.0, (max(0.0, now - self.start) % self.step) / self.step)
