"""Easy and medium stay exactly as they were (the ladder below hard is kept
while hard and expert change): their decisions on fixed positions, and 90
actions of a 3-seat game, as recorded before the evaluation was rebuilt on
engine.scoring and the engine's chance outcomes."""

import hashlib
import random

import pytest

from hacienda_game.ai import choose_action
from hacienda_game.engine import new_game, observe
from tests.helpers_ai import LONE, turn_start

PINNED = {
    ("easy", 4, 4, 60): "play forest 3,3", ("easy", 9, 4, 60): "play mountain 6,2",
    ("easy", 11, 2, 40): "play pampas 9,12", ("easy", 13, 3, 120): "play cattle 4,7",
    ("easy", 17, 4, 200): "play cattle 9,2", ("easy", 21, 2, 10): "play forest 15,3",
    ("medium", 4, 4, 60): "play pampas 3,5", ("medium", 9, 4, 60): "play rock 16,8",
    ("medium", 11, 2, 40): "play pampas 8,11", ("medium", 13, 3, 120): "play pampas 14,3",
    ("medium", 17, 4, 200): "play sheep 9,1", ("medium", 21, 2, 10): "play rock 16,8",
}
GAME = "9f4a7743806329d51f86c129248a70804ddc46cc3dc0a6feabdaba2324c927d8"


@pytest.mark.parametrize("key", sorted(PINNED))
def test_easy_and_medium_decide_as_before(key):
    level, seed, players, steps = key
    state = turn_start(seed, players, steps)
    assert str(choose_action(level, observe(state, state.current), 5)) == PINNED[key]


def test_a_game_of_easy_and_medium_plays_as_before():
    # Recorded before the R39 ruling: replayed under the house rule it was then.
    state = new_game("symmetric", players=3, seed=77, variants=LONE)
    rng = random.Random(77)
    seats = ["easy", "medium", "medium"]
    for _ in range(90):
        state.apply(choose_action(seats[state.current], observe(state, state.current),
                                  rng.randrange(1 << 30)))
    assert hashlib.sha256("\n".join(state.history_text()).encode()).hexdigest() == GAME
