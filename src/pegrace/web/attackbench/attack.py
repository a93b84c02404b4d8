"""What every attack of the attack benchmark shares: what it achieved (Counts) and the base
class, Attack, with its HTTP requests counted as answered or refused and its result. The
attacks themselves are in floods.py and holding.py; attacker.py runs one."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from pegrace.errors import PegraceError
from pegrace.web.attackbench.clients import REFUSED_STATUS, Http, Socket
from pegrace.web.loadbench import percentile

SETUP_SECONDS = 180.0  # the attacker's setup (a whole computer game for replay) at most


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
