"""Playing with people, over the protocol: names (checked, kept with the game, in the log),
the watcher count, the idle limit's countdown and the "I'm back" message."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from test_session import red_taken_over
from webclient import TestClient, hello, new_game, next_of, receive_until, running, send

from pegrace.i18n import said_from_json
from pegrace.web.store import Store

TWO_HUMANS = {"red": "human", "green": "human"}


def test_a_seats_person_names_it_and_the_log_and_seats_say_the_name(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with running(db) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, [created["tokens"]["red"]])
            send(ws, type="name", name="  Ann   Lee ")
            seats = receive_until(ws, lambda m: m["type"] == "seats" and m["seats"]["red"]["name"])
            assert seats["seats"]["red"]["name"] == "Ann Lee"
            assert seats["seats"]["green"]["name"] is None
            send(ws, type="roll")
            update = next_of(ws, "state")
            said = str(said_from_json(update["last"]["said"]))
            assert said == f"Ann Lee pops {update['last']['roll']}"
    with running(db) as client:  # a restarted server keeps the name and the log's words
        state = client.get(f"/api/games/{created['id']}").json()
        assert state["seats"]["red"]["name"] == "Ann Lee"
        assert str(said_from_json(state["log"][0]["said"])).startswith("Ann Lee pops ")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "a name is 1 to 20 characters, not 0"),
        ("x" * 21, "a name is 1 to 20 characters, not 21"),
        ("Ann\u0007", "control, invisible or unassigned characters"),
        (42, '"name" must be text'),
    ],
)
def test_a_bad_name_is_refused_by_name_and_changes_nothing(
    client: TestClient, name: object, problem: str
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, [created["tokens"]["red"]])
        send(ws, type="name", name=name)
        error = next_of(ws, "error")
        assert problem in error["message"]
    state = client.get(f"/api/games/{created['id']}").json()
    assert state["seats"]["red"]["name"] is None


def test_a_watcher_has_no_name_to_give_and_is_counted(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    path = f"/ws/{created['id']}"
    with client.websocket_connect(path) as player, client.websocket_connect(path) as watcher:
        hello(player, [created["tokens"]["red"]])
        _, state = hello(watcher, [])
        assert state["watchers"] == 1
        seats = receive_until(player, lambda m: m["type"] == "seats" and m["watchers"] == 1)
        assert seats["watchers"] == 1
        send(watcher, type="name", name="Eve")
        assert "you are watching this game" in next_of(watcher, "error")["message"]
    assert client.get(f"/api/games/{created['id']}").json()["seats"]["red"]["name"] is None


def test_the_state_says_how_long_the_seat_to_act_has_before_the_computer_takes_over(
    client: TestClient,
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, idle_seconds=90)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, [created["tokens"]["red"]])
        assert 0 < state["idle_left"] <= 90
    unlimited = new_game(client, game="trouble", seats=TWO_HUMANS, idle_seconds=0)
    with client.websocket_connect(f"/ws/{unlimited['id']}") as ws:
        _, state = hello(ws, [unlimited["tokens"]["red"]])
        assert state["idle_left"] is None


def test_im_back_ends_the_takeover_of_the_persons_seat(tmp_path: Path) -> None:
    with red_taken_over(tmp_path, idle_seconds=0.5) as (_, ws):
        send(ws, type="back")  # and nothing else: the button alone brings the seat back
        receive_until(ws, lambda m: m["type"] == "seats" and not m["seats"]["red"]["takeover"])


def test_a_store_made_before_names_gains_the_column_and_loads(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as old:  # the seats table as an older pegrace made it
        old.execute(
            "CREATE TABLE seats (game TEXT NOT NULL, colour TEXT NOT NULL, "
            "kind TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (game, colour))"
        )
    store = Store(db)
    columns = {row[1] for row in store.db.execute("PRAGMA table_info(seats)")}
    store.close()
    assert "name" in columns


def test_the_lobby_lists_listed_games_by_open_seats_and_the_callers_own(
    client: TestClient,
) -> None:
    waiting = new_game(client, game="trouble", seats={"red": "human", "green": "open"}, listed=True)
    playing = new_game(client, game="trouble", seats=TWO_HUMANS, listed=True)
    private = new_game(client, game="trouble", seats={"red": "human", "green": "open"})
    lobby = client.get("/api/lobby").json()
    assert [g["id"] for g in lobby["open"]] == [waiting["id"]]
    assert lobby["open"][0]["open"] == ["green"]
    assert lobby["open"][0]["seats"][0] == {"colour": "red", "kind": "human", "name": None}
    assert [g["id"] for g in lobby["watch"]] == [playing["id"]]
    assert lobby["mine"] == []
    mine = client.get(f"/api/lobby?mine={private['id']},nosuchgame").json()["mine"]
    assert [g["id"] for g in mine] == [private["id"]]  # unlisted, but this browser's own


def test_the_lobby_refuses_what_is_not_a_game_id_and_listed_must_be_true_or_false(
    client: TestClient,
) -> None:
    answer = client.get("/api/lobby?mine=ok,<script>")
    assert answer.status_code == 400 and "'<script>' is not a game id" in answer.json()["error"]
    answer = client.post(
        "/api/games", json={"game": "trouble", "seats": TWO_HUMANS, "listed": "yes"}
    )
    assert answer.status_code == 400 and "listed 'yes'" in answer.json()["error"]


def test_a_qr_code_is_the_modules_of_the_text_and_bad_text_is_refused(client: TestClient) -> None:
    import segno

    text = "http://192.168.1.20:8000/game/abc#seat=red.secret"
    code = client.post("/api/qr", json={"text": text}).json()
    matrix = segno.make(text, error="m").matrix
    assert code["size"] == len(matrix)
    assert code["rows"] == ["".join(map(str, row)) for row in matrix]
    for bad in ("", "x" * 513, 7):
        answer = client.post("/api/qr", json={"text": bad})
        assert answer.status_code == 400 and "1 to 512 characters" in answer.json()["error"]


def test_chat_lines_and_emotes_reach_everyone_and_later_joiners_see_the_last_ones(
    client: TestClient,
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    path = f"/ws/{created['id']}"
    with client.websocket_connect(path) as player, client.websocket_connect(path) as watcher:
        hello(player, [created["tokens"]["red"]])
        hello(watcher, [])
        send(player, type="chat", text="  good   luck <b>all</b> ")
        line = next_of(watcher, "chat")
        assert line == {
            "type": "chat",
            "colour": "red",
            "from": "Red",
            "text": "good luck <b>all</b>",
            "emote": None,
        }
        assert next_of(player, "chat")["text"] == "good luck <b>all</b>"  # its own, too
        send(watcher, type="chat", emote="Yay!")
        cheer = next_of(player, "chat")
        assert (cheer["from"], cheer["colour"], cheer["emote"]) == ("a watcher", None, "Yay!")
    with client.websocket_connect(path) as late:
        welcome, _ = hello(late, [])
        assert [(c["text"], c["emote"]) for c in welcome["chat"]] == [
            ("good luck <b>all</b>", None),
            (None, "Yay!"),
        ]


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        ({"text": "x" * 141}, "a chat line is 1 to 140 characters, not 141"),
        ({"text": "   "}, 'holds "text"'),
        ({"text": "hi\u200bthere"}, "control, invisible or unassigned characters"),
        ({"emote": "<img>"}, "emote '<img>': one of"),
    ],
)
def test_a_bad_chat_line_is_refused_by_name_and_sent_to_nobody(
    client: TestClient, message: dict[str, str], problem: str
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, [created["tokens"]["red"]])
        send(ws, type="chat", **message)
        assert problem in next_of(ws, "error")["message"]
        welcome, _ = hello(ws, [created["tokens"]["red"]])
        assert welcome["chat"] == []


def test_watchers_cannot_chat_where_the_host_said_so_and_chat_is_rate_limited(
    client: TestClient,
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, watcher_chat=False)
    path = f"/ws/{created['id']}"
    with client.websocket_connect(path) as watcher:
        hello(watcher, [])
        send(watcher, type="chat", text="hi")
        assert "watchers cannot chat in this game" in next_of(watcher, "error")["message"]
    with client.websocket_connect(path) as player:
        hello(player, [created["tokens"]["red"]])
        for _ in range(3):  # a burst of a quarter of a minute's lines passes
            send(player, type="chat", emote="Nice!")
            assert next_of(player, "chat")["emote"] == "Nice!"
        send(player, type="chat", emote="Nice!")
        assert "slow down: at most 12 chat lines a minute" in next_of(player, "error")["message"]
