"""The messages between host and clients: versioned JSON text frames.

Every message is one JSON object with a ``type``.  What a client sends is
checked field by field (`check_incoming`) before anything reads it: an
unknown type or field, a wrong type, a text too long or a frame over
`MAX_MESSAGE` bytes is refused with a reason.  What the host sends a seat is
built only from `observe(state, seat)` and `Event.seen_by(seat)`.

Client -> host: hello, act, undo, sync, ping, bye.
Host -> client: welcome, state, seats, refused, pong, bye.

A refusal is data, as the engine's are: a ``code`` (the engine's refusal
codes, `engine.errors.REFUSALS`, or the protocol's own, `NET_REFUSALS`), its
``params`` and an English ``reason`` for logs and older clients.  The joiner
words it in its own language from the code and params alone
(`refusal_from_wire` checks them as hostile input first).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields, replace
from typing import Any

from .. import __version__
from ..engine import ANIMALS, LAND_CARDS, REFUSALS, Event, Observation, SeatView
from ..maps.board import Board

PROTOCOL = 2                       # 2: refusals and farewells carry a code and params
MAX_MESSAGE = 64 * 1024            # bytes a client may send in one message
MAX_FRAME = 256 * 1024             # past this the socket itself is closed
MAX_FROM_HOST = 8 * 1024 * 1024    # what a client accepts from a host
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # 32 letters: no 0/O, 1/I
CODE_LENGTH = 8                    # 8 of 32 letters: 40 bits, read aloud as "K7PM-Q2XH"


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says how, in plain words."""


def version_text(version: str = __version__, protocol: int = PROTOCOL) -> str:
    return f"Hacienda {version} (protocol {protocol})"


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decode(raw: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """One message read from a frame (ProtocolError if it is not a JSON object)."""
    if isinstance(raw, bytes | bytearray):
        raise ProtocolError("messages are JSON text, not binary frames")
    if len(raw.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(f"message over the {limit // 1024} KB limit")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not valid JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    return message


def code_text(code: str) -> str:
    """A join code as people read it aloud: groups of four ("K7PM-Q2XH")."""
    code = normal_code(code)
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def normal_code(text: str) -> str:
    """A join code as typed ("k7pm q2xh", "K7PM-Q2XH") made the code itself."""
    return "".join(c for c in text.upper() if c not in " -")


def public_map_name(map_name: str) -> str:
    """A map as others may hear of it: its title or file name, never a folder of
    the host's machine (a path names the host's user and disk)."""
    return re.split(r"[\\/]", str(map_name))[-1][:60]


# ------------------------------------------------------------ client messages
_INT = (int,)
_TEXT = (str,)
# type -> field -> (allowed types, required, longest text or largest number)
SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool, int]]] = {
    "hello": {"protocol": (_INT, True, 1000), "version": (_TEXT, True, 32),
              "code": (_TEXT, True, 16), "token": (_TEXT + (type(None),), False, 64),
              "seat": (_INT + (type(None),), False, 4), "spectate": ((bool,), False, 1),
              "name": (_TEXT + (type(None),), False, 24)},
    "act": {"action": (_TEXT, True, 120), "seat": (_INT + (type(None),), False, 4),
            "turn": (_INT, True, 1 << 20), "seq": (_INT, True, 1 << 53)},
    "undo": {"seat": (_INT + (type(None),), False, 4)},
    "sync": {},
    "map": {},                     # the joiner lacks the map: the host sends its files
    "ping": {"t": ((int, float), False, 1 << 62)},
    "bye": {},
}


def _valid_text(text: str) -> bool:
    """Text that is Unicode (JSON lets a lone UTF-16 surrogate through as
    ``\\ud800``, which no encoding can write) and holds no control characters."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable() or not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text)


def check_incoming(message: dict[str, Any]) -> dict[str, Any]:
    """The message if every field is one the protocol knows, of the right type
    and size; ProtocolError naming the first problem otherwise."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")
    schema = SCHEMAS[kind]
    for name in message:
        if name != "type" and name not in schema:
            raise ProtocolError(f"{kind}: unknown field {str(name)[:20]!r}")
    for name, (types, required, bound) in schema.items():
        if name not in message:
            if required:
                raise ProtocolError(f"{kind}: the field {name!r} is missing")
            continue
        value = message[name]
        if isinstance(value, bool) and bool not in types:
            raise ProtocolError(f"{kind}: {name} must be {types[0].__name__}, not true/false")
        if not isinstance(value, types):
            raise ProtocolError(f"{kind}: {name} must be {types[0].__name__}")
        if isinstance(value, str) and len(value) > bound:
            raise ProtocolError(f"{kind}: {name} is longer than {bound} characters")
        if isinstance(value, str) and not _valid_text(value):
            raise ProtocolError(f"{kind}: {name} is not valid text")
        if isinstance(value, int | float) and not isinstance(value, bool) \
                and not 0 <= value <= bound:
            raise ProtocolError(f"{kind}: {name} is out of range")
    return message


# ------------------------------------------------------------ refusals
# The protocol's own refusals, with the params each carries (name -> type).
NET_REFUSALS: dict[str, dict[str, type]] = {
    "version": {"host": str, "host_protocol": int, "you": str, "you_protocol": int},
    "code": {}, "token": {}, "full": {}, "hello": {}, "crowded": {}, "replaced": {},
    "malformed": {}, "joined": {}, "spectator": {}, "seat": {"held": int, "asked": int},
    "turn": {"name": str, "seat": int}, "released": {}, "busy": {}, "no_undo": {},
    "undo": {"why": str}, "flood": {}, "flood_cut": {}, "strikes_cut": {},
    "stale": {}, "repeated": {}, "locked": {"seconds": int},
}
# Refusals that end a connection but not the wish to join: the client tries again.
RETRY_REFUSALS = frozenset({"full", "crowded", "busy", "hello", "flood_cut", "strikes_cut"})
# The engine's refusals whose sentence needs params (the others need none).
ENGINE_PARAMS: dict[str, dict[str, type]] = {"cannot_pay": {"price": int, "money": int}}
# Why the host ended the game (``bye``).
FAREWELLS = ("over", "left", "stopped", "ended")
MAX_PARAMS = 8
MAX_PARAM_TEXT = 64
MAX_REASON = 300


@dataclass(frozen=True)
class Refusal:
    """A refusal as the host sent it, checked: code, params, English reason."""

    code: str
    params: dict[str, str | int]
    reason: str = ""
    fatal: bool = False

    @property
    def engine(self) -> bool:
        return self.code in REFUSALS


def clean_params(params: dict[str, Any]) -> dict[str, str | int]:
    """What of a refusal's params may go on the wire: short texts and numbers."""
    out: dict[str, str | int] = {}
    for key, value in params.items():
        if len(out) >= MAX_PARAMS or not isinstance(key, str) or len(key) > 16:
            continue
        number = isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1 << 31
        if number or isinstance(value, str) and len(value) <= MAX_PARAM_TEXT \
                and value.isprintable():
            out[key] = value
    return out


def refused(code: str, reason: str, fatal: bool = False, **params: Any) -> dict[str, Any]:
    """The ``refused`` message for a refusal code (the host builds them only here)."""
    message: dict[str, Any] = {"type": "refused", "code": code, "params": clean_params(params),
                               "reason": reason[:MAX_REASON]}
    if fatal:
        message["fatal"] = True
    return message


def refusal_from_wire(message: dict[str, Any]) -> Refusal:
    """The refusal a host sent, checked as hostile input (ProtocolError if any
    part is not what this version sends: unknown code, wrong types, long texts,
    params missing or extra)."""
    code, params = message.get("code"), message.get("params", {})
    reason, fatal = message.get("reason", ""), message.get("fatal", False)
    if not isinstance(code, str) or not (code in REFUSALS or code in NET_REFUSALS):
        raise ProtocolError("the host sent a refusal this version does not know")
    if not isinstance(reason, str) or len(reason) > MAX_REASON or not isinstance(fatal, bool):
        raise ProtocolError("the host sent a refusal this version cannot read")
    if not isinstance(params, dict) or len(params) > MAX_PARAMS \
            or clean_params(params) != params:
        raise ProtocolError("the host sent a refusal with params this version cannot read")
    for name, kind in (NET_REFUSALS.get(code) or ENGINE_PARAMS.get(code) or {}).items():
        if not isinstance(params.get(name), kind) or isinstance(params.get(name), bool):
            raise ProtocolError(f"the host sent a refusal without its {name}")
    return Refusal(code, params, reason, fatal)


# ------------------------------------------------------------ views on the wire
_SKIP = ("board",)
_OBS_FIELDS = tuple(f.name for f in fields(Observation) if f.name not in _SKIP)
_SEAT_FIELDS = tuple(f.name for f in fields(SeatView))


def obs_to_wire(obs: Observation) -> dict[str, Any]:
    """An observation as JSON-ready data (the board is known to both sides)."""
    out: dict[str, Any] = {}
    for name in _OBS_FIELDS:
        value = getattr(obs, name)
        if name == "seats":
            value = [{k: getattr(v, k) for k in _SEAT_FIELDS} for v in value]
        elif name == "variants":
            value = sorted(value)
        out[name] = value
    return out


def public_view(obs: Observation) -> Observation:
    """A seat's view with its hand taken away: what a spectator may see."""
    return replace(obs, land_hand=(0,) * len(LAND_CARDS), animal_hand=(0,) * len(ANIMALS))


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def obs_from_wire(data: Any, board: Board) -> Observation:
    """The observation a host sent (ProtocolError if it is not one)."""
    if not isinstance(data, dict) or set(data) != set(_OBS_FIELDS):
        raise ProtocolError("the host sent a view this version cannot read")
    try:
        values = {name: _tuples(data[name]) for name in _OBS_FIELDS}
        values["variants"] = frozenset(values["variants"])
        values["seats"] = tuple(
            SeatView(**{k: _tuples(v[k]) for k in _SEAT_FIELDS}) for v in data["seats"])
        return Observation(board=board, **values)
    except (TypeError, KeyError, AttributeError) as e:
        raise ProtocolError(f"the host sent a view this version cannot read ({e})") from None


def event_to_wire(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "data": event.data}


def event_from_wire(data: Any) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) \
            or not isinstance(data.get("data"), dict):
        raise ProtocolError("the host sent an event this version cannot read")
    seat = data.get("seat")
    return Event(data["kind"], seat if isinstance(seat, int) else None, data["data"])


def hello(code: str, token: str | None = None, seat: int | None = None,
          spectate: bool = False, name: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "version": __version__,
                               "code": normal_code(code)}
    if token:
        message["token"] = token
    if seat is not None:
        message["seat"] = seat
    if spectate:
        message["spectate"] = True
    if name:
        message["name"] = name[:24]
    return message
