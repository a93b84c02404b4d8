"""What every request must pass before the app sees it, and what every answer carries.

- ``Host`` must name this server (the address it serves, or an ``--allow-origin``): a page
  of another site whose name was pointed at this machine (DNS rebinding) is refused.
- A WebSocket, or a request that changes something (any method but GET and HEAD), from a
  page of another origin is refused: another site's page cannot act for a visitor who
  holds seat tokens here. Clients that are not browsers send no ``Origin`` and pass.
- A request body is JSON of at most ``body_bytes``, read whole before the app sees it, within
  ``body_seconds`` and a second more for every ``body_rate`` bytes that come (Apache's
  mod_reqtimeout ``body=10,MinRate=500``): a body trickled a byte at a time is cut off with
  408 just past the grace, and its connection closed, while a slow phone's gets through.
- An address's requests past ``request_burst`` are served at ``requests_per_second``, each
  waiting its turn (limits.Pace) before anything else is done for it: a client that floods
  waits for its answers rather than keeping the event loop busy refusing it, so the people
  at other addresses are answered as fast as without it. (Requests of the app's own tests,
  through no connection, are not paced.)
- Each request tells the connection's Door (connections.py) that it started and ended, so a
  connection that dawdles between requests is closed, and one behind a proxy counts as the
  address the proxy forwards.
- Every answer carries a Content-Security-Policy that fits the page (its own scripts,
  styles and sockets only, never inside another site's frame), ``nosniff`` and a
  Referrer-Policy.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pegrace.errors import OptionError, saying
from pegrace.i18n import Said, said, said_n
from pegrace.web.connections import CURRENT, Doorman
from pegrace.web.limits import Fleet, Limits, Pace, address_key
from pegrace.web.refusals import error_body

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]
SAFE_METHODS = ("GET", "HEAD")
# a body that came too slowly: its connection is closed with the answer, freeing its place at
# once, rather than kept open for a next request that would only be the body trickling on
CLOSING = (408,)
REFUSED_SOCKET = 4403  # close code of a refused WebSocket handshake (an HTTP 403)
# the longest a request waits for its address's turn: more waiting only happens through a
# proxy's many connections (one address holds at most connections_per_address), refused
LONGEST_WAIT = 2.0


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def client_key(scope: Scope) -> str:
    """Who the client is, for the limits: its address, an IPv6 one by its /64."""
    return address_key(client_address(scope))


def check_origin(origin: str) -> str:
    """An ``--allow-origin`` value: ``http(s)://host[:port]``, nothing after it."""
    parts = urlsplit(origin)
    try:
        parts.port  # noqa: B018 (reading it checks it)
    except ValueError:
        parts = urlsplit("")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path.strip("/")
        or parts.query
        or parts.fragment
    ):
        # TRANSLATORS: {origin} is the value as typed, quoted; http://HOST[:PORT] and
        # https://... are notation, kept as they are
        unread = said(
            "--allow-origin {origin}: write http://HOST[:PORT] or https://...",
            origin=repr(origin),
        )
        raise saying(OptionError, unread)
    return f"{parts.scheme}://{parts.netloc}".lower()


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def server_hosts(scope: Scope) -> set[str]:
    """The ``Host`` values that name the address this request came in on."""
    server = scope.get("server")
    if not server:
        return set()
    host, port = str(server[0]), server[1]
    names = {f"[{host}]" if ":" in host else host}
    if is_loopback(host):
        names |= {"localhost", "127.0.0.1", "[::1]"}
    default = 443 if scope.get("scheme") in ("https", "wss") else 80
    with_port = {f"{name}:{port}" for name in names}
    return with_port | (names if port in (None, default) else set())


class Guard:
    def __init__(
        self,
        app: ASGIApp,
        limits: Limits,
        allowed_origins: Iterable[str],
        doorman: Doorman | None = None,
        fleet: Fleet | None = None,
    ) -> None:
        self.app = app
        self.pace = Pace(
            limits.requests_per_second, limits.request_burst, LONGEST_WAIT, fleet=fleet
        )
        self.body_bytes = limits.body_bytes
        self.body_seconds, self.body_rate = limits.body_seconds, limits.body_rate
        self.doorman = doorman
        self.origins = {check_origin(origin) for origin in allowed_origins}
        self.hosts = {urlsplit(origin).netloc for origin in self.origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        door = CURRENT.get() if self.doorman is not None else None
        if door is None or self.doorman is None:
            await self.guard(scope, receive, send)
            return
        self.doorman.began(door, client_address(scope))
        try:
            if await self.paced(scope):
                await self.guard(scope, receive, send)
            else:
                await refuse(
                    scope, send, 429, said("too many requests from your address; wait a moment")
                )
        finally:
            self.doorman.ended(door)

    async def paced(self, scope: Scope) -> bool:
        """Whether the request may be served, once its address's turn came."""
        wait = self.pace.wait(client_key(scope))
        if wait:
            await asyncio.sleep(wait)
        return wait is not None

    async def guard(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        problem = self.problem(scope, headers)
        if problem is None and scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            try:
                problem, receive = await self.read_body(headers, receive)
            except TimeoutError:
                problem = (408, self.too_slow())
        if problem is not None:
            await refuse(scope, send, *problem)
            return
        await self.app(scope, receive, with_headers(send) if scope["type"] == "http" else send)

    def problem(self, scope: Scope, headers: Headers) -> tuple[int, Said] | None:
        host = headers.get("host", "").lower()
        if host not in self.hosts and host not in server_hosts(scope):
            if not host:
                return 421, said(
                    "this server does not serve a request without Host: start it with "
                    "--allow-origin for the address people use"
                )
            # TRANSLATORS: {host} is the address the request named; --allow-origin is an
            # option of `pegrace serve`, as typed
            return 421, said(
                "this server does not serve {host}: start it with --allow-origin for the "
                "address people use",
                host=host,
            )
        checked = scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS
        origin = headers.get("origin")
        if checked and origin is not None and not self.same_site(origin.lower(), host):
            return 403, said("requests from pages of {origin} are refused", origin=origin)
        return None

    def same_site(self, origin: str, host: str) -> bool:
        return origin in self.origins or origin in (f"http://{host}", f"https://{host}")

    async def read_body(
        self, headers: Headers, receive: Receive
    ) -> tuple[tuple[int, Said] | None, Receive]:
        """The whole body, read now (at most ``body_bytes``), and a receive that replays it."""
        too_big = (413, said_n(
            "a request body may hold at most {count} byte",
            "a request body may hold at most {count} bytes",
            self.body_bytes,
        ))  # fmt: skip
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.body_bytes):
            return too_big, receive
        body = await self.receive_body(receive)
        if body is None:
            return (400, said("the request ended before its body")), receive
        if len(body) > self.body_bytes:
            return too_big, receive
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if body.strip() and kind != "application/json":
            return (400, said("send the body as JSON (Content-Type: application/json)")), receive
        return None, replay(body, receive)

    async def receive_body(self, receive: Receive) -> bytes | None:
        """The body's bytes, no more once past ``body_bytes`` (None: the client went first);
        TimeoutError past ``body_deadline``."""
        body = bytearray()
        started = asyncio.get_running_loop().time()
        async with asyncio.timeout(None) as deadline:
            while len(body) <= self.body_bytes:
                deadline.reschedule(self.body_deadline(started, len(body)))
                message = await receive()
                if message["type"] != "http.request":
                    return None
                body += message.get("body", b"")
                if not message.get("more_body", False):
                    break
        return bytes(body)

    def body_deadline(self, started: float, received: int) -> float:
        """When a body begun at ``started`` must be whole, ``received`` bytes of it come: the
        grace, and a second more for every ``body_rate`` bytes. A deadline restarted at each
        byte would hold a connection for good on a byte every few seconds; this one runs out
        unless the body averages ``body_rate`` bytes a second past the grace."""
        earned = received / self.body_rate if self.body_rate > 0 else 0.0
        return started + self.body_seconds + earned

    def too_slow(self) -> Said:
        seconds, rate = f"{self.body_seconds:g}", f"{self.body_rate:g}"
        if self.body_rate <= 0:
            # TRANSLATORS: {seconds} is a number of seconds ("10")
            return said("the request body did not come within {seconds} s", seconds=seconds)
        # TRANSLATORS: {seconds} is a number of seconds ("10"), {rate} of bytes ("500")
        return said(
            "the request body came too slowly: after {seconds} s, at least {rate} bytes a second",
            seconds=seconds,
            rate=rate,
        )


def replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def again() -> Message:
        nonlocal sent
        if sent:
            return await receive()  # what follows the body: a disconnect
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again


def with_headers(send: Send) -> Send:
    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
        await send(message)

    return send_with_headers


async def refuse(scope: Scope, send: Send, status: int, words: Said) -> None:
    if scope["type"] == "websocket":
        reason = str(words)[:120]  # a close's reason is short: English, for developers
        await send({"type": "websocket.close", "code": REFUSED_SOCKET, "reason": reason})
        return
    body = json.dumps(error_body(words)).encode()
    headers = [
        (b"content-type", b"application/json"),
        *SECURITY_HEADERS,
        (b"content-length", str(len(body)).encode()),
        *([(b"connection", b"close")] if status in CLOSING else []),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
