"""What the server refuses a person with reaches the page in words for their language: every
error a person using the page can meet carries, besides its English (``message``, ``error``),
the same as a ``Said`` (``said``: pegrace/i18n.py), whose English it is. Each is provoked
here through the app and read back in the pseudo-locale, where a word no catalog holds shows
as plain English."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from webclient import (
    TWO_HUMANS,
    Json,
    TestClient,
    WebSocketTestSession,
    act,
    hello,
    new_game,
    next_of,
    receive,
    receive_until,
    running,
    send,
)

from pegrace.i18n import PSEUDO, Said, said, said_from_json, said_n
from pegrace.web import protocol
from pegrace.web.connections import FROM_YOUR_ADDRESS, refuse
from pegrace.web.limits import Limits

LETTERS = re.compile(r"[A-LN-Za-z]")  # English letters ("M" is its own accented form)
# an argument of words alone, which a catalog should have said: a value (a number, something
# quoted, notation, an address, JSON, an error's detail) holds more than letters and spaces
PLAIN_WORDS = re.compile(r"[A-Za-z]+( [A-Za-z]+)*")


def blanked(words: Said) -> Said:
    """``words`` with every argument that is a value blank (words alone are kept)."""

    def value(arg: Said | str | int) -> Said | str | int:
        if isinstance(arg, Said):
            return blanked(arg)
        return arg if isinstance(arg, str) and PLAIN_WORDS.fullmatch(arg) else ""

    # a game's id may be letters alone: a value all the same
    args = tuple((name, "" if name == "game" else value(arg)) for name, arg in words.args)
    return Said(words.text, args, words.plural, words.count, words.context)


def english_left(words: Said) -> str:
    """The English letters of ``words`` in the pseudo-locale, but its arguments' values: none
    where every word came from the catalogs."""
    return "".join(LETTERS.findall(blanked(words).said_in(PSEUDO)))


def said_words(english: str, sent: Any) -> Said:
    """The ``said`` of an answer, checked: the same as its English, every word translated."""
    assert isinstance(sent, dict), f"no words for a person: {english!r}"
    words = said_from_json(sent)
    assert str(words) == english
    assert english_left(words) == "", words.said_in(PSEUDO)
    assert words.said_in(PSEUDO).startswith("[")
    return words


def refused(answer: Any, status: int, *, containing: str = "") -> Said:
    """A JSON API refusal, with its status, its English and its words checked."""
    body = answer.json()
    assert answer.status_code == status, body
    assert containing in body["error"]
    return said_words(body["error"], body.get("said"))


def socket_error(ws: WebSocketTestSession, containing: str = "") -> Said:
    """The next error a socket is sent, with its English and its words checked."""
    error = next_of(ws, "error")
    assert containing in error["message"]
    return said_words(error["message"], error.get("said"))


# ---------------------------------------------------------------- the machinery
def test_a_said_read_back_from_its_json_is_the_same() -> None:
    inner = said_n("{count} peg", "{count} pegs", 3)
    words = Said("{who} has {pegs}", (("who", "Ann"), ("pegs", inner)), context="test")
    assert said_from_json(words.json()) == words
    assert said_from_json(json.loads(json.dumps(words.json()))) == words
    with pytest.raises(ValueError, match="not a Said"):
        said_from_json({"a": {}})


def test_words_left_in_english_are_found() -> None:
    assert english_left(said("{who} moves", who=said("Red"))) == ""
    assert english_left(said("{move} is not legal", move="'13>17'")) == ""  # a value
    assert english_left(said("it is {who}'s turn", who="red")) == "red"
    assert english_left(said("{a}; {b}", a=said("one"), b="you watch")) == "youwatch"


def test_every_schema_error_is_marked_for_the_catalogs() -> None:
    schema_errors = {
        str(protocol.resolved(field)["errorMessage"])
        for definition in protocol.DEFS.values()
        for field in definition.get("properties", {}).values()
        if "errorMessage" in protocol.resolved(field)
    }
    assert schema_errors == set(protocol.SCHEMA_ERRORS)


# ---------------------------------------------------------------- playing
def test_turns_and_watching_are_refused_in_words(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    path = f"/ws/{created['id']}"
    tokens = created["tokens"]
    with client.websocket_connect(path) as red, client.websocket_connect(path) as green:
        hello(red, [tokens["red"]])
        hello(green, [tokens["green"]])
        send(green, type="roll")
        socket_error(green, "it is Red's turn, not yours (you play Green)")
        send(red, type="move", move="nothing")
        socket_error(red, "Red must pop first")
        with client.websocket_connect(path) as watcher:
            hello(watcher, [])
            send(watcher, type="roll")
            socket_error(watcher, "you are watching this game")
            send(watcher, type="hint")
            socket_error(watcher, "no hint now: you are watching this game")
            send(watcher, type="winprob")
            socket_error(watcher, "only the game's players may ask for new win chances")
            send(watcher, type="name", name="Ann")
            socket_error(watcher, "only a seat's player has a name here")


def test_a_move_out_of_place_is_refused_in_words(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, list(created["tokens"].values()))
        while state["phase"] != "move" or state["forced_pass"]:
            act(ws, state)
            state = next_of(ws, "state")
        send(ws, type="roll")
        socket_error(ws, "has rolled")
        send(ws, type="move", move="13>17 nothing")
        socket_error(ws, "'13>17 nothing' is not a legal move: ")
        send(ws, type="move", move=7)
        socket_error(ws, 'a move message needs "move"')


def test_a_finished_game_refuses_in_words(client: TestClient) -> None:
    seats = {"red": "computer:random", "green": "computer:random"}
    created = new_game(client, game="trouble", seats=seats, seed=11)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, [])
        receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")
        send(ws, type="hint")
        socket_error(ws, "no hint now: the game is over")


def test_tokens_for_no_seat_here_are_told_in_words(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="hello", tokens=[created["tokens"]["red"], "made-up"])
        socket_error(ws, "1 of 2 seat tokens are not for this game (you play Red)")
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="hello", tokens=["made-up"])
        socket_error(ws, "1 of 1 seat tokens are not for this game (you watch)")


def test_messages_no_page_sends_are_refused_in_words(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="roll")
        socket_error(ws, "say hello first")
        ws.send_text("{nope")
        socket_error(ws, "message is not valid JSON: ")
        send(ws, type="dance")
        socket_error(ws, "unknown message")
        send(ws, type="hello", tokens="abc")
        socket_error(ws, '"tokens" must be a list of at most 16 seat tokens (strings)')
        ws.send_bytes(b"{}")
        socket_error(ws, "send JSON text frames, not binary ones")


# ---------------------------------------------------------------- names and chat
@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "a name is 1 to 20 characters, not 0"),
        ("x" * 21, "a name is 1 to 20 characters, not 21"),
        ("a\u200bb", "a name cannot hold control, invisible or unassigned characters"),
        ("\ufdfd", "a name holds a character drawn many letters wide"),
        ("e" + "\u0301" * 5, "a name stacks more than 3 accents on one letter"),
        ("Green", "a name cannot be another seat's colour ('Green')"),
        ("a watcher", "'a watcher' is what the server calls others: choose another name"),
        (7, '"name" must be text'),
    ],
)
def test_a_refused_name_says_why_in_words(client: TestClient, name: object, problem: str) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, [created["tokens"]["red"]])
        send(ws, type="name", name=name)
        socket_error(ws, problem)


def test_refused_chat_says_why_in_words(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, watcher_chat=False)
    path = f"/ws/{created['id']}"
    with client.websocket_connect(path) as player, client.websocket_connect(path) as watcher:
        hello(player, [created["tokens"]["red"]])
        hello(watcher, [])
        send(watcher, type="chat", text="hi")
        socket_error(watcher, "watchers cannot chat in this game (its host said so)")
        send(player, type="chat", text="x" * 141)
        socket_error(player, "a chat line is 1 to 140 characters, not 141")
        send(player, type="chat", emote="<img>")
        socket_error(player, "emote '<img>': one of Nice!")
        send(player, type="chat", text=" ")
        socket_error(player, 'a chat message holds "text"')


# ---------------------------------------------------------------- limits
def test_limits_on_a_game_are_told_in_words(db: Path) -> None:
    limits = Limits(
        messages_per_second=100_000,
        chats_per_minute=1,
        names_per_minute=1,
        winprob_per_minute=1,
        hellos_per_minute=3,
    )
    with running(db, limits=limits) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        path = f"/ws/{created['id']}"
        with client.websocket_connect(path) as ws:
            hello(ws, list(created["tokens"].values()))
            send(ws, type="chat", text="one")
            next_of(ws, "chat")
            send(ws, type="chat", text="two")
            socket_error(ws, "slow down: at most 1 chat line a minute")
            send(ws, type="name", name="Ann")
            send(ws, type="name", name="Bea")
            socket_error(ws, "slow down: a seat may change its name at most 1 time a minute")
            send(ws, type="winprob")
            next_of(ws, "winprob")
            send(ws, type="roll")
            next_of(ws, "state")
            send(ws, type="winprob")
            socket_error(ws, "no winprob now: win chances are worked out at most 1 time")
            for _ in range(3):
                send(ws, type="hello", tokens=[])
            socket_error(ws, "slow down: at most 3 hellos a minute from one address to a game")


def test_a_flood_of_messages_is_closed_in_words(db: Path) -> None:
    with running(db, limits=Limits(messages_per_second=1)) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            for _ in range(4):
                send(ws, type="ping")
            error = receive_until(ws, lambda m: m["type"] == "error")
            said_words(error["message"], error.get("said"))
            assert error["message"] == "more than 1 messages a second: closed"


def test_too_many_sockets_and_no_such_game_are_told_in_words(db: Path) -> None:
    with running(db, limits=Limits(sockets_per_address=1)) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        path = f"/ws/{created['id']}"
        with client.websocket_connect(path), client.websocket_connect(path) as second:
            error = second.receive_json()
            assert "at most 1 open game connection from one address" in error["message"]
            said_words(error["message"], error["said"])
        with client.websocket_connect("/ws/nosuchgame") as ws:
            error = receive(ws)
            assert error["message"] == "no game 'nosuchgame'"
            said_words(error["message"], error["said"])


def test_limits_on_an_address_are_told_in_words(db: Path) -> None:
    limits = Limits(games_per_minute=1, replays_per_minute=1, qr_per_minute=1)
    with running(db, limits=limits) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        again = client.post("/api/games", json={"game": "trouble", "seats": TWO_HUMANS})
        refused(again, 429, containing="at most 1 new game a minute from one address")
        replay = f"/api/games/{created['id']}/replay"
        assert client.get(replay).status_code == 200
        refused(client.get(replay), 429, containing="at most 1 replay a minute")
        assert client.post("/api/qr", json={"text": "hello"}).status_code == 200
        refused(client.post("/api/qr", json={"text": "hello"}), 429, containing="1 QR code a")


def test_a_network_s_games_in_play_are_limited_in_words(db: Path) -> None:
    with running(db, limits=Limits(live_games_per_network=1)) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, [])
            answer = client.post("/api/games", json={"game": "trouble", "seats": TWO_HUMANS})
            refused(answer, 429, containing="at most 1 game in play may be made from one")


def test_a_server_holding_all_the_games_it_can_says_so_in_words(db: Path) -> None:
    with running(db, limits=Limits(live_games=1)) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, [])
            answer = client.post("/api/games", json={"game": "trouble", "seats": TWO_HUMANS})
            refused(answer, 503, containing="the server has 1 game in play, as many as it holds")


# ---------------------------------------------------------------- seats and rematches
def test_claims_are_refused_in_words(client: TestClient) -> None:
    seats = {"red": "human", "green": "open"}
    created = new_game(client, game="trouble", seats=seats)
    claim = f"/api/games/{created['id']}/claim"
    refused(client.post(claim, json={"colour": "red"}), 409, containing="Red is not an open seat")
    answer = client.post(claim, json={"colour": "blue"})
    refused(answer, 400, containing="'blue' is not playing in this game (colours: Red, Green)")
    refused(client.post(claim, json={}), 400, containing="say which seat to claim")
    assert client.post(claim, json={"colour": "green"}).status_code == 200
    refused(client.post(claim, json={"colour": "green"}), 409, containing="Green is not an open")


def test_rematches_are_refused_in_words(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, idle_seconds=0.001)
    rematch = f"/api/games/{created['id']}/rematch"
    refused(client.post(rematch, json={"tokens": []}), 409, containing="is not over yet")
    refused(client.post(rematch, json={"tokens": 5}), 400, containing="a rematch takes")
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, [])
        receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")
    answer = client.post(rematch, json={"tokens": ["made-up"]})
    refused(answer, 403, containing="'s rematch is for its players")


# ---------------------------------------------------------------- requests
def test_no_such_game_and_bad_requests_are_refused_in_words(client: TestClient) -> None:
    refused(client.get("/api/games/nosuchgame"), 404, containing="no game 'nosuchgame'")
    refused(client.get("/api/lobby?mine=<b>"), 400, containing="is not a game id")
    refused(client.get("/api/lobby?all=yes"), 400, containing="is not 0 or 1")
    refused(client.post("/api/qr", json={"text": ""}), 400, containing="a QR code takes")
    answer = client.post(
        "/api/games", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    refused(answer, 400, containing="the request body is not valid JSON")
    names = {"red": "Ann", "green": "ann"}
    answer = client.post(
        "/api/games", json={"game": "trouble", "seats": TWO_HUMANS, "names": names}
    )
    refused(answer, 400, containing="names: two seats cannot both be called 'ann'")
    seats = {"red": "human", "green": "computer:easy"}
    answer = client.post("/api/games", json={"game": "trouble", "seats": seats, "names": names})
    refused(answer, 400, containing="names: 'green' is not a seat played at this device")


def test_the_guards_refusals_are_in_words(client: TestClient) -> None:
    big = client.post("/api/games", content=b"{" + b" " * 70_000 + b"}")
    refused(big, 413, containing="a request body may hold at most 65536 bytes")
    typed = client.post("/api/games", content=b"{}", headers={"Content-Type": "text/plain"})
    refused(typed, 400, containing="send the body as JSON")
    elsewhere = client.get("/api/catalog", headers={"Host": "evil.example"})
    refused(elsewhere, 421, containing="this server does not serve evil.example")
    forged = client.post("/api/games", json={}, headers={"Origin": "http://evil.example"})
    refused(forged, 403, containing="requests from pages of http://evil.example are refused")


def test_a_connection_refused_at_the_door_says_why_in_words() -> None:
    class Transport:
        written = b""

        def write(self, data: bytes) -> None:
            self.written += data

        def close(self) -> None:
            pass

    transport = Transport()
    refuse(transport, FROM_YOUR_ADDRESS)
    head, _, body = transport.written.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503")
    answer: Json = json.loads(body)
    assert "too many connections from your address" in answer["error"]
    said_words(answer["error"], answer["said"])
