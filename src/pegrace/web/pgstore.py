"""The game store on PostgreSQL (``pegrace serve --store postgresql://...``), through psycopg 3:
the SQL every store runs (``gamestore.GameStore``), its own numbered migrations applied when it
opens (under an advisory lock, so servers starting together apply each step once). Any number
of servers share one such store (docs/web.md, "Several servers"): an event's number is stored
once (the other server's event is refused, ``Taken``), every event and seat change is announced
to the others as it commits (notices.py), and each game's computer seats and idle clock are
driven by the one server holding its lease (``drivers``)."""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import psycopg

from pegrace.web.gamestore import (
    EVENT_COLUMNS,
    TAKEOVER_COLUMN,
    EventRow,
    GameStore,
    Migration,
    Row,
    StoreError,
    stored_rows,
    without_password,
)
from pegrace.web.notices import CHANNEL, Listener, parse

MIGRATIONS: tuple[Migration, ...] = (
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            created DOUBLE PRECISION NOT NULL,
            settings TEXT NOT NULL,                 -- GameSettings as JSON
            rematch TEXT,                           -- the id of the game that replaced it
            listed BOOLEAN NOT NULL DEFAULT FALSE   -- in the lobby
        )""",
        """CREATE TABLE seats (
            game TEXT NOT NULL REFERENCES games(id),
            colour TEXT NOT NULL,
            kind TEXT NOT NULL,       -- human | open | computer:LEVEL (an open seat turns human)
            token_hash TEXT,          -- sha256 of the seat token; NULL for open and computer seats
            name TEXT,                -- the name the seat's person gave, if any
            PRIMARY KEY (game, colour)
        )""",
        """CREATE TABLE events (
            game TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,     -- 1, 2, ... in the order played
            colour TEXT NOT NULL,
            roll TEXT,                -- the roll as JSON, for a roll event
            move TEXT,                -- the move's text, for a move event
            actor TEXT NOT NULL,      -- human | computer | takeover
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game, seq)
        )""",
        "CREATE INDEX games_by_created ON games (created)",  # the lobby reads the newest first
    ),
    (
        # which server drives a game's computer seats and idle clock, until when (the
        # database's clock, in seconds since 1970): the lease it renews while it drives
        """CREATE TABLE drivers (
            game TEXT PRIMARY KEY,
            server TEXT NOT NULL,
            until DOUBLE PRECISION NOT NULL
        )""",
    ),
    (TAKEOVER_COLUMN,),
)

# the events stored (an event whose number its game holds is left out), announced on commit
# ("events SERVER ID SEQ,ID SEQ,...", 200 a notice: within the 8,000 bytes a notice may hold)
ADD_EVENTS = f"""
WITH stored AS (
    INSERT INTO events ({EVENT_COLUMNS})
    SELECT * FROM unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[],
        ?::float8[])
    ON CONFLICT (game, seq) DO NOTHING
    RETURNING game, seq
), chunks AS (
    SELECT string_agg(game || ' ' || seq, ',') AS stored
    FROM (SELECT game, seq, (row_number() OVER ()) / 200 AS chunk FROM stored) AS numbered
    GROUP BY chunk
)
SELECT stored, pg_notify('{CHANNEL}', 'events ' || ?::text || ' ' || stored) FROM chunks
"""

# a game's lease to its server (or renewed), unless another server holds it unlapsed
NOW = "EXTRACT(EPOCH FROM clock_timestamp())"
TAKE_LEASE = f"""
INSERT INTO drivers (game, server, until) VALUES (?, ?, {NOW} + ?)
ON CONFLICT (game) DO UPDATE SET server = EXCLUDED.server, until = EXCLUDED.until
WHERE drivers.server = EXCLUDED.server OR drivers.until < {NOW}
RETURNING server
"""

# advisory lock keys (any 64-bit numbers, the same for every pegrace): "pegrace" and a byte
MIGRATION_LOCK = 0x70656772616365_01


@functools.lru_cache(maxsize=256)
def placeholders(sql: str) -> str:
    """``?`` parameters as psycopg writes them (``%s``; a literal ``%`` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresStore(GameStore):
    failures = (psycopg.Error,)
    shared = True

    def __init__(self, url: str, *, timeout: float = 10.0) -> None:
        """The store in the database at ``url`` (its tables made if missing)."""
        self.url, self.where = url, without_password(url)
        try:
            self.db = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)))
        except psycopg.Error as err:
            raise StoreError(f"cannot open the game store {self.where}: {err}") from None
        try:
            self._migrate()
        except psycopg.Error as err:
            self.db.close()
            raise StoreError(f"cannot open the game store {self.where}: {err}") from None

    def _migrate(self) -> None:
        self.query("SELECT pg_advisory_lock(?)", (MIGRATION_LOCK,))
        try:
            self.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            self.migrate(MIGRATIONS)
        finally:
            self.query("SELECT pg_advisory_unlock(?)", (MIGRATION_LOCK,))

    def close(self) -> None:
        self.db.close()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with self.db.cursor() as cursor:
            cursor.execute(placeholders(sql), params)
            return cursor.fetchall() if cursor.description else []

    def query_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.db.cursor() as cursor:
            cursor.executemany(placeholders(sql), rows)

    def changed(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self.db.cursor() as cursor:
            cursor.execute(placeholders(sql), params)
            return cursor.rowcount

    def add_events(self, rows: list[EventRow]) -> set[tuple[str, int]]:
        """As every store's, in one statement (one round trip, however many events), which
        announces each event it stores to the other servers as it commits."""
        columns: list[Any] = [list(c) for c in zip(*stored_rows(rows, time.time()), strict=True)]
        columns.append(self.server)
        notices = [f"events - {stored}" for stored, _ in self.query(ADD_EVENTS, columns)]
        stored = {(game_id, int(seq)) for notice in notices for game_id, seq in parse(notice)[1]}
        return {(row[0], row[1]) for row in rows} - stored

    def notices(
        self, heard: Callable[[str, str], None], reconnected: Callable[[], None]
    ) -> AbstractAsyncContextManager[None]:
        return Listener(self.url, self.server, heard, reconnected).running()

    def drive(self, game_id: str, server: str, seconds: float) -> bool:
        # the database's clock, not the servers': theirs may differ
        return bool(self.query(TAKE_LEASE, (game_id, server, seconds)))

    def let_go(self, game_id: str, server: str) -> None:
        self.query("DELETE FROM drivers WHERE game = ? AND server = ?", (game_id, server))

    def announce(self, kind: str, game_id: str, more: str = "") -> None:
        notice = f"{kind} {self.server} {game_id} {more}".rstrip()
        self.query("SELECT pg_notify(?, ?)", (CHANNEL, notice))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self.db.transaction():
            yield

    def schema_version(self) -> int:
        found = self.query("SELECT max(version) FROM schema_version")
        return int(found[0][0] or 0)

    def set_schema_version(self, version: int) -> None:
        self.query("DELETE FROM schema_version")
        self.query("INSERT INTO schema_version (version) VALUES (?)", (version,))
