"""Helpers for the web protocol tests: an app on a fresh store, a TestClient, and reading
WebSocket messages with a safety limit (a broken server fails the test instead of hanging it)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from starlette.exceptions import StarletteDeprecationWarning

from pegrace.web.app import create_app
from pegrace.web.limits import Limits
from pegrace.web.session import GameSession

with warnings.catch_warnings():
    # starlette 1.x prefers httpx2 to the httpx the project declares; both work the same
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient, WebSocketTestSession

Json = dict[str, Any]
LIMIT = 30.0  # seconds: only ever reached when the server is broken
TWO_HUMANS = {"red": "human", "green": "human"}  # a 2-player game of people
# protocol tests play as fast as the server answers, far faster than people click
FAST_PLAY = Limits(messages_per_second=100_000)


@contextmanager
def running(
    db: Path, computer_delay: float = 0.0, limits: Limits = FAST_PLAY
) -> Iterator[TestClient]:
    """The app on ``db`` with its lifespan running (sessions live until the block ends)."""
    with TestClient(create_app(db, computer_delay=computer_delay, limits=limits)) as client:
        yield client


def new_game(client: TestClient, **fields: Any) -> Json:
    response = client.post("/api/games", json=fields)
    assert response.status_code == 201, response.text
    body: Json = response.json()
    return body


def receive(ws: WebSocketTestSession) -> Json:
    """The next message from the server."""

    async def get() -> Any:
        with anyio.fail_after(LIMIT):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    assert message["type"] == "websocket.send", message
    body: Json = json.loads(message["text"])
    return body


def send(ws: WebSocketTestSession, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def receive_until(ws: WebSocketTestSession, wanted: Callable[[Json], bool]) -> Json:
    while True:
        message = receive(ws)
        if wanted(message):
            return message


def next_of(ws: WebSocketTestSession, kind: str) -> Json:
    return receive_until(ws, lambda m: m["type"] == kind)


def hello(ws: WebSocketTestSession, tokens: list[str]) -> tuple[Json, Json]:
    """Say hello; returns the welcome and the first state (with the whole log)."""
    send(ws, type="hello", tokens=tokens)
    return next_of(ws, "welcome"), next_of(ws, "state")


def act(ws: WebSocketTestSession, state: Json, pick: int = 0) -> None:
    """Roll, or play the ``pick``-th listed move (the last one if there are fewer); nothing for
    a forced pass, which the server plays."""
    if state.get("forced_pass"):
        return
    if state["phase"] == "move":
        moves = state["moves"]
        send(ws, type="move", move=moves[min(pick, len(moves) - 1)]["text"])
    else:
        send(ws, type="roll")


def without_seats(view: Json) -> Json:
    """A state view without who is connected and watching (that changes as clients come and
    go) and the idle clock (read as each message is made)."""
    changing = ("seats", "log", "type", "game", "watchers", "idle_left")
    return {k: v for k, v in view.items() if k not in changing}


class Watcher:
    """A client of a game in process that drops what it is sent: its game is in use, never
    idle, and its computers play."""

    key = "127.0.0.1"

    async def send_text(self, data: str) -> None:
        pass


async def watch(game: GameSession) -> Watcher:
    watcher = Watcher()
    await game.receive(watcher, json.dumps({"type": "hello", "tokens": []}))
    return watcher
