"""The reference bots (tools/refbots.py): legal, blind to what their seat
cannot see (R60), independent of hacienda_game.ai."""

import ast
import random
from pathlib import Path

import pytest

from hacienda_game.engine import determinize, observe
from tests.helpers_ai import turn_start
from tools.refbots import REF_BOTS

ROOT = Path(__file__).resolve().parents[2]


def test_the_reference_bots_use_nothing_of_the_ai_room():
    tree = ast.parse((ROOT / "tools" / "refbots.py").read_text(encoding="utf-8"))
    modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert modules and not any("ai" in m.split(".") for m in modules), modules


@pytest.mark.parametrize("name", sorted(REF_BOTS))
def test_r60_reference_bots_are_legal_and_blind_to_hidden_cards(name):
    real = turn_start(6, 3, 50)
    seat = real.current
    other = determinize(observe(real, seat), random.Random(99))
    assert observe(other, seat) == observe(real, seat)
    mine = REF_BOTS[name](observe(real, seat), 3)
    assert mine == REF_BOTS[name](observe(other, seat), 3)
    assert real.is_legal(mine)


@pytest.mark.parametrize("name", sorted(REF_BOTS))
def test_a_reference_bot_that_would_pass_again_acts_when_the_table_only_passes(name,
                                                                               monkeypatch):
    """R40: the game ends only when the animal cards go; a table where every
    turn of two rounds was passed (one seat unable to act, the reference bot
    unwilling: a stop-18 tournament game ran 2,000 turns so) takes an action."""
    import tools.refbots as refbots
    from hacienda_game.engine import new_game
    from hacienda_game.engine.actions import END

    monkeypatch.setattr(refbots, "plan_turn", lambda state, rng, **kw: [(0.0, END)])
    state = new_game("symmetric", players=2, seed=4)
    assert REF_BOTS[name](observe(state, state.current), 1) == END     # would pass
    for _ in range(2 * refbots.PASSED_ROUNDS - 1):
        state.apply("end")
    assert REF_BOTS[name](observe(state, state.current), 1) == END     # 3 passes: not yet
    state.apply("end")
    chosen = REF_BOTS[name](observe(state, state.current), 1)
    assert chosen != END and state.is_legal(chosen)



def _play(bots, state, until_turn):
    moves = 0
    while not state.is_over() and state.turn < until_turn:
        q = state.current
        action = bots[q](observe(state, q), 1000 + moves)
        assert state.is_legal(action), action
        state.apply(action)
        moves += 1
    return moves


def test_the_plan_and_play_out_bot_plays_legal_turns_on_two_boards():
    """``ref-plan`` (plan search with chance nodes, then play-outs on shared
    determinizations) at a small budget: every action of the first turns of
    a 2-player game on each of the symmetric and asymmetric boards is legal."""
    from functools import partial

    from hacienda_game.engine import new_game
    from tools.refbots import plan_and_play_out

    small = partial(plan_and_play_out, first=2, worlds=1, widths=(2,))
    for board in ("symmetric", "asymmetric"):
        state = new_game(board, players=2, seed=12)
        assert _play([small, small], state, 5) > 4
        assert not any(a == "end" for a in state.history_text()[:2])   # it acts


@pytest.mark.slow
def test_the_plan_and_play_out_bot_plays_whole_legal_games():
    """``ref-plan`` at a small budget plays a whole 2-player game against
    ``ref-greedy`` on the asymmetric board: every action legal, and the game
    ends (R40: the stacks, or the engine's stalemate ruling)."""
    from functools import partial

    from hacienda_game.engine import new_game
    from tools.refbots import greedy, plan_and_play_out

    small = partial(plan_and_play_out, first=2, worlds=1, widths=(2,))
    state = new_game("asymmetric", players=2, seed=12)
    _play([small, greedy], state, 400)
    assert state.is_over() and state.termination is not None
