"""The worker pool's fair share: jobs are served owner by owner in turn, no owner holds more
than its share of the workers while others wait, and a job's limit counts its wait for a
worker. The workers here are stand-ins whose job is to sleep the number of seconds it names
(the pool's scheduling is what is tested; test_abuse.py runs real players)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from pegrace.games import get_rules
from pegrace.web import workers
from pegrace.web.workers import JobFailed, WorkerPool


class SleepingWorker:
    """A worker whose every job is a number of seconds to sleep, answered with itself."""

    def __init__(self) -> None:
        self.stopped = False

    def call(self, job: Any, limit: float) -> tuple[str, Any]:
        if job > limit:
            time.sleep(limit)
            raise JobFailed(f"no answer within {limit:g} s")
        time.sleep(job)
        return "ok", job

    def stop(self, kill: bool = False) -> None:
        self.stopped = True


@pytest.fixture(autouse=True)
def sleeping_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "Worker", SleepingWorker)


async def timed(pool: WorkerPool, seconds: float, owner: str, limit: float = 10.0) -> float:
    """How long the job took from being asked for to its answer."""
    started = time.monotonic()
    await pool.run(seconds, limit, owner)
    return time.monotonic() - started


def test_an_owner_with_many_jobs_holds_only_its_share_of_the_workers() -> None:
    """One address's six long jobs hold one of the two workers; another's job starts at once."""

    async def run() -> float:
        pool = WorkerPool(2, share=0.5)
        heavy = [asyncio.create_task(timed(pool, 0.5, "attacker")) for _ in range(6)]
        await asyncio.sleep(0.05)
        waited = await timed(pool, 0.01, "newcomer")
        await asyncio.gather(*heavy)
        await pool.close()
        return waited

    assert asyncio.run(run()) < 0.3  # not the 0.5 s of an attacker's job, let alone six


def test_owners_are_served_in_turn() -> None:
    """With one worker, a second owner's job comes right after the job running now, before
    the first owner's queue."""

    async def run() -> list[str]:
        pool = WorkerPool(1)
        done: list[str] = []

        async def job(owner: str) -> None:
            await pool.run(0.1, 10.0, owner)
            done.append(owner)

        first = [asyncio.create_task(job("a")) for _ in range(3)]
        await asyncio.sleep(0.02)
        other = asyncio.create_task(job("b"))
        await asyncio.gather(*first, other)
        await pool.close()
        return done

    assert asyncio.run(run()) == ["a", "b", "a", "a"]


def test_the_limit_counts_the_wait_for_a_worker() -> None:
    async def run() -> float:
        pool = WorkerPool(1)
        busy = asyncio.create_task(timed(pool, 1.0, "a"))
        await asyncio.sleep(0.05)
        started = time.monotonic()
        with pytest.raises(JobFailed, match=r"no free worker within 0\.2 s"):
            await pool.run(0.01, 0.2, "b")
        waited = time.monotonic() - started
        await busy
        assert pool.idle and not pool.waiting and not pool.holding  # nothing left behind
        await pool.close()
        return waited

    assert asyncio.run(run()) < 0.6


def test_a_share_never_leaves_an_owner_without_a_worker() -> None:
    """A pool of one worker gives its one worker to an owner alone (a share rounds up to one)."""
    assert WorkerPool(1, share=0.5).most_per_owner == 1
    assert WorkerPool(4, share=0.5).most_per_owner == 2


def test_a_light_job_never_waits_for_heavy_ones_of_many_owners() -> None:
    """Twenty addresses each keep a heavy job (0.5 s) waiting on a pool of two: heavy work
    holds one worker at most, so a light job (a one-ply player's) starts at once."""

    async def run() -> list[float]:
        pool = WorkerPool(2, share=0.5, light=1)
        stop = asyncio.Event()

        async def heavy_owner(owner: str) -> None:
            while not stop.is_set():
                await pool.run(0.5, 60.0, owner, heavy=True)

        heavy = [asyncio.create_task(heavy_owner(f"10.0.{i}.1")) for i in range(20)]
        await asyncio.sleep(0.1)
        waits = []
        for _ in range(5):
            waits.append(await timed(pool, 0.01, "victim"))
            await asyncio.sleep(0.05)
        assert pool.heavy_holding <= 1
        stop.set()
        await asyncio.gather(*heavy)
        await pool.close()
        return waits

    assert max(asyncio.run(run())) < 0.3  # not the 0.5 s of a heavy job, let alone twenty


def test_the_addresses_of_one_network_take_one_turn_between_them() -> None:
    """With one worker, three addresses of one /56 each with a job waiting, and then one
    address of another network: the other network's job comes right after the one running,
    before the second of the first network's addresses."""

    def network(owner: str) -> str:
        return owner.partition(":")[0]

    async def run() -> list[str]:
        pool = WorkerPool(1, network_of=network)
        done: list[str] = []

        async def job(owner: str) -> None:
            await pool.run(0.1, 10.0, owner)
            done.append(owner)

        first = [asyncio.create_task(job(f"a:{i}")) for i in range(3)]
        await asyncio.sleep(0.02)
        other = asyncio.create_task(job("b:0"))
        await asyncio.gather(*first, other)
        assert not pool.served  # nothing kept of owners and networks gone
        await pool.close()
        return done

    assert asyncio.run(run()) == ["a:0", "b:0", "a:1", "a:2"]


def test_heavy_jobs_alone_use_every_worker_but_the_light_ones_kept() -> None:
    assert WorkerPool(4, light=1).most_heavy == 3
    assert WorkerPool(1, light=1).most_heavy == 1  # one worker: heavy jobs may not starve
    assert WorkerPool(2, light=0).most_heavy == 2


def test_searches_policies_and_advice_are_heavy_and_one_ply_players_light() -> None:
    rules = get_rules("trouble", 2)
    state = rules.initial_state()

    def job(kind: str, spec: str = "") -> workers.Job:
        return workers.Job.of(rules, state, kind, "1", spec)

    assert job(workers.MOVE, "computer:expert:ms=50").heavy
    assert job(workers.MOVE, "computer:hard").heavy
    assert job(workers.MOVE, "computer:policy").heavy
    assert not job(workers.MOVE, "computer:medium").heavy
    assert not job(workers.MOVE, "computer:random").heavy
    assert job(workers.HINT).heavy and job(workers.WINPROB).heavy
