"""Games on a Dask cluster (``--scheduler tcp://HOST:8786``; the ``cluster`` extra;
docs/scaling.md). A run's jobs (chunks of seeded game indices, ``simulate.Job``) are submitted
to the cluster's scheduler and their results put back in job order, so a run's results are the
same on any cluster, with any number of workers, as in the local process pool. Dask's scheduler
gives the jobs of a worker that dies to another (a job may meet 3 dying workers, Dask's
``allowed-failures``, before the run fails). Dask is imported only here, and only when a
scheduler is named."""

from __future__ import annotations

import asyncio
import os
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

from pegrace import provenance
from pegrace.errors import OptionError, saying
from pegrace.i18n import Said, said, said_n

Job = TypeVar("Job")
Result = TypeVar("Result")
# how long the scheduler has to answer (connection and handshake), and then to have a worker
CONNECT_SECONDS = 10
# jobs handed to the cluster, or done and waiting for an earlier one, per worker thread (and
# at least): enough to keep every worker busy, not a run's every job made at once
AHEAD_PER_THREAD, LEAST_AHEAD = 8, 64


def pegrace_version() -> str:
    """What a worker must run: the same pegrace (its rules and players: the same commit) on
    the same core."""
    return f"{provenance.pegrace_version()}, core {provenance.core_build()['source']}"


def _connect(address: str) -> Any:
    """A client of the scheduler at ``address`` that has a worker, or an OptionError naming
    what went wrong. The connection and Dask's handshake share one deadline of
    ``CONNECT_SECONDS``; then the scheduler has as long again to have a worker."""
    try:
        from distributed import Client
    except ImportError as missing:
        # TRANSLATORS: {address} is the scheduler's address as typed; --scheduler and the pip
        # command are kept as typed
        missing_dask = said(
            "--scheduler {address}: Dask is not installed here; pip install 'pegrace[cluster]'",
            address=address,
        )
        raise saying(OptionError, missing_dask) from missing
    deadline = time.monotonic() + CONNECT_SECONDS
    check_scheduler(address, CONNECT_SECONDS)
    try:  # a scheduler answered: the client's own connection is made at once
        left = max(deadline - time.monotonic(), 0.1)
        client = Client(address, timeout=left, set_as_default=False)
    except (OSError, TimeoutError) as failed:
        # TRANSLATORS: {problem} is the connection's failure, in the system's words
        silent = said(
            "--scheduler {address}: no Dask scheduler answers ({problem})",
            address=address,
            problem=str(failed),
        )
        raise saying(OptionError, silent) from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except TimeoutError:
        client.close()
        idle = said("--scheduler {address}: the scheduler has no workers", address=address)
        raise saying(OptionError, idle) from None
    return client


def check_scheduler(address: str, seconds: float) -> None:
    """A Dask scheduler answers at ``address`` within ``seconds`` (connection, handshake and
    its identity), else an OptionError saying what went wrong. This runs in an event loop of
    its own under one deadline: distributed's Client waits without end for a handshake that
    never comes (from a server that says nothing, or a web server waiting for its request)."""
    from distributed.comm.addressing import get_address_host_port

    try:
        host, port = get_address_host_port(address)
    except ValueError as bad:
        # TRANSLATORS: {problem} is what Dask finds wrong with the address, in its words
        unread = said(
            "--scheduler {address}: not a scheduler's address ({problem})",
            address=address,
            problem=str(bad),
        )
        raise saying(OptionError, unread) from None
    loop = asyncio.new_event_loop()
    try:
        problem = loop.run_until_complete(_problem(address, host, port, seconds))
    finally:
        loop.close()
    if problem is not None:
        raise saying(OptionError, problem)


async def _problem(address: str, host: str, port: int, seconds: float) -> Said | None:
    """What is wrong with the scheduler at ``address`` (None: nothing), found within
    ``seconds``, in words naming it. A plain connection first: a refusal or an unknown host is
    told at once (distributed tries again until its time is up)."""
    connected = False
    try:
        async with asyncio.timeout(seconds):
            _, writer = await asyncio.open_connection(host, port)
            writer.close()
            await writer.wait_closed()
            connected = True
            kind = await _identity(address, seconds)
    except TimeoutError:
        return _timed_out(address, float(seconds), connected)
    except OSError as failed:  # CommClosedError too: the peer closed the connection
        if not connected:
            # TRANSLATORS: {address} is the scheduler's address as typed, {problem} why the
            # connection failed, in the system's words ("Connection refused")
            return said(
                "--scheduler {address}: cannot connect ({problem})",
                address=address,
                problem=_cause(failed),
            )
        # TRANSLATORS: 8786 and 8787 are port numbers; a dashboard is Dask's web page
        return said(
            "--scheduler {address}: it closed the connection without a Dask answer: not a Dask "
            "scheduler (a scheduler listens on port 8786; 8787 is its dashboard, a web page)",
            address=address,
        )
    except Exception:  # what a peer sends is read as Dask's: it can raise anything
        # TRANSLATORS: 8786 and 8787 are port numbers; a dashboard is Dask's web page
        return said(
            "--scheduler {address}: its answer is not Dask's protocol: not a Dask scheduler "
            "(a scheduler listens on port 8786; 8787 is its dashboard, a web page)",
            address=address,
        )
    return None if kind == "Scheduler" else _not_scheduler(address, kind)


def _timed_out(address: str, seconds: float, connected: bool) -> Said:
    """No answer from ``address`` within ``seconds``, ``connected`` or not, in words."""
    if not connected:
        # TRANSLATORS: {seconds} is a number of seconds; "s" is the unit's symbol
        return said(
            "--scheduler {address}: no connection within {seconds} s",
            address=address,
            seconds=seconds,
        )
    # TRANSLATORS: {seconds} is a number of seconds; 8786 and 8787 are port numbers; a
    # dashboard is Dask's web page
    return said(
        "--scheduler {address}: connected, but no Dask scheduler answered within {seconds} s "
        "(a scheduler listens on port 8786; 8787 is its dashboard, a web page)",
        address=address,
        seconds=seconds,
    )


def _not_scheduler(address: str, kind: str | None) -> Said:
    """Another kind of Dask server (``kind``: "Worker", ..., None: unsaid) at ``address``."""
    if not kind:
        # TRANSLATORS: 8786 and 8787 are port numbers; a dashboard is Dask's web page
        return said(
            "--scheduler {address}: a Dask server answers there, not a scheduler "
            "(a scheduler listens on port 8786; 8787 is its dashboard, a web page)",
            address=address,
        )
    # TRANSLATORS: {kind} is the kind of Dask server in Dask's own word ("Worker", "Nanny");
    # 8786 and 8787 are port numbers; a dashboard is Dask's web page
    return said(
        "--scheduler {address}: a Dask {kind} answers there, not a scheduler "
        "(a scheduler listens on port 8786; 8787 is its dashboard, a web page)",
        address=address,
        kind=kind,
    )


async def _identity(address: str, seconds: float) -> str | None:
    """The type of the Dask server at ``address``: ``Scheduler``, ``Worker`` ... (over TLS
    where Dask's configuration sets it up, as the client connects)."""
    from distributed.comm import connect
    from distributed.security import Security

    comm = await connect(address, timeout=seconds, **Security().get_connection_args("client"))
    try:
        await comm.write({"op": "identity", "reply": True})
        answer = await comm.read()
    finally:
        comm.abort()
    return answer.get("type") if isinstance(answer, dict) else None


def _cause(failed: OSError) -> str:
    """A failed connection in words: "Connection refused", "Name or service not known"."""
    if isinstance(failed, socket.gaierror) or not failed.errno:
        return failed.strerror or str(failed)
    return os.strerror(failed.errno)


def _check_versions(client: Any, address: str) -> None:
    mine = pegrace_version()
    others = {worker: v for worker, v in client.run(pegrace_version).items() if v != mine}
    if others:
        listed = ", ".join(f"{w} ({v})" for w, v in sorted(others.items()))
        # TRANSLATORS: {version} is a version of pegrace ("1.2.0"); {workers} the workers'
        # addresses, each with its version in brackets
        mixed = said_n(
            "--scheduler {address}: workers must run pegrace {version}; {count} worker runs "
            "another: {workers}",
            "--scheduler {address}: workers must run pegrace {version}; {count} workers run "
            "another: {workers}",
            len(others),
            address=address,
            version=mine,
            workers=listed,
        )
        raise saying(OptionError, mixed)


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
