"""The attack benchmark's victims: games played throughout every phase at a person's pace
(games of two people, each seat on a WebSocket of its own, and games of a person against the
computer), each action's answer and each computer's reply timed, and whatever goes wrong for
them (refused, dropped, errors) noted as an incident."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from pegrace.errors import PegraceError, saying
from pegrace.i18n import said, said_n
from pegrace.web.attackbench.clients import REFUSED_STATUS, Http, Refused, Socket, close_reason

TWO_PEOPLE, VS_COMPUTER = "two people", "person v computer"
VICTIM_COMPUTER = "computer:medium"
VICTIM_TABLES = {TWO_PEOPLE: 2, VS_COMPUTER: 2}
PACE = (0.1, 0.3)  # seconds a victim waits before acting: a person's pace


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
                raise saying(PegraceError, said("a victim table stopped before it played"))
            if time.perf_counter() > deadline:
                late = said_n(
                    "only {ready} of {count} victim seat was set up within {seconds} s",
                    "only {ready} of {count} victim seats were set up within {seconds} s",
                    seats,
                    ready=self.ready,
                    seconds=30,
                )
                raise saying(PegraceError, late)
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
