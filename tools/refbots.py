"""Reference bots, independent of hacienda_game.ai, to measure the levels against.

They use only the engine's public API (``observe``'s view, ``determinize``,
``legal_actions``, ``apply``, ``clone``, ``chance_outcomes``, ``score``) and
their own evaluation, written apart from ``ai/evaluate.py``:

    projected final points = points scored + (scorings to come) x (points the
    board would score now + pesos / 10) + a share for the cards in hand,
    minus the best opponent's projection.

- ``ref-greedy``: a one-turn planner.  One determinization from the seat's
  view; a beam search (width 3) over the rest of its own turn (up to 3
  actions) among every legal action (water placements sampled), a blind buy
  averaged over the cards the seat cannot see (the engine's chance outcomes).
- ``ref-mc``: flat Monte Carlo.  Its five best first actions by the greedy
  planner are each re-checked on 8 fresh determinizations: the action, the
  rest of the turn finished greedily, then one random reply turn by every
  opponent (play-outs with ``random_action``), and the final position
  valued by the same evaluation.  About 0.3-0.8 s a turn.
- ``ref-plan``: plan search, then play-outs on shared determinizations.  The
  plan search is an expectimax over the rest of its own turn: every action
  (water sampled) valued by its expected outcome, a blind buy a chance node
  over the cards the seat cannot see (the engine's chance outcomes, the 4
  likeliest), the 5 best searched a step deeper on every outcome, the 2
  best of those deeper still.  Its 4 best first actions are then played out
  on 6 determinizations shared by all of them (the same deal and the same
  random numbers for each, so their differences are the actions' own): the
  action, the rest of the turn greedily, one greedy turn by every opponent,
  and the projection of the result; the best mean wins.

    from tools.refbots import REF_BOTS
    action = REF_BOTS["ref-mc"](observe(state, seat), seed)

Wired into tools/tournament.py as seats ``ref-greedy``, ``ref-mc`` and ``ref-plan``.
"""

from __future__ import annotations

import random

from hacienda_game.engine import (
    ACTIONS_PER_TURN,
    Action,
    GameState,
    Observation,
    determinize,
    score,
)

WATER_SAMPLE = 24     # water placements looked at per position (there can be hundreds)
CARD_SHARE = 0.9      # a card in hand: this share of a tile's worth per scoring to come


def _rounds_left(state: GameState) -> float:
    left = len(state.animal_draw) + len(state.animal_waiting)
    return max(0.5, left / (0.5 * state.players))


def projection(state: GameState, seat: int) -> float:
    """The seat's projected final points (see the module text)."""
    table = score(state)
    return _projection(state, seat, table)


def _projection(state: GameState, seat: int, table: list[dict]) -> float:
    s = state.seats[seat]
    if state.over:
        return s.score + s.money / 1000
    ahead = 2 - state.scorings_done
    row = table[seat]
    board = row["total"] - row["money"]
    cards = sum(s.land_hand) + sum(s.animal_hand)
    playable = min(1.0, _rounds_left(state) / 3)
    return s.score + ahead * (board + s.money / 10) + CARD_SHARE * ahead * playable * cards


def value(state: GameState, seat: int) -> float:
    """Projected points ahead of the best opponent."""
    table = score(state)
    mine = _projection(state, seat, table)
    best = max(_projection(state, q, table) for q in range(state.players) if q != seat)
    return mine - best


def _actions(state: GameState, rng: random.Random) -> list[Action]:
    """Every legal action but ``end``, water placements sampled."""
    out, water = [], []
    for a in state.legal_actions():
        if a.verb == "end":
            continue
        (water if a.item == "water" else out).append(a)
    if len(water) > WATER_SAMPLE:
        water = rng.sample(water, WATER_SAMPLE)
    return out + water


def _expected(state: GameState, action: Action, seat: int) -> tuple[float, GameState]:
    """The action's value averaged over its chance outcomes, and its likeliest outcome."""
    outs = state.chance_outcomes(action, most=4)
    v = sum(p * value(child, seat) for p, child in outs)
    return v, max(outs, key=lambda t: t[0])[1]


def plan_turn(state: GameState, rng: random.Random, width: int = 3,
              keep: int = 1, chance: tuple[int, ...] = ()) -> list[tuple[float, Action]]:
    """The best first actions of the rest of the turn (``end`` included), by
    a beam search over the turn: (value of the best plan starting with it, it).
    With ``chance`` (widths per step, e.g. (5, 2)) an expectimax instead
    (`expectimax_turn`): blind draws are chance nodes all the way down."""
    if chance:
        return expectimax_turn(state, rng, chance)[:keep]
    seat = state.current
    best_by_first: dict[Action, float] = {Action("end"): value(state, seat)}
    beam: list[tuple[float, Action | None, GameState]] = [(0.0, None, state)]
    while beam:
        children = []
        for _, first, node in beam:
            if node.actions_left <= 0 or node.is_over() or node.current != seat:
                continue
            for a in _actions(node, rng):
                v, child = _expected(node, a, seat)
                f = first or a
                if v > best_by_first.get(f, float("-inf")):
                    best_by_first[f] = v
                children.append((v, f, child))
        children.sort(key=lambda t: -t[0])
        beam = children[:width]
    ranked = sorted(((v, a) for a, v in best_by_first.items()), key=lambda t: -t[0])
    return ranked[:keep]


def expectimax_turn(state: GameState, rng: random.Random,
                    widths: tuple[int, ...] = (5, 2)) -> list[tuple[float, Action]]:
    """Every first action of the rest of the turn (``end`` included), best
    first, with its expected value: each action valued by its outcomes (a
    blind buy is a chance node over the unseen cards), the ``widths[0]`` best
    searched a step deeper on every outcome, and so on."""
    seat = state.current

    def node_value(node: GameState, level: int) -> list[tuple[float, Action]]:
        ranked = [(value(node, seat), Action("end"))]
        if node.actions_left <= 0 or node.is_over() or node.current != seat:
            return ranked
        looked = []
        for a in _actions(node, rng):
            outs = node.chance_outcomes(a, most=4)
            static = [value(child, seat) for _, child in outs]
            v = sum(p * x for (p, _), x in zip(outs, static, strict=True))
            looked.append((v, len(looked), a, outs, static))
        looked.sort(key=lambda t: (-t[0], t[1]))
        deeper = widths[level] if level < len(widths) else 0
        for rank, (v, _, a, outs, static) in enumerate(looked):
            if rank < deeper:
                v = 0.0
                for (p, child), x in zip(outs, static, strict=True):
                    if child.actions_left > 0 and not child.is_over() and child.current == seat:
                        x = max(x, node_value(child, level + 1)[0][0])
                    v += p * x
            ranked.append((v, a))
        order = sorted(range(len(ranked)), key=lambda i: (-ranked[i][0], i))
        return [ranked[i] for i in order]

    return node_value(state, 0)


PASSED_ROUNDS = 2     # the table has only passed this long: act if anything is legal


def _unstall(state: GameState, choice: Action, rng: random.Random) -> Action:
    """A game ends only when the animal cards are bought (R40): when every turn
    of the last ``PASSED_ROUNDS`` rounds was ended without an action and the bot
    would pass again, it takes its best legal action instead (with nothing left
    to do, the engine ends the game, R40's stalemate ruling)."""
    if choice.verb != "end" or state.actions_taken:
        return choice
    done = state.history_text()
    n = PASSED_ROUNDS * state.players
    if len(done) < n or any(a != "end" for a in done[-n:]):
        return choice
    seat = state.current
    scored = [(_expected(state, a, seat)[0], -i, a)
              for i, a in enumerate(_actions(state, rng))]
    return max(scored)[2] if scored else choice


def greedy(obs: Observation, seed: int) -> Action:
    rng = random.Random(seed)
    state = determinize(obs, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _unstall(state, plan_turn(state, rng)[0][1], rng)


def _finish_turn(state: GameState, rng: random.Random) -> None:
    """Play the rest of the current seat's turn greedily, one action at a time."""
    seat = state.current
    while not state.is_over() and state.current == seat and state.actions_left > 0:
        here = value(state, seat)
        best, choice = here, None
        for a in _actions(state, rng):
            child = state.clone()
            child.apply(a)
            v = value(child, seat)
            if v > best:
                best, choice = v, a
        if choice is None:
            break
        state.apply(choice)
    if not state.is_over() and state.current == seat:
        state.apply("end")


def _reply_turn(state: GameState, rng: random.Random) -> None:
    seat = state.current
    for _ in range(ACTIONS_PER_TURN + 1):
        if state.is_over() or state.current != seat:
            return
        state.apply(state.random_action(rng))
    if not state.is_over() and state.current == seat:
        state.apply("end")


def monte_carlo(obs: Observation, seed: int, first: int = 5, samples: int = 8) -> Action:
    rng = random.Random(seed)
    state = determinize(obs, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current
    options = [a for _, a in plan_turn(state, rng, keep=first)]
    if len(options) == 1:
        return _unstall(state, options[0], rng)
    totals = dict.fromkeys(options, 0.0)
    for _ in range(samples):
        world = determinize(obs, rng)
        for a in options:
            sim = world.clone()
            sim.apply(a)
            if a.verb != "end":
                _finish_turn(sim, rng)
            for _ in range(sim.players - 1):
                if sim.is_over():
                    break
                _reply_turn(sim, rng)
            totals[a] += value(sim, seat)
    return _unstall(state, max(options, key=lambda a: (totals[a], -options.index(a))), rng)


def _greedy_turn(state: GameState, rng: random.Random) -> None:
    """The seat to move plays its turn greedily (`_finish_turn`): an opponent's
    reply in a play-out."""
    _finish_turn(state, rng)


def plan_and_play_out(obs: Observation, seed: int, first: int = 4, worlds: int = 6,
                      widths: tuple[int, ...] = (5, 2)) -> Action:
    """``ref-plan``: the ``first`` best first actions by the plan search
    (`expectimax_turn`), each played out on the same ``worlds``
    determinizations with the same random numbers (the rest of the turn
    greedily, then a greedy turn by every opponent); the best mean of the
    projection wins, ties to the plan's order."""
    rng = random.Random(seed)
    state = determinize(obs, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current
    options = [a for _, a in plan_turn(state, rng, keep=first, chance=widths)]
    if len(options) == 1:
        return _unstall(state, options[0], rng)
    totals = dict.fromkeys(options, 0.0)
    for _ in range(worlds):
        world = determinize(obs, rng)
        shared = rng.randrange(1 << 30)
        for a in options:
            sim = world.clone()
            sim.apply(a)
            local = random.Random(shared)      # common random numbers for every option
            if a.verb != "end":
                _finish_turn(sim, local)
            for _ in range(sim.players - 1):
                if sim.is_over():
                    break
                _greedy_turn(sim, local)
            totals[a] += value(sim, seat)
    return _unstall(state, max(options, key=lambda a: (totals[a], -options.index(a))), rng)


REF_BOTS = {"ref-greedy": greedy, "ref-mc": monte_carlo, "ref-plan": plan_and_play_out}

__all__ = ["REF_BOTS", "expectimax_turn", "greedy", "monte_carlo", "plan_and_play_out",
           "plan_turn", "projection", "value"]
