"""The game store on PostgreSQL (``pegrace serve --store postgresql://...``), through psycopg 3:
the SQL every store runs (``gamestore.GameStore``), its own numbered migrations applied when it
opens (under an advisory lock, so servers starting together apply each step once), and, for a
server, a lock that keeps a second server off the same database while one process holds each
game in memory."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg

from pegrace.web.gamestore import GameStore, Migration, Row, StoreError, without_password

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
)

# advisory lock keys (any 64-bit numbers, the same for every pegrace): "pegrace" and a byte
MIGRATION_LOCK = 0x70656772616365_01
SERVER_LOCK = 0x70656772616365_02


@functools.lru_cache(maxsize=256)
def placeholders(sql: str) -> str:
    """``?`` parameters as psycopg writes them (``%s``; a literal ``%`` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresStore(GameStore):
    failures = (psycopg.Error,)

    def __init__(self, url: str, *, server: bool = False, timeout: float = 10.0) -> None:
        """The store in the database at ``url`` (its tables made if missing); ``server``:
        hold the database for this process (another server there is refused, naming it)."""
        self.where = without_password(url)
        try:
            self.db = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)))
        except psycopg.Error as err:
            raise StoreError(f"cannot open the game store {self.where}: {err}") from None
        try:
            self._migrate()
            if server and not self.query("SELECT pg_try_advisory_lock(?)", (SERVER_LOCK,))[0][0]:
                raise StoreError(
                    f"the game store {self.where} is in use: another server holds it "
                    "(stop it, or serve another --store)"
                )
        except psycopg.Error as err:
            self.db.close()
            raise StoreError(f"cannot open the game store {self.where}: {err}") from None
        except StoreError:
            self.db.close()
            raise

    def _migrate(self) -> None:
        self.query("SELECT pg_advisory_lock(?)", (MIGRATION_LOCK,))
        try:
            self.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            self.migrate(MIGRATIONS)
        finally:
            self.query("SELECT pg_advisory_unlock(?)", (MIGRATION_LOCK,))

    def close(self) -> None:
        self.db.close()  # which lets go of its advisory locks

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with self.db.cursor() as cursor:
            cursor.execute(placeholders(sql), params)
            return cursor.fetchall() if cursor.description else []

    def query_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.db.cursor() as cursor:
            cursor.executemany(placeholders(sql), rows)

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
