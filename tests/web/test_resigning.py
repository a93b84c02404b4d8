"""A seat resigning in a web game (issue 57): a person leaves for good, confirmed on the page;
the others play on, or the last one standing wins; the store keeps it, a restarted server and
the record replay it; a seat nobody holds, or one the rules do not let go, is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from webclient import (
    Json,
    WebSocketTestSession,
    act,
    hello,
    new_game,
    next_of,
    receive_until,
    running,
    send,
)

from pegrace.record import Record, replay

SEATS = {"red": "human", "yellow": "computer:random", "green": "human"}


def to_play(ws: WebSocketTestSession, state: Json) -> Json:
    """Past the roll-off and a few turns, to a human seat rolling."""
    while state["phase"] == "rolloff" or state["seq"] < 12 or state["phase"] != "roll":
        if state["current"] in ("red", "green"):
            act(ws, state)
        state = next_of(ws, "state")
    return state


def resigned(ws: WebSocketTestSession, colour: str) -> Json:
    send(ws, type="resign", colour=colour)
    return receive_until(ws, lambda m: m["type"] == "state" and bool(m["last"]["resign"]))


def test_a_seat_resigns_the_others_play_on_and_the_store_and_record_keep_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    with running(db) as client:
        created = new_game(client, game="trouble", seats=SEATS, seed=57)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, [created["tokens"]["red"], created["tokens"]["green"]])
            state = to_play(ws, state)
            after = resigned(ws, "green")
            entry = after["last"]
            assert (entry["colour"], entry["roll"], entry["move"]) == ("green", None, None)
            assert entry["said"]["t"] == "{who} resigns"
            assert {"side": "green", "place": 3, "out": True} in after["places"]
            assert after["phase"] != "over", "red and yellow play on"
        record = Record.from_json(client.get(f"/api/games/{created['id']}/record").json())
        assert record.events[entry["seq"] - 1].resign
        final = replay(record)[1][-1]
        shown = client.get(f"/api/games/{created['id']}").json()
    (kind,) = sqlite3.connect(db).execute("SELECT resign FROM events WHERE resign = 1").fetchone()
    assert kind == 1
    with running(db) as client:  # a restarted server plays the stored resign again
        again = client.get(f"/api/games/{created['id']}").json()
        assert again["log"][-1] == shown["log"][-1] and again["places"] == shown["places"]
    assert 2 in final.out


def test_the_last_seat_but_one_resigning_ends_the_game(tmp_path: Path) -> None:
    with running(tmp_path / "games.sqlite3") as client:
        created = new_game(client, game="ludo", seats={"red": "human", "yellow": "human"})
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, list(created["tokens"].values()))
            while state["phase"] == "rolloff":
                act(ws, state)
                state = next_of(ws, "state")
            after = resigned(ws, "red")
            assert after["phase"] == "over"
            assert after["outcome"]["places"] == {"red": 2, "yellow": 1}


def test_a_seat_not_held_or_in_the_roll_off_is_refused_and_nothing_changes(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "games.sqlite3") as client:
        created = new_game(client, game="trouble", seats=SEATS, seed=3)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, [created["tokens"]["red"]])
            send(ws, type="resign", colour="red")
            refused = next_of(ws, "error")
            assert "roll-off" in refused["message"]
            send(ws, type="resign", colour="yellow")
            assert "a seat you hold" in next_of(ws, "error")["message"]
            send(ws, type="resign")
            assert '"colour"' in next_of(ws, "error")["message"]
        log = client.get(f"/api/games/{created['id']}").json()["log"]
        assert not any(entry["resign"] for entry in log)
