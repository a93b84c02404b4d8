"""A game that several servers hold at once, on one PostgreSQL store (docs/web-servers.md,
"Several servers"): whatever another server stored it takes from the store, told by a notice
(notices.py, through the hub): the events after its own, each played through the checked
engine with its roll drawn again from the game's dice, and told to its clients as its own
events are; and the seats as they are stored now. One server at a time drives the game's
computer seats and idle clock: the one holding its lease in the store. A part the game's
session holds (``session.sync``): it reaches the game through ``Synced``."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Protocol

from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.i18n import said
from pegrace.moves import Move
from pegrace.record import Event
from pegrace.state import State
from pegrace.web.gamestore import StoreError
from pegrace.web.protocol import error_sent, to_json
from pegrace.web.refusals import words_of
from pegrace.web.storecalls import StoreCalls

LOG = logging.getLogger("pegrace.web")
# how long a server's lease to drive a game runs (several servers on one store): a server that
# dies leaves its games' computers and idle clocks to another within this long
LEASE_SECONDS = 3.0


class Synced(Protocol):
    """What catching up reads of its game and changes in it, and what it asks of it."""

    id: str
    lock: asyncio.Lock
    rules: Rules
    state: State
    rng: random.Random
    events: list[Event]
    unstored_roll: Roll | None  # a roll drawn but not stored: the next of this position
    kinds: dict[str, str]
    names: dict[str, str]
    owners: dict[str, str]  # token hash -> colour
    takeover: set[str]
    rematch: str | None

    async def commit(
        self, before: State, after: State, actor: str, played: Roll | Move | None
    ) -> None:
        """A stored event counts: logged, played, told."""

    def changed(self) -> None: ...  # the driver must notice

    async def seats_changed(self) -> None: ...

    async def broadcast(self, text: str) -> None: ...


class GameSync:
    """Catching up with the store, and the lease to drive the game."""

    def __init__(self, game: Synced, calls: StoreCalls) -> None:
        self.game = game
        self.calls = calls
        self.store = calls.store
        self._lease_until = 0.0  # monotonic time this server's lease to drive the game runs out
        self.told_trouble = False  # the clients were told the store fails (till an event)

    async def catch_up(self) -> None:
        async with self.game.lock:
            await self.catch_up_locked()

    async def catch_up_locked(self) -> None:
        """Play the events another server stored after ours (under the lock); should the store
        fail, they are played when the next notice comes, or the next event is stored."""
        try:
            found = await self.calls.run(
                self.store.events_after, self.game.id, len(self.game.events)
            )
        except StoreError as err:
            LOG.warning("game %s: cannot catch up with the store (%s)", self.game.id, err)
            return
        for stored in found:
            before, rules = self.game.state, self.game.rules
            played: Roll | Move | None
            if stored.resign:
                played, after = None, rules.resign(before, stored.colour)
            elif stored.move is None:
                # a roll of ours that another server's event beat is this same next roll
                mine = self.game.unstored_roll
                roll = rules.sample_roll(before, self.game.rng) if mine is None else mine
                self.game.unstored_roll = None
                if rules.dice_at(before).to_json(roll) != stored.roll:
                    LOG.error(
                        "game %s event %d: stored roll %s, but the seeded dice give %s: "
                        "not following it further",
                        self.game.id, stored.seq, stored.roll, rules.dice_at(before).format(roll),
                    )  # fmt: skip
                    return
                played, after = roll, rules.apply_roll(before, roll)
            else:
                played = rules.parse_move(before, stored.move)
                after = rules.play(before, played)
            self.game.events.append(Event(stored.colour, stored.roll, stored.move, stored.resign))
            await self.game.commit(before, after, stored.actor, played)

    async def reload_seats(self) -> None:
        """The seats, names, rematch and takeovers as stored now (another server changed
        them)."""
        async with self.game.lock:
            try:
                seats, rematch = await self.calls.run(self.store.seats_of, self.game.id)
            except StoreError as err:
                LOG.warning("game %s: cannot read its seats (%s)", self.game.id, err)
                return
            takeover = {colour for colour, seat in seats.items() if seat.takeover}
            if takeover != self.game.takeover:  # the computer's turn to play, or no longer
                self.game.takeover = takeover
                self.game.changed()
            for colour, seat in seats.items():
                self.game.kinds[colour] = seat.kind
                if seat.name:
                    self.game.names[colour] = seat.name
                if seat.token_hash:
                    self.game.owners[seat.token_hash] = colour
            self.game.rematch = rematch
            await self.game.seats_changed()

    async def store_failed(self, err: StoreError) -> None:
        """Tell the game's clients, once until an event is stored again, that the store
        fails: the game waits, and nothing is lost."""
        if self.told_trouble:
            return
        self.told_trouble = True
        LOG.warning("game %s: %s", self.game.id, err)
        # TRANSLATORS: {problem} is the store's own words for what fails (in English)
        waits = said(
            "the server cannot reach its game store ({problem}): the game waits, and goes on "
            "as soon as it is back",
            problem=words_of(err),
        )
        await self.game.broadcast(to_json(error_sent(waits)))

    async def driving(self) -> bool:
        """Whether this server drives the game's computer seats and idle clock: it holds the
        game's lease in the store (renewed once half of it is gone), which lapses should it
        stop or die, for another server to take (several servers on one store). While the
        store fails, no server drives (the caller asks again)."""
        now = time.monotonic()
        if now < self._lease_until - LEASE_SECONDS / 2:
            return True
        try:
            held = await self.calls.run(
                self.store.drive, self.game.id, self.store.server, LEASE_SECONDS
            )
        except StoreError as err:
            if self._lease_until:
                LOG.warning("game %s: its lease to drive cannot be renewed (%s)", self.game.id, err)
            held = False
        self._lease_until = now + LEASE_SECONDS if held else 0.0
        return held

    async def let_go(self) -> None:
        """Nobody is here: another server with people at the game may drive it at once (or,
        should the store fail, once the lease lapses)."""
        if self._lease_until:
            self._lease_until = 0.0
            try:
                await self.calls.run(self.store.let_go, self.game.id, self.store.server)
            except StoreError as err:
                LOG.warning("game %s: its lease lapses by itself (%s)", self.game.id, err)
