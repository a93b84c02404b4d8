"""Two `pegrace serve` processes on a PostgreSQL server of their own, through a database's bad
days: a restart (``pg_ctl restart -m fast``), every backend terminated (as a pooler or a
failover does), the drivers' table gone for 3 s, and the whole server frozen for 20 s. Games
of people (a client playing every seat, as fast as it may) and of computers (a watcher) play
through each. Within 5 s of the database's return every game moves again, and no event a
client was told of is lost or told twice: every client's log is the store's. While the
database is frozen, the servers still answer: a ping at once, the lobby within the store's
wait (503, saying why), never after the freeze."""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pages import Server, assert_told_as_stored, new_game
from websockets.asyncio.client import ClientConnection, connect

from pegrace.web.storecalls import WAIT_SECONDS
from postgres import Cluster

Json = dict[str, Any]
BACK_WITHIN = 5.0  # seconds after the database is back that every game must have moved
BEFORE_SECONDS = 2.0  # of play before the outage
AFTER_SECONDS = 8.0  # of play after the database is back
RESEND_SECONDS = 0.3  # a refused action is sent again after this long
SEND_PAUSE = 1 / 40  # seconds before each action: under the server's 50 messages a second
FREEZE_SECONDS = 20.0
PEOPLE = dict.fromkeys(("red", "blue", "yellow", "green"), "human")
COMPUTERS = dict.fromkeys(("red", "blue", "yellow", "green"), "computer:random")


@pytest.fixture
def cluster() -> Iterator[tuple[Cluster, str]]:
    """A PostgreSQL server of the test's own, to restart and freeze."""
    with tempfile.TemporaryDirectory(prefix="pegrace-pg-") as folder:
        Path(folder).chmod(0o755)
        own = Cluster(Path(folder))
        try:
            yield own, own.start()
        finally:
            own.stop()


class Client:
    """One game's client on one server: plays every seat it holds (sending an action again
    when it is refused, as a person would), and keeps every log entry and when each state
    came."""

    def __init__(self, url: str, game: Json) -> None:
        self.url, self.game = url, game
        self.log: dict[int, Json] = {}
        self.seen: list[tuple[float, int]] = []
        self.over = False
        self.acted = (-1, 0.0)  # the state's number last acted on, and when
        self.ended = ""  # what ended its play before its time, if anything

    async def run(self, until: float) -> None:
        try:
            await self.play(until)
        except Exception as err:  # kept for the test to report
            self.ended = repr(err)

    async def play(self, until: float) -> None:
        tokens = list(self.game.get("tokens", {}).values())
        async with connect(self.url, open_timeout=5, close_timeout=1) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": tokens}))
            mine: list[str] = []
            state: Json | None = None
            while time.monotonic() < until and not self.over:
                try:
                    async with asyncio.timeout(RESEND_SECONDS):
                        message = json.loads(await ws.recv())
                except TimeoutError:
                    message = {"type": "quiet"}
                if message["type"] == "welcome":
                    mine = message["you"]
                elif message["type"] == "state":
                    state = message
                    self.take(message)
                elif message["type"] not in ("error", "quiet"):
                    continue
                await self.act(ws, state, mine)

    def take(self, state: Json) -> None:
        for entry in state["log"]:
            assert self.log.setdefault(entry["seq"], entry) == entry, entry  # never two
        self.seen.append((time.monotonic(), state["seq"]))
        self.over = state["phase"] == "over"

    async def act(self, ws: ClientConnection, state: Json | None, mine: list[str]) -> None:
        """Play the state's turn if it is ours: once, and again only after ``RESEND_SECONDS``
        (it was refused: the store failed to keep it)."""
        if state is None or state["current"] not in mine or state["forced_pass"] or self.over:
            return
        now = time.monotonic()
        if self.acted == (state["seq"], now) or (
            self.acted[0] == state["seq"] and now - self.acted[1] < RESEND_SECONDS
        ):
            return
        self.acted = (state["seq"], now)
        await asyncio.sleep(SEND_PAUSE)
        if state["phase"] == "move":
            await ws.send(json.dumps({"type": "move", "move": state["moves"][0]["text"]}))
        else:
            await ws.send(json.dumps({"type": "roll"}))


async def pinged(url: str) -> float:
    """Seconds a ping through a new socket takes to be answered."""
    async with connect(url, open_timeout=5) as ws:
        started = time.monotonic()
        await ws.send(json.dumps({"type": "ping"}))
        while json.loads(await ws.recv())["type"] != "pong":
            pass
        return time.monotonic() - started


def lobby_answer(server: Server) -> tuple[float, int, str]:
    """Seconds the lobby takes to answer, its status and what it says."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(server.url + "/api/lobby", timeout=60) as response:
            status, said = response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        status, said = err.code, err.read().decode()
    return time.monotonic() - started, status, said


def terminate(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def drivers_away(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("ALTER TABLE drivers RENAME TO drivers_away")
        time.sleep(3.0)
        admin.execute("ALTER TABLE drivers_away RENAME TO drivers")


def freeze(cluster: Cluster, servers: list[Server], games: list[str]) -> list[tuple[float, float]]:
    """The database frozen for ``FREEZE_SECONDS``; meanwhile each server's ping (on a game it
    holds: ``games``, one a server) and lobby are timed (seconds)."""
    answers = []
    with cluster.frozen():
        frozen_at = time.monotonic()
        time.sleep(2 * WAIT_SECONDS / 3)  # calls are under way and stuck by now
        for server, game_id in zip(servers, games, strict=True):
            ping = asyncio.run(pinged(f"ws://127.0.0.1:{server.port}/ws/{game_id}"))
            took, status, said = lobby_answer(server)
            assert status == 503 and "game store" in said, (status, said)
            answers.append((ping, took))
        time.sleep(max(0.0, frozen_at + FREEZE_SECONDS - time.monotonic()))
    return answers


async def play_through(
    clients: list[Client], outage: Callable[[], object]
) -> tuple[float, float, object]:
    """Play, then the outage (in a thread: it may sleep), then play on; when it began and
    ended, and what it returned."""
    until = time.monotonic() + 3600
    tasks = [asyncio.create_task(client.run(until)) for client in clients]
    await asyncio.sleep(BEFORE_SECONDS)
    began = time.monotonic()
    found = await asyncio.to_thread(outage)
    back = time.monotonic()
    await asyncio.sleep(AFTER_SECONDS)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return began, back, found


def assert_logs_are_the_stores(url: str, clients: list[Client]) -> None:
    with psycopg.connect(url) as db:
        for client in clients:
            game_id = client.game["id"]
            assert_told_as_stored(db, game_id, client.log)


OUTAGES = ["restart", "terminated backends", "drivers table gone 3 s", "frozen 20 s"]


@pytest.mark.parametrize("outage", OUTAGES)
def test_every_server_plays_on_once_the_database_is_back(
    outage: str, cluster: tuple[Cluster, str], tmp_path: Path
) -> None:
    own, url = cluster
    extra = ("--computer-delay", "0.05", "--limit", "games_per_minute=1000")
    servers = [Server(url, tmp_path / f"server{i}.log", extra) for i in range(2)]
    for server in servers:
        server.start()
    try:
        clients = []
        for i in range(4):  # games made through one server and played through either
            made_by, played_on = servers[i % 2], servers[i // 2]
            seats = PEOPLE if i % 2 else COMPUTERS
            game = new_game(made_by.url, {"game": "trouble", "seats": seats})
            clients.append(Client(f"ws://127.0.0.1:{played_on.port}/ws/{game['id']}", game))
        held = [clients[0].game["id"], clients[2].game["id"]]
        do: Callable[[], object] = {
            "restart": own.restart,
            "terminated backends": lambda: terminate(url),
            "drivers table gone 3 s": lambda: drivers_away(url),
            "frozen 20 s": lambda: freeze(own, servers, held),
        }[outage]
        began, back, found = asyncio.run(play_through(clients, do))
    finally:
        for server in servers:
            server.stop()
    assert_logs_are_the_stores(url, clients)
    for client in clients:
        if client.over and client.seen[-1][0] < back:
            continue  # it ended before the database came back
        moved = [at for at, seq in client.seen if at >= back]
        assert moved, (
            outage,
            client.game["id"],
            "never moved again",
            client.ended,
            client.seen[-3:],
            back,
        )
        assert moved[0] - back < BACK_WITHIN, (outage, client.game["id"], moved[0] - back)
    if isinstance(found, list):  # the freeze: each server answered while it lasted
        for ping, lobby in found:
            assert ping < 2.0 and lobby < WAIT_SECONDS + 2.0, found
        assert back - began >= FREEZE_SECONDS - 1.0
