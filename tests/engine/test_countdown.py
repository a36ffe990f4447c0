"""R40, R41: the next scoring, one answer for every screen (engine.countdown)."""

from __future__ import annotations

import random

from hacienda_game.engine import new_game, observe
from hacienda_game.engine.countdown import OVER, ScoringAhead, scoring_ahead


def test_the_next_scoring_follows_the_stacks_through_whole_games():
    for seed in (1, 2, 3):
        state = new_game("symmetric", 3, seed=seed)
        rng = random.Random(seed)
        seen_due = set()
        assert scoring_ahead(state) == ScoringAhead("intermediate", False,
                                                    len(state.animal_draw))
        while not state.is_over():
            events = state.apply(state.random_action(rng))
            ahead = scoring_ahead(state)
            assert scoring_ahead(observe(state, state.current)) == ahead   # a view says the same
            switched = [e.data["scoring"] for e in events if e.kind == "stack_switched"]
            scored = [e.data["which"] for e in events if e.kind == "scoring"]
            if state.is_over():
                assert ahead == OVER
            elif "intermediate" in switched:
                # The first stack ran out: the intermediate scoring comes at the
                # round's end, however many cards the second stack holds.
                assert ahead.which == "intermediate" and ahead.due and ahead.cards == 0
                seen_due.add("intermediate")
            elif "final" in switched:
                assert ahead == ScoringAhead("final", True, 0)
                seen_due.add("final")
            elif "intermediate" in scored:
                assert ahead == ScoringAhead("final", False, len(state.animal_draw))
            if ahead.due:
                assert ahead.which in seen_due
        assert scoring_ahead(state) == OVER
        assert seen_due == {"intermediate", "final"} or state.over_reason != \
            "the second animal stack is used up"


def test_both_scorings_due_at_once():
    state = new_game("symmetric", 2, seed=1)
    state.intermediate_due = state.final_due = True
    state.stack = 3
    assert scoring_ahead(state) == ScoringAhead("intermediate", True, 0, final_too=True)
