"""Which actions are worth a closer look, and planning a whole turn.

``candidates`` trims the legal actions to the few that differ in effect:
one harvest or hacienda per chain or herd (R20, R36: any hex of the group
gives the same result), the best-placed tiles, tokens and water tiles by a
quick local look, every card purchase, and ending the turn.  ``plan_turn``
searches the rest of a turn (up to 3 actions, R13) with a beam over those
candidates and the evaluation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import (
    ANIMAL0,
    ANIMAL_INDEX,
    EMPTY,
    END,
    LAND,
    WATER,
    Action,
    GameState,
    connected_markets,
)
from .evaluate import MEDIUM, Weights, board_info, evaluate
from .projection import Projection, project


@dataclass(frozen=True)
class Breadth:
    """How many placements of each sort ``candidates`` keeps."""

    land_per_card: int = 3
    animal_per_kind: int = 3
    water: int = 3
    groups: int = 3
    market_land: int = 0     # more land spots per card: those opening a new market (hard)
    water_scored: int = 0    # more water placements: those that score most (expert)


WIDE = Breadth()
NARROW = Breadth(land_per_card=2, animal_per_kind=2, water=2, groups=2)
# Hard's: a land tile may go on any free space of its terrain (R23), so one next to
# the pampas beside a market the seat does not reach yet opens that market to its
# animals (R27, R34); the chain-minded spot score above never proposes it.
HARD_WIDE = Breadth(market_land=2)
# Wider: also the water placements that score most for the seat (R45: each of its
# pieces the tile touches) against the best opponent's, with room around them.
# Measured for expert and not taken (docs/ai.md, "Water candidates by what they score").
EXPERT_WIDE = Breadth(market_land=2, water_scored=3)


def _land_spot(state: GameState, h: int, seat: int, chain_of: dict[int, int]) -> float:
    kind, owner, adj = state.kind, state.owner, state.board.adjacent
    chains: set[int] = set()
    other = water = 0
    for n in adj[h]:
        k = kind[n]
        if k == LAND and owner[n] == seat:
            chains.add(chain_of[n])
        elif k == WATER:
            water += 1
        elif k != EMPTY and owner[n] != seat:
            other += 1
    size = sum(len(state.chains(seat)[c]) for c in chains)
    return 3.0 * len(chains) + 0.5 * size + 1.0 * (water > 0) - 0.2 * other


def _market_opening(state: GameState, h: int, connected: set[int]) -> int:
    """How many markets the seat does not reach yet a land tile on ``h`` opens:
    a free pampas next to ``h`` touches them (an animal can go there, R27)."""
    info = board_info(state.board)
    kind, adj = state.kind, state.board.adjacent
    opened: set[int] = set()
    for n in adj[h]:
        if kind[n] == EMPTY and info.near_market[n]:
            opened.update(m for m in info.markets_next[n] if m not in connected)
    return len(opened)


def _animal_spot(state: GameState, h: int, seat: int, animal: int, connected: set[int]) -> float:
    kind, owner, adj = state.kind, state.owner, state.board.adjacent
    info = board_info(state.board)
    new_markets = sum(1 for m in info.markets_next[h] if m not in connected)
    same = land = water = near = 0
    for n in adj[h]:
        k = kind[n]
        if owner[n] == seat:
            if k == ANIMAL0 + animal:
                same += 1
            elif k == LAND:
                land += 1
        elif k == WATER:
            water += 1
        if kind[n] == EMPTY and info.near_market[n]:
            near += 1
    return (6.0 * new_markets + 2.0 * bool(info.markets_next[h]) + 1.5 * min(same, 2)
            + 0.7 * min(land, 2) + 1.0 * (water > 0) + 0.8 * min(near, 2))


_WATER: dict[tuple, tuple[object, list[Action]]] = {}
_WATER_MOST = 2048


def _water_candidates(state: GameState, seat: int, n: int, scored: int = 0) -> list[Action]:
    """The ``n`` water placements (R21) touching most of the seat's pieces and
    fewest of others' (counted per hex of the tile), then the ``scored``
    placements that score most (`_water_by_score`) not among them, from the
    engine's list of placements (`GameState.water_options`).  Kept per board
    position, seat and water tiles left (what the list depends on)."""
    if n <= 0 and scored <= 0:
        return []
    key = (id(state.board), tuple(state.kind), tuple(state.owner),
           tuple(sorted(state.water_left.items())), seat, n, scored)
    entry = _WATER.get(key)
    if entry is not None and entry[0] is state.board:
        kept = entry[1]
    else:
        if len(_WATER) >= _WATER_MOST:
            _WATER.clear()
        options = state.water_options()
        kept = _water_by_hexes(state, seat, n, options)
        if scored > 0:
            chosen = {a.cells for a in kept}
            extra = [a for a in _water_by_score(state, seat, len(kept) + scored, options)
                     if a.cells not in chosen]
            kept = kept + extra[:scored]
        _WATER[key] = (state.board, kept)
    return list(kept)


def _water_by_hexes(state: GameState, seat: int, n: int, options: list) -> list[Action]:
    if n <= 0:
        return []
    board, kind, owner = state.board, state.kind, state.owner
    mine = theirs = 0
    for h, k in enumerate(kind):
        if k != EMPTY and k != WATER:
            bits = 0
            for m in board.adjacent[h]:
                bits |= 1 << m
            if owner[h] == seat:
                mine |= bits
            else:
                theirs |= bits
    scored: list[tuple[float, int, tuple]] = []
    for mask, cells in options:
        value = (mask & mine).bit_count() - 0.5 * (mask & theirs).bit_count() - 0.1 * len(cells)
        scored.append((value, -len(scored), cells))
    scored.sort(reverse=True)
    return [Action("buy", "water", None, cells) for _, _, cells in scored[:n]]


FREE_AROUND_WATER = 0.5    # a free pampas next to a water tile: a piece may still join it


def _water_by_score(state: GameState, seat: int, n: int, options: list) -> list[Action]:
    """The ``n`` water placements worth most by what they score (R45: a water
    tile scores each seat one point per piece of its touching the tile): the
    seat's pieces the tile touches, minus the best opponent's, plus
    ``FREE_AROUND_WATER`` per free pampas around it (room to touch it later)."""
    if n <= 0:
        return []
    info = board_info(state.board)
    kind, owner = state.kind, state.owner
    pieces = [0] * state.players
    for h, k in enumerate(kind):
        if k != EMPTY and k != WATER:
            pieces[owner[h]] |= 1 << h
    mine = pieces[seat]
    others = [p for q, p in enumerate(pieces) if q != seat]
    free = state.free_pampas_mask()
    ranked: list[tuple[float, int, tuple]] = []
    for mask, cells in options:
        around = info.around(mask) & ~mask
        best_other = max(((around & p).bit_count() for p in others), default=0)
        value = ((around & mine).bit_count() - best_other
                 + FREE_AROUND_WATER * (around & free).bit_count() - 0.1 * len(cells))
        ranked.append((value, -len(ranked), cells))
    ranked.sort(reverse=True)
    return [Action("buy", "water", None, cells) for _, _, cells in ranked[:n]]


def _top(items: list[tuple[float, Action]], n: int) -> list[Action]:
    items.sort(key=lambda t: -t[0])
    return [a for _, a in items[:n]]


def _own_groups(state: GameState, seat: int) -> dict[int, list[int]]:
    """Hex -> the seat's chain (R26) or herd (R28) holding it: the state's
    cached groups, the same lists `GameState.chain_at` would find one by one
    (harvests and haciendas name every hex of a group, R20, R36)."""
    out = {h: g for g in state.chains(seat) for h in g}
    for a in range(len(ANIMAL_INDEX)):
        out.update((h, g) for g in state.herds_of(seat, a) for h in g)
    return out


def candidates(state: GameState, breadth: Breadth = WIDE) -> list[Action]:
    """The current seat's legal actions worth evaluating, ``end`` last.
    Deterministic: the same state gives the same list."""
    seat = state.current
    index = state.board.index
    kinds = state.legal_kinds()
    legal = [a for k in kinds if k != "buy water" for a in state.legal_actions_of(k)]
    out: list[Action] = []
    lands: dict[str, list[tuple[float, Action]]] = {}
    animals: dict[str, list[tuple[float, Action]]] = {}
    harvests: dict[int, list[Action]] = {}
    haciendas: dict[int, tuple[int, Action]] = {}
    chain_of: dict[int, int] | None = None
    connected: set[int] | None = None
    group_of: dict[int, list[int]] = {}
    has_end = False
    for a in legal:
        kind = a.kind
        if kind in ("buy land", "buy animal"):
            out.append(a)
        elif kind == "end":
            has_end = True
        elif kind == "play land":
            if chain_of is None:
                chain_of = {h: i for i, g in enumerate(state.chains(seat)) for h in g}
            h = index[a.cells[0]]
            lands.setdefault(a.card, []).append((_land_spot(state, h, seat, chain_of) + h * 1e-6,
                                                 a))
        elif kind == "play animal":
            if connected is None:
                connected = set(connected_markets(state, seat))
            h = index[a.cells[0]]
            animal = ANIMAL_INDEX[a.card]
            animals.setdefault(a.card, []).append(
                (_animal_spot(state, h, seat, animal, connected) + h * 1e-6, a))
        elif kind == "harvest":
            if not group_of:
                group_of = _own_groups(state, seat)
            group = group_of[index[a.cells[0]]]
            key = group[0]
            if key not in harvests:
                harvests[key] = [a]
            elif harvests[key][0].cells == a.cells:
                harvests[key].append(a)
        elif kind == "buy hacienda":
            if not group_of:
                group_of = _own_groups(state, seat)
            group = group_of[index[a.cells[0]]]
            if group[0] not in haciendas:
                haciendas[group[0]] = (len(group), a)
    for options in lands.values():
        kept = _top(options, breadth.land_per_card)
        out.extend(kept)
        if breadth.market_land:
            if connected is None:
                connected = set(connected_markets(state, seat))
            opening = [(_market_opening(state, index[a.cells[0]], connected)
                        - index[a.cells[0]] * 1e-6, a) for _, a in options if a not in kept]
            out.extend(_top([t for t in opening if t[0] > 0], breadth.market_land))
    for options in animals.values():
        out.extend(_top(options, breadth.animal_per_kind))
    if "buy water" in kinds:
        out.extend(_water_candidates(state, seat, breadth.water, breadth.water_scored))
    groups = sorted(harvests.values(), key=lambda acts: -len(group_of[index[acts[0].cells[0]]]))
    for acts in groups[:breadth.groups]:
        out.extend(acts)
    out.extend(a for _, a in sorted(haciendas.values(), key=lambda t: -t[0])[:breadth.groups])
    if has_end:
        out.append(END)
    return out


def afterwards(state: GameState, action: Action) -> GameState:
    child = state.clone()
    child.apply(action)
    return child


@dataclass
class Plan:
    actions: tuple[Action, ...]
    value: float
    state: GameState


def plan_turn(state: GameState, weights: Weights | Projection = MEDIUM, width: int = 3,
              breadth: Breadth = WIDE, stop: Callable[[], bool] | None = None,
              keep: int = 1, by_first: bool = True) -> list[Plan]:
    """Best ways to play the rest of the current seat's turn (``end`` not
    included), by the evaluation after the last action, best first: the best
    ``keep`` plans with different first actions (``by_first``) or simply the
    best ``keep`` plans.  An empty plan means "end the turn now".  The beam
    keeps the ``width`` best positions after each action; ``stop()`` true
    cuts the search short."""
    seat = state.current
    start = Plan((), value(state, seat, weights), state)
    every = [start]
    beam = [start]
    seen: set[tuple[str, ...]] = set()
    while beam:
        children: list[Plan] = []
        for node in beam:
            if node.state.actions_left <= 0:
                continue
            for a in candidates(node.state, breadth):
                if a == END:
                    continue
                plan = (*node.actions, a)
                key = tuple(sorted(map(str, plan)))
                if key in seen:
                    continue
                seen.add(key)
                child = afterwards(node.state, a)
                children.append(Plan(plan, value(child, seat, weights), child))
            if stop is not None and stop():
                break
        every.extend(children)
        children.sort(key=lambda p: -p.value)
        beam = children[:width]
        if stop is not None and stop():
            break
    every.sort(key=lambda p: -p.value)
    if not by_first:
        return every[:keep]
    out: list[Plan] = []
    firsts: set[Action] = set()
    for p in every:
        first = first_action(p)
        if first not in firsts:
            firsts.add(first)
            out.append(p)
            if len(out) == keep:
                break
    return out


def first_action(plan: Plan) -> Action:
    return plan.actions[0] if plan.actions else END

__all__ = ["EXPERT_WIDE", "HARD_WIDE", "NARROW", "WIDE", "Breadth", "Plan", "afterwards",
           "candidates", "first_action", "plan_turn"]


def outcomes(state: GameState, action: Action, most: int = 6) -> list[tuple[float, GameState]]:
    """The positions an action can lead to, with their chances as the seat
    to move sees them (the engine's `chance_outcomes`: a blind card buy draws
    any unseen card); at most the ``most`` likeliest."""
    return state.chance_outcomes(action, most)


def expectimax_turn(state: GameState, weights: Weights | Projection = MEDIUM,
                    widths: tuple[int, ...] = (6, 2), breadth: Breadth = WIDE,
                    stop: Callable[[], bool] | None = None,
                    most: int = 6) -> tuple[Action, float]:
    """The best next action for the rest of the turn (see `expectimax_ranked`)."""
    value, action = expectimax_ranked(state, weights, widths, breadth, stop, most)[0]
    return action, value


def expectimax_ranked(state: GameState, weights: Weights | Projection = MEDIUM,
                      widths: tuple[int, ...] = (6, 2), breadth: Breadth = WIDE,
                      stop: Callable[[], bool] | None = None,
                      most: int = 6) -> list[tuple[float, Action]]:
    """The next actions for the rest of the turn, best first, with their values:
    every candidate is searched, then the ``widths[0]`` most promising of them
    a step deeper, and so on; blind card buys are chance nodes over the cards
    the seat cannot see (the engine's chance outcomes, the ``most`` likeliest).
    Leaves and "end the turn now" are valued by the evaluation.  ``stop()``
    true stops deepening (the best found so far is kept)."""
    seat = state.current

    def value_of(node: GameState, level: int,
                 here: float | None = None) -> list[tuple[float, Action]]:
        # ``here``: the node's value, when the caller has it already.
        ranked = [(value(node, seat, weights) if here is None else here, END)]
        if node.actions_left <= 0 or node.is_over():
            return ranked
        scored = []
        for a in candidates(node, breadth):
            if a == END:
                continue
            outs = outcomes(node, a, most)
            static = [value(child, seat, weights) for _, child in outs]
            v = sum(p * s for (p, _), s in zip(outs, static, strict=True))
            scored.append((v, len(scored), a, outs, static))
        scored.sort(key=lambda t: (-t[0], t[1]))
        deeper = widths[level] if level < len(widths) else 0
        for rank, (v, _, a, outs, static) in enumerate(scored):
            if rank < deeper and not (stop is not None and stop()):
                v = 0.0
                for (p, child), s in zip(outs, static, strict=True):
                    if child.actions_left > 0 and not child.is_over() and child.current == seat:
                        s = max(s, value_of(child, level + 1, s)[0][0])
                    v += p * s
            ranked.append((v, a))
        # Best first; ties keep the order above ("end" first, then by the first look).
        order = sorted(range(len(ranked)), key=lambda i: (-ranked[i][0], i))
        return [ranked[i] for i in order]

    return value_of(state, 0)


def value(state: GameState, seat: int, weights: Weights | Projection) -> float:
    """The evaluation a search uses: hard's projection or the older evaluation."""
    if isinstance(weights, Projection):
        return project(state, seat, weights)
    return evaluate(state, seat, weights)
