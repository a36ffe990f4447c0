"""Events: what `GameState.apply` reports happened, in order.

Some events carry a secret (the card a player drew blind): ``secret`` names
the data keys only ``seat`` may see, and `Event.seen_by` gives the version
another seat (or the screen showing that seat) may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: tuple[str, ...] = ()

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` sees it (None: a spectator seeing no hand)."""
        if not self.secret or viewer == self.seat:
            return self
        data = {k: (None if k in self.secret else v) for k, v in self.data.items()}
        return Event(self.kind, self.seat, data, ())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        return out

    def describe(self, names: list[str] | None = None) -> str:
        """The event in plain English, for logs and the command line."""
        who = (names[self.seat] if names and self.seat is not None
               else f"Player {self.seat + 1}" if self.seat is not None else "")
        d = self.data
        k = self.kind
        if k == "card_bought":
            card = d.get("card") or "a card"
            where = "face-up" if d["face_up"] else "from the deck"
            return f"{who} buys {d['item']} card {card} {where} for {d['price']} pesos"
        if k == "card_revealed":
            return f"New face-up {d['item']} card: {d['card']}"
        if k == "deck_reshuffled":
            return f"The {d['item']} discards are shuffled into a new deck ({d['size']} cards)"
        if k == "stack_switched":
            return (f"Animal stack {d['stack'] - 1} is used up: "
                    f"{d['scoring']} scoring at the end of this round")
        if k == "tile_placed":
            note = " (as pampas)" if d.get("fallback") else ""
            return f"{who} plays {d['card']}{note}: land tile on {d['cell']}"
        if k == "animal_placed":
            return f"{who} plays {d['animal']}: token on {d['cell']} (herd of {d['herd']})"
        if k == "market_paid":
            return (f"{who}'s herd reaches market {d['market']}: {d['herd']} animals"
                    f" + {d['land']} land = {d['amount']} pesos")
        if k == "hacienda_placed":
            return f"{who} buys a hacienda for {d['price']} pesos and builds it on {d['cell']}"
        if k == "water_placed":
            return (f"{who} buys a size-{d['size']} water tile for {d['price']} pesos:"
                    f" {' '.join(d['cells'])}")
        if k == "harvest":
            src = f" (chip taken from {d['source']})" if d.get("source") else ""
            return (f"{who} harvests a chain of {d['chain']} at {d['cell']}:"
                    f" {d['amount']} pesos{src}")
        if k == "turn_ended":
            return f"{who} ends the turn"
        if k == "scoring":
            parts = ", ".join(f"P{i + 1} {row['total']}" for i, row in enumerate(d["table"]))
            return f"{d['which'].capitalize()} scoring: {parts}"
        if k == "game_over":
            win = " and ".join(f"Player {w + 1}" for w in d["winners"])
            return f"Game over ({d['reason']}): {win} {'win' if len(d['winners']) > 1 else 'wins'}"
        return f"{k} {d}"
