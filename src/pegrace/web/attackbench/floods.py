"""The attacks by floods: requests and messages sent as fast as the server answers them, or
as its limits let (replay, qr, computers, computers-watched, names); pegrace.web.attacks says
each in a line."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson

from pegrace.errors import PegraceError
from pegrace.web.attackbench.attack import SETUP_SECONDS, Attack
from pegrace.web.attackbench.clients import Refused, Socket, close_reason

NAME_RATE = 45.0  # messages a second on each of the names attack's sockets
NAME_SOCKETS = 32


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
