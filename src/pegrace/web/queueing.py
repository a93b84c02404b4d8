"""Play people now: a queue per game and player count (2 to 4) in which strangers wait to be
seated together (issue 54). When as many wait as the count, the server makes one game seating
them all, each with a seat token of their own; one who chose to wait for computers too is
seated ``START_SECONDS`` after joining, with the others who chose so, computers of their level
filling the seats nobody took. The queues are this server's memory: several servers on one
PostgreSQL store each queue their own visitors (docs/web-servers.md).

Each place in a queue is a ticket (secret, random): asked about (a long poll, answered at once
once it is seated) it answers how many wait, or the new game's id and its seat's token as
creating a game gives them; one not asked about for ``TICKET_SECONDS`` is dropped (the person
left). Nothing here runs on its own: the sweep that drops tickets and seats those whose time
has come runs with the requests (at most once a ``SWEEP_SECONDS``), and the clock is given
(``clock``), so that tests need not wait out the seconds."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pegrace.errors import OptionError, PegraceError
from pegrace.games import get_rules, list_games, rules_class
from pegrace.i18n import Said, said, said_n
from pegrace.web.answering import api, json_body
from pegrace.web.gamestore import StoreError
from pegrace.web.guard import client_key
from pegrace.web.hub import GameHub
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.names import bare, checked_name
from pegrace.web.profiles import Profiles
from pegrace.web.profilestore import seat_profile
from pegrace.web.protocol import Json
from pegrace.web.refusals import Full, GameNotFound, TooMany, saying, words_of
from pegrace.web.session import LOG
from pegrace.web.settings import HUMAN, computer_kinds, parse_settings

COUNTS = (2, 3, 4)  # the player counts a queue seats
START_SECONDS = 30.0  # a ticket that waits for computers too is seated this long after joining
TICKET_SECONDS = 30.0  # a ticket not asked about this long is dropped: its person has gone
POLL_SECONDS = 10.0  # the longest a question about a ticket is held waiting for a change
SWEEP_SECONDS = 1.0  # the sweep of every queue runs at most this often
RETRY_SECONDS = 2.0  # a game that could not be made is tried again after this long
MOST_TICKETS = 10_000  # tickets in all the server's queues (seated ones kept a while too)
DEFAULT_LEVEL = "computer:medium"
PEOPLE, COMPUTERS = "people", "computers"  # wait for people only; or computers after a while
FIELDS = ("game", "players", "wait", "level", "name")
TICKET = re.compile(r"[A-Za-z0-9_-]{1,64}")


class NoSuchTicket(GameNotFound):
    """No place in a queue has the ticket asked about (it was left or dropped): 404."""


@dataclass(eq=False)
class Ticket:
    """One person's place in a queue; ``seated``: the game made for them, once it is."""

    id: str
    key: str  # the address that joined: its limits
    game: str
    players: int
    computers: bool  # seated after START_SECONDS with computers in the seats nobody took
    level: str  # those computers' kind
    name: str | None
    joined: float
    asked: float  # when it was last asked about
    polls: int = 0  # questions about it being held now: it is not dropped meanwhile
    seated: Json | None = None
    profile: str | None = None  # the profile of a person who joined signed in (profiles.py)

    def due(self) -> float:
        return self.joined + START_SECONDS


@dataclass(eq=False)
class Line:
    """The queue of one game at one player count: the tickets waiting, in the order they came."""

    game: str
    players: int
    waiting: list[Ticket] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # set, then replaced
    retry_at: float = 0.0  # after a game could not be made: not before this
    problem: Said | None = None  # why the last game could not be made

    def notify(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


@functools.cache
def queue_counts(game: str) -> tuple[int, ...]:
    """The counts of ``game``'s queues: those of 2 to 4 its default options allow."""
    found = []
    for players in COUNTS:
        try:
            get_rules(game, players)
        except PegraceError:
            continue
        found.append(players)
    return tuple(found)


class Queues:
    """Every queue of the server, by game and player count (a few dozen at most, so none is
    ever forgotten), and the tickets in them. ``hub``: where games are made (a function: the
    app's hub exists only while it runs)."""

    def __init__(
        self,
        hub: Callable[[], GameHub],
        limits: Limits,
        fleet: Fleet | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.hub, self.limits, self.clock = hub, limits, clock
        self.joins = Buckets(
            limits.queue_joins_per_minute / 60, limits.queue_joins_per_minute, fleet=fleet
        )
        self.tickets: dict[str, Ticket] = {}
        self.lines: dict[tuple[str, int], Line] = {}
        self.held: Counter[str] = Counter()  # tickets waiting, by address
        self.swept = -SWEEP_SECONDS
        self.seating: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ joining and leaving
    def join(self, key: str, body: Any, profile: str | None = None) -> Ticket:
        """A new ticket for the address ``key`` from a join's ``body`` (``profile``: of the
        person signed in, whose seat it will be); nothing changes for a refused one (bad
        input: OptionError; past a limit: TooMany; the queues full: Full)."""
        game, players, computers, level, name = parse_join(body)
        self.sweep()
        if len(self.tickets) >= MOST_TICKETS:
            raise saying(Full, said_n(
                "the server's queues hold as many people as they can ({count}): try again "
                "in a little while",
                "the server's queues hold as many people as they can ({count}): try again "
                "in a little while",
                MOST_TICKETS,
            ))  # fmt: skip
        most = self.limits.queue_tickets_per_address
        if self.held[key] >= most:
            raise saying(TooMany, said_n(
                "at most {count} place in the queues at once from one address: leave it first",
                "at most {count} places in the queues at once from one address: leave one "
                "first",
                most,
            ))  # fmt: skip
        if not self.joins.take(key):
            raise saying(TooMany, said_n(
                "at most {count} join of a queue a minute from one address: wait a little",
                "at most {count} joins of a queue a minute from one address: wait a little",
                self.limits.queue_joins_per_minute,
            ))  # fmt: skip
        now = self.clock()
        ticket = Ticket(
            secrets.token_urlsafe(18), key, game, players, computers, level, name, now, now
        )
        ticket.profile = profile
        self.tickets[ticket.id] = ticket
        self.held[key] += 1
        line = self.lines.setdefault((game, players), Line(game, players))
        line.waiting.append(ticket)
        line.notify()
        self._consider(line)
        return ticket

    def leave(self, ticket_id: str) -> None:
        """The ticket's person leaves its queue (a seated one: the answer is forgotten)."""
        self._drop(self._ticket(ticket_id))

    def _drop(self, ticket: Ticket) -> None:
        self.tickets.pop(ticket.id, None)
        line = self.lines.get((ticket.game, ticket.players))
        if line is not None and ticket in line.waiting:
            line.waiting.remove(ticket)
            self._unhold(ticket)
            if not line.waiting:
                line.problem = None  # said to those who waited: nobody waits to be told now
            line.notify()

    def _unhold(self, ticket: Ticket) -> None:
        self.held[ticket.key] -= 1
        if self.held[ticket.key] <= 0:
            del self.held[ticket.key]

    def _ticket(self, ticket_id: str) -> Ticket:
        ticket = self.tickets.get(ticket_id) if TICKET.fullmatch(ticket_id) else None
        if ticket is None:
            raise saying(NoSuchTicket, said_n(
                "no such place in a queue: it was left, or dropped once not asked about for "
                "{count} second (join again)",
                "no such place in a queue: it was left, or dropped once not asked about for "
                "{count} seconds (join again)",
                int(TICKET_SECONDS),
            ))  # fmt: skip
        return ticket

    # ------------------------------------------------------------------ asking
    async def ask(self, ticket_id: str, seen: int | None = None) -> Json:
        """What the ticket is now: seated (the game), else waiting (how many wait). Held until
        that changes (up to POLL_SECONDS) where ``seen`` is the count of those waiting the
        asker last had: a seated ticket is answered at once."""
        ticket = self._ticket(ticket_id)
        ticket.polls += 1
        try:
            return await self._answer(ticket, seen)
        finally:
            ticket.polls -= 1
            ticket.asked = self.clock()

    async def _answer(self, ticket: Ticket, seen: int | None) -> Json:
        end = time.monotonic() + POLL_SECONDS
        while True:
            self.sweep()
            line = self.lines.get((ticket.game, ticket.players))
            if line is not None:
                self._consider(line)
            if ticket.id not in self.tickets:
                self._ticket(ticket.id)  # left meanwhile: no such ticket now
            answer = self.answer(ticket)
            left = end - time.monotonic()
            changed = answer["state"] == "seated" or (
                answer["state"] == "waiting" and answer["waiting"] != seen
            )
            if seen is None or changed or left <= 0 or line is None:
                return answer
            if ticket.computers and ticket.seated is None:  # wake at its time to be seated
                left = min(left, max(0.0, ticket.due() - self.clock()) + 0.05)
            event = line.changed
            try:
                async with asyncio.timeout(left):
                    await event.wait()
            except TimeoutError:
                pass

    def answer(self, ticket: Ticket) -> Json:
        if ticket.seated is not None:
            return {"state": "seated", **ticket.seated}
        line = self.lines.get((ticket.game, ticket.players))
        waiting = [] if line is None else line.waiting
        start = round(max(0.0, ticket.due() - self.clock()), 1) if ticket.computers else None
        problem = None if line is None or line.problem is None else line.problem.json()
        return {
            "state": "waiting" if ticket in waiting else "seating",
            "game": ticket.game,
            "players": ticket.players,
            "waiting": len(waiting),
            "start_in": start,
            "problem": problem,
        }

    def waiting(self) -> list[Json]:
        """How many wait in each queue where somebody does (the lobby shows it)."""
        self.sweep()
        return [
            {
                "game": line.game,
                "title": rules_class(line.game).title,
                "players": line.players,
                "waiting": len(line.waiting),
            }
            for line in self.lines.values()
            if line.waiting
        ]

    # ------------------------------------------------------------------ seating
    def sweep(self) -> None:
        """Drop the tickets nobody asked about in TICKET_SECONDS; seat those whose time has
        come. At most once a SWEEP_SECONDS: a thousand pages asking cost one sweep a second."""
        now = self.clock()
        if now - self.swept < SWEEP_SECONDS:
            return
        self.swept = now
        stale = [t for t in self.tickets.values() if not t.polls and now - t.asked > TICKET_SECONDS]
        for ticket in stale:
            self._drop(ticket)
        for line in list(self.lines.values()):
            self._consider(line)

    def _consider(self, line: Line) -> None:
        """Seat whoever the queue can seat now: as many as its count, people only; else the
        first who waits for computers too, once its time has come, with the others who do."""
        now = self.clock()
        if now < line.retry_at:
            return
        while len(line.waiting) >= line.players:
            self._seat(line, line.waiting[: line.players], None)
        timed = [ticket for ticket in line.waiting if ticket.computers]
        if timed and timed[0].due() <= now:
            self._seat(line, timed[: line.players], timed[0].level)

    def _seat(self, line: Line, group: list[Ticket], level: str | None) -> None:
        """Take ``group`` out of the queue and make their game, off the request that found
        them (a person's request going away does not stop the others' game)."""
        for ticket in group:
            line.waiting.remove(ticket)
        line.notify()
        self._later(self._make_game(line, group, level))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work, name="pegrace queue seating")
        self.seating.add(task)
        task.add_done_callback(self.seating.discard)

    async def _make_game(self, line: Line, group: list[Ticket], level: str | None) -> None:
        colours = list(get_rules(line.game, line.players).colours)
        people = secrets.SystemRandom().sample(colours, len(group))
        seats = {c: HUMAN if c in people else str(level) for c in colours}
        try:
            settings, rules = parse_settings(
                {"game": line.game, "players": line.players, "seats": seats, "listed": True}
            )
            names = names_of(group, people)
            game, tokens = await self.hub().create(settings, rules, owner=group[0].key, names=names)
        except PegraceError as err:
            self._not_made(line, group, words_of(err))
            return
        except Exception:  # a bug: logged, and the group is not left waiting for nothing
            LOG.exception("a queue's game of %s failed", line.game)
            self._not_made(line, group, said("internal error: the server could not answer this"))
            return
        url = f"/game/{game.id}"
        await self._profiles_seated(game.id, group, people)
        for ticket, colour in zip(group, people, strict=True):
            ticket.seated = {"id": game.id, "tokens": {colour: tokens[colour]}, "url": url}
            ticket.asked = self.clock()  # its answer is kept for TICKET_SECONDS from now
            self._unhold(ticket)
        line.problem = None
        line.notify()

    async def _profiles_seated(self, game: str, group: list[Ticket], colours: list[str]) -> None:
        """The seats of those who joined signed in are their profiles' (a rated game's
        results and a player's page count them)."""
        hub = self.hub()
        for ticket, colour in zip(group, colours, strict=True):
            if ticket.profile is not None:
                with contextlib.suppress(StoreError):  # the game is theirs all the same
                    await hub.calls.run(seat_profile, hub.store, game, [colour], ticket.profile)

    def _not_made(self, line: Line, group: list[Ticket], problem: Said | str) -> None:
        """The game could not be made (the server full, its store away): the group waits again
        in its places, and the queue tries again after RETRY_SECONDS."""
        LOG.warning("a queue's game of %s was not made: %s", line.game, problem)
        back = [ticket for ticket in group if ticket.id in self.tickets]
        line.waiting = sorted([*back, *line.waiting], key=lambda ticket: ticket.joined)
        for ticket in group:
            if ticket.id not in self.tickets:
                self._unhold(ticket)  # left while its game was being made
        line.retry_at = self.clock() + RETRY_SECONDS
        line.problem = problem if isinstance(problem, Said) else Said(problem)
        line.notify()

    async def settled(self) -> None:
        """Every game being made, made (for tests)."""
        while self.seating:
            await asyncio.gather(*self.seating)


def names_of(group: list[Ticket], colours: list[str]) -> dict[str, str]:
    """The names the group gave, by the colour each was seated at; a name another already has
    is left out (the game's people each say who they are)."""
    names: dict[str, str] = {}
    for ticket, colour in zip(group, colours, strict=True):
        if ticket.name and bare(ticket.name) not in {bare(n) for n in names.values()}:
            names[colour] = ticket.name
    return names


def parse_join(body: Any) -> tuple[str, int, bool, str, str | None]:
    """A join's game, player count, whether computers fill in after a while, their kind and
    the person's name; OptionError naming the first problem."""
    if not isinstance(body, dict):
        example = '{"game": "trouble", "players": 3, "wait": "people"}'
        raise saying(OptionError, said("a place in a queue is asked for with {example}",
                                       example=example))  # fmt: skip
    unknown = set(body) - set(FIELDS)
    if unknown:
        fields_sent = ", ".join(sorted(unknown))
        raise saying(OptionError, said_n(
            "unknown field: {fields}", "unknown fields: {fields}", len(unknown),
            fields=fields_sent,
        ))  # fmt: skip
    game = body.get("game")
    if game not in list_games():
        words = said(
            'say which game to play: "game": one of {games}', games=", ".join(list_games())
        )
        raise saying(OptionError, words)
    players = body.get("players")
    counts = queue_counts(game)
    if type(players) is not int or players not in counts:
        # TRANSLATORS: {value} is the count sent, as the request wrote it; {counts} the
        # player counts of the game's queues ("2, 3, 4")
        raise saying(OptionError, said("players {value}: a queue of this game seats {counts}",
                                       value=repr(players)[:20],
                                       counts=", ".join(map(str, counts))))  # fmt: skip
    wait = body.get("wait", PEOPLE)
    if wait not in (PEOPLE, COMPUTERS):
        # TRANSLATORS: {value} is what was sent, quoted; "people" and "computers" are kept as
        # they are (the request's words); {seconds} a number
        raise saying(OptionError, said(
            'wait {value}: "people" (wait for people to fill every seat) or "computers" '
            "(after {seconds} s, computers fill the seats nobody took)",
            value=repr(wait)[:40], seconds=int(START_SECONDS),
        ))  # fmt: skip
    level = body.get("level", DEFAULT_LEVEL)
    if level not in computer_kinds():
        # TRANSLATORS: {value} is what was sent, quoted; {kinds} the computer players' kinds,
        # as a request writes them
        raise saying(OptionError, said("level {value}: one of {kinds}", value=repr(level)[:40],
                                       kinds=", ".join(computer_kinds())))  # fmt: skip
    name = body.get("name")
    if name is not None:
        name = checked_name(name, others=get_rules(game, players).all_colours)
    return game, players, wait == COMPUTERS, level, name


def queue_routes(queues: Queues, people: Profiles) -> list[Route]:
    """The queues' HTTP routes (docs/web-protocol.md), each answered as every JSON route is
    (answering.py: bad input said, nothing changed); ``people``: who is signed in."""

    async def join(request: Request) -> Response:
        body = await json_body(request)
        found = await people.person(request)
        profile = None if found is None else found.id
        ticket = queues.join(client_key(request.scope), body, profile)
        return JSONResponse({"ticket": ticket.id, **queues.answer(ticket)}, 201)

    async def ask(request: Request) -> Response:
        seen = request.query_params.get("waiting")
        if seen is not None and not (seen.isdigit() and len(seen) < 6):
            # TRANSLATORS: {value} is what the page sent, quoted
            raise saying(OptionError, said(
                "waiting {value}: a whole number (how many waited at the last answer)",
                value=repr(seen[:20]),
            ))  # fmt: skip
        ticket = request.path_params["ticket"]
        return JSONResponse(await queues.ask(ticket, None if seen is None else int(seen)))

    async def leave(request: Request) -> Response:
        queues.leave(request.path_params["ticket"])
        return JSONResponse({"left": True})

    return [
        Route("/api/queue", api(join), methods=["POST"]),
        Route("/api/queue/{ticket}", api(ask), methods=["GET"]),
        Route("/api/queue/{ticket}", api(leave), methods=["DELETE"]),
    ]
