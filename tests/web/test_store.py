"""The SQLite store: games, seats and events come back as written; tokens are kept only as
hashes; an event number is never stored twice; the default file lies under the data folder; a
damaged game is a StoreError naming it (a 500 over HTTP, close code 4500 over a WebSocket);
one server at a time holds a store's lock."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from webclient import LIMIT, TWO_HUMANS, WebSocketTestSession, new_game, receive, running

from pegrace.web.gamestore import StoreError, Taken, token_hash
from pegrace.web.settings import parse_settings
from pegrace.web.store import Store, StoreLock, default_db_path
from pegrace.web.storecalls import EventWriter, StoreCalls


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(tmp_path / "games.sqlite3")
    yield store
    store.close()


def test_a_game_its_seats_and_events_come_back_as_written(store: Store) -> None:
    settings, _ = parse_settings(
        {"game": "ludo", "idle_seconds": 30, "seats": {"red": "human", "yellow": "open"}}
    )
    store.create_game("g1", settings, {"red": "secret-red"})
    store.add_events(
        [
            ("g1", 1, "red", 5, None, "human", False),
            ("g1", 2, "yellow", [2, 6], None, "takeover", False),
        ]
    )
    store.add_events([("g1", 3, "yellow", None, "pass", "takeover", False)])
    assert store.claim_seats("g1", {"yellow": "secret-yellow"})
    assert store.create_game("g2", settings, {}, rematch_of="g1")
    game = store.load_game("g1")
    assert game is not None
    assert game.settings == settings
    assert {c: (s.kind, s.token_hash) for c, s in game.seats.items()} == {
        "red": ("human", token_hash("secret-red")),
        "yellow": ("human", token_hash("secret-yellow")),
    }
    assert [(e.seq, e.colour, e.roll, e.move, e.actor) for e in game.events] == [
        (1, "red", 5, None, "human"),
        (2, "yellow", [2, 6], None, "takeover"),
        (3, "yellow", None, "pass", "takeover"),
    ]
    assert game.rematch == "g2"
    assert store.load_game("nope") is None


def test_tokens_are_not_stored_in_the_clear(store: Store) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "human"}})
    store.create_game("g1", settings, {"red": "secret-red", "green": "secret-green"})
    dump = "\n".join(store.db.iterdump())
    assert "secret-red" not in dump and token_hash("secret-red") in dump


def test_an_event_number_is_stored_once_and_a_taken_one_is_left_out_alone(store: Store) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "human"}})
    store.create_game("g1", settings, {})
    store.add_events([("g1", 1, "red", 3, None, "human", False)])
    taken = store.add_events(
        [("g1", 2, "green", 5, None, "human", False), ("g1", 1, "red", 4, None, "human", False)]
    )
    assert taken == {("g1", 1)}  # left out, alone
    game = store.load_game("g1")
    assert game is not None and [e.roll for e in game.events] == [3, 5]


def test_events_written_in_one_loop_turn_are_committed_together(store: Store) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "human"}})
    store.create_game("g1", settings, {})
    store.create_game("g2", settings, {})
    commits = []
    store.db.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)

    async def write_both() -> None:
        writer = EventWriter(StoreCalls(store))
        await asyncio.gather(
            writer.write(("g1", 1, "red", 3, None, "human", False)),
            writer.write(("g2", 1, "green", 6, None, "human", False)),
        )
        assert len(commits) == 1  # both in one transaction
        with pytest.raises(Taken, match="game g1: event 1 was stored first"):
            await writer.write(("g1", 1, "red", 4, None, "human", False))

    asyncio.run(write_both())
    store.db.set_trace_callback(None)
    assert len(commits) == 2  # and the refused one in its own, which stored nothing
    assert [[e.roll for e in g.events] for g in map(store.load_game, ["g1", "g2"]) if g] == [
        [3],
        [6],
    ]


def test_a_game_that_fails_to_store_leaves_nothing_behind(store: Store) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "human"}})
    store.create_game("g1", settings, {})
    with pytest.raises(sqlite3.IntegrityError):
        store.create_game("g1", settings, {})  # the same id twice
    assert store.game_ids() == ["g1"]


def test_the_store_uses_write_ahead_logging(store: Store) -> None:
    assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_the_default_file_is_under_the_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PEGRACE_DATA", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "games.sqlite3"
    monkeypatch.delenv("PEGRACE_DATA")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_db_path() == tmp_path / ".local" / "share" / "pegrace" / "games.sqlite3"


def test_a_servers_store_copies_its_log_from_a_thread_of_its_own(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3", background_checkpoints=True)
    checkpointer = store.checkpointer
    assert checkpointer is not None and checkpointer.thread.is_alive()
    # the committing connection would copy the log itself only as a backstop
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (20_000,)
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "human"}})
    store.create_game("g1", settings, {})
    store.add_events([("g1", seq, "red", 3, None, "human", False) for seq in range(1, 50)])
    busy, logged, copied = checkpointer.checkpoint()
    assert busy == 0 and logged == copied
    store.close()
    assert not checkpointer.thread.is_alive()
    again = Store(tmp_path / "games.sqlite3")
    game = again.load_game("g1")
    again.close()
    assert game is not None and len(game.events) == 49


def test_a_writer_cancelled_while_waiting_does_not_stop_the_others(store: Store) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "human"}})
    store.create_game("g1", settings, {})
    store.create_game("g2", settings, {})

    async def one_gives_up() -> None:
        writer = EventWriter(StoreCalls(store))
        leaving = asyncio.create_task(writer.write(("g1", 1, "red", 3, None, "human", False)))
        staying = asyncio.create_task(writer.write(("g2", 1, "green", 6, None, "human", False)))
        await asyncio.sleep(0)  # both are waiting for the commit
        leaving.cancel()
        await asyncio.wait_for(staying, 30)  # the limit only matters if the commit broke
        assert leaving.cancelled()

    asyncio.run(one_gives_up())
    # the batch was committed whole: the cancelled caller's event too
    assert [[e.roll for e in g.events] for g in map(store.load_game, ["g1", "g2"]) if g] == [
        [3],
        [6],
    ]


def test_a_second_lock_on_a_store_is_refused_until_the_first_lets_go(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = StoreLock(db)
    first.acquire()
    lock_file = tmp_path / "games.sqlite3.lock"
    assert lock_file.read_text() == f"{os.getpid()}\n"
    refused = f"the game store {db} is in use: the server with pid {os.getpid()} holds its lock "
    with pytest.raises(StoreError, match=f"^{re.escape(f'{refused}{lock_file} ')}"):
        StoreLock(db).acquire()  # a lock is an open file's: even this process is refused
    first.release()
    with StoreLock(db) as second:
        assert second.fd is not None
    assert second.fd is None and lock_file.read_text() == ""


def a_game_of_two(store: Store, events: int = 3) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": TWO_HUMANS})
    store.create_game("g1", settings, {"red": "secret-red"})
    store.add_events([("g1", seq, "red", 3, None, "human", False) for seq in range(1, events + 1)])


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (
            "UPDATE games SET settings = '{\"game\": \"trou' WHERE id = 'g1'",
            r"its settings are damaged \(Unterminated string",
        ),
        (
            "UPDATE games SET settings = '{\"game\": \"trouble\"}' WHERE id = 'g1'",
            r"its settings are damaged \(no 'players'\)",
        ),
        (
            "UPDATE games SET settings = '[1, 2]' WHERE id = 'g1'",
            r"its settings are damaged \(list indices",
        ),
        ("DELETE FROM seats WHERE game = 'g1' AND colour = 'green'", "no stored seat for green"),
        ("UPDATE events SET roll = '[3,' WHERE seq = 2", r"the roll of event 2 is damaged"),
    ],
)
def test_a_game_with_damaged_rows_is_a_store_error_naming_it(
    store: Store, damage: str, problem: str
) -> None:
    a_game_of_two(store)
    store.db.execute(damage)
    with pytest.raises(StoreError, match=f"^game g1 cannot be loaded: {problem}"):
        store.load_game("g1")


def test_a_damaged_database_page_is_a_store_error_naming_the_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    a_game_of_two(store)
    page_size = store.db.execute("PRAGMA page_size").fetchone()[0]
    # the games' tables' pages are damaged; the schema's (the first pages) stay whole
    roots = store.db.execute(
        "SELECT rootpage FROM sqlite_master WHERE name IN ('games', 'seats', 'events')"
    ).fetchall()
    store.close()  # the last connection to close copies the log into the file
    with db.open("r+b") as raw:
        for (root,) in roots:
            raw.seek((root - 1) * page_size)
            raw.write(b"\xff" * page_size)
    damaged = Store(db)
    try:
        with pytest.raises(StoreError, match=r"^game g1 cannot be loaded: .*malformed"):
            damaged.load_game("g1")
    finally:
        damaged.close()


def close_code(ws: WebSocketTestSession) -> Any:
    """The code the server closes the socket with (its next message must be the close)."""

    async def get() -> Any:
        with anyio.fail_after(LIMIT):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    assert message["type"] == "websocket.close", message
    return message["code"]


def test_a_damaged_game_is_a_500_over_http_and_closed_with_4500(db: Path) -> None:
    with running(db) as client:
        game_id = new_game(client, game="trouble", seats=TWO_HUMANS)["id"]
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET settings = '{' WHERE id = ?", (game_id,))
    raw.close()
    wanted = f"game {game_id} cannot be loaded: its settings are damaged"
    with running(db) as client:  # restarted: the game is loaded from the store
        answer = client.get(f"/api/games/{game_id}")
        assert answer.status_code == 500 and answer.json()["error"].startswith(wanted)
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            error = receive(ws)
            assert error["type"] == "error" and error["message"].startswith(wanted)
            assert close_code(ws) == 4500


# ---------------------------------------------------------------- the store's files are private


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, under which files are made readable by everyone (0644)."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


@pytest.mark.skipif(sys.platform == "win32", reason="no POSIX modes")
@pytest.mark.usefixtures("umask_022")
def test_a_new_store_its_folders_and_lock_are_the_users_alone(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    db = tmp_path / "data" / "pegrace" / "games.sqlite3"
    with StoreLock(db):
        store = Store(db, background_checkpoints=True)
        try:
            a_game_of_two(store)  # the -wal and -shm files are made
            made = {path.name: mode(path) for path in db.parent.iterdir()}
        finally:
            store.close()
    assert made == {
        "games.sqlite3": 0o600,
        "games.sqlite3-wal": 0o600,
        "games.sqlite3-shm": 0o600,
        "games.sqlite3.lock": 0o600,
    }
    assert mode(db.parent) == 0o700 and mode(db.parent.parent) == 0o700  # made by pegrace
    assert mode(tmp_path) == 0o755  # there already: left as it was


@pytest.mark.skipif(sys.platform == "win32", reason="no POSIX modes")
@pytest.mark.usefixtures("umask_022")
def test_a_store_others_may_read_is_tightened(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    a_game_of_two(store)
    wal = db.with_name(db.name + "-wal")
    for path in (db, wal):
        path.chmod(0o644)  # as pegrace made them before
    lock = db.with_name(db.name + ".lock")
    lock.touch(mode=0o666)
    lock.chmod(0o664)
    with StoreLock(db):
        again = Store(db)
        try:
            assert again.load_game("g1") is not None
            modes = {path.name: mode(path) for path in (db, wal, lock)}
        finally:
            again.close()
            store.close()
    assert modes == {
        "games.sqlite3": 0o600,
        "games.sqlite3-wal": 0o600,
        "games.sqlite3.lock": 0o600,
    }


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_a_store_that_is_not_a_regular_file_is_refused_untouched() -> None:
    before = os.stat("/dev/null")
    with pytest.raises(StoreError, match=r"^cannot open the game store /dev/null: .*not a regular"):
        Store(Path("/dev/null"))
    assert os.stat("/dev/null").st_mode == before.st_mode
