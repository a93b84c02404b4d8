"""The default game store: SQLite, one file, one server at a time (``StoreLock``). One small
insert per event in WAL mode, so killing the server loses nothing and a restart can replay
each game exactly. The SQL it runs is every store's (``gamestore.GameStore``).

A busy server copies the write-ahead log into the database file from a thread of its own
(``Checkpointer``): done by the connection that commits (SQLite's default), each copy and its
fsyncs held every game up for tens of milliseconds, several times a second."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pegrace.errors import saying
from pegrace.i18n import Said, said
from pegrace.web.gamestore import (
    RESIGN_COLUMN,
    TAKEOVER_COLUMN,
    GameStore,
    Migration,
    Row,
    StoreError,
)
from pegrace.web.mail import migration as notices_migration
from pegrace.web.profilestore import migration as profiles_migration
from pegrace.web.roomcodes import CODE_MIGRATION
from pegrace.web.turns import migration as turns_migration

if sys.platform != "win32":  # Windows has no flock: a second server there is not refused
    import fcntl


# The schema, by version (``PRAGMA user_version``), brought up to the last when a store opens.
# Version 1 is the schema before versions were kept (its statements change nothing in a store
# that has it, and a store made before seats had names gains the column); 2 keeps the lobby's
# flag in a column of its own, so that listing games reads no JSON a damaged row could hold;
# 3 keeps which seats the computer has taken over (``TAKEOVER_COLUMN``).
def _add_seat_names(store: GameStore) -> None:
    if "name" not in {row[1] for row in store.query("PRAGMA table_info(seats)")}:
        store.query("ALTER TABLE seats ADD COLUMN name TEXT")


MIGRATIONS: tuple[Migration, ...] = (
    (
        """CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            created REAL NOT NULL,
            settings TEXT NOT NULL,      -- GameSettings as JSON
            rematch TEXT                 -- the id of the game that replaced this one
        )""",
        """CREATE TABLE IF NOT EXISTS seats (
            game TEXT NOT NULL REFERENCES games(id),
            colour TEXT NOT NULL,
            kind TEXT NOT NULL,          -- human | open | computer:LEVEL (open turns human)
            token_hash TEXT,             -- sha256 of the seat token; NULL: open, computer
            name TEXT,                   -- the name the seat's person gave, if any
            PRIMARY KEY (game, colour)
        )""",
        """CREATE TABLE IF NOT EXISTS events (
            game TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,        -- 1, 2, ... in the order played
            colour TEXT NOT NULL,
            roll TEXT,                   -- the roll as JSON, for a roll event
            move TEXT,                   -- the move's text, for a move event
            actor TEXT NOT NULL,         -- human | computer | takeover
            at REAL NOT NULL,
            PRIMARY KEY (game, seq)
        ) WITHOUT ROWID""",
        # the lobby reads the newest games first
        "CREATE INDEX IF NOT EXISTS games_by_created ON games (created)",
        _add_seat_names,
    ),
    (
        "ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 0",  # 1: in the lobby
        "UPDATE games SET listed = 1 WHERE json_valid(settings) "
        "AND json_extract(settings, '$.listed') = 1",
    ),
    (TAKEOVER_COLUMN,),
    # 4: profiles, their seats and results, turn-based games' clocks, notices (issue 54)
    (*profiles_migration("REAL"), *turns_migration(), *notices_migration()),
    CODE_MIGRATION,  # 5: each game's room code (roomcodes.py)
    (RESIGN_COLUMN,),  # 6: an event that is a seat resigning (issue 57)
)


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
            raise saying(StoreError, self._unlocked(err)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError as err:  # closing lets go of the lock if it was taken
            pid = holder_pid(fd) if isinstance(err, BlockingIOError) else None
            os.close(fd)
            raise self._refusal(err, pid) from None
        self.fd = fd

    def _unlocked(self, err: OSError) -> Said:
        # TRANSLATORS: {store} is the store's path; {problem} the system's words (in English)
        return said(
            "cannot lock the game store {store}: {problem}", store=str(self.db), problem=str(err)
        )

    def _refusal(self, err: OSError, pid: int | None) -> StoreError:
        if not isinstance(err, BlockingIOError):  # a file system without locks, say
            return saying(StoreError, self._unlocked(err))
        if pid:
            # TRANSLATORS: {store} and {lock} are paths, {pid} a process's number; --store
            # kept as it is
            in_use = said(
                "the game store {store} is in use: the server with pid {pid} holds its lock "
                "{lock} (stop it, or serve another --store)",
                store=str(self.db),
                pid=str(pid),
                lock=str(self.path),
            )
        else:
            # TRANSLATORS: {store} and {lock} are paths; --store kept as it is
            in_use = said(
                "the game store {store} is in use: another server holds its lock "
                "{lock} (stop it, or serve another --store)",
                store=str(self.db),
                lock=str(self.path),
            )
        return saying(StoreError, in_use)

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


# With a Checkpointer, the committing connection copies the log itself only once it has grown
# this far (pages of 4 KiB: 80 MiB), a backstop should the checkpointer fall behind.
BACKSTOP_CHECKPOINT_PAGES = 20_000
CHECKPOINT_SECONDS = 0.5


class Store(GameStore):
    failures = (sqlite3.Error,)

    def __init__(
        self, path: Path, *, background_checkpoints: bool = False, read_only: bool = False
    ) -> None:
        """The store at ``path`` (created if missing); ``background_checkpoints``: a thread
        copies the write-ahead log into the database file (a server's store); ``read_only``:
        the file as it is (neither made, nor migrated, nor its mode or journal changed),
        refused unless a pegrace store of this schema (``check_as_it_is``)."""
        self.path = path
        self.where = str(path)
        self.checkpointer: Checkpointer | None = None
        try:
            if not read_only:
                make_private_store(path)
            self.db = connect_read_only(path) if read_only else connect(path)
        except (OSError, sqlite3.Error) as err:
            raise self.refusal(err) from None
        with self.opening():
            if read_only:
                self.check_as_it_is(MIGRATIONS)
                return
            self.migrate(MIGRATIONS)
            if background_checkpoints:
                self.db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_CHECKPOINT_PAGES}")
                self.checkpointer = Checkpointer(path)

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.close()
        self.db.close()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self.db.execute(sql, params).fetchall()

    def query_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)

    def changed(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.db.execute(sql, params).rowcount

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            if self.db.in_transaction:  # SQLite rolls back by itself on some errors (a full disk)
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def has_table(self, name: str) -> bool:
        found = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        return bool(self.query(found, (name,)))

    def schema_version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def set_schema_version(self, version: int) -> None:
        self.db.execute(f"PRAGMA user_version = {int(version)}")


def connect(path: Path) -> sqlite3.Connection:
    # autocommit: every event is its own small transaction (WAL makes that cheap)
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    return db


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write the file (nor make it, were it missing)."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)


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
