"""Two `pegrace serve` processes on one PostgreSQL store, asked for the same thing at the same
instant through each: the same open seat claimed, the same finished game rematched. Exactly
one wins every round; the other is told the seat was taken (409), or is sent to the one
rematch made; the store agrees with the winner."""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pages import Server, new_game
from websockets.asyncio.client import connect

ROUNDS = 50
Json = dict[str, Any]
TWO_PEOPLE = {"red": "human", "green": "human"}
LIMITS = "games_per_minute=1000,loads_per_minute=1000,sockets_per_address=100"


@pytest.fixture
def servers(tmp_path: Path, pg_url: str) -> Iterator[list[Server]]:
    limits = [arg for each in LIMITS.split(",") for arg in ("--limit", each)]
    started = [Server(pg_url, tmp_path / f"server{i}.log", tuple(limits)) for i in range(2)]
    try:
        for server in started:
            server.start()
        yield started
    finally:
        for server in started:
            server.stop()


def post(url: str, body: Json) -> tuple[int, Json]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def at_once(urls: list[str], body: Json) -> list[tuple[int, Json]]:
    """The same POST to each URL, each from a thread of its own, let go together."""
    start = threading.Barrier(len(urls))
    answers: list[tuple[int, Json]] = [(0, {})] * len(urls)

    def ask(i: int) -> None:
        start.wait()
        answers[i] = post(urls[i], body)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(urls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_an_open_seat_claimed_through_two_servers_at_once_goes_to_one(
    servers: list[Server], pg_url: str
) -> None:
    seats = {"red": "human", "green": "open"}
    for _ in range(ROUNDS):
        game = new_game(servers[0].url, {"game": "trouble", "seats": seats})
        for server in servers:  # each holds the game, as when people watch it through both
            server.get(f"/api/games/{game['id']}")
        urls = [f"{server.url}/api/games/{game['id']}/claim" for server in servers]
        answers = at_once(urls, {"colour": "green"})
        assert sorted(status for status, _ in answers) == [200, 409], answers
        token = next(said["token"] for status, said in answers if status == 200)
        with psycopg.connect(pg_url) as db:
            stored = db.execute(
                "SELECT kind, token_hash FROM seats WHERE game = %s AND colour = 'green'",
                (game["id"],),
            ).fetchone()
        assert stored == ("human", hashlib.sha256(token.encode()).hexdigest())


async def finish(server: Server, game_id: str) -> None:
    """Watch a game of computers to its end (nobody watching, they would not play)."""
    async with connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}") as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": []}))
        async with asyncio.timeout(120):
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "state" and message["phase"] == "over":
                    return


async def finish_all(server: Server, game_ids: list[str]) -> None:
    await asyncio.gather(*(finish(server, game_id) for game_id in game_ids))


def test_a_game_rematched_through_two_servers_at_once_is_rematched_once(
    servers: list[Server], pg_url: str
) -> None:
    seats = {"red": "computer:random", "green": "computer:random"}
    games = [
        new_game(servers[0].url, {"game": "trouble", "seats": seats})["id"] for _ in range(ROUNDS)
    ]
    asyncio.run(finish_all(servers[0], games))
    for game_id in games:
        servers[1].get(f"/api/games/{game_id}")  # held by both, as when both have its players
        urls = [f"{server.url}/api/games/{game_id}/rematch" for server in servers]
        answers = at_once(urls, {"tokens": []})
        assert [status for status, _ in answers] == [201, 201], answers
        made = {said["id"] for _, said in answers}
        assert len(made) == 1, answers  # both sent to the one rematch
        with psycopg.connect(pg_url) as db:
            (rematch,) = db.execute(
                "SELECT rematch FROM games WHERE id = %s", (game_id,)
            ).fetchone()
        assert made == {rematch}
    with psycopg.connect(pg_url) as db:  # and no other game made, half-made or left over
        assert db.execute("SELECT count(*) FROM games").fetchone() == (2 * ROUNDS,)


def test_an_address_spreading_over_the_servers_gets_no_more_than_from_one(
    tmp_path: Path, pg_url: str
) -> None:
    """Two servers, six new games a minute for an address: asked through both in turn, the
    address gets six in all (each server allows it its share), not six from each."""
    limit = ("--limit", "games_per_minute=6")
    servers = [Server(pg_url, tmp_path / f"server{i}.log", limit) for i in range(2)]
    try:
        for server in servers:
            server.start()
        for server in servers:  # each has counted the other
            waited = 0
            while "2 servers share the store" not in server.log.read_text():
                assert waited < 600, server.log.read_text()
                time.sleep(0.1)
                waited += 1
        made = asked = refused = 0  # refused: in a row, by each server in turn
        while refused < 2:
            url = servers[asked % 2].url + "/api/games"
            status, _ = post(url, {"game": "trouble", "seats": TWO_PEOPLE})
            made, refused = (made + 1, 0) if status == 201 else (made, refused + 1)
            asked += 1
    finally:
        for server in servers:
            server.stop()
    assert made <= 7, made  # six, and what refills while asking
