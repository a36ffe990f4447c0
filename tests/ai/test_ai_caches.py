"""The search's caches and the water candidates by score (ai/projection.py, ai/moves.py)."""

import pytest

from hacienda_game.ai.expert import EXPERT
from hacienda_game.ai.moves import EXPERT_WIDE, HARD_WIDE, _water_by_score, candidates
from hacienda_game.ai.projection import _FACTS, _MEMOS, HARD2, board_facts
from hacienda_game.engine import EMPTY, Action, new_game, score
from tests.helpers_ai import turn_start


def test_the_board_cache_never_answers_for_another_table():
    """Two tables with the same pieces (none yet) but not the same number of
    seats share no cached facts: each seat's value comes from its own table."""
    two = new_game("symmetric", players=2, seed=3)
    four = new_game("symmetric", players=4, seed=3)
    assert len(board_facts(two)) == 2 and len(board_facts(four)) == 4
    assert len(HARD2.seat_values(four)) == 4


@pytest.mark.parametrize("cache", [_FACTS, _MEMOS], ids=["board facts", "seat values"])
def test_cached_values_are_the_values_of_a_fresh_look(cache):
    """A value read through the cache (the board's facts, or the seat values
    kept by what they are computed from) equals the one computed with the
    cache emptied, after actions that change the board and actions that do
    not, and follows a seat's pesos when they change outside an action."""
    state = turn_start(9, 4, 80)
    for _ in range(12):
        for _change in range(2):
            cached = EXPERT.seat_values(state)
            cache.clear()
            assert EXPERT.seat_values(state) == cached
            state.seats[0].money += 7
        if state.is_over():
            break
        state.apply(candidates(state, HARD_WIDE)[0])


def _engine_worth(state, seat, cells):
    """What the engine's scoring says a water tile on ``cells`` is worth to
    ``seat``: its own water points gained minus the best opponent's, plus
    half a point per free pampas around the tile, less 0.1 a hex."""
    before = score(state)
    after_state = state.clone()
    after_state.apply(Action("buy", "water", None, cells))
    after = score(after_state)
    gain = [after[q]["water"] - before[q]["water"] for q in range(state.players)]
    board = state.board
    hexes = {board.index[c] for c in cells}
    around = {n for h in hexes for n in board.adjacent[h]} - hexes
    free = sum(1 for n in around if state.kind[n] == EMPTY and board.is_pampas[n])
    best_other = max(g for q, g in enumerate(gain) if q != seat)
    return gain[seat] - best_other + 0.5 * free - 0.1 * len(cells)


def test_r45_the_wider_candidates_hold_the_water_placements_that_score_most():
    """The water placements EXPERT_WIDE adds are the best by what the rules score
    for them (R45: a point per own piece the tile touches), against the best
    opponent, with room around them; hard's candidates do not change."""
    checked = 0
    for seed in range(20, 80):
        state = turn_start(seed, 2 + seed % 3, 30 + seed % 50)
        if state.is_over() or "buy water" not in state.legal_kinds():
            continue
        seat = state.current
        options = state.water_options()
        worth = sorted((_engine_worth(state, seat, cells) for _, cells in options), reverse=True)
        top = _water_by_score(state, seat, 3, options)
        assert [round(_engine_worth(state, seat, a.cells), 6) for a in top] == \
            [round(w, 6) for w in worth[:3]]
        wide = candidates(state, EXPERT_WIDE)
        assert all(a in wide for a in top)
        assert all(a in wide for a in candidates(state, HARD_WIDE))
        checked += 1
        if checked == 3:
            break
    assert checked >= 2


def test_the_outcomes_of_a_blind_draw_share_their_values():
    """A blind draw's outcomes differ only in the card drawn, which no part of
    the projection counts: their values are equal, and computed once."""
    state = turn_start(5, 3, 70)
    outs = state.chance_outcomes(Action("buy", "land", None, ()), 6)
    assert len(outs) > 1
    _MEMOS.clear()
    values = [EXPERT.seat_values(child) for _, child in outs]
    assert all(v == values[0] for v in values)
    assert len(_MEMOS[id(EXPERT)][1]) == state.players
