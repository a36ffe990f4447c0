"""The AI levels: fair (R60: seats see views only), reproducible, legal, within budget."""

import random
from collections import Counter
from pathlib import Path

import pytest

from hacienda_game.ai import Budget, choose_action, levels
from hacienda_game.ai.evaluate import evaluate
from hacienda_game.ai.moves import candidates, outcomes, plan_turn
from hacienda_game.ai.strategies import Clock
from hacienda_game.engine import components as C
from hacienda_game.engine import determinize, load_scenario, new_game, observe, parse_action
from hacienda_game.engine.chance import unseen_cards
from hacienda_game.maps.catalog import builtin_maps

SMALL = {"random": None, "easy": None, "medium": Budget(iterations=150),
         "hard": Budget(iterations=1), "expert": Budget(iterations=1),
         "hard-v1": Budget(iterations=1)}


def _midgame(seed: int, steps: int, players: int = 4):
    state = new_game("symmetric", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(state.random_action(rng))
    return state


def _turn_start(seed: int, players: int = 4):
    """A position at the start of a turn, some way into the game."""
    state = _midgame(seed, 60, players)
    while state.actions_taken:
        state.apply("end")
    return state


def _hidden(state, seat: int):
    """What seat cannot see: other hands, deck order, waiting and removed animals."""
    return ([(s.land_hand, s.animal_hand) for i, s in enumerate(state.seats) if i != seat],
            state.land_deck, state.animal_draw, state.animal_waiting, state.animal_removed)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert", "hard-v1"])
def test_r60_same_view_same_decision_whatever_is_hidden(level):
    """Two states that differ only in hidden cards (other hands, deck order)
    give the same decision for the same seed, at every level."""
    for seed in (4, 9):
        real = _turn_start(seed)
        seat = real.current
        other = determinize(observe(real, seat), random.Random(1000 + seed))
        assert _hidden(other, seat) != _hidden(real, seat)
        assert observe(other, seat) == observe(real, seat)
        budget = SMALL[level]
        mine = choose_action(level, observe(real, seat), 5, budget)
        theirs = choose_action(level, observe(other, seat), 5, budget)
        assert mine == theirs
        assert real.is_legal(mine) and other.is_legal(theirs)


def test_levels_come_weakest_first():
    assert levels() == ("random", "easy", "medium", "hard", "expert")
    assert levels(frozen=True) == ("random", "easy", "medium", "hard", "expert", "hard-v1")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_same_view_and_seed_give_the_same_decision_and_seeds_matter(level):
    state = _turn_start(11)
    obs = observe(state, state.current)
    budget = SMALL[level]
    first = choose_action(level, obs, 3, budget)
    assert choose_action(level, obs, 3, budget) == first
    assert state.is_legal(first)


@pytest.mark.parametrize("name", builtin_maps())
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_whole_games_legally(level, name):
    """A complete game per level on every built-in map (the long runs are in
    docs/ai.md: tools/tournament.py --map all)."""
    state = new_game(name, players=2, seed=21)
    seats = [level, "random"]
    rng = random.Random(7)
    while not state.is_over():
        assert state.turn < 1000, "the game does not end"
        action = choose_action(seats[state.current], observe(state, state.current),
                               rng.randrange(1 << 30), SMALL[seats[state.current]])
        assert state.is_legal(action), action
        state.apply(action)
    # R40: the stacks run out (two scorings), or every seat is stuck, broke
    # with no chain to harvest (R39), and the game ends at once, scored.
    assert state.scorings_done == 2 or (
        state.over_reason == "no player can act any more" and state.scorings_done >= 1)


def test_candidates_are_legal_and_end_the_list():
    state = _midgame(5, 150)
    cands = candidates(state)
    assert cands[-1] == state.legal_actions()[-1] == parse_action("end")
    legal = set(state.legal_actions())
    assert set(cands) <= legal
    kinds = {a.kind for a in state.legal_actions()}
    # Every kind of action that is legal is considered (within reason: all of them here).
    assert {a.kind for a in cands} == kinds


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_a_herd_reaches_the_market_that_pays(level):
    """A pig card and a land tile beside a market's neighbour: the pig on the
    market side connects the market (R34) and pays (R32); medium and hard see it."""
    state = load_scenario(_market_scenario())
    board = state.board
    spots = [board.index[a.cells[0]] for a in state.legal_actions() if a.kind == "play animal"]
    assert any(not any(board.is_market[m] for m in board.adjacent[h]) for h in spots)
    action = choose_action(level, observe(state, 0), seed=1, budget=SMALL[level])
    assert action.kind == "play animal"
    assert any(board.is_market[m] for m in board.adjacent[board.index[action.cells[0]]])


def _market_scenario() -> dict:
    """Seat 0 holds a pig card and one harvested land tile on pampas next to
    a market's neighbour; some of the tile's free neighbours touch no market."""
    board = new_game("symmetric", players=2, seed=3).board

    def touches_market(h: int) -> bool:
        return any(board.is_market[m] for m in board.adjacent[h])

    for h in board.pampas:
        if touches_market(h):
            continue
        free = [n for n in board.adjacent[h] if board.is_pampas[n]]
        if any(touches_market(n) for n in free) and not all(touches_market(n) for n in free):
            land = board.names[h]
            return {"format": "hacienda-scenario/1", "map": "symmetric", "players": 2,
                    "seed": 3, "current_player": 0,
                    "seats": [{"money": 0, "hand": {"land": [], "animal": ["pig"]},
                               "land": [land], "harvest": [land]},
                              {"money": 0}]}
    raise AssertionError("the symmetric board has no pampas beside a market's neighbour")


def test_clock_counts_iterations_and_caps_seconds():
    clock = Clock(Budget(iterations=3), Budget(seconds=5.0, iterations=10))
    for _ in range(3):
        assert not clock.spent()
        clock.tick()
    assert clock.spent()
    assert Clock(Budget(seconds=0.0), Budget(iterations=10)).spent()
    assert Clock(None, Budget(iterations=2)).iterations == 2


def test_plan_turn_finds_better_positions_than_ending_now():
    state = _turn_start(13)
    seat = state.current
    best = plan_turn(state)[0]
    assert best.value >= evaluate(state, seat)
    assert len(best.actions) <= 3
    for a in best.actions:
        state.apply(a)
    assert evaluate(state, seat) == pytest.approx(best.value)


@pytest.mark.parametrize("land", [True, False])
def test_unseen_cards_are_exactly_what_the_seat_cannot_see(land):
    state = _midgame(8, 90)
    seat = state.current
    names = C.LAND_CARDS if land else C.ANIMALS
    hidden = Counter(state.land_deck if land else
                     state.animal_draw + state.animal_waiting + state.animal_removed)
    for i, s in enumerate(state.seats):
        if i != seat:
            hand = s.land_hand if land else s.animal_hand
            known = s.known_land if land else s.known_animal
            for name, n, k in zip(names, hand, known, strict=True):
                hidden[name] += n - k
    assert unseen_cards(state, seat, land) == {c: n for c, n in hidden.items() if n}


def test_a_blind_buy_is_a_chance_node_over_the_unseen_cards():
    state = _turn_start(2)
    seat = state.current
    state.seats[seat].money = 20
    pool = unseen_cards(state, seat, True)
    outs = outcomes(state, parse_action("buy land"))
    assert sum(p for p, _ in outs) == pytest.approx(1)
    drawn = []
    for p, child in outs:
        gained = [c for c, before, after in zip(C.LAND_CARDS, state.seats[seat].land_hand,
                                               child.seats[seat].land_hand, strict=True)
                  if after == before + 1]
        assert len(gained) == 1
        drawn.append(gained[0])
        assert p == pytest.approx(pool[gained[0]] / sum(pool[c] for c in pool))
        # The hidden cards were only rearranged: the seat's view is the same kind of view.
        assert unseen_cards(child, seat, True) == {**pool, gained[0]: pool[gained[0]] - 1} \
            or pool[gained[0]] == 1
    assert len(set(drawn)) == len(drawn) == len(pool)
    only = outcomes(state, parse_action("end"))
    assert len(only) == 1 and only[0][0] == 1.0


STALL = Path(__file__).resolve().parents[1] / "data" / "stall_asymmetric_record.json"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_r40_no_level_passes_for_ever_when_the_whole_table_passes(level):
    """A record from an AI stress run that never ended: two seats, both had
    only ended their turns for rounds (one broke, with no cards; the other
    keeping its animal cards). The game ends only when the animal piles run
    out (R40), so a seat that could act must act once the table stalls."""
    from hacienda_game.ai.strategies import stalled
    from hacienda_game.engine import load_record, observe, replay

    state = replay(load_record(STALL))
    assert stalled(state) and not state.is_over()
    assert any(a.kind != "end" for a in state.legal_actions())
    action = choose_action(level, observe(state, state.current), 7, Budget(iterations=1))
    assert str(action) != "end"
    state.apply(action)                       # legal, and the game moves on
    assert not stalled(state)


def test_the_stall_rule_needs_two_whole_rounds_of_passing():
    from hacienda_game.ai.strategies import STALL_ROUNDS, stalled
    from hacienda_game.engine import load_record, replay

    record = load_record(STALL)
    actions = record["actions"]
    last_act = max(i for i, a in enumerate(actions) if a != "end")
    passes = STALL_ROUNDS * record["header"]["players"]
    for ends in range(passes + 1):
        state = replay(dict(record, actions=actions[:last_act + 1 + ends]))
        assert stalled(state) == (ends == passes and state.actions_taken == 0), ends
    assert not stalled(new_game("asymmetric", players=2, seed=1))
