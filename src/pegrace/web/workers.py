"""Processes that think for the server: computer players' moves and advice (hints, win
chances).

A deep search or 200 playouts is seconds of pure Python. Run in a thread of the server, it
held the interpreter the event loop needs, so every other game's moves waited behind it
(30 win-chance requests took another game's answers from 1.7 ms to 246 ms). Here each job
runs in a worker process of a small pool, a job waits for a free worker rather than piling up,
and each has a time limit: a worker past it is killed and replaced, so no game can hold one for
long. A job carries what it needs by value (the game's settings and a position), and a worker
keeps the rules it has built, so a job costs one small message each way.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from pegrace import outside
from pegrace.advice import (
    PLAYOUT_PLAYER,
    WinChance,
    hint,
    learned_chances,
    playout_wins,
    winprob,
)
from pegrace.engine import Rules
from pegrace.errors import PegraceError, saying, words_of
from pegrace.games import get_rules
from pegrace.i18n import Said, said
from pegrace.match import PlayerFault
from pegrace.players import LEVEL_SEARCH, make_player, split_spec
from pegrace.state import Phase, State
from pegrace.web import heavy

Json = dict[str, Any]
Asker = tuple[bool, str]  # a job's (heavy, owner)
MOVE, HINT, WINPROB = "move", "hint", "winprob"
DEFAULT_WORKERS = max(1, os.cpu_count() or 1)
STOP_SECONDS = 2.0  # how long a worker may take to stop by itself before it is killed
WORKER_NICENESS = 5  # how far below the server's own priority workers run
# whose decisions take long (Job.heavy): the search levels, a network, players from outside
HEAVY_PLAYERS = frozenset({*LEVEL_SEARCH, "policy", *outside.KINDS})


class JobFailed(PegraceError):
    """A job that gave no answer: it refused its input, ran past its limit, or its worker
    died. The server carries on without the answer."""


@dataclass(frozen=True)
class Job:
    """What a worker needs to answer: the game's rules by name and options, the position,
    and what to work out (a move by ``spec``, a hint or win chances), seeded by ``seed``."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    state: State
    kind: str
    seed: str
    spec: str = ""
    playouts: tuple[int, int] = (0, 0)  # win chances: the playouts first..first + count - 1

    @property
    def heavy(self) -> bool:
        """Whether answering may take long (a search, a policy's network, playouts), rather
        than the milliseconds of the one-ply players and the takeover's."""
        return self.kind != MOVE or split_spec(self.spec)[0] in HEAVY_PLAYERS

    @classmethod
    def of(
        cls,
        rules: Rules,
        state: State,
        kind: str,
        seed: str,
        spec: str = "",
        playouts: tuple[int, int] = (0, 0),
    ) -> Job:
        return cls(
            rules.name,
            rules.players,
            tuple(sorted(rules.options.items())),
            state,
            kind,
            seed,
            spec,
            playouts,
        )


@functools.lru_cache(maxsize=64)
def rules_of(game: str, players: int, options: tuple[tuple[str, str], ...]) -> Rules:
    return get_rules(game, players, dict(options))


def answer(job: Job | heavy.FramesJob | heavy.ReviewJob | heavy.QrJob) -> Any:
    """The job's answer: a move's text, the body of a ``hint`` or ``winprob`` message, or a
    heavy answer's JSON (heavy.py)."""
    if not isinstance(job, Job):
        return heavy.answer(job)
    rules = rules_of(job.game, job.players, job.options)
    if job.kind == MOVE:
        return think(rules, job.state, job.spec, job.seed)
    if job.kind == WINPROB and job.state.phase != Phase.OVER:
        first, count = job.playouts
        return playout_wins(
            rules, job.state, first=first, count=count, seed=job.seed, player=PLAYOUT_PLAYER
        )
    return advise(rules, job.state, job.kind, job.seed)


def think(rules: Rules, state: State, spec: str, seed: str) -> str:
    """A computer player's choice, as the move's text (checked against the legal moves)."""
    legal = rules.legal_moves(state)
    move = make_player(spec, seed).choose(rules, state, legal)
    if move not in legal:
        # TRANSLATORS: {player} is a computer player's name ("medium"), {move} the move in the
        # game's notation ("13>17"), {position} the position in it
        chose = said(
            "computer player {player} chose illegal move {move}: {position}",
            player=spec,
            move=str(move),
            position=rules.summary(state),
        )
        raise saying(PlayerFault, chose)
    return move.text


def advise(rules: Rules, state: State, kind: str, seed: str) -> Json:
    """The body of a ``hint`` or ``winprob`` answer (advice.py): the expert's move and why,
    or each side's chance of first place with its 95% interval."""
    if kind == HINT:
        found = hint(rules, state, seed=seed)
        return {
            "colour": rules.colours[state.current],
            "move": found.move.text,
            "label": found.described.json(),
            "why": found.why_said.json(),
            "depth": found.depth,
        }
    return chances_body(winprob(rules, state, seed=seed), learned_chances(rules, state))


def chances_body(chances: list[WinChance], learned: list[float] | None = None) -> Json:
    """The body of a ``winprob`` answer: each side's chance of first place, its interval, and
    where the rules have one the learned value's chance (``learned``)."""
    entries = [{"side": c.side, "chance": c.chance, "low": c.low, "high": c.high} for c in chances]
    if learned is not None:
        entries = [{**entry, "learned": p} for entry, p in zip(entries, learned, strict=True)]
    return {"playouts": chances[0].playouts, "player": PLAYOUT_PLAYER, "chances": entries}


def work(jobs: Connection) -> None:
    """A worker process: answer jobs until the pipe closes. An answer is ("ok", value), or
    ("refused", words) for input the rules refuse (a Said, or English text: ``words_of``), or
    ("fault", message) for a bug. It runs below the server's priority: with every core
    thinking, the server still answers at once."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICENESS)
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply: tuple[str, Any] = ("ok", answer(job))
        except PegraceError as err:
            reply = ("refused", words_of(err))
        except Exception as err:  # a bug in a player must not end the worker
            reply = ("fault", f"{type(err).__name__}: {err}")
        jobs.send(reply)


class Worker:
    """One worker process and its end of the pipe. ``call`` blocks: run it in a thread."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.pipe, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=work, args=(child,), name="pegrace worker", daemon=True
        )
        self.process.start()
        child.close()

    def call(self, job: Job, limit: float) -> tuple[str, Any]:
        try:
            self.pipe.send(job)
            if not self.pipe.poll(limit):
                # TRANSLATORS: {seconds} is a number of seconds ("s")
                late = said("no answer within {seconds} s", seconds=round(limit, 3))
                raise saying(JobFailed, late)
            reply: tuple[str, Any] = self.pipe.recv()
        except (EOFError, OSError):
            raise saying(JobFailed, said("the worker stopped")) from None
        return reply

    def stop(self, kill: bool = False) -> None:
        with contextlib.suppress(OSError):
            self.pipe.close()
        if kill:
            self.process.kill()
        self.process.join(STOP_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class WorkerPool:
    """At most ``size`` worker processes, started when first needed, shared fairly.

    Each job belongs to an owner (the address that made its game), and each owner to a
    network (``network_of``: an IPv6 /56, say). Waiting jobs are served network by network in
    turn, the network served longest ago first, and within it owner by owner, so a game of
    a busy owner waits for one job of each other network, never for a queue of jobs, and
    many addresses of one network count as one. No owner holds more than ``share`` of the
    workers at once while others may be waiting. Light jobs (the one-ply players, a few
    milliseconds) go before heavy ones (``heavy``: searches, playouts), and heavy jobs never
    hold the last ``light`` workers (but where there is only one), so that however many heavy
    games strangers run, a light game's computer answers at once. ``run``'s limit counts the
    wait for a worker as well as the work: a job that would start too late fails, and its
    game moves on."""

    def __init__(
        self,
        size: int = DEFAULT_WORKERS,
        share: float = 1.0,
        network_of: Callable[[str], str] = str,
        light: int = 0,
    ) -> None:
        self.size = size
        self.most_per_owner = max(1, int(size * share))
        self.most_heavy = max(1, size - light)  # ``light`` workers kept for light jobs
        self.network_of = network_of
        self.started = 0
        self.idle: list[Worker] = []
        self.closed = False
        # waiting jobs by (heavy, owner)
        self.waiting: dict[tuple[bool, str], deque[asyncio.Future[Worker]]] = {}
        self.holding: Counter[str] = Counter()  # workers each owner holds now
        self.heavy_holding = 0  # workers heavy jobs hold now
        self.turns = 0  # workers handed out so far
        self.served: dict[str, int] = {}  # the turn each owner or network last had

    async def run(self, job: Any, limit: float, owner: str = "", heavy: bool = False) -> Any:
        """The job's answer; JobFailed if it has none (refused, too slow, worker lost)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        worker = await self._take((heavy, owner), limit)
        left = deadline - loop.time()
        if left <= 0:
            self._give_back(worker, (heavy, owner))
            raise saying(JobFailed, no_free_worker(limit))
        try:
            status, value = await loop.run_in_executor(None, worker.call, job, left)
        except BaseException:
            # past its limit, lost, or its asker has gone: the worker may still be busy
            self._release((heavy, owner))
            await loop.run_in_executor(None, worker.stop, True)
            self._replace()
            raise
        self._give_back(worker, (heavy, owner))
        if status != "ok":
            raise saying(JobFailed, value) if isinstance(value, Said) else JobFailed(value)
        return value

    async def _take(self, asker: Asker, limit: float) -> Worker:
        if self.closed:
            raise saying(JobFailed, said("the server is stopping"))
        granted: asyncio.Future[Worker] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(asker, deque()).append(granted)
        self._dispatch()
        try:
            async with asyncio.timeout(limit):
                return await asyncio.shield(granted)
        except TimeoutError:
            self._withdraw(asker, granted)
            raise saying(JobFailed, no_free_worker(limit)) from None
        except BaseException:
            self._withdraw(asker, granted)
            raise

    def _withdraw(self, asker: Asker, granted: asyncio.Future[Worker]) -> None:
        """A wait given up: out of the queue, or, if a worker came meanwhile, give it back."""
        queue = self.waiting.get(asker)
        if queue is not None and granted in queue:
            queue.remove(granted)
            if not queue:
                del self.waiting[asker]
                self._forget(asker[1])
        elif granted.done() and not granted.cancelled() and granted.exception() is None:
            self._give_back(granted.result(), asker)
        else:
            granted.cancel()

    def _dispatch(self) -> None:
        """Hand free workers to waiting jobs: light ones first; the network, then the owner,
        served longest ago first (one never served, before all); none past its share."""
        while self.waiting and (self.idle or self.started < self.size):
            asker = self._next()
            if asker is None:
                return
            queue = self.waiting[asker]
            granted = queue.popleft()
            if not queue:
                del self.waiting[asker]
            self.turns += 1
            owner = asker[1]
            self.served[owner] = self.served["net " + self.network_of(owner)] = self.turns
            try:
                worker = self.idle.pop() if self.idle else self._start()
            except Exception as err:  # no process could be started: this job fails
                # TRANSLATORS: {problem} is the system's words for what failed (in English)
                missing = said("no worker process: {problem}", problem=str(err))
                granted.set_exception(saying(JobFailed, missing))
                continue
            self.holding[owner] += 1
            self.heavy_holding += asker[0]
            granted.set_result(worker)

    def _next(self) -> Asker | None:
        """Whose waiting job goes next, if any may."""
        askers = [
            (heavy, owner)
            for heavy, owner in self.waiting
            if self.holding[owner] < self.most_per_owner
            and not (heavy and self.heavy_holding >= self.most_heavy)
        ]
        if not askers:
            return None

        def turn(asker: Asker) -> tuple[bool, int, int]:
            heavy, owner = asker
            network = self.served.get("net " + self.network_of(owner), -1)
            return heavy, network, self.served.get(owner, -1)

        return min(askers, key=turn)

    def _start(self) -> Worker:
        worker = Worker()
        self.started += 1
        return worker

    def _release(self, asker: Asker) -> None:
        heavy, owner = asker
        self.heavy_holding -= heavy
        self.holding[owner] -= 1
        if self.holding[owner] <= 0:
            del self.holding[owner]
            self._forget(owner)

    def _forget(self, owner: str) -> None:
        """An owner with nothing waiting or held: nothing of it is left to be fair about."""
        active = {o for _, o in self.waiting} | set(self.holding)
        if owner in active:
            return
        self.served.pop(owner, None)
        network = self.network_of(owner)
        if all(self.network_of(other) != network for other in active):
            self.served.pop("net " + network, None)

    def _give_back(self, worker: Worker, asker: Asker) -> None:
        self._release(asker)
        if self.closed:
            worker.stop()
            return
        self.idle.append(worker)
        self._dispatch()

    def _replace(self) -> None:
        """A worker has gone: make room for a new one."""
        self.started -= 1
        self._dispatch()

    async def close(self) -> None:
        self.closed = True
        idle, self.idle = self.idle, []
        for queue in self.waiting.values():
            for granted in queue:
                if not granted.done():
                    granted.set_exception(saying(JobFailed, said("the server is stopping")))
        self.waiting.clear()
        loop = asyncio.get_running_loop()
        for worker in idle:
            await loop.run_in_executor(None, worker.stop)


def no_free_worker(limit: float) -> Said:
    # TRANSLATORS: {seconds} is a number of seconds ("s")
    return said("no free worker within {seconds} s", seconds=round(limit, 3))
