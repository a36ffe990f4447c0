"""Finding games on the local network: mDNS/DNS-SD with zeroconf.

A host advertises a ``_hacienda._tcp.local.`` service (its port, its title,
the map, free seats, the version; never the join code: whoever joins still
needs it from the host's screen); the Join screen browses and lists what it
hears.  Discovery is a convenience: when multicast does not work (some
networks, some sandboxes) nothing fails, the list stays empty and an address
typed by hand joins as well.
"""

from __future__ import annotations

import contextlib
import socket
import threading
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


class Advertiser:
    """Tells the local network a game is hosted here (until `close`)."""

    def __init__(self, name: str, port: int, addresses: list[str], map_name: str, free: int,
                 tls: bool = False, interfaces: list[str] | None = None):
        self.name = "".join(c for c in name if c.isalnum() or c in " -_'")[:40] or "Hacienda"
        self.port = port
        self.addresses = addresses
        self.properties = {"map": public_map_name(map_name), "free": str(free),
                           "version": __version__,
                           "tls": "1" if tls else "0"}
        self.interfaces = interfaces
        self.error: str | None = None
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None

    def start(self) -> bool:
        """Advertise; False (and ``error`` says why) when mDNS cannot work here."""
        try:
            from zeroconf import ServiceInfo

            self._zc = _zeroconf(self.interfaces)
            self._info = ServiceInfo(
                SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}",
                addresses=[socket.inet_aton(a) for a in self.addresses], port=self.port,
                properties=self.properties, server=f"hacienda-{self.port}.local.")
            self._zc.register_service(self._info, allow_name_change=True)
            return True
        except Exception as e:  # noqa: BLE001 - discovery is optional: say why, go on
            self.error = f"{type(e).__name__}: {e}"
            self.close()
            return False

    def close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            with contextlib.suppress(Exception):
                if self._info is not None:
                    zc.unregister_service(self._info)
            with contextlib.suppress(Exception):
                zc.close()


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
