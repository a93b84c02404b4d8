"""Every open connection of a served app, counted and timed, so that no client can take the
server's connections from everyone else.

- A connection must send a request's headers within ``request_seconds`` of opening (or of its
  last answer); Guard times the body (``body_seconds``, then ``body_rate``). One that dawdles
  (a request line sent a byte at a time, headers and then silence, nothing at all) is closed.
- At most ``connections`` are open in all, ``connections_per_address`` from one address (an
  IPv6 address counts by its /64). When every connection is taken, a newcomer does not wait:
  the address holding the most gives up its connection idle the longest, unless the newcomer's
  own address is that one, which is then refused with a clear 503.
- A proxy the server trusts for ``X-Forwarded-For`` (uvicorn's ``forwarded_allow_ips``,
  127.0.0.1 by default) holds every user's connection: it is not held to the per-address caps
  (the proxy keeps its own), and each of its connections counts as the address it forwards.

uvicorn makes a protocol object for each connection; ``tracked`` wraps its HTTP and WebSocket
protocol classes so that each connection is admitted here first, and the ASGI task of each
request carries its connection (``CURRENT``), through which Guard says when a request starts
and ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from pegrace.i18n import Said, said
from pegrace.web.limits import Limits, address_key
from pegrace.web.refusals import error_body

SWEEP_SECONDS = 1.0  # how often dawdling connections are looked for
ANSWER_SECONDS = 60.0  # the longest an answer may take to be taken by its client
# a newcomer refused: its address holds as many connections as one may, or the server all it
# can, the newcomer's among the most
FROM_YOUR_ADDRESS = said(
    "the server is full: too many connections from your address; try again in a little while"
)
YOURS_AMONG_THE_MOST = said(
    "the server is full: too many connections open, yours among the most; try again in a "
    "little while"
)


class Door:
    """One open connection: who it is from and what it is doing."""

    __slots__ = (
        "active_since",
        "close",
        "key",
        "opened",
        "peer",
        "transport",
        "trusted",
        "waiting_since",
        "websocket",
    )

    def __init__(self, transport: Any, peer: str, trusted: bool) -> None:
        self.transport = transport
        self.peer = peer
        self.key = address_key(peer)
        self.trusted = trusted  # a proxy's connection: its requests name the address
        self.opened = time.monotonic()
        self.waiting_since: float | None = self.opened  # for a request, since then
        self.active_since: float | None = None  # answering a request since then
        self.websocket = False
        self.close: Callable[[], None] | None = None  # a polite close, set by a game socket

    def shut(self) -> None:
        if self.close is not None:
            self.close()
        else:
            self.transport.close()


CURRENT: contextvars.ContextVar[Door | None] = contextvars.ContextVar("pegrace_door", default=None)


class Doorman:
    """The open connections, by transport; the caps and the timeouts (module docstring)."""

    def __init__(self, limits: Limits, trusted: Iterable[str] = ("127.0.0.1",)) -> None:
        self.limits = limits
        self.most = limits.connections
        self.trusted = set(trusted)
        self.doors: dict[int, Door] = {}
        self.by_key: Counter[str] = Counter()

    # ---------------------------------------------------------------- coming and going
    def admit(self, transport: Any) -> Door | None:
        """Count a new connection; None if it is refused (it is told so and closed)."""
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, tuple | list) and peer else "unknown"
        door = Door(transport, host, "*" in self.trusted or host in self.trusted)
        problem = self._problem(door)
        if problem is not None:
            refuse(transport, problem)
            return None
        self.doors[id(transport)] = door
        self.by_key[door.key] += 1
        return door

    def _problem(self, door: Door) -> Said | None:
        if not door.trusted and self.by_key[door.key] >= self.limits.connections_per_address:
            return FROM_YOUR_ADDRESS
        if len(self.doors) < self.most or self.make_room(door.key):
            return None
        return YOURS_AMONG_THE_MOST

    def make_room(self, newcomer: str, websockets_only: bool = False) -> bool:
        """Close the connection idle longest of the address holding the most (never the
        newcomer's own, nor one holding no more than it): True if one was closed."""
        doors = [
            d
            for d in self.doors.values()
            if d.active_since is None and not d.trusted and (d.websocket or not websockets_only)
        ]
        counts = Counter(d.key for d in doors)
        mine = counts[newcomer]
        heaviest = max((k for k in counts if k != newcomer), key=counts.__getitem__, default=None)
        if heaviest is None or counts[heaviest] <= mine:
            return False
        theirs = [d for d in doors if d.key == heaviest]
        oldest = min(theirs, key=lambda d: (d.websocket, d.waiting_since or d.opened))
        self.forget(oldest.transport)
        oldest.shut()
        return True

    def upgraded(self, transport: Any) -> None:
        """The connection has become a WebSocket: no request is pending on it any more."""
        door = self.doors.get(id(transport))
        if door is not None:
            door.websocket = True
            door.waiting_since = door.active_since = None

    def forget(self, transport: Any) -> None:
        door = self.doors.pop(id(transport), None)
        if door is not None:
            self.by_key[door.key] -= 1
            if not self.by_key[door.key]:
                del self.by_key[door.key]

    # ---------------------------------------------------------------- requests (Guard)
    def began(self, door: Door, host: str) -> None:
        """A request's headers have come (from ``host``: the address a proxy forwards)."""
        key = address_key(host)
        if key != door.key and id(door.transport) in self.doors:
            self.forget(door.transport)
            door.key = key
            door.trusted = False  # a proxy's connection for a client now known: counted as its
            self.doors[id(door.transport)] = door
            self.by_key[key] += 1
        if not door.websocket:  # a game socket may stay open as long as it likes
            door.waiting_since, door.active_since = None, time.monotonic()

    def ended(self, door: Door) -> None:
        if not door.websocket:
            door.waiting_since, door.active_since = time.monotonic(), None

    # ---------------------------------------------------------------- timeouts
    def sweep(self) -> int:
        """Close every connection that has kept the server waiting too long; how many."""
        now = time.monotonic()
        wait = self.limits.request_seconds
        late = [
            d
            for d in self.doors.values()
            if (d.waiting_since is not None and now - d.waiting_since > wait)
            or (d.active_since is not None and now - d.active_since > ANSWER_SECONDS)
        ]
        for door in late:
            self.forget(door.transport)
            door.transport.close()
        return len(late)

    async def run(self) -> None:
        """Sweep until cancelled (the app's lifespan runs this)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()


def refuse(transport: Any, words: Said) -> None:
    """A 503 that says why, written before the request is read, and the connection closed."""
    body = json.dumps(error_body(words)).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: 10\r\nconnection: close\r\n\r\n"
    )
    with contextlib.suppress(Exception):  # the client may have gone already
        transport.write(head.encode() + body)
    transport.close()


def tracked(base: type[asyncio.Protocol], doorman: Doorman, websocket: bool) -> type[Any]:
    """``base`` (one of uvicorn's protocol classes) with every connection admitted by
    ``doorman`` first, and (HTTP) its requests' tasks knowing their connection (``CURRENT``).
    A WebSocket's task is made while its HTTP connection reads the handshake, so it knows it
    too, and a game socket's messages pass with no more than they did before."""

    class Tracked(base):  # type: ignore[valid-type, misc]
        door: Door | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if websocket:
                doorman.upgraded(transport)
            else:
                self.door = doorman.admit(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            doorman.forget(self.transport)
            super().connection_lost(exc)

    class TrackedHTTP(Tracked):
        def data_received(self, data: bytes) -> None:
            token = CURRENT.set(self.door)
            try:
                super().data_received(data)
            finally:
                CURRENT.reset(token)

    chosen = Tracked if websocket else TrackedHTTP
    chosen.__name__ = chosen.__qualname__ = f"Tracked{base.__name__}"
    return chosen
