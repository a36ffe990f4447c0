"""The coach (ai/coach.py): hard's best action for a seat with its reason, from
that seat's view only (R60); it never changes the game; key moments."""

import random
import re

from hacienda_game import i18n
from hacienda_game.ai import Budget
from hacienda_game.ai.coach import Reason, advice_for, advise, key_moments, reason_for, words
from hacienda_game.engine import determinize, load_scenario, new_game, observe, score
from hacienda_game.maps.landmarks import where
from tests.helpers_ai import sampled_positions, turn_start

SMALL = Budget(iterations=4)


def test_the_hint_never_changes_the_state():
    state = turn_start(4)
    before = state.snapshot()
    obs = observe(state, state.current)
    advice = advise(obs, 3, SMALL)
    assert state.snapshot() == before and observe(state, state.current) == obs
    assert state.is_legal(advice.action)
    assert advice.text and "(R" not in advice.text


def test_r60_the_hint_sees_only_the_seats_view():
    """Two states that differ only in what the seat cannot see give the same
    hint, action, reason and words."""
    for seed in (5, 8):
        real = turn_start(seed)
        seat = real.current
        other = determinize(observe(real, seat), random.Random(50 + seed))
        assert observe(other, seat) == observe(real, seat)
        assert other.snapshot() != real.snapshot()
        assert advise(observe(real, seat), 1, SMALL) == advise(observe(other, seat), 1, SMALL)


def test_the_reason_says_what_the_action_earns_in_the_players_language():
    from tests.ai.test_levels import _market_scenario

    state = load_scenario(_market_scenario())
    market = next(a for a in state.legal_actions() if a.kind == "play animal"
                  and any(state.board.is_market[m]
                          for m in state.board.adjacent[state.board.index[a.cells[0]]]))
    reason = reason_for(state.clone(), market)
    assert reason.kind == "new_market" and reason.params["animal"] == "pig"
    assert reason.params["pesos"] == 2 and reason.params["markets"] == 1
    board = state.board
    text = words(reason, board)
    assert text.endswith("+2 pesos.") and "pig herd" in text
    assert where(board, market.cells[0]) in text and not re.search(r"\d+,\d+", text)
    i18n.set_language("de")
    try:
        assert "Schwein" in words(reason, board) and "+2 Pesos" in words(reason, board)
    finally:
        i18n.set_language("en")
    assert words(Reason("end"), board) == "End your turn: nothing else pays now."


def test_key_moments_are_the_winners_best_turns():
    start = new_game("symmetric", players=2, seed=9)
    state = start.clone()
    rng = random.Random(9)
    while not state.is_over():
        state.apply(state.random_action(rng))
    moments = key_moments(start, list(state.history))
    winner = state.winners()[0]
    assert len(moments) == 3 and all(m.seat == winner for m in moments)
    assert [m.turn for m in moments] == sorted(m.turn for m in moments)
    assert start.history == [] and moments[0].actions


def _sampled_positions(count: int, seed: int = 0):
    """``count`` positions of random games on several maps, 2-5 players."""
    return sampled_positions(count, ("symmetric", "eight", "frontier", "asymmetric", "fjords"),
                             seed=seed)


def test_every_reason_the_coach_gives_is_true_of_the_real_position():
    """On 200 sampled positions, for the coach's reasons of several legal
    actions of every kind: the pesos, markets, sizes and points it claims
    are what the engine gives when the action is played on the real state
    (the reason was worked out on a state dealt from the seat's view)."""
    checked = 0
    kinds = set()
    for state, rng in _sampled_positions(200):
        seat = state.current
        legal = state.legal_actions()
        picks = {a.kind: a for a in rng.sample(legal, len(legal))}   # one of each kind
        for action in picks.values():
            obs = observe(state, seat)
            advice = advice_for(obs, action, rng.randrange(1 << 30))
            reason, params = advice.reason, advice.reason.params
            kinds.add(reason.kind)
            real = state.clone()
            before = score(real)[seat]
            money = real.seats[seat].money
            events = real.apply(action)
            after = score(real)[seat]
            gained = real.seats[seat].money - money
            if "pesos" in params:
                price = sum(e.data.get("price", 0) for e in events if e.seat == seat)
                assert params["pesos"] == gained + price, (reason, events)
            if reason.kind in ("market", "new_market"):
                assert params["pesos"] > 0
                assert params["markets"] == after["detail"]["markets"]
                assert (after["detail"]["markets"] > before["detail"]["markets"]) == \
                    (reason.kind == "new_market")
            if reason.kind in ("herd", "market", "new_market"):
                herd = next(e.data["herd"] for e in events if e.kind == "animal_placed")
                assert params["size"] == herd
            if reason.kind in ("chain", "land"):
                h = real.board.index[action.cells[0]]
                assert params["size"] == len(real.chain_at(h))
                assert (params["size"] >= 3) == (reason.kind == "chain")
                if reason.kind == "chain":
                    assert params["points"] == 2 * params["size"]
                    assert params["size"] in after["detail"]["chains"]
            if reason.kind == "harvest":
                h = real.board.index[action.cells[0]]
                assert params["size"] == len(real.chain_at(h)) and params["pesos"] == gained
            if reason.kind in ("hacienda", "water"):
                assert params["points"] == (after["total"] - after["money"]) - \
                    (before["total"] - before["money"])
            assert not re.search(r"\d+,\d+", advice.text) and "{" not in advice.text
            checked += 1
    assert checked >= 600
    assert {"market", "herd", "chain", "land", "harvest", "hacienda", "draw"} <= kinds


def test_a_hint_takes_under_a_second_of_cpu_at_the_default_budget():
    import time

    from hacienda_game.ai.coach import COACH_BUDGET

    slowest = 0.0
    for state, _rng in _sampled_positions(10, seed=40):
        obs = observe(state, state.current)
        start = time.process_time()
        advice = advise(obs, 5)
        slowest = max(slowest, time.process_time() - start)
        assert state.is_legal(advice.action)
    assert COACH_BUDGET.seconds is not None and COACH_BUDGET.seconds < 1.0
    assert slowest < 1.0, slowest
