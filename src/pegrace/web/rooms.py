"""The room code's routes: ``GET /api/rooms/{code}`` finds the game a code opens (the codes
themselves: roomcodes.py), at most ``codes_per_minute`` an address, right or wrong, so that
codes are guessed no faster than games are made; ``GET /api/addresses`` tells the page at
this machine the addresses others may reach the server at, for its invite card."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pegrace.i18n import said, said_n
from pegrace.web.answering import api
from pegrace.web.guard import client_address, client_key, is_loopback
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.refusals import GameNotFound, TooMany, saying
from pegrace.web.roomcodes import game_with_code, normalise

if TYPE_CHECKING:
    from pegrace.web.hub import GameHub

ADDRESSES_KEPT_SECONDS = 30.0  # the machine's addresses, found again after this (DHCP moves)
# where the UDP trick "connects" to find the address of the default route (no packet is
# sent): documentation addresses (RFC 5737, RFC 3849), never anybody's
ROUTE_PROBES = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1"))
EVERY_ADDRESS = {"0.0.0.0": (4,), "": (4, 6), "::": (4, 6)}  # a wildcard host's families


class Rooms:
    """The routes of room codes, on the server's hub (``hub()``: its store) and ``limits``;
    ``host``: the address the server listens on (server.py's ``--host``)."""

    def __init__(
        self, hub: Callable[[], GameHub], limits: Limits, fleet: Fleet, host: str = "127.0.0.1"
    ) -> None:
        self.hub = hub
        self.most = limits.codes_per_minute
        # the whole minute's at once, as for new games: a person typing codes needs a few
        self.lookups = Buckets(self.most / 60, self.most, fleet=fleet)
        self.addresses = MachineAddresses(host)

    def routes(self) -> list[Route]:
        return [
            Route("/api/rooms/{code}", api(self.find)),
            Route("/api/addresses", api(self.reach)),
        ]

    async def find(self, request: Request) -> Response:
        """``{"game": ID}``: the game the code opens; malformed, refused before it counts."""
        code = normalise(request.path_params["code"])
        if not self.lookups.take(client_key(request.scope)):
            raise saying(TooMany, said_n(
                "at most {count} room code a minute from one address: wait a little",
                "at most {count} room codes a minute from one address: wait a little",
                self.most,
            ))  # fmt: skip
        hub = self.hub()
        found = await hub.calls.run(game_with_code, hub.store, code)
        if found is None:
            # TRANSLATORS: {code} is a room code as the server read it ("K7M4QX")
            raise saying(GameNotFound, said("no game has the room code {code}", code=code))
        return JSONResponse({"game": found})

    async def reach(self, request: Request) -> Response:
        """``{"beyond": whether the server listens beyond this machine, "hosts": [...]}``: the
        addresses of this machine the server may be reached at, as a link writes them
        (``[fd00::5]``), told only to a page on this machine itself (they say nothing to
        anybody else, who reaches the server already)."""
        here = is_loopback(client_address(request.scope))
        hosts = await self.addresses.hosts() if here else []
        return JSONResponse({"beyond": self.addresses.beyond, "hosts": hosts})


class MachineAddresses:
    """The addresses others may reach a server listening on ``host`` at: ``host`` itself,
    or for a wildcard (``0.0.0.0``, ``::``) this machine's own, found off the event loop
    (resolving its name may wait on DNS) and kept a while."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.beyond = not is_loopback(host)
        self.found: list[str] = []
        self.when = -ADDRESSES_KEPT_SECONDS
        self.lock = asyncio.Lock()

    async def hosts(self) -> list[str]:
        if not self.beyond:
            return []
        async with self.lock:  # one search at a time, whoever asks
            if time.monotonic() - self.when >= ADDRESSES_KEPT_SECONDS:
                found = await asyncio.to_thread(lan_addresses, self.host)
                self.found, self.when = [url_host(a) for a in found], time.monotonic()
        return self.found


def lan_addresses(host: str) -> list[str]:
    """The addresses of this machine a server listening on ``host`` is reached at from
    elsewhere: ``host`` if it is one address; for a wildcard the machine's own of its
    families, IPv4 first, never loopback nor link-local (which a link cannot use)."""
    families = EVERY_ADDRESS.get(host)
    if families is None:
        return [] if is_loopback(host) else [host]
    found = [*route_addresses(), *named_addresses()]
    usable = {
        address
        for address in found
        if address.version in families
        and not (address.is_loopback or address.is_link_local or address.is_unspecified)
        and not address.is_multicast
    }
    return [str(a) for a in sorted(usable, key=lambda a: (a.version, not a.is_private, a))]


def route_addresses() -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """The source address of each family's default route (a UDP socket "connected" sends
    nothing, but the system picks the address it would send from)."""
    found = []
    for family, probe in ROUTE_PROBES:
        with (
            contextlib.suppress(OSError, ValueError),
            socket.socket(family, socket.SOCK_DGRAM) as s,
        ):
            s.connect((probe, 9))
            found.append(ipaddress.ip_address(s.getsockname()[0].split("%")[0]))
    return found


def named_addresses() -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """The addresses this machine's name resolves to (its other networks' too)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    found = []
    for info in infos:
        with contextlib.suppress(ValueError):
            found.append(ipaddress.ip_address(str(info[4][0]).split("%")[0]))
    return found


def url_host(address: str) -> str:
    """An address as a link's host writes it: an IPv6 one in brackets."""
    return f"[{address}]" if ":" in address else address
