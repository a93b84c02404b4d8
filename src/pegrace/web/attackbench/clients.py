"""The attack benchmark's small clients: a keep-alive HTTP/1.1 connection and a WebSocket on
asyncio's transport callbacks, used by the victims and the attacks alike; here, apart, because
the benchmark depends on nothing but the server's own dependencies, so it speaks both itself.
Each counts what the server's limits do to it: refusals apart from errors."""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import os
from typing import Any, cast

import orjson

from pegrace.errors import PegraceError, saying
from pegrace.i18n import said
from pegrace.web.loadbench import HOST

REFUSED_STATUS = (408, 429, 503)  # HTTP answers that hold a client off
REFUSED_CLOSE = (1013, 4408, 4429, 4503)  # WebSocket close codes that do
# errors that say a limit was reached (or, "say hello first", that a hello was refused)
LIMIT_WORDS = (b"slow down", b"at most", b"too many", b"wait", b"say hello first")


def usable_address(address: str) -> str:
    """``address`` if a socket can be bound to it here, else 127.0.0.1 (macOS binds no other
    loopback address)."""
    import socket  # here: the Socket class's own sockets are named socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return HOST
    return address


def spread_addresses(first: str, count: int) -> list[str]:
    """``count`` addresses of ``first``'s /24 network, from ``first`` on (or from lower down,
    where they would run past the network's last address): one attacker seen as many
    clients of one network. Where they cannot be bound, 127.0.0.1 each."""
    network = ipaddress.IPv4Network((first, 24), strict=False)
    start = min(int(ipaddress.IPv4Address(first)), int(network.broadcast_address) - count)
    return [usable_address(str(ipaddress.IPv4Address(start + n))) for n in range(count)]


class Refused(PegraceError):
    """The server turned a connection away (an HTTP status, a close code, a reset)."""


class Http:
    """One keep-alive HTTP/1.1 connection to the server, reopened when the server closes it
    (the benchmark depends on nothing but the server's own dependencies)."""

    def __init__(self, port: int, local: str, timeout: float = 30.0) -> None:
        self.port, self.local, self.timeout = port, local, timeout
        self.named = HOST  # the server's name in the Host header (passkeys want localhost)
        self.cookie = b""  # the last cookie the server set, sent back (a profile's session)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        """The answer's status and body; ConnectionError if there is none (in time)."""
        data = None if body is None else orjson.dumps(body)
        for attempt in (1, 2):
            reused = self.writer is not None
            try:
                async with asyncio.timeout(self.timeout):
                    return await self._exchange(method, path, data)
            except (OSError, EOFError, ValueError, IndexError) as err:  # ValueError: not HTTP
                self.close()
                if not (reused and attempt == 1 and isinstance(err, EOFError)):
                    raise ConnectionError(f"{type(err).__name__}: {err}") from None
            except BaseException:
                self.close()
                raise
        raise AssertionError("unreachable")

    async def _exchange(self, method: str, path: str, data: bytes | None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                HOST, self.port, local_addr=(self.local, 0)
            )
        assert self.reader is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.named}:{self.port}\r\n"
        if self.cookie:
            head += f"Cookie: {self.cookie.decode()}\r\n"
        if data is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + (data or b""))
        line = await self.reader.readline()
        if not line:
            raise EOFError("the server closed the connection")
        status = int(line.split()[1])
        length, chunked, close = 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"set-cookie":
                self.cookie = value.strip().split(b";")[0]
            name, value = name.strip().lower(), value.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value
            elif name == b"connection":
                close = value == b"close"
        if chunked:
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append(await self.reader.readexactly(size + 2))
            await self.reader.readline()
            content = b"".join(part[:-2] for part in parts)
        else:
            content = await self.reader.readexactly(length)
        if close:
            self.close()
        return status, content

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def masked(payload: bytes, key: bytes) -> bytes:
    n = len(payload)
    repeated = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big")


class Socket(asyncio.Protocol):
    """A WebSocket client on asyncio's transport callbacks: answers pings, counts the text
    messages it is sent (and those that are errors), keeps them where ``keep`` (the victims)
    and only counts them otherwise (an attacker, sent thousands a second), cheaply."""

    def __init__(self, port: int, path: str, keep: bool = False) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[int] = loop.create_future()  # the close code (1006: none)
        self.messages: asyncio.Queue[bytes | None] | None = asyncio.Queue() if keep else None
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.fragments: list[bytes] = []
        self.upgraded = False
        self.close_code: int | None = None
        self.received = 0  # text messages
        self.errors = 0  # of them, {"type": "error"}, but for
        self.refusals = 0  # errors that say a limit was reached ("slow down", "at most")

    @classmethod
    async def open(
        cls, port: int, path: str, local: str, keep: bool = False, timeout: float = 10.0
    ) -> Socket:
        """A socket whose handshake has succeeded; Refused (or OSError) if it did not."""
        loop = asyncio.get_running_loop()
        socket = cls(port, path, keep)
        try:
            async with asyncio.timeout(timeout):
                await loop.create_connection(lambda: socket, HOST, port, local_addr=(local, 0))
                await socket.opened
        except BaseException:
            socket.abort()
            raise
        return socket

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        if not self.opened.done():
            closed = said("the server closed the connection")
            self.opened.set_exception(saying(Refused, closed))
        if not self.closed.done():
            self.closed.set_result(self.close_code or 1006)
        if self.messages is not None:
            self.messages.put_nowait(None)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status_line = bytes(self.buffer[: self.buffer.find(b"\r\n")])
            del self.buffer[: end + 4]
            parts = status_line.split()
            status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
            if status != 101:
                # TRANSLATORS: an HTTP status, as a refusal ("HTTP 429")
                self.opened.set_exception(saying(Refused, said("HTTP {status}", status=status)))
                self.abort()
                return
            self.upgraded = True
            self.opened.set_result(None)
        self._frames()

    def _frames(self) -> None:
        buffer, pos, size = self.buffer, 0, len(self.buffer)
        while size - pos >= 2:
            first, second = buffer[pos], buffer[pos + 1]
            length, head = second & 0x7F, 2
            if length == 126:
                if size - pos < 4:
                    break
                length, head = int.from_bytes(buffer[pos + 2 : pos + 4], "big"), 4
            elif length == 127:
                if size - pos < 10:
                    break
                length, head = int.from_bytes(buffer[pos + 2 : pos + 10], "big"), 10
            start, end = pos + head, pos + head + length
            if end > size:
                break
            opcode = first & 0x0F
            if opcode in (0, 1):  # text, or a continuation
                if self.messages is not None:
                    self.fragments.append(bytes(buffer[start:end]))
                if first & 0x80:
                    self.received += 1
                    if buffer.startswith(b'{"type":"error"', start):
                        text = bytes(buffer[start:end])
                        if any(word in text for word in LIMIT_WORDS):
                            self.refusals += 1
                        else:
                            self.errors += 1
                    if self.messages is not None:
                        self.messages.put_nowait(b"".join(self.fragments))
                        self.fragments = []
            elif opcode == 8:  # close: answer it and go
                payload = bytes(buffer[start:end])
                self.close_code = int.from_bytes(payload[:2], "big") if length >= 2 else 1005
                self._send(8, payload[:2])
                if self.transport is not None:
                    self.transport.close()
            elif opcode == 9:  # ping
                self._send(10, bytes(buffer[start:end]))
            pos = end
        del buffer[:pos]

    def send(self, text: bytes) -> bool:
        """Send a text message; False if the socket has gone."""
        return self._send(1, text)

    def _send(self, opcode: int, payload: bytes) -> bool:
        if self.transport is None or self.transport.is_closing():
            return False
        n = len(payload)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        elif n < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
        key = os.urandom(4)
        self.transport.write(head + key + masked(payload, key))
        return True

    def close(self) -> None:
        if self._send(8, (1000).to_bytes(2, "big")) and self.transport is not None:
            self.transport.close()

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()


def close_reason(code: int) -> tuple[bool, str]:
    """(refused, what) of a socket the server closed with ``code``."""
    return code in REFUSED_CLOSE, f"closed {code}"
