"""Games on a Dask cluster (``--scheduler tcp://HOST:8786``; the ``cluster`` extra;
docs/scaling.md). A run's jobs (chunks of seeded game indices, ``simulate.Job``) are submitted
to the cluster's scheduler and their results put back in job order, so a run's results are the
same on any cluster, with any number of workers, as in the local process pool. Dask's scheduler
gives the jobs of a worker that dies to another (a job may meet 3 dying workers, Dask's
``allowed-failures``, before the run fails). Dask is imported only here, and only when a
scheduler is named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.metadata import version
from typing import Any, TypeVar

from pegrace.errors import OptionError

Job = TypeVar("Job")
Result = TypeVar("Result")
CONNECT_SECONDS = 10  # how long to wait for the scheduler, and for its first worker


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
    jobs: Sequence[Job],
    done: Callable[[Result], None],
) -> list[Result]:
    """``run(job)`` for every job on the cluster at ``address``, the results in job order;
    ``done`` is called with each result as it arrives."""
    client = _connect(address)  # first: it names the extra where Dask is missing
    from distributed import as_completed

    try:
        _check_versions(client, address)
        futures = client.map(run, jobs, pure=False)
        order = {future.key: index for index, future in enumerate(futures)}
        results: list[Any] = [None] * len(jobs)
        for future in as_completed(futures, loop=client.loop):
            result = future.result()
            results[order[future.key]] = result
            done(result)
        return results
    finally:
        client.close()
