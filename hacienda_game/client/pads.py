"""Gamepads: SDL's game-controller API through pygame-ce, turned into commands.

Every pad is keyed by its SDL instance id (a replugged pad gets a new one) and
named ``pad:<id>`` in a command's ``device``.  SDL's mappings give every
supported pad the Xbox button layout (A south, B east...); with
``SDL_GAMECONTROLLER_USE_BUTTON_LABELS`` on, a Nintendo pad's A is its A label
(east), so the prompts follow the family's own positions.  A joystick SDL
cannot map as a controller still works through the raw joystick API with
the usual button order.  Nothing here ever raises out to the game: an
unopenable device is skipped and events for unknown ids are ignored.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable
from dataclasses import dataclass, field

os.environ.setdefault("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "1")
import pygame  # noqa: E402

from .scene import Command  # noqa: E402

FAMILIES = ("xbox", "playstation", "switch")
HOLD_END_TURN = 0.8         # seconds Y is held to end a turn (no accidental ends)
TAP_MAX = 0.5               # a shorter press of Y is a tap (the buy menu)
STICK_ON, STICK_OFF = 0.6, 0.35     # stick deflection that presses / releases a direction
REPEAT_DELAY, REPEAT_EVERY = 0.35, 0.12

# SDL controller buttons -> command names (Y is special: tap = buy, hold = end turn).
BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "rotate",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "prev_card",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "next_card",
    pygame.CONTROLLER_BUTTON_START: "menu", pygame.CONTROLLER_BUTTON_BACK: "log",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "help", pygame.CONTROLLER_BUTTON_LEFTSTICK: "hint",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
}
HOLD_BUTTON = pygame.CONTROLLER_BUTTON_Y
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "prev_action",
            pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "next_action"}
STICK = (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY)
# The right stick pushed up or down zooms the board in or out (L3 asks for a hint).
ZOOM_STICK = {pygame.CONTROLLER_AXIS_RIGHTY: ("zoom_in", "zoom_out")}
# Raw joysticks (no SDL mapping): the common order A, B, X, Y, LB, RB, Back, Start.
RAW_BUTTONS = {0: "confirm", 1: "back", 2: "rotate", 4: "prev_card", 5: "next_card",
               6: "log", 7: "menu"}
RAW_HOLD = 3
HATS = {(-1, 0): "left", (1, 0): "right", (0, 1): "up", (0, -1): "down"}

# SDL_GameControllerType values (SDL 2.0.12+).
_SDL_TYPES = {1: "xbox", 2: "xbox", 3: "playstation", 4: "playstation", 7: "playstation",
              5: "switch", 11: "switch", 12: "switch", 13: "switch"}
_NAME_HINTS = (("playstation", ("playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5",
                                "sony")),
               ("switch", ("nintendo", "switch", "joy-con", "joycon", "pro controller")),
               ("xbox", ("xbox", "x-box", "xinput", "microsoft")))


def family_of(name: str, sdl_type: int = 0) -> str:
    """A pad's family from SDL's controller type, else its name; unknown pads use the
    Xbox layout SDL maps every controller to."""
    if sdl_type in _SDL_TYPES:
        return _SDL_TYPES[sdl_type]
    lowered = name.lower()
    for family, hints in _NAME_HINTS:
        if any(h in lowered for h in hints):
            return family
    return "xbox"


def sdl_library() -> ctypes.CDLL | None:
    """The libSDL2 pygame loaded (for what pygame-ce does not wrap), or None."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            libs = [line.split()[-1] for line in maps
                    if os.path.basename(line.split()[-1]).startswith("libSDL2-2")]
        return ctypes.CDLL(libs[0]) if libs else None
    except (OSError, IndexError):
        return None


def _sdl_type(device_index: int) -> int:
    sdl = sdl_library()
    if sdl is None or not hasattr(sdl, "SDL_GameControllerTypeForIndex"):
        return 0
    sdl.SDL_GameControllerTypeForIndex.argtypes = [ctypes.c_int]
    return int(sdl.SDL_GameControllerTypeForIndex(device_index))


@dataclass
class Pad:
    """One connected pad (or raw joystick)."""

    instance_id: int
    name: str
    family: str
    device: object = None                # pygame controller / joystick (None in fakes)
    number: int = 1                      # shown to players: "Pad 1"
    held: dict[str, float] = field(default_factory=dict)    # command -> time pressed
    stick: dict[str, float] = field(default_factory=dict)   # direction -> next repeat
    hold_sent: bool = False
    # Commands held back to the end of the frame's events (a tap of Y): SDL lets
    # go of every button of a pad it loses just before saying it is gone, in
    # the same batch of events, and that is no tap.
    pending: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"pad:{self.instance_id}"


def open_device(device_index: int) -> tuple[object, int, str, str]:
    """Open a pad: (device, instance id, name, family).  Raw joystick if SDL has no
    mapping for it.  Raises pygame.error if it cannot be opened."""
    from pygame._sdl2 import controller

    if controller.is_controller(device_index):
        pad = controller.Controller(device_index)
        instance = pad.as_joystick().get_instance_id()
        return pad, instance, pad.name, family_of(pad.name, _sdl_type(device_index))
    stick = pygame.joystick.Joystick(device_index)
    return stick, stick.get_instance_id(), stick.get_name(), family_of(stick.get_name())


class PadManager:
    """Connected pads by instance id; SDL events in, commands out."""

    def __init__(self, opener: Callable[[int], tuple[object, int, str, str]] = open_device):
        self.opener = opener
        self.pads: dict[int, Pad] = {}
        self.rumble_on: Callable[[], bool] = lambda: True
        self._clock: Callable[[], float] | None = None
        # Which held button each command belongs to, as the app's held-key check
        # reads them (client/app.py): id(command) -> "pad:<id>/<button>".  A
        # press starts a hold; a repeat (a stick's repeat, Y's tap or hold,
        # sent later) acts only on the screen its press went to.
        self.presses: dict[int, str] = {}
        self.repeats: dict[int, str] = {}
        self.silent_presses: list[str] = []     # pressed with no command yet (Y)
        self.enabled = self._init()

    @staticmethod
    def _init() -> bool:
        try:
            from pygame._sdl2 import controller

            pygame.joystick.init()
            controller.init()
            return True
        except (pygame.error, ImportError):
            return False

    # ------------------------------------------------------------- queries
    def connected(self, device: str) -> bool:
        return any(p.key == device for p in self.pads.values())

    def pad(self, device: str) -> Pad | None:
        return next((p for p in self.pads.values() if p.key == device), None)

    def family(self, device: str) -> str:
        """Whose prompts a device gets: a pad's family, else the keyboard's."""
        pad = self.pad(device)
        return pad.family if pad is not None else "keyboard"

    def label(self, device: str) -> str:
        from ..i18n import _

        pad = self.pad(device)
        if pad is None:
            return _("Pad (unplugged)") if device.startswith("pad:") else _("Mouse + keys")
        return _("Pad {number}").format(number=pad.number)

    def hold_progress(self, device: str) -> float:
        """How far (0-1) a pad's end-turn button has been held."""
        pad = self.pad(device)
        if pad is None or "hold" not in pad.held or pad.hold_sent:
            return 0.0
        return min(1.0, (self._now() - pad.held["hold"]) / HOLD_END_TURN)

    def held_keys(self) -> set[str]:
        """Every button, trigger and stick direction held now, as ``pad:<id>/<name>``."""
        return {self._held_key(pad, name) for pad in self.pads.values()
                for name in (*pad.held, *pad.stick)}

    @staticmethod
    def _held_key(pad: Pad, name: str) -> str:
        return f"{pad.key}/{name}"

    def take_marks(self) -> tuple[dict[int, str], dict[int, str], list[str]]:
        """The presses, repeats and silent presses marked since the last call."""
        marks = self.presses, self.repeats, self.silent_presses
        self.presses, self.repeats, self.silent_presses = {}, {}, []
        return marks

    # -------------------------------------------------------------- events
    def handle(self, e: pygame.event.Event) -> list[Command]:
        """Commands for one SDL event (none for events that are not about pads)."""
        t = e.type
        if t in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            self.add(e.device_index, raw=t == pygame.JOYDEVICEADDED)
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            return self.remove(getattr(e, "instance_id", -1))
        pad = self.pads.get(getattr(e, "instance_id", -1))
        if pad is None:
            return []
        raw = not hasattr(pad.device, "as_joystick") and pad.device is not None
        if t == pygame.CONTROLLERBUTTONDOWN and not raw:
            return self._press(pad, e.button == HOLD_BUTTON, BUTTONS.get(e.button))
        if t == pygame.CONTROLLERBUTTONUP and not raw:
            return self._release(pad, e.button == HOLD_BUTTON)
        if t == pygame.CONTROLLERAXISMOTION and not raw:
            return self._axis(pad, e.axis, e.value / 32767)
        if raw and t == pygame.JOYBUTTONDOWN:
            return self._press(pad, e.button == RAW_HOLD, RAW_BUTTONS.get(e.button))
        if raw and t == pygame.JOYBUTTONUP:
            return self._release(pad, e.button == RAW_HOLD)
        if raw and t == pygame.JOYHATMOTION and tuple(e.value) in HATS:
            return [self._command(pad, HATS[tuple(e.value)])]
        if raw and t == pygame.JOYAXISMOTION and e.axis in (0, 1):
            return self._axis(pad, STICK[e.axis], e.value)
        return []

    def add(self, device_index: int, raw: bool = False) -> Pad | None:
        try:
            device, instance, name, family = self.opener(device_index)
        except Exception:  # noqa: BLE001 - an unopenable device is skipped, never fatal
            return None
        if instance in self.pads:
            return self.pads[instance]           # SDL sends both a joystick and a pad event
        if raw and hasattr(device, "as_joystick"):
            return None
        numbers = {p.number for p in self.pads.values()}
        number = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        pad = Pad(instance, name, family, device, number)
        self.pads[instance] = pad
        return pad

    def remove(self, instance_id: int) -> list[Command]:
        """A pad is gone: its held buttons, stick repeats and held-back presses
        go with it; the scenes hear ``pad_lost`` (its menus close, its seat
        asks for another controller)."""
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return []
        pad.held.clear()
        pad.stick.clear()
        pad.pending.clear()
        return [Command("key", (0, 0), name="pad_lost", device=pad.key)]

    def _now(self) -> float:
        return pygame.time.get_ticks() / 1000 if self._clock is None else self._clock()

    def use_clock(self, clock: Callable[[], float]) -> None:
        """The app's time (a fake clock in tests) for holds and repeats."""
        self._clock = clock

    def _command(self, pad: Pad, name: str, press: str = "", repeat: str = "") -> Command:
        """A pad's command; ``press``/``repeat`` name the held button it starts or
        repeats (see ``presses``)."""
        cmd = Command("key", (0, 0), name=name, device=pad.key)
        if press:
            self.presses[id(cmd)] = self._held_key(pad, press)
        elif repeat:
            self.repeats[id(cmd)] = self._held_key(pad, repeat)
        return cmd

    def _press(self, pad: Pad, hold: bool, name: str | None) -> list[Command]:
        if hold:
            pad.held["hold"] = self._now()
            pad.hold_sent = False
            self.silent_presses.append(self._held_key(pad, "hold"))
            return []
        return [self._command(pad, name)] if name else []

    def _release(self, pad: Pad, hold: bool) -> list[Command]:
        if not hold or "hold" not in pad.held:
            return []
        start = pad.held.pop("hold")
        if not pad.hold_sent:       # sent by poll() unless the pad is gone by then
            pad.pending.append("buy" if self._now() - start < TAP_MAX else "hold_short")
        return []

    def _axis(self, pad: Pad, axis: int, value: float) -> list[Command]:
        if axis in TRIGGERS:
            name = TRIGGERS[axis]
            if value > STICK_ON and name not in pad.held:
                pad.held[name] = self._now()
                return [self._command(pad, name)]
            if value < STICK_OFF:
                pad.held.pop(name, None)
            return []
        if axis in ZOOM_STICK:
            zoom_in, zoom_out = ZOOM_STICK[axis]
            out = []
            for name, on in ((zoom_in, value < -STICK_ON), (zoom_out, value > STICK_ON)):
                if on and name not in pad.held:
                    pad.held[name] = self._now()
                    out.append(self._command(pad, name))
            if abs(value) < STICK_OFF:
                pad.held.pop(zoom_in, None)
                pad.held.pop(zoom_out, None)
            return out
        if axis not in STICK:
            return []
        neg, pos = ("left", "right") if axis == STICK[0] else ("up", "down")
        out: list[Command] = []
        for name, on in ((neg, value < -STICK_ON), (pos, value > STICK_ON)):
            if on and name not in pad.stick:
                pad.stick[name] = self._now() + REPEAT_DELAY
                out.append(self._command(pad, name, press=name))
        for name, off in ((neg, value > -STICK_OFF), (pos, value < STICK_OFF)):
            if off:
                pad.stick.pop(name, None)
        return out

    def poll(self) -> list[Command]:
        """After a frame's events: the presses held back for them (a pad
        removed in the same batch sends none), and the commands that come from
        time passing: a held end turn, stick repeats."""
        now = self._now()
        out: list[Command] = []
        for pad in list(self.pads.values()):
            # Y's tap and hold belong to the screen Y was pressed on.
            out += [self._command(pad, name, repeat="hold") for name in pad.pending]
            pad.pending.clear()
            start = pad.held.get("hold")
            if start is not None and not pad.hold_sent and now - start >= HOLD_END_TURN:
                pad.hold_sent = True
                out.append(self._command(pad, "end_turn", repeat="hold"))
            for name, at in list(pad.stick.items()):
                if now >= at:
                    pad.stick[name] = now + REPEAT_EVERY
                    out.append(self._command(pad, name, repeat=name))
        return out

    # --------------------------------------------------------------- rumble
    def rumble(self, device: str, strength: float = 0.6, ms: int = 250) -> bool:
        """A short rumble on a pad that supports it (and only with rumble on)."""
        pad = self.pad(device)
        if pad is None or not self.rumble_on() or not hasattr(pad.device, "rumble"):
            return False
        try:
            return bool(pad.device.rumble(strength * 0.5, strength, ms))
        except pygame.error:
            return False


class VirtualPad:
    """A pad SDL itself simulates (SDL_JoystickAttachVirtualEx): SDL then sends the
    same device and button events a real pad would.  For tests and the screenshot
    tool; ``available()`` says whether this SDL can do it."""

    class _Desc(ctypes.Structure):
        _fields_ = ([("version", ctypes.c_uint16), ("type", ctypes.c_uint16),
                     ("naxes", ctypes.c_uint16), ("nbuttons", ctypes.c_uint16),
                     ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                     ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16),
                     ("button_mask", ctypes.c_uint32), ("axis_mask", ctypes.c_uint32),
                     ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p)]
                    + [(n, ctypes.c_void_p) for n in ("Update", "SetPlayerIndex", "Rumble",
                                                      "RumbleTriggers", "SetLED",
                                                      "SendEffect")])

    # USB ids SDL's mapping database knows: they give each pad its family.
    MODELS = {"xbox": (b"Xbox One Controller", 0x045E, 0x02EA),
              "playstation": (b"PS5 Controller", 0x054C, 0x0CE6),
              "switch": (b"Nintendo Switch Pro Controller", 0x057E, 0x2009)}

    def __init__(self, family: str = "xbox"):
        sdl = sdl_library()
        if sdl is None:
            raise RuntimeError("libSDL2 is not loaded")
        self.sdl = sdl
        sdl.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(self._Desc)]
        sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        sdl.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                                     ctypes.c_uint8]
        sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                                   ctypes.c_int16]
        sdl.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
        sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        name, vendor, product = self.MODELS[family]
        self._name = name              # kept alive while SDL holds the pointer
        desc = self._Desc(version=1, type=1, naxes=6, nbuttons=15, nhats=0,
                          vendor_id=vendor, product_id=product, name=name)
        index = sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        if index < 0:
            raise RuntimeError("SDL could not attach a virtual pad")
        self.handle = sdl.SDL_JoystickOpen(index)
        self.instance_id = int(sdl.SDL_JoystickInstanceID(self.handle))
        # Triggers rest at 0 (SDL's default for a virtual axis is -32768 = half pressed).
        for axis in TRIGGERS:
            sdl.SDL_JoystickSetVirtualAxis(self.handle, axis, 0)
        self.attached = True

    @property
    def device(self) -> str:
        return f"pad:{self.instance_id}"

    def button(self, button: int, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self.handle, button, 1 if down else 0)

    def axis(self, axis: int, value: int) -> None:
        self.sdl.SDL_JoystickSetVirtualAxis(self.handle, axis, value)

    def detach(self) -> None:
        """Unplug it: SDL reports the device removed."""
        if self.attached:
            self.attached = False
            self.sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
            index = next((i for i in range(pygame.joystick.get_count())
                          if self._index_is_me(i)), -1)
            self.sdl.SDL_JoystickClose(self.handle)
            if index >= 0:
                self.sdl.SDL_JoystickDetachVirtual(index)

    def _index_is_me(self, index: int) -> bool:
        self.sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        return int(self.sdl.SDL_JoystickGetDeviceInstanceID(index)) == self.instance_id

    @staticmethod
    def available() -> bool:
        sdl = sdl_library()
        return sdl is not None and hasattr(sdl, "SDL_JoystickAttachVirtualEx")
