"""A game's seed deals every hidden card, so no seat may be able to find it
from what it sees: every default seed is 128 bits from the OS, and a search
of a small seed space against a seat's first view finds nothing."""
from __future__ import annotations

from hacienda_game.engine import new_game, observe
from hacienda_game.net import serve
from hacienda_game.session.plan import DEFAULT_NAMES, GamePlan, SeatPlan, new_game_seed
from hacienda_game.session.saves import load_game, save_game

SPACE = 20_001          # seeds 0..20,000: a search any seat could run in seconds
PLANTED = 12_345        # a seed inside the space: the search must find it


def first_view(state, seat: int = 0) -> tuple:
    """What a seat sees of the deal at the start: its hands and the face-up cards."""
    obs = observe(state, seat)
    return (repr(obs.land_hand), repr(obs.animal_hand),
            repr(obs.land_face_up), repr(obs.animal_face_up))


def search(targets: dict[str, tuple], map_: str, players: int, variants: list[str]) -> dict:
    """Every seed in SPACE whose deal shows seat 0 the target view, per target."""
    found: dict[str, list[int]] = {name: [] for name in targets}
    for seed in range(SPACE):
        view = first_view(new_game(map_, players, seed, variants))
        for name, target in targets.items():
            if view == target:
                found[name].append(seed)
    return found


def test_default_seeds_are_128_bits_from_the_os():
    drawn = [new_game_seed() for _ in range(8)]
    assert len(set(drawn)) == 8
    assert max(s.bit_length() for s in drawn) > 120
    assert all(0 <= s < 1 << 128 for s in drawn)


def test_a_serve_game_without_seed_cannot_be_found_from_a_seats_first_view():
    ap = serve.parser()
    plan, state, _, _ = serve._setup(ap.parse_args(["--seats", "remote,easy,remote"]), ap)
    assert plan.seed >= 1 << 64 and state.seed == plan.seed
    planted = new_game(plan.map, 3, PLANTED, plan.variants)
    found = search({"default": first_view(state), "planted": first_view(planted)},
                   plan.map, 3, plan.variants)
    assert PLANTED in found["planted"]          # the search works on a seed in its space
    assert found["default"] == []               # and finds nothing for a default game


def test_a_typed_seed_is_honoured_by_serve():
    ap = serve.parser()
    plan, state, _, _ = serve._setup(
        ap.parse_args(["--seats", "remote,easy", "--seed", "7"]), ap)
    assert plan.seed == state.seed == 7


def test_setups_default_seed_is_128_bits():
    from hacienda_game.client.scenes.setup import SetupScene, seed_label

    seeds = {SetupScene().seed for _ in range(4)}
    assert len(seeds) == 4 and all(s >= 1 << 64 for s in seeds)
    assert seed_label(42) == "42"
    assert seed_label(max(seeds)).replace(" ", "") == str(max(seeds))   # every digit
    assert len(seed_label(max(seeds), short=True)) <= 9


def test_a_128_bit_seed_saves_and_replays_exactly(tmp_path):
    seed = (1 << 128) - 1 - 12_345
    seats = [SeatPlan(DEFAULT_NAMES[i], "easy", i) for i in range(3)]
    plan = GamePlan("symmetric", seats, seed, [])
    state = new_game("symmetric", 3, seed, [])
    path = save_game(state, plan, "big seed", folder=tmp_path)
    saved = load_game(path)
    assert saved.plan.seed == seed and saved.state.seed == seed
    for seat in range(3):
        assert observe(saved.state, seat) == observe(state, seat)

