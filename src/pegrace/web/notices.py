"""Several servers on one PostgreSQL store hear what the others stored. Whatever a server
stores about a game it announces in the same transaction (``NOTIFY``, so the notice goes out
only once the rows are committed, and in commit order), signed with its name (the store's
``server``): ``events SERVER ID SEQ,ID SEQ,...`` for the events a commit stored (one notice for
a whole group commit, not one an event: every server hears every notice), ``seats SERVER ID``
for a seat claimed, a name, a takeover or a rematch, and ``chat SERVER ID NUMBER`` for a chat
line (kept in the store's chat table, where its hearers read it: whoever may notify on the
database can send a notice, but only a role that may write pegrace's tables can say anything
in one). A notice of any other shape is logged and skipped. Every server listens on a
connection of its own (``Listener``) and hands each notice of another server to its hub,
which brings a game it holds up to date from the store; a notice about a game it does not
hold costs a dictionary lookup, and its own notices (it knows what it stored) nothing.

A listener that loses its connection connects again (a second apart, for as long as it runs)
and then asks its hub to catch up every game it holds, since notices sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Callable

import psycopg

CHANNEL = "pegrace"
RETRY_SECONDS = 1.0
START_SECONDS = 10.0
MALFORMED_LOGGED_EVERY = 60.0  # seconds between two log lines of malformed notices
LOG = logging.getLogger("pegrace.web")

# what a notice says: who sent it, and each game with what of it (an event's number, "seats"
# or "chat NUMBER"); anything else on the channel is malformed
SERVER = r"[^\s,]{1,128}"
GAME = r"[A-Za-z0-9_-]{1,32}"  # as hub.new_game_id makes them, with room to spare
NUMBER = r"[0-9]{1,18}"
EVENTS = re.compile(rf"events ({SERVER}) ((?:{GAME} {NUMBER},){{0,199}}{GAME} {NUMBER})")
SEATS = re.compile(rf"seats ({SERVER}) ({GAME})")
CHAT = re.compile(rf"chat ({SERVER}) ({GAME}) ({NUMBER})")

Heard = Callable[[str, str], None]  # (game id, what: a seq's digits, "seats" or "chat N")
Notice = tuple[str, list[tuple[str, str]]]  # who sent it, and each game with what of it


class Malformed(ValueError):
    """A notice on the channel that pegrace does not send (another program's, or forged)."""


def parse(payload: str) -> Notice:
    """The server that sent a notice, and each game it is about with what it says of it (an
    event's number, ``seats`` or ``chat NUMBER``: the number of a line kept in the store);
    Malformed for anything else."""
    if found := EVENTS.fullmatch(payload):
        pairs = [pair.split(" ") for pair in found[2].split(",")]
        return found[1], [(game_id, seq) for game_id, seq in pairs]
    if found := SEATS.fullmatch(payload):
        return found[1], [(found[2], "seats")]
    if found := CHAT.fullmatch(payload):
        return found[1], [(found[2], f"chat {found[3]}")]
    raise Malformed(f"not a pegrace notice: {payload[:80]!r}")


class Listener:
    """Hands every notice on CHANNEL but ``server``'s own to ``heard`` on the event loop;
    ``reconnected`` is called after a lost connection comes back. A malformed notice, or one
    ``heard`` fails on, is logged (at most once every ``MALFORMED_LOGGED_EVERY`` seconds,
    with how many there were) and skipped: it never ends the listening."""

    def __init__(
        self, url: str, server: str, heard: Heard, reconnected: Callable[[], None]
    ) -> None:
        self.url, self.server, self.heard, self.reconnected = url, server, heard, reconnected
        self.listening = asyncio.Event()  # set while a connection listens
        self.skipped = 0  # notices skipped since the last log line of them
        self.logged_at = -MALFORMED_LOGGED_EVERY

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
                        self.take(notice.payload)
            except psycopg.Error as err:
                LOG.warning("the store's notices stopped (%s): listening again", err)
            except Exception:  # a bug: logged, and listening goes on
                LOG.exception("the store's notices stopped: listening again")
            self.listening.clear()
            await asyncio.sleep(RETRY_SECONDS)

    def take(self, payload: str) -> None:
        """Hand one notice on, or skip it (logged) if it is malformed or ``heard`` fails."""
        try:
            sender, games = parse(payload)
            if sender != self.server:
                for game_id, what in games:
                    self.heard(game_id, what)
        except Exception as err:
            self.skip(err)

    def skip(self, err: Exception) -> None:
        self.skipped += 1
        now = time.monotonic()
        if now - self.logged_at >= MALFORMED_LOGGED_EVERY:
            LOG.warning(
                "the store's notices: %d skipped (the last: %s); a notice comes only from a "
                "pegrace server, and anything else that may notify on the database should not",
                self.skipped, err,
            )  # fmt: skip
            self.skipped, self.logged_at = 0, now

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
