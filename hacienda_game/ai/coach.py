"""The coach: the best next action for a seat, and why, from that seat's view only.

    advice = advise(observe(state, seat), seed)
    advice.action            # what hard would play now
    advice.reason            # Reason("market", {"animal": "pig", "pesos": 7, ...})
    advice.text              # "Play a pig just west of the north market: your pig herd
                             #  reaches a market: +7 pesos."

Pure: it never changes a game state (it asks ``hard`` with the seat's
`Observation`, and works out the reason on a state dealt from that view by
``determinize``), so it can never see, or tell, another seat's cards.
``key_moments`` picks, from a finished game's record, the turns that
decided it: where the winner gained most on the others, or, for another
seat, where the gap between it and the winner moved most (for the final
screens).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine import Action, GameState, Observation, determinize, score
from ..i18n import N_, _
from ..maps import Board
from ..maps.landmarks import where
from .base import Budget, choose_action

# A hint is asked for while a human waits: hard's own search, a little lighter,
# and never more than 0.75 s (most positions take a tenth of that: at 50
# iterations the median was 0.11 s of CPU and the slowest of 40 sampled
# positions 1.0 s, at the commit that set this cap).
COACH_BUDGET = Budget(seconds=0.75, iterations=50)


@dataclass(frozen=True)
class Reason:
    """Why an action: ``kind`` (market, herd, chain, land, harvest, hacienda,
    water, card, draw, end) and what it is about (``animal``, ``card``,
    ``cell``, ``pesos``, ``size``, ``points``, ``markets``)."""

    kind: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: Reason
    text: str


SENTENCES = {
    "new_market": N_("Play a {animal} {place}: your {animal} herd reaches a new market"
                     " ({markets} connected): +{pesos} pesos."),
    "market": N_("Play a {animal} {place}: your {animal} herd reaches a market:"
                 " +{pesos} pesos."),
    "herd": N_("Play a {animal} {place}: your {animal} herd grows to {size}."),
    "chain": N_("Play {card} {place}: your land chain grows to {size} tiles,"
                " {points} points at each scoring."),
    "land": N_("Play {card} {place}: a land chain of {size}; at 3 tiles it scores."),
    "harvest": N_("Harvest your chain of {size} {place}: +{pesos} pesos."),
    "hacienda": N_("Buy a hacienda {place}: +{points} points at each scoring."),
    "water": N_("Lay a water tile by your pieces: +{points} points at each scoring."),
    "card": N_("Buy the face-up {card} card to play it later."),
    "draw": N_("Buy a land card from the deck to play it later."),
    "draw_animal": N_("Buy an animal card from the deck to play it later."),
    "end": N_("End your turn: nothing else pays now."),
}


def _name(card: str | None) -> str:
    # Terrains and animals are translated under their own ids (client/words.py).
    return _(card or "")


def _cell(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def reason_for(state: GameState, action: Action) -> Reason:
    """Why ``action`` is worth playing for the seat to move, from what it does
    on a copy of ``state`` (the seat's own determinized view): the pesos it
    earns, the chain or herd it grows, the points it adds."""
    seat = state.current
    if action.verb == "end":
        return Reason("end")
    before = score(state)[seat]
    child = state.clone()
    events = child.apply(action)
    after = score(child)[seat]
    cell = _cell(action.cells[0]) if action.cells else ""
    if action.verb == "harvest":
        e = next(e for e in events if e.kind == "harvest")
        return Reason("harvest", {"cell": cell, "size": e.data["chain"],
                                  "pesos": e.data["amount"]})
    if action.verb == "play" and action.item == "animal":
        paid = sum(e.data["amount"] for e in events if e.kind == "market_paid")
        herd = next(e.data["herd"] for e in events if e.kind == "animal_placed")
        params = {"animal": action.card, "cell": cell, "size": herd, "pesos": paid,
                  "markets": after["detail"]["markets"]}
        if paid and after["detail"]["markets"] > before["detail"]["markets"]:
            return Reason("new_market", params)
        return Reason("market" if paid else "herd", params)
    if action.verb == "play":
        chain = next(e.data["chain"] for e in events if e.kind == "tile_placed")
        kind = "chain" if chain >= 3 else "land"
        return Reason(kind, {"card": action.card, "cell": cell, "size": chain,
                             "points": 2 * chain})
    gained = after["total"] - after["money"] - (before["total"] - before["money"])
    if action.item == "hacienda":
        return Reason("hacienda", {"cell": cell, "points": gained})
    if action.item == "water":
        return Reason("water", {"points": gained})
    if action.card:
        return Reason("card", {"card": action.card})
    return Reason("draw" if action.item == "land" else "draw_animal")


def words(reason: Reason, board: Board) -> str:
    """The reason as a sentence in the current language; its hex is named by
    landmark on ``board`` ("just west of the north market")."""
    params = dict(reason.params)
    for key in ("animal", "card"):
        if key in params:
            params[key] = _name(params[key])
    if params.get("cell"):
        params["place"] = where(board, params["cell"])
    return _(SENTENCES[reason.kind]).format(**params)


def advise(obs: Observation, seed: int, budget: Budget | None = None,
           level: str = "hard") -> Advice:
    """The action ``level`` would play now for the seat of ``obs`` (which must
    be the seat to move), with its reason in data and in words."""
    return advice_for(obs, choose_action(level, obs, seed, budget or COACH_BUDGET), seed)


def advice_for(obs: Observation, action: Action, seed: int) -> Advice:
    """The advice for an action already chosen for the seat of ``obs`` (the
    client asks its AI process for the action, then words it here)."""
    reason = reason_for(determinize(obs, random.Random(seed)), action)
    return Advice(action, reason, words(reason, obs.board))


@dataclass(frozen=True)
class Moment:
    """A turn that decided a seat's game: ``turn`` number, ``seat`` who played
    it, the ``gain`` in projected points of the seat whose game is told over
    its rival (the winner's over the best other seat; another seat's over the
    winner: below 0 when it fell behind), and the actions of that turn."""

    turn: int
    seat: int
    gain: float
    actions: tuple[str, ...]


def _standing(state: GameState, seat: int, rival: int | None = None) -> float:
    """The seat's lead now: points + the board's points per scoring to come
    + pesos / 10, over the rival's (None: the best other seat's)."""
    table = score(state)
    ahead = max(0, 2 - state.scorings_done)

    def worth(q: int) -> float:
        s = state.seats[q]
        row = table[q]
        return s.score + ahead * (row["total"] - row["money"]) + s.money / 10

    others = [rival] if rival is not None else [q for q in range(state.players) if q != seat]
    return worth(seat) - max(worth(q) for q in others)


def key_moments(start: GameState, actions: list[Action], count: int = 3,
                seat: int | None = None) -> list[Moment]:
    """The ``count`` turns that decided a finished game (replayed from
    ``start`` with ``actions``) for ``seat``, in the order they were played.
    For the winner (``seat`` None or the winner): its turns in which its lead
    over the best other seat grew most.  For another seat: the turns, its own
    and the winner's, in which the gap between it and the winner moved most,
    either way.  ``start`` is not changed."""
    state = start.clone()
    for a in actions:
        state.apply(a)
    winner = state.winners()[0] if state.is_over() else 0
    told = winner if seat is None else seat
    rival = None if told == winner else winner
    players = {told} if rival is None else {told, winner}
    state = start.clone()
    turns: list[Moment] = []
    lead = _standing(state, told, rival)
    played: list[str] = []
    mover, turn = state.current, state.turn
    for a in actions:
        state.apply(a)
        played.append(str(a))
        if state.turn != turn or state.is_over():
            now = _standing(state, told, rival)
            if mover in players:
                turns.append(Moment(turn, mover, now - lead, tuple(played)))
            lead, played = now, []
            mover, turn = state.current, state.turn
    if rival is None:
        best = sorted(turns, key=lambda m: (-m.gain, m.turn))[:count]
    else:
        best = sorted(turns, key=lambda m: (-abs(m.gain), m.turn))[:count]
    return sorted(best, key=lambda m: m.turn)


KEY_MOMENTS = N_("Key moments")


__all__ = ["COACH_BUDGET", "KEY_MOMENTS", "Advice", "Moment", "Reason", "advice_for", "advise",
           "key_moments", "reason_for", "words"]
