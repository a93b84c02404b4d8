"""SIGTERM and SIGHUP stop a long run as Ctrl-C does: the games played so far kept, every worker
process ended, the shell's status for the signal (143 for SIGTERM). Sent to pegrace alone (as
SLURM or `docker stop` do) or to its whole process group (as `timeout` does)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

WAIT = 60.0  # seconds: only reached when something is broken


def session_processes(session: int) -> list[int]:
    """The processes of a session (Linux /proc): the command and everything it started."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[3]) == session and fields[0] != "Z":  # fields[3]: the session id
            found.append(int(entry.name))
    return found


def until(condition: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"waited {WAIT:g} s for {what}")
        time.sleep(0.1)


def kept_games(out: Path) -> int:
    partial = out / "partial.jsonl"
    return partial.read_text().count("\n") if partial.exists() else 0


def long_simulation(out: Path, *prefix: str) -> subprocess.Popen[str]:
    command = [*prefix, sys.executable, "-m", "pegrace.cli", "simulate", "trouble"]
    command += ["--games", "1000000", "--workers", "2", "--seat", "all=computer:medium"]
    command += ["--seed", "5", "--out", str(out)]
    return subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
        start_new_session=True,
    )  # fmt: skip


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts processes in /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_to_pegrace_alone_ends_its_workers_and_keeps_its_games(
    tmp_path: Path, signum: signal.Signals
) -> None:
    run = long_simulation(tmp_path)
    until(lambda: len(session_processes(run.pid)) >= 3, "the two workers")
    until(lambda: kept_games(tmp_path) > 0, "games kept")
    os.kill(run.pid, signum)
    _, stderr = run.communicate(timeout=WAIT)
    assert run.returncode == 128 + signum
    assert "pegrace: stopped" in stderr
    until(lambda: not session_processes(run.pid), "every worker to end")
    assert kept_games(tmp_path) > 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts processes in /proc")
def test_timeout_leaves_no_process_behind(tmp_path: Path) -> None:
    """`timeout -s TERM N pegrace simulate ... --workers 2`: what `timeout` does when its time
    is up, it does when it is itself stopped (GNU coreutils), so the test stops it once games
    are kept rather than wait on the clock: TERM to the command and its whole group."""
    run = long_simulation(tmp_path, "timeout", "-s", "TERM", "600")
    until(lambda: len(session_processes(run.pid)) >= 4, "timeout, pegrace and two workers")
    until(lambda: kept_games(tmp_path) > 0, "games kept")
    os.kill(run.pid, signal.SIGTERM)  # run.pid is timeout's
    _, stderr = run.communicate(timeout=WAIT)
    assert run.returncode in (124, 128 + signal.SIGTERM)  # timeout's status, as it ended
    assert "pegrace: stopped" in stderr
    until(lambda: not session_processes(run.pid), "every process to end")
    assert kept_games(tmp_path) > 0
