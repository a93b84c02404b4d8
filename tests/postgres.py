"""A throwaway PostgreSQL server for the tests: Debian's binaries (the Makefile installs the
package where missing), a cluster in a temporary folder, run as an unprivileged user when the
tests run as root (as CI does: PostgreSQL refuses to run as root), listening on loopback on a
free port, stopped and removed at the end. ``PEGRACE_TEST_POSTGRES`` (a URL) uses a server
already running instead."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

NOT_INSTALLED = (
    "PostgreSQL's server is not installed: `make test` installs Debian's postgresql package "
    "(or set PEGRACE_TEST_POSTGRES to a server's URL)"
)


def binaries() -> Path:
    """The folder of initdb and pg_ctl (Debian keeps them off PATH, by version)."""
    for found in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (found / "initdb").exists():
            return found
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).resolve().parent
    raise RuntimeError(NOT_INSTALLED)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster of its own in ``folder``, run by an unprivileged user."""

    def __init__(self, folder: Path, host: str = "127.0.0.1", inside: tuple[str, ...] = ()) -> None:
        """``inside``: a command prefix its commands run under (``ip netns exec NAME``: a
        network namespace of its own, where ``host`` is an address and any port is free)."""
        self.folder, self.host, self.inside = folder, host, inside
        self.port = 5432 if inside else free_port(host)
        self.data, self.log = folder / "data", folder / "server.log"
        self.bin = binaries()
        self.user = None if os.geteuid() else ("postgres" if _exists("postgres") else "nobody")

    def _run(self, *command: str) -> None:
        prefix = [*self.inside, *(["runuser", "-u", self.user, "--"] if self.user else [])]
        done = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr}{done.stdout}{log}")

    def start(self) -> str:
        """Make and start the cluster; its URL."""
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "pegrace", "-A", "trust")
        with (self.data / "pg_hba.conf").open("a") as hba:  # the other "hosts" (netns.py) too
            hba.write("host all all 0.0.0.0/0 trust\n")
        settings = (
            f"-p {self.port} -k {self.folder} -c listen_addresses={self.host} "
            "-c max_connections=200 -c fsync=off -c full_page_writes=off"
        )
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log),
            "-o", settings, "-w", "start",
        )  # fmt: skip
        self._run(
            str(self.bin / "createdb"), "-h", self.host, "-p", str(self.port), "-U", "pegrace",
            "pegrace",
        )  # fmt: skip
        return f"postgresql://pegrace@{self.host}:{self.port}/pegrace"

    def restart(self) -> None:
        """Stop and start again as an operator would (``-m fast``: sessions are ended)."""
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-m", "fast",
            "-w", "restart",
        )  # fmt: skip

    def processes(self) -> list[int]:
        """The server's processes: the postmaster and its children (backends, writers)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for task in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                if int(task.read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    children.append(int(task.parent.name))
        return [postmaster, *children]

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        """Every process of the server stopped (SIGSTOP) while the block runs: connections
        stay open, and nothing answers."""
        stopped = self.processes()
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True


@contextlib.contextmanager
def server() -> Iterator[str]:
    """A PostgreSQL server's URL for as long as the block runs."""
    given = os.environ.get("PEGRACE_TEST_POSTGRES")
    if given:
        yield given
        return
    with tempfile.TemporaryDirectory(prefix="pegrace-pg-") as folder:
        os.chmod(folder, 0o755)
        cluster = Cluster(Path(folder))
        try:
            yield cluster.start()
        finally:
            cluster.stop()


def fresh_database(url: str) -> str:
    """A new empty database on the server at ``url`` (each test its own); its URL."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name
