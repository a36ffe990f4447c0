"""A reason for every "no" (engine/whynot.py, session/refusals.py): over many
positions of random games, every control that has no legal action and every
hex a chosen card or piece cannot go to gets a refusal as data (code, rule,
params) and a sentence of its own in each language, with the numbers."""

from __future__ import annotations

import pytest

from hacienda_game import i18n
from hacienda_game.engine import REFUSALS, Action, new_game
from hacienda_game.engine.components import ANIMALS, LAND_CARDS, PRICE_HACIENDA
from hacienda_game.engine.whynot import CONTROLS
from hacienda_game.session.refusals import SENTENCES, WITH_PARAMS, words
from tests.helpers_ai import sampled_positions

POSITIONS = 520
MAPS = ("symmetric", "eight", "everest", "fjords")


def positions(count: int):
    """``count`` positions from random games (2-4 players, some with hand
    limits), a few actions apart."""
    return sampled_positions(count, MAPS, most_players=4, steps=(1, 6),
                             variants=lambda seed: ("hand_limits",) if seed % 3 == 0 else ())


def controls(state):
    """Every control of the turn: kind and card (None: the control itself)."""
    seat = state.seat
    yield from ((k, None) for k in CONTROLS)
    yield from (("play land", c) for c, n in zip(LAND_CARDS, seat.land_hand, strict=True) if n)
    yield from (("play animal", c) for c, n in zip(ANIMALS, seat.animal_hand, strict=True) if n)
    yield from (("buy land", c) for c in LAND_CARDS)
    yield from (("buy animal", c) for c in ANIMALS)


def attempts(state, rng):
    """A few refused targets of each choice a player can make with a card in
    hand, a hacienda, a water tile or a harvest: hexes where it cannot go."""
    board = state.board
    seat = state.seat
    cells = rng.sample(board.cells, 6)
    for card, n in zip(LAND_CARDS, seat.land_hand, strict=True):
        if n:
            yield from (Action("play", "land", card, (c,)) for c in cells)
    for card, n in zip(ANIMALS, seat.animal_hand, strict=True):
        if n:
            yield from (Action("play", "animal", card, (c,)) for c in cells)
    yield from (Action("buy", "hacienda", None, (c,)) for c in cells)
    yield from (Action("harvest", None, None, (c,)) for c in cells)
    yield from (Action("buy", "water", None, (c,)) for c in cells[:3])


def said(code: str, params: dict) -> dict[str, str]:
    out = {}
    for code_ in i18n.LANGUAGES:
        i18n.set_language(code_)
        try:
            out[code_] = words(code, params)
        finally:
            i18n.set_language("en")
    return out


def test_every_off_control_and_every_refused_target_says_why_in_each_language():
    seen_controls: dict[str, int] = {}
    seen_targets: dict[str, int] = {}
    for state, rng in positions(POSITIONS):
        legal = state.legal_actions()
        for kind, card in controls(state):
            why = state.why_none(kind, card)
            some = any(a.kind == kind and (card is None or a.card == card) for a in legal)
            assert (why is None) == some, (kind, card, why)
            if why is None:
                continue
            assert why.code in REFUSALS and why.rule == REFUSALS[why.code]
            assert why.code in SENTENCES or why.code in WITH_PARAMS, why.code
            seen_controls[why.code] = seen_controls.get(why.code, 0) + 1
            for text in said(why.code, why.params).values():
                assert text and "{" not in text, (why.code, text)
        for attempt in attempts(state, rng):
            refusal = state.refusal(attempt)
            if refusal is None:
                continue
            assert refusal.code in SENTENCES or refusal.code in WITH_PARAMS, refusal.code
            seen_targets[refusal.code] = seen_targets.get(refusal.code, 0) + 1
            texts = said(refusal.code, refusal.params)
            assert all(texts.values()), (refusal.code, texts)
            assert texts["de"] != texts["en"] != texts["es"]
    # The sweep met the common reasons (it is not empty by accident).
    assert {"turn_used", "cannot_pay", "one_harvest", "not_face_up"} <= set(seen_controls)
    assert {"taken", "hacienda_not_own", "harvest_not_own"} <= set(seen_targets)


def test_the_reasons_carry_their_numbers():
    state = new_game("symmetric", players=2, seed=3)
    state.seats[state.current].money = 4
    why = state.why_none("buy hacienda")
    assert why.code == "cannot_pay" and why.params["price"] == PRICE_HACIENDA
    assert words(why.code, why.params) == "Needs 12 pesos, you have 4."
    i18n.set_language("de")
    try:
        assert words(why.code, why.params) == "Kostet 12 Pesos, du hast 4."
    finally:
        i18n.set_language("en")
    while state.actions_taken < 3:
        state.apply(next(a for a in state.legal_actions() if a.verb == "buy"
                         or a.verb == "play"))
    why = state.why_none("play land")
    assert why.code == "turn_used" and words(why.code) == "No actions left: end your turn."


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_reason_reads_in_each_language(code):
    for language, text in said(code, {}).items():
        assert text, (code, language)
