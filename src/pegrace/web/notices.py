"""Several servers on one PostgreSQL store hear what the others stored. Whatever a server
stores about a game it announces in the same transaction (``NOTIFY``, so the notice goes out
only once the rows are committed, and in commit order), signed with its name (the store's
``server``): ``events SERVER ID SEQ,ID SEQ,...`` for the events a commit stored (one notice for
a whole group commit, not one an event: every server hears every notice), ``seats SERVER ID``
for a seat claimed, a name, a takeover or a rematch, and ``chat SERVER ID LINE`` for a chat
line (JSON; chat is not stored). Every server listens on a connection of its own
(``Listener``) and hands each notice of another server to its hub, which brings a game it
holds up to date from the store; a notice about a game it does not hold costs a dictionary
lookup, and its own notices (it knows what it stored) nothing.

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

Heard = Callable[[str, str], None]  # (game id, what: a seq's digits, "seats" or "chat LINE")
Notice = tuple[str, list[tuple[str, str]]]  # who sent it, and each game with what of it


def parse(payload: str) -> Notice:
    """The server that sent a notice, and each game it is about with what it says of it (an
    event's number, ``seats`` or ``chat LINE``); no games for a notice that is not pegrace's."""
    kind, _, rest = payload.partition(" ")
    server, _, rest = rest.partition(" ")
    if kind == "events":
        pairs = [pair.partition(" ") for pair in rest.split(",")]
        return server, [(game_id, seq) for game_id, _, seq in pairs if game_id and seq.isdigit()]
    game_id, _, more = rest.partition(" ")
    if kind == "seats" and game_id:
        return server, [(game_id, "seats")]
    if kind == "chat" and game_id and more:
        return server, [(game_id, f"chat {more}")]
    return server, []


class Listener:
    """Hands every notice on CHANNEL but ``server``'s own to ``heard`` on the event loop;
    ``reconnected`` is called after a lost connection comes back."""

    def __init__(
        self, url: str, server: str, heard: Heard, reconnected: Callable[[], None]
    ) -> None:
        self.url, self.server, self.heard, self.reconnected = url, server, heard, reconnected
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
                        sender, games = parse(notice.payload)
                        if sender != self.server:
                            for game_id, what in games:
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
