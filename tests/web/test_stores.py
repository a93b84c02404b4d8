"""Every game store keeps one contract, SQLite's and PostgreSQL's alike (a real PostgreSQL
server: tests/postgres.py): games, seats and events come back as written; an event number is
never stored twice; the lobby reads its flag, not the settings, so a damaged row is a
StoreError for its own game only; the schema is migrated once however often a store opens;
one server holds a store; `pegrace store copy` moves every game both ways and checks it; and
the app serves, and resumes, a game kept in PostgreSQL."""

from __future__ import annotations

import asyncio
import functools
import time
from pathlib import Path

import psycopg
import pytest
from webclient import TWO_HUMANS, act, hello, new_game, next_of, running

from pegrace import cli
from pegrace.web import pgstore
from pegrace.web import store as sqlitestore
from pegrace.web.gamestore import RESIGN_COLUMN, GameStore, StoreError, Taken, token_hash
from pegrace.web.pgstore import MIGRATIONS as PG_MIGRATIONS
from pegrace.web.settings import GameSettings, parse_settings
from pegrace.web.store import MIGRATIONS as SQLITE_MIGRATIONS
from pegrace.web.storecalls import EventWriter, StoreCalls
from pegrace.web.storecopy import copy_games
from pegrace.web.stores import Where, held, is_postgres, open_store, shown

SEATS = {"red": "human", "yellow": "open"}


@functools.cache
def settings(listed: bool = False, solo: bool = False) -> GameSettings:
    """The same settings (its seed drawn once) for the same arguments."""
    seats = {"red": "human", "yellow": "computer:random"} if solo else None
    made, _ = parse_settings(
        {"game": "ludo", "idle_seconds": 30, "seats": seats or SEATS, "listed": listed}
    )
    return made


def a_game(store: GameStore, game_id: str = "g1", listed: bool = False) -> None:
    store.create_game(game_id, settings(listed), {"red": "secret-red"})
    store.add_events(
        [
            (game_id, 1, "red", 5, None, "human", False),
            (game_id, 2, "yellow", [2, 6], None, "takeover", False),
        ]
    )
    store.add_events([(game_id, 3, "yellow", None, "pass", "takeover", False)])


def test_a_new_games_names_are_stored_with_its_seats(where: Where) -> None:
    store = open_store(where)
    try:
        store.create_game("g1", settings(), {"red": "secret-red"}, names={"red": "Ann"})
        game = store.load_game("g1")
    finally:
        store.close()
    assert game is not None
    assert {c: s.name for c, s in game.seats.items()} == {"red": "Ann", "yellow": None}


def test_a_game_its_seats_and_events_come_back_as_written(where: Where) -> None:
    store = open_store(where)
    try:
        a_game(store)
        store.add_events([("g1", 4, "red", None, None, "human", True)])  # red resigns
        assert store.claim_seats("g1", {"yellow": "secret-yellow"})
        store.set_names("g1", ["red"], "Ada")
        assert store.create_game("g2", settings(False), {}, rematch_of="g1")
        game = store.load_game("g1")
    finally:
        store.close()
    assert game is not None and game.settings == settings(False)
    assert {c: (s.kind, s.token_hash, s.name) for c, s in game.seats.items()} == {
        "red": ("human", token_hash("secret-red"), "Ada"),
        "yellow": ("human", token_hash("secret-yellow"), None),
    }
    assert [(e.seq, e.colour, e.roll, e.move, e.actor, e.resign) for e in game.events] == [
        (1, "red", 5, None, "human", False),
        (2, "yellow", [2, 6], None, "takeover", False),
        (3, "yellow", None, "pass", "takeover", False),
        (4, "red", None, None, "human", True),
    ]
    assert game.rematch == "g2"


def test_a_store_from_before_resigning_gains_the_column_and_its_events_are_plays(
    where: Where, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store of the version before resign events (issue 57) migrates: its events read back
    as rolls and moves, and a resign is kept from then on."""
    kind = pgstore if is_postgres(where) else sqlitestore
    every = kind.MIGRATIONS
    before = every[: every.index((RESIGN_COLUMN,))]
    with monkeypatch.context() as patched:
        patched.setattr(kind, "MIGRATIONS", before)
        with open_store(where) as old:
            assert old.schema_version() == len(before)
            old.create_game("g1", settings(), {"red": "secret-red"})
            old.query(
                "INSERT INTO events (game, seq, colour, roll, move, actor, at) "
                "VALUES ('g1', 1, 'red', '5', NULL, 'human', 0)"
            )
    with open_store(where) as opened:
        assert opened.schema_version() == len(every)
        opened.add_events([("g1", 2, "red", None, None, "human", True)])
        loaded = opened.load_game("g1")
    assert loaded is not None
    assert [(e.roll, e.resign) for e in loaded.events] == [(5, False), (None, True)]


def test_a_takeover_is_kept_until_it_ends_or_the_seat_is_claimed(where: Where) -> None:
    store = open_store(where)
    try:
        a_game(store)
        store.set_takeover("g1", ["red", "yellow"], on=True)
        taken = {c for c, seat in store.seats_of("g1")[0].items() if seat.takeover}
        store.set_takeover("g1", ["red"], on=False)
        loaded = store.load_game("g1")
        assert store.claim_seats("g1", {"yellow": "secret-yellow"})  # a new person: theirs
        claimed = {c for c, seat in store.seats_of("g1")[0].items() if seat.takeover}
    finally:
        store.close()
    assert taken == {"red", "yellow"} and claimed == set()
    assert loaded is not None
    assert {c for c, seat in loaded.seats.items() if seat.takeover} == {"yellow"}


def test_an_event_number_is_stored_once_and_a_taken_one_fails_alone(where: Where) -> None:
    store = open_store(where)
    try:
        a_game(store)
        a_game(store, "g2")
        writer = EventWriter(StoreCalls(store))

        async def together() -> list[BaseException | None]:
            again = writer.write(("g1", 3, "red", 4, None, "human", False))  # seq 3 is taken
            fresh = writer.write(("g2", 4, "red", 4, None, "human", False))  # same batch: stored
            return await asyncio.gather(again, fresh, return_exceptions=True)

        results = asyncio.run(together())
        assert isinstance(results[0], Taken) and results[1] is None, results
        assert "game g1: event 3 was stored first by another server" in str(results[0])
        assert [e.seq for e in store.events_after("g1", 0)] == [1, 2, 3]
        assert [e.roll for e in store.events_after("g2", 2)] == [None, 4]
    finally:
        store.close()


def test_the_lobby_lists_by_its_flag_and_a_damaged_game_fails_alone(where: Where) -> None:
    store = open_store(where)
    try:
        a_game(store, "shown", listed=True)
        store.create_game("solo", settings(True, solo=True), {})
        a_game(store, "hidden")
        store.query("UPDATE games SET settings = '{' WHERE id = ?", ("shown",))
        found = store.lobby_games(10, time.time() - 60, True, 100)
        assert [game_id for game_id, _ in found] == ["solo", "shown"]
        assert [game_id for game_id, _ in store.lobby_games(10, 0, False, 100)] == ["shown"]
        with pytest.raises(StoreError, match="game shown cannot be loaded: its settings"):
            store.load_game("shown")
        assert store.load_game("solo") is not None
    finally:
        store.close()


def test_the_schema_is_migrated_once_however_often_a_store_opens(where: Where) -> None:
    last = len(PG_MIGRATIONS if isinstance(where, str) else SQLITE_MIGRATIONS)
    first = open_store(where)
    a_game(first)
    first.close()
    for _ in range(2):
        again = open_store(where)
        assert again.schema_version() == last
        assert again.load_game("g1") is not None
        again.close()


def test_a_second_server_on_an_sqlite_store_is_refused_and_on_postgresql_welcome(
    where: Where,
) -> None:
    with held(where):
        if isinstance(where, str):
            with held(where):  # any number of servers share a PostgreSQL store
                pass
        else:
            with pytest.raises(StoreError, match="is in use") as refused, held(where):
                pass
            assert shown(where) in str(refused.value)
    with held(where):  # let go when the first server stops
        pass


def test_one_server_at_a_time_drives_a_game_until_its_lease_lapses(where: Where) -> None:
    with open_store(where) as store:
        a_game(store)
        assert store.drive("g1", "one", 0.5)
        if not isinstance(where, str):  # SQLite: one server, which always drives
            assert store.drive("g1", "two", 0.5)
            return
        assert not store.drive("g1", "two", 0.5)  # one holds it
        assert store.drive("g1", "one", 0.5)  # and renews it
        time.sleep(0.6)
        assert store.drive("g1", "two", 0.5)  # lapsed: two takes it
        assert not store.drive("g1", "one", 0.5)
        store.let_go("g1", "two")
        assert store.drive("g1", "one", 0.5)  # let go of: one takes it at once


def test_a_password_never_shows() -> None:
    url = "postgresql://pegrace:hunter2@db.example:5432/games"
    assert shown(url) == "postgresql://pegrace:***@db.example:5432/games"


def test_an_unreachable_postgresql_is_a_store_error_naming_it() -> None:
    url = "postgresql://pegrace:hunter2@127.0.0.1:1/games"
    with pytest.raises(
        StoreError, match=r"cannot open the game store postgresql://pegrace:\*\*\*@"
    ):
        open_store(url)


# ---------------------------------------------------------------- copying


def played_games(where: Where) -> list[str]:
    """Games of computers played to different lengths through the app, and one not begun."""
    ids = []
    computers = {"red": "computer:random", "green": "computer:random"}
    with running(where) as client:
        for events in (0, 3, 12):
            game = new_game(client, game="trouble", seats=computers, seed=events)
            ids.append(game["id"])
            with client.websocket_connect(f"/ws/{game['id']}") as ws:
                _, state = hello(ws, [])
                while state["seq"] < events:
                    state = next_of(ws, "state")
        ids.append(new_game(client, game="trouble", seats=TWO_HUMANS)["id"])
    return ids


def test_store_copy_moves_every_game_to_postgresql_and_back(tmp_path: Path, pg_url: str) -> None:
    sqlite = tmp_path / "games.sqlite3"
    ids = played_games(sqlite)
    source, target = open_store(sqlite), open_store(pg_url)
    try:
        copied = copy_games(source, target)
        assert copied.games == len(ids) and copied.events > 10
        for game_id in ids:
            assert target.game_rows(game_id) == source.game_rows(game_id)
    finally:
        source.close(), target.close()
    back = tmp_path / "back.sqlite3"
    assert cli.main(["store", "copy", pg_url, str(back)]) == 0
    source, target = open_store(sqlite), open_store(back)
    try:
        assert target.game_ids() == source.game_ids()
        for game_id in ids:
            assert target.game_rows(game_id) == source.game_rows(game_id)
    finally:
        source.close(), target.close()


def test_store_copy_refuses_a_target_that_holds_a_game(tmp_path: Path, pg_url: str) -> None:
    sqlite = tmp_path / "games.sqlite3"
    store = open_store(sqlite)
    a_game(store)
    store.close()
    target = open_store(pg_url)
    a_game(target)
    target.close()
    with (
        open_store(sqlite) as source_store,
        open_store(pg_url) as target_store,
        pytest.raises(StoreError, match="already holds game g1"),
    ):
        copy_games(source_store, target_store)


# ---------------------------------------------------------------- serving


def test_the_app_serves_and_resumes_a_game_kept_in_postgresql(pg_url: str) -> None:
    with running(pg_url) as client:
        game = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
        with client.websocket_connect(f"/ws/{game['id']}") as ws:
            _, state = hello(ws, list(game["tokens"].values()))
            while state["seq"] < 6:
                act(ws, state)
                state = next_of(ws, "state")
    with psycopg.connect(pg_url) as db:
        events = db.execute("SELECT count(*) FROM events WHERE game = %s", (game["id"],))
        assert events.fetchone() == (state["seq"],)
    with running(pg_url) as client:  # a restart: the game comes back from PostgreSQL
        answer = client.get(f"/api/games/{game['id']}")
        assert answer.status_code == 200 and answer.json()["seq"] == state["seq"]


def test_store_copy_refuses_a_source_that_is_not_there_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nothing.sqlite3"
    assert cli.main(["store", "copy", str(missing), str(tmp_path / "copy.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err == f"pegrace: error: SRC {missing}: no such store (an SQLite file, or a URL)\n"
    assert sorted(tmp_path.iterdir()) == []  # nothing made
