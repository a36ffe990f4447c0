"""Two game windows on two X displays, one hosting and one joined, for the
network screenshots in docs/ (run each under its own Xvfb; only loopback).

    DISPLAY=:17 python -m tools.net_screens host STATE_DIR &
    DISPLAY=:18 python -m tools.net_screens join STATE_DIR &

The host plays Ana (at its screen; she ends her turns at once so the game
moves), Bruno is a medium AI, Carmen is remote.  The joiner lists the games
it hears on loopback, types the address and code and plays Carmen slowly
(so there is a remote turn to look at), and quits after a while: the host is
left waiting for the dropped seat.  Each side writes where it is to
STATE_DIR/<role>.txt, so a shell can take its screenshots at the right time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame

from hacienda_game.client.app import App
from hacienda_game.client.options import Options


def say(folder: Path, role: str, text: str) -> None:
    (folder / f"{role}.txt").write_text(text, encoding="utf-8")


def host(folder: Path, seconds: float) -> None:
    from hacienda_game.client.netlink import NetPlay
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.engine import new_game
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana", "human", 0), SeatPlan("Bruno", "medium", 1),
                                  SeatPlan("Carmen", "remote", 2)], 8)
    state = new_game("symmetric", 3, 8)
    app = App(Options(windowed=True, language="en"))
    net = NetPlay(plan, state, bind="127.0.0.1", port=0)
    (folder / "address.txt").write_text(f"127.0.0.1:{net.address[1]} {net.code}")
    scene = PlayScene(plan, state=state, net=net)
    app.push(scene)
    end = time.monotonic() + seconds
    while app.running and time.monotonic() < end:
        app.step()
        if app.top is not scene:                  # a privacy or scoring screen: go on
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))
        elif scene.human_turn and int(app.time * 2) % 6 == 0:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0,
                                                 unicode="e", scancode=0))
        game = scene.layer.game
        say(folder, "host", f"{'waiting' if not net.ready() else 'playing'}"
                            f" current={game.current} dropped={net.waiting_for()}")
    app.finish()


def join(folder: Path, seconds: float) -> None:
    from hacienda_game.client.scenes.join import JoinScene
    from hacienda_game.client.scenes.play import PlayScene

    app = App(Options(windowed=True, language="en"))
    scene = JoinScene(interfaces=["127.0.0.1"])
    app.push(scene)
    start = time.monotonic()
    typed = False
    while app.running and time.monotonic() < start + seconds:
        app.step()
        top = app.top
        if isinstance(top, JoinScene):
            say(folder, "join", f"listing found={len(top.found)}")
            if not typed and time.monotonic() > start + 6:
                address, code = (folder / "address.txt").read_text().split()
                top.text = {"address": address, "code": code}
                top.layout()
                top.join()
                typed = True
        elif isinstance(top, PlayScene):
            link = top.layer
            mine = link.my_turn
            say(folder, "join", f"playing my_turn={mine} n={len(link.history)}")
            if mine and int(app.time * 10) % 40 == 0:      # Carmen thinks a while
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0,
                                                     unicode="e", scancode=0))
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))
    say(folder, "join", "quit")
    app.finish()


if __name__ == "__main__":
    role, folder = sys.argv[1], Path(sys.argv[2])
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    folder.mkdir(parents=True, exist_ok=True)
    (host if role == "host" else join)(folder, seconds)
