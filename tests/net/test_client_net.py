"""The real client on the network (headless, posted events, loopback only):
hosting from the play scene with a remote seat a client process takes, and
joining a ``hacienda serve`` host from the Join screen, typing the address
and code, then playing the seat with the keyboard."""

from __future__ import annotations

import os
import socket
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.netlink import GameLink, NetPlay  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402
from hacienda_game.client.scene import Command  # noqa: E402
from hacienda_game.engine import new_game  # noqa: E402
from hacienda_game.net.client import NetClient  # noqa: E402
from hacienda_game.net.loopback import (  # noqa: E402
    lines,
    start_bot,
    start_host,
    stop,
)
from hacienda_game.net.protocol import code_text  # noqa: E402
from hacienda_game.session.plan import GamePlan, SeatPlan  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "home"))
    app = App(Options(windowed=True, fake_clock=True, language="en"))
    yield app
    app.finish()


def frames(app: App, until, most: int, seconds: float = 90.0) -> int:
    """Step until ``until()`` holds: at least ``most`` frames, and as long as
    ``seconds`` of wall time allow (the other side is a process that thinks
    in wall time, which a loaded machine stretches whatever the game clock says)."""
    end = time.monotonic() + seconds
    i = 0
    while i < most or time.monotonic() < end:
        app.step()
        if until():
            return i
        i += 1
    raise AssertionError("the client did not get there")


def key(name: int, text: str | None = None) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=text or "",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=name, mod=0))


def host_game(app: App, seed: int):
    """The play scene hosting Ana (easy AI, at the host) and Bruno (remote), on loopback."""
    from hacienda_game.client.scenes.play import PlayScene

    plan = GamePlan("symmetric", [SeatPlan("Ana", "easy", 0), SeatPlan("Bruno", "remote", 1)],
                    seed)
    state = new_game("symmetric", 2, seed)
    net = NetPlay(plan, state, bind="127.0.0.1", port=0, advertise=False)
    scene = PlayScene(plan, state=state, net=net)
    app.push(scene)
    return plan, net, scene


def test_the_play_scene_hosts_a_remote_seat_that_a_client_process_plays(app, tmp_path):
    plan, net, scene = host_game(app, 21)
    frames(app, lambda: "Waiting for Bruno to join" in scene.message, 30)
    assert f"Join code {code_text(net.code)}" in scene.message
    assert str(net.address[1]) in scene.message
    assert scene.layer.game.history == []            # no seat moves before Bruno is there
    bot = start_bot(tmp_path, f"127.0.0.1:{net.address[1]}", "bruno", code=net.code)
    try:
        frames(app, lambda: len(scene.layer.game.history) > 30, 6000)
        # every remote seat is here: the host still listens, and a spectator joins
        assert net.hosted.net.listening
        watcher = GameLink(NetClient(f"127.0.0.1:{net.address[1]}", net.code,
                                     spectate=True).start())
        try:
            frames(app, lambda: watcher.pump() >= 0 and watcher.ready, 30, seconds=20)
            assert watcher.spectator and sum(watcher.obs.land_hand) == 0
        finally:
            watcher.close()
        seen = lines(tmp_path / "bruno.trace")
        assert seen and seen[0]["seat"] == 1
        # Bruno's actions went through the host's engine, by the remote seat
        assert any(a for a in scene.layer.game.history)
        app.step()
    finally:
        stop(bot)
    bot.wait(5)
    # dropped: the host waits at Bruno's turn, then hands the seat to an AI with E
    frames(app, lambda: scene.layer.game.current == 1 and "dropped out" in scene.message,
           6000)
    n = len(scene.layer.game.history)
    for _ in range(5):
        app.step()
    assert len(scene.layer.game.history) == n
    assert net.hosted.net.listening                  # a seat waits: it listens again
    time.sleep(0.2)
    socket.create_connection(("127.0.0.1", net.address[1]), timeout=2).close()
    key(pygame.K_e, "e")
    frames(app, lambda: len(scene.layer.game.history) > n, 600)
    assert plan.seats[1].kind == "medium"          # the default AI level took the seat


def test_joining_from_the_join_screen_and_playing_the_seat_with_the_keyboard(app, tmp_path):
    from hacienda_game.client.scenes.join import JoinScene
    from hacienda_game.client.scenes.play import PlayScene

    host = start_host(tmp_path, "--map", "symmetric", "--seats", "easy,remote", "--port", "0",
                      "--seed", "31", "--ai-seed", "5", "--trace", str(tmp_path / "host.trace"))
    try:
        join = JoinScene(interfaces=["127.0.0.1"])
        app.push(join)
        app.step()
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=host.address))
        app.step()
        key(pygame.K_TAB)
        app.step()
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=host.code.lower()))
        app.step()
        assert join.text == {"address": host.address, "code": host.code}
        key(pygame.K_RETURN)
        frames(app, lambda: isinstance(app.top, PlayScene), 6000)
        play = app.top
        link = play.layer
        assert link.seat == 1 and play.names == ["Ana", "Bruno"]
        app.settings.ask_end_turn = False          # E ends the turn without asking
        # Play Bruno's turns with the E key (end turn) until the first scoring shows.
        from hacienda_game.client.scenes.scoring import ScoringScene

        turns = 0
        for _ in range(30000):           # bounded; ends at the first scoring
            app.step()
            if isinstance(app.top, ScoringScene):
                break
            if app.top is play and play.human_turn and link.my_turn and link.sent_at is None:
                key(pygame.K_e, "e")
                turns += 1
        assert isinstance(app.top, ScoringScene), (turns, len(link.history))
        assert turns > 5
        truth = {(d["n"], d["seat"]): d["view"] for d in lines(tmp_path / "host.trace")}
        from hacienda_game.client.netbot import view_digest

        assert truth[(len(link.history), 1)] == view_digest(link.obs)
    finally:
        stop(host.proc)


@pytest.mark.slow
def test_the_host_quits_the_clients_hear_it_and_continue_hosts_the_same_game_again(app,
                                                                                   tmp_path):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.play import PlayScene

    plan, net, scene = host_game(app, 22)
    token = tmp_path / "bruno.token"
    bot = start_bot(tmp_path, f"127.0.0.1:{net.address[1]}", "bruno", "--token-file",
                    str(token), "--delay", "0.05", code=net.code)
    try:
        frames(app, lambda: len(scene.layer.game.history) > 12, 6000)
        scene.keeper.flush()
        done = len(scene.layer.game.history)
        app.reset(MenuScene())                    # the host leaves the game
        assert bot.wait(20) == 3
        assert "The host left the game (it is saved" in (tmp_path / "bruno.out").read_text()
        app.step()
        menu = app.top
        assert menu.saved is not None and menu.saved.actions >= done - 1
        menu.continue_game()
        frames(app, lambda: isinstance(app.top, PlayScene), 600)   # (a long save loads first)
        again = app.top
        assert isinstance(again, PlayScene) and again.net.code == net.code
        assert again.plan.seats[1].kind == "remote"
        back = start_bot(tmp_path, f"127.0.0.1:{again.net.address[1]}", "bruno2",
                         "--token-file", str(token), code=net.code)
        frames(app, lambda: len(again.layer.game.history) > done + 4, 6000)
        assert lines(tmp_path / "bruno2.trace")[0]["seat"] == 1
        stop(back)
    finally:
        stop(bot)


def test_once_every_seat_is_taken_the_join_screen_watches_the_game(app, tmp_path):
    from hacienda_game.client.scenes.join import JoinScene
    from hacienda_game.client.scenes.play import PlayScene

    host = start_host(tmp_path, "--map", "symmetric", "--seats", "easy,remote", "--port", "0")
    seated = GameLink.join(host.address, host.code, timeout=20)      # the one seat taken
    try:
        join = JoinScene(host.address, host.code, interfaces=["127.0.0.1"])
        app.push(join)
        app.step()
        join.handle(Command("press", join.watch_button.rect.center, button=1))
        frames(app, lambda: isinstance(app.top, PlayScene), 6000, seconds=30)
        play = app.top
        link = play.layer
        assert link.spectator and not link.my_turn and sum(link.obs.land_hand) == 0
        assert "You watch this game" in play.net.welcome(play.names)
        seen = len(link.history)
        for _ in range(3000):                    # the game goes on under its eyes (bounded)
            app.step()
            seated.pump()
            if seated.my_turn and seated.sent_at is None:
                seated.perform(seated.legal()[-1])
            if len(link.history) > seen + 3:
                break
        assert app.top is play and len(link.history) > seen + 3
    finally:
        seated.close()
        stop(host.proc)


def test_a_pad_types_the_code_on_the_on_screen_keyboard(app):
    from hacienda_game.client.scene import Command
    from hacienda_game.client.scenes.join import JoinScene
    from tests.client.focushelp import focus_by

    join = JoinScene(interfaces=["127.0.0.1"])
    app.push(join)
    app.step()

    def press(name: str) -> None:
        join.handle(Command("key", (0, 0), name=name, device="pad:0"))

    join.choose_field("code")
    for ch in "K7":
        focus_by(press, join, next(b for b in join.buttons if b.label == ch))
        press("confirm")
    focus_by(press, join, next(b for b in join.buttons if b.label == "Erase"))
    press("confirm")
    assert join.text["code"] == "K"
    join.handle(Command("key", (0, 0), name="tab", device="keyboard"))
    focus_by(press, join, next(b for b in join.buttons if b.label == "9"))
    press("confirm")
    assert join.text["address"] == "9"


def test_setup_warns_that_a_typed_seed_lets_remote_players_work_out_the_cards(app,
                                                                              monkeypatch):
    from hacienda_game.client import assets
    from hacienda_game.client.scenes.setup import SetupScene

    drawn: list[tuple[str, tuple]] = []
    draw = assets.Font.draw

    def caught(self, target, text, pos, *args, **kwargs):
        drawn.append((text, args[0] if args else kwargs.get("colour")))
        return draw(self, target, text, pos, *args, **kwargs)

    monkeypatch.setattr(assets.Font, "draw", caught)
    setup = SetupScene()
    app.push(setup)
    setup.seats[1].kind = "remote"
    warning = ("a typed seed lets remote players work out the cards",
               "typed seed: cards guessable")

    def shown() -> set[str]:
        drawn.clear()
        app.step()
        return {text for text, _colour in drawn}

    assert not shown() & set(warning)              # a drawn seed: nothing to guess
    setup.edit("seed", 0)
    setup.handle(Command("key", name="select_all"))
    setup.handle(Command("text", text="12345"))
    assert setup.seed == 12345 and setup.seed_typed
    assert shown() & set(warning)
    setup.seats[1].kind = "easy"                    # no remote seat: no warning
    assert not shown() & set(warning)
    setup.seats[1].kind = "remote"
    setup.reroll()                                  # a drawn seed again
    assert not shown() & set(warning)
