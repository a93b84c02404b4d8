"""The game store on PostgreSQL (``pegrace serve --store postgresql://...``), through psycopg 3:
the SQL every store runs (``gamestore.GameStore``), its own numbered migrations applied when it
opens (under an advisory lock, so servers starting together apply each step once). Any number
of servers share one such store (docs/web-servers.md, "Several servers"): an event's number
is stored once (the other server's event is refused, ``Taken``), every event and seat change is
announced to the others as it commits (notices.py), and each game's computer seats and idle
clock are driven by the one server holding its lease (``drivers``)."""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import psycopg

from pegrace.errors import saying
from pegrace.i18n import Said, said
from pegrace.web.gamestore import (
    EVENT_COLUMNS,
    RESIGN_COLUMN,
    TAKEOVER_COLUMN,
    EventRow,
    GameStore,
    Migration,
    Row,
    StoreError,
    stored_rows,
)
from pegrace.web.mail import migration as notices_migration
from pegrace.web.masking import masked, without_password
from pegrace.web.notices import CHANNEL, Listener, parse
from pegrace.web.profilestore import migration as profiles_migration
from pegrace.web.roomcodes import CODE_MIGRATION
from pegrace.web.turns import migration as turns_migration

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
    (
        # chat lines told to the other servers: a notice names a line, which its readers
        # take from here, so only a role that may write this table can say anything
        """CREATE TABLE chat (
            id BIGSERIAL PRIMARY KEY,
            game TEXT NOT NULL,
            line TEXT NOT NULL                      -- the line as JSON
        )""",
        # the servers on the store, each until when it is there (the database's clock): the
        # limits by address are each server's share (limits.Fleet)
        """CREATE TABLE servers (
            name TEXT PRIMARY KEY,
            until DOUBLE PRECISION NOT NULL
        )""",
    ),
    # profiles, their seats and results, turn-based games' clocks, notices (issue 54)
    (*profiles_migration("DOUBLE PRECISION"), *turns_migration(), *notices_migration()),
    CODE_MIGRATION,  # each game's room code (roomcodes.py)
    (RESIGN_COLUMN,),  # an event that is a seat resigning (issue 57)
)

# a chat line kept (the newest CHAT_ROWS of every game's, for the servers to read when told)
# and announced as it commits
CHAT_ROWS = 10_000
ADD_CHAT = f"""
WITH kept AS (INSERT INTO chat (game, line) VALUES (?, ?) RETURNING id, game),
old AS (DELETE FROM chat WHERE id <= (SELECT id FROM kept) - {CHAT_ROWS})
SELECT pg_notify('{CHANNEL}', 'chat ' || ? || ' ' || game || ' ' || id) FROM kept
"""

# the events stored (an event whose number its game holds is left out), announced on commit
# ("events SERVER ID SEQ,ID SEQ,...", 200 a notice: within the 8,000 bytes a notice may hold)
ADD_EVENTS = f"""
WITH stored AS (
    INSERT INTO events ({EVENT_COLUMNS})
    SELECT * FROM unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[],
        ?::float8[], ?::int[])
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

RECONNECT_SECONDS = 2  # how long a call waits for a new connection, its own having dropped

# a server on the store, until when (the database's clock); those long gone are forgotten
THERE = f"""
WITH gone AS (DELETE FROM servers WHERE until < {NOW} - 3600)
INSERT INTO servers (name, until) VALUES (?, {NOW} + ?)
ON CONFLICT (name) DO UPDATE SET until = EXCLUDED.until
"""

# advisory lock keys (any 64-bit numbers, the same for every pegrace): "pegrace" and a byte
MIGRATION_LOCK = 0x70656772616365_01
# A store opening while another server migrates it waits for that server's lock, tried again
# and again rather than waited on in the database (where nothing would bound the wait), saying
# so once it has waited a while; past MIGRATION_WAIT_SECONDS it gives up (a server stuck in
# its migration, or a session that took the lock and never let go).
MIGRATION_WAIT_SECONDS = 60.0
MIGRATION_WAIT_SAID_SECONDS = 1.0
MIGRATION_LOCK_TRIES_SECONDS = 0.1
LOG = logging.getLogger("pegrace.web")


@functools.lru_cache(maxsize=256)
def placeholders(sql: str) -> str:
    """``?`` parameters as psycopg writes them (``%s``; a literal ``%`` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresStore(GameStore):
    failures = (psycopg.Error,)
    shared = True

    tables = (*GameStore.tables, "schema_version")  # its schema's version is kept in a table

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 10.0,
        read_only: bool = False,
        migration_wait: float = MIGRATION_WAIT_SECONDS,
    ) -> None:
        """The store in the database at ``url`` (its tables made if missing, after waiting at
        most ``migration_wait`` seconds for another server's migration); ``read_only``: as it
        is, refused unless a pegrace store of this schema (``check_as_it_is``)."""
        self.url, self.where = url, without_password(url)
        try:
            self.db = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)))
        except psycopg.Error as err:
            raise self.refusal(err) from None
        with self.opening():
            if read_only:
                self._read_only()
            else:
                self._migrate(migration_wait)

    def said(self, err: BaseException) -> str:
        return masked(super().said(err), self.url)

    def _read_only(self) -> None:
        """Every transaction of this session read-only (the database refuses a write), and
        the schema checked, not migrated."""
        self.query("SET default_transaction_read_only = on")
        self.check_as_it_is(MIGRATIONS)

    def _migrate(self, wait: float) -> None:
        self._lock_migrations(wait)
        try:
            self.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            self.migrate(MIGRATIONS)
        finally:
            self.query("SELECT pg_advisory_unlock(?)", (MIGRATION_LOCK,))

    def _lock_migrations(self, wait: float) -> None:
        """Take MIGRATION_LOCK, waiting at most ``wait`` seconds for the server that holds
        it (said in the log after MIGRATION_WAIT_SAID_SECONDS); a StoreError past that."""
        started = time.monotonic()
        told = False
        while not self.query("SELECT pg_try_advisory_lock(?)", (MIGRATION_LOCK,))[0][0]:
            waited = time.monotonic() - started
            if waited >= wait:
                # TRANSLATORS: {store} is a URL; {seconds} a number of seconds ("s"); {lock}
                # the lock and who holds it ("advisory lock 42, held by the session of pid 7")
                gave_up = said(
                    "gave up on the game store {store} after {seconds} s: another server's "
                    "migration of it has not ended ({lock}); let it end, or end that session, "
                    "and start again",
                    store=self.where,
                    seconds=round(wait, 3),
                    lock=self._lock_holder(),
                )
                raise saying(StoreError, gave_up)
            if not told and waited >= MIGRATION_WAIT_SAID_SECONDS:
                LOG.warning(
                    "waiting for another server's migration of %s (%s), at most %g s",
                    self.where, self._lock_holder(), wait,
                )  # fmt: skip
                told = True
            time.sleep(MIGRATION_LOCK_TRIES_SECONDS)

    def _lock_holder(self) -> Said:
        """MIGRATION_LOCK and the database session that holds it, in words."""
        found = self.query(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid::bigint = ? AND objid::bigint = ? AND objsubid = 1",
            (MIGRATION_LOCK >> 32, MIGRATION_LOCK & 0xFFFFFFFF),
        )
        if found:
            # TRANSLATORS: a PostgreSQL lock ({lock}: its number) and the session (its
            # process's {pid}) that holds it
            return said(
                "advisory lock {lock}, held by the session of pid {pid}",
                lock=str(MIGRATION_LOCK),
                pid=str(found[0][0]),
            )
        # TRANSLATORS: a PostgreSQL lock ({lock}: its number)
        return said("advisory lock {lock}", lock=str(MIGRATION_LOCK))

    def close(self) -> None:
        self.db.close()

    def reconnected(self, err: Exception) -> bool:
        """A new connection in place of one the database dropped (a restart, a terminated
        backend): True if there is one now; False for any other error, or if the database
        cannot be reached (the next call tries again)."""
        if not (self.db.closed or self.db.broken or isinstance(err, psycopg.OperationalError)):
            return False
        self.db.close()
        try:
            self.db = psycopg.connect(self.url, autocommit=True, connect_timeout=RECONNECT_SECONDS)
        except psycopg.Error:
            return False
        return True

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

    def count_servers(self, seconds: float) -> int:
        self.query(THERE, (self.server, seconds))
        (found,) = self.query(f"SELECT count(*) FROM servers WHERE until >= {NOW}")
        return max(1, int(found[0]))

    def let_go(self, game_id: str, server: str) -> None:
        self.query("DELETE FROM drivers WHERE game = ? AND server = ?", (game_id, server))

    def announce(self, kind: str, game_id: str, more: str = "") -> None:
        notice = f"{kind} {self.server} {game_id} {more}".rstrip()
        self.query("SELECT pg_notify(?, ?)", (CHANNEL, notice))

    def announce_chat(self, game_id: str, line: str) -> None:
        self.query(ADD_CHAT, (game_id, line, self.server))

    def chat_line(self, game_id: str, number: int) -> str | None:
        found = self.query("SELECT line FROM chat WHERE id = ? AND game = ?", (number, game_id))
        return str(found[0][0]) if found else None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self.db.transaction():
            yield

    def has_table(self, name: str) -> bool:
        return bool(self.query("SELECT to_regclass(?) IS NOT NULL", (name,))[0][0])

    def schema_version(self) -> int:
        found = self.query("SELECT max(version) FROM schema_version")
        return int(found[0][0] or 0)

    def set_schema_version(self, version: int) -> None:
        self.query("DELETE FROM schema_version")
        self.query("INSERT INTO schema_version (version) VALUES (?)", (version,))
