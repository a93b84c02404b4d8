"""Killing the server with SIGKILL while many games are being played loses no event it has
acknowledged: a `state` message is sent only once its event is committed, so after a restart
every game holds at least the events its players were told of, and its stored log replays.

A real `pegrace serve` process on 127.0.0.1 with its own store; each game is played by one
WebSocket client holding both seats, as fast as the server's message limit allows."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from pages import Server, new_game
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

GAMES = 20
KILLS = 3
PLAY_SECONDS = 2.0  # of play before each kill
SEND_PAUSE = 1 / 40  # seconds before each message: under the server's 50 a second per socket
TWO_PEOPLE = {"game": "trouble", "seats": {"red": "human", "green": "human"}}
LIMIT = 15.0  # seconds: only ever reached when the server or a client is stuck
Json = dict[str, Any]


def test_no_acknowledged_event_is_lost_when_the_server_is_killed(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.sqlite3", tmp_path / "server.log")
    server.start()
    try:
        games = [new_game(server.url, TWO_PEOPLE) for _ in range(GAMES)]
        played = {game["id"]: 0 for game in games}
        for _ in range(KILLS):
            acked = asyncio.run(play_then_kill(server, games))
            server.stop()
            server.start()  # on the same store: each game is loaded by replaying its log
            for game_id, seq in acked.items():
                state = server.get(f"/api/games/{game_id}")  # a 500 would raise
                assert state["seq"] >= seq, (game_id, state["seq"], seq)
                assert [entry["seq"] for entry in state["log"]] == list(range(1, state["seq"] + 1))
                assert seq > played[game_id] or state["phase"] == "over", "no game in play"
                played[game_id] = state["seq"]
    finally:
        server.stop()


async def play_then_kill(server: Server, games: list[Json]) -> dict[str, int]:
    """Play every game for PLAY_SECONDS, then SIGKILL the server mid-play; the highest `seq`
    each game's client was sent in a `state`."""
    acked = {game["id"]: 0 for game in games}
    base = f"ws://127.0.0.1:{server.port}/ws/"
    tasks = [asyncio.create_task(play(base + game["id"], game, acked)) for game in games]
    await asyncio.sleep(PLAY_SECONDS)
    assert server.process is not None
    server.process.kill()
    _, stuck = await asyncio.wait(tasks, timeout=LIMIT)
    for task in stuck:
        task.cancel()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert not stuck, f"{len(stuck)} client(s) did not notice the server had gone"
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return acked


async def play(url: str, game: Json, acked: dict[str, int]) -> None:
    """Hold both seats and act on every state until the game is over or the server goes."""
    try:
        async with connect(url, open_timeout=LIMIT, close_timeout=1) as ws:
            await send(ws, {"type": "hello", "tokens": list(game["tokens"].values())})
            mine: list[str] = []
            async for text in ws:
                message = json.loads(text)
                assert message["type"] != "error", message
                if message["type"] == "welcome":
                    mine = message["you"]
                elif message["type"] == "state":
                    acked[game["id"]] = max(acked[game["id"]], message["seq"])
                    if message["phase"] == "over":
                        return
                    if message["current"] in mine and not message["forced_pass"]:
                        await asyncio.sleep(SEND_PAUSE)
                        await send(ws, action(message))
    except ConnectionClosed:
        pass  # the server was killed


def action(state: Json) -> Json:
    if state["phase"] == "move":
        return {"type": "move", "move": state["moves"][0]["text"]}
    return {"type": "roll"}  # rolloff or roll


async def send(ws: ClientConnection, message: Json) -> None:
    await ws.send(json.dumps(message))
