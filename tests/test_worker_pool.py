"""A command's worker processes (pegrace.worker_pool): started once for all its batches, with the
stop signals held meanwhile, so a stop that comes while they start is not lost (before, a run
forked new workers for each batch, and a SIGTERM that came while Python ran its fork handlers
was printed and dropped: the run played on to its end)."""

from __future__ import annotations

import os
import signal
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pegrace import simulate, worker_pool
from pegrace.cli import Stopped, main, stopping_on
from reports import without_command

RUN = ["tournament", "trouble", "--player", "random", "--player", "easy", "--seed", "3"]
RUN += ["--games", "60"]


def counted_pools(monkeypatch: pytest.MonkeyPatch) -> list[ProcessPoolExecutor]:
    made: list[ProcessPoolExecutor] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(worker_pool, "ProcessPoolExecutor", Counted)
    return made


def test_a_kept_runs_batches_share_one_set_of_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, shared = tmp_path / "here", tmp_path / "shared"
    assert main([*RUN, "--out", str(here)]) == 0
    made = counted_pools(monkeypatch)
    batches: list[int] = []
    real = simulate.play_games

    def play(*args: Any, **kwargs: Any) -> Any:
        batches.append(kwargs["first"])
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "play_games", play)
    assert main([*RUN, "--out", str(shared), "--workers", "2"]) == 0
    assert len(batches) > 5 and len(made) == 1  # many batches, one pool
    assert not any(process.is_alive() for process in processes(made[0]))  # ended with the run
    here_results = without_command((here / "results.json").read_text())
    assert without_command((shared / "results.json").read_text()) == here_results


def test_a_stop_that_comes_while_the_workers_start_ends_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = counted_pools(monkeypatch)
    real_submit = ProcessPoolExecutor.submit

    held_at_fork: list[set[int]] = []

    def submit(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        held_at_fork.append(blocked_signals())  # the first task forks the workers
        os.kill(os.getpid(), signal.SIGTERM)
        return real_submit(pool, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    ran = []
    with pytest.raises(Stopped), stopping_on([signal.SIGTERM]), worker_pool.worker_pool(2):
        ran.append(True)
    # held while Python forks (a handler's exception raised in its fork handlers is dropped),
    # then raised as the workers were started, before the block
    assert held_at_fork[0] >= {signal.SIGINT, signal.SIGTERM, signal.SIGHUP} and not ran
    assert len(made) == 1 and all(not process.is_alive() for process in processes(made[0]))


def processes(pool: ProcessPoolExecutor) -> list[Any]:
    return list((getattr(pool, "_processes", None) or {}).values())


def blocked_signals() -> set[int]:
    return {int(signum) for signum in signal.pthread_sigmask(signal.SIG_BLOCK, [])}


def test_a_worker_holds_no_signal_and_the_stop_signals_end_it() -> None:
    before = blocked_signals()
    with worker_pool.worker_pool(2) as pool:
        assert pool is not None
        assert pool.submit(blocked_signals).result() == set()
        assert pool.submit(signal.getsignal, signal.SIGTERM).result() == signal.SIG_DFL
        assert blocked_signals() == before  # the parent's mask is as it was
    assert blocked_signals() == before
