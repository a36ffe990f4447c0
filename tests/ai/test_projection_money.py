"""Hard's and expert's projection keeps seats able to act: cards in hand count
only as far as two rounds' plays go (a land card bought for a play rounds away
is worth nothing now), a small reserve of pesos is worth keeping, and a lone
tile promises no harvest (R39)."""

from hacienda_game.ai.expert import EXPERT
from hacienda_game.ai.projection import HARD2
from hacienda_game.engine import new_game


def test_a_land_card_beyond_two_rounds_of_plays_adds_nothing_to_the_hand():
    state = new_game("symmetric", 4, seed=100)       # 8 land and 4 animal cards in hand
    seat = state.current
    rounds = HARD2.rounds(state)
    assert rounds > 10                              # the whole game ahead
    for w in (HARD2, EXPERT):
        before = w.hand(state, seat, 2, 1.0, rounds)
        state.seats[seat].land_hand[0] += 1
        after = w.hand(state, seat, 2, 1.0, rounds)
        state.seats[seat].land_hand[0] -= 1
        assert after == before, type(w).__name__


def test_buying_a_land_card_at_the_start_does_not_pay_for_its_pesos():
    state = new_game("symmetric", 4, seed=100)
    seat = state.current
    here = HARD2.value(state, seat)
    buy = next(a for a in state.legal_actions() if str(a) == "buy land")
    state.apply(buy)
    assert HARD2.value(state, seat) < here


def test_the_last_pesos_are_worth_more_than_the_rest():
    state = new_game("symmetric", 4, seed=100)
    seat = state.current
    values = []
    for money in (0, 6, 12):
        state.seats[seat].money = money
        values.append(HARD2.seat_values(state)[seat])
    assert values[1] - values[0] > values[2] - values[1] + 2


def test_r39_a_lone_tile_promises_no_harvest():
    state = new_game("symmetric", 2, seed=3)
    seat = state.current
    play = next(a for a in state.legal_actions() if a.verb == "play" and a.kind == "play land")
    before = HARD2.seat_values(state)[seat]
    no_harvest = HARD2.with_values(harvest=0.0)
    state.apply(play)                                # one lone tile on the board
    assert len(state.chains(seat)) == 1 and len(state.chains(seat)[0]) == 1
    assert HARD2.seat_values(state)[seat] == no_harvest.seat_values(state)[seat]
    assert before is not None
