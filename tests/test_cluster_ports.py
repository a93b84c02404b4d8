"""docs/scaling.md's scheduler and worker commands, run as written on 127.0.0.1: every port they
open listens on that address and nowhere else (a Dask worker's web server binds every
interface unless told; Linux's /proc says who listens where)."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
WAIT = 60.0  # seconds: only reached when something is broken
LISTEN = "0A"  # a socket's state in /proc/net/tcp: listening


def documented(command: str) -> list[str]:
    """The line of docs/scaling.md's first code block that starts with ``command``."""
    text = (ROOT / "docs" / "scaling.md").read_text()
    block = text.split("```sh", 1)[1].split("```", 1)[0]
    line = next(line for line in block.splitlines() if line.startswith(command))
    return shlex.split(line)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(pids: set[int]) -> set[str]:
    """The addresses the processes ``pids`` listen on (TCP, IPv4 and IPv6), as hex from
    /proc/net/tcp*: ``0100007F`` is 127.0.0.1, ``00000000`` every interface."""
    inodes = set()
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                found = re.fullmatch(r"socket:\[(\d+)\]", os.readlink(fd))
                if found:
                    inodes.add(found[1])
        except OSError:
            continue  # gone meanwhile
    found_addresses = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            if fields[3] == LISTEN and fields[9] in inodes:
                found_addresses.add(fields[1].rsplit(":", 1)[0])
    return found_addresses


def session(leader: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == leader:
                found.add(int(entry.name))
    return found


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    running: list[subprocess.Popen[bytes]] = []
    yield running
    for process in running:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=WAIT)


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_the_documented_commands_listen_on_the_address_given_alone(
    started: list[subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    port, dashboard = free_port(), free_port()
    scheduler = [
        word.replace("PRIVATE-IP", "127.0.0.1")
        .replace("8786", str(port))
        .replace("8787", str(dashboard))
        for word in documented("dask scheduler")
    ]
    worker = [
        word.replace("PRIVATE-IP", "127.0.0.1").replace("SCHEDULER-HOST:8786", f"127.0.0.1:{port}")
        for word in documented("dask worker")
    ]
    assert "--host" in scheduler and "--dashboard-address" in worker
    scheduler += ["--port", str(port)]
    started.append(subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", *scheduler[2:]],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    ))  # fmt: skip
    with (tmp_path / "worker.log").open("wb") as log:  # the worker writes to its own copy
        started.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", *worker[2:]],
            stdout=log, stderr=log, start_new_session=True,
        ))  # fmt: skip
    deadline = time.monotonic() + WAIT
    while b"Starting established connection" not in (tmp_path / "worker.log").read_bytes():
        assert time.monotonic() < deadline, (tmp_path / "worker.log").read_text()[-2000:]
        time.sleep(0.2)
    pids = set().union(*(session(process.pid) for process in started))
    addresses = listening(pids)
    # scheduler, its dashboard, nanny, worker, worker's web server: 127.0.0.1 each
    assert len(pids) >= 3 and addresses == {"0100007F"}, addresses
