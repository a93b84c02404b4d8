"""SQLite persistence of web games: their settings, seats (with hashed seat tokens) and every
event. One small insert per event, committed at once in WAL mode, so killing the server loses
nothing and a restart can replay each game exactly."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pegrace.errors import PegraceError
from pegrace.web.settings import GameSettings

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    settings TEXT NOT NULL,      -- GameSettings as JSON
    rematch TEXT                 -- the id of the game that replaced this one
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    colour TEXT NOT NULL,
    kind TEXT NOT NULL,          -- human | open | computer:LEVEL (an open seat turns human)
    token_hash TEXT,             -- sha256 of the seat token; NULL for open and computer seats
    PRIMARY KEY (game, colour)
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,        -- 1, 2, ... in the order played
    colour TEXT NOT NULL,
    roll TEXT,                   -- the roll as JSON, for a roll event
    move TEXT,                   -- the move's text, for a move event
    actor TEXT NOT NULL,         -- human | computer | takeover
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
"""


class StoreError(PegraceError):
    """The game store cannot be opened or does not hold what was asked for."""


def default_db_path() -> Path:
    """$PEGRACE_DATA/games.sqlite3, else ~/.local/share/pegrace/games.sqlite3."""
    folder = os.environ.get("PEGRACE_DATA")
    base = Path(folder) if folder else Path.home() / ".local" / "share" / "pegrace"
    return base / "games.sqlite3"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredSeat:
    kind: str
    token_hash: str | None


@dataclass
class StoredEvent:
    seq: int
    colour: str
    roll: Any  # JSON value, None for a move
    move: str | None
    actor: str


@dataclass
class StoredGame:
    id: str
    settings: GameSettings
    seats: dict[str, StoredSeat]  # in board order
    events: list[StoredEvent]
    rematch: str | None


EventRow = tuple[str, int, str, Any, str | None, str]  # game, seq, colour, roll, move, actor


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # autocommit: every event is its own small transaction (WAL makes that cheap)
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open the game store {path}: {err}") from None

    def close(self) -> None:
        self.db.close()

    def create_game(self, game_id: str, settings: GameSettings, tokens: dict[str, str]) -> None:
        """A new game with its seats; ``tokens`` holds the colours given a token now."""
        hashes = {colour: token_hash(token) for colour, token in tokens.items()}
        with self.transaction():
            self.db.execute(
                "INSERT INTO games (id, created, settings) VALUES (?, ?, ?)",
                (game_id, time.time(), json.dumps(settings.to_json())),
            )
            self.db.executemany(
                "INSERT INTO seats (game, colour, kind, token_hash) VALUES (?, ?, ?, ?)",
                [
                    (game_id, colour, kind, hashes.get(colour))
                    for colour, kind in settings.seats.items()
                ],
            )

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """The statements run inside ``with store.transaction():`` commit together or not at all."""
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def claim_seat(self, game_id: str, colour: str, kind: str, token: str) -> None:
        self.db.execute(
            "UPDATE seats SET kind = ?, token_hash = ? WHERE game = ? AND colour = ?",
            (kind, token_hash(token), game_id, colour),
        )

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        self.db.execute("UPDATE games SET rematch = ? WHERE id = ?", (rematch_id, game_id))

    def add_events(self, rows: list[EventRow]) -> None:
        """Store events in one transaction: all of them or, on an error, none."""
        with self.transaction():
            self.db.executemany(
                "INSERT INTO events (game, seq, colour, roll, move, actor, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(*row[:3], None if row[3] is None else json.dumps(row[3]), *row[4:], time.time())
                 for row in rows],
            )  # fmt: skip

    def load_game(self, game_id: str) -> StoredGame | None:
        row = self.db.execute(
            "SELECT settings, rematch FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        settings = GameSettings.from_json(json.loads(row[0]))
        stored = {
            colour: StoredSeat(kind, digest)
            for colour, kind, digest in self.db.execute(
                "SELECT colour, kind, token_hash FROM seats WHERE game = ?", (game_id,)
            )
        }
        seats = {colour: stored[colour] for colour in settings.seats}
        events = [
            StoredEvent(seq, colour, None if roll is None else json.loads(roll), move, actor)
            for seq, colour, roll, move, actor in self.db.execute(
                "SELECT seq, colour, roll, move, actor FROM events WHERE game = ? ORDER BY seq",
                (game_id,),
            )
        ]
        return StoredGame(game_id, settings, seats, events, row[1])

    def game_ids(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT id FROM games ORDER BY created")]


class EventWriter:
    """Group commit: the events that arrive in one turn of the event loop (from any number
    of games) are committed in one transaction, and each caller resumes once its event is on
    disk. A game changes and tells its players only after that, so killing the server loses
    nothing it has announced, while a busy server commits far less often than once per event.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rows: list[EventRow] = []
        self.done: asyncio.Future[None] | None = None

    async def write(self, row: EventRow) -> None:
        """Store one event; raises StoreError (and stores nothing of its batch) on failure."""
        self.rows.append(row)
        if self.done is None:
            loop = asyncio.get_running_loop()
            self.done = loop.create_future()
            loop.call_soon(self.commit)
        # shielded: one caller being cancelled must not cancel the commit the others wait for
        await asyncio.shield(self.done)

    def commit(self) -> None:
        rows, done = self.rows, self.done
        self.rows, self.done = [], None
        assert done is not None
        try:
            self.store.add_events(rows)
        except sqlite3.Error as err:
            done.set_exception(StoreError(f"could not store {len(rows)} event(s): {err}"))
            done.exception()  # retrieved here: the callers may all have gone
        else:
            done.set_result(None)
