"""A card played on water is refused because water takes no piece (R21,
R30), not as a hex "already taken": a starting water field (R11) and a
water tile bought onto pampas are water to every card."""

from hacienda_game.engine import components as C
from hacienda_game.engine import new_game
from hacienda_game.session.refusals import words


def _held_land_card(state) -> str:
    hand = state.seats[state.current].land_hand
    return next(C.LAND_CARDS[i] for i, n in enumerate(hand) if n)


def _held_animal_card(state) -> str:
    hand = state.seats[state.current].animal_hand
    return next(C.ANIMALS[i] for i, n in enumerate(hand) if n)


def test_r30_a_land_card_on_a_water_field_is_refused_as_water_not_taken():
    state = new_game("symmetric", 2, seed=3)
    field = next(h for h in range(len(state.board)) if state.board.spaces[h] == "water")
    card = _held_land_card(state)
    r = state.refusal(f"play {card} {state.cell(field)}")
    assert r is not None and r.code == "land_not_here", r
    assert r.params["space"] == "water"
    assert "taken" not in words(r.code, r.params)
    assert "water" in words(r.code, r.params)


def test_r21_r30_cards_on_a_water_tile_laid_on_pampas_are_refused_as_water():
    state = new_game("symmetric", 2, seed=3)
    water = next(a for a in state.legal_actions() if a.verb == "buy" and a.item == "water")
    state.apply(water)
    h = state.board.index[water.cells[0]]
    assert state.board.spaces[h] == "pampas"
    cell = state.cell(h)
    land = state.refusal(f"play {_held_land_card(state)} {cell}")
    assert land is not None and land.code == "land_not_here" and land.params["space"] == "water"
    animal = state.refusal(f"play {_held_animal_card(state)} {cell}")
    assert animal is not None and animal.code == "animal_not_pampas", animal
    assert animal.params["space"] == "water"
    for r in (land, animal):
        assert "taken" not in words(r.code, r.params)
