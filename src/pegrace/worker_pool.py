"""The worker processes that play a command's games, and the signals that stop them.

A command starts its workers once (`worker_pool`) and hands them every batch of its games:
a batch played on new workers would fork again for each, and a stop signal that comes while
Python runs its fork handlers is lost (the handler's exception is printed and dropped), so
the workers start with the stop signals held, which arrive as soon as they are started.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

# what `timeout`, SLURM, `docker stop` and a closed terminal send
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
HELD = {signal.SIGINT, *STOP_SIGNALS}


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor | None]:
    """``workers`` processes for the block (None for one: the games are played here), all
    started before the block runs; a stop (Ctrl-C, or a signal that stops pegrace) ends them
    at once, their unfinished games dropped."""
    if workers <= 1:
        yield None
        return
    held = hold_stops()
    try:
        with ProcessPoolExecutor(max_workers=workers, initializer=default_signals) as pool:
            try:
                pool.submit(int).result()  # with fork, the first task starts every worker
                release(held)  # a stop that came meanwhile is raised here
                yield pool
            except KeyboardInterrupt:  # Ctrl-C, or a signal that stops pegrace (cli.Stopped)
                end_workers(pool)
                raise
    finally:
        release(held)


def hold_stops() -> set[int | signal.Signals] | None:
    """Ctrl-C and the stop signals wait (in the main thread), until `release`; the signals
    held before, or None where nothing was held (another thread)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, HELD)


def release(held: set[int | signal.Signals] | None) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def default_signals() -> None:
    """In a worker process: the signals that stop pegrace end the worker at once (it keeps
    nothing; the games kept are the parent's), none of them held as they were at its fork."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)


def end_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now, their games unfinished: waiting for them could take as long
    as a batch of games, and a worker of a parent that is gone would play on alone."""
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
