"""`pegrace simulate --scheduler` on a Dask cluster spread over two "hosts" (network namespaces
linked by a veth pair: tests/netns.py): the scheduler on one, a worker on the other, each
reached by its address. The report is the one a run here makes, but for its command line.
Needs root, as CI has."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from netns import hosts
from reports import without_command

LIMIT = 60.0
SIMULATE = ["simulate", "ludo", "--games", "600", "--seed", "7", "--json"]


def started(command: list[str], log: Path, ready: str) -> subprocess.Popen[bytes]:
    """``command`` running, once its log says ``ready``."""
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + LIMIT
    while ready not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"{command[4:]} did not start: {log.read_text()}")
        time.sleep(0.2)
    return process


def test_simulate_on_a_scheduler_and_a_worker_on_two_hosts_is_simulate_here(
    tmp_path: Path,
) -> None:
    pegrace = str(Path(sys.executable).with_name("pegrace"))
    here = subprocess.run(
        [pegrace, *SIMULATE], capture_output=True, text=True, timeout=LIMIT, check=True
    ).stdout
    with hosts() as where:
        address = f"tcp://{where.a_to_b}:8786"
        scheduler = started(
            [*where.inside(where.a), sys.executable, "-m", "distributed.cli.dask_scheduler",
             "--host", where.a_to_b, "--port", "8786", "--no-dashboard"],
            tmp_path / "scheduler.log", "Scheduler at:",
        )  # fmt: skip
        worker = None
        try:
            worker = started(
                [*where.inside(where.b), sys.executable, "-m", "distributed.cli.dask_worker",
                 address, "--host", where.b_to_a, "--nworkers", "1", "--nthreads", "1",
                 "--no-dashboard"],
                tmp_path / "worker.log", "Registered to:",
            )  # fmt: skip
            there = subprocess.run(
                [*where.inside(where.a), pegrace, *SIMULATE, "--scheduler", address],
                capture_output=True,
                text=True,
                timeout=LIMIT * 2,
                check=True,
            ).stdout
        finally:
            for process in (worker, scheduler):
                if process is not None:
                    process.kill()
                    process.wait()
    assert without_command(there) == without_command(here)
    assert where.b_to_a in (tmp_path / "worker.log").read_text()  # the worker on host b
