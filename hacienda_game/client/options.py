"""What the command line asks the client to do (CONTRACTS §5)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Options:
    windowed: bool = False
    map: str | None = None
    autoplay: bool = False
    seats: list[str] = field(default_factory=list)   # AI levels per seat (autoplay)
    seed: int | None = None
    variants: list[str] = field(default_factory=list)
    headless: bool = False
    max_frames: int | None = None
    screenshot: str | None = None
    frame_log: str | None = None
    realtime: bool = False        # headless, but at 60 fps with AI moves paced as on screen
    replay: str | None = None     # a game record (or save) to watch in the replay viewer
    fake_clock: bool = False      # step 1/60 s per frame without sleeping (tests, headless)
    language: str | None = None   # --lang: overrides the settings and the system's locale
    screen: tuple[int, int] | None = None   # the window's size (tools: draw as on that screen)
    join: tuple[str, str] | None = None   # --join HOST:PORT CODE: straight into that game
    tutorial: bool = False        # --tutorial: the guided first game (--autoplay: shown)
    autoplay_input: str = "mouse"   # the demonstrator's input: mouse or pad
