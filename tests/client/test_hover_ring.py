"""The ring under the pointer is the choosing player's: it leaves the board
when the turn passes to another seat (an AI seat playing), and comes back on
the player's own turn."""

from __future__ import annotations

from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.engine import new_game
from hacienda_game.session.plan import GamePlan, SeatPlan


def test_the_hover_ring_is_off_the_board_during_other_seats_turns(driver):
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1, kind="easy")], 4)
    state = new_game("symmetric", 2, seed=4)
    play = PlayScene(plan, state=state)
    driver.app.reset(play)
    driver.frames(1)
    h = next(i for i, space in enumerate(state.board.spaces) if space == "pampas")
    play.hover_hex = h
    assert play.human_turn
    mark = play.board_model(play.layer.view(0)).hover
    assert mark is not None and mark.hex == h
    play.layer.perform(play.layer.end_turn())
    assert not play.human_turn                       # Bo (AI) to play
    play.hover_hex = h
    assert play.board_model(play.layer.view(0)).hover is None
