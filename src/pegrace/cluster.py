"""Games on a Dask cluster (``--scheduler tcp://HOST:8786``; the ``cluster`` extra;
docs/scaling.md). A run's jobs (chunks of seeded game indices, ``simulate.Job``) are submitted
to the cluster's scheduler and their results put back in job order, so a run's results are the
same on any cluster, with any number of workers, as in the local process pool. Dask's scheduler
gives the jobs of a worker that dies to another (a job may meet 3 dying workers, Dask's
``allowed-failures``, before the run fails). Dask is imported only here, and only when a
scheduler is named."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from importlib.metadata import version
from itertools import islice
from typing import Any, TypeVar

from pegrace.errors import OptionError

Job = TypeVar("Job")
Result = TypeVar("Result")
CONNECT_SECONDS = 10  # how long to wait for the scheduler, and for its first worker
# jobs handed to the cluster, or done and waiting for an earlier one, per worker thread (and
# at least): enough to keep every worker busy, not a run's every job made at once
AHEAD_PER_THREAD, LEAST_AHEAD = 8, 64


def pegrace_version() -> str:
    """What a worker must run: the same pegrace (its rules and players)."""
    return version("pegrace")


def _connect(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError as missing:
        raise OptionError(
            f"--scheduler {address}: Dask is not installed here; pip install 'pegrace[cluster]'"
        ) from missing
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as failed:
        raise OptionError(f"--scheduler {address}: no Dask scheduler answers ({failed})") from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except TimeoutError:
        client.close()
        raise OptionError(f"--scheduler {address}: the scheduler has no workers") from None
    return client


def _check_versions(client: Any, address: str) -> None:
    mine = pegrace_version()
    others = {worker: v for worker, v in client.run(pegrace_version).items() if v != mine}
    if others:
        listed = ", ".join(f"{w} has {v}" for w, v in sorted(others.items()))
        raise OptionError(f"--scheduler {address}: workers must run pegrace {mine}; {listed}")


def run_on_cluster(
    address: str,
    run: Callable[[Job], Result],
    jobs: Iterable[Job],
    done: Callable[[Result], None],
) -> Iterator[Result]:
    """``run(job)`` for every job on the cluster at ``address``, the results yielded in job
    order; ``done`` is called with each result as it arrives. Jobs are taken from ``jobs`` as
    the run goes on, at most ``AHEAD_PER_THREAD`` per worker thread (and ``LEAST_AHEAD``)
    handed out or waiting for an earlier one, so ``jobs`` may be a generator of any length."""
    client = _connect(address)  # first: it names the extra where Dask is missing
    from distributed import as_completed

    try:
        _check_versions(client, address)
        threads = sum(client.nthreads().values())
        ahead = max(LEAST_AHEAD, AHEAD_PER_THREAD * threads)
        source = iter(jobs)
        running = as_completed(loop=client.loop)
        index_of: dict[Any, int] = {}  # a future's key: its job's place in the run
        results: dict[int, Result] = {}
        handed = given = 0  # jobs handed to the cluster, results yielded

        def hand_out() -> None:
            nonlocal handed
            batch = list(islice(source, ahead - (handed - given)))
            for future in client.map(run, batch, pure=False) if batch else []:
                index_of[future.key] = handed
                handed += 1
                running.add(future)

        hand_out()
        for future in running:
            result = future.result()
            results[index_of.pop(future.key)] = result
            done(result)
            while given in results:
                yield results.pop(given)
                given += 1
            if handed - given <= ahead // 2:  # in batches: one call to the scheduler each
                hand_out()
    finally:
        client.close()
