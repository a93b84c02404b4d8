"""A game's clock (GameTurns, a mixin of the session): how long the seat to act may take
before the computer steps in, and what it does then. A live game's clock is the event loop's
(a seat idle past ``idle_seconds`` is taken over until its person is back). A turn-based
game's (turnrules.py) is the wall clock kept in the store beside its events (``turn_due``):
it runs while nobody is connected and across restarts, and any server finds a late seat
(the hub's sweep, ``due_games``). A late seat's turn is then played for it (``play``) or the
seat taken over (``away``). Each turn passed to a person is told to the server's notices
(``Services.turn_to``: e-mail, profiles.py)."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, cast

from pegrace.web.gamestore import GameStore, StoreError
from pegrace.web.turnrules import LIVE

if TYPE_CHECKING:
    from collections.abc import Coroutine, Iterable
    from typing import Any

    from pegrace.state import State
    from pegrace.web.session import GameSession, Services
    from pegrace.web.settings import GameSettings
    from pegrace.web.storecalls import StoreCalls

HOUR = 3_600.0


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


class GameTurns:
    """The session's clock (see the module)."""

    late_turn: str | None = None  # a late seat whose one turn the computer plays ("play")
    due_wall: float = 0.0  # the wall clock when the seat to act became due (turn-based)
    id: str
    settings: GameSettings
    services: Services
    calls: StoreCalls
    store: GameStore
    state: State
    due_since: float  # a live game's: the loop's time when the seat to act became due
    takeover: set[str]

    if TYPE_CHECKING:

        def plays_itself(self, colour: str) -> bool: ...
        def current_colour(self) -> str: ...
        def _changed(self) -> None: ...
        async def seats_changed(self) -> None: ...
        def _store_takeover(self, colours: Iterable[str], on: bool) -> None: ...
        def _spawn(self, work: Coroutine[Any, Any, None]) -> None: ...

    def turn_based(self) -> bool:
        return self.settings.turns != LIVE

    def move_seconds(self) -> float:
        """Real seconds a seat has before it is late (a turn-based game's hours scaled by
        the server's ``turn_hour``: tests make an hour short)."""
        seconds = self.settings.idle_seconds
        if self.turn_based():
            return seconds * self.services.limits.turn_hour / HOUR
        return seconds

    async def read_clock(self) -> None:
        """A turn-based game's clock as the store keeps it (a game loaded: it may have been
        due for days)."""
        if self.turn_based() and not self.due_wall:
            found = await self.calls.run(due_of, self.store, self.id)
            self.due_wall = found[0] if found else time.time()
            if found is None:  # a new game: its first seat is due from now
                self._spawn(self._keep_clock(self.due_wall + self.move_seconds()))

    def late_in(self) -> float | None:
        """Seconds before the seat to act is late (None: no limit applies)."""
        seconds = self.move_seconds()
        if not seconds:
            return None
        if self.turn_based():
            return max(0.0, self.due_wall + seconds - time.time())
        return max(0.0, self.due_since + seconds - asyncio.get_running_loop().time())

    def idle_left(self) -> float | None:
        """Seconds before the computer steps in for the seat to act (None: it does not)."""
        state = self.state
        if not self.settings.idle_seconds or state.is_over:
            return None
        if self.plays_itself(self.current_colour()):
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
            found = await self.calls.run(due_of, self.store, self.id)
            if found is not None and found[1] > time.time():
                self.due_wall = found[0]
                return
        self.takeover.add(colour)
        if self.settings.turns == "play":
            self.late_turn = colour  # until its turn is over (turn_passed)
        else:
            self._store_takeover((colour,), on=True)
        self._changed()
        await self.seats_changed()

    def turn_passed(self, before: str) -> None:
        """After each event: a late turn played for its seat ends with it; a turn-based game's
        clock starts again for the seat to act, kept in the store, and a person now due is
        told (``before``: the seat that acted)."""
        now_due = self.current_colour()
        if self.late_turn is not None and (now_due != self.late_turn or self.state.is_over):
            self.takeover.discard(self.late_turn)
            self.late_turn = None
            self._spawn(self.seats_changed())
        if not self.turn_based():
            return
        if self.state.is_over:
            self._spawn(self._keep_clock(None))
            return
        self.due_wall = time.time()
        due = self.due_wall if self.plays_itself(now_due) else self.due_wall + self.move_seconds()
        self._spawn(self._keep_clock(due))
        if now_due != before and not self.plays_itself(now_due):
            self.services.turn_to(cast("GameSession", self), now_due)

    async def _keep_clock(self, due: float | None) -> None:
        try:
            if due is None:
                await self.calls.run(forget_due, self.store, self.id)
            else:
                await self.calls.run(set_due, self.store, self.id, self.due_wall, due)
        except StoreError:  # the clock runs here still; another server finds it on its own
            pass
