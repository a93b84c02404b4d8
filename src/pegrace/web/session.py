"""One live web game, and the hub that holds them.

A ``GameSession`` is authoritative: it rolls from the game's seeded generator, checks every
move with the engine, stores each event before it counts, and sends every connected client the
new state. One asyncio lock per game serialises everything that changes it (players' messages,
computer moves, seat claims), and one driver task per game plays the computer seats and takes
over idle ones. A session restored from the store replays its events through the checked
engine and re-draws every stored roll from a fresh generator, so it resumes exactly.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

import orjson

from pegrace import native
from pegrace.advice import learned_chances, win_chances
from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.errors import IllegalMoveError, OptionError, PegraceError
from pegrace.match import dice_rng
from pegrace.moves import PASS, Move
from pegrace.record import Event, Record, replay
from pegrace.state import Phase, State
from pegrace.web import boards
from pegrace.web.heavy import PHASE_NAMES, FramesJob, KeptAnswers
from pegrace.web.limits import Buckets, Limits
from pegrace.web.names import CHAT_LENGTH, checked_name, shown_text
from pegrace.web.settings import HUMAN, OPEN, GameSettings, new_seed, takeover_spec
from pegrace.web.store import EventWriter, Store, StoredGame, StoreError, token_hash
from pegrace.web.workers import (
    DEFAULT_WORKERS,
    MOVE,
    WINPROB,
    Job,
    JobFailed,
    WorkerPool,
    chances_body,
    think,
)
from pegrace.words import colour_name, said_of

Json = dict[str, Any]
View = TypeVar("View")
COMPUTER, TAKEOVER = "computer", "takeover"  # who played an event, besides a human
ADVICE_TYPES = ("hint", "winprob")  # answered to the asker only, worked out off the lock
# win chances: the playouts played so far at each answer, the last one final
WINPROB_STEPS = (200, 600, 2000)
MESSAGE_TYPES = ("hello", "roll", "move", "ping", "name", "back", "chat", *ADVICE_TYPES)
# the quick reactions offered: words, which every font draws (emoji need a colour-emoji font)
EMOTES = ("Nice!", "Well played", "Ha ha", "Wow", "Oh no", "Grr", "Yay!", "Good luck")
CHAT_KEPT = 50  # chat lines a game keeps (in memory) for those who join later
LOBBY_GAMES = 12  # games in each of the lobby's lists, at most
# a listed game with no event this long has been left: it leaves the lobby's open and watch
ABANDONED_SECONDS = 30 * 60.0
LOBBY_SCANNED = 500  # the newest games made that the lobby looks among (its cost is bounded)
HELD_TOKENS = 16  # seat tokens one hello may carry (a browser holds a game's seats, no more)
SEATS_PAUSE = 0.25  # seconds between two seats messages of a game: more changes wait, merged
REPLAY_SECONDS = 30.0  # the time a replay may take to work out
FINISHED_KEPT = 600.0  # seconds a finished game nobody asks for stays in memory
LOG = logging.getLogger("pegrace.web")


def to_json(value: Any) -> str:
    """Compact JSON text of a message (orjson: several times faster than the json module,
    which matters because every event's state is encoded once)."""
    return orjson.dumps(value).decode()


class Kept(Generic[View]):
    """A view kept, with its JSON, while what it is made of stays the same (``key``): an
    event's state message then neither rebuilds nor re-encodes the parts it did not change."""

    def __init__(self, make: Callable[[], View]) -> None:
        self.make = make
        self.key: object = object()  # equal to no key
        self._view: View | None = None
        self._json: orjson.Fragment | None = None

    def view(self, key: object) -> View:
        if self._view is None or self.key != key:
            self.key, self._view, self._json = key, self.make(), None
        return self._view

    def json(self, key: object) -> orjson.Fragment:
        view = self.view(key)
        if self._json is None:
            self._json = orjson.Fragment(orjson.dumps(view))
        return self._json


class Client(Protocol):
    """A connected browser (an app.Connection, or a fake in tests); ``key`` says who it is
    for the limits (its address, an IPv6 one by its /64)."""

    key: str

    async def send_text(self, data: str) -> None: ...


class GameNotFound(PegraceError):
    pass


class Forbidden(PegraceError):
    """A request only a game's players may make (a rematch of a game with people)."""


class Full(PegraceError):
    """The server holds as many live games as its limits allow, every one of them in use."""


@dataclass
class Services:
    """What every game of a server shares: the store's writer, the worker processes that
    think for computer seats and advice, the limits, and the pause before computer events."""

    writer: EventWriter
    pool: WorkerPool
    limits: Limits
    computer_delay: float


class TooMany(PegraceError):
    """A client past one of its limits (games a minute, open sockets, loads)."""


class Deserted(PegraceError):
    """Everyone has left the game while its computer thought: the thinking is given up."""


class Conflict(PegraceError):
    """A request the game's state refuses: claiming a seat that is not open, or a rematch
    of a game still running."""


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_game_id() -> str:
    return secrets.token_urlsafe(6)


class GameSession:
    def __init__(
        self, game_id: str, settings: GameSettings, rules: Rules, services: Services,
        owner: str = "",
    ) -> None:  # fmt: skip
        self.id = game_id
        # whose game it is, for a fair share of the workers: the address that made it (one
        # loaded from the store after a restart is its own)
        self.owner = owner or f"game {game_id}"
        self.settings = settings
        self.rules = rules
        self.services = services
        self.writer = services.writer
        self.store = services.writer.store
        self.computer_delay = services.computer_delay
        self.state = rules.initial_state()
        self.rng = dice_rng(settings.seed)
        self.kinds = dict(settings.seats)  # an open seat turns human when claimed
        self.owners: dict[str, str] = {}  # token hash -> colour
        self.events: list[Event] = []
        self.log: list[Json] = []
        self.clients: dict[Client, tuple[str, ...]] = {}  # joined clients -> colours they hold
        self.takeover: set[str] = set()
        self.names: dict[str, str] = {}  # colour -> the name its person gave
        self.chat: list[Json] = []  # the newest chat lines and emotes, oldest first
        limits = services.limits
        # limits by seat, or by address for watchers: never by socket (limits.py)
        self._chats = Buckets.per_minute(limits.chats_per_minute, keep=256)
        self._names = Buckets.per_minute(limits.names_per_minute, keep=64)
        self._hellos = Buckets.per_minute(limits.hellos_per_minute, keep=256)
        self._estimates = Buckets(limits.winprob_per_minute / 60, limits.winprob_per_minute, 64)
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
        self._update: str | None = None  # the state message of the last event, built once
        # views that change far less often than the state, kept with their JSON (Kept)
        self._spots = Kept(lambda: boards.piece_spots(self.rules, self.state))
        self._seats = Kept(self._seats_view)
        self._log = Kept(lambda: self.log)  # the whole log only grows: its length is its key
        self._layout = Kept(lambda: boards.board_layout(self.rules))  # never changes
        self._unstored_roll: Roll | None = None
        self._advising = asyncio.Lock()  # one hint or win-chance estimate at a time
        self._advice: dict[tuple[str, int], str] = {}  # (kind, seq) -> the answer sent
        self._tasks: set[asyncio.Task[None]] = set()  # advice, merged seats messages
        self._native: native.Computer | None = None  # the learned value's view, when asked

    # ------------------------------------------------------------------ restoring
    @classmethod
    def restore(cls, stored: StoredGame, services: Services) -> GameSession:
        """The game as stored: its events replayed through the checked engine and its dice
        generator put back by re-drawing every stored roll in order."""
        settings = stored.settings
        session = cls(stored.id, settings, settings.rules(), services)
        session.names = {colour: seat.name for colour, seat in stored.seats.items() if seat.name}
        rules = session.rules
        record = Record.start(rules, settings.seed, dict(settings.seats))
        record.events = [Event(e.colour, e.roll, e.move) for e in stored.events]
        _, states = replay(record)
        for event, before, stored_event in zip(record.events, states, stored.events, strict=False):
            played: Roll | Move
            if event.move is None:
                played = rules.sample_roll(before, session.rng)
                if rules.dice_at(before).to_json(played) != event.roll:
                    raise StoreError(
                        f"game {stored.id} event {stored_event.seq}: stored roll {event.roll} "
                        f"but the seeded dice give {rules.dice_at(before).format(played)}"
                    )
            else:
                played = rules.parse_move(before, event.move)
            session.log.append(session._entry(before, event, stored_event.actor, played))
        session.events = record.events
        session.state = states[-1]
        session.kinds = {colour: seat.kind for colour, seat in stored.seats.items()}
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
            self.task = asyncio.create_task(self._drive(), name=f"pegrace game {self.id}")

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
        busy = self.lock.locked() or self._tasks
        return not (self.clients or busy)

    def plays_itself(self, colour: str) -> bool:
        return self.kinds[colour].startswith("computer:") or colour in self.takeover

    def current_colour(self) -> str:
        return self.rules.colours[self.state.current]

    async def _drive(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.state.is_over:
            self.wake.clear()
            seen = self.changes
            colour = self.current_colour()
            if not self.clients:
                # nobody watches or plays: the computers do not think for nobody, and no
                # seat is taken over; the game goes on when someone comes (hello wakes it)
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
            idle = self.settings.idle_seconds
            timeout = max(0.0, self.due_since + idle - loop.time()) if idle else None
            try:
                # not wait_for: in Python 3.11 it swallows a cancel that comes as the wait ends
                async with asyncio.timeout(timeout):
                    await self.wake.wait()
            except TimeoutError:
                async with self.lock:
                    if self.changes == seen:
                        self.takeover.add(colour)
                        self._changed()
                        await self.seats_changed()

    async def _think(self, colour: str) -> Move | None:
        """The computer's choice (``_computer_choice``), given up, Deserted, should everyone
        leave meanwhile: a game nobody is connected to does not think, nor wait in the
        workers' queue (a job running is stopped, as one past its time limit is)."""
        choice = asyncio.create_task(self._computer_choice(colour))
        left = asyncio.create_task(self.deserted.wait())
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
        except StoreError:
            await asyncio.sleep(1.0)  # the store failed; nothing changed, so try again later

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
        job = Job.of(self.rules, state, MOVE, seed, spec)
        try:
            text = await self.services.pool.run(job, self.services.limits.move_seconds, self.owner)
        except JobFailed as failed:
            # a player that fails or runs out of time must not stall the game: the takeover
            # player (one ply, a few milliseconds) moves instead
            LOG.warning("game %s: %s gave no move (%s); %s moves", self.id, spec, failed,
                        takeover_spec())  # fmt: skip
            text = think(self.rules, state, takeover_spec(), seed)
        return next(move for move in legal if move.text == text)

    def _changed(self) -> None:
        self.changes += 1
        self.wake.set()

    # ------------------------------------------------------------------ events
    async def _roll(self, actor: str) -> None:
        before = self.state
        # A roll drawn but not stored (the store failed) is the next roll of this same
        # position: reusing it keeps the generator exactly in step with the stored rolls.
        if self._unstored_roll is None:
            self._unstored_roll = self.rules.sample_roll(before, self.rng)
        roll = self._unstored_roll
        json_roll = self.rules.dice_at(before).to_json(roll)
        await self._save(Event(self.current_colour(), json_roll, None), actor)
        self._unstored_roll = None
        await self._commit(before, self.rules.apply_roll(before, roll), actor, roll)

    async def _move(self, move: Move, actor: str) -> None:
        before = self.state
        after = self.rules.play(before, move)
        await self._save(Event(self.current_colour(), None, move.text), actor)
        await self._commit(before, after, actor, move)

    async def _save(self, event: Event, actor: str) -> None:
        """Store the event (raises StoreError, changing nothing, if that fails)."""
        seq = len(self.events) + 1
        await self.writer.write((self.id, seq, event.colour, event.roll, event.move, actor))
        self.events.append(event)

    async def _commit(self, before: State, after: State, actor: str, played: Roll | Move) -> None:
        """The stored event counts: log it, move on, tell the driver and every client."""
        self.log.append(self._entry(before, self.events[-1], actor, played))
        self.state = after
        self.due_since = asyncio.get_running_loop().time()
        self._update = None
        self._changed()
        if self.clients:
            await self.broadcast(self.state_message())

    def _entry(self, before: State, event: Event, actor: str, played: Roll | Move) -> Json:
        """The log line of an event: what was rolled or moved, in words."""
        rules = self.rules
        steps: list[Json] = []
        if isinstance(played, Move):
            view = boards.move_view(rules, before, played)
            label = said_of(self.called(event.colour), view["label"])
            roll, move_text = None, played.text
            # where it went, for the page to show when the line is pointed at
            steps = [{key: step[key] for key in ("from", "to", "path") if key in step}
                     for step in view["steps"]]  # fmt: skip
        else:  # the dome is popped, in the roll-off as in play: "pops" both
            roll = rules.dice_at(before).format(played)
            label = f"{self.called(event.colour)} pops {roll}"
            move_text = None
        return {"seq": len(self.log) + 1, "colour": event.colour, "roll": roll,
                "move": move_text, "label": label, "by": actor, "steps": steps,
                "rolloff": before.phase == Phase.ROLLOFF}  # fmt: skip

    # ------------------------------------------------------------------ players' messages
    async def receive(self, client: Client, text: str) -> None:
        """Handle one message from a client; a bad one gets an error reply and changes nothing."""
        try:
            message = orjson.loads(text)
        except orjson.JSONDecodeError as err:
            await self.error(client, f"message is not valid JSON: {err}")
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind not in MESSAGE_TYPES:
            await self.error(client, f"unknown message {text[:80]!r}: send a JSON object whose "
                             f"\"type\" is one of {', '.join(MESSAGE_TYPES)}")  # fmt: skip
            return
        if kind == "ping":
            await client.send_text('{"type": "pong"}')
            return
        async with self.lock:
            if kind == "hello":
                await self._hello(client, message.get("tokens", []))
            elif client not in self.clients:
                await self.error(client, 'say hello first: {"type": "hello", "tokens": [...]}')
            elif kind in ADVICE_TYPES:
                await self._ask(client, kind)
            elif kind == "name":
                await self._name(client, message.get("name"))
            elif kind == "back":
                await self._back(client)
            elif kind == "chat":
                await self._chat(client, message)
            else:
                await self._act(client, kind, message)

    def called(self, colour: str) -> str:
        """What the log calls a seat: its person's name, else its colour."""
        return self.names.get(colour) or colour_name(colour)

    async def _hello(self, client: Client, tokens: Any) -> None:
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens) \
                or len(tokens) > HELD_TOKENS:  # fmt: skip
            await self.error(client, f'"tokens" must be a list of at most {HELD_TOKENS} seat '
                             "tokens (strings)")  # fmt: skip
            return
        if not self._hellos.take(client.key):  # each hello costs the whole log
            most = self.services.limits.hellos_per_minute
            await self.error(client, f"slow down: at most {most} hellos a minute from one "
                             "address to a game")  # fmt: skip
            return
        held = [self.owners.get(token_hash(t)) for t in tokens]
        colours = tuple(c for c in self.rules.colours if c in held)
        if not self.clients:  # the first to come: a game that waited for somebody goes on
            self.due_since = asyncio.get_running_loop().time()
            self.deserted.clear()
            self._changed()
        self.clients[client] = colours
        self._returned(colours)
        refused = [i for i, colour in enumerate(held) if colour is None]
        await client.send_text(to_json(self.welcome(colours, refused)))
        await client.send_text(self.state_message(full_log=True))
        if refused:
            playing = f"you play {', '.join(colours)}" if colours else "you watch"
            await self.error(client, f"{len(refused)} of {len(held)} seat tokens are not "
                             f"for this game ({playing})")  # fmt: skip
        await self.seats_changed()

    async def _name(self, client: Client, name: Any) -> None:
        """The name a seat's person gives (for every seat they hold), kept with the game."""
        colours = self.clients[client]
        if not colours:
            await self.error(
                client, "you are watching this game: only a seat's player has a name here"
            )
            return
        others = [c for c in self.rules.all_colours if c not in colours]
        others += [n for c, n in self.names.items() if c not in colours]
        try:
            cleaned = checked_name(name, own=colours, others=others)
        except OptionError as err:
            await self.error(client, str(err))
            return
        if all(self.names.get(colour) == cleaned for colour in colours):
            return  # nothing changed: nothing to store or tell
        if not self._names.take(colours[0]):
            most = self.services.limits.names_per_minute
            await self.error(client, f"slow down: a seat may change its name at most {most} "
                             "times a minute")  # fmt: skip
            return
        try:
            for colour in colours:
                self.store.set_name(self.id, colour, cleaned)
        except sqlite3.Error as err:
            await self.error(client, f"could not store the name: {err}")
            return
        self.names.update(dict.fromkeys(colours, cleaned))
        await self.seats_changed()

    async def _chat(self, client: Client, message: Json) -> None:
        """A chat line (``text``) or one of the ``EMOTES`` (``emote``), to everyone."""
        colours = self.clients[client]
        try:
            line = self._chat_line(colours, message)
        except OptionError as err:
            await self.error(client, str(err))
            return
        if not self._chats.take(self._counted_as(client, colours)):
            most = self.services.limits.chats_per_minute
            await self.error(client, f"slow down: at most {most} chat lines a minute")
            return
        self.chat = [*self.chat[-(CHAT_KEPT - 1) :], line]
        await self.broadcast(to_json({"type": "chat", **line}))

    @staticmethod
    def _counted_as(client: Client, colours: tuple[str, ...]) -> str:
        """Who a limit counts: the seat, however many sockets it has, or a watcher's address
        (reconnecting does not start afresh)."""
        return f"seat {colours[0]}" if colours else f"watcher {client.key}"

    def _chat_line(self, colours: tuple[str, ...], message: Json) -> Json:
        if not colours and not self.settings.watcher_chat:
            raise OptionError("watchers cannot chat in this game (its host said so)")
        who = {"colour": colours[0] if colours else None,
               "from": self.called(colours[0]) if colours else "a watcher"}  # fmt: skip
        if "emote" in message:
            if message["emote"] not in EMOTES:
                raise OptionError(
                    f"emote {str(message['emote'])[:20]!r}: one of {' '.join(EMOTES)}"
                )
            return {**who, "emote": message["emote"], "text": None}
        text = message.get("text")
        if not isinstance(text, str) or not text.strip():
            raise OptionError('a chat message holds "text" (or "emote": one of the emotes)')
        return {**who, "emote": None, "text": shown_text(text, "a chat line", CHAT_LENGTH)}

    async def _back(self, client: Client) -> None:
        """The "I'm back" button: the computer stops playing for this person's seats."""
        if self._returned(self.clients[client]):
            await self.seats_changed()

    async def _act(self, client: Client, kind: str, message: Json) -> None:
        colours = self.clients[client]
        if self._returned(colours):
            await self.seats_changed()
        problem = self._turn_problem(colours, kind)
        if problem:
            await self.error(client, problem)
            return
        try:
            if kind == "roll":
                await self._roll(HUMAN)
                return
            text = message.get("move")
            if not isinstance(text, str):
                raise IllegalMoveError('a move message needs "move": the text of a listed move')
            await self._move(self.rules.parse_move(self.state, text), HUMAN)
        except PegraceError as err:
            await self.error(client, str(err))

    async def _ask(self, client: Client, kind: str) -> None:
        """Start working out a hint (for the holder of the seat to move) or everyone's win
        chances (anyone gets an answer already worked out; only players start a new one, at
        most ``winprob_per_minute``); the answer goes to the asker alone, with its ``seq``."""
        colours = self.clients[client]
        if self._returned(colours):
            await self.seats_changed()
        seq = len(self.events)
        known = self._advice.get((kind, seq)) if kind == WINPROB else None
        if known is not None:
            await client.send_text(known)
            return
        problem = self._advice_problem(client, colours, kind)
        if problem:
            await self.error(client, f"no {kind} now: {problem}")
            return
        self._spawn(self._advise(client, kind, seq, self.state))

    def _advice_problem(self, client: Client, colours: tuple[str, ...], kind: str) -> str:
        if kind != WINPROB:
            return self._turn_problem(colours, "move")
        if not colours and not self.state.is_over:
            return "only the game's players may ask for new win chances (you are watching)"
        per_minute = self.services.limits.winprob_per_minute
        if not self._estimates.take(self._counted_as(client, colours)):
            return f"win chances are worked out at most {per_minute} times a minute: wait a little"
        return ""

    async def _advise(self, client: Client, kind: str, seq: int, state: State) -> None:
        """Work the advice out in a worker process (once per position: a second asker gets
        the same answer at once) and send it; the game goes on meanwhile. Win chances come
        in steps (``WINPROB_STEPS`` playouts so far), the intervals narrowing, the last one
        ``final``."""
        async with self._advising:
            text = self._advice.get((kind, seq))
            if text is None:
                seed = f"{self.id}:{seq}"  # not the game's seed, which must stay secret
                try:
                    if kind == WINPROB and not state.is_over:
                        body = await self._win_chances(client, state, seq, seed)
                    else:
                        job = Job.of(self.rules, state, kind, seed)
                        limit = self.services.limits.advice_seconds
                        body = await self.services.pool.run(job, limit, self.owner)
                except JobFailed as err:
                    await self.error(client, f"no {kind} for this position: {err}")
                    return
                final = {"final": True} if kind == WINPROB else {}
                text = to_json({"type": kind, "seq": seq, **body, **final})
                self._advice = {key: v for key, v in self._advice.items() if key[1] == seq}
                self._advice[(kind, seq)] = text
        await client.send_text(text)

    async def _win_chances(self, client: Client, state: State, seq: int, seed: str) -> Json:
        """Win chances in steps: each step's playouts in a worker, the chances so far sent to
        the asker as they narrow; the body of the last (all the playouts)."""
        wins, played = [0] * self.rules.side_count, 0
        learned = learned_chances(self.rules, state, self._computer())
        for total in WINPROB_STEPS:
            job = Job.of(self.rules, state, WINPROB, seed, playouts=(played, total - played))
            found = await self.services.pool.run(
                job, self.services.limits.advice_seconds, self.owner
            )
            wins = [a + b for a, b in zip(wins, found, strict=True)]
            played = total
            body = chances_body(win_chances(self.rules, wins, played), learned)
            if total != WINPROB_STEPS[-1]:
                await client.send_text(to_json({"type": WINPROB, "seq": seq, **body,
                                                "final": False}))  # fmt: skip
        return body

    def _computer(self) -> native.Computer:
        """The game's computer players' view (built once: the learned value's tables)."""
        if self._native is None:
            self._native = native.Computer(self.rules)
        return self._native

    def _turn_problem(self, colours: tuple[str, ...], kind: str) -> str:
        state = self.state
        if state.is_over:
            return "the game is over"
        if not colours:
            return "you are watching this game: only a seat's player can roll or move"
        colour = self.current_colour()
        if colour not in colours:
            return f"it is {colour}'s turn, not yours (you play {', '.join(colours)})"
        if kind == "roll" and not state.is_chance:
            roll = "" if state.roll is None else self.rules.dice.format(state.roll)
            return f"{colour} has rolled {roll} and must move (send one of the listed moves)"
        if kind == "move" and state.is_chance:
            return f"{colour} must {'pop' if state.phase == Phase.ROLLOFF else 'roll'} first"
        return ""

    def _returned(self, colours: tuple[str, ...]) -> bool:
        """Whatever a seat's person sends shows they are back: the computer stops playing for
        them. The idle clock goes on from the last event (only an event restarts it, so
        messages alone cannot hold a game up). True if a takeover ended."""
        back = self.takeover.intersection(colours)
        if back:
            self.takeover -= back
            self._changed()
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

    async def error(self, client: Client, message: str) -> None:
        await client.send_text(to_json({"type": "error", "message": message}))

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
        self._spawn(self._send_seats())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the game's own, cancelled when the game closes."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_seats(self) -> None:
        now = (self._seats_key(), self.watchers())
        if now == self._seats_now:
            return
        self._seats_now, self._seats_at = now, asyncio.get_running_loop().time()
        await self.broadcast(self.seats_message())

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
            kind = self.kinds.get(colour)
            if kind is None:
                raise OptionError(f"{colour!r} is not playing in this game "
                                  f"(colours: {', '.join(self.rules.colours)})")  # fmt: skip
            if kind != OPEN:
                raise Conflict(f"{colour} is not an open seat (it is {kind})")
            side = self.rules.side_of(colour) if self.rules.one_player_sides else (colour,)
            tokens = {c: new_token() for c in side if self.kinds[c] == OPEN}
            try:
                for claimed, token in tokens.items():
                    self.store.claim_seat(self.id, claimed, HUMAN, token)
            except sqlite3.Error as err:
                raise StoreError(f"could not store the claim: {err}") from None
            for claimed, token in tokens.items():
                self.kinds[claimed] = HUMAN
                self.owners[token_hash(token)] = claimed
                self.takeover.discard(claimed)
            self.due_since = asyncio.get_running_loop().time()
            self._changed()
            await self.seats_changed()
            return tokens

    def colours_of(self, tokens: list[str]) -> list[str]:
        held = {self.owners.get(token_hash(t)) for t in tokens}
        return [c for c in self.rules.colours if c in held]

    # ------------------------------------------------------------------ views
    def welcome(self, colours: tuple[str, ...], refused: list[int] | None = None) -> Json:
        """The answer to a hello: ``refused`` lists the tokens (by their place in the hello)
        that hold no seat here, so a page can keep a token it had over one that failed."""
        return {"type": "welcome", "you": list(colours), "refused": refused or [],
                "chat": self.chat, "emotes": EMOTES, "layout": self._layout.json(None),
                "game": self.game_view()}  # fmt: skip

    def game_view(self) -> Json:
        settings = self.settings
        return {
            "id": self.id,
            "url": f"/game/{self.id}",
            "game": settings.game,
            "title": self.rules.title,
            "players": settings.players,
            "colours": list(self.rules.colours),
            "options": settings.options,
            "idle_seconds": settings.idle_seconds,
            "watcher_chat": settings.watcher_chat,
            "computer_delay": self.computer_delay,
            # secret while dice matter; then text (128 bits: no JSON number holds it exactly)
            "seed": str(settings.seed) if self.state.is_over else None,
        }

    def seats_view(self) -> Json:
        return self._seats.view(self._seats_key())

    def _seats_key(self) -> object:
        """What the seats view is made of (the seats' kinds are in a fixed order)."""
        names = tuple(sorted(self.names.items()))
        return (
            tuple(self.clients.values()),
            frozenset(self.takeover),
            tuple(self.kinds.values()),
            names,
        )

    def _seats_view(self) -> Json:
        connected = {c for colours in self.clients.values() for c in colours}
        return {
            colour: {"kind": kind, "connected": colour in connected,
                     "takeover": colour in self.takeover, "name": self.names.get(colour)}
            for colour, kind in self.kinds.items()
        }  # fmt: skip

    def watchers(self) -> int:
        """How many connected clients hold no seat."""
        return sum(1 for colours in self.clients.values() if not colours)

    def idle_left(self) -> float | None:
        """Seconds before the computer takes over the seat to act (None: no limit applies)."""
        idle = self.settings.idle_seconds
        state = self.state
        if not idle or state.is_over or self.plays_itself(self.current_colour()):
            return None
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # no loop: no clock to read
            return None
        return round(max(0.0, self.due_since + idle - now), 1)

    def seats_message(self) -> str:
        return to_json({"type": "seats", "seats": self.seats_view(),
                        "watchers": self.watchers(), "idle_left": self.idle_left()})  # fmt: skip

    def state_message(self, full_log: bool = False) -> str:
        """The state as sent: with the whole log, or (built once per event) the last entry."""
        if full_log:
            return self._encode(self.log)
        if self._update is None:
            self._update = self._encode(self.log[-1:])
        return self._update

    def _encode(self, log: list[Json]) -> str:
        view = self.state_view([])
        view["log"] = self._log.json(len(self.log)) if log is self.log else log
        view["seats"] = self._seats.json(self._seats_key())
        view["pieces"] = self._spots.json(self.state.pieces)
        return to_json(view)

    def piece_spots(self) -> list[Json]:
        """``boards.piece_spots`` of the state, kept while the pieces stand still: they move
        only on moves, so a roll's update (half of all updates) does not map them again."""
        return self._spots.view(self.state.pieces)

    def state_view(self, log: list[Json]) -> Json:
        rules, state = self.rules, self.state
        colours = rules.colours
        over = state.is_over
        legal = rules.legal_moves(state)
        return {
            "type": "state",
            "seq": len(self.events),
            "phase": PHASE_NAMES[state.phase],
            "current": None if over else colours[state.current],
            "roll": None if state.roll is None else rules.dice.format(state.roll),
            "contenders": [colours[s] for s in state.contenders],
            "rolloff": {  # this round's pops so far
                colours[s]: pop for s, pop in zip(state.contenders, state.rolloff, strict=False)
            },
            # moves that end the same way are one choice: the others' texts in ``same``
            "moves": [
                {**boards.move_view(rules, state, same[0]), "same": [m.text for m in same[1:]]}
                for same in rules.moves_by_outcome(state)
            ],
            "can_pass": any(move.is_pass for move in legal),
            "forced_pass": legal == [PASS],  # it plays itself: nobody is asked
            "last": self.log[-1] if self.log else None,
            "log": log,
            "seats": self.seats_view(),
            "watchers": self.watchers(),
            "idle_left": self.idle_left(),  # the clock as the view is made
            "outcome": self.outcome_view(),
            "rematch": self.rematch,
            "pieces": self.piece_spots(),
        }

    def outcome_view(self) -> Json | None:
        if not self.state.is_over:
            return None
        record = Record.start(self.rules, None, {})
        record.finish(self.rules, self.state)
        assert record.result is not None
        unplayed = self.rules.unplayed(self.state)
        return {
            **record.result,
            "unplayed": [self.rules.side_name(side) for side in unplayed],
            "ranked_by": self.rules.score_words if unplayed else None,
        }

    def record(self) -> Record:
        """The game record (`pegrace replay` reads it); the seed only once the game is over."""
        over = self.state.is_over
        record = Record.start(self.rules, self.settings.seed if over else None, dict(self.kinds))
        record.events = list(self.events)
        if over:
            record.finish(self.rules, self.state)
        return record

    def solo(self) -> bool:
        """One person (or nobody) against computers: every seat not a computer's (an open
        one too: someone may take it) is of one person, so nobody else can join."""
        people = {
            self.rules.side_of(colour) if self.rules.one_player_sides else colour
            for colour, kind in self.kinds.items() if not kind.startswith("computer:")
        }  # fmt: skip
        return len(people) <= 1

    def summary(self, age: float | None = None) -> Json:
        """The game as the lobby lists it; ``age``: the seconds since it was made."""
        return {
            "id": self.id,
            "url": f"/game/{self.id}",
            "title": self.rules.title,
            "seats": [
                {"colour": colour, "kind": kind, "name": self.names.get(colour)}
                for colour, kind in self.kinds.items()
            ],
            "open": [colour for colour, kind in self.kinds.items() if kind == OPEN],
            "seq": len(self.events),
            "turn": self.state.turn,  # turns begun since the roll-off, every player's counted
            "age": None if age is None else int(age),
            "over": self.state.is_over,
            "watchers": self.watchers(),
        }

    def replay_job(self) -> FramesJob:
        """What a worker needs to rebuild every position of the game so far (heavy.py)."""
        return FramesJob(self.record().to_json(), list(self.log), self.game_view(),
                         self.outcome_view())  # fmt: skip


class GameHub:
    """Every game the server has loaded, by id; games load from the store on first use, and
    idle ones leave memory once more than ``limits.live_games`` are loaded."""

    def __init__(self, store: Store, computer_delay: float, limits: Limits | None = None) -> None:
        self.store = store
        limits = limits or Limits()
        size = limits.workers or DEFAULT_WORKERS
        pool = WorkerPool(size, limits.worker_share)
        self.services = Services(EventWriter(store), pool, limits, computer_delay)
        self.sessions: dict[str, GameSession] = {}
        self.heavy = WorkerPool(1)  # replays and QR codes: one process, apart from the players
        self.loads = Buckets(limits.loads_per_minute / 60, limits.loads_per_minute)
        self.replays = KeptAnswers()

    def create(
        self, settings: GameSettings, rules: Rules, token_hashes: dict[str, str] | None = None,
        owner: str = "",
    ) -> tuple[GameSession, dict[str, str]]:  # fmt: skip
        """A new game; returns it and a token for each of its human seats (but those given
        as ``token_hashes``, colour -> hash: a rematch keeps its players' tokens). ``owner``:
        the address that asked for it, which its computer players' share of the workers
        counts against."""
        self._make_room()
        game_id = new_game_id()
        while game_id in self.sessions or self.store.load_game(game_id) is not None:
            game_id = new_game_id()
        kept = token_hashes or {}
        tokens = {colour: new_token() for colour, kind in settings.seats.items()
                  if kind == HUMAN and colour not in kept}  # fmt: skip
        hashes = {**kept, **{colour: token_hash(token) for colour, token in tokens.items()}}
        try:
            self.store.create_game(game_id, settings, tokens, kept)
        except sqlite3.Error as err:
            raise StoreError(f"could not store the new game: {err}") from None
        session = GameSession(game_id, settings, rules, self.services, owner)
        session.owners = {digest: colour for colour, digest in hashes.items()}
        self.sessions[game_id] = session
        session.start()
        return session, tokens

    def _make_room(self) -> None:
        """Let finished games nobody has asked for in ``FINISHED_KEPT`` seconds go from memory
        (the store keeps them; kept a while, asking again costs no reload); past
        ``live_games``, idle ones too (nobody connected, nothing under way), the longest idle
        first. Full if every loaded game is in use."""
        now = time.monotonic()
        done = [s for s in self.sessions.values() if s.state.is_over and s.idle()]
        for session in [s for s in done if now - s.used > FINISHED_KEPT]:
            self._unload(session)
        limit = self.services.limits.live_games
        if len(self.sessions) < limit:
            return
        idle = sorted((s for s in self.sessions.values() if s.idle()),
                      key=lambda s: (not s.state.is_over, s.used))  # fmt: skip
        excess = len(self.sessions) - limit + 1
        if len(idle) < excess:
            raise Full(f"the server has {len(self.sessions)} games in play, as many as it "
                       "holds: try again later")  # fmt: skip
        for session in idle[:excess]:
            self._unload(session)

    def _unload(self, session: GameSession) -> None:
        del self.sessions[session.id]
        if session.task is not None:
            session.task.cancel()  # an idle game's driver only watches its idle clock

    def get(self, game_id: str, key: str = "") -> GameSession:
        """The game, loaded from the store if it is not in memory: its events replayed (a
        long game's take tens of milliseconds), at most ``loads_per_minute`` for one address
        (``key``; none for the server's own asking)."""
        session = self.sessions.get(game_id)
        if session is None:
            stored = self.store.load_game(game_id)
            if stored is None:
                raise GameNotFound(f"no game {game_id!r}")
            if key and not self.loads.take(key):
                most = self.services.limits.loads_per_minute
                raise TooMany(f"at most {most} games a minute are loaded from the store for "
                              "one address: wait a little")  # fmt: skip
            try:
                session = GameSession.restore(stored, self.services)
            except PegraceError as err:
                raise StoreError(f"game {game_id} cannot be resumed: {err}") from None
            self._make_room()
            self.sessions[game_id] = session
            session.start()
        session.used = time.monotonic()
        return session

    def lobby(self, mine: list[str], key: str = "", solo: bool = False) -> Json:
        """The front page's lists: listed games in progress with an open seat (``open``) or
        without one (``watch``), and the games of ``mine`` (ids whose tokens a browser holds)
        that still exist, finished ones too. A finished game, and one left with no event for
        ``ABANDONED_SECONDS``, leaves open and watch; so does one person's game against
        computers (``solo``: keep those). A game that cannot be loaded is left out."""
        lists: dict[str, list[Json]] = {"open": [], "watch": [], "mine": []}
        now = time.time()
        # twice as many as a list shows: some may turn out finished, or solo by their sides
        found = self.store.lobby_games(2 * LOBBY_GAMES, now - ABANDONED_SECONDS, solo,
                                       LOBBY_SCANNED)  # fmt: skip
        for game_id, made in found:
            session = self._loaded(game_id, key)
            if session is None or session.state.is_over or (not solo and session.solo()):
                continue
            summary = session.summary(now - made)
            listed = lists["open" if summary["open"] else "watch"]
            if len(listed) < LOBBY_GAMES:
                listed.append(summary)
            if len(lists["open"]) == len(lists["watch"]) == LOBBY_GAMES:
                break  # loading the rest would cost the asker's loads for nothing
        mine = mine[:LOBBY_GAMES]
        made_at = self.store.made_at(mine) if mine else {}
        for game_id in mine:
            session = self._loaded(game_id, key)
            if session is not None:
                when = made_at.get(game_id)
                lists["mine"].append(session.summary(None if when is None else now - when))
        return lists

    def _loaded(self, game_id: str, key: str) -> GameSession | None:
        """The game, or None if it cannot be had now: a damaged one is logged and left out,
        so that it never takes down a list others read."""
        try:
            return self.get(game_id, key)
        except StoreError as err:
            LOG.warning("the lobby leaves out %s", err)
            return None
        except (GameNotFound, Full, TooMany):
            return None

    async def rematch(self, game_id: str, tokens: list[str]) -> tuple[GameSession, dict[str, str]]:
        """The same settings with new dice. A game with people is rematched only by one of
        them (a seat token of the old game): every seat of the old game is kept for whoever
        held it, with the same token, and the caller gets back the tokens it holds."""
        old = self.get(game_id)
        if not old.state.is_over:
            raise Conflict(f"game {game_id} is not over yet")
        mine = {t: colour for t in tokens if (colour := old.owners.get(token_hash(t)))}
        if old.owners and not mine:
            raise Forbidden(f"game {game_id}'s rematch is for its players: send a seat token "
                            "you hold in it")  # fmt: skip
        kept = {colour: t for t, colour in mine.items()}
        if old.rematch is not None:
            return self.get(old.rematch), kept
        settings = replace(old.settings, seats=dict(old.kinds), seed=new_seed())
        hashes = {colour: digest for digest, colour in old.owners.items()}
        new, _ = self.create(settings, settings.rules(), hashes, old.owner)
        old.rematch = new.id
        self.store.set_rematch(game_id, new.id)
        async with old.lock:
            old._update = None
            await old.broadcast(to_json({"type": "rematch", "id": new.id,
                                         "url": f"/game/{new.id}"}))  # fmt: skip
        return new, kept

    async def replay(self, game_id: str, key: str = "") -> bytes:
        """The game's every position (heavy.frames_json) as JSON: worked out in a worker
        process once per game and event count, then kept (a finished game's never change)."""
        game = self.get(game_id, key)
        made_of = (game.id, len(game.events))
        found = self.replays.get(made_of)
        if found is not None:
            return found
        job = game.replay_job()

        async def make() -> bytes:
            made: bytes = await self.heavy.run(job, REPLAY_SECONDS, game.owner)
            return made

        return await self.replays.answer(made_of, make)

    async def close(self) -> None:
        for session in self.sessions.values():
            await session.close()
        await self.services.pool.close()
        await self.heavy.close()
