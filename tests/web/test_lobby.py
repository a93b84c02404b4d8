"""The front page's lobby: games with other people in it (open seats to join, games to watch),
never one person's game against computers unless asked (``all=1``), never a finished or
abandoned one; each says its turn and how long ago it started."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from webclient import TestClient, act, hello, new_game, next_of, receive_until, running

from pegrace.record import Record, replay
from pegrace.web.hub import ABANDONED_SECONDS, new_game_id
from pegrace.web.settings import parse_settings
from pegrace.web.store import Store

TWO_HUMANS = {"red": "human", "green": "human"}
WAITING = {"red": "human", "green": "open"}
SOLO = {"red": "human", "green": "computer:medium"}


def ids(lobby: dict[str, list[dict[str, object]]], which: str) -> list[object]:
    return [game["id"] for game in lobby[which]]


def older(db: Path, game_id: str, seconds: float, events: bool = True) -> None:
    """Move the game's making (and, with ``events``, every event of it) ``seconds`` back."""
    with sqlite3.connect(db) as store:
        store.execute("UPDATE games SET created = created - ? WHERE id = ?", (seconds, game_id))
        if events:
            store.execute("UPDATE events SET at = at - ? WHERE game = ?", (seconds, game_id))


def test_one_persons_game_against_computers_is_listed_only_when_asked_for(
    client: TestClient,
) -> None:
    solo = new_game(client, game="trouble", seats=SOLO, listed=True)
    waiting = new_game(client, game="trouble", seats=WAITING, listed=True)
    playing = new_game(client, game="trouble", seats=TWO_HUMANS, listed=True)
    # two sets each: red and green are one person's side, against the computers' other side
    sets = new_game(
        client,
        game="trouble",
        players=2,
        options={"two_sets": "on"},
        seats={
            "red": "human",
            "yellow": "computer:easy",
            "green": "human",
            "blue": "computer:easy",
        },
        listed=True,
    )
    lobby = client.get("/api/lobby").json()
    assert ids(lobby, "open") == [waiting["id"]]
    assert ids(lobby, "watch") == [playing["id"]]
    everything = client.get("/api/lobby?all=1").json()
    assert ids(everything, "open") == [waiting["id"]]
    assert ids(everything, "watch") == [sets["id"], playing["id"], solo["id"]]  # newest first
    assert client.get("/api/lobby?all=0").json() == lobby
    mine = client.get(f"/api/lobby?mine={solo['id']}").json()["mine"]
    assert ids({"mine": mine}, "mine") == [solo["id"]]  # your own, solo or not
    answer = client.get("/api/lobby?all=yes")
    assert answer.status_code == 400 and "all: 'yes' is not 0 or 1" in answer.json()["error"]


def test_an_abandoned_game_leaves_the_lobby_by_its_last_event(db: Path) -> None:
    with running(db) as client:
        waiting = new_game(client, game="trouble", seats=WAITING, listed=True)
        playing = new_game(client, game="trouble", seats=TWO_HUMANS, listed=True)
        with client.websocket_connect(f"/ws/{playing['id']}") as ws:
            _, state = hello(ws, list(playing["tokens"].values()))
            act(ws, state)  # the roll-off's first pop: an event now
            next_of(ws, "state")
        # made long ago, but its last event is new: still played
        older(db, playing["id"], 2 * ABANDONED_SECONDS, events=False)
        older(db, waiting["id"], ABANDONED_SECONDS - 60)  # nobody has come yet, for a while
        lobby = client.get("/api/lobby").json()
        assert ids(lobby, "open") == [waiting["id"]] and ids(lobby, "watch") == [playing["id"]]
        older(db, playing["id"], ABANDONED_SECONDS + 1)  # its last event too
        older(db, waiting["id"], 120)  # nobody came in the half hour
        lobby = client.get(f"/api/lobby?all=1&mine={playing['id']}").json()
        assert lobby["open"] == [] and lobby["watch"] == []
        assert ids(lobby, "mine") == [playing["id"]]  # its players still find it


def test_a_finished_game_leaves_the_lobby_but_not_its_players_list(db: Path) -> None:
    with running(db, computer_delay=0.0) as client:
        # two people who never act: the computer plays both seats, to the end
        created = new_game(
            client,
            game="trouble",
            seats=TWO_HUMANS,
            listed=True,
            idle_seconds=0.01,
            options={"play_on": "off"},
        )
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, [])
            if state["phase"] != "over":
                receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")
        lobby = client.get(f"/api/lobby?all=1&mine={created['id']}").json()
        assert lobby["open"] == [] and lobby["watch"] == []
        (mine,) = lobby["mine"]
        assert mine["id"] == created["id"] and mine["over"] is True


def test_each_game_says_its_turn_and_how_long_ago_it_started(db: Path) -> None:
    with running(db) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS, listed=True, seed=5)
        (listed,) = client.get("/api/lobby").json()["watch"]
        assert listed["turn"] == 0 and listed["seq"] == 0 and 0 <= listed["age"] <= 5
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, list(created["tokens"].values()))
            while state["seq"] < 30:
                act(ws, state)
                state = next_of(ws, "state")
        older(db, created["id"], 300, events=False)  # made five minutes ago
        (listed,) = client.get("/api/lobby").json()["watch"]
        record = Record.from_json(client.get(f"/api/games/{created['id']}/record").json())
        _, states = replay(record)
        assert listed["seq"] == len(record.events) >= 30
        assert listed["turn"] == states[-1].turn >= 2  # the engine's own count, past the roll-off
        assert 300 <= listed["age"] <= 310
        (mine,) = client.get(f"/api/lobby?mine={created['id']}").json()["mine"]
        assert mine["turn"] == listed["turn"] and 300 <= mine["age"] <= 310


def test_the_lobby_looks_only_among_the_newest_games_made(tmp_path: Path) -> None:
    """Many games in the store cost a lobby no more than a few: a listed game older than the
    ``scanned`` newest made is not looked at."""
    store = Store(tmp_path / "games.sqlite3")
    settings, _ = parse_settings({"game": "trouble", "seats": WAITING, "listed": True})
    made = [new_game_id() for _ in range(5)]
    for game_id in made:
        store.create_game(game_id, settings, {})
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:  # one a second apart, oldest first
        for age, game_id in enumerate(reversed(made)):
            db.execute("UPDATE games SET created = created - ? WHERE id = ?", (age, game_id))
    found = [game_id for game_id, _ in store.lobby_games(10, 0.0, True, scanned=3)]
    assert found == list(reversed(made))[:3]
    store.close()
