"""A game's WebSocket protocol (docs/web-protocol.md, "WebSocket"): the messages a client may
send, each with the shape it accepts and the handler that takes it, and the shapes of the
messages the server sends. A game's session (session.py) implements the handlers; views.py
makes what is sent.

The shapes are written once, in messages.schema.json (JSON Schema): the dispatch table here is
held to its client messages, ``HELD_TOKENS`` and ``EMOTES`` are read from it, and so are the
checks of a message's fields (``Shape``); the page's types are made from it
(tools/message_types.py), and tests hold the TypedDicts below, the handlers' own checks and
what the server sends to it (tests/web/test_protocol.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NotRequired, Protocol, TypedDict

import orjson

from pegrace.i18n import N_, Said, SaidJson, said

Json = dict[str, Any]
SCHEMA_FILE = Path(__file__).with_name("messages.schema.json")
SCHEMA: Json = orjson.loads(SCHEMA_FILE.read_bytes())
DEFS: dict[str, Json] = SCHEMA["$defs"]
ADVICE_TYPES = ("hint", "winprob")  # answered to the asker only, worked out off the lock
# the quick reactions offered: words, which every font draws (emoji need a colour-emoji font)
EMOTES: tuple[str, ...] = tuple(DEFS["Emote"]["enum"])
# seat tokens one hello may carry (a browser holds a game's seats, no more)
HELD_TOKENS: int = DEFS["Hello"]["properties"]["tokens"]["maxItems"]
PONG = '{"type": "pong"}'
SAY_HELLO = said("say hello first: {hello}", hello='{"type": "hello", "tokens": [...]}')
# the schema's errorMessages, marked for the catalogs (a test holds them to the schema)
SCHEMA_ERRORS = (
    N_('"tokens" must be a list of at most {maxItems} seat tokens (strings)'),
    N_('a move message needs "move": the text of a listed move'),
    N_('"name" must be text'),
    N_('a resign message needs "colour": a seat you hold'),
    N_('a chat message holds "text" (or "emote": one of the emotes)'),
    # TRANSLATORS: {value} is what the client sent, {enum} the emotes it may send
    N_("emote {value}: one of {enum}"),
)


def to_json(value: Any) -> str:
    """Compact JSON text of a message (orjson: several times faster than the json module,
    which matters because every event's state is encoded once)."""
    return orjson.dumps(value).decode()


class Client(Protocol):
    """A connected browser (an app.Connection, or a fake in tests); ``key`` says who it is
    for the limits (its address, an IPv6 one by its /64)."""

    key: str

    async def send_text(self, data: str) -> None: ...


# ---------------------------------------------------------------- the schema's checks
Fits = Callable[[object], bool]
_JSON_TYPES: dict[str, Fits] = {  # bound checks where they can be: a call less per value
    "string": str.__instancecheck__,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": bool.__instancecheck__,
    "null": lambda v: v is None,
    "array": list.__instancecheck__,
    "object": dict.__instancecheck__,
}


def resolved(schema: Json) -> Json:
    """``schema`` with the definition its ``$ref`` names (``#/$defs/NAME``) merged in."""
    while "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        schema = {**DEFS[name], **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def fits(schema: Json) -> Fits:
    """A test of a value against ``schema``, for the keywords the client messages use (type,
    const, enum, items, maxItems); ValueError names any other, so none is passed over. Made
    once, of as few calls as can be: it runs on messages as they come."""
    schema = resolved(schema)
    known = {"type", "const", "enum", "items", "maxItems", "description", "errorMessage"}
    if unknown := set(schema) - known:
        raise ValueError(f"messages.schema.json: no check here for {sorted(unknown)}")
    tests: list[Fits] = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        of_type = [_JSON_TYPES[kind] for kind in kinds]
        tests.append(of_type[0] if len(of_type) == 1 else lambda v: any(t(v) for t in of_type))
    if "const" in schema:
        const = schema["const"]
        tests.append(lambda v: type(v) is type(const) and v == const)
    if "enum" in schema:
        if not all(isinstance(value, str) for value in schema["enum"]):
            raise ValueError("messages.schema.json: an enum here holds strings only")
        enum = frozenset(schema["enum"])
        tests.append(lambda v: isinstance(v, str) and v in enum)
    if "items" in schema or "maxItems" in schema:
        most = schema.get("maxItems")
        item = fits(schema["items"]) if "items" in schema else None

        def array(v: object) -> bool:  # whether it must be an array is the type's to say
            if not isinstance(v, list):
                return True
            return (most is None or len(v) <= most) and (item is None or all(map(item, v)))

        tests.append(array)
    if not tests:
        return lambda v: True
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:  # the common case: a type and one more
        first, second = tests
        return lambda v: first(v) and second(v)
    return lambda v: all(test(v) for test in tests)


def error_said(schema: Json, value: object) -> Said:
    """The schema's ``errorMessage`` for ``value`` (one of ``SCHEMA_ERRORS``), with what its
    placeholders stand for: ``value``, quoted, and the schema's own."""
    schema = resolved(schema)
    template = str(schema["errorMessage"])
    values: dict[str, str | int] = {
        "value": repr(str(value)[:20]),
        "maxItems": schema.get("maxItems", ""),
        "enum": " ".join(map(str, schema.get("enum", ()))),
    }
    used = {name: v for name, v in values.items() if "{" + name + "}" in template}
    return said(template, **used)


def error_text(schema: Json, value: object) -> str:
    """The schema's ``errorMessage`` for ``value``, its placeholders filled in (English)."""
    return str(error_said(schema, value))


@dataclass(frozen=True)
class Field:
    """One field of a client message: whether it must be there, its test and its schema."""

    name: str
    required: bool
    fits: Fits
    schema: Json


@dataclass(frozen=True)
class Shape:
    """The checks of one client message's fields, from its definition in the schema (its
    ``type`` is checked by the dispatch table; ``if``/``else`` is left to its handler)."""

    name: str  # the definition's
    types: tuple[str, ...]
    fields: tuple[Field, ...]

    @classmethod
    def of(cls, name: str) -> Shape:
        schema = DEFS[name]
        kind = schema["properties"]["type"]
        types = tuple(kind["enum"]) if "enum" in kind else (kind["const"],)
        required = set(schema.get("required", ()))
        fields = tuple(
            Field(field, field in required, fits(sub), sub)
            for field, sub in schema["properties"].items()
            if field != "type"
        )
        return cls(name, types, fields)

    def problem(self, message: Json) -> Said | None:
        """What is wrong with the message's fields, in the schema's words; None: nothing."""
        for field in self.fields:
            if field.name in message:
                value = message[field.name]
                if not field.fits(value):
                    return error_said(field.schema, value)
            elif field.required:
                return error_said(field.schema, None)
        return None


# every message type a client may send, by its "type", in the order the schema lists them
SHAPES: dict[str, Shape] = {
    kind: shape
    for ref in DEFS["ClientMessage"]["oneOf"]
    for shape in [Shape.of(ref["$ref"].removeprefix("#/$defs/"))]
    for kind in shape.types
}


# ---------------------------------------------------------------- client to server
# The shapes a client should send (messages.schema.json's, which a test holds these to).
# Nothing that comes is trusted: every field is checked, here or by its handler.
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


class Resign(TypedDict):
    type: Literal["resign"]
    colour: str


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

    async def on_resign(self, client: Client, colour: str) -> None: ...

    async def on_chat(self, client: Client, message: Chat) -> None: ...

    async def on_ask(self, client: Client, kind: str) -> None: ...

    async def error(self, client: Client, message: Said | str) -> None: ...


Handler = Callable[[Handlers, Client, Any], Awaitable[None]]


@dataclass(frozen=True)
class Accepted:
    """A message type a client may send: how it is handled (its handler, whose argument's
    type is the shape it accepts, after the checks of its fields in ``shape`` where there
    are any), whether it takes the game's lock, and whether it needs a hello first."""

    handle: Handler
    shape: Shape | None = None  # the checks made before the handler
    locked: bool = True
    needs_hello: bool = True


def _accepted(
    kind: str,
    handler: Handler,
    locked: bool = True,
    needs_hello: bool = True,
    checked_first: bool = True,
) -> Accepted:
    """The dispatch table's entry for ``kind``: its fields (the schema's ``SHAPES``) checked
    before its handler, an error answering a bad one; unless it has none (then nothing stands
    between the message and its handler), or its handler checks the game first, such as
    whose turn it is, and the fields after that, in the schema's words (``checked_first``
    false)."""
    shape = SHAPES[kind]
    if not (checked_first and shape.fields):
        return Accepted(handler, None, locked, needs_hello)
    problem = shape.problem

    async def checked(game: Handlers, client: Client, message: Json) -> None:
        found = problem(message)
        if found is None:
            await handler(game, client, message)
        else:
            await game.error(client, found)

    return Accepted(checked, shape, locked, needs_hello)


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


async def _resign(game: Handlers, client: Client, message: Resign) -> None:
    await game.on_resign(client, message["colour"])


async def _chat(game: Handlers, client: Client, message: Chat) -> None:
    await game.on_chat(client, message)


async def _ask(game: Handlers, client: Client, message: Ask) -> None:
    await game.on_ask(client, message["type"])


# every message type a client may send, by its "type", in the order an error lists them (the
# schema's): a move's, a name's and a chat line's fields are checked by their handlers, after
# whose turn it is or whether a watcher may (GameSession.on_act, GameTalk.on_name, on_chat)
MESSAGES: dict[str, Accepted] = {
    "hello": _accepted("hello", _hello, needs_hello=False),
    "roll": _accepted("roll", _roll),
    "move": _accepted("move", _move, checked_first=False),
    "ping": _accepted("ping", _ping, locked=False, needs_hello=False),
    "name": _accepted("name", _name, checked_first=False),
    "back": _accepted("back", _back),
    "resign": _accepted("resign", _resign),
    "chat": _accepted("chat", _chat, checked_first=False),
    **{kind: _accepted(kind, _ask) for kind in ADVICE_TYPES},
}
MESSAGE_TYPES = tuple(MESSAGES)
if tuple(SHAPES) != MESSAGE_TYPES:
    raise ImportError(
        f"the dispatch table's messages {MESSAGE_TYPES} are not the schema's {tuple(SHAPES)}"
    )


def accepted(message: object) -> Accepted | None:
    """The message type of a decoded message, or None if it is not one a client may send."""
    kind = message.get("type") if isinstance(message, dict) else None
    return MESSAGES.get(kind) if isinstance(kind, str) else None


def unknown_message(text: str) -> Said:
    return said(
        'unknown message {message}: send a JSON object whose "type" is one of {types}',
        message=repr(text[:80]),
        types=", ".join(MESSAGE_TYPES),
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
    turns: str  # a game over days: "play" or "away" (turnrules.py); "" for a live one
    computer_delay: float
    code: str | None  # its room code (roomcodes.py); None for a game made before codes
    seed: str | None  # secret (null) until the game is over


class SeatView(TypedDict):
    kind: str  # "human", "open" or "computer:LEVEL"
    connected: bool
    takeover: bool
    name: str | None


class Placed(TypedDict):
    side: str  # a colour, or "red+green" for a team
    place: int  # 1 is first
    out: bool  # out of the game (a bottom place), not finished


class LogEntry(TypedDict):
    seq: int
    colour: str
    roll: str | None
    move: str | None
    said: SaidJson  # the event in words, told of its player
    by: str  # "human", "computer" or "takeover"
    steps: list[Json]
    rolloff: bool
    captured: int  # the opponent pieces the move captured
    placed: list[Placed]  # the sides whose places the event settled
    resign: bool  # the seat resigned


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
    bonus: int  # the count of the bonus move due (Rules.bonus), 0 when the roll's
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
    places: list[Placed]  # the places settled so far, by place
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
    message: str  # in English, for developers and bots: the words of ``said``
    said: NotRequired[SaidJson]  # for a person, in their language (an error that has them)


def error_sent(words: Said | str) -> ErrorSent:
    """An error as its client is sent it: its English and, where it has them, its words for
    the page to say in the person's language (refusals.py)."""
    if isinstance(words, str):
        return {"type": "error", "message": words}
    return {"type": "error", "message": str(words), "said": words.json()}


# hint and winprob answers: {"type", "seq", **the worker's body} (workers.advise,
# workers.chances_body), a winprob's with "final"
class HintSent(TypedDict):
    type: Literal["hint"]
    seq: int
    colour: str
    move: str
    label: SaidJson  # the move in words
    why: SaidJson  # why the expert prefers it
    depth: int


class WinprobSent(TypedDict):
    type: Literal["winprob"]
    seq: int
    playouts: int
    player: str
    chances: list[Json]  # {"side", "chance", "low", "high"}, "learned" where there is one
    final: bool


class PongSent(TypedDict):
    type: Literal["pong"]
