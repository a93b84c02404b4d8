"""What every game store does, in the SQL that SQLite (``pegrace.web.store``, the default) and
PostgreSQL (``pegrace.web.pgstore``) both read: a game's settings, its seats (with hashed seat
tokens) and every event, each committed before anyone is told of it (storecalls.py's
``EventWriter``). A game whose rows are damaged, or that the store fails to read, raises
StoreError naming it. Each store brings its schema up to date through numbered migrations when
it opens (``Migration``), and refuses one newer than this pegrace knows; a store only read (a
copy's source) is checked to be a pegrace store of this schema instead (``check_as_it_is``)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import secrets
import socket
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pegrace.errors import OptionError, PegraceError
from pegrace.i18n import Said, said
from pegrace.readers import loads as strict_loads
from pegrace.web.masking import one_line
from pegrace.web.refusals import saying, words_of
from pegrace.web.settings import HUMAN, OPEN, GameSettings


class StoreError(PegraceError):
    """The game store cannot be opened or does not hold what was asked for."""


class _Lost(Exception):
    """Rolls back a transaction whose condition no longer holds (a seat claimed meanwhile)."""


class StoreUnavailable(StoreError):
    """The store does not answer, or fails, now: the request may be made again later."""


class Taken(StoreError):
    """An event's number was stored already: another server stored its own event first
    (several servers on one PostgreSQL store), so this one changes nothing."""


class StoredAfterAll(Taken):
    """An event a server stored late (its writer had given up waiting on a frozen database,
    and the event was sent again): played in from the store, as if just stored."""

    @classmethod
    def of(cls, game_id: str, seq: int) -> Self:
        """Event ``seq`` of game ``game_id``, stored after all."""
        late = said("game {game}: event {seq} was stored after all", game=game_id, seq=seq)
        return saying(cls, late)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredSeat:
    kind: str
    token_hash: str | None
    name: str | None = None  # the name its person gave
    takeover: bool = False  # the computer plays for its person, who is away (idle)


@dataclass
class StoredEvent:
    seq: int
    colour: str
    roll: Any  # JSON value, None for a move
    move: str | None
    actor: str
    resign: bool = False  # the seat resigned (neither roll nor move)


@dataclass
class StoredGame:
    id: str
    settings: GameSettings
    seats: dict[str, StoredSeat]  # in board order
    events: list[StoredEvent]
    rematch: str | None
    code: str | None = None  # its room code (roomcodes.py); None: made before there were codes


# game, seq, colour, roll, move, actor, resign
EventRow = tuple[str, int, str, Any, str | None, str, bool]
Row = tuple[Any, ...]

# One step of a schema: SQL statements run in order, or a function that changes the store.
Migration = tuple[str | Callable[["GameStore"], None], ...]
# each store's schema gains it alike (SQLite 3, PostgreSQL 3): 1 while the computer plays for
# the seat's person, who is away; every server on the store reads it (``set_takeover``)
TAKEOVER_COLUMN = "ALTER TABLE seats ADD COLUMN takeover INTEGER NOT NULL DEFAULT 0"
# and this (SQLite 6, PostgreSQL 6): 1 for an event that is a seat resigning (neither roll nor
# move: issue 57); every event stored before is a roll or a move
RESIGN_COLUMN = "ALTER TABLE events ADD COLUMN resign INTEGER NOT NULL DEFAULT 0"

# a game's rows as `copy_game` moves them: its games row, its seats' and its events'
GAME_COLUMNS = "id, created, settings, rematch, listed, code"
SEAT_COLUMNS = "game, colour, kind, token_hash, name"
EVENT_COLUMNS = "game, seq, colour, roll, move, actor, at, resign"
# an event as a game reads it back
READ_EVENTS = "SELECT seq, colour, roll, move, actor, resign FROM events WHERE game = ?"

LOBBY = (
    "SELECT id, created FROM (SELECT * FROM games ORDER BY created DESC LIMIT ?) AS g "
    "WHERE listed "
    "AND COALESCE((SELECT at FROM events WHERE game = g.id ORDER BY seq DESC LIMIT 1), "
    "created) >= ? "
    "AND (? OR (SELECT COUNT(*) FROM seats WHERE game = g.id "
    "AND kind NOT LIKE 'computer:%') > 1) ORDER BY created DESC LIMIT ?"
)


class GameStore:
    """A store of web games. A subclass connects to its database and runs SQL written with
    ``?`` for each parameter; everything else is here, the same for every database."""

    # the database's errors: a query that fails raises one of these
    failures: ClassVar[tuple[type[Exception], ...]]
    # whether several servers may hold this store at once (PostgreSQL's)
    shared: ClassVar[bool] = False
    where: str  # the store as messages name it: a path, or a URL without its password
    # the tables that make a database a pegrace store, whatever its schema's version
    tables: ClassVar[tuple[str, ...]] = ("games", "seats", "events")

    @functools.cached_property
    def server(self) -> str:
        """The name this server goes by among those sharing the store: it signs what it
        announces (and so hears no notice of its own) and holds games' leases by it."""
        return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    # ------------------------------------------------------------------ the database's part
    def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run ``sql``; the rows it gives (none for a statement that gives none)."""
        raise NotImplementedError

    def query_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    def changed(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement that changes rows; how many it changed."""
        raise NotImplementedError

    def transaction(self) -> AbstractContextManager[None]:
        """The statements run inside ``with store.transaction():`` commit together or not at
        all."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def reconnected(self, err: Exception) -> bool:
        """Whether ``err`` lost the store's connection and a new one is there now, so that
        the call it failed may be made again (PostgreSQL's); an open file never is."""
        return False

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def schema_version(self) -> int:
        raise NotImplementedError

    def set_schema_version(self, version: int) -> None:
        raise NotImplementedError

    def has_table(self, name: str) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------------ opening
    def said(self, err: BaseException) -> str:
        """One of the database's errors as a message says it: on one line."""
        return one_line(err)

    def refusal(self, err: BaseException) -> StoreError:
        """What opening the store failed on, as a StoreError naming it (one as it is)."""
        if isinstance(err, StoreError):
            return err
        # TRANSLATORS: {store} is a path or URL; {problem} the database's words (in English)
        problem = said(
            "cannot open the game store {store}: {problem}",
            store=self.where,
            problem=self.said(err),
        )
        return saying(StoreError, problem)

    @contextlib.contextmanager
    def opening(self) -> Iterator[None]:
        """Around what a store runs once connected (its migrations, its checks): should that
        fail, the store is closed and the failure is a StoreError naming it."""
        failures: tuple[type[Exception], ...] = (*self.failures, OSError, StoreError)
        try:
            yield
        except failures as err:
            self.close()
            raise self.refusal(err) from None

    # ------------------------------------------------------------------ migrations
    def migrate(self, migrations: Sequence[Migration]) -> None:
        """Bring the schema up to the last of ``migrations`` (numbered from 1), each step in a
        transaction of its own; a store of a newer schema is refused."""
        self.refuse_newer(len(migrations))
        for version, steps in enumerate(migrations, start=1):
            if version <= self.schema_version():
                continue
            with self.transaction():
                for step in steps:
                    if isinstance(step, str):
                        self.query(step)
                    else:
                        step(self)
                self.set_schema_version(version)

    def refuse_newer(self, known: int) -> None:
        """A StoreError if the schema is newer than the ``known`` migrations of this pegrace,
        which would misread it (and its server write rows a newer one does not expect)."""
        version = self.schema_version()
        if version > known:
            # TRANSLATORS: {store} is a path or URL; {version} and {known} numbers
            newer = said(
                "the game store {store} has schema version {version}, newer than this "
                "pegrace's {known}: upgrade pegrace",
                store=self.where,
                version=version,
                known=known,
            )
            raise saying(StoreError, newer)

    def check_as_it_is(self, migrations: Sequence[Migration]) -> None:
        """A StoreError unless the database is a pegrace store of the last of ``migrations``
        (one read as it is, not migrated: the source of a copy): its tables first, so that
        another program's database is refused by what it lacks."""
        missing = [name for name in self.tables if not self.has_table(name)]
        if missing:
            # TRANSLATORS: {store} is a path or URL; {table} a database table's name
            foreign = said(
                "{store} is not a pegrace game store (no table {table})",
                store=self.where,
                table=missing[0],
            )
            raise saying(StoreError, foreign)
        self.refuse_newer(len(migrations))
        version = self.schema_version()
        if version < len(migrations):
            # TRANSLATORS: {store} is a path or URL; {version} and {known} numbers
            older = said(
                "the game store {store} has schema version {version}, older than this "
                "pegrace's {known}: serve it once with this pegrace, which brings it "
                "up to date, then copy it",
                store=self.where,
                version=version,
                known=len(migrations),
            )
            raise saying(StoreError, older)

    # ------------------------------------------------------------------ games
    def create_game(
        self,
        game_id: str,
        settings: GameSettings,
        tokens: dict[str, str],
        kept: dict[str, str] | None = None,
        rematch_of: str | None = None,
        names: dict[str, str] | None = None,
    ) -> bool:
        """A new game with its seats; ``tokens`` holds the colours given a token now, ``kept``
        the colours whose token from an earlier game (its hash here) holds the seat, ``names``
        the names its people gave their seats (friends at one device). As the
        rematch of game ``rematch_of``, it is stored only if that game has none yet (made
        meanwhile through this server or another): False then, and nothing is stored."""
        hashes = {**(kept or {}), **{colour: token_hash(t) for colour, t in tokens.items()}}
        text = json.dumps(settings.to_json(), allow_nan=False)
        try:
            with self.transaction():
                self.query(
                    "INSERT INTO games (id, created, settings, listed) VALUES (?, ?, ?, ?)",
                    (game_id, time.time(), text, settings.listed),
                )
                self.query_many(
                    "INSERT INTO seats (game, colour, kind, token_hash, name) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [
                        (game_id, colour, kind, hashes.get(colour), (names or {}).get(colour))
                        for colour, kind in settings.seats.items()
                    ],
                )
                if rematch_of is not None and not self.changed(
                    "UPDATE games SET rematch = ? WHERE id = ? AND rematch IS NULL",
                    (game_id, rematch_of),
                ):
                    raise _Lost
        except _Lost:
            return False
        if rematch_of is not None:
            self.announce("seats", rematch_of)
        return True

    def notices(
        self, heard: Callable[[str, str], None], reconnected: Callable[[], None]
    ) -> AbstractAsyncContextManager[None]:
        """While the block runs, each notice of another server on this store is handed to
        ``heard(game id, what)`` (``announce``; notices.py); one server alone on its store
        (SQLite's) hears none."""
        return contextlib.nullcontext()

    def drive(self, game_id: str, server: str, seconds: float) -> bool:
        """Whether ``server`` may drive the game's computer seats and idle clock for the
        next ``seconds``: it holds the game's lease, or has taken one another server let
        lapse (it stopped, or died). One server alone on its store (SQLite's) always may."""
        return True

    def count_servers(self, seconds: float) -> int:
        """How many servers share the store: this one says it is there for the next
        ``seconds`` (it says so again before then), and every server that has said so
        counts. One server alone on its store (SQLite's) is one."""
        return 1

    def let_go(self, game_id: str, server: str) -> None:
        """``server`` no longer drives the game (nobody watches it there)."""

    def announce(self, kind: str, game_id: str, more: str = "") -> None:
        """Tell the other servers on this store what changed (``kind``: ``seats``, or ``chat``
        with ``more`` its line; notices.py); one server alone on its store
        (SQLite's) has nobody to tell."""

    def set_names(self, game_id: str, colours: Iterable[str], name: str) -> None:
        self.query_many(
            "UPDATE seats SET name = ? WHERE game = ? AND colour = ?",
            [(name, game_id, colour) for colour in colours],
        )
        self.announce("seats", game_id)

    def claim_seats(self, game_id: str, tokens: dict[str, str]) -> bool:
        """These open seats to a person (each colour with its new token), all or none: False,
        and nothing changed, if any is no longer open (claimed meanwhile, through this
        server or another)."""
        try:
            with self.transaction():
                for colour, token in tokens.items():
                    if not self.changed(
                        "UPDATE seats SET kind = ?, token_hash = ?, takeover = 0 "
                        "WHERE game = ? AND colour = ? AND kind = ?",
                        (HUMAN, token_hash(token), game_id, colour, OPEN),
                    ):
                        raise _Lost
        except _Lost:
            return False
        self.announce("seats", game_id)
        return True

    def announce_chat(self, game_id: str, line: str) -> None:
        """A chat line (JSON) told to the other servers on this store (``chat_line``); one
        server alone on its store (SQLite's) has nobody to tell."""

    def chat_line(self, game_id: str, number: int) -> str | None:
        """The chat line (JSON) of game ``game_id`` kept as ``number`` (``announce_chat``),
        None if there is none."""
        return None

    def set_takeover(self, game_id: str, colours: Iterable[str], on: bool) -> None:
        """The computer plays for these seats' people (``on``), or no longer: stored, and told
        to the other servers on the store, so that a person who comes back through any of
        them ends it."""
        self.query_many(
            "UPDATE seats SET takeover = ? WHERE game = ? AND colour = ?",
            [(int(on), game_id, colour) for colour in colours],
        )
        self.announce("seats", game_id)

    def add_events(self, rows: list[EventRow]) -> set[tuple[str, int]]:
        """Store events in one transaction: all of them or, on an error, none; but an event
        whose number its game holds already is left out, alone. The (game, number) of each
        left out."""
        at = time.time()  # they commit together, so they are stored at the same moment
        taken = set()
        with self.transaction():
            for row in stored_rows(rows, at):
                if not self.changed(
                    f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (game, seq) DO NOTHING",
                    row,
                ):
                    taken.add((row[0], row[1]))
        return taken

    def events_after(self, game_id: str, seq: int) -> list[StoredEvent]:
        """The game's events after number ``seq``, in order."""
        rows = self.query(f"{READ_EVENTS} AND seq > ? ORDER BY seq", (game_id, seq))
        return [stored_event(game_id, row) for row in rows]

    def seats_of(self, game_id: str) -> tuple[dict[str, StoredSeat], str | None]:
        """The game's seats as stored now (by colour), and its rematch."""
        found = self.query("SELECT rematch FROM games WHERE id = ?", (game_id,))
        return self._seats(game_id), (found[0][0] if found else None)

    def _seats(self, game_id: str) -> dict[str, StoredSeat]:
        return {
            colour: StoredSeat(kind, digest, name, bool(takeover))
            for colour, kind, digest, name, takeover in self.query(
                "SELECT colour, kind, token_hash, name, takeover FROM seats WHERE game = ?",
                (game_id,),
            )
        }

    def load_game(self, game_id: str) -> StoredGame | None:
        """The game as stored, or None if there is none; StoreError names the game and what
        is wrong should its rows be damaged or the store fail to read them."""
        try:
            return self._load_game(game_id)
        except self.failures as err:
            raise unloadable(game_id, str(err)) from None

    def _load_game(self, game_id: str) -> StoredGame | None:
        found = self.query("SELECT settings, rematch, code FROM games WHERE id = ?", (game_id,))
        if not found:
            return None
        settings = read_settings(game_id, found[0][0])
        stored = self._seats(game_id)
        missing = [colour for colour in settings.seats if colour not in stored]
        if missing:
            # TRANSLATORS: {colours} are seats' colours as stored ("red, green")
            no_seat = said("no stored seat for {colours}", colours=", ".join(missing))
            raise unloadable(game_id, no_seat)
        seats = {colour: stored[colour] for colour in settings.seats}
        rows = self.query(f"{READ_EVENTS} ORDER BY seq", (game_id,))
        events = [stored_event(game_id, row) for row in rows]
        return StoredGame(game_id, settings, seats, events, found[0][1], found[0][2])

    def has_game(self, game_id: str) -> bool:
        return bool(self.query("SELECT 1 FROM games WHERE id = ?", (game_id,)))

    def lobby_games(
        self, count: int, active_since: float, solo: bool, scanned: int
    ) -> list[tuple[str, float]]:
        """The newest ``count`` listed games whose last event (or, before their first, whose
        making) came at ``active_since`` (a ``time.time()``) or later, newest first, each with
        when it was made; only the ``scanned`` newest games made are looked at, so that a
        store of many old games costs a lobby no more than a few. Without ``solo``, a game
        with at most one seat not played by a computer (one person against computers, or
        none) is left out. The flag read is the ``listed`` column, written with the game, so
        no damaged settings can fail the query."""
        rows = self.query(LOBBY, (scanned, active_since, solo, count))
        return [(row[0], row[1]) for row in rows]

    def made_at(self, game_ids: list[str]) -> dict[str, float]:
        """When each of these games was made (a ``time.time()``); unknown ids are left out."""
        marks = ", ".join("?" * len(game_ids))
        rows = self.query(f"SELECT id, created FROM games WHERE id IN ({marks})", game_ids)
        return {row[0]: row[1] for row in rows}

    def game_ids(self) -> list[str]:
        return [row[0] for row in self.query("SELECT id FROM games ORDER BY created")]

    # ------------------------------------------------------------------ copying
    def game_rows(self, game_id: str) -> tuple[Row, list[Row], list[Row]]:
        """A game's rows as stored, to copy them to another store (``put_game_rows``)."""
        (game,) = self.query(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        seats = self.query(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game = ? ORDER BY colour", (game_id,)
        )
        events = self.query(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE game = ? ORDER BY seq", (game_id,)
        )
        return game, seats, events

    def put_game_rows(self, game: Row, seats: list[Row], events: list[Row]) -> None:
        """Another store's rows of one game (``listed`` as a truth value: SQLite's is a
        number), inside the caller's transaction (storecopy's: one for every game)."""
        self.query(
            f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
            (*game[:4], bool(game[4]), *game[5:]),
        )
        self.query_many(f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?)", seats)
        self.query_many(
            f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", events
        )


def stored_rows(rows: list[EventRow], at: float) -> list[Row]:
    """Events as the events table holds them: the roll as JSON text, the time stored, a
    resign as 1."""
    return [
        (
            game,
            seq,
            colour,
            None if roll is None else json.dumps(roll),
            move,
            actor,
            at,
            int(resign),
        )
        for game, seq, colour, roll, move, actor, resign in rows
    ]


def stored_event(game_id: str, row: Row) -> StoredEvent:
    """An event as read back (``READ_EVENTS``)."""
    seq, colour, roll, move, actor, resign = row
    return StoredEvent(seq, colour, read_roll(game_id, seq, roll), move, actor, bool(resign))


def read_settings(game_id: str, text: str) -> GameSettings:
    problem: Said | str
    try:
        return GameSettings.from_json(strict_loads(text))
    except KeyError as err:
        # TRANSLATORS: {field} is a JSON field's name, quoted: "no 'players'"
        problem = said("no {field}", field=str(err))
    except (TypeError, ValueError, AttributeError, OptionError) as err:  # JSON's are ValueErrors
        problem = words_of(err)
    # TRANSLATORS: {problem} is what is wrong with the stored settings
    raise unloadable(game_id, said("its settings are damaged ({problem})", problem=problem))


def read_roll(game_id: str, seq: int, text: str | None) -> Any:
    try:
        return None if text is None else strict_loads(text)
    except (TypeError, ValueError) as err:
        # TRANSLATORS: {seq} is the event's number; {problem} the JSON reader's words
        damaged = said("the roll of event {seq} is damaged ({problem})", seq=seq, problem=str(err))
        raise unloadable(game_id, damaged) from None


def unloadable(game_id: str, problem: Said | str) -> StoreError:
    """Game ``game_id`` cannot be loaded: ``problem``."""
    # TRANSLATORS: {problem} is why: the database's words (in English), or what is damaged
    words = said("game {game} cannot be loaded: {problem}", game=game_id, problem=problem)
    return saying(StoreError, words)
