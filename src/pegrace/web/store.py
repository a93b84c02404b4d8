"""SQLite persistence of web games: their settings, seats (with hashed seat tokens) and every
event. One small insert per event, committed at once in WAL mode, so killing the server loses
nothing and a restart can replay each game exactly. A game whose rows are damaged, or that the
store fails to read, raises StoreError naming it. One server at a time holds a store
(``StoreLock``).

A busy server copies the write-ahead log into the database file from a thread of its own
(``Checkpointer``): done by the connection that commits (SQLite's default), each copy and its
fsyncs held every game up for tens of milliseconds, several times a second."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import json
import os
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pegrace.errors import OptionError, PegraceError
from pegrace.readers import loads as strict_loads
from pegrace.web.settings import GameSettings

if sys.platform != "win32":  # Windows has no flock: a second server there is not refused
    import fcntl

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
    name TEXT,                   -- the name the seat's person gave, if any
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
-- the lobby reads the newest games first
CREATE INDEX IF NOT EXISTS games_by_created ON games (created);
"""


class StoreError(PegraceError):
    """The game store cannot be opened or does not hold what was asked for."""


class StoreLock:
    """One server per store: two would each keep a game played on both in memory, both give
    its next event the same number, and the one to store it second be refused, so the game
    would stall. The lock is
    ``flock`` on a file beside the store (``games.sqlite3.lock``) holding the server's pid;
    the system lets go of it when the process ends, however it ends, so it is never stale.
    The file itself stays: removing it would let a second server lock a new file while the
    first still holds the old one."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.path = db.with_name(db.name + ".lock")
        self.fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise StoreError naming the store, the lock file and its holder."""
        if sys.platform == "win32":
            return
        try:
            make_private_folder(self.path.parent)
            fd = private_file(self.path)
        except OSError as err:
            raise StoreError(f"cannot lock the game store {self.db}: {err}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as err:  # closing lets go of the lock if it was taken
            pid = holder_pid(fd) if isinstance(err, BlockingIOError) else None
            os.close(fd)
            raise self._refusal(err, pid) from None
        self.fd = fd

    def _refusal(self, err: OSError, pid: int | None) -> StoreError:
        if not isinstance(err, BlockingIOError):  # a file system without locks, say
            return StoreError(f"cannot lock the game store {self.db}: {err}")
        holder = f"the server with pid {pid}" if pid else "another server"
        return StoreError(
            f"the game store {self.db} is in use: {holder} holds its lock "
            f"{self.path} (stop it, or serve another --db)"
        )

    def release(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)  # while still held, so nobody reads a pid that has gone
            os.close(fd)  # which lets go of the lock

    def __enter__(self) -> StoreLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def holder_pid(fd: int) -> int | None:
    """The pid in a lock file (None if unreadable, or not written yet)."""
    try:
        text = os.pread(fd, 32, 0).decode(errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def default_db_path() -> Path:
    """$PEGRACE_DATA/games.sqlite3, else ~/.local/share/pegrace/games.sqlite3."""
    folder = os.environ.get("PEGRACE_DATA")
    base = Path(folder) if folder else Path.home() / ".local" / "share" / "pegrace"
    return base / "games.sqlite3"


# The store holds running games' dice seeds and the seat tokens' hashes: its files are the
# server's user's alone (SQLite gives its -wal and -shm files the database file's mode).
PRIVATE_FOLDER, PRIVATE_FILE = 0o700, 0o600


def make_private_folder(folder: Path) -> None:
    """Make ``folder`` and its missing parents, each one PRIVATE_FOLDER; a folder that is there
    already is left as it is (it may be /tmp, or one its owner chose to share)."""
    missing = []
    for each in (folder, *folder.parents):
        if each.exists():
            break
        missing.append(each)
    for each in reversed(missing):
        try:
            os.mkdir(each, PRIVATE_FOLDER)
        except FileExistsError:  # made meanwhile, and not by us: left as it is
            continue
        os.chmod(each, PRIVATE_FOLDER)  # whatever the umask is


def private_file(path: Path, create: bool = True) -> int:
    """An open descriptor of the regular file at ``path``, made PRIVATE_FILE if missing (and
    ``create``); one that its group or others may use is tightened to its owner's bits alone.
    Anything but a regular file (a device, a pipe) is refused untouched."""
    flags = os.O_RDWR | os.O_NONBLOCK | os.O_CLOEXEC | (os.O_CREAT if create else 0)
    fd = os.open(path, flags, PRIVATE_FILE)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if stat.S_IMODE(mode) & 0o077:
            os.fchmod(fd, stat.S_IMODE(mode) & 0o700)
    except OSError:
        os.close(fd)
        raise
    return fd


def make_private_store(path: Path) -> None:
    """The store's folder and database file made (or tightened) private before SQLite opens
    the file, and the -wal and -shm files of an earlier run tightened."""
    if sys.platform == "win32":  # no POSIX modes there: the folder's access list decides
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    make_private_folder(path.parent)
    os.close(private_file(path))
    for extra in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.close(private_file(path.with_name(path.name + extra), create=False))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredSeat:
    kind: str
    token_hash: str | None
    name: str | None = None  # the name its person gave


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


# With a Checkpointer, the committing connection copies the log itself only once it has grown
# this far (pages of 4 KiB: 80 MiB), a backstop should the checkpointer fall behind.
BACKSTOP_CHECKPOINT_PAGES = 20_000
CHECKPOINT_SECONDS = 0.5


class Store:
    def __init__(self, path: Path, *, background_checkpoints: bool = False) -> None:
        """The store at ``path`` (created if missing); ``background_checkpoints``: a thread
        copies the write-ahead log into the database file (a server's store)."""
        self.path = path
        self.checkpointer: Checkpointer | None = None
        try:
            make_private_store(path)
            # autocommit: every event is its own small transaction (WAL makes that cheap)
            self.db = connect(path)
            self.db.executescript(SCHEMA)
            self._add_missing_columns()
            if background_checkpoints:
                self.db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_CHECKPOINT_PAGES}")
                self.checkpointer = Checkpointer(path)
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open the game store {path}: {err}") from None

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.close()
        self.db.close()

    def create_game(
        self,
        game_id: str,
        settings: GameSettings,
        tokens: dict[str, str],
        kept: dict[str, str] | None = None,
    ) -> None:
        """A new game with its seats; ``tokens`` holds the colours given a token now, ``kept``
        the colours whose token from an earlier game (its hash here) holds the seat."""
        hashes = {**(kept or {}), **{colour: token_hash(t) for colour, t in tokens.items()}}
        with self.transaction():
            self.db.execute(
                "INSERT INTO games (id, created, settings) VALUES (?, ?, ?)",
                (game_id, time.time(), json.dumps(settings.to_json(), allow_nan=False)),
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

    def _add_missing_columns(self) -> None:
        """Columns added since a store was made (a store made by an older pegrace lacks them)."""
        seats = {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}
        if "name" not in seats:
            self.db.execute("ALTER TABLE seats ADD COLUMN name TEXT")

    def set_name(self, game_id: str, colour: str, name: str) -> None:
        self.db.execute(
            "UPDATE seats SET name = ? WHERE game = ? AND colour = ?", (name, game_id, colour)
        )

    def claim_seat(self, game_id: str, colour: str, kind: str, token: str) -> None:
        self.db.execute(
            "UPDATE seats SET kind = ?, token_hash = ? WHERE game = ? AND colour = ?",
            (kind, token_hash(token), game_id, colour),
        )

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        self.db.execute("UPDATE games SET rematch = ? WHERE id = ?", (rematch_id, game_id))

    def add_events(self, rows: list[EventRow]) -> None:
        """Store events in one transaction: all of them or, on an error, none."""
        at = time.time()  # they commit together, so they are stored at the same moment
        with self.transaction():
            self.db.executemany(
                "INSERT INTO events (game, seq, colour, roll, move, actor, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (*row[:3], None if row[3] is None else json.dumps(row[3]), *row[4:], at)
                    for row in rows
                ],
            )

    def load_game(self, game_id: str) -> StoredGame | None:
        """The game as stored, or None if there is none; StoreError names the game and what
        is wrong should its rows be damaged or the store fail to read them."""
        try:
            return self._load_game(game_id)
        except sqlite3.Error as err:
            raise StoreError(f"game {game_id} cannot be loaded: {err}") from None

    def _load_game(self, game_id: str) -> StoredGame | None:
        row = self.db.execute(
            "SELECT settings, rematch FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        settings = read_settings(game_id, row[0])
        stored = {
            colour: StoredSeat(kind, digest, name)
            for colour, kind, digest, name in self.db.execute(
                "SELECT colour, kind, token_hash, name FROM seats WHERE game = ?", (game_id,)
            )
        }
        missing = [colour for colour in settings.seats if colour not in stored]
        if missing:
            raise StoreError(
                f"game {game_id} cannot be loaded: no stored seat for {', '.join(missing)}"
            )
        seats = {colour: stored[colour] for colour in settings.seats}
        events = [
            StoredEvent(seq, colour, read_roll(game_id, seq, roll), move, actor)
            for seq, colour, roll, move, actor in self.db.execute(
                "SELECT seq, colour, roll, move, actor FROM events WHERE game = ? ORDER BY seq",
                (game_id,),
            )
        ]
        return StoredGame(game_id, settings, seats, events, row[1])

    def lobby_games(
        self, count: int, active_since: float, solo: bool, scanned: int
    ) -> list[tuple[str, float]]:
        """The newest ``count`` games listed in the lobby whose last event (or, before their
        first, whose making) came at ``active_since`` (a ``time.time()``) or later, newest
        first, each with when it was made; only the ``scanned`` newest games made are looked
        at, so that a store of many old games costs a lobby no more than a few. Without
        ``solo``, a game with at most one seat not played by a computer (one person against
        computers, or none) is left out. A row whose settings are not valid JSON (written by
        an older pegrace, or damaged) is passed over: SQLite's json_extract fails the whole
        query on it, so it is only read where json_valid says it can be (a CASE is evaluated
        in order)."""
        rows = self.db.execute(
            "SELECT id, created FROM (SELECT * FROM games ORDER BY created DESC LIMIT ?) AS g "
            "WHERE CASE WHEN json_valid(settings) "
            "THEN json_extract(settings, '$.listed') END = 1 "
            "AND COALESCE((SELECT at FROM events WHERE game = g.id ORDER BY seq DESC LIMIT 1), "
            "created) >= ? "
            "AND (? OR (SELECT COUNT(*) FROM seats WHERE game = g.id "
            "AND kind NOT LIKE 'computer:%') > 1) ORDER BY created DESC LIMIT ?",
            (scanned, active_since, solo, count),
        )
        return [(row[0], row[1]) for row in rows]

    def made_at(self, game_ids: list[str]) -> dict[str, float]:
        """When each of these games was made (a ``time.time()``); unknown ids are left out."""
        marks = ", ".join("?" * len(game_ids))
        rows = self.db.execute(f"SELECT id, created FROM games WHERE id IN ({marks})", game_ids)
        return {row[0]: row[1] for row in rows}

    def game_ids(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT id FROM games ORDER BY created")]


def read_settings(game_id: str, text: str) -> GameSettings:
    try:
        return GameSettings.from_json(strict_loads(text))
    except KeyError as err:
        problem = f"no {err}"
    except (TypeError, ValueError, AttributeError, OptionError) as err:  # JSON's are ValueErrors
        problem = str(err)
    raise StoreError(f"game {game_id} cannot be loaded: its settings are damaged ({problem})")


def read_roll(game_id: str, seq: int, text: str | None) -> Any:
    try:
        return None if text is None else strict_loads(text)
    except (TypeError, ValueError) as err:
        raise StoreError(
            f"game {game_id} cannot be loaded: the roll of event {seq} is damaged ({err})"
        ) from None


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    return db


class Checkpointer:
    """Copies the committed write-ahead log into the database file every half second, from a
    thread and a connection of its own. A passive checkpoint never waits for, nor holds up,
    the connection that commits events, so the copying and its fsyncs no longer stall the
    event loop; that connection still checkpoints by itself should the log grow past
    ``BACKSTOP_CHECKPOINT_PAGES`` (SQLite reuses the log only once a checkpoint has caught
    up with it while nothing was being committed, which a busy server rarely allows)."""

    def __init__(self, path: Path, seconds: float = CHECKPOINT_SECONDS) -> None:
        self.db = connect(path)
        self.seconds = seconds
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="pegrace checkpoints", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.wait(self.seconds):
            # a failed copy is only tried again: the log stays whole, and the backstop holds
            with contextlib.suppress(sqlite3.Error):
                self.checkpoint()

    def checkpoint(self) -> tuple[int, int, int]:
        """Copy what the log holds now: (1 if it could not start, pages in the log, pages
        copied), as SQLite reports it."""
        busy, logged, copied = self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return busy, logged, copied

    def close(self) -> None:
        self.stopping.set()
        self.thread.join()
        self.db.close()


class EventWriter:
    """Group commit: the events that arrive in one turn of the event loop (from any number
    of games) are committed in one transaction, and each caller resumes once its event is on
    disk. A game changes and tells its players only after that, so killing the server loses
    nothing it has announced, while a busy server commits far less often than once per event.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rows: list[EventRow] = []
        # one future per caller, so a caller being cancelled cancels only its own wait
        self.waiting: list[asyncio.Future[None]] = []

    async def write(self, row: EventRow) -> None:
        """Store one event; raises StoreError (and stores nothing of its batch) on failure."""
        loop = asyncio.get_running_loop()
        if not self.rows:
            loop.call_soon(self.commit)
        stored: asyncio.Future[None] = loop.create_future()
        self.rows.append(row)
        self.waiting.append(stored)
        await stored

    def commit(self) -> None:
        rows, waiting = self.rows, self.waiting
        self.rows, self.waiting = [], []
        try:
            self.store.add_events(rows)
        except sqlite3.Error as err:
            for stored in waiting:
                if not stored.done():
                    stored.set_exception(StoreError(f"could not store {len(rows)} event(s): {err}"))
                    stored.exception()  # retrieved here: its caller may be cancelled meanwhile
        else:
            for stored in waiting:
                if not stored.done():
                    stored.set_result(None)
