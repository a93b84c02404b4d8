"""The WebSocket messages' one source, messages.schema.json, and what is held to it: the page's
types made from it (tools/message_types.py), protocol.py's TypedDicts and dispatch table, the
handlers' checks of a client's fields (their answers are the schema's errorMessage), and every
message the server sends in a game played to its end."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from webclient import (
    TWO_HUMANS,
    Json,
    TestClient,
    WebSocketTestSession,
    act,
    new_game,
    receive,
    send,
)

from pegrace.i18n import SaidJson
from pegrace.web import protocol
from pegrace.web.protocol import DEFS, SCHEMA, SHAPES, error_said, error_text, resolved

ROOT = Path(__file__).resolve().parents[2]
TYPED_DICTS = {
    **{
        name: value
        for name, value in vars(protocol).items()
        if typing.is_typeddict(value) and value.__module__ == protocol.__name__
    },
    "Said": SaidJson,  # words for a person (pegrace/i18n.py)
}
SCHEMA_NAMES = {typed: name for name, typed in TYPED_DICTS.items()}


def by_type(union: str) -> dict[str, str]:
    """The definitions of a union of messages (ClientMessage, ServerMessage) by "type"."""
    found = {}
    for part in DEFS[union]["oneOf"]:
        name = part["$ref"].removeprefix("#/$defs/")
        kind = DEFS[name]["properties"]["type"]
        for value in kind.get("enum", [kind.get("const")]):
            found[value] = name
    return found


CLIENT, SERVER = by_type("ClientMessage"), by_type("ServerMessage")


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$defs": DEFS, "$ref": f"#/$defs/{name}"})


VALIDATORS = {name: validator(name) for name in {*CLIENT.values(), *SERVER.values()}}


def problems(message: Json, side: dict[str, str]) -> list[str]:
    """What the schema finds wrong with a message (its type: one of ``side``'s)."""
    name = side.get(str(message.get("type")))
    if name is None:
        return [f"no message of type {message.get('type')!r} in the schema"]
    return [f"{name}: {e.json_path}: {e.message}" for e in VALIDATORS[name].iter_errors(message)]


# ---------------------------------------------------------------- the schema and its readers
def test_the_schema_is_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_pages_types_are_what_the_schema_makes() -> None:
    made = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "message_types.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr


def test_the_dispatch_table_takes_the_schemas_client_messages_in_its_order() -> None:
    assert protocol.MESSAGE_TYPES == tuple(CLIENT) == tuple(SHAPES)
    assert DEFS["Hello"]["properties"]["tokens"]["maxItems"] == protocol.HELD_TOKENS
    assert list(protocol.EMOTES) == DEFS["Emote"]["enum"]


def normal(hint: Any) -> Any:
    """A TypedDict field's annotation in the terms ``described`` gives a schema."""
    if hint is orjson.Fragment:
        return "any"  # JSON already encoded: what it holds is the schema's to say
    if typing.is_typeddict(hint):
        return ("ref", SCHEMA_NAMES.get(hint, hint.__name__))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return frozenset(normal(arg) for arg in args)
    if origin is typing.Literal:
        return ("literal", frozenset(args))
    if origin in (list, tuple):
        return ("array", normal(args[0]))
    if origin is dict:
        return "object" if args[1] in (Any, object) else ("map", normal(args[1]))
    names = {str: "string", int: "integer", float: "number", bool: "boolean"}
    return "null" if hint is type(None) else names[hint]


def described(schema: Json | bool) -> Any:
    """A schema in the terms ``normal`` gives an annotation: a definition that has a TypedDict
    by its name, any other by what it is (an object with no TypedDict is Json)."""
    if schema is True:
        return "any"
    assert isinstance(schema, dict)
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return ("ref", name) if name in TYPED_DICTS else described(resolved(schema))
    for union in ("anyOf", "oneOf"):
        if union in schema:
            return frozenset(described(part) for part in schema[union])
    if "const" in schema:
        return ("literal", frozenset([schema["const"]]))
    if "enum" in schema:
        return ("literal", frozenset(schema["enum"]))
    kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    found = set()
    for kind in kinds:
        if kind == "array":
            found.add(("array", described(schema.get("items", True))))
        elif kind == "object" and "additionalProperties" in schema:
            found.add(("map", described(schema["additionalProperties"])))
        else:
            found.add(kind)
    return found.pop() if len(found) == 1 else frozenset(found)


def agrees(hint: Any, schema: Any) -> bool:
    """Whether an annotation (``normal``) says what a schema (``described``) does; a looser
    annotation agrees where Python has no finer type: str with a set of strings, Json with
    any object, an encoded fragment with anything."""
    if hint in (schema, "any"):
        return True
    if isinstance(hint, frozenset) or isinstance(schema, frozenset):
        hints = hint if isinstance(hint, frozenset) else frozenset([hint])
        kinds = schema if isinstance(schema, frozenset) else frozenset([schema])
        return all(any(agrees(h, s) for s in kinds) for h in hints) and all(
            any(agrees(h, s) for h in hints) for s in kinds
        )
    if hint == "string" and isinstance(schema, tuple) and schema[0] == "literal":
        return all(isinstance(value, str) for value in schema[1])
    if hint == "object":
        return schema == "object" or (isinstance(schema, tuple) and schema[0] in ("map", "ref"))
    if isinstance(hint, tuple) and isinstance(schema, tuple) and hint[0] == schema[0]:
        return hint[0] != "literal" and agrees(hint[1], schema[1])
    return False


def fields_of(name: str) -> tuple[Json, set[str]]:
    """A definition's properties and required ones, with those of what its allOf names."""
    schema = DEFS[name]
    properties, required = dict(schema.get("properties", {})), set(schema.get("required", ()))
    for part in schema.get("allOf", ()):
        more, more_required = fields_of(part["$ref"].removeprefix("#/$defs/"))
        properties, required = {**more, **properties}, required | more_required
    return properties, required


def differences(name: str) -> list[str]:
    typed = TYPED_DICTS[name]
    hints = typing.get_type_hints(typed)
    # the annotations' text: NotRequired is lost on Python 3.11 under postponed annotations
    optional = {k for k, text in typed.__annotations__.items() if "NotRequired[" in str(text)}
    properties, required = fields_of(name)
    found = [f"{name}.{k}: not in the schema" for k in hints.keys() - properties.keys()]
    found += [f"{name}.{k}: not in the TypedDict" for k in properties.keys() - hints.keys()]
    for key in hints.keys() & properties.keys():
        if not agrees(normal(hints[key]), described(properties[key])):
            found.append(f"{name}.{key}: {hints[key]} but the schema says {properties[key]}")
        if (key in optional) == (key in required):
            found.append(f"{name}.{key}: required in one, not the other")
    return found


def test_the_typed_dicts_are_the_schemas_definitions() -> None:
    messages = {*CLIENT.values(), *SERVER.values()}
    assert sorted(messages - TYPED_DICTS.keys()) == [], "messages with no TypedDict"
    assert sorted(TYPED_DICTS.keys() - DEFS.keys()) == [], "TypedDicts not in the schema"
    assert [d for name in sorted(TYPED_DICTS) for d in differences(name)] == []


def test_the_comparison_of_typed_dicts_and_schema_sees_a_difference() -> None:
    assert not agrees(normal(list[int]), described({"type": "array", "items": {"type": "string"}}))
    assert not agrees(normal(str | None), described({"type": "string"}))
    assert agrees(normal(str), described({"$ref": "#/$defs/Emote"}))
    assert agrees(
        normal(protocol.Json | None), described(DEFS["StateSent"]["properties"]["outcome"])
    )


def test_the_checks_made_from_the_schema() -> None:
    hello = SHAPES["hello"]
    assert hello.problem({"type": "hello", "tokens": ["a", "b"]}) is None
    assert hello.problem({"type": "hello"}) is None
    for bad in ("abc", [1], ["a"] * 17, None, {"a": 1}):
        assert hello.problem({"type": "hello", "tokens": bad}) == error_said(
            DEFS["Hello"]["properties"]["tokens"], bad
        )
    assert SHAPES["move"].problem({"type": "move"}) == SHAPES["move"].problem(
        {"type": "move", "move": 7}
    )
    assert SHAPES["chat"].problem({"type": "chat", "emote": "Wow"}) is None
    assert SHAPES["chat"].problem({"type": "chat", "emote": "wow"}) is not None


class Recorder:
    """A game and its client both, saying what was called."""

    key = "test"

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        async def called(*args: Any) -> None:
            self.calls.append((name, args[-1] if args else None))

        return called


def test_a_hello_is_checked_before_its_handler_and_a_field_less_message_goes_straight_on() -> None:
    game = Recorder()
    bad = {"type": "hello", "tokens": "abc"}
    asyncio.run(protocol.MESSAGES["hello"].handle(game, game, bad))
    asyncio.run(protocol.MESSAGES["hello"].handle(game, game, {"type": "hello", "tokens": ["t"]}))
    tokens = DEFS["Hello"]["properties"]["tokens"]
    assert game.calls == [("error", error_said(tokens, "abc")), ("on_hello", ["t"])]
    assert protocol.MESSAGES["roll"].handle is protocol._roll
    assert protocol.MESSAGES["move"].shape is None  # on_act checks whose turn it is first


# ---------------------------------------------------------------- the server, held to it
def bad_values(schema: Json) -> list[Any]:
    """Values that break a property's schema, each in its own way."""
    schema = resolved(schema)
    found: list[Any] = []
    if "enum" in schema:
        found += ["<img>", 5]
    if schema.get("type") == "string":
        found += [7, ["text"]]
    if schema.get("type") == "array":
        found += ["abc", [1], ["t"] * (schema.get("maxItems", 1) + 1)]
    assert found, f"no bad values made for {schema}"
    return found


def needed(name: str) -> set[str]:
    """A client message's fields it cannot do without (its ``else``: without the ``if``)."""
    schema = DEFS[name]
    return {*schema.get("required", ()), *schema.get("else", {}).get("required", ())}


BAD_FIELDS = [
    (name, field, value)
    for kind, name in CLIENT.items()
    if kind == DEFS[name]["properties"]["type"].get("const")
    for field, schema in DEFS[name]["properties"].items()
    if "errorMessage" in resolved(schema)
    for value in [*bad_values(schema), *(["missing"] if field in needed(name) else [])]
]


def until_type(ws: WebSocketTestSession, kinds: tuple[str, ...], seen: list[Json]) -> Json:
    while True:
        message = receive(ws)
        seen.append(message)
        if message["type"] in kinds:
            return message


def to_a_move(ws: WebSocketTestSession, state: Json, seen: list[Json]) -> Json:
    """Play on until a seat must choose a move (a forced pass plays itself)."""
    while state["phase"] != "move" or state["forced_pass"]:
        act(ws, state)
        state = until_type(ws, ("state",), seen)
    return state


@pytest.mark.parametrize(("name", "field", "value"), BAD_FIELDS)
def test_a_bad_field_gets_the_schemas_error_from_its_handler(
    client: TestClient, name: str, field: str, value: Any
) -> None:
    """Sent where its handler has nothing else to refuse first: by a seat's holder, a move
    when one is due."""
    schema = DEFS[name]["properties"][field]
    kind = DEFS[name]["properties"]["type"]["const"]
    message: Json = {"type": kind} if value == "missing" else {"type": kind, field: value}
    assert problems(message, CLIENT), "the schema takes it"
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    seen: list[Json] = []
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="hello", tokens=list(created["tokens"].values()))
        state = until_type(ws, ("state",), seen)
        if kind == "move":
            state = to_a_move(ws, state, seen)
        ws.send_text(orjson.dumps(message).decode())
        answer = until_type(ws, ("error",), seen)
    shown = None if value == "missing" else value
    assert answer["message"] == error_text(schema, shown)
    assert answer["said"] == error_said(schema, shown).json()


def play_to_the_end(ws: WebSocketTestSession, state: Json, seen: list[Json]) -> Json:
    picks = 0
    while state["phase"] != "over":
        act(ws, state, pick=picks % 3)
        picks += 1
        state = until_type(ws, ("state",), seen)
    return state


def test_every_message_of_a_game_fits_the_schema(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    game_id, seen = created["id"], []
    sent: list[Json] = [
        {"type": "hello", "tokens": list(created["tokens"].values())},
        {"type": "ping"},
        {"type": "name", "name": "Ann"},
        {"type": "chat", "text": "hello there"},
        {"type": "chat", "emote": protocol.EMOTES[0]},
        {"type": "move", "move": "nothing"},
    ]
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        for message in sent:
            send(ws, **message)
        until_type(ws, ("error",), seen)  # the move, out of turn
        state = [m for m in seen if m["type"] == "state"][-1]
        state = to_a_move(ws, state, seen)
        for kind in ("hint", "winprob"):
            send(ws, type=kind)
            sent.append({"type": kind})
            while until_type(ws, (kind,), seen).get("final") is False:
                pass
        play_to_the_end(ws, state, seen)
        sent.append({"type": "back"})
        send(ws, type="back")
        send(ws, type="roll")  # the game is over: an error
        sent.append({"type": "roll"})
        until_type(ws, ("error",), seen)
        tokens = [created["tokens"]["red"]]
        assert client.post(f"/api/games/{game_id}/rematch", json={"tokens": tokens}).is_success
        until_type(ws, ("rematch",), seen)
    assert [p for message in sent for p in problems(message, CLIENT)] == []
    assert {m["type"] for m in seen} == set(SERVER)
    assert [p for message in seen for p in problems(message, SERVER)] == []


@pytest.mark.parametrize(
    ("game", "options"),
    [("headache", {}), ("ludo", {"variant": "two-dice"}), ("marbles", {"teams": "on"})],
)
def test_the_states_of_every_board_fit_the_schema(
    client: TestClient, game: str, options: dict[str, str]
) -> None:
    """Each board's pieces and moves: stacks (Headache), a move's dice (two-dice Ludo), teams."""
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    seats = dict.fromkeys(catalog[game]["colours"]["4"], "human")
    created = new_game(client, game=game, seats=seats, options=options, seed=2)
    seen: list[Json] = []
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="hello", tokens=list(created["tokens"].values()))
        state = until_type(ws, ("state",), seen)
        for _ in range(120):
            if state["phase"] == "over":
                break
            act(ws, state, pick=len(seen) % 3)
            state = until_type(ws, ("state",), seen)
    assert [p for message in seen for p in problems(message, SERVER)] == []
