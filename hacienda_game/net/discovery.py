"""Finding games on the local network: mDNS/DNS-SD with zeroconf.

A host (a game hosted from Setup, each game of ``hacienda serve``) advertises
a ``_hacienda._tcp.local.`` service through an `Announcer` (its port, its title,
the map, free seats, the version; never the join code: whoever joins still
needs it from the host's screen); the Join screen browses and lists what it
hears.  Discovery is a convenience: when multicast does not work (some
networks, some sandboxes) nothing fails, the list stays empty and an address
typed by hand joins as well.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .. import __version__
from . import SERVICE_TYPE
from .protocol import public_map_name


@dataclass(frozen=True)
class FoundGame:
    name: str
    address: str
    port: int
    map: str
    free: int
    version: str
    tls: bool

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if interfaces:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=InterfaceChoice.Default, ip_version=IPVersion.V4Only)


def service_name(name: str) -> str:
    """A game's name as announced: letters, digits, spaces and -_' only, 40 at most."""
    return "".join(c for c in name if c.isalnum() or c in " -_'")[:40] or "Hacienda"


def announcement(map_name: str, free: int, tls: bool) -> dict[str, str]:
    """What a game tells the network, all of it: the map's title (never a path),
    free seats, the version, TLS.  Never the join code, a token or a path."""
    return {"map": public_map_name(map_name), "free": str(max(0, free)),
            "version": __version__, "tls": "1" if tls else "0"}


class Announcer:
    """Announces a host's games (from Setup, or ``hacienda serve``), each its own
    service on the host's port, on one Zeroconf of its own thread: registering probes the
    network for a second or two, so the games never wait for it.  ``announce``
    a game (again, to change its free seats), ``withdraw`` it; ``close``
    withdraws every one.  It is optional: when mDNS cannot work here,
    ``error`` says why and nothing else changes."""

    MOST = 64            # games announced at once (a longer list helps nobody pick)

    def __init__(self, port: int, addresses: list[str], tls: bool,
                 interfaces: list[str] | None = None,
                 log: Callable[[str], None] | None = None):
        self.port = port
        self.addresses = addresses
        self.tls = tls
        self.interfaces = interfaces
        self.log = log or (lambda text: None)
        self.error: str | None = None
        self.shown: dict[int, dict[str, str]] = {}     # game -> what it announces (thread's)
        self._jobs: queue.Queue[tuple[str, int, str, dict[str, str]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._zc: Zeroconf | None = None
        self._infos: dict[int, ServiceInfo] = {}
        self._named: dict[int, str] = {}          # the name each was registered under
        self._asked: dict[int, tuple[str, dict[str, str]]] = {}   # the owner's last word

    def start(self) -> Announcer:
        self._thread = threading.Thread(target=self._run, name="hacienda-announce", daemon=True)
        self._thread.start()
        return self

    def announce(self, game: int, name: str, map_name: str, free: int) -> None:
        """Announce ``game`` (or change what it says); nothing is sent when nothing changed."""
        said = (service_name(name), announcement(map_name, free, self.tls))
        if self._asked.get(game) == said or (game not in self._asked
                                             and len(self._asked) >= self.MOST):
            return
        self._asked[game] = said
        self._jobs.put(("announce", game, *said))

    def withdraw(self, game: int) -> None:
        if self._asked.pop(game, None) is not None:
            self._jobs.put(("withdraw", game, "", {}))

    def close(self, timeout: float = 5.0) -> None:
        """Withdraw every game and stop (bounded)."""
        self._jobs.put(None)
        if self._thread is not None:
            self._thread.join(timeout)

    # ------------------------------------------------------------ its thread
    def _run(self) -> None:
        try:
            self._zc = _zeroconf(self.interfaces)
        except Exception as e:  # noqa: BLE001 - discovery is optional: say why, go on
            self.error = f"{type(e).__name__}: {e}"
            self.log(f"the games are not announced on the local network ({self.error})")
        while True:
            job = self._jobs.get()
            if job is None:
                break
            if self._zc is not None:
                try:
                    self._do(self._zc, *job)
                except Exception as e:  # noqa: BLE001 - one failed announcement ends nothing
                    self.error = f"{type(e).__name__}: {e}"
                    self.log(f"announcing a game failed ({self.error})")
        zc, self._zc = self._zc, None
        if zc is not None:
            for info in list(self._infos.values()):
                with contextlib.suppress(Exception):
                    zc.unregister_service(info)
            self._infos.clear()
            self.shown.clear()
            with contextlib.suppress(Exception):
                zc.close()

    def _do(self, zc: Zeroconf, what: str, game: int, name: str,
            properties: dict[str, str]) -> None:
        from zeroconf import ServiceInfo

        old = self._infos.get(game)
        if what == "withdraw":
            if old is not None:
                del self._infos[game]
                self.shown.pop(game, None)
                zc.unregister_service(old)
            return
        if old is not None and self._named.get(game) == name:
            # (its name as registered: the network may have had it add a number)
            info = ServiceInfo(SERVICE_TYPE, old.name, addresses=old.addresses,
                               port=self.port, properties=properties, server=old.server)
            zc.update_service(info)
        else:
            if old is not None:
                zc.unregister_service(old)
            info = ServiceInfo(
                SERVICE_TYPE, f"{name}.{SERVICE_TYPE}",
                addresses=[socket.inet_aton(a) for a in self.addresses], port=self.port,
                properties=properties, server=f"hacienda-{self.port}-{game}.local.")
            zc.register_service(info, allow_name_change=True)
            self._named[game] = name
        self._infos[game] = info
        self.shown[game] = properties


class Browser:
    """Listens for advertised games; `games()` is what was heard so far."""

    def __init__(self, interfaces: list[str] | None = None):
        self.interfaces = interfaces
        self.error: str | None = None
        self._found: dict[str, FoundGame] = {}
        self._lock = threading.Lock()
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None

    def start(self) -> bool:
        try:
            from zeroconf import ServiceBrowser

            self._zc = _zeroconf(self.interfaces)
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])
            return True
        except Exception as e:  # noqa: BLE001 - discovery is optional
            self.error = f"{type(e).__name__}: {e}"
            self.close()
            return False

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name),
                         daemon=True).start()

    def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        from zeroconf import ServiceInfo

        info = ServiceInfo(service_type, name)
        with contextlib.suppress(Exception):
            if not info.request(zeroconf, 3000):
                return
            props = {k.decode(): (v or b"").decode("utf-8", "replace")
                     for k, v in info.properties.items()}
            addresses = info.parsed_addresses()
            if not addresses or info.port is None:
                return
            game = FoundGame(name.removesuffix("." + service_type), addresses[0], info.port,
                             props.get("map", "?"), int(props.get("free", "0") or 0),
                             props.get("version", "?"), props.get("tls") == "1")
            with self._lock:
                self._found[name] = game

    def games(self) -> list[FoundGame]:
        with self._lock:
            return sorted(self._found.values(), key=lambda g: g.name)

    def close(self) -> None:
        zc, self._zc = self._zc, None
        if self._browser is not None:
            with contextlib.suppress(Exception):
                self._browser.cancel()
        if zc is not None:
            with contextlib.suppress(Exception):
                zc.close()
