"""The app: the window, the 60 fps loop, the scene stack, errors, frame figures."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections import deque
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from .. import i18n  # noqa: E402
from ..session.userdirs import Settings, log_error  # noqa: E402
from . import memory  # noqa: E402
from .assets import Art  # noqa: E402
from .display import DEFAULT_CANVAS, View, bands, choose_view, window_size  # noqa: E402
from .options import Options  # noqa: E402
from .pads import PadManager  # noqa: E402
from .scene import Command, Scene  # noqa: E402
from .sound import Sound  # noqa: E402
from .ui import Focus  # noqa: E402

CANVAS = DEFAULT_CANVAS     # the canvas of a 16:9 screen (and of headless runs)
FPS = 60
REPEAT_MS = (300, 40)     # a held key repeats after 300 ms, every 40 ms
FRAME_WINDOW = 600        # frame timings kept without --frame-log (the last 10 s)
LAST_RESULT: dict | None = None     # how the last autoplay game ended (for the command line)

# Keys -> command names; the same names a gamepad would send.
KEYS = {
    pygame.K_ESCAPE: "back", pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "confirm", pygame.K_r: "rotate", pygame.K_F1: "help",
    pygame.K_h: "help", pygame.K_e: "end_turn", pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_BACKSPACE: "erase", pygame.K_TAB: "tab", pygame.K_u: "undo",
    # what a pad's shoulders, triggers, Y, Start and Back do (docs/gamepads.md)
    pygame.K_q: "prev_card", pygame.K_w: "next_card", pygame.K_a: "prev_action",
    pygame.K_s: "next_action", pygame.K_b: "buy", pygame.K_l: "log", pygame.K_m: "menu",
    pygame.K_p: "last_moves",     # the other seats' moves since yours, one after another
    pygame.K_t: "hint",     # the coach (client/hint.py); H and F1 open the rules
}
# The board's zoom: Z steps through the zooms, + and - zoom in and out.
KEYS.update({pygame.K_z: "zoom", pygame.K_PLUS: "zoom_in", pygame.K_EQUALS: "zoom_in",
             pygame.K_KP_PLUS: "zoom_in", pygame.K_MINUS: "zoom_out",
             pygame.K_KP_MINUS: "zoom_out"})
CTRL_KEYS = {pygame.K_z: "undo", pygame.K_y: "redo"}
# While a field has the keys (``Scene.typing``) only these are keys: every
# printable one, Space included, is typed (it arrives as text), so nothing
# typed into a field reaches the screen behind it.
TYPING_KEYS = {
    pygame.K_ESCAPE: "back", pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm",
    pygame.K_BACKSPACE: "erase", pygame.K_DELETE: "delete", pygame.K_HOME: "home",
    pygame.K_END: "end", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_TAB: "tab",
}
PAD_EVENTS = {"CONTROLLERDEVICEADDED", "CONTROLLERDEVICEREMOVED", "CONTROLLERBUTTONDOWN",
              "CONTROLLERBUTTONUP", "CONTROLLERAXISMOTION", "JOYDEVICEADDED",
              "JOYDEVICEREMOVED", "JOYBUTTONDOWN", "JOYBUTTONUP", "JOYHATMOTION",
              "JOYAXISMOTION"}
PAD_EVENT_TYPES = {getattr(pygame, name) for name in PAD_EVENTS}


class FakeClock:
    """1/60 s per frame without sleeping: tests and headless runs."""

    def tick(self) -> float:
        return 1 / FPS


class RealClock:
    def __init__(self) -> None:
        self._clock = pygame.time.Clock()

    def tick(self) -> float:
        # Cap dt: a stalled frame (window dragged) must not fling animations.
        return min(self._clock.tick(FPS) / 1000.0, 0.1)


def usable_area() -> tuple[int, int] | None:
    """The first screen's size less its task bars and docks (SDL's usable
    bounds, read from the SDL pygame runs on); its whole size, less a task
    bar's height, where that cannot be read; None without a screen."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return None
    try:
        import ctypes

        class Rect(ctypes.Structure):
            _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int),
                        ("w", ctypes.c_int), ("h", ctypes.c_int)]

        sdl = _sdl_library()
        if sdl is not None:
            bounds = Rect()
            if sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(bounds)) == 0 \
                    and 0 < bounds.w <= dw and 0 < bounds.h <= dh:
                return bounds.w, bounds.h
    except (OSError, AttributeError, ValueError):
        pass
    return dw, dh - 48


def _sdl_library():
    """The SDL library pygame has loaded (Linux: the one mapped into the
    process), or None."""
    import ctypes

    with contextlib.suppress(OSError), \
            open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
        for line in maps:
            path = line.split()[-1]
            if "/libSDL2-2" in path or "/libSDL2.so" in path:
                return ctypes.CDLL(path)
    return None


def windowed_size(scale: int, pixel_perfect: bool) -> tuple[int, int]:
    """The window's size for the Window size setting (0: the largest that fits)."""
    usable = usable_area()
    if usable is None:
        return CANVAS
    return window_size(usable, CANVAS, scale, pixel_perfect)


def _center_window() -> None:
    """Put the window in the middle of the screen (a window manager may place
    a large one partly below the screen's edge)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with contextlib.suppress(pygame.error, AttributeError):
            pygame.Window.from_display_module().position = pygame.WINDOWPOS_CENTERED


def max_window_scale() -> int:
    """The largest whole-number scale whose window fits the desktop (at least 1)."""
    return windowed_size(99, True)[0] // CANVAS[0]


class App:
    def __init__(self, options: Options, clock: FakeClock | RealClock | None = None):
        memory.tune()
        self.options = options
        if options.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        self.launched = time.perf_counter()
        pygame.display.init()
        pygame.display.set_caption("Hacienda")
        self.settings = Settings.load() if not options.headless else Settings()
        # Told once, over the first scene: a damaged settings file, kept aside.
        self.notices: list[tuple[str, str]] = []
        notice = self.settings.keep_damaged()
        if notice:
            self.notices.append(("settings", notice))
        if not options.headless:
            from ..session.saves import clean_temp

            with contextlib.suppress(OSError):
                clean_temp()        # what interrupted writes left (the game's own names)
        if options.windowed:
            self.settings.fullscreen = False
        if options.headless:
            self.settings.fullscreen = False   # --autoplay opens as a normal start does
        i18n.set_language(options.language or self.settings.language
                          or i18n.system_language())
        self.screen: pygame.Surface | None = None    # the canvas scenes draw on
        self.window: pygame.Surface
        self.view: View
        self._set_mode()
        self.art = Art()
        self.art.fonts.text_size = self.settings.text_size
        self.sound = Sound(enabled=not options.headless,
                           music_volume=self.settings.music_volume,
                           effects_volume=self.settings.effects_volume)
        self.sound.start_music()
        self.clock = clock or (FakeClock() if options.fake_clock
                               or (options.headless and not options.realtime)
                               else RealClock())
        self.stack: list[Scene] = []
        self._changed = False           # the stack changed since memory was last given back
        self._gave_back_at = 0.0
        self._collected_at = 0.0        # the last full collection of gone screens (game time)
        self._uncollected = False       # screens have gone since then
        self._failed_overlays = 0
        self.running = True
        self.exit_code = 0
        self.frame = 0
        self.time = 0.0
        # Every frame for --frame-log; else only the last FRAME_WINDOW (memory stays flat).
        window = None if options.frame_log else FRAME_WINDOW
        self.frame_ms: deque[float] = deque(maxlen=window)   # wall time of each frame's work
        self.frame_cpu_ms: deque[float] = deque(maxlen=window)   # the main thread's CPU time
        self.idle_ms: deque[float] = deque(maxlen=window)    # the part spent on AI moves
        self.first_frame_s: float | None = None
        self.pointer: tuple[int, int] | None = None    # None until the mouse moves
        self.last_device = ""           # what the player last used: prompts follow it
        # Keys held down (no KEYUP yet) and the screen each one's press went to:
        # a held key's repeats act only on that screen, never on the one its
        # press opened or uncovered (Enter on a dialog's button is one action).
        self._held: dict[int, float] = {}       # key -> when pressed (s, monotonic)
        self._pressed_on: dict[int | str, object] = {}    # a key, or a pad's button
        self._repeats: dict[int, int | str] = {}   # id(command) -> its key, this frame's repeats
        self._presses: dict[int, int | str] = {}   # id(command) -> its key, this frame's presses
        self.result: dict | None = None     # what an autoplay game ended with
        self.pads = PadManager()
        self.pads.use_clock(lambda: self.time)
        self.pads.rumble_on = lambda: self.settings.rumble
        pygame.key.set_repeat(*REPEAT_MS)
        pygame.mouse.set_visible(False)

    # --------------------------------------------------------------- display
    def _set_mode(self) -> None:
        """Open (or reopen) the window, then choose the canvas and view for it.

        Full screen takes the desktop's size; a window is a whole multiple of
        the 16:9 canvas and resizes freely; headless the canvas is the window
        (unless a screen size is asked for: then it is drawn as on that screen)."""
        opts = self.options
        if opts.headless:
            self.window = pygame.display.set_mode(opts.screen or CANVAS)
        elif self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            if opts.screen:
                size = opts.screen
            else:
                size = windowed_size(self.settings.scale, self.settings.pixel_perfect)
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
            if not opts.screen:
                _center_window()        # a large window wholly on the screen, title bar too
        self._fit()

    def _fit(self) -> None:
        """Choose the view for the window's size now; scenes re-lay out when
        the canvas size changes."""
        before = self.screen.get_size() if self.screen is not None else None
        fixed = CANVAS if self.options.headless and not self.options.screen else None
        self.view = choose_view(self.window.get_size(), self.settings.pixel_perfect, fixed)
        if self.view.mode == "identity":
            self.screen = self.window
        elif self.screen is None or self.screen is self.window \
                or self.screen.get_size() != self.view.canvas:
            self.screen = pygame.Surface(self.view.canvas).convert(self.window)
        self._big: tuple[pygame.Surface, ...] | None = None   # present()'s steps
        self._shown = None      # the canvas last put on the window (numpy), for its bands
        self._borders = self.view.dest != (0, 0, *self.view.screen)
        if before is not None and before != self.screen.get_size():
            for scene in self.stack:
                self._guard(scene.resize, "resize")

    def present(self) -> None:
        """Put the canvas on the window: a whole-number blow-up, or a blow-up
        to the next whole number smoothed down to fit (see client/display.py).

        The smoothing is done one axis at a time (across at the canvas's
        height, then down at the window's width): the same pixels as blowing
        the whole canvas up and smoothing it down at once, for a third to a
        half of the work; and only the bands of the canvas that changed since
        the last frame are smoothed again (a pointer moved: one or two bands),
        the rest of the window keeps its pixels (2560x1440: 8 ms a frame for
        the whole picture on this machine, well under 1 ms for a band)."""
        view = self.view
        if view.mode == "identity":
            return
        x, y, w, h = view.dest
        target = self.window.subsurface((x, y, w, h))
        if view.mode != "smooth":
            if self._borders:
                self.window.fill((0, 0, 0))
            pygame.transform.scale(self.screen, (w, h), target)
            return
        try:
            if view.upscale == 1:           # a window smaller than the canvas
                if self._borders:
                    self.window.fill((0, 0, 0))
                pygame.transform.smoothscale(self.screen, (w, h), target)
                return
            cw, ch = view.canvas
            k = view.upscale
            if self._big is None:           # the steps' surfaces, kept for the view
                self._big = tuple(pygame.Surface(size).convert(self.window)
                                  for size in ((cw * k, ch), (w, ch), (w, ch * k)))
                self._shown = None
            wide, across, tall = self._big
            for r0, r1, o0, o1 in self._changed_bands():
                n, m = r1 - r0, o1 - o0
                band = (self.screen.subsurface((0, r0, cw, n)), wide.subsurface((0, r0, cw * k, n)),
                        across.subsurface((0, r0, w, n)), tall.subsurface((0, r0 * k, w, n * k)))
                pygame.transform.scale(band[0], (cw * k, n), band[1])
                pygame.transform.smoothscale(band[1], (w, n), band[2])
                pygame.transform.scale(band[2], (w, n * k), band[3])
                pygame.transform.smoothscale(band[3], (w, m), target.subsurface((0, o0, w, m)))
        except ValueError:          # an unusual window format: scale, then copy
            target.blit(pygame.transform.smoothscale(self.screen.convert(32), (w, h)), (0, 0))
            self._shown = None

    def _changed_bands(self) -> list[tuple[int, int, int, int]]:
        """The bands (display.bands) whose canvas rows differ from the last
        picture put on the window; all of them the first time for a view."""
        view = self.view
        ch, h = view.canvas[1], view.dest[3]
        everything = [(0, ch, 0, h)]
        plan = bands(view)
        pixels = pygame.surfarray.pixels2d(self.screen)     # the canvas, not copied
        try:
            if plan is None or self._shown is None or self._shown.shape != pixels.shape:
                self._shown = pixels.copy()
                if self._borders:
                    self.window.fill((0, 0, 0))
                return everything
            rows = (pixels != self._shown).any(axis=0)
            changed = [b for b in plan if rows[b[0]:b[1]].any()]
            if changed:
                self._shown[...] = pixels
            return changed
        finally:
            del pixels                      # unlocks the canvas

    def window_resized(self) -> None:
        """The window changed size (dragged, maximised, full screen toggled)."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
            self._fit()

    def set_scale(self, scale: int) -> None:
        """The windowed size: 0 = the largest that fits, else a whole multiple."""
        self.settings.scale = scale
        if not self.settings.fullscreen:
            self._set_mode()

    def set_pixel_perfect(self, on: bool) -> None:
        """Whole-number scaling with borders (on) or the picture filling the screen."""
        self.settings.pixel_perfect = on
        if not self.settings.fullscreen and not self.settings.scale and not self.options.headless \
                and not self.options.screen:
            self._set_mode()        # the largest window that fits depends on it
        else:
            self._fit()

    def set_text_size(self, size: str) -> None:
        """The "Text size" setting: the body face changes; every scene re-lays out."""
        self.settings.text_size = size
        self.art.fonts.text_size = size
        for scene in self.stack:
            self._guard(scene.resize, "resize")

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self._set_mode()

    @property
    def canvas_size(self) -> tuple[int, int]:
        """The logical canvas scenes draw on; scenes lay out from this, never a constant."""
        return self.screen.get_size()

    # ----------------------------------------------------------------- stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self._changed = True
        if self.stack:
            self._guard(self.stack[-1].pause, "pause", self.stack[-1])
        self.stack.append(scene)
        self._start(scene)

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        self._changed = True
        scene = self.stack.pop()
        self._guard(scene.exit, "exit", scene)
        if self.stack:
            self._guard(self.stack[-1].resume, "resume", self.stack[-1])
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (the one below stays paused)."""
        old = None
        if self.stack:
            old = self.stack.pop()
            self._guard(old.exit, "exit", old)
        self.stack.append(scene)
        self._start(scene, instead_of=old)

    def _start(self, scene: Scene, instead_of: Scene | None = None) -> None:
        """Enter a scene just put on the stack, inside the error guard: one that
        fails to start is taken off again (with whatever it pushed), the scene
        it came from is back on top, and the error screen shows over that."""
        try:
            scene.enter(self)
            return
        except Exception as exc:  # noqa: BLE001 - no traceback ever reaches the player
            error = exc
        if scene in self.stack:
            at = self.stack.index(scene)
            for above in reversed(self.stack[at + 1:]):
                self._quietly(above.exit, above)
            del self.stack[at:]
        self._quietly(scene.exit, scene)
        if instead_of is not None:
            self.stack.append(instead_of)
            try:
                instead_of.enter(self)
            except Exception as exc:  # noqa: BLE001 - then the error shows over what is left
                self.stack.remove(instead_of)
                log_error(exc, f"{type(instead_of).__name__}.enter")
        elif self.stack:
            self._guard(self.stack[-1].resume, "resume", self.stack[-1])
        self.fail(error, f"{type(scene).__name__}.enter", scene)

    @staticmethod
    def _quietly(fn: Callable[[], object], scene: Scene) -> None:
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - a half-built scene leaving: logged only
            log_error(exc, f"{type(scene).__name__}.exit")

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start over with this one (e.g. back to the menu)."""
        while self.stack:
            old = self.stack.pop()
            self._guard(old.exit, "exit", old)
        self.push(scene)

    def typing(self) -> bool:
        """A field on the top scene has the keys."""
        top = self.top
        try:
            return top is not None and bool(top.typing())
        except Exception:  # noqa: BLE001 - a broken scene: its keys stay keys
            return False

    def input_family(self) -> str:
        """The pad family whose buttons the screens should show (the pad used
        last, while it is connected), or ``keyboard``."""
        return self.pads.family(self.last_device)

    def apply_language(self, code: str) -> None:
        """Switch the game's language now (ValueError for an unknown code); every
        scene on the stack relabels itself."""
        i18n.set_language(code)
        self.settings.language = code
        for scene in self.stack:
            self._guard(scene.language_changed, "language_changed", scene)

    def open_rules(self) -> None:
        """The rules help over whatever is on screen (the ``help`` command, any scene)."""
        from .scenes.rules import RulesScene

        if not isinstance(self.top, RulesScene):
            # The page of what the scene shows (a tip, a refusal), else the first.
            page = getattr(self.top, "rules_page", None)
            self.push(RulesScene.at(page() if callable(page) else None))

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # ---------------------------------------------------------------- errors
    def _guard(self, fn: Callable[[], object], where: str, scene: Scene | None = None) -> None:
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - no traceback ever reaches the player
            self.fail(exc, where, scene)

    def fail(self, exc: BaseException, where: str, scene: Scene | None = None) -> None:
        """Log the error and show the error screen over the scene (the game
        goes on: the screen offers the menu).  A scene that fails is drawn no
        more; the error screen itself failing leads back to the menu."""
        from .scenes.overlays import ErrorOverlay

        top = self.stack[-1] if self.stack else None
        scene = scene or top
        name = type(scene).__name__ if scene else "app"
        path = log_error(exc, where if "." in where else f"{name}.{where}")
        if self.options.headless:
            # Nobody to show an overlay to.
            print(f"hacienda: {type(exc).__name__}: {exc}"
                  + (f" (details in {path})" if path else ""), file=sys.stderr)
            self.quit(1)
            return
        if scene is not None:
            scene.broken = True             # not drawn again (it would fail every frame)
        if isinstance(scene, ErrorOverlay):
            self._failed_overlays += 1
            if self._failed_overlays > 2:
                self.quit(1)                 # the menu itself cannot be shown
                return
            from .scenes.menu import MenuScene

            self.reset(MenuScene())
            return
        if isinstance(top, ErrorOverlay):
            return                           # said already: the player chooses there
        overlay = ErrorOverlay(exc, path)
        self.stack.append(overlay)
        self._guard(lambda: overlay.enter(self), "enter", overlay)

    # ------------------------------------------------------------------ input
    def commands(self) -> list[Command]:
        out: list[Command] = []
        self._repeats, self._presses = {}, {}
        for e in pygame.event.get():
            t = e.type
            if t == pygame.QUIT:
                self.quit(0)
            elif t in PAD_EVENT_TYPES:
                out += self.pads.handle(e)
                self._pad_marks()
            elif t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.window_resized()
            elif t == pygame.MOUSEMOTION:
                self.pointer = self.view.to_canvas(e.pos)
                out.append(Command("point", self.pointer, device="mouse"))
            elif t == pygame.MOUSEBUTTONDOWN and e.button in (1, 3):
                self.pointer = self.view.to_canvas(e.pos)
                out.append(Command("press", self.pointer, e.button, device="mouse"))
            elif t == pygame.MOUSEBUTTONUP and e.button in (1, 3):
                out.append(Command("release", self.view.to_canvas(e.pos), e.button,
                                   device="mouse"))
            elif t == pygame.MOUSEWHEEL:
                out.append(Command("wheel", self.pointer or (0, 0),
                                   amount=1 if e.y > 0 else -1, device="mouse"))
            elif t == pygame.KEYUP:
                self._held.pop(e.key, None)
            elif t == pygame.KEYDOWN:
                before = len(out)
                # a repeat: the key still held (no KEYUP) since at least the
                # repeat delay (a held press, a frame stalled by loading a game);
                # only SDL's own key events (they name a window) repeat
                now = time.monotonic()
                repeat = "window" in e.dict and \
                    now - self._held.get(e.key, now) >= (REPEAT_MS[0] - 50) / 1000
                if not repeat:
                    self._held[e.key] = now
                self._key_commands(e, out)
                for cmd in out[before:]:
                    (self._repeats if repeat else self._presses)[id(cmd)] = e.key
            elif t == pygame.TEXTINPUT:
                out.append(Command("text", self.pointer or (0, 0), text=e.text,
                                   device="keyboard"))
        out += self.pads.poll()
        self._pad_marks()
        return out

    def _pad_marks(self) -> None:
        """A pad's presses and repeats join the keyboard's (``_for_this_screen``):
        a stick held, or Y held or tapped, acts only on the screen its press went to."""
        presses, repeats, silent = self.pads.take_marks()
        self._presses.update(presses)
        self._repeats.update(repeats)
        for key in silent:           # Y: its press has no command to carry it
            self._pressed_on[key] = self.top

    def _key_commands(self, e: pygame.event.Event, out: list[Command]) -> None:
        """A key press's command, if the key means one."""
        alt = e.mod & pygame.KMOD_ALT
        if e.key == pygame.K_F11 or (alt and e.key in (pygame.K_RETURN,
                                                      pygame.K_KP_ENTER)):
            self.toggle_fullscreen()
        elif self.typing():
            name = ("select_all" if e.mod & pygame.KMOD_CTRL and e.key == pygame.K_a
                    else TYPING_KEYS.get(e.key))
            if name is not None:
                out.append(Command("key", self.pointer or (0, 0), name=name,
                                   device="keyboard"))
        elif e.mod & pygame.KMOD_CTRL and e.key in CTRL_KEYS:
            out.append(Command("key", self.pointer or (0, 0), name=CTRL_KEYS[e.key]))
        elif e.key in KEYS:
            if KEYS[e.key] == "back":
                self.sound.play("menu_back")
            out.append(Command("key", self.pointer or (0, 0), name=KEYS[e.key],
                               device="keyboard"))

    def _for_this_screen(self, cmd: Command) -> bool:
        """False for a held key's repeat once its press went to another screen
        (that press closed a dialog, started a game, opened an overlay): the
        screen now on top never acts on a key pressed for the one before."""
        key = self._presses.get(id(cmd))
        if key is not None:
            self._pressed_on[key] = self.top
            return True
        key = self._repeats.get(id(cmd))
        return key is None or self._pressed_on.get(key) is self.top

    # ------------------------------------------------------------------ loop
    def step(self) -> None:
        """One frame: input, update, draw, then the AI's answer applied (and the
        next request sent) after the flip, so a move is painted in the next
        frame rather than piled onto this one.  The frame time is all of that
        work; it excludes only waiting (for the frame's turn, or headless for
        the AI's answer)."""
        dt = self.clock.tick()      # waits for the frame's turn: not part of its time
        start, cpu_start = time.perf_counter(), time.thread_time()
        if self.notices and self.stack:
            self.tell_notices()
        self.time += dt
        self.sound.update(dt)
        for cmd in self.commands():
            if not self._for_this_screen(cmd):
                continue
            if cmd.device and cmd.kind != "point":
                self.last_device = cmd.device
            if cmd.from_pad:
                Focus.shown = True      # a pad arrives: the focus shows wherever it is
            if cmd.kind == "key" and cmd.name == "help" and self.stack \
                    and not self.stack[-1].typing():
                self._guard(self.open_rules, "help")
            elif self.top is not None:
                scene = self.top
                self._guard(lambda s=scene, c=cmd: s.handle(c), "handle", scene)
        held = self.pads.held_keys()
        self._pressed_on = {k: on for k, on in self._pressed_on.items()
                            if k in self._held or k in held}
        if self.top is not None:
            scene = self.top
            self._guard(lambda: scene.update(dt), "update", scene)
        self.draw()
        self.present()
        pygame.display.flip()
        if self._changed and self.time - self._gave_back_at >= memory.EVERY_S:
            # A screen has gone: what it freed goes back to the system (client/memory.py).
            self._changed = False
            self._gave_back_at = self.time
            self._uncollected = True
            memory.give_back()
        elif self._uncollected and self.time - self._collected_at >= memory.COLLECT_EVERY_S:
            # ... and, now and then, what only its own cycles kept.
            self._uncollected = False
            self._collected_at = self.time
            memory.give_back(collect=True)
        self.frame += 1
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.launched
        work_s = time.perf_counter() - start
        work_cpu_s = time.thread_time() - cpu_start
        top = self.top
        future = top.waiting_on() if top else None
        if future is not None and self.options.headless and not self.options.realtime:
            with contextlib.suppress(Exception):   # the scene sees a failure itself
                future.result(timeout=60)
        idle_s = idle_cpu_s = 0.0
        if top is not None:
            idle_start, idle_cpu = time.perf_counter(), time.thread_time()
            self._guard(top.idle, "idle", top)
            idle_s = time.perf_counter() - idle_start
            idle_cpu_s = time.thread_time() - idle_cpu
            self.idle_ms.append(idle_s * 1000.0)
        self.frame_ms.append((work_s + idle_s) * 1000.0)
        self.frame_cpu_ms.append((work_cpu_s + idle_cpu_s) * 1000.0)

    def draw(self) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        self.screen.fill((0, 0, 0))
        for scene in self.stack[first:]:
            if not getattr(scene, "broken", False):
                self._guard(lambda s=scene: s.draw(self.screen), "draw", scene)
        self.draw_pointer()

    def draw_pointer(self) -> None:
        if self.options.headless or self.pointer is None or not pygame.mouse.get_focused():
            return
        self.art.sprites.blit_anchored(self.screen, "ui_cursor", self.pointer)

    def tell_notices(self) -> None:
        """What the player must hear once (a damaged file kept aside), over the top scene."""
        from ..i18n import _
        from .scenes.overlays import Message

        for kind, text in self.notices:
            title = _("Settings") if kind == "settings" else _("Note")
            self.push(Message(title, text))
        self.notices = []

    def run(self) -> int:
        from .scenes.start import first_scene

        try:
            try:
                scene = first_scene(self)
            except Exception as exc:  # noqa: BLE001 - the error screen, then the menu
                self.fail(exc, "start")
            else:
                self.push(scene)
            limit = self.options.max_frames
            while self.running and self.stack and (limit is None or self.frame < limit):
                self.step()
        except KeyboardInterrupt:
            pass
        finally:
            self.finish()
        return self.exit_code

    def finish(self) -> None:
        global LAST_RESULT
        LAST_RESULT = self.result
        opts = self.options
        try:
            if opts.screenshot:
                pygame.image.save(self.window, opts.screenshot)
            if opts.frame_log:
                with open(opts.frame_log, "w", encoding="utf-8") as f:
                    json.dump(frame_report(self.frame_ms, self.frame_cpu_ms, self.idle_ms,
                                           self.first_frame_s, self.result), f, indent=1)
        except (OSError, pygame.error) as exc:
            # Checked before the game, but the disk can fill meanwhile: say so,
            # never "there is no screen here".
            print(f"hacienda: the game's end could not be written: {exc}", file=sys.stderr)
            self.exit_code = self.exit_code or 1
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception as exc:  # noqa: BLE001
                log_error(exc, f"{type(scene).__name__}.exit")
        self.sound.close()
        from ..session.userdirs import settings_written

        settings_written()          # the last settings change is on disk (bounded wait)
        pygame.display.quit()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return round(ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))], 3)


def frame_report(frame_ms: list[float], cpu_ms: list[float], idle_ms: list[float],
                 first_frame_s: float | None, result: dict | None) -> dict:
    """Per-frame figures: a frame's work (the AI's answer applied and the next
    request sent, input, update, draw, flip) by wall time (what a player feels;
    on a shared machine it includes time the OS gave other programs) and by
    the main thread's CPU time; and, within that, the AI part alone."""
    return {"format": "hacienda-frames/1", "frames": len(frame_ms),
            "p50_ms": percentile(frame_ms, 50), "p99_ms": percentile(frame_ms, 99),
            "max_ms": round(max(frame_ms, default=0.0), 3),
            "cpu_p50_ms": percentile(cpu_ms, 50), "cpu_p99_ms": percentile(cpu_ms, 99),
            "ai_part_p99_ms": percentile(idle_ms, 99),
            "first_frame_s": round(first_frame_s or 0.0, 4), "result": result,
            "frame_ms": [round(x, 3) for x in frame_ms],
            "cpu_ms": [round(x, 3) for x in cpu_ms],
            "ai_part_ms": [round(x, 3) for x in idle_ms]}
