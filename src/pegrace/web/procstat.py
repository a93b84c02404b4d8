"""What a benchmark reads of the processes it runs (Linux /proc): their CPU seconds, their
children, when each started (so that a later process given the same pid is not taken for it),
and the pid of a PostgreSQL server on this machine, to count its CPU too."""

from __future__ import annotations

import contextlib
import os
import resource
from pathlib import Path


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux /proc), None where that is not available."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its children (the server's worker processes): its own,
    its children's that have ended, and those of its children still running (Linux /proc)."""
    fields = stat_fields(str(pid))
    if fields is None:
        return 0.0
    total = sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    for child, _ in children(pid):
        total += cpu_seconds(child) or 0.0
    return total


def children(pid: int) -> list[tuple[int, str]]:
    """The processes whose parent is ``pid``, each with its start time (Linux /proc; empty
    elsewhere): the start time tells a process from a later one given the same pid."""
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            fields = stat_fields(entry.name) if entry.name.isdigit() else None
            if fields is not None and int(fields[1]) == pid:
                found.append((int(entry.name), fields[19]))
    return found


def start_time(pid: int) -> str | None:
    """When the process ``pid`` started (clock ticks after boot), None if it is not running."""
    fields = stat_fields(str(pid))
    return None if fields is None else fields[19]


def stat_fields(pid: str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (the fourth field is first)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def postmaster(store: str | None) -> int | None:
    """The pid of a PostgreSQL server on this machine (its postmaster, whose children do its
    work), to count its CPU; None for an SQLite store, or one elsewhere."""
    if store is None:
        return None
    import psycopg  # a PostgreSQL store needs it anyway

    with psycopg.connect(store) as db:
        row = db.execute("SELECT pg_backend_pid()").fetchone()
    fields = stat_fields(str(row[0])) if row else None
    return int(fields[1]) if fields else None
