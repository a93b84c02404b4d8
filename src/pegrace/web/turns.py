"""A game's clock (GameTurns, a part the session holds: ``session.turns``): how long the seat
to act may take before the computer steps in, and what it does then. A live game's clock is
the event loop's (a seat idle past ``idle_seconds`` is taken over until its person is back). A
turn-based game's (turnrules.py) is the wall clock kept in the store beside its events
(``turn_due``): it runs while nobody is connected and across restarts, and any server finds a
late seat (the hub's sweep, ``due_games``). A late seat's turn is then played for it
(``play``) or the seat taken over (``away``), the takeover kept in the store. Each turn passed
to a person is told to the server's notices (``Services.turn_to``: e-mail, profiles.py). It
reaches its game through ``Clocked``."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, Protocol

from pegrace.state import State
from pegrace.web.gamestore import GameStore, StoreError
from pegrace.web.settings import GameSettings
from pegrace.web.storecalls import StoreCalls
from pegrace.web.turnrules import LIVE

HOUR = 3_600.0
LOG = logging.getLogger("pegrace.web")


def migration() -> tuple[str, ...]:
    """The turn-based games' clock: one row a game (DOUBLE PRECISION is a float column in
    SQLite and PostgreSQL alike)."""
    return (
        """CREATE TABLE turn_due (
            game TEXT PRIMARY KEY REFERENCES games(id),
            since DOUBLE PRECISION NOT NULL,  -- the wall clock: the seat to act became due
            due DOUBLE PRECISION NOT NULL     -- and is late then (the server's hour scaled)
        )""",
        "CREATE INDEX turn_due_by_due ON turn_due (due)",
    )


def set_due(store: GameStore, game: str, since: float, due: float) -> None:
    store.query(
        "INSERT INTO turn_due (game, since, due) VALUES (?, ?, ?) "
        "ON CONFLICT (game) DO UPDATE SET since = excluded.since, due = excluded.due",
        (game, since, due),
    )


def due_of(store: GameStore, game: str) -> tuple[float, float] | None:
    rows = store.query("SELECT since, due FROM turn_due WHERE game = ?", (game,))
    return (float(rows[0][0]), float(rows[0][1])) if rows else None


def due_games(store: GameStore, now: float, most: int = 200) -> list[str]:
    """Turn-based games whose seat to act is late by ``now``, the latest first served."""
    rows = store.query("SELECT game FROM turn_due WHERE due <= ? ORDER BY due LIMIT ?", (now, most))
    return [row[0] for row in rows]


def forget_due(store: GameStore, game: str) -> None:
    store.query("DELETE FROM turn_due WHERE game = ?", (game,))


class Clocked(Protocol):
    """What the clock reads of its game, and what it asks of it."""

    @property
    def id(self) -> str: ...
    @property
    def settings(self) -> GameSettings: ...
    @property
    def state(self) -> State: ...
    @property
    def due_since(self) -> float: ...  # a live game's: loop time the seat to act became due
    @property
    def takeover(self) -> set[str]: ...  # the seats the computer plays for: changed here

    def plays_itself(self, colour: str) -> bool: ...

    def current_colour(self) -> str: ...

    def changed(self) -> None: ...  # the driver must notice

    async def seats_changed(self) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...  # a task of the game's


class GameTurns:
    """A game's clock (see the module): ``turn_hour``, the server's hour in seconds;
    ``turn_to``, told of each person a turn passes to (their colour)."""

    def __init__(
        self, game: Clocked, calls: StoreCalls, turn_hour: float, turn_to: Callable[[str], None]
    ) -> None:
        self.game = game
        self.calls = calls
        self.turn_hour = turn_hour
        self.turn_to = turn_to
        self.late_turn: str | None = None  # a late seat whose one turn the computer plays
        self.due_wall = 0.0  # the wall clock when the seat to act became due (turn-based)

    def turn_based(self) -> bool:
        return self.game.settings.turns != LIVE

    def move_seconds(self) -> float:
        """Real seconds a seat has before it is late (a turn-based game's hours scaled by
        the server's ``turn_hour``: tests make an hour short)."""
        seconds = self.game.settings.idle_seconds
        if self.turn_based():
            return seconds * self.turn_hour / HOUR
        return seconds

    async def read_clock(self) -> None:
        """A turn-based game's clock as the store keeps it (a game loaded: it may have been
        due for days)."""
        if self.turn_based() and not self.due_wall:
            found = await self.calls.run(due_of, self.calls.store, self.game.id)
            self.due_wall = found[0] if found else time.time()
            if found is None:  # a new game: its first seat is due from now
                self.game.spawn(self._keep_clock(self.due_wall + self.move_seconds()))

    def late_in(self) -> float | None:
        """Seconds before the seat to act is late (None: no limit applies)."""
        seconds = self.move_seconds()
        if not seconds:
            return None
        if self.turn_based():
            return max(0.0, self.due_wall + seconds - time.time())
        return max(0.0, self.game.due_since + seconds - asyncio.get_running_loop().time())

    def idle_left(self) -> float | None:
        """Seconds before the computer steps in for the seat to act (None: it does not)."""
        state = self.game.state
        if not self.game.settings.idle_seconds or state.is_over:
            return None
        if self.game.plays_itself(self.game.current_colour()):
            return None
        try:
            left = self.late_in()
        except RuntimeError:  # no loop: no clock to read
            return None
        return None if left is None else round(left, 1)

    async def late(self, colour: str) -> None:
        """The seat to act is late: a turn-based game's clock is read again from the store
        first (another server may have played meanwhile); then its turn is played for it, or
        the seat is taken over until its person is back."""
        if self.turn_based():
            found = await self.calls.run(due_of, self.calls.store, self.game.id)
            if found is not None and found[1] > time.time():
                self.due_wall = found[0]
                return
        self.game.takeover.add(colour)
        if self.game.settings.turns == "play":
            self.late_turn = colour  # until its turn is over (turn_passed)
        else:
            self.keep_takeover((colour,), on=True)
        self.game.changed()
        await self.game.seats_changed()

    def turn_passed(self, before: str) -> None:
        """After each event: a late turn played for its seat ends with it; a turn-based game's
        clock starts again for the seat to act, kept in the store, and a person now due is
        told (``before``: the seat that acted)."""
        now_due = self.game.current_colour()
        if self.late_turn is not None and (now_due != self.late_turn or self.game.state.is_over):
            self.game.takeover.discard(self.late_turn)
            self.late_turn = None
            self.game.spawn(self.game.seats_changed())
        if not self.turn_based():
            return
        if self.game.state.is_over:
            self.game.spawn(self._keep_clock(None))
            return
        self.due_wall = time.time()
        due = (
            self.due_wall
            if self.game.plays_itself(now_due)
            else self.due_wall + self.move_seconds()
        )
        self.game.spawn(self._keep_clock(due))
        if now_due != before and not self.game.plays_itself(now_due):
            self.turn_to(now_due)

    async def _keep_clock(self, due: float | None) -> None:
        try:
            if due is None:
                await self.calls.run(forget_due, self.calls.store, self.game.id)
            else:
                await self.calls.run(set_due, self.calls.store, self.game.id, self.due_wall, due)
        except StoreError:  # the clock runs here still; another server finds it on its own
            pass

    def keep_takeover(self, colours: Iterable[str], on: bool) -> None:
        """A takeover started or ended, kept in the store: whichever server the person comes
        back through ends it (several servers on one store); a store that fails to keep it
        leaves it to this server alone."""
        colours = tuple(colours)

        async def keep() -> None:
            try:
                await self.calls.run(self.calls.store.set_takeover, self.game.id, colours, on)
            except StoreError as err:
                LOG.warning(
                    "game %s: the takeover of %s is not stored (%s)", self.game.id, colours, err
                )

        self.game.spawn(keep())
