"""What just happened, told again: the other seats' last moves replayed one
after another on the board (a button, P, the log's and the hand-off's X),
and a log line flashing the hexes it names (the side log and the Log
overlay).  Log lines are data: each carries its hexes."""

from __future__ import annotations

import pygame

from hacienda_game.client.scenes.overlays import Privacy
from hacienda_game.client.scenes.padmenus import LogView
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.play.recent import STEP
from hacienda_game.session.plan import GamePlan, SeatPlan


def key(driver, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    driver.frames(1)


def bo_moves(driver, humans: int = 1) -> tuple[PlayScene, list[int]]:
    """Ana ends her turn; Bo lays land tiles and ends his: back to Ana, with
    Bo's moves (their hexes, in order) since her last action."""
    seats = [SeatPlan(n, colour=i) for i, n in enumerate(["Ana", "Bo"])]
    play = PlayScene(GamePlan("symmetric", seats, 5, open_hands=humans == 1))
    driver.app.settings.anim_speed = "normal"
    driver.app.reset(play)
    driver.frames(2)
    state = play.layer._state
    placed: list[int] = []
    play.layer.perform(next(a for a in state.legal_actions() if a.kind == "end"))
    driver.frames(2)
    while isinstance(driver.top, Privacy):   # Ana's hand-off, then Bo's: nothing to replay
        assert driver.top.on_replay is None
        key(driver, pygame.K_RETURN)
    while state.current == 1:
        legal = state.legal_actions()
        action = next((a for a in legal if a.kind == "play land"), None) or \
            next((a for a in legal if a.kind == "buy land"), None) or \
            next(a for a in legal if a.kind == "end")
        if action.kind == "play land":
            placed.append(state.board.index[action.cells[0]])
        play.layer.perform(action)
    driver.frames(2)
    return play, placed


def test_log_lines_carry_the_hexes_they_name(driver):
    play, placed = bo_moves(driver)
    assert placed, "Bo laid a tile"
    named = [e.hexes for e in play.entries if e.hexes]
    assert [h[0] for h in named if len(h) == 1][-len(placed):] == placed or \
        set(placed) <= {h for hexes in named for h in hexes}
    lines = [line for line in play.log if line.hexes]
    assert lines and all(line[1] == 1 for line in lines[-len(placed):])


def test_the_pointer_on_a_log_line_flashes_its_hexes_on_the_board(driver):
    play, placed = bo_moves(driver)
    rect = play.layout.log
    line_h = driver.app.art.fonts.body.line_height
    found = None
    for y in range(rect.y + 4, rect.bottom - 4, line_h):   # the line naming a hex
        command = play.log_command((rect.x + 40, y + 2))
        if command is not None and command.line is not None and play.log[command.line].hexes:
            found = (rect.x + 40, y + 2), play.log[command.line]
    assert found is not None
    pos, line = found
    driver.move(pos)
    model = play.board_model(play.observation())
    assert model.flash == line.hexes and model.flash_colour == play.plan.seats[1].colour
    assert play.panels_model(play.observation()).log.focus is not None
    # Drawn: the hex's ring in Bo's colour (over the rings of the last moves).
    driver.frames(1)
    colour = tuple(driver.app.art.seat_colour(play.plan.seats[1].colour))
    h = line.hexes[0]
    x, y = play.view.centres[h]
    screen = driver.app.screen
    ring = [tuple(screen.get_at((round(px), round(py))))[:3] for px, py in
            play.view.polygon(h)]
    assert colour in ring
    # Off the log: nothing flashes; a click flashes for a moment.
    driver.move(play.view.area.center)
    assert play.board_model(play.observation()).flash == ()
    driver.click(pos)
    driver.move(play.view.area.center)
    assert play.board_model(play.observation()).flash == line.hexes
    driver.app.time += 2.0
    assert play.board_model(play.observation()).flash == ()


def test_p_replays_the_other_seats_moves_one_after_another(driver):
    play, placed = bo_moves(driver)
    assert play.b_last.enabled
    key(driver, pygame.K_p)
    assert play.replay is not None
    seen = []
    start = play.replay.start
    for i in range(len(play.replay.moves)):
        driver.app.time = start + (i + 0.5) * STEP       # normal speed: 0.6 s a move
        step = play.board_model(play.observation()).step
        assert step is not None and step.number == i + 1
        assert step.colour == play.plan.seats[1].colour and "Bo" in step.words
        seen.append(step.hexes)
    assert [h[0] for h in seen if len(h) == 1] == placed or set(placed) <= \
        {h for hexes in seen for h in hexes}
    driver.app.time = start + len(seen) * STEP + 0.01
    assert play.board_model(play.observation()).step is None   # over by itself
    # Slow speed: each move takes longer; any key skips the rest.
    driver.app.settings.anim_speed = "slow"
    key(driver, pygame.K_p)
    assert play.replay.step > STEP
    key(driver, pygame.K_RIGHT)
    assert play.replay is None
    # Ana acts: nothing left to replay, the button says why.
    play.layer.perform(next(a for a in play.layer._state.legal_actions() if a.verb == "buy"))
    driver.frames(2)
    assert not play.b_last.enabled
    key(driver, pygame.K_p)
    assert play.replay is None and "Nothing happened" in play.message


def test_the_hand_off_offers_the_last_moves_and_plays_them(driver):
    play, placed = bo_moves(driver, humans=2)
    hand_off = driver.top
    assert isinstance(hand_off, Privacy) and hand_off.on_replay is not None
    driver.frames(1)
    assert hand_off.b_replay is not None              # the button, drawn
    key(driver, pygame.K_p)
    assert driver.top is play and play.viewer == 0
    assert play.replay is not None and play.replay.seat == 0
    assert {m.seat for m in play.replay.moves} == {1}


def test_the_log_overlay_focuses_entries_and_flashes_their_hexes(driver):
    play, placed = bo_moves(driver)
    key(driver, pygame.K_l)
    view = driver.top
    assert isinstance(view, LogView)
    flashed = []
    for _ in range(12):                     # up through the newest entries
        key(driver, pygame.K_UP)
        flashed.append(play.board_model(play.observation()).flash)
    assert any(f and f[0] in placed for f in flashed)
    key(driver, pygame.K_p)                 # P from the log: the replay
    assert driver.top is play and play.replay is not None
    assert play.board_model(play.observation()).flash == ()



def test_the_replay_viewer_flashes_the_hexes_of_a_log_line_too(driver):
    from hacienda_game.client.scenes.moments import finished_replay
    from hacienda_game.client.scenes.replay import ReplayScene

    play, placed = bo_moves(driver)
    viewer = ReplayScene(finished_replay(play.layer.game, play.plan, None))
    driver.app.push(viewer)
    driver.frames(2)
    viewer.goto(len(viewer.actions))
    driver.frames(2)
    rect = viewer.layout.log
    line_h = driver.app.art.fonts.body.line_height
    for y in range(rect.y + 4, rect.bottom - 4, line_h):
        command = viewer.log_command((rect.x + 40, y + 2))
        if command is not None and command.line is not None and viewer.log[command.line].hexes:
            driver.move((rect.x + 40, y + 2))
            flash = viewer.board_model(viewer.observation()).flash
            assert flash == viewer.log[command.line].hexes
            return
    raise AssertionError("no log line of the viewer names a hex")
