"""A web game's advice: a hint for the seat to move, or everyone's win chances, worked out in
a worker process off the game's lock (the game goes on meanwhile), once per position: each
answer is kept for the next asker. Win chances come in steps, narrowing as their playouts
add up. A part the game's session holds (``session.advice``), apart from its play: it reaches
the game through ``Advised``; the session hands it ``on_ask`` as protocol.py's dispatch table
has it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, Protocol

from pegrace import native
from pegrace.advice import learned_chances, win_chances
from pegrace.engine import Rules
from pegrace.i18n import Said, said, said_n
from pegrace.record import Event
from pegrace.state import State
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.protocol import Client, Json, to_json
from pegrace.web.refusals import turn_problem
from pegrace.web.talk import counted_as
from pegrace.web.workers import WINPROB, Job, JobFailed, WorkerPool, chances_body


class Advised(Protocol):
    """What the advice reads of its game, and what it asks of it."""

    @property
    def id(self) -> str: ...
    @property
    def owner(self) -> str: ...  # whose game it is, for a fair share of the workers
    @property
    def rules(self) -> Rules: ...
    @property
    def state(self) -> State: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def clients(self) -> dict[Client, tuple[str, ...]]: ...

    async def error(self, client: Client, message: Said | str) -> None: ...

    def returned(self, colours: tuple[str, ...]) -> bool: ...  # their person back: a takeover ended

    async def seats_changed(self) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...  # a task of the game's


# win chances: the playouts played so far at each answer, the last one final
WINPROB_STEPS = (200, 600, 2000)


class GameAdvice:
    """A game's advice: the answers kept, the limit on new win chances by seat."""

    def __init__(self, game: Advised, pool: WorkerPool, limits: Limits, fleet: Fleet) -> None:
        self.game = game
        self.pool = pool
        self.limits = limits
        per_minute = limits.winprob_per_minute
        self._estimates = Buckets(per_minute / 60, per_minute, 64, fleet)
        self._advising = asyncio.Lock()  # one hint or win-chance estimate at a time
        self._advice: dict[tuple[str, int], str] = {}  # (kind, seq) -> the answer sent
        self._native: native.Computer | None = None  # the learned value's view, when asked

    async def on_ask(self, client: Client, kind: str) -> None:
        """Start working out a hint (for the holder of the seat to move) or everyone's win
        chances (anyone gets an answer already worked out; only players start a new one, at
        most ``winprob_per_minute``); the answer goes to the asker alone, with its ``seq``."""
        colours = self.game.clients[client]
        if self.game.returned(colours):
            await self.game.seats_changed()
        seq = len(self.game.events)
        known = self._advice.get((kind, seq)) if kind == WINPROB else None
        if known is not None:
            await client.send_text(known)
            return
        problem = self._advice_problem(client, colours, kind)
        if problem:
            await self.game.error(client, no_advice_now(kind, problem))
            return
        self.game.spawn(self._advise(client, kind, seq, self.game.state))

    def _advice_problem(self, client: Client, colours: tuple[str, ...], kind: str) -> Said | None:
        if kind != WINPROB:
            return turn_problem(self.game.rules, self.game.state, colours, "move")
        if not colours and not self.game.state.is_over:
            return said("only the game's players may ask for new win chances (you are watching)")
        per_minute = self.limits.winprob_per_minute
        if not self._estimates.take(counted_as(client, colours)):
            return said_n(
                "win chances are worked out at most {count} time a minute: wait a little",
                "win chances are worked out at most {count} times a minute: wait a little",
                per_minute,
            )
        return None

    async def _advise(self, client: Client, kind: str, seq: int, state: State) -> None:
        """Work the advice out in a worker process (once per position: a second asker gets
        the same answer at once) and send it; the game goes on meanwhile. Win chances come
        in steps (``WINPROB_STEPS`` playouts so far), the intervals narrowing, the last one
        ``final``."""
        async with self._advising:
            text = self._advice.get((kind, seq))
            if text is None:
                seed = f"{self.game.id}:{seq}"  # not the game's seed, which must stay secret
                try:
                    if kind == WINPROB and not state.is_over:
                        body = await self._win_chances(client, state, seq, seed)
                    else:
                        job = Job.of(self.game.rules, state, kind, seed)
                        limit = self.limits.advice_seconds
                        body = await self.pool.run(job, limit, self.game.owner, job.heavy)
                except JobFailed as err:
                    await self.game.error(client, no_advice_here(kind, str(err)))
                    return
                final = {"final": True} if kind == WINPROB else {}
                text = to_json({"type": kind, "seq": seq, **body, **final})
                self._advice = {key: v for key, v in self._advice.items() if key[1] == seq}
                self._advice[(kind, seq)] = text
        await client.send_text(text)

    async def _win_chances(self, client: Client, state: State, seq: int, seed: str) -> Json:
        """Win chances in steps: each step's playouts in a worker, the chances so far sent to
        the asker as they narrow; the body of the last (all the playouts)."""
        wins, played = [0] * self.game.rules.side_count, 0
        learned = learned_chances(self.game.rules, state, self._computer())
        for total in WINPROB_STEPS:
            job = Job.of(self.game.rules, state, WINPROB, seed, playouts=(played, total - played))
            found = await self.pool.run(job, self.limits.advice_seconds, self.game.owner, job.heavy)
            wins = [a + b for a, b in zip(wins, found, strict=True)]
            played = total
            body = chances_body(win_chances(self.game.rules, wins, played), learned)
            if total != WINPROB_STEPS[-1]:
                await client.send_text(
                    to_json({"type": WINPROB, "seq": seq, **body, "final": False})
                )
        return body

    def _computer(self) -> native.Computer:
        """The game's computer players' view (built once: the learned value's tables)."""
        if self._native is None:
            self._native = native.Computer(self.game.rules)
        return self._native


# "hint" and "winprob", as the protocol names them, are no words for a person: each its own
def no_advice_now(kind: str, problem: Said) -> Said:
    """No advice may be asked for now, and why (``problem``)."""
    if kind == WINPROB:
        # TRANSLATORS: winprob: every side's chance of winning, which a person asked for
        return said("no winprob now: {problem}", problem=problem)
    # TRANSLATORS: hint: the expert's move, which a person asked for
    return said("no hint now: {problem}", problem=problem)


def no_advice_here(kind: str, problem: str) -> Said:
    """No advice came for the position (the worker's ``problem``, in English)."""
    if kind == WINPROB:
        # TRANSLATORS: winprob: every side's chance of winning; {problem}: why not (English)
        return said("no winprob for this position: {problem}", problem=problem)
    # TRANSLATORS: hint: the expert's move; {problem}: why not (English)
    return said("no hint for this position: {problem}", problem=problem)
