"""Several servers on one PostgreSQL store hear what the others stored. Whatever a server
stores about a game it announces in the same transaction (``NOTIFY``, so the notice goes out
only once the rows are committed, and in commit order): ``events ID SEQ,ID SEQ,...`` for the
events a commit stored (one notice for a whole group commit, not one an event: every server
hears every notice), ``seats ID`` for a seat claimed, a name, a takeover or a rematch, and
``chat ID SERVER LINE`` for a chat line (JSON; chat is not stored) said through SERVER.
Every server listens on a connection of its own (``Listener``) and hands each notice to its
hub, which brings a game it holds up to date from the store; a notice about a game it does
not hold costs a dictionary lookup.

A listener that loses its connection connects again (a second apart, for as long as it runs)
and then asks its hub to catch up every game it holds, since notices sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable

import psycopg

CHANNEL = "pegrace"
RETRY_SECONDS = 1.0
START_SECONDS = 10.0
LOG = logging.getLogger("pegrace.web")

Heard = Callable[[str, str], None]  # (game id, what: a seq's digits, "seats" or "chat ...")


def parse(payload: str) -> list[tuple[str, str]]:
    """Each game a notice is about, with what it says of it (an event's number, ``seats`` or
    ``chat SERVER LINE``); none for a notice that is not pegrace's."""
    kind, _, rest = payload.partition(" ")
    if kind == "events":
        pairs = [pair.partition(" ") for pair in rest.split(",")]
        return [(game_id, seq) for game_id, _, seq in pairs if game_id and seq.isdigit()]
    game_id, _, more = rest.partition(" ")
    if kind == "seats" and game_id:
        return [(game_id, "seats")]
    if kind == "chat" and game_id and more:
        return [(game_id, f"chat {more}")]
    return []


class Listener:
    """Hands every notice on CHANNEL to ``heard`` on the event loop; ``reconnected`` is called
    after a lost connection comes back."""

    def __init__(self, url: str, heard: Heard, reconnected: Callable[[], None]) -> None:
        self.url, self.heard, self.reconnected = url, heard, reconnected
        self.listening = asyncio.Event()  # set while a connection listens

    async def run(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        self.reconnected()
                    first = False
                    async for notice in connection.notifies():
                        for game_id, what in parse(notice.payload):
                            self.heard(game_id, what)
            except psycopg.Error as err:
                LOG.warning("the store's notices stopped (%s): listening again", err)
            self.listening.clear()
            await asyncio.sleep(RETRY_SECONDS)

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Listen while the block runs; it starts once the listener listens (or, should the
        store not answer, after ``START_SECONDS``: it goes on trying meanwhile)."""
        task = asyncio.create_task(self.run(), name="pegrace notices")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(START_SECONDS):
                await self.listening.wait()
        try:
            yield
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
