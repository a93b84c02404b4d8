"""The attacks by floods: requests and messages sent as fast as the server answers them, or
as its limits let (replay, qr, computers, computers-watched, names, mine-flood, queue, codes),
and heavy computer games from many addresses (heavy-many, heavy-network); pegrace.web.attacks
says each in a line."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson

from pegrace.web.attackbench.attack import COLOURS, Attack, game_body
from pegrace.web.attackbench.clients import Refused, Socket, close_reason, spread_addresses
from pegrace.web.roomcodes import ALPHABET, LENGTH

NAME_RATE = 45.0  # messages a second on each of the names attack's sockets
NAME_SOCKETS = 32
HEAVY_GAME = game_body(dict.fromkeys(COLOURS, "computer:expert:ms=2000"))
HEAVY_ADDRESSES = 20  # heavy-many and heavy-network: one heavy game from each
MINE_GAMES = 12  # mine-flood: the long games named, as many as the lobby lists
MINE_RATE = 44.0  # lobbies a second
MINE_CLIENTS = 4  # connections asking them, so that one slow answer holds up a quarter
CODE_CLIENTS = 4  # codes: connections guessing room codes
QUEUE_CLIENTS = 4  # queue: connections joining


class ReplayAttack(Attack):
    async def setup(self) -> None:
        game_id, events = await self.long_game()
        self.path = f"/api/games/{game_id}/replay"
        _, answer = await self.http().request("GET", self.path)
        self.counts.notes.update(game_events=events, replay_bytes=len(answer))

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
        while True:
            sent = await self.send(http, "POST", "/api/games", HEAVY_GAME, 0.5)
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
        if await self.watch(game["id"]) is not None:
            notes["games_watched"] += 1


class HeavyManyAttack(Attack):
    """One heavy game from each of HEAVY_ADDRESSES addresses of the attacker's /24, each
    watched from its own address: what the workers' turns by address (heavy-many) or by
    network (heavy-network: the server counts a /24 as one network) leave the victims."""

    async def run(self) -> None:
        notes = self.counts.notes
        notes.update(addresses=HEAVY_ADDRESSES, games_created=0, games_watched=0)
        addresses = spread_addresses(self.local, HEAVY_ADDRESSES)
        await asyncio.gather(*(self.heavy_game(local) for local in addresses))
        await asyncio.Event().wait()  # the games think while watched: hold the watchers

    async def heavy_game(self, local: str) -> None:
        sent = await self.send(self.http(local), "POST", "/api/games", HEAVY_GAME, 0.0)
        if sent is None or sent[0] != 201:
            return
        self.counts.notes["games_created"] += 1
        if await self.watch(orjson.loads(sent[1])["id"], local) is not None:
            self.counts.notes["games_watched"] += 1

    def result(self) -> dict[str, Any]:
        # what the attacker's games got done: the states its watchers were sent
        self.counts.notes["states_seen"] = sum(socket.received for socket in self.sockets)
        return super().result()


class MineFloodAttack(Attack):
    """The lobby asked MINE_RATE times a second for the attacker's MINE_GAMES long games
    (``mine=``): each one the server does not hold is a game to load from the store."""

    async def setup(self) -> None:
        games = await asyncio.gather(*(self.long_game() for _ in range(MINE_GAMES)))
        self.path = "/api/lobby?mine=" + ",".join(game_id for game_id, _ in games)
        self.counts.notes.update(game_events=min(events for _, events in games), games_left_out=0)

    async def run(self) -> None:
        clients = MINE_CLIENTS
        await asyncio.gather(*(self.lobbies(MINE_RATE / clients) for _ in range(clients)))

    async def lobbies(self, rate: float) -> None:
        """The lobby asked ``rate`` times a second on one connection (less where its answers
        come slower), each answer that leaves a named game out counted as refused."""
        http, loop = self.http(), asyncio.get_running_loop()
        due = loop.time()
        while True:
            start = time.perf_counter()
            sent = await self.send(http, "GET", self.path, None, 0.05)
            if sent is not None and sent[0] == 200:
                self.counts.times.append(time.perf_counter() - start)
                self.left_out(MINE_GAMES - len(orjson.loads(sent[1])["mine"]))
            due = max(due + 1 / rate, loop.time())
            await asyncio.sleep(due - loop.time())

    def left_out(self, games: int) -> None:
        """An answer (counted OK) that listed ``games`` fewer than were named: refused."""
        if games > 0:
            counts = self.counts
            counts.ok -= 1
            counts.refused["lobby left games out"] += 1
            counts.notes["games_left_out"] += games


class CodesAttack(Attack):
    """Room codes guessed at random (none a game's, but for a one-in-millions hit) as fast as
    answered on CODE_CLIENTS connections: a guess answered (404, or 200 for a hit) is what
    the attacker is after, counted OK; one held off (429) refused."""

    async def run(self) -> None:
        self.counts.notes.update(guesses_answered=0, games_found=0)
        await asyncio.gather(*(self.guesser() for _ in range(CODE_CLIENTS)))

    async def guesser(self) -> None:
        counts, http = self.counts, self.http()
        while True:
            code = "".join(self.rng.choice(ALPHABET) for _ in range(LENGTH))
            start = time.perf_counter()
            try:
                status, _ = await http.request("GET", f"/api/rooms/{code}")
            except ConnectionError as err:
                counts.sent += 1
                counts.errors[str(err).split(":")[0]] += 1
                await asyncio.sleep(0.05)
                continue
            counts.sent += 1
            counts.times.append(time.perf_counter() - start)
            if status in (200, 404):
                counts.ok += 1
                counts.notes["guesses_answered"] += 1
                counts.notes["games_found"] += status == 200
            else:
                counts.status(status)


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
                socket = await Socket.open(self.next_port(), self.path, self.local)
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


class QueueAttack(Attack):
    """Places in the queues of play people now asked for as fast as answered from
    QUEUE_CLIENTS connections (the few an address may hold got, every other join refused),
    each place got held by a long poll until it is seated (then another may be got)."""

    async def run(self) -> None:
        self.counts.notes.update(places_got=0, places_seated=0)
        async with asyncio.TaskGroup() as holding:
            for _ in range(QUEUE_CLIENTS):
                holding.create_task(self.joiner(holding))

    async def joiner(self, holding: asyncio.TaskGroup) -> None:
        http = self.http()
        while True:
            body = {"game": "trouble", "players": self.rng.choice((2, 3, 4)), "wait": "people"}
            start = time.perf_counter()
            sent = await self.send(http, "POST", "/api/queue", body, 0.05)
            if sent is None:
                continue
            self.counts.times.append(time.perf_counter() - start)
            if sent[0] == 201:
                self.counts.notes["places_got"] += 1
                holding.create_task(self.hold(orjson.loads(sent[1])["ticket"]))

    async def hold(self, ticket: str) -> None:
        """Ask about the place (a long poll, not counted as sent) until it is seated."""
        http, seen = self.http(), 0
        while True:
            try:
                status, answer = await http.request("GET", f"/api/queue/{ticket}?waiting={seen}")
            except ConnectionError:
                await asyncio.sleep(0.5)
                continue
            place = orjson.loads(answer) if status == 200 else {}
            if place.get("state") == "seated" or status == 404:
                self.counts.notes["places_seated"] += place.get("state") == "seated"
                return
            seen = place.get("waiting", 0)
