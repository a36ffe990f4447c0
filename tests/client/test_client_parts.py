"""The client's parts: board drawing from TMX, the action layer, the scene stack,
errors, map lists and the command line."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame
import pytest

from hacienda_game.client.actionlayer import ActionLayer
from hacienda_game.client.boardview import BoardView, render_map
from hacienda_game.client.scene import Scene
from hacienda_game.engine import new_game
from hacienda_game.maps import load_board
from hacienda_game.maps.catalog import maps_dir
from hacienda_game.session.plan import list_maps

BOARDS = Path(__file__).resolve().parents[1] / "boards"
AREA = pygame.Rect(8, 28, 696, 324)


@pytest.mark.parametrize("name", ["hex_x_odd", "hex_x_even", "hex_y_odd", "hex_y_even"])
def test_every_hex_is_found_under_its_centre_on_every_stagger_kind(name):
    board = load_board(BOARDS / f"{name}.tmx")
    view = BoardView(board, AREA)
    assert view.rect.width <= AREA.width and view.rect.height <= AREA.height
    assert view.scale == int(view.scale) >= 1        # whole-number scaling
    for h, centre in enumerate(view.centres):
        assert view.hex_at(centre) == h
    assert view.hex_at((0, 0)) is None


def test_builtin_board_is_drawn_at_1x_with_its_tiles():
    board = load_board("symmetric")
    view = BoardView(board, AREA)
    assert view.scale == 1 and view.piece_scale == 1
    picture = view.picture
    for h in (0, len(board) // 2, len(board) - 1):
        x, y = board.cells[h]
        cx, cy = board.layout.center(x, y)
        assert picture.get_at((int(cx), int(cy))).a == 255       # a terrain tile is drawn
    assert picture.get_at((0, 0)).a == 0                           # no hex, nothing drawn


def _map_with_layers(tmp_path: Path, extra: str) -> Path:
    """symmetric.tmx with extra layers after the board layer, in a temporary folder."""
    for name in ("hacienda.tsx", "hacienda.png"):
        shutil.copy(maps_dir() / name, tmp_path / name)
    text = (maps_dir() / "symmetric.tmx").read_text(encoding="utf-8")
    text = text.replace("</map>", extra + "</map>")
    path = tmp_path / "decorated.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _layer(name: str, gid: int, visible: str = "1") -> str:
    data = ",".join([str(gid)] + ["0"] * (21 * 13 - 1))
    return (f'<layer id="9{gid}" name="{name}" width="21" height="13" visible="{visible}">'
            f'<data encoding="csv">{data}</data></layer>\n')


def test_decoration_layers_are_drawn_in_order_and_hidden_ones_are_not(tmp_path):
    # Cell 0,0 has no board hex; a decoration layer paints a water tile there.
    path = _map_with_layers(tmp_path, _layer("decor", 8) + _layer("hidden", 1, visible="0"))
    board = load_board(path)
    plain = render_map(board, maps_dir() / "symmetric.tmx")
    decorated = render_map(board, path)
    cx, cy = board.layout.center(0, 0)
    assert plain.get_at((int(cx), int(cy))).a == 0
    water = decorated.get_at((int(cx), int(cy)))
    assert water.a == 255
    # The hidden layer (mountain, gid 1) was not drawn over the water.
    tiles = pygame.image.load(str(maps_dir() / "hacienda.png"))
    assert water == tiles.get_at((7 * 32 + 16, 16))


def _position_with_market_move(seed: int = 3):
    rng = random.Random(seed)
    state = new_game("symmetric", 3, seed=seed)
    while not state.is_over():
        for action in state.legal_actions():
            if action.kind == "play animal":
                events = state.clone().apply(action)
                paid = [e for e in events if e.kind == "market_paid"]
                if paid:
                    return state, action, paid
        state.apply(state.random_action(rng))
    raise AssertionError("no market move found")


def test_preview_shows_the_market_payment_and_changes_nothing():
    state, action, paid = _position_with_market_move()
    layer = ActionLayer(state)
    snapshot = state.snapshot()
    text = layer.preview(action)
    assert f"market side: +{paid[0].data['amount']} pesos" in text
    assert state.snapshot() == snapshot


def test_only_perform_changes_the_state_and_refusals_explain_the_rule():
    state = new_game("symmetric", 2, seed=5)
    seen = []
    layer = ActionLayer(state, lambda action, events: seen.append((action, events)))
    wrong = next(a for a in layer.legal() if a.verb == "play")
    far = wrong._replace(cells=((0, 0),))
    reason = layer.explain(far)
    assert reason and "(R" in reason
    layer.perform(layer.legal()[0])
    assert len(seen) == 1 and layer.version == 1


def test_water_shapes_under_the_pointer_cover_every_legal_placement():
    state = new_game("symmetric", 2, seed=9)
    layer = ActionLayer(state)
    for size in layer.water_sizes():
        placements = layer.water_placements(size)
        assert placements
        for cells in list(placements)[:40]:
            assert any(layer.water_shape(c, size, t) == cells for c in cells for t in range(6))


def test_invalid_own_map_is_listed_with_the_validators_reasons(home):
    folder = home / "maps"
    folder.mkdir()
    shutil.copy(BOARDS / "no_market.tmx", folder / "no_market.tmx")
    shutil.copy(BOARDS / "hacienda.png", folder / "hacienda.png")
    entries = {e.name: e for e in list_maps()}
    assert entries["symmetric"].ok
    bad = entries["no_market"]
    assert not bad.ok and any("no market" in problem for problem in bad.errors)


class Recorder(Scene):
    def __init__(self, name: str, log: list[str]):
        self.name, self.log = name, log

    def enter(self, app):
        super().enter(app)
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")


def test_scene_stack_lifecycle_is_symmetric(driver):
    app = driver.app
    log: list[str] = []
    app.reset(Recorder("a", log))
    app.push(Recorder("b", log))
    app.replace(Recorder("c", log))
    app.pop()
    assert log == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a"]


class Broken(Scene):
    def update(self, dt):
        raise RuntimeError("the cow jumped over the moon")


def test_an_error_in_a_scene_shows_an_overlay_logs_it_and_leads_back_to_the_menu(driver, home):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.overlays import ErrorOverlay

    driver.app.push(Broken())
    driver.frames(2)
    overlay = driver.top
    assert isinstance(overlay, ErrorOverlay)
    log = (home / "log" / "hacienda.log").read_text()
    assert "the cow jumped over the moon" in log and "Traceback" in log
    driver.click_button(overlay.buttons, "Back to menu")
    assert isinstance(driver.top, MenuScene) and len(driver.app.stack) == 1


def test_f11_toggles_full_screen(driver):
    before = driver.app.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                         unicode="", scancode=0))
    driver.frames(1)
    assert driver.app.settings.fullscreen is not before


def test_animation_speed_off_shows_moves_at_once(driver):
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    driver.app.settings.anim_speed = "off"
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1)], 4,
                    open_hands=True)
    play = PlayScene(plan)
    driver.app.reset(play)
    driver.frames(1)
    action = next(a for a in play.layer.legal() if a.verb == "play")
    play.layer.perform(action)
    assert len(play.anims) == 0
    assert [t.value for t in play.money_tick] == play.layer.public_totals()[1]


def test_bad_command_lines_give_a_message_not_a_traceback(capsys, home):
    from hacienda_game import cli

    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--autoplay", "--headless", "--seats", "wizard,random"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "unknown AI level 'wizard'" in err and "Traceback" not in err
    assert cli.main(["--autoplay", "--headless", "--map", str(BOARDS / "no_market.tmx")]) == 2
    err = capsys.readouterr().err
    assert "cannot be played" in err and "no market" in err and "Traceback" not in err


def test_map_option_opens_setup_on_that_map_or_says_why_not(home):
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.overlays import Message
    from hacienda_game.client.scenes.setup import SetupScene
    from hacienda_game.client.scenes.start import first_scene

    for map_arg, expected in (("symmetric", SetupScene),
                              (str(BOARDS / "no_market.tmx"), Message)):
        app = App(Options(windowed=True, fake_clock=True, map=map_arg))
        app.push(first_scene(app))
        app.step()
        assert isinstance(app.top, expected)
        if expected is SetupScene:
            assert app.top.entry.name == "symmetric"
        else:
            assert "no market" in app.top.text
        app.finish()


def test_idle_title_screen_plays_a_demo_game_until_a_click(driver):
    from hacienda_game.client.scenes import menu
    from hacienda_game.client.scenes.play import PlayScene

    driver.top.idle_time = menu.ATTRACT_AFTER
    driver.frames(1)
    demo = driver.top
    assert isinstance(demo, PlayScene) and demo.demo
    driver.click((480, 270))
    assert isinstance(driver.top, menu.MenuScene) and len(driver.app.stack) == 1


def test_a_point_anywhere_inside_a_hex_finds_that_hex():
    board = load_board("symmetric")
    view = BoardView(board, AREA)
    for h in (0, 57, len(board) - 1):
        points = view.polygon(h)
        cx, cy = view.centres[h]
        for px, py in points:              # just inside each corner
            inside = (round(px + (cx - px) * 0.08), round(py + (cy - py) * 0.08))
            assert view.hex_at(inside) == h, (h, inside)


def test_harvest_with_every_chip_out_asks_which_chip_to_take(driver):
    """R37 by mouse: harvest, a lit own chain, then a lit chip of another player."""
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1),
                                  SeatPlan("Cy", colour=2)], 1, open_hands=True)
    play = PlayScene(plan)
    driver.app.reset(play)
    state = play.layer._state
    rng = random.Random(1)
    while not any(a.kind == "harvest" and a.source for a in state.legal_actions()):
        play.layer.perform(state.random_action(rng))
    play.pending.clear()          # no scoring or privacy screen in the way
    driver.frames(2)
    assert driver.top is play
    seat = state.current
    driver.click(play.b_harvest.rect.center)
    cell = sorted(play.selection.targets)[0]
    driver.click(play.view.centres[state.board.index[cell]])
    assert play.selection.kind == "harvest_from"
    source = sorted(play.selection.targets)[0]
    before = state.seats[seat].money
    driver.click(play.view.centres[state.board.index[source]])
    assert state.history[-1].source == source and state.history[-1].cells == (cell,)
    assert state.seats[seat].money > before


def test_wheel_over_the_log_scrolls_it_and_elsewhere_turns_water(driver):
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1)], 8,
                    open_hands=True)
    play = PlayScene(plan)
    driver.app.reset(play)
    for _ in range(6):
        play.say("a line for the log")
    driver.move(play.layout.log.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    driver.frames(1)
    assert play.log_back == 3
    driver.click(play.b_water.rect.center)
    assert play.selection.kind == "water"
    driver.move(play.view.centres[100])
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    driver.frames(1)
    assert play.selection.turns == 1 and play.log_back == 3


def test_setup_names_and_seed_are_typed_in(driver):
    from hacienda_game.client.scenes.setup import SetupScene

    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.click(setup.buttons[1].rect.center)          # Ana's name
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    driver.frames(1)
    assert setup.seats[0].name == "Zoé" and setup.editing is None
    driver.click(setup.seed_button.rect.center)
    # A drawn seed is 39 digits: select it all (Ctrl+A) and type over it.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL,
                                         unicode="\x01", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="42x"))
    driver.frames(1)
    assert setup.seed == 42


def test_log_lines_keep_hidden_cards_hidden_and_read_plainly():
    from hacienda_game.client.scenes.play import describe
    from hacienda_game.engine import Event
    from hacienda_game.maps import load_board

    names = ["Ana", "Bo"]
    board = load_board("symmetric")
    blind = Event("card_bought", 0, {"item": "land", "card": "forest", "face_up": False,
                                     "price": 2}, ("card",))
    assert describe(blind.seen_by(None), names, board) == \
        "Ana buys a land card from the deck for 2 pesos"
    # The buyer's own view holds the drawn card: its log line still names none
    # (the log is read by the whole table) and never calls it face-up.
    assert describe(blind.seen_by(0), names, board) == \
        "Ana buys a land card from the deck for 2 pesos"
    blind_animal = Event("card_bought", 1, {"item": "animal", "card": "pig", "face_up": False,
                                            "price": 2}, ("card",))
    assert describe(blind_animal.seen_by(None), names, board) == \
        "Bo buys an animal card from the deck for 2 pesos"
    paid = Event("market_paid", 1, {"market": "8,2", "side": "9,2", "herd": 1, "land": 1,
                                    "amount": 2})
    assert describe(paid, names, board) == \
        "Bo's herd sells at the north-west market: 1 animal + 1 land tile = 2 pesos"


def test_setup_shows_a_remote_seat_with_its_own_icon(driver):
    """A seat left for a network player reads "Remote" beside a signal icon,
    not the AI's robot (it once showed the robot)."""
    from hacienda_game.client.scenes.setup import SetupScene

    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.seats[1].kind = "remote"
    setup.layout()
    driver.frames(1)
    icons = {b.label: b.icon for b in setup.buttons if b.label in ("Human", "Remote")}
    assert icons == {"Human": "icon_human", "Remote": "icon_remote"}
    assert "icon_remote" in driver.app.art.sprites
    robots = [b for b in setup.buttons if b.icon == "icon_ai"]
    assert all(b.label.startswith("AI") for b in robots)


def test_a_long_seed_being_typed_stays_inside_its_row(driver, monkeypatch):
    """A drawn seed is 39 digits: while it is typed, its field takes the row's
    free width instead of spilling over the "Seed" label and the panel's edge."""
    from hacienda_game.client.scenes.setup import SetupScene

    from .drawnhelp import record_drawn

    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.seed = (1 << 128) - 1                     # 39 digits
    setup.layout()
    driver.click(setup.seed_button.rect.center)
    drawn = record_drawn(monkeypatch)
    driver.frames(1)
    digits = [d for d in drawn if d.text == str(setup.seed)]
    label = [d for d in drawn if d.text == "Seed"]
    assert digits and label
    assert setup.seed_rect.contains(digits[-1].rect)
    assert not digits[-1].rect.colliderect(label[-1].rect)
