"""A server's calls to its game store, made off the event loop: each runs in one thread of the
store's own (a store's connection serves one call at a time, in the order asked), and its
caller awaits it for at most ``wait_seconds``. A slow or frozen database then holds up only
those who wait for it: pings, chat, the page and every game that is not storing something go
on, and a caller past the wait is told the store is not answering (StoreUnavailable) rather
than left in silence. While one call has been under way for ``SLOW_SECONDS`` (a frozen
database), and whenever ``most_waiting`` calls wait, more are refused at once: a flood of
requests while the database is away queues no unbounded work behind it.

A call that fails because the store lost its connection (a database restarted, a backend
terminated by a pooler or a failover) is made once more on a new connection, should one be
had: nothing is lost, and a server recovers by itself as soon as its database is back.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from pegrace.errors import saying
from pegrace.i18n import Said, said, said_n
from pegrace.web.gamestore import EventRow, GameStore, StoreError, StoreUnavailable, Taken

P = ParamSpec("P")
T = TypeVar("T")
LOG = logging.getLogger("pegrace.web")

WAIT_SECONDS = 8.0  # how long a caller waits for the store before it is told it is not answering
MOST_WAITING = 256  # calls queued for the store at once; more are refused at once
SLOW_SECONDS = 2.0  # a call under way this long: the store is stuck (``stuck``)


class StoreCalls:
    """Runs a store's calls in its thread (``run``), and knows whether it is stuck."""

    def __init__(
        self,
        store: GameStore,
        wait_seconds: float = WAIT_SECONDS,
        most_waiting: int = MOST_WAITING,
    ) -> None:
        self.store = store
        self.wait_seconds = wait_seconds
        self.most_waiting = most_waiting
        self.thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="pegrace store")
        self.waiting = 0
        self.failing_since: float | None = None  # monotonic time of the first failure in a row
        self.started: float | None = None  # monotonic time the call under way started

    async def run(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` in the store's thread; StoreUnavailable if the store fails it,
        does not answer within ``wait_seconds``, or has too many calls waiting."""
        if self.stuck():
            raise saying(StoreUnavailable, silent(SLOW_SECONDS))
        if self.waiting >= self.most_waiting:
            behind = said_n(
                "the game store is not keeping up ({count} request waiting): try again in a moment",
                "the game store is not keeping up ({count} requests waiting): "
                "try again in a moment",
                self.waiting,
            )
            raise saying(StoreUnavailable, behind)
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            done = loop.run_in_executor(self.thread, lambda: self._call(call, *args, **kwargs))
            async with asyncio.timeout(self.wait_seconds):
                return await asyncio.shield(done)
        except TimeoutError:
            self._failed()
            raise saying(StoreUnavailable, silent(self.wait_seconds)) from None
        finally:
            self.waiting -= 1

    def _call(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """In the store's thread: the call, once more on a new connection if the store lost
        its own meanwhile; the store's errors as StoreError."""
        self.started = time.monotonic()
        try:
            try:
                found = call(*args, **kwargs)
            except self.store.failures as err:
                if not self.store.reconnected(err):
                    raise
                LOG.warning("the game store %s was reconnected (%s)", self.store.where, err)
                found = call(*args, **kwargs)
        except self.store.failures as err:
            self._failed()
            # TRANSLATORS: {problem} is the database's words for what failed (in English)
            failed = said("the game store failed: {problem}", problem=str(err))
            raise saying(StoreUnavailable, failed) from None
        finally:
            self.started = None
        if self.failing_since is not None:
            LOG.warning("the game store %s answers again", self.store.where)
            self.failing_since = None
        return found

    def _failed(self) -> None:
        if self.failing_since is None:
            self.failing_since = time.monotonic()
            LOG.warning("the game store %s is not answering", self.store.where)

    def stuck(self) -> bool:
        """Whether a call has waited on the store past ``SLOW_SECONDS`` (a frozen database):
        other calls are refused at once meanwhile, rather than queued behind it."""
        started = self.started
        return started is not None and time.monotonic() - started > SLOW_SECONDS

    def close(self) -> None:
        self.thread.shutdown(wait=True, cancel_futures=True)


def silent(seconds: float) -> Said:
    """The store has not answered for ``seconds``."""
    # TRANSLATORS: {seconds} is a number of seconds ("s")
    return said(
        "the game store has not answered for {seconds} s: try again once it is back",
        seconds=round(seconds, 3),
    )


class EventWriter:
    """Group commit: events are committed many at a time, and each caller resumes once its
    event is on disk. A game changes and tells its players only after that, so killing the
    server loses nothing it has announced, while a busy server commits far less often than
    once per event. The store is written in its own thread (``StoreCalls``): the events that
    arrive while a commit is under way (from any number of games) go together in the next,
    started as soon as it ends.
    """

    def __init__(self, calls: StoreCalls) -> None:
        self.calls = calls
        self.rows: list[EventRow] = []
        # one future per caller, so a caller being cancelled cancels only its own wait
        self.waiting: list[asyncio.Future[None]] = []
        self.committing: asyncio.Task[None] | None = None

    async def write(self, row: EventRow) -> None:
        """Store one event; raises StoreError (and stores nothing of its batch) on failure."""
        loop = asyncio.get_running_loop()
        stored: asyncio.Future[None] = loop.create_future()
        self.rows.append(row)
        self.waiting.append(stored)
        if self.committing is None:
            # started once this turn of the loop is over: its other events go with this one
            self.committing = loop.create_task(self._commit_all())
        await stored

    async def _commit_all(self) -> None:
        try:
            while self.rows:
                rows, waiting = self.rows, self.waiting
                self.rows, self.waiting = [], []
                await self._commit(rows, waiting)
        finally:
            self.committing = None

    async def _commit(self, rows: list[EventRow], waiting: list[asyncio.Future[None]]) -> None:
        try:
            taken = await self.calls.run(self.calls.store.add_events, rows)
        except Exception as err:  # whatever it is, no caller may wait for ever
            # TRANSLATORS: {problem} is the store's own words for what failed (in English)
            failed = saying(StoreError, said_n(
                "could not store {count} event: {problem}",
                "could not store {count} events: {problem}",
                len(rows), problem=str(err),
            ))  # fmt: skip
            for stored in waiting:
                fail(stored, failed)
            if not isinstance(err, StoreError):
                raise
            return
        for row, stored in zip(rows, waiting, strict=True):
            if (row[0], row[1]) in taken:
                first = said("game {game}: event {seq} was stored first by another server",
                             game=row[0], seq=row[1])  # fmt: skip
                fail(stored, saying(Taken, first))
            elif not stored.done():
                stored.set_result(None)


def fail(stored: asyncio.Future[None], error: StoreError) -> None:
    if not stored.done():
        stored.set_exception(error)
        stored.exception()  # retrieved here: its caller may be cancelled meanwhile
