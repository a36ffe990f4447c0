"""Copying a state (R12): a clone and its original go their own ways.

`GameState.clone` copies every field by name and shares the frontiers until
either copy places a piece (`occupy` copies them first), so these tests play
both copies apart and check that neither sees the other's moves and that
every cache still equals one rebuilt from the pieces."""

import random

from hacienda_game.engine import ANIMALS, GameState, new_game


def _caches(state: GameState):
    """The derived caches as plain values (chains and herds recomputed)."""
    return ([set(state.land_frontier(q)) for q in range(state.players)],
            [[set(state.animal_frontier(q, a)) for a in range(len(ANIMALS))]
             for q in range(state.players)],
            state.free_pampas_mask(),
            [state.chains(q) for q in range(state.players)],
            [[state.herds_of(q, a) for a in range(len(ANIMALS))] for q in range(state.players)])


def _fresh(state: GameState):
    """The caches of the same pieces, rebuilt from scratch on a copy."""
    copy = state.clone()
    copy.rebuild_caches()
    return _caches(copy)


def _play(state: GameState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        state.apply(state.random_action(rng))


def test_r12_a_clone_and_its_original_play_apart():
    for seed, players, board in ((3, 2, "symmetric"), (8, 4, "asymmetric"), (11, 3, "symmetric")):
        state = new_game(board, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(6):
            _play(state, rng, 25)
            if state.is_over():
                break
            _caches(state)                      # fill the chain and herd caches first
            before = state.snapshot()
            child = state.clone()
            assert child.snapshot() == before
            _play(child, random.Random(seed + 1), 40)
            assert state.snapshot() == before, "a clone's moves reached the original"
            assert _caches(state) == _fresh(state)
            assert _caches(child) == _fresh(child)
            after_child = child.snapshot()
            _play(state, random.Random(seed + 2), 40)
            assert child.snapshot() == after_child, "the original's moves reached a clone"
            assert _caches(child) == _fresh(child)
            assert _caches(state) == _fresh(state)
            state = child


# Set when the game is set up and never changed, or shared until either copy
# places a piece (copy on write): shared by the copies.
SHARED = ("origin", "_land_caps", "_land_frontier", "_animal_frontier")


def test_a_clone_sets_every_field_and_shares_no_list_that_can_change():
    state = new_game("symmetric", players=3, seed=4)
    _play(state, random.Random(4), 60)
    child = state.clone()
    for name in GameState.__slots__:
        mine, theirs = getattr(state, name), getattr(child, name)
        assert type(mine) is type(theirs), name
        if isinstance(mine, (list, dict, set)) and name not in SHARED:
            assert mine is not theirs, f"{name} is shared"
    for s, c in zip(state.seats, child.seats, strict=True):
        assert s is not c
        for name in type(s).__slots__:
            if isinstance(getattr(s, name), list):
                assert getattr(s, name) is not getattr(c, name), name
        assert all(a is not b for a, b in zip(s.animal_hexes, c.animal_hexes, strict=True))
