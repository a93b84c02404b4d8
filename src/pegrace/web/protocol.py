"""A game's WebSocket protocol (docs/web.md, "WebSocket"): the messages a client may send, each
with the shape it accepts and the handler that takes it, and the shapes of the messages the
server sends. A game's session (session.py) implements the handlers; views.py makes what is sent.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, Protocol, TypedDict

import orjson

Json = dict[str, Any]
ADVICE_TYPES = ("hint", "winprob")  # answered to the asker only, worked out off the lock
# the quick reactions offered: words, which every font draws (emoji need a colour-emoji font)
EMOTES = ("Nice!", "Well played", "Ha ha", "Wow", "Oh no", "Grr", "Yay!", "Good luck")
HELD_TOKENS = 16  # seat tokens one hello may carry (a browser holds a game's seats, no more)
PONG = '{"type": "pong"}'
SAY_HELLO = 'say hello first: {"type": "hello", "tokens": [...]}'


def to_json(value: Any) -> str:
    """Compact JSON text of a message (orjson: several times faster than the json module,
    which matters because every event's state is encoded once)."""
    return orjson.dumps(value).decode()


class Client(Protocol):
    """A connected browser (an app.Connection, or a fake in tests); ``key`` says who it is
    for the limits (its address, an IPv6 one by its /64)."""

    key: str

    async def send_text(self, data: str) -> None: ...


# ---------------------------------------------------------------- client to server
# The shapes a client should send. Nothing that comes is trusted: the handlers check every field.
class Hello(TypedDict):
    type: Literal["hello"]
    tokens: NotRequired[list[str]]  # the seat tokens the browser holds (none: it watches)


class Roll(TypedDict):
    type: Literal["roll"]


class MoveMessage(TypedDict):
    type: Literal["move"]
    move: str  # the text of a listed move


class Ping(TypedDict):
    type: Literal["ping"]


class Name(TypedDict):
    type: Literal["name"]
    name: str


class Back(TypedDict):
    type: Literal["back"]


class Chat(TypedDict):
    type: Literal["chat"]
    text: NotRequired[str]  # a chat line, or
    emote: NotRequired[str]  # one of the EMOTES


class Ask(TypedDict):
    type: Literal["hint", "winprob"]


class Handlers(Protocol):
    """What a game does with its clients' messages (session.GameSession), each called under
    the game's lock from a client that has said hello (hello itself from any client)."""

    async def on_hello(self, client: Client, tokens: object) -> None: ...

    async def on_act(self, client: Client, kind: str, move: object) -> None: ...

    async def on_name(self, client: Client, name: object) -> None: ...

    async def on_back(self, client: Client) -> None: ...

    async def on_chat(self, client: Client, message: Chat) -> None: ...

    async def on_ask(self, client: Client, kind: str) -> None: ...


@dataclass(frozen=True)
class Accepted:
    """A message type a client may send: its handler (whose argument's type is the shape it
    accepts), whether it takes the game's lock, and whether it needs a hello first."""

    handle: Callable[[Handlers, Client, Any], Awaitable[None]]
    locked: bool = True
    needs_hello: bool = True


async def _hello(game: Handlers, client: Client, message: Hello) -> None:
    await game.on_hello(client, message.get("tokens", []))


async def _roll(game: Handlers, client: Client, message: Roll) -> None:
    await game.on_act(client, "roll", None)


async def _move(game: Handlers, client: Client, message: MoveMessage) -> None:
    await game.on_act(client, "move", message.get("move"))


async def _ping(game: Handlers, client: Client, message: Ping) -> None:
    await client.send_text(PONG)  # any time, even before hello, without waiting for the lock


async def _name(game: Handlers, client: Client, message: Name) -> None:
    await game.on_name(client, message.get("name"))


async def _back(game: Handlers, client: Client, message: Back) -> None:
    await game.on_back(client)


async def _chat(game: Handlers, client: Client, message: Chat) -> None:
    await game.on_chat(client, message)


async def _ask(game: Handlers, client: Client, message: Ask) -> None:
    await game.on_ask(client, message["type"])


# every message type a client may send, by its "type", in the order an error lists them
MESSAGES: dict[str, Accepted] = {
    "hello": Accepted(_hello, needs_hello=False),
    "roll": Accepted(_roll),
    "move": Accepted(_move),
    "ping": Accepted(_ping, locked=False, needs_hello=False),
    "name": Accepted(_name),
    "back": Accepted(_back),
    "chat": Accepted(_chat),
    **{kind: Accepted(_ask) for kind in ADVICE_TYPES},
}
MESSAGE_TYPES = tuple(MESSAGES)


def accepted(message: object) -> Accepted | None:
    """The message type of a decoded message, or None if it is not one a client may send."""
    kind = message.get("type") if isinstance(message, dict) else None
    return MESSAGES.get(kind) if isinstance(kind, str) else None


def unknown_message(text: str) -> str:
    return (
        f'unknown message {text[:80]!r}: send a JSON object whose "type" is one of '
        f"{', '.join(MESSAGE_TYPES)}"
    )


# ---------------------------------------------------------------- server to client
class GameView(TypedDict):
    id: str
    url: str
    game: str
    title: str
    players: int
    colours: list[str]
    options: dict[str, str]
    idle_seconds: float
    watcher_chat: bool
    computer_delay: float
    seed: str | None  # secret (null) until the game is over


class SeatView(TypedDict):
    kind: str  # "human", "open" or "computer:LEVEL"
    connected: bool
    takeover: bool
    name: str | None


class LogEntry(TypedDict):
    seq: int
    colour: str
    roll: str | None
    move: str | None
    label: str
    by: str  # "human", "computer" or "takeover"
    steps: list[Json]
    rolloff: bool


class Welcome(TypedDict):
    type: Literal["welcome"]
    you: list[str]
    refused: list[int]
    chat: list[Json]
    emotes: tuple[str, ...]
    layout: orjson.Fragment  # boards.board_layout, encoded once
    game: GameView


class StateSent(TypedDict):
    type: Literal["state"]
    seq: int
    phase: str
    current: str | None
    roll: str | None
    contenders: list[str]
    rolloff: dict[str, int]
    moves: list[Json]  # boards.move_view of each outcome's first move, with "same"
    can_pass: bool
    forced_pass: bool
    last: LogEntry | None
    log: list[LogEntry]
    seats: dict[str, SeatView]
    watchers: int
    idle_left: float | None
    outcome: Json | None  # views.GameViews.outcome_view
    rematch: str | None
    pieces: list[Json]  # boards.piece_spots


class SeatsSent(TypedDict):
    type: Literal["seats"]
    seats: dict[str, SeatView]
    watchers: int
    idle_left: float | None


class RematchSent(TypedDict):
    type: Literal["rematch"]
    id: str
    url: str


# "from" is a keyword: the functional form
ChatSent = TypedDict(
    "ChatSent",
    {
        "type": Literal["chat"],
        "colour": str | None,
        "from": str,
        "emote": str | None,
        "text": str | None,
    },
)


class ErrorSent(TypedDict):
    type: Literal["error"]
    message: str


# hint and winprob answers: {"type", "seq", **the worker's body} (workers.answer,
# workers.chances_body), a winprob's with "final"
