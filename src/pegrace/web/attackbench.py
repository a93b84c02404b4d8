"""Attack benchmark of the web server (`pegrace bench-web --attack NAME`; a measurement, not a
test).

For each attack it starts `pegrace serve` in a process of its own, as loadbench.py does
(127.0.0.1, a throw-away store, ``--computer-delay 0`` so that a computer's reply time is the
server's own), but with every ``--limit`` at its default: the limits are what is measured.
Victim games are played throughout at a person's pace (an action every 100-300 ms): games of
two people (each seat on a WebSocket of its own) and games of a person against
``computer:medium``. Three phases of ``seconds`` each follow: ``quiet`` (no attack),
``attack`` (one attacker process attacking the same server) and ``after`` (the attacker gone:
does the server recover?). Each reports the victims' answer times (an action sent -> the state
it caused received), the computer's reply times (the state where the computer is due to act
received -> the state showing its roll or move received), what the attack achieved, and the
server's CPU seconds (its worker processes included).

Addresses: the victims connect from 127.0.0.2 and the attacker from 127.0.0.3 (loopback
addresses Linux routes to the server's 127.0.0.1), so the server's per-address limits tell
them apart as they would tell a real attacker from other people, and neither is 127.0.0.1, the
address the server trusts as a reverse proxy (docs/web.md); ``--attacker-address 127.0.0.1``
attacks as that proxy would. Where such an address cannot be bound (macOS), 127.0.0.1 is
used. Nothing here reaches beyond this machine.

The attacker runs in a process of its own (``python -m pegrace.web.attackbench``), driven
through its standard input (``go``, then ``stop``; end of input stops it too, so it ends with
the benchmark however that ends) and answering on its standard output, one JSON line each.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import ipaddress
import math
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

import orjson

from pegrace.errors import OptionError, PegraceError
from pegrace.web.attacks import ATTACKS
from pegrace.web.loadbench import (
    HOST,
    die_with_parent,
    percentile,
    run_loop,
    signals_held,
    start_server,
    stop_server,
    tree_cpu_seconds,
    wait_until_up,
)
from pegrace.web.server import free_port

PHASES = ("quiet", "attack", "after")
VICTIM_ADDRESS = "127.0.0.2"
ATTACKER_ADDRESS = "127.0.0.3"
TWO_PEOPLE, VS_COMPUTER = "two people", "person v computer"
VICTIM_COMPUTER = "computer:medium"
VICTIM_TABLES = {TWO_PEOPLE: 2, VS_COMPUTER: 2}
PACE = (0.1, 0.3)  # seconds a victim waits before acting: a person's pace
ANSWER_TARGET = 0.100  # seconds: the targets for the p95 under every attack
COMPUTER_TARGET = 2.0
REFUSED_STATUS = (408, 429, 503)  # HTTP answers that hold a client off
REFUSED_CLOSE = (1013, 4408, 4429, 4503)  # WebSocket close codes that do
# errors that say a limit was reached (or, "say hello first", that a hello was refused)
LIMIT_WORDS = (b"slow down", b"at most", b"too many", b"wait", b"say hello first")
SETUP_SECONDS = 180.0  # the attacker's setup (a whole computer game for replay) at most
GRACE_SECONDS = 10.0  # after the last phase: victims' answers still awaited this long
NAME_RATE = 45.0  # messages a second on each of the names attack's sockets
NAME_SOCKETS = 32
DEFAULT_CONNECTIONS = 5000
REOPEN = 100  # raw connections opened again a second, at most, as the server closes them


class Refused(PegraceError):
    """The server turned a connection away (an HTTP status, a close code, a reset)."""


def usable_address(address: str) -> str:
    """``address`` if a socket can be bound to it here, else 127.0.0.1."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return HOST
    return address


def raise_open_files_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 1 << 20)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# ---------------------------------------------------------------------- a small HTTP client
class Http:
    """One keep-alive HTTP/1.1 connection to the server, reopened when the server closes it
    (the benchmark depends on nothing but the server's own dependencies)."""

    def __init__(self, port: int, local: str, timeout: float = 30.0) -> None:
        self.port, self.local, self.timeout = port, local, timeout
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
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
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


# ---------------------------------------------------------------------- a small WebSocket client
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
            self.opened.set_exception(Refused("the server closed the connection"))
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
                self.opened.set_exception(Refused(f"HTTP {status}"))
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


# ---------------------------------------------------------------------- victims
@dataclass
class VictimTally:
    answers: list[tuple[float, float]] = field(default_factory=list)  # (sent at, seconds)
    computer: list[tuple[float, float]] = field(default_factory=list)  # (due at, seconds)
    unanswered: list[tuple[str, float]] = field(default_factory=list)  # (kind, since)
    incidents: list[tuple[float, str]] = field(default_factory=list)  # (when, what)
    games_started: int = 0
    games_finished: int = 0


class Victims:
    """Victim games played throughout, at a person's pace, from ``local``."""

    def __init__(self, port: int, seed: int, local: str) -> None:
        self.port, self.seed, self.local = port, seed, local
        self.tally = VictimTally()
        self.acting = True  # False: no new actions (the last phase is over)
        self.stopping = False
        self.seats: set[VictimSeat] = set()
        self.tasks: list[asyncio.Task[None]] = []
        self.ready = 0
        self.games = 0

    def incident(self, what: str) -> None:
        self.tally.incidents.append((time.perf_counter(), what))

    async def start(self) -> None:
        """Set every table up and wait for each seat's first state."""
        tables = [(kind, n) for kind, count in VICTIM_TABLES.items() for n in range(count)]
        self.tasks = [asyncio.create_task(self.table(kind, n)) for kind, n in tables]
        seats = sum(2 if kind == TWO_PEOPLE else 1 for kind, _ in tables)
        deadline = time.perf_counter() + 30
        while self.ready < seats:
            failed = next((t for t in self.tasks if t.done()), None)
            if failed is not None:
                failed.result()
                raise PegraceError("a victim table stopped before it played")
            if time.perf_counter() > deadline:
                raise PegraceError(
                    f"only {self.ready} of {seats} victim seats were set up within 30 s"
                )
            await asyncio.sleep(0.02)

    async def table(self, kind: str, number: int) -> None:
        rng = random.Random(f"{self.seed}:victims:{kind}:{number}")
        while not self.stopping:
            game = await self.new_game(kind)
            if game is None:
                await asyncio.sleep(1.0)
                continue
            tally = self.tally
            tally.games_started += 1
            computer = "green" if kind == VS_COMPUTER else None
            seats = [
                VictimSeat(self, game["id"], colour, token, computer, rng)
                for colour, token in game["tokens"].items()
            ]
            over = await asyncio.gather(*(seat.play() for seat in seats))
            if any(over):
                tally.games_finished += 1

    async def new_game(self, kind: str) -> dict[str, Any] | None:
        seats = {"red": "human", "green": "human" if kind == TWO_PEOPLE else VICTIM_COMPUTER}
        self.games += 1
        body = {
            "game": "trouble",
            "seats": seats,
            "idle_seconds": 0,
            "seed": self.seed * 1_000_003 + self.games,
        }
        http = Http(self.port, self.local)
        try:
            status, answer = await http.request("POST", "/api/games", body)
        except ConnectionError as err:
            self.incident(f"new game: {err}")
            return None
        finally:
            http.close()
        if status != 201:
            self.incident(
                f"new game: refused {status}"
                if status in REFUSED_STATUS
                else f"new game: HTTP {status}"
            )
            return None
        game: dict[str, Any] = orjson.loads(answer)
        return game

    def stop_acting(self) -> None:
        self.acting = False

    def waiting(self) -> bool:
        """Some action or computer reply is still awaited."""
        return any(seat.sent_at is not None or seat.due_at is not None for seat in self.seats)

    async def stop(self) -> None:
        """Stop: what is still awaited is unanswered; every socket is closed."""
        self.stopping = True
        for seat in list(self.seats):
            if seat.sent_at is not None:
                self.tally.unanswered.append(("answer", seat.sent_at))
            if seat.due_at is not None:
                self.tally.unanswered.append(("computer", seat.due_at))
            seat.sent_at = seat.due_at = None
            seat.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


class VictimSeat:
    """One person's seat on a WebSocket of its own: acts at a person's pace when its colour is
    to act, timing each action's answer; the seat facing the computer times its replies."""

    def __init__(
        self,
        victims: Victims,
        game_id: str,
        colour: str,
        token: str,
        computer: str | None,
        rng: random.Random,
    ) -> None:
        self.victims = victims
        self.game_id, self.colour, self.token, self.computer = game_id, colour, token, computer
        self.rng = rng
        self.socket: Socket | None = None
        self.sent_at: float | None = None  # an action awaiting its state
        self.sent_seq = 0
        self.due_at: float | None = None  # the computer is due to act since
        self.due_seq = 0
        self.seq = -1  # the newest state's
        self.counted = False  # this seat's first state has come (Victims.ready)
        self.timer: asyncio.TimerHandle | None = None

    async def play(self) -> bool:
        """Play until the game is over (True) or the victims stop (False)."""
        victims = self.victims
        victims.seats.add(self)
        try:
            while not victims.stopping:
                try:
                    self.socket = await Socket.open(
                        victims.port, f"/ws/{self.game_id}", victims.local, keep=True
                    )
                except (Refused, OSError, TimeoutError) as err:
                    victims.incident(
                        f"refused: {err}"
                        if isinstance(err, Refused)
                        else f"cannot connect: {type(err).__name__}"
                    )
                    await asyncio.sleep(1.0)
                    continue
                self.seq = -1  # the hello's state is acted on, even if seen before the drop
                self.socket.send(orjson.dumps({"type": "hello", "tokens": [self.token]}))
                if await self.read(self.socket):
                    return True
                if victims.stopping:
                    break
                code = self.socket.close_code or 1006
                refused, what = close_reason(code)
                victims.incident(("refused: " if refused else "dropped: ") + what)
                await asyncio.sleep(0.5)  # as the page does, then hello again
            return False
        finally:
            self.close()
            victims.seats.discard(self)

    async def read(self, socket: Socket) -> bool:
        """Handle the socket's messages until it closes (False) or the game is over (True)."""
        assert socket.messages is not None
        while (text := await socket.messages.get()) is not None:
            message = orjson.loads(text)
            kind = message.get("type")
            if kind == "error":
                self.victims.incident(f"error: {str(message.get('message'))[:80]}")
            elif kind == "state" and self.on_state(message):
                return True
        return False

    def on_state(self, state: dict[str, Any]) -> bool:
        now = time.perf_counter()
        tally = self.victims.tally
        seq, current = state["seq"], state["current"]
        if not self.counted:
            self.counted = True
            self.victims.ready += 1
        if seq <= self.seq:
            return False
        self.seq = seq
        if self.sent_at is not None and seq > self.sent_seq:
            tally.answers.append((self.sent_at, now - self.sent_at))
            self.sent_at = None
        if self.computer is not None:
            if self.due_at is not None and seq > self.due_seq:
                tally.computer.append((self.due_at, now - self.due_at))
                self.due_at = None
            if current == self.computer and state["phase"] != "over" and self.due_at is None:
                self.due_at, self.due_seq = now, seq
        if state["phase"] == "over":
            return True
        if current == self.colour and not state["forced_pass"] and self.sent_at is None:
            if self.timer is not None:
                self.timer.cancel()
            delay = self.rng.uniform(*PACE)
            self.timer = asyncio.get_running_loop().call_later(delay, self.act, state)
        return False

    def act(self, state: dict[str, Any]) -> None:
        self.timer = None
        socket = self.socket
        if not self.victims.acting or socket is None or state["seq"] != self.seq:
            return
        if state["phase"] == "move":
            move = self.rng.choice(state["moves"])["text"]
            message = orjson.dumps({"type": "move", "move": move})
        else:
            message = b'{"type":"roll"}'
        if socket.send(message):
            self.sent_at, self.sent_seq = time.perf_counter(), self.seq

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.socket is not None:
            self.socket.close()


# ---------------------------------------------------------------------- attacks
@dataclass
class Counts:
    """What an attack achieved."""

    sent: int = 0
    ok: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)  # seconds, each HTTP answer
    notes: dict[str, Any] = field(default_factory=dict)

    def status(self, status: int) -> None:
        if 200 <= status < 300:
            self.ok += 1
        elif status in REFUSED_STATUS:
            self.refused[f"HTTP {status}"] += 1
        else:
            self.errors[f"HTTP {status}"] += 1


class Attack:
    """One attack: ``setup`` before the clock starts, ``run`` until cancelled (``stop``)."""

    def __init__(self, port: int, seed: int, connections: int, local: str) -> None:
        self.port, self.seed, self.connections, self.local = port, seed, connections, local
        self.rng = random.Random(f"{seed}:attack")
        self.counts = Counts()
        self.https: list[Http] = []
        self.sockets: set[Socket] = set()
        self.stopping = False

    def http(self) -> Http:
        http = Http(self.port, self.local)
        self.https.append(http)
        return http

    async def new_game(self, seats: dict[str, str]) -> dict[str, Any]:
        http = self.http()
        body = {"game": "trouble", "seats": seats, "idle_seconds": 0}
        status, answer = await http.request("POST", "/api/games", body)
        if status != 201:
            raise PegraceError(f"the attack's game was refused: HTTP {status} {answer[:200]!r}")
        game: dict[str, Any] = orjson.loads(answer)
        return game

    async def setup(self) -> None:
        pass

    async def run(self) -> None:
        raise NotImplementedError

    async def hammer(self, clients: int, method: str, path: str, body: Callable[[], Any]) -> None:
        """``clients`` connections each sending the request as soon as the last is answered."""
        counts = self.counts

        async def client() -> None:
            http = self.http()
            while True:
                start = time.perf_counter()
                if await self.send(http, method, path, body(), 0.05) is not None:
                    counts.times.append(time.perf_counter() - start)

        await asyncio.gather(*(client() for _ in range(clients)))

    async def send(
        self, http: Http, method: str, path: str, body: Any, pause: float
    ) -> tuple[int, bytes] | None:
        """One request, counted once answered (or failed): its status and answer, or None if
        the connection failed (then after ``pause`` seconds)."""
        counts = self.counts
        try:
            status, answer = await http.request(method, path, body)
        except ConnectionError as err:
            counts.sent += 1
            counts.errors[str(err).split(":")[0]] += 1
            await asyncio.sleep(pause)
            return None
        counts.sent += 1
        counts.status(status)
        return status, answer

    def close(self) -> None:
        self.stopping = True
        for http in self.https:
            http.close()
        for socket in self.sockets:
            socket.abort()

    def result(self) -> dict[str, Any]:
        counts = self.counts
        times = counts.times
        return {
            "sent": counts.sent,
            "ok": counts.ok,
            "refused": sum(counts.refused.values()),
            "errors": sum(counts.errors.values()),
            "refused_by": dict(counts.refused.most_common()),
            "errors_by": dict(counts.errors.most_common(8)),
            "answer_ms": None
            if not times
            else {
                "median": round(percentile(times, 0.5) * 1000, 1),
                "p95": round(percentile(times, 0.95) * 1000, 1),
            },
            **counts.notes,
        }


class ReplayAttack(Attack):
    async def setup(self) -> None:
        colours = ("red", "yellow", "green", "blue")
        game = await self.new_game(dict.fromkeys(colours, "computer:random"))
        http, path = self.http(), f"/api/games/{game['id']}"
        # computers play only while somebody watches: watch until the game is over
        watcher = await Socket.open(self.port, f"/ws/{game['id']}", self.local)
        watcher.send(b'{"type":"hello","tokens":[]}')
        deadline = time.perf_counter() + SETUP_SECONDS
        while True:
            status, answer = await http.request("GET", path)
            state = orjson.loads(answer) if status == 200 else {}
            if state.get("phase") == "over":
                break
            if time.perf_counter() > deadline:
                raise PegraceError(f"the all-computer game was not over within {SETUP_SECONDS} s")
            await asyncio.sleep(0.5)
        watcher.close()
        self.path = f"{path}/replay"
        status, answer = await http.request("GET", self.path)
        self.counts.notes.update(game_events=state["seq"], replay_bytes=len(answer))

    async def run(self) -> None:
        await self.hammer(8, "GET", self.path, lambda: None)


class QrAttack(Attack):
    async def run(self) -> None:
        letters = "abcdefghijklmnopqrstuvwxyz0123456789"
        texts = ["".join(self.rng.choice(letters) for _ in range(512)) for _ in range(16)]
        await self.hammer(4, "POST", "/api/qr", lambda: {"text": self.rng.choice(texts)})


class ComputersAttack(Attack):
    async def created(self, game: dict[str, Any]) -> None:
        """A game the attack made (nobody connects to it)."""

    async def run(self) -> None:
        counts, http = self.counts, self.http()
        counts.notes["games_created"] = 0
        seats = dict.fromkeys(("red", "yellow", "green", "blue"), "computer:expert:ms=2000")
        body = {"game": "trouble", "seats": seats, "idle_seconds": 0}
        while True:
            sent = await self.send(http, "POST", "/api/games", body, 0.5)
            if sent is None:
                continue
            status, answer = sent
            if status == 201:
                counts.notes["games_created"] += 1
                await self.created(orjson.loads(answer))
            else:
                await asyncio.sleep(1.0)  # held off: try again now and then


class WatchedComputersAttack(ComputersAttack):
    """The computers attack, each game watched by one WebSocket of the attacker's (as many
    as the server lets one address hold): computers play only while somebody watches."""

    async def created(self, game: dict[str, Any]) -> None:
        notes = self.counts.notes
        notes.setdefault("games_watched", 0)
        try:
            socket = await Socket.open(self.port, f"/ws/{game['id']}", self.local)
        except (Refused, OSError, TimeoutError) as err:
            self.counts.refused[f"watcher: {err or type(err).__name__}"[:60]] += 1
            return
        socket.send(b'{"type":"hello","tokens":[]}')
        self.sockets.add(socket)
        notes["games_watched"] += 1


class NamesAttack(Attack):
    async def setup(self) -> None:
        game = await self.new_game({"red": "human", "green": "human"})
        self.path = f"/ws/{game['id']}"
        self.hello = orjson.dumps({"type": "hello", "tokens": [game["tokens"]["red"]]})
        self.counts.notes.update(sockets_opened=0, messages_received=0)

    async def run(self) -> None:
        await asyncio.gather(*(self.sender(n) for n in range(NAME_SOCKETS)))

    async def sender(self, number: int) -> None:
        counts, loop = self.counts, asyncio.get_running_loop()
        sent = 0
        while True:
            try:
                socket = await Socket.open(self.port, self.path, self.local)
            except (Refused, OSError, TimeoutError) as err:
                what = str(err) if isinstance(err, Refused) else type(err).__name__
                (counts.refused if isinstance(err, Refused) else counts.errors)[what] += 1
                await asyncio.sleep(1.0)
                continue
            counts.notes["sockets_opened"] += 1
            self.sockets.add(socket)
            start, ticks = loop.time(), 0
            try:
                while not socket.closed.done():
                    if sent % 10 == 0:
                        message = self.hello
                    else:
                        name = f"n{number}x{sent}"[-20:]
                        message = orjson.dumps({"type": "name", "name": name})
                    if not socket.send(message):
                        break
                    sent += 1
                    counts.sent += 1
                    ticks += 1
                    await asyncio.sleep(max(0.0, start + ticks / NAME_RATE - loop.time()))
            finally:
                self.sockets.discard(socket)
                counts.notes["messages_received"] += socket.received
                counts.errors["error messages"] += socket.errors
                counts.refused["error messages: slow down"] += socket.refusals
                counts.ok += ticks - socket.errors - socket.refusals
                socket.abort()
            code = socket.close_code or 1006
            refused, what = close_reason(code)
            (counts.refused if refused else counts.errors)[what] += 1
            await asyncio.sleep(1.0)

    def result(self) -> dict[str, Any]:
        for socket in self.sockets:  # the sockets still open at the stop
            self.counts.notes["messages_received"] += socket.received
            self.counts.errors["error messages"] += socket.errors
            self.counts.refused["error messages: slow down"] += socket.refusals
            self.counts.ok -= socket.errors + socket.refusals
        self.counts.ok = max(0, self.counts.ok)
        return super().result()


class Held(asyncio.Protocol):
    """A raw TCP connection the attack holds open (slowloris, idle), noticing when the server
    answers or closes it."""

    def __init__(self, attack: ConnectionsAttack, kind: str) -> None:
        self.attack, self.kind = attack, kind
        self.transport: asyncio.Transport | None = None
        self.opened = time.perf_counter()
        self.answer = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.opened = time.perf_counter()
        self.attack.held.add(self)

    def data_received(self, data: bytes) -> None:
        if not self.answer:
            self.answer = data[:12]

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        attack = self.attack
        attack.held.discard(self)
        if attack.stopping:
            return
        lived = time.perf_counter() - self.opened
        attack.lifetimes.append(lived)
        status = self.answer[9:12].decode(errors="replace") if self.answer else ""
        when = "closed at once" if lived < 1.0 else "closed later"
        answer = f"HTTP {status}" if status else "no answer"
        attack.counts.refused[f"{self.kind}: {when} ({answer})"] += 1

    def write(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)


class ConnectionsAttack(Attack):
    """An attack by connections held open: counts them and how long the server let them be."""

    def __init__(self, port: int, seed: int, connections: int, local: str) -> None:
        super().__init__(port, seed, connections, local)
        self.held: set[Held] = set()
        self.lifetimes: list[float] = []
        self.peak = 0  # raw connections held a second or more, at most (sampled)

    async def connect(self, kind: str) -> Held | None:
        """A raw TCP connection (counted in ``sent``), None where it was not made."""
        counts, loop = self.counts, asyncio.get_running_loop()
        counts.sent += 1
        try:
            async with asyncio.timeout(5.0):
                _, held = await loop.create_connection(
                    lambda: Held(self, kind), HOST, self.port, local_addr=(self.local, 0)
                )
        except TimeoutError:
            counts.refused[f"{kind}: connect timed out"] += 1
            return None
        except ConnectionRefusedError:
            counts.refused[f"{kind}: connection refused"] += 1
            return None
        except OSError as err:
            counts.errors[f"{kind}: {err.strerror or type(err).__name__}"] += 1
            return None
        return held

    async def open_many(self, kinds: list[str], total: int, first: Callable[[Held], None]) -> None:
        """Open ``total`` raw connections, ``kinds`` in turn, 200 at a time; then, once a
        second, open again (at most REOPEN) as many as the server has closed."""
        opened = 0
        while True:
            held = sum(1 for h in self.held if h.kind in kinds)
            batch = min(200 if opened < total else REOPEN, total - held)
            made = await asyncio.gather(
                *(self.connect(kinds[(opened + i) % len(kinds)]) for i in range(batch))
            )
            for connection in made:
                if connection is not None:
                    first(connection)
            opened += batch
            if any(k.endswith("Too many open files") for k in self.counts.errors):
                return  # this process cannot hold more
            await asyncio.sleep(0.05 if opened < total else 1.0)
            now = time.perf_counter()
            self.peak = max(self.peak, sum(1 for h in self.held if now - h.opened >= 1.0))

    def close(self) -> None:
        super().close()
        for held in list(self.held):
            if held.transport is not None:
                held.transport.abort()

    def result(self) -> dict[str, Any]:
        # held: open at the stop, or closed by the server only after a second or more
        later = [s for s in self.lifetimes if s >= 1.0]
        self.counts.ok += len(self.held) + len(later)
        self.counts.notes.update(
            peak_held=self.peak,
            held_at_stop=len(self.held) + len(self.sockets),
            closed_at_once=len(self.lifetimes) - len(later),
            closed_later=len(later),
            closed_later_after_s=None
            if not later
            else {"median": round(percentile(later, 0.5), 1), "max": round(max(later), 1)},
        )
        return super().result()


class IdleAttack(ConnectionsAttack):
    async def setup(self) -> None:
        game = await self.new_game({"red": "human", "green": "human"})
        self.path = f"/ws/{game['id']}"
        self.counts.notes.update(websockets_held_peak=0)

    async def run(self) -> None:
        turned_away = asyncio.Event()
        await asyncio.gather(self.websockets(turned_away), self.raw(turned_away))

    async def websockets(self, turned_away: asyncio.Event) -> None:
        """Open WebSockets, 50 at a time (every other one says hello as a watcher, then
        nothing), until the server refuses one; then one a second, holding all that stay open."""
        while len(self.sockets) < self.connections:
            batch = 1 if turned_away.is_set() else 50
            opened = await asyncio.gather(*(self.websocket(n % 2 == 0) for n in range(batch)))
            await asyncio.sleep(0.5)  # a refusal closes at once, after an error
            for socket in opened:
                if socket is None:
                    turned_away.set()
                elif socket.closed.done():
                    refused, what = close_reason(socket.closed.result())
                    (self.counts.refused if refused else self.counts.errors)[
                        f"websocket: {what}"
                    ] += 1
                    turned_away.set()
                else:
                    self.counts.ok += 1
                    self.sockets.add(socket)
                    socket.closed.add_done_callback(functools.partial(self.lost, socket))
            peak = max(self.counts.notes["websockets_held_peak"], len(self.sockets))
            self.counts.notes["websockets_held_peak"] = peak
            if turned_away.is_set():
                await asyncio.sleep(0.5)

    async def websocket(self, hello: bool) -> Socket | None:
        counts = self.counts
        counts.sent += 1
        try:
            socket = await Socket.open(self.port, self.path, self.local)
        except (Refused, OSError, TimeoutError) as err:
            what = str(err) if isinstance(err, Refused) else type(err).__name__
            (counts.refused if isinstance(err, Refused) else counts.errors)[
                f"websocket: {what}"
            ] += 1
            return None
        if hello:
            socket.send(b'{"type":"hello","tokens":[]}')
        return socket

    def lost(self, socket: Socket, closed: object) -> None:
        """A held socket the server closed: held off too, whatever its close code."""
        self.sockets.discard(socket)
        if not self.stopping:
            _, what = close_reason(socket.close_code or 1006)
            self.counts.refused[f"websocket held: {what}"] += 1

    async def raw(self, turned_away: asyncio.Event) -> None:
        """Once the WebSockets are refused, idle raw TCP connections too."""
        await turned_away.wait()
        await self.open_many(["idle tcp"], self.connections, lambda held: None)
        await asyncio.Event().wait()


class SlowlorisAttack(ConnectionsAttack):
    KINDS = ("half line", "headers", "nothing", "trickled body")

    async def run(self) -> None:
        host = f"{HOST}:{self.port}"
        starts = {
            "half line": b"GET /api/cat",
            "headers": f"GET /api/catalog HTTP/1.1\r\nHost: {host}\r\nUser-Agent: x\r\n".encode(),
            "nothing": b"",
            "trickled body": (
                f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                "Content-Length: 4096\r\n\r\n"
            ).encode(),
        }

        def first(held: Held) -> None:
            held.write(starts[held.kind])

        trickle = asyncio.create_task(self.trickle())
        try:
            await self.open_many(list(self.KINDS), self.connections, first)
            await trickle
        finally:
            trickle.cancel()

    async def trickle(self) -> None:
        """A byte a second on every trickled body; a header line every 10 s on "headers"."""
        tick = 0
        while True:
            await asyncio.sleep(1.0)
            tick += 1
            for held in list(self.held):
                if held.kind == "trickled body":
                    held.write(b" ")
                elif held.kind == "headers" and tick % 10 == 0:
                    held.write(f"X-{tick}: {tick}\r\n".encode())


ATTACK_CLASSES: dict[str, type[Attack]] = {
    "replay": ReplayAttack,
    "qr": QrAttack,
    "computers": ComputersAttack,
    "computers-watched": WatchedComputersAttack,
    "names": NamesAttack,
    "idle": IdleAttack,
    "slowloris": SlowlorisAttack,
}


# ---------------------------------------------------------------------- the attacker process
def say(message: dict[str, Any]) -> None:
    sys.stdout.write(orjson.dumps(message).decode() + "\n")
    sys.stdout.flush()


async def attacker(name: str, port: int, seed: int, connections: int, local: str) -> None:
    """The attacker process's work: set up, say ready, attack from ``go`` until ``stop`` (or
    the end of its input), then say what it achieved."""
    loop = asyncio.get_running_loop()
    control = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(control), sys.stdin)
    attack = ATTACK_CLASSES[name](port, seed, connections, local)
    await attack.setup()
    say({"ready": True})
    if (await control.readline()).strip() != b"go":
        return
    say({"going": True})
    cpu, start = own_cpu(), time.perf_counter()
    running = asyncio.create_task(attack.run())
    stopped = asyncio.create_task(control.readline())
    await asyncio.wait({running, stopped}, return_when=asyncio.FIRST_COMPLETED)
    running.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        try:
            await running
        except Exception as err:
            attack.counts.errors[f"attack failed: {type(err).__name__}: {err}"[:120]] += 1
    elapsed = time.perf_counter() - start
    result = attack.result()
    attack.close()
    result.update(seconds=round(elapsed, 2), cpu_seconds=round(own_cpu() - cpu, 1))
    say({"result": result})
    stopped.cancel()


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def attacker_main(argv: list[str]) -> int:
    """``python -m pegrace.web.attackbench NAME PORT SEED CONNECTIONS ADDRESS``."""
    name, port, seed, connections, local = argv
    die_with_parent()
    raise_open_files_limit()
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C reaches the whole process group
        run_loop(attacker(name, int(port), int(seed), int(connections), local))
    return 0


# ---------------------------------------------------------------------- the benchmark
class Attacker:
    """The attacker process, seen from the benchmark."""

    def __init__(
        self, name: str, port: int, seed: int, connections: int, local: str, log: Path
    ) -> None:
        command = [
            sys.executable,
            "-m",
            "pegrace.web.attackbench",
            name,
            str(port),
            str(seed),
            str(connections),
            local,
        ]
        self.log = log
        with log.open("wb") as errors:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors
            )
        self.lines: asyncio.StreamReader | None = None

    async def expect(self, key: str, seconds: float) -> Any:
        """The attacker's next message, which must be ``key``."""
        if self.lines is None:
            self.lines = asyncio.StreamReader(limit=1 << 20)
            assert self.process.stdout is not None
            lines = self.lines
            await asyncio.get_running_loop().connect_read_pipe(
                lambda: asyncio.StreamReaderProtocol(lines), self.process.stdout
            )
        try:
            async with asyncio.timeout(seconds):
                line = await self.lines.readline()
        except TimeoutError:
            raise PegraceError(f"the attacker did not say {key!r} within {seconds:g} s") from None
        message = orjson.loads(line) if line.strip() else {}
        if key not in message:
            problem = self.log.read_text(errors="replace").strip()[-2000:]
            raise PegraceError(f"the attacker stopped before {key!r}: {problem or 'no output'}")
        return message[key]

    def tell(self, word: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(word.encode() + b"\n")
        self.process.stdin.flush()

    def stop(self) -> None:
        """End its input (it stops and goes), then kill it if it has not gone within 5 s."""
        process = self.process
        with signals_held():
            with contextlib.suppress(OSError):
                if process.stdin is not None:
                    process.stdin.close()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            if process.stdout is not None:
                process.stdout.close()


@dataclass
class Phase:
    name: str
    start: float
    end: float = 0.0
    cpu: float = 0.0  # the server's CPU seconds in it
    fds: int | None = None  # the server's open files at its end
    rss_mb: float | None = None


class Progress:
    """Lines on stderr: one per step, and on a terminal one rewritten in place as the
    seconds pass."""

    def __init__(self, out: TextIO) -> None:
        self.out, self.tty, self.last = out, out.isatty(), ""

    def show(self, text: str) -> None:
        """A line rewritten in place on a terminal, left out of a log."""
        if self.tty:
            self.out.write("\r" + text.ljust(len(self.last)))
            self.out.flush()
            self.last = text

    def say(self, text: str) -> None:
        self.done()
        self.out.write(text + "\n")
        self.out.flush()

    def done(self) -> None:
        if self.tty and self.last:
            self.out.write("\n")
            self.out.flush()
        self.last = ""


def open_files(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        return None
    return None


def open_files_limit(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return int(line.split()[3])
    except (OSError, ValueError, IndexError):
        return None
    return None


async def measure(
    name: str,
    port: int,
    server_pid: int,
    attacker: Attacker,
    seconds: float,
    seed: int,
    victim_address: str,
    progress: Progress,
) -> dict[str, Any]:
    """Victims played through the three phases, the attack in the middle one."""
    progress.say(f"{name}: the attacker sets up")
    await attacker.expect("ready", SETUP_SECONDS)
    victims = Victims(port, seed, victim_address)
    phases: list[Phase] = []
    try:
        progress.say(f"{name}: setting the victims' games up")
        await victims.start()

        async def phase(label: str) -> None:
            progress.say(f"{name}: {label} phase, {seconds:g} s")
            current = Phase(label, time.perf_counter(), cpu=tree_cpu_seconds(server_pid))
            phases.append(current)
            for second in range(math.ceil(seconds)):
                tally = victims.tally
                answers = sum(1 for at, _ in tally.answers if at >= current.start)
                replies = sum(1 for at, _ in tally.computer if at >= current.start)
                progress.show(
                    f"{name}: {label} {second}/{seconds:g} s: victims' answers "
                    f"{answers}, computer replies {replies}"
                )
                await asyncio.sleep(min(1.0, current.start + seconds - time.perf_counter()))
            current.end = time.perf_counter()
            current.cpu = tree_cpu_seconds(server_pid) - current.cpu
            current.fds, current.rss_mb = open_files(server_pid), rss_mb(server_pid)
            report = phase_report(current, victims.tally)
            answers, replies = report["answers"], report["computer"]
            progress.say(
                f"{name}: {label}: victims' answers {answers['count']} (p95 "
                f"{ms(answers['p95_ms'])} ms), computer replies {replies['count']} "
                f"(p95 {ms(replies['p95_ms'])} ms), server CPU "
                f"{report['server_cpu_seconds']} s"
            )

        await phase("quiet")
        attacker.tell("go")
        await attacker.expect("going", 30)
        await phase("attack")
        attacker.tell("stop")
        result = await attacker.expect("result", 60)
        await phase("after")
        victims.stop_acting()
        progress.say(f"{name}: waiting for the victims' last answers")
        deadline = time.perf_counter() + GRACE_SECONDS
        while victims.waiting() and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
    finally:
        await victims.stop()
    return {
        "attack": name,
        "what": ATTACKS[name],
        "phases": {p.name: phase_report(p, victims.tally) for p in phases},
        "attack_result": result,
        "server_open_files_limit": open_files_limit(server_pid),
        "victim_games": {
            "started": victims.tally.games_started,
            "finished": victims.tally.games_finished,
        },
    }


def times_report(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "median_ms": None, "p95_ms": None, "max_ms": None}
    return {
        "count": len(values),
        "median_ms": round(percentile(values, 0.5) * 1000, 1),
        "p95_ms": round(percentile(values, 0.95) * 1000, 1),
        "max_ms": round(max(values) * 1000, 1),
    }


def phase_report(phase: Phase, tally: VictimTally) -> dict[str, Any]:
    def inside(at: float) -> bool:
        return phase.start <= at < phase.end

    answers = times_report([s for at, s in tally.answers if inside(at)])
    computer = times_report([s for at, s in tally.computer if inside(at)])
    answers["unanswered"] = sum(1 for k, at in tally.unanswered if k == "answer" and inside(at))
    computer["unanswered"] = sum(1 for k, at in tally.unanswered if k == "computer" and inside(at))
    incidents = Counter(what for at, what in tally.incidents if inside(at))
    refused = sum(n for what, n in incidents.items() if what.startswith("refused"))
    answers_pass = meets(answers, ANSWER_TARGET)
    computer_pass = meets(computer, COMPUTER_TARGET)
    return {
        "seconds": round(phase.end - phase.start, 1),
        "answers": answers,
        "computer": computer,
        "victim_incidents": sum(incidents.values()),
        "victims_refused": refused,
        "incidents": dict(incidents.most_common(6)),
        "server_cpu_seconds": round(phase.cpu, 1),
        "server_open_files": phase.fds,
        "server_rss_mb": phase.rss_mb,
        "pass": answers_pass and computer_pass and not incidents,
    }


def meets(times: dict[str, Any], target: float) -> bool:
    return bool(times["count"]) and not times["unanswered"] and times["p95_ms"] <= target * 1000


@contextlib.contextmanager
def throwaway_server(src: Path | None) -> Iterator[tuple[int, subprocess.Popen[bytes], Path]]:
    """`pegrace serve` (of ``src``: start_server) with the default limits on a store of its
    own, up; stopped after."""
    with tempfile.TemporaryDirectory(prefix="pegrace-attack-") as folder:
        port = free_port(HOST)
        db = Path(folder) / "games.sqlite3"
        server = start_server(port, db, limits=None, src=src)
        try:
            print(
                f"pegrace: bench-web: server pid {server.pid} on http://{HOST}:{port}/",
                file=sys.stderr,
                flush=True,
            )
            wait_until_up(server, port, db)
            yield port, server, Path(folder)
        finally:
            stop_server(server)


def bench_attack(
    attack: str,
    seconds: float,
    seed: int,
    connections: int = DEFAULT_CONNECTIONS,
    attacker_address: str = ATTACKER_ADDRESS,
    out: TextIO | None = None,
    src: Path | None = None,
) -> dict[str, Any]:
    """Run ``attack`` (or every one, ``all``) against a server of its own (of ``src``:
    start_server), from ``attacker_address`` (a loopback address); the figures."""
    if attack != "all" and attack not in ATTACKS:
        raise OptionError(f"--attack {attack!r}: one of {', '.join(ATTACKS)} or all")
    if seconds <= 0:
        raise OptionError("--seconds: a positive number of seconds")
    if connections < 1:
        raise OptionError("--connections: at least 1")
    try:
        loopback = ipaddress.IPv4Address(attacker_address).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise OptionError(
            f"--attacker-address {attacker_address}: an IPv4 loopback address "
            "(127.x.y.z): the benchmark attacks this machine only"
        )
    names = list(ATTACKS) if attack == "all" else [attack]
    victim_address = usable_address(VICTIM_ADDRESS)
    attacker_address = usable_address(attacker_address)
    progress = Progress(out or sys.stderr)
    reports = []
    try:
        for name in names:
            with throwaway_server(src) as (port, server, folder):
                attacker = Attacker(
                    name, port, seed, connections, attacker_address, folder / "attacker.log"
                )
                try:
                    report = run_loop(
                        measure(
                            name,
                            port,
                            server.pid,
                            attacker,
                            seconds,
                            seed,
                            victim_address,
                            progress,
                        )
                    )
                finally:
                    attacker.stop()
            reports.append(report)
            progress.say(f"{name}: {'PASS' if report['phases']['attack']['pass'] else 'FAIL'}")
    finally:
        progress.done()
    return {
        "seconds_per_phase": seconds,
        "seed": seed,
        "connections": connections,
        "targets": {
            "answer_p95_ms": ANSWER_TARGET * 1000,
            "computer_p95_ms": COMPUTER_TARGET * 1000,
        },
        "victims": {
            "address": victim_address,
            "tables": VICTIM_TABLES,
            "computer": VICTIM_COMPUTER,
            "pace_ms": [PACE[0] * 1000, PACE[1] * 1000],
            "computer_delay": 0,
        },
        "attacker_address": attacker_address,
        "attacks": reports,
        "pass": all(r["phases"]["attack"]["pass"] for r in reports),
    }


# ---------------------------------------------------------------------- the report
def format_bench_attack(report: dict[str, Any]) -> str:
    targets = report["targets"]
    victims = report["victims"]
    lines = [
        *textwrap.wrap(
            f"Victims ({victims['address']}): {victims['tables'][TWO_PEOPLE]} games of two "
            f"people and {victims['tables'][VS_COMPUTER]} of a person v {victims['computer']} "
            f"(Trouble), an action every {victims['pace_ms'][0]:g}-{victims['pace_ms'][1]:g} "
            "ms; --computer-delay 0 (reply times are the server's own).",
            WIDTH,
        ),
        *textwrap.wrap(
            f"Attacker: one process from {report['attacker_address']}"
            f"{' (trusted as a proxy)' if report['attacker_address'] == HOST else ''}; "
            "every --limit at its "
            f"default; {report['seconds_per_phase']:g} s per phase. Targets: answers p95 <= "
            f"{targets['answer_p95_ms']:g} ms, computer replies p95 <= "
            f"{targets['computer_p95_ms']:g} ms, no victim refused or dropped.",
            WIDTH,
        ),
        "",
        row(
            "attack",
            "phase",
            "answers",
            "med",
            "p95",
            "max",
            "replies",
            "med",
            "p95",
            "max",
            "inc.",
            "CPU s",
            "fds",
            "verdict",
        ),
    ]
    for attack in report["attacks"]:
        for label, phase in attack["phases"].items():
            a, c = phase["answers"], phase["computer"]
            lost = (
                f" ({a['unanswered']}+{c['unanswered']} unanswered)"
                if a["unanswered"] or c["unanswered"]
                else ""
            )
            lines.append(
                row(
                    attack["attack"] if label == PHASES[0] else "",
                    label,
                    a["count"],
                    ms(a["median_ms"]),
                    ms(a["p95_ms"]),
                    ms(a["max_ms"]),
                    c["count"],
                    ms(c["median_ms"]),
                    ms(c["p95_ms"]),
                    ms(c["max_ms"]),
                    phase["victim_incidents"],
                    phase["server_cpu_seconds"],
                    phase["server_open_files"] or "-",
                    ("PASS" if phase["pass"] else "FAIL") + lost,
                )
            )
        lines += textwrap.wrap(
            attack_line(attack), WIDTH, initial_indent="  ", subsequent_indent="    "
        )
        incidents = attack["phases"]["attack"]["incidents"]
        if incidents:
            said = ", ".join(f"{what} x{n}" for what, n in incidents.items())
            lines += textwrap.wrap(
                f"victims under attack: {said}",
                WIDTH,
                initial_indent="  ",
                subsequent_indent="    ",
            )
    lines.append("")
    lines += textwrap.wrap(
        "times in ms; inc.: victims' incidents (refused, dropped, errors); CPU s: the "
        "server's, its workers included; fds: its open files at the phase's end",
        WIDTH,
    )
    verdict = "PASS" if report["pass"] else "FAIL"
    lines.append(
        f"{verdict}: "
        + ", ".join(
            f"{a['attack']} {'PASS' if a['phases']['attack']['pass'] else 'FAIL'}"
            for a in report["attacks"]
        )
    )
    return "\n".join(lines)


WIDTH = 100  # the report's lines, at most
COLUMNS = (-17, -6, 7, 6, 6, 7, 7, 6, 6, 7, 4, 5, 5, -1)  # widths; negative: left-aligned


def row(*cells: object) -> str:
    return " ".join(
        f"{cell!s:<{-width}}" if width < 0 else f"{cell!s:>{width}}"
        for cell, width in zip(cells, COLUMNS, strict=True)
    ).rstrip()


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def attack_line(attack: dict[str, Any]) -> str:
    result = attack["attack_result"]
    text = (
        f"{attack['attack']}: {result['sent']} sent, {result['ok']} OK, "
        f"{result['refused']} refused, {result['errors']} errors in {result['seconds']} s "
        f"(attacker CPU {result['cpu_seconds']} s)"
    )
    extra = []
    if result.get("answer_ms"):
        extra.append(
            f"its answers median {result['answer_ms']['median']} ms, "
            f"p95 {result['answer_ms']['p95']} ms"
        )
    notes = (
        "game_events",
        "games_created",
        "games_watched",
        "sockets_opened",
        "messages_received",
        "peak_held",
        "websockets_held_peak",
        "held_at_stop",
        "closed_at_once",
        "closed_later",
    )
    for key in notes:
        if result.get(key) is not None:
            extra.append(f"{key.replace('_', ' ')} {result[key]}")
    if result.get("closed_later_after_s"):
        after = result["closed_later_after_s"]
        extra.append(f"closed later after median {after['median']} s, max {after['max']} s")
    refused = result.get("refused_by") or {}
    if refused:
        extra.append("refused: " + ", ".join(f"{k} x{n}" for k, n in list(refused.items())[:4]))
    errors = result.get("errors_by") or {}
    if any(errors.values()):
        extra.append("errors: " + ", ".join(f"{k} x{n}" for k, n in list(errors.items())[:3] if n))
    return text + ("; " + "; ".join(extra) if extra else "")


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(attacker_main(sys.argv[1:]))
