"""What every request must pass before the app sees it, and what every answer carries.

- ``Host`` must name this server (the address it serves, or an ``--allow-origin``): a page
  of another site whose name was pointed at this machine (DNS rebinding) is refused.
- A WebSocket, or a request that changes something (any method but GET and HEAD), from a
  page of another origin is refused: another site's page cannot act for a visitor who
  holds seat tokens here. Clients that are not browsers send no ``Origin`` and pass.
- A request body is JSON of at most ``body_bytes``, read whole before the app sees it, within
  ``request_seconds`` (a body trickled a byte at a time is cut off with 408).
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

from pegrace.errors import OptionError
from pegrace.web.connections import CURRENT, Doorman
from pegrace.web.limits import address_key

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
REFUSED_SOCKET = 4403  # close code of a refused WebSocket handshake (an HTTP 403)


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
        raise OptionError(f"--allow-origin {origin!r}: write http://HOST[:PORT] or https://...")
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
        body_bytes: int,
        allowed_origins: Iterable[str],
        doorman: Doorman | None = None,
        body_seconds: float = 10.0,
    ) -> None:
        self.app = app
        self.body_bytes = body_bytes
        self.body_seconds = body_seconds
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
            await self.guard(scope, receive, send)
        finally:
            self.doorman.ended(door)

    async def guard(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        problem = self.problem(scope, headers)
        if problem is None and scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            try:
                async with asyncio.timeout(self.body_seconds):
                    problem, receive = await self.read_body(headers, receive)
            except TimeoutError:
                problem = (408, f"the request body did not come within {self.body_seconds:g} s")
        if problem is not None:
            await refuse(scope, send, *problem)
            return
        await self.app(scope, receive, with_headers(send) if scope["type"] == "http" else send)

    def problem(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        host = headers.get("host", "").lower()
        if host not in self.hosts and host not in server_hosts(scope):
            return 421, (
                f"this server does not serve {host or 'a request without Host'}: "
                "start it with --allow-origin for the address people use"
            )
        checked = scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS
        origin = headers.get("origin")
        if checked and origin is not None and not self.same_site(origin.lower(), host):
            return 403, f"requests from pages of {origin} are refused"
        return None

    def same_site(self, origin: str, host: str) -> bool:
        return origin in self.origins or origin in (f"http://{host}", f"https://{host}")

    async def read_body(
        self, headers: Headers, receive: Receive
    ) -> tuple[tuple[int, str] | None, Receive]:
        """The whole body, read now (at most ``body_bytes``), and a receive that replays it."""
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.body_bytes):
            return (413, f"a request body may hold at most {self.body_bytes} bytes"), receive
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return (400, "the request ended before its body"), receive
            body += message.get("body", b"")
            if len(body) > self.body_bytes:
                return (413, f"a request body may hold at most {self.body_bytes} bytes"), receive
            if not message.get("more_body", False):
                break
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if body.strip() and kind != "application/json":
            return (400, "send the body as JSON (Content-Type: application/json)"), receive
        return None, replay(bytes(body), receive)


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


async def refuse(scope: Scope, send: Send, status: int, text: str) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": REFUSED_SOCKET, "reason": text[:120]})
        return
    body = json.dumps({"error": text}).encode()
    headers = [
        (b"content-type", b"application/json"),
        *SECURITY_HEADERS,
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
