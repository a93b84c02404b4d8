"""What every attack of the attack benchmark shares: what it achieved (Counts) and the base
class, Attack, with its HTTP requests counted as answered or refused and its result. The
attacks themselves are in floods.py and holding.py; attacker.py runs one."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from pegrace.errors import PegraceError, saying
from pegrace.i18n import said
from pegrace.web.attackbench.clients import REFUSED_STATUS, Http, Refused, Socket
from pegrace.web.loadbench import percentile

SETUP_SECONDS = 180.0  # the attacker's setup (a whole computer game for replay) at most
COLOURS = ("red", "yellow", "green", "blue")
WATCHER_HELLO = b'{"type":"hello","tokens":[]}'


def game_body(seats: dict[str, str]) -> dict[str, Any]:
    """A new Trouble game's request: these seats, and no idle clock (nobody here plays)."""
    return {"game": "trouble", "seats": seats, "idle_seconds": 0}


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
    """One attack: ``setup`` before the clock starts, ``run`` until cancelled (``stop``).
    Several ``ports`` (servers on one store): its connections go to each in turn."""

    def __init__(self, ports: list[int], seed: int, connections: int, local: str) -> None:
        self.seed, self.connections, self.local = seed, connections, local
        self.turns = itertools.cycle(ports)
        self.rng = random.Random(f"{seed}:attack")
        self.counts = Counts()
        self.https: list[Http] = []
        self.sockets: set[Socket] = set()
        self.stopping = False

    def next_port(self) -> int:
        """The server the next connection goes to: each in turn."""
        return next(self.turns)

    def http(self, local: str | None = None) -> Http:
        """A connection of the attack's (from ``local``, else its address), closed with it."""
        http = Http(self.next_port(), local or self.local)
        self.https.append(http)
        return http

    async def new_game(self, seats: dict[str, str]) -> dict[str, Any]:
        status, answer = await self.http().request("POST", "/api/games", game_body(seats))
        if status != 201:
            # TRANSLATORS: {status} is an HTTP status (429), {answer} the server's answer, quoted
            refused = said(
                "the attack's game was refused: HTTP {status} {answer}",
                status=status,
                answer=repr(answer[:200]),
            )
            raise saying(PegraceError, refused)
        game: dict[str, Any] = orjson.loads(answer)
        return game

    async def watch(self, game_id: str, local: str | None = None) -> Socket | None:
        """A WebSocket watching the game (from ``local``, else the attack's address), held
        until the attack closes; None, the refusal counted, where the server turned it away.
        Computers play only while somebody watches."""
        try:
            socket = await Socket.open(self.next_port(), f"/ws/{game_id}", local or self.local)
        except (Refused, OSError, TimeoutError) as err:
            self.counts.refused[f"watcher: {err or type(err).__name__}"[:60]] += 1
            return None
        socket.send(WATCHER_HELLO)
        self.sockets.add(socket)
        return socket

    async def long_game(self) -> tuple[str, int]:
        """A game of four random computers, watched until it is over (a thousand events or
        so, within SETUP_SECONDS); its id and its events."""
        game = await self.new_game(dict.fromkeys(COLOURS, "computer:random"))
        http, path = self.http(), f"/api/games/{game['id']}"
        watcher = await self.watch(game["id"])
        if watcher is None:
            raise saying(PegraceError, said("the watcher of the attack's long game was refused"))
        deadline = time.perf_counter() + SETUP_SECONDS
        while True:
            status, answer = await http.request("GET", path)
            state: dict[str, Any] = orjson.loads(answer) if status == 200 else {}
            if state.get("phase") == "over":
                break
            if time.perf_counter() > deadline:
                # TRANSLATORS: {seconds} is a number of seconds ("s")
                late = said(
                    "the all-computer game was not over within {seconds} s", seconds=SETUP_SECONDS
                )
                raise saying(PegraceError, late)
            await asyncio.sleep(0.5)
        watcher.close()
        self.sockets.discard(watcher)
        return game["id"], state["seq"]

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
