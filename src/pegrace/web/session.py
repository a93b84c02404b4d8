"""One live web game (pegrace.web.hub holds them all).

A ``GameSession`` is authoritative: it rolls from the game's seeded generator, checks every
move with the engine, stores each event before it counts, and sends every connected client the
new state. One asyncio lock per game serialises everything that changes it (players' messages,
computer moves, seat claims), and one driver task per game plays the computer seats and takes
over idle ones. A session restored from the store replays its events through the checked
engine and re-draws every stored roll from a fresh generator, so it resumes exactly."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

import orjson

from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.errors import PegraceError
from pegrace.i18n import Said, said
from pegrace.match import dice_rng
from pegrace.moves import PASS, Move
from pegrace.record import Event
from pegrace.state import Phase, State
from pegrace.web import offered
from pegrace.web.advising import GameAdvice
from pegrace.web.gamestore import (
    StoredAfterAll,
    StoredGame,
    StoreError,
    Taken,
    token_hash,
)
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.protocol import (
    DEFS,
    HELD_TOKENS,
    SAY_HELLO,
    Chat,
    Client,
    LogEntry,
    accepted,
    error_said,
    error_sent,
    to_json,
    unknown_message,
)
from pegrace.web.refusals import (
    Conflict,
    claimable,
    colour_words,
    listed_move,
    saying,
    tokens_refused,
    too_many_hellos,
    turn_problem,
    words_of,
)
from pegrace.web.replaying import replay_stored
from pegrace.web.settings import HUMAN, OPEN, GameSettings, takeover_spec
from pegrace.web.storecalls import EventWriter, StoreCalls
from pegrace.web.syncing import LEASE_SECONDS, GameSync
from pegrace.web.talk import GameTalk
from pegrace.web.turns import GameTurns
from pegrace.web.views import GameViews
from pegrace.web.workers import MOVE, Job, JobFailed, WorkerPool, think

COMPUTER, TAKEOVER = "computer", "takeover"  # who played an event, besides a human
SEATS_PAUSE = 0.25  # seconds between two seats messages of a game: more changes wait, merged
LOG = logging.getLogger("pegrace.web")


@dataclass
class Services:
    """What every game of a server shares: the store's writer, the worker processes that
    think for computer seats and advice, the limits, and the pause before computer events."""

    writer: EventWriter
    pool: WorkerPool
    limits: Limits
    computer_delay: float
    fleet: Fleet = field(default_factory=Fleet)  # the servers the limits are shared by
    ended: Callable[[GameSession], None] = lambda game: None  # told of every game's end
    turn_to: Callable[[GameSession, str], None] = lambda game, colour: None  # a person due

    @property
    def calls(self) -> StoreCalls:
        return self.writer.calls


class Deserted(PegraceError):
    """Everyone has left the game while its computer thought: the thinking is given up."""


def new_token() -> str:  # a seat's
    return secrets.token_urlsafe(18)


class GameSession:
    """One live game: its state and dice, seats and tokens, clients and computer players. Its
    parts, each reaching it through a Protocol of its own module: what its clients are sent
    (``views``), their names and chat (``talk``), the advice they ask for (``advice``), what
    other servers stored and the lease to drive (``sync``), its clock (``turns``)."""

    def __init__(
        self,
        game_id: str,
        settings: GameSettings,
        rules: Rules,
        services: Services,
        owner: str = "",
    ) -> None:
        self.id = game_id
        # whose game it is, for a fair share of the workers: the address that made it (one
        # loaded from the store after a restart is its own)
        self.owner = owner or f"game {game_id}"
        self.settings = settings
        self.rules = rules
        self.services = services
        self.writer = services.writer
        self.calls = services.calls
        self.store = self.calls.store
        self.computer_delay = services.computer_delay
        self.state = rules.initial_state()
        self.rng = dice_rng(settings.seed)
        self.kinds = dict(settings.seats)  # an open seat turns human when claimed
        self.owners: dict[str, str] = {}  # token hash -> colour
        self.events: list[Event] = []
        self.log: list[LogEntry] = []
        self.clients: dict[Client, tuple[str, ...]] = {}  # joined clients -> colours they hold
        self.takeover: set[str] = set()  # seats the computer plays for, their people away
        self.names: dict[str, str] = {}  # colour -> the name its person gave
        self.code: str | None = None  # the room code (roomcodes.py), which the hub gives
        limits, fleet = services.limits, services.fleet
        # limits by seat, or by address for watchers: never by socket (limits.py)
        self._hellos = Buckets.per_minute(limits.hellos_per_minute, 256, fleet)
        self._seats_now: object = None  # what the last seats message said
        self._seats_at = 0.0  # loop time it was sent
        self._seats_due: asyncio.TimerHandle | None = None  # a merged one, waiting its turn
        self.rematch: str | None = None
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.deserted = asyncio.Event()  # set while nobody is connected (once somebody was)
        self.changes = 0  # counts every change the driver must notice
        self.due_since = 0.0  # loop time when the seat to act became due (or last acted)
        self.used = time.monotonic()  # when it was last asked for (the hub unloads by this)
        self.task: asyncio.Task[None] | None = None
        self.unstored_roll: Roll | None = None  # drawn, not stored: this position's next
        self._tasks: set[asyncio.Task[None]] = set()  # advice, merged seats messages
        self._unsure = 0  # the number of an event whose storing failed, maybe only to answer
        # its parts, each given what it needs
        self.turns = GameTurns(self, self.calls, limits.turn_hour, self._turn_to)
        self.views = GameViews(self, self.turns.idle_left)
        self.talk = GameTalk(self, self.calls, limits, fleet)
        self.advice = GameAdvice(self, services.pool, limits, fleet)
        self.sync = GameSync(self, self.calls)

    def _turn_to(self, colour: str) -> None:
        self.services.turn_to(self, colour)

    # ------------------------------------------------------------------ restoring
    @classmethod
    def restore(cls, stored: StoredGame, services: Services) -> GameSession:
        """The game as stored (``replay_stored``), ready to go on."""
        replayed = replay_stored(stored)
        session = cls(stored.id, stored.settings, replayed.rules, services)
        session.rng = replayed.rng
        session.names = {colour: seat.name for colour, seat in stored.seats.items() if seat.name}
        states = replayed.states
        for before, after, event, stored_event, played in zip(
            states, states[1:], replayed.events, stored.events, replayed.played, strict=False
        ):
            session.log.append(
                session.views.entry(before, after, event, stored_event.actor, played)
            )
        session.events = replayed.events
        session.state = replayed.states[-1]
        session.kinds = {colour: seat.kind for colour, seat in stored.seats.items()}
        session.takeover = {colour for colour, seat in stored.seats.items() if seat.takeover}
        session.owners = {
            seat.token_hash: colour for colour, seat in stored.seats.items() if seat.token_hash
        }
        session.rematch = stored.rematch
        return session

    # ------------------------------------------------------------------ the driver
    def start(self) -> None:
        """Start playing computer seats and watching for idle ones (call from inside the
        running event loop); a game of people only, with no idle limit, needs no driver."""
        needed = self.settings.idle_seconds or any(map(self.plays_itself, self.kinds))
        if self.task is None and needed and not self.state.is_over:
            self.due_since = asyncio.get_running_loop().time()
            self.task = asyncio.create_task(self._keep_driving(), name=f"pegrace game {self.id}")

    async def close(self) -> None:
        if self._seats_due is not None:
            self._seats_due.cancel()
        tasks = [*self._tasks, *([self.task] if self.task else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.task = None

    def idle(self) -> bool:
        """Nobody is connected and nothing is under way: the game may leave memory (with
        nobody connected its computers wait, so nothing is lost)."""
        return not (self.clients or self.lock.locked() or self._tasks)

    def plays_itself(self, colour: str) -> bool:
        return self.kinds[colour].startswith("computer:") or colour in self.takeover

    def current_colour(self) -> str:
        return self.rules.colours[self.state.current]

    async def _keep_driving(self) -> None:
        """Drive the game to its end: a failure is logged and the driving goes on a second
        later, so that no error (the store's least of all) stops a game for good."""
        while not self.state.is_over:
            try:
                await self._drive()
            except Exception:
                LOG.exception("game %s: its driver failed; it goes on in a second", self.id)
                await asyncio.sleep(1.0)

    async def _drive(self) -> None:
        await self.turns.read_clock()
        while not self.state.is_over:
            self.wake.clear()
            seen = self.changes
            colour = self.current_colour()
            if not self.clients and not self.turns.turn_based():
                # nobody watches or plays: the computers do not think for nobody, and no
                # seat is taken over; the game goes on when someone comes (hello wakes it);
                # a game over days goes on with nobody there
                await self.sync.let_go()
                await self.wake.wait()
                continue
            if not await self.sync.driving():
                # another server drives this game: wait for a change, or for its lease to lapse
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(LEASE_SECONDS / 3):
                        await self.wake.wait()
                continue
            if self.forced_pass():  # nothing to choose: the pass plays itself, as a move would
                await asyncio.sleep(self.computer_delay)
                async with self.lock:
                    if self.changes == seen and not self.state.is_over:
                        await self._play_for(colour, PASS)
                continue
            if self.plays_itself(colour):
                await asyncio.sleep(self.computer_delay)
                try:
                    move = await self._think(colour) if self.changes == seen else None
                except Deserted:
                    continue
                async with self.lock:
                    if self.changes == seen and not self.state.is_over:
                        await self._play_for(colour, move)
                continue
            timeout = self.turns.late_in()
            if self.store.shared:  # wake to renew the lease, or the idle seat's may lapse
                timeout = LEASE_SECONDS / 2 if timeout is None else min(timeout, LEASE_SECONDS / 2)
            try:
                # not wait_for: in Python 3.11 it swallows a cancel that comes as the wait ends
                async with asyncio.timeout(timeout):
                    await self.wake.wait()
            except TimeoutError:
                if (left := self.turns.late_in()) is None or left > 0:
                    continue  # woken only to renew the lease
                async with self.lock:
                    if self.changes == seen and await self.sync.driving():
                        await self.turns.late(colour)

    async def _think(self, colour: str) -> Move | None:
        """The computer's choice (``_computer_choice``), given up, Deserted, should everyone
        leave meanwhile: a game nobody is connected to does not think, nor wait in the
        workers' queue (a job running is stopped, as one past its time limit is)."""
        choice = asyncio.create_task(self._computer_choice(colour))
        # a game over days thinks for nobody: its people come back when it is their turn
        left = asyncio.create_task(
            asyncio.Event().wait() if self.turns.turn_based() else self.deserted.wait()
        )
        try:
            await asyncio.wait({choice, left}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            left.cancel()
            if not choice.done():
                choice.cancel()
                await asyncio.gather(choice, return_exceptions=True)
        if choice.cancelled():
            raise Deserted
        return choice.result()

    def forced_pass(self) -> bool:
        """A seat is to move and the pass is its only legal move."""
        state = self.state
        return state.phase == Phase.MOVE and self.rules.legal_moves(state) == [PASS]

    async def _play_for(self, colour: str, move: Move | None) -> None:
        """An event the server plays for a seat (a roll when ``move`` is None): a computer's, a
        takeover's, or a person's forced pass, logged as that person's own."""
        if not self.plays_itself(colour):
            actor = HUMAN
        else:
            actor = TAKEOVER if colour in self.takeover else COMPUTER
        try:
            if move is None:
                await self._roll(actor)
            else:
                await self._move(move, actor)
        except Taken:
            return  # another server played first: its event is ours now, and we go on
        except StoreError as err:  # nothing changed: say so once, and try again in a second
            await self.sync.store_failed(err)
            await asyncio.sleep(1.0)

    async def _computer_choice(self, colour: str) -> Move | None:
        """The computer's move for the seat to act (None when it is to roll). Players think in
        a worker process, so a deep search does not stall the server, within a time limit."""
        state = self.state
        if state.is_chance:
            return None
        legal = self.rules.legal_moves(state)
        if len(legal) == 1:
            return legal[0]
        spec = self.kinds[colour] if colour not in self.takeover else takeover_spec()
        # a generator per decision: a restored game chooses exactly as it would have
        seed = f"{self.settings.seed}:{colour}:{len(self.events)}"
        job = Job.of(self.rules, state, MOVE, seed, offered.playable(spec))
        try:
            limit = self.services.limits.move_seconds
            if offered.is_outside(spec):  # its own time limit, a bot's start included
                limit = max(limit, offered.longest_seconds())
            text = await self.services.pool.run(job, limit, self.owner, job.heavy)
        except JobFailed as failed:
            # a player that fails or runs out of time must not stall the game: the takeover
            # player (one ply, a few milliseconds) moves instead
            LOG.warning(
                "game %s: %s gave no move (%s); %s moves", self.id, spec, failed, takeover_spec()
            )
            text = think(self.rules, state, takeover_spec(), seed)
        return next(move for move in legal if move.text == text)

    def changed(self) -> None:
        self.changes += 1
        self.wake.set()

    # ------------------------------------------------------------------ events
    async def _roll(self, actor: str) -> None:
        before = self.state
        # A roll drawn but not stored (the store failed) is the next roll of this same
        # position: reusing it keeps the generator exactly in step with the stored rolls.
        if self.unstored_roll is None:
            self.unstored_roll = self.rules.sample_roll(before, self.rng)
        roll = self.unstored_roll
        json_roll = self.rules.dice_at(before).to_json(roll)
        await self._save(Event(self.current_colour(), json_roll, None), actor)
        self.unstored_roll = None
        await self.commit(before, self.rules.apply_roll(before, roll), actor, roll)

    async def _move(self, move: Move, actor: str) -> None:
        before = self.state
        after = self.rules.play(before, move)
        await self._save(Event(self.current_colour(), None, move.text), actor)
        await self.commit(before, after, actor, move)

    async def _save(self, event: Event, actor: str) -> None:
        """Store the event (raises StoreError, changing nothing, if that fails; Taken, after
        taking in what another server stored first, if its number is taken)."""
        seq = len(self.events) + 1
        try:
            row = (self.id, seq, event.colour, event.roll, event.move, actor, event.resign)
            await self.writer.write(row)
        except Taken:
            await self.sync.catch_up_locked()
            if seq == self._unsure and self.events[seq - 1 : seq] == [event]:  # ours, late
                raise StoredAfterAll.of(self.id, seq) from None
            raise
        except StoreError:
            self._unsure = seq  # the store may yet have kept it: a frozen one, say
            raise
        self.events.append(event)

    async def commit(
        self, before: State, after: State, actor: str, played: Roll | Move | None
    ) -> None:
        """The stored event counts: log it, move on, tell the driver and every client."""
        self.log.append(self.views.entry(before, after, self.events[-1], actor, played))
        self.state = after
        self.sync.told_trouble = False
        self.due_since = asyncio.get_running_loop().time()
        self.views.stale()
        self.changed()
        self.turns.turn_passed(self.events[-1].colour)
        if after.is_over and not before.is_over:
            self.services.ended(self)
        if self.clients:
            await self.broadcast(self.views.state_message())

    # ------------------------------------------------------------------ players' messages
    async def receive(self, client: Client, text: str) -> None:
        """Handle one message from a client; a bad one gets an error reply and changes nothing."""
        try:
            message = orjson.loads(text)
        except orjson.JSONDecodeError as err:
            await self.error(client, said("message is not valid JSON: {problem}", problem=str(err)))
            return
        kind = accepted(message)  # its type, as protocol.MESSAGES has it
        if kind is None:
            await self.error(client, unknown_message(text))
            return
        if not kind.locked:
            await kind.handle(self, client, message)
            return
        async with self.lock:
            if kind.needs_hello and client not in self.clients:
                await self.error(client, SAY_HELLO)
            else:
                await kind.handle(self, client, message)

    async def on_hello(self, client: Client, tokens: object) -> None:
        if (
            not isinstance(tokens, list)
            or not all(isinstance(t, str) for t in tokens)
            or len(tokens) > HELD_TOKENS
        ):
            await self.error(client, error_said(DEFS["Hello"]["properties"]["tokens"], tokens))
            return
        if not self._hellos.take(client.key):  # each hello costs the whole log
            most = self.services.limits.hellos_per_minute
            await self.error(client, too_many_hellos(most))
            return
        held = [self.owners.get(token_hash(t)) for t in tokens]
        colours = tuple(c for c in self.rules.colours if c in held)
        if not self.clients:  # the first to come: a game that waited for somebody goes on
            self.due_since = asyncio.get_running_loop().time()
            self.deserted.clear()
            self.changed()
        self.clients[client] = colours
        self.returned(colours)
        refused = [i for i, colour in enumerate(held) if colour is None]
        await client.send_text(to_json(self.views.welcome(colours, self.talk.chat, refused)))
        await client.send_text(self.views.state_message(full_log=True))
        if refused:
            await self.error(client, tokens_refused(len(refused), len(held), colours))
        await self.seats_changed()

    async def on_back(self, client: Client) -> None:
        """The "I'm back" button: the computer stops playing for this person's seats."""
        if self.returned(self.clients[client]):
            await self.seats_changed()

    async def on_name(self, client: Client, name: object) -> None:
        await self.talk.on_name(client, name)

    async def on_chat(self, client: Client, message: Chat) -> None:
        await self.talk.on_chat(client, message)

    async def on_ask(self, client: Client, kind: str) -> None:
        await self.advice.on_ask(client, kind)

    async def on_act(self, client: Client, kind: str, move: object) -> None:
        """A roll, or a move (``move``: its text) for a seat the client holds."""
        colours = self.clients[client]
        if self.returned(colours):
            await self.seats_changed()
        problem = turn_problem(self.rules, self.state, colours, kind)
        if problem:
            await self.error(client, problem)
            return
        try:
            if kind == "roll":
                await self._roll(HUMAN)
                return
            await self._move(listed_move(self.rules, self.state, move), HUMAN)
        except StoredAfterAll:
            return  # its players have been sent the game as it now is
        except PegraceError as err:
            await self.error(client, words_of(err))

    async def on_resign(self, client: Client, colour: str) -> None:
        """A seat the client holds leaves the game, with its person's other colours (Trouble's
        two sets); refused, changing nothing, where the rules do not let it."""
        if colour not in self.clients[client]:
            await self.error(client, said("you can only resign a seat you hold"))
            return
        leaving = self.rules.leaving(self.state, colour)
        try:  # every colour checked before any is stored: all of them leave, or none
            states = list(accumulate(leaving, self.rules.resign, initial=self.state))
            for left, before, after in zip(leaving, states, states[1:], strict=False):
                await self._save(Event(left, resign=True), HUMAN)
                await self.commit(before, after, HUMAN, None)
        except StoredAfterAll:
            return  # its players have been sent the game as it now is
        except PegraceError as err:
            await self.error(client, words_of(err))

    def returned(self, colours: tuple[str, ...]) -> bool:
        """Whatever a seat's person sends shows they are back: the computer stops playing for
        them. The idle clock goes on from the last event (only an event restarts it, so
        messages alone cannot hold a game up). True if a takeover ended."""
        back = self.takeover.intersection(colours)
        if back:
            self.takeover -= back
            self.turns.keep_takeover(back, on=False)
            self.changed()
        return bool(back)

    async def leave(self, client: Client) -> None:
        async with self.lock:
            if self._forget(client):
                await self.seats_changed()

    def _forget(self, client: Client) -> bool:
        """The client has gone; True if it was there. The last to go leaves the game
        deserted: a computer thinking for it stops (``_think``)."""
        if self.clients.pop(client, None) is None:
            return False
        if not self.clients:
            self.deserted.set()
        return True

    async def error(self, client: Client, message: Said | str) -> None:
        """Tell ``client`` (only) what it asked for is refused: a ``Said`` where there are
        words for its person (what the game's own refusals are), in English and in them."""
        await client.send_text(to_json(error_sent(message)))

    async def seats_changed(self) -> None:
        """Tell everyone who sits where: at once, or, within ``SEATS_PAUSE`` of the last
        such message, once the pause is over, merged with whatever else changes meanwhile (a
        crowd coming and going, or a seat renamed on many sockets, is one message to each
        client, not one per change); nothing when nothing has changed."""
        if self._seats_due is not None:
            return  # one is on its way, and will tell this too
        loop = asyncio.get_running_loop()
        wait = self._seats_at + SEATS_PAUSE - loop.time()
        if wait > 0:
            self._seats_due = loop.call_later(wait, self._seats_later)
            return
        await self._send_seats()

    def _seats_later(self) -> None:
        self._seats_due = None
        self.spawn(self._send_seats())

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the game's own, cancelled when the game closes."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_seats(self) -> None:
        now = (self.views.seats_key(), self.views.watchers())
        if now == self._seats_now:
            return
        self._seats_now, self._seats_at = now, asyncio.get_running_loop().time()
        await self.broadcast(self.views.seats_message())

    async def broadcast(self, text: str) -> None:
        for client in list(self.clients):
            try:
                await client.send_text(text)
            except Exception:  # a client that cannot be sent to has gone: forget it
                self._forget(client)

    # ------------------------------------------------------------------ seats
    async def claim(self, colour: str) -> dict[str, str]:
        """Give an open seat to whoever asks first (with Trouble's two sets, every colour of
        its side); returns a token for each colour claimed."""
        async with self.lock:
            claimable(colour, self.kinds.get(colour), self.rules.colours)
            side = self.rules.side_of(colour) if self.rules.one_player_sides else (colour,)
            tokens = {c: new_token() for c in side if self.kinds[c] == OPEN}
            try:
                claimed_here = await self.calls.run(self.store.claim_seats, self.id, tokens)
            except StoreError as err:
                problem = said("could not store the claim: {problem}", problem=words_of(err))
                raise saying(StoreError, problem) from None
            if not claimed_here:  # through another server, a moment ago
                self.spawn(self.sync.reload_seats())
                taken = said(
                    "{colour} is not an open seat (somebody has just claimed it)",
                    colour=colour_words(colour),
                )
                raise saying(Conflict, taken)
            for claimed, token in tokens.items():
                self.kinds[claimed] = HUMAN
                self.owners[token_hash(token)] = claimed
                self.takeover.discard(claimed)
            self.due_since = asyncio.get_running_loop().time()
            self.changed()
            await self.seats_changed()
            return tokens
