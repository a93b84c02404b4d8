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
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from pegrace.advice import (
    PLAYOUT_PLAYER,
    WinChance,
    hint,
    learned_chances,
    playout_wins,
    winprob,
)
from pegrace.engine import Rules
from pegrace.errors import PegraceError
from pegrace.games import get_rules
from pegrace.match import PlayerFault
from pegrace.players import make_player
from pegrace.state import Phase, State

Json = dict[str, Any]
MOVE, HINT, WINPROB = "move", "hint", "winprob"
DEFAULT_WORKERS = max(1, os.cpu_count() or 1)
STOP_SECONDS = 2.0  # how long a worker may take to stop by itself before it is killed


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

    @classmethod
    def of(
        cls, rules: Rules, state: State, kind: str, seed: str, spec: str = "",
        playouts: tuple[int, int] = (0, 0),
    ) -> Job:  # fmt: skip
        return cls(rules.name, rules.players, tuple(sorted(rules.options.items())), state,
                   kind, seed, spec, playouts)  # fmt: skip


@functools.lru_cache(maxsize=64)
def rules_of(game: str, players: int, options: tuple[tuple[str, str], ...]) -> Rules:
    return get_rules(game, players, dict(options))


def answer(job: Job) -> Any:
    """The job's answer: a move's text, or the body of a ``hint`` or ``winprob`` message."""
    rules = rules_of(job.game, job.players, job.options)
    if job.kind == MOVE:
        return think(rules, job.state, job.spec, job.seed)
    if job.kind == WINPROB and job.state.phase != Phase.OVER:
        first, count = job.playouts
        return playout_wins(rules, job.state, first=first, count=count, seed=job.seed,
                            player=PLAYOUT_PLAYER)  # fmt: skip
    return advise(rules, job.state, job.kind, job.seed)


def think(rules: Rules, state: State, spec: str, seed: str) -> str:
    """A computer player's choice, as the move's text (checked against the legal moves)."""
    legal = rules.legal_moves(state)
    move = make_player(spec, seed).choose(rules, state, legal)
    if move not in legal:
        raise PlayerFault(f"computer player {spec} chose illegal move {move}: "
                          f"{rules.summary(state)}")  # fmt: skip
    return move.text


def advise(rules: Rules, state: State, kind: str, seed: str) -> Json:
    """The body of a ``hint`` or ``winprob`` answer (advice.py): the expert's move and why,
    or each side's chance of first place with its 95% interval."""
    if kind == HINT:
        found = hint(rules, state, seed=seed)
        return {"colour": rules.colours[state.current], "move": found.move.text,
                "label": found.described, "why": found.why, "depth": found.depth}  # fmt: skip
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
    ("refused", message) for input the rules refuse, or ("fault", message) for a bug."""
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply: tuple[str, Any] = ("ok", answer(job))
        except PegraceError as err:
            reply = ("refused", str(err))
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
                raise JobFailed(f"no answer within {limit:g} s")
            reply: tuple[str, Any] = self.pipe.recv()
        except (EOFError, OSError):
            raise JobFailed("the worker stopped") from None
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
    """At most ``size`` worker processes, started when first needed. ``run`` waits for a
    free worker, then for the answer within ``limit`` seconds."""

    def __init__(self, size: int = DEFAULT_WORKERS) -> None:
        self.size = size
        self.started = 0
        self.idle: list[Worker] = []
        self.free = asyncio.Condition()
        self.closed = False

    async def run(self, job: Job, limit: float) -> Any:
        """The job's answer; JobFailed if it has none (refused, too slow, worker lost)."""
        worker = await self._take()
        loop = asyncio.get_running_loop()
        try:
            status, value = await loop.run_in_executor(None, worker.call, job, limit)
        except BaseException:
            # past its limit, lost, or its asker has gone: the worker may still be busy
            await loop.run_in_executor(None, worker.stop, True)
            await self._replace()
            raise
        await self._give_back(worker)
        if status != "ok":
            raise JobFailed(value)
        return value

    async def _take(self) -> Worker:
        async with self.free:
            await self.free.wait_for(lambda: self.closed or self.idle or self.started < self.size)
            if self.closed:
                raise JobFailed("the server is stopping")
            if self.idle:
                return self.idle.pop()
            self.started += 1
        try:
            return Worker()
        except BaseException:
            await self._replace()
            raise

    async def _give_back(self, worker: Worker) -> None:
        async with self.free:
            self.idle.append(worker)
            self.free.notify()

    async def _replace(self) -> None:
        """A worker has gone: make room for a new one."""
        async with self.free:
            self.started -= 1
            self.free.notify()

    async def close(self) -> None:
        async with self.free:
            self.closed = True
            idle, self.idle = self.idle, []
            self.free.notify_all()
        loop = asyncio.get_running_loop()
        for worker in idle:
            await loop.run_in_executor(None, worker.stop)
