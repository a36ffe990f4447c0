"""The network screenshots in docs/: two game windows side by side on one X
display, one hosting and one joined (loopback only).

    Xvfb :42 -screen 0 3840x1200x24 &  DISPLAY=:42 openbox &     # room for the title bars
    DISPLAY=:42 python -m tools.net_screens shoot [--out docs] [--seconds 240]

``shoot`` starts the two windows (``host`` at the left, ``join`` at the right,
each 1920x1080) as their own processes and takes each picture with
ImageMagick's ``import`` once both are where it belongs.  The host holds a
pad seat and an AI seat: SDL's virtual gamepad (``pads.VirtualPad``) joins
Ana on the Setup screen with A, turns Carmen's seat to Remote and starts the
game, then plays Ana's turns with the pad (RB picks a card, B puts it back,
Y held ends the turn); Bruno is a medium AI; Carmen joins from the other
window, which finds the game on loopback, types the address and code, plays
Carmen's turns and then quits, so the host is left waiting for the dropped
seat.  The processes tell where they are in STATE/<role>.txt and wait for
the pictures through STATE/shot_<name> files (every wait bounded).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SIZE = (1920, 1080)
TITLES = {"host": "Hacienda host", "join": "Hacienda joiner"}
SHOTS = (  # name, window, what it shows
    ("net_setup", "host", "Setup: Ana on a pad, Bruno an AI, Carmen remote"),
    ("net_hosting", "host", "the host waits for Carmen: code and address"),
    ("net_joinlist", "join", "the Join screen hears the game"),
    ("net_host_pad_turn", "host", "Ana's turn on the host's pad: card picked, pad prompts"),
    ("net_host_remote_turn", "host", "Carmen's turn on the host"),
    ("net_join_turn", "join", "the same turn on Carmen's screen"),
    ("net_dropped", "host", "Carmen dropped out: the seat waits"),
)


# ------------------------------------------------------------------ shared
def say(folder: Path, role: str, text: str) -> None:
    (folder / f"{role}.txt").write_text(text, encoding="utf-8")


def shot(folder: Path, name: str) -> bool:
    return (folder / f"shot_{name}").exists()


class Clock:
    """Things to do at later frames (so the window keeps drawing meanwhile)."""

    def __init__(self):
        self.due: list[tuple[float, Callable[[], None]]] = []

    def after(self, seconds: float, do: Callable[[], None]) -> None:
        self.due.append((time.monotonic() + seconds, do))

    @property
    def busy(self) -> bool:
        return bool(self.due)

    def run(self) -> None:
        now = time.monotonic()
        for item in [d for d in self.due if d[0] <= now]:
            self.due.remove(item)
            item[1]()


def window_app(role: str):
    os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0" if role == "host" else f"{SIZE[0]},0"
    # Two windows on one display: the pad's window must hear it without the focus.
    os.environ["SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS"] = "1"
    import pygame

    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options

    app = App(Options(windowed=True, language="en", screen=SIZE))
    pygame.display.set_caption(TITLES[role])
    return app


def key(name: int, text: str = "") -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=text,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=name, mod=0))


# ------------------------------------------------------------------ host
class Pad:
    """Ana's gamepad: SDL's virtual pad, pressed between frames."""

    def __init__(self, app):
        from hacienda_game.client.pads import VirtualPad

        if not VirtualPad.available():
            raise SystemExit("this SDL cannot make virtual pads")
        self.app = app
        self.pad = VirtualPad("xbox")
        self.frames(3)                       # SDL announces the pad

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step()

    def press(self, button: int, frames: int = 3) -> None:
        self.pad.button(button, True)
        self.frames(2)
        self.pad.button(button, False)
        self.frames(frames)

    def focus_on(self, scene, goal) -> None:
        """D-pad presses until the scene's focus is on ``goal`` (bounded)."""
        import pygame

        from hacienda_game.client.ui import DIRECTIONS, Focus

        dpad = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP,
                "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
        target = pygame.Vector2(goal.rect.center)
        for _ in range(40):
            if scene.buttons[scene.focus.index] is goal:
                return

            def after(way: str) -> float:
                trial = Focus(scene.focus.index)
                trial.move(scene.buttons, DIRECTIONS[way])
                return target.distance_to(scene.buttons[trial.index].rect.center)
            self.press(dpad[min(DIRECTIONS, key=after)])
        raise SystemExit(f"the pad never reached {goal.label!r}")


def loopback_hosting() -> None:
    """The play scene hosts on 127.0.0.1 and any free port (never all interfaces)."""
    from hacienda_game.client import netlink

    class LoopbackNetPlay(netlink.NetPlay):
        def __init__(self, plan, state, **_kw):
            super().__init__(plan, state, bind="127.0.0.1", port=0)

    netlink.NetPlay = LoopbackNetPlay


def end_turn(clock: Clock, pad, y: int, after: float) -> None:
    """Hold Y (longer than pads.HOLD_END_TURN): the turn ends."""
    clock.after(after, lambda: pad.button(y, True))
    clock.after(after + 1.2, lambda: pad.button(y, False))


def wait_for_shot(app, folder: Path, name: str, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not shot(folder, name) and time.monotonic() < end:
        app.step()


def host(folder: Path, seconds: float) -> None:
    import pygame

    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.client.scenes.setup import SetupScene

    A, B, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
               pygame.CONTROLLER_BUTTON_Y)
    RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
    app = window_app("host")
    loopback_hosting()
    pad = Pad(app)
    setup = SetupScene("symmetric")
    setup.seed = 8
    app.push(setup)
    pad.frames(5)
    pad.press(A)                                         # "press A to join": Ana's seat
    assert setup.seats[0].device == pad.pad.device, setup.seats
    pad.focus_on(setup, setup.buttons[4 * 2 + 2])        # Carmen's "who plays"
    for _ in range(8):
        if setup.seats[2].kind == "remote":
            break
        pad.press(A)
    say(folder, "host", "setup")
    wait_for_shot(app, folder, "net_setup")
    pad.focus_on(setup, setup.start_button)
    pad.press(A, frames=10)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.net is not None, app.stack
    net = scene.net
    (folder / "address.txt").write_text(f"127.0.0.1:{net.address[1]} {net.code}")
    clock = Clock()
    turn_seen = None
    tried_at = 0.0
    posing = False                   # Ana's card is picked, for the picture
    end = time.monotonic() + seconds
    while app.running and time.monotonic() < end and not shot(folder, "net_dropped"):
        app.step()
        clock.run()
        game = scene.layer.game
        state = f"{'waiting' if not net.ready() else 'playing'} current={game.current}" \
                f" dropped={net.waiting_for()} n={len(game.history)}"
        if app.top is not scene:                   # a scoring screen: go on; else back
            print(f"host: {type(app.top).__name__} over the play scene", file=sys.stderr)
            pad.press(A if type(app.top).__name__ == "ScoringScene" else B)
        elif scene.human_turn and scene.pad_turn() and not clock.busy and (
                turn_seen != len(game.history) or time.monotonic() > tried_at + 4.0):
            # (a hold the pad's window missed is held again: the turn must end)
            turn_seen, tried_at = len(game.history), time.monotonic()
            if not shot(folder, "net_host_pad_turn"):
                clock.after(1.0, lambda: pad.press(RB))        # pick a card: lit hexes
                clock.after(1.6, lambda: say(folder, "host", "pad_turn"))
                posing = True
            else:
                end_turn(clock, pad.pad, Y, 0.5)
        if posing and shot(folder, "net_host_pad_turn"):
            posing = False
            clock.after(0.2, lambda: pad.press(B))             # put the card back
            end_turn(clock, pad.pad, Y, 0.6)
        if not posing:
            say(folder, "host", state)
    pad.pad.detach()
    app.finish()


# ------------------------------------------------------------------ joiner
def join(folder: Path, seconds: float) -> None:
    import pygame

    from hacienda_game.client.scenes.join import JoinScene
    from hacienda_game.client.scenes.play import PlayScene

    app = window_app("join")
    scene = JoinScene(interfaces=["127.0.0.1"])
    app.push(scene)
    end = time.monotonic() + seconds
    typed = False
    my_turn_since = None
    while app.running and time.monotonic() < end:
        app.step()
        top = app.top
        if isinstance(top, JoinScene):
            say(folder, "join", f"listing found={len(top.found)}")
            if not typed and shot(folder, "net_joinlist") and shot(folder, "net_hosting"):
                address, code = (folder / "address.txt").read_text().split()
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=address))
                app.step()
                key(pygame.K_TAB)
                app.step()
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=code.lower()))
                app.step()
                key(pygame.K_RETURN)
                typed = True
        elif isinstance(top, PlayScene):
            link = top.layer
            picked = " picked" if top.selection is not None else ""
            say(folder, "join", f"playing my_turn={link.my_turn} n={len(link.history)}{picked}")
            if link.my_turn and not picked and not shot(folder, "net_join_turn") \
                    and my_turn_since is not None and time.monotonic() > my_turn_since + 1.0:
                key(pygame.K_w, "w")                   # W: Carmen picks a card of her hand
                my_turn_since = time.monotonic()
            if not link.my_turn:
                my_turn_since = None
                if shot(folder, "net_join_turn") and shot(folder, "net_host_pad_turn") \
                        and link.history:
                    break                          # Carmen leaves: the host waits for her
            elif my_turn_since is None:
                my_turn_since = time.monotonic()
            elif shot(folder, "net_join_turn") and time.monotonic() > my_turn_since + 1.0:
                key(pygame.K_e, "e")               # end Carmen's turn
                my_turn_since = time.monotonic() + 5
        else:
            key(pygame.K_RETURN)
    say(folder, "join", "quit")
    app.finish()


# ------------------------------------------------------------------ shooter
def window_id(title: str, seconds: float = 30.0) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True,
                              text=True).stdout
        found = re.search(rf'(0x[0-9a-f]+) "{re.escape(title)}"', tree)
        if found:
            return found.group(1)
        time.sleep(0.2)
    raise SystemExit(f"no window {title!r}")


def shoot(out: Path, seconds: float) -> int:
    folder = Path(tempfile.mkdtemp(prefix="net-screens-"))
    for role in ("host", "join"):
        say(folder, role, "starting")
    procs = {role: subprocess.Popen([sys.executable, "-m", "tools.net_screens", role,
                                     str(folder), str(seconds)])
             for role in ("host", "join")}
    ids = {role: window_id(title) for role, title in TITLES.items()}

    def status(role: str) -> str:
        return (folder / f"{role}.txt").read_text(encoding="utf-8")

    ready = {
        "net_setup": lambda: status("host") == "setup",
        "net_hosting": lambda: status("host").startswith("waiting"),
        "net_joinlist": lambda: "found=1" in status("join"),
        "net_host_pad_turn": lambda: status("host") == "pad_turn",
        "net_host_remote_turn": lambda: "playing current=2 dropped=None" in status("host")
        and "my_turn=True" in status("join") and "picked" in status("join"),
        "net_dropped": lambda: "net_join_turn" in taken and "playing" in status("host")
        and "dropped=2" in status("host") and status("join") == "quit",
    }
    taken: dict[str, float] = {}
    settle: dict[str, float] = {}
    end = time.monotonic() + seconds
    while len(taken) < len(SHOTS) and time.monotonic() < end:
        if any(p.poll() is not None for p in procs.values()) and "net_dropped" not in ready:
            break
        for name, role, _what in SHOTS:
            check = ready.get(name)
            if name in taken or check is None or not check():
                settle.pop(name, None)
                continue
            settle.setdefault(name, time.monotonic())
            if time.monotonic() - settle[name] < 0.8:       # let the screen catch up
                continue
            names = [name] + (["net_join_turn"] if name == "net_host_remote_turn" else [])
            for each in names:
                window = "join" if each == "net_join_turn" else role
                subprocess.run(["import", "-window", ids[window], str(out / f"{each}.png")],
                               check=True)
                taken[each] = time.monotonic()
                (folder / f"shot_{each}").touch()
                print(f"{each}.png", flush=True)
        time.sleep(0.1)
    for p in procs.values():
        try:
            p.wait(20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)
    missing = [name for name, _role, _what in SHOTS if name not in taken]
    if missing:
        print("not taken:", ", ".join(missing), file=sys.stderr)
    return 1 if missing else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("role", choices=["shoot", "host", "join"])
    ap.add_argument("folder", nargs="?", default="docs",
                    help="shoot: where the pictures go; host/join: the state folder")
    ap.add_argument("seconds", nargs="?", type=float, default=240.0)
    args = ap.parse_args()
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    if args.role == "shoot":
        return shoot(folder, args.seconds)
    (host if args.role == "host" else join)(folder, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
