"""`--scheduler` pointed at something that is not a Dask scheduler: real sockets (a web
server, one that says nothing, one that sends random bytes, a closed port, an unknown host)
each end within the deadline with one line on stderr naming the address, and no traceback."""

from __future__ import annotations

import contextlib
import http.server
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from pegrace import cluster
from pegrace.cli import main

pytest.importorskip("distributed")  # imported here: the times below are the deadline's alone
DEADLINE = 1.0  # the tests' deadline (the command's is cluster.CONNECT_SECONDS)
SLACK = 1.5  # seconds past the deadline a loaded machine may take to say so

Answer = Callable[[socket.socket], None]  # what a server does with a connection it accepts


def serve(answer: Answer) -> Iterator[str]:
    """A TCP server on a free local port that ``answer``s every connection, in a thread."""
    listener = socket.create_server(("127.0.0.1", 0))
    kept: list[socket.socket] = []  # open until the server stops, as a silent peer keeps them

    def accept() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:  # the listener is closed: the test is over
                return
            kept.append(conn)
            answer(conn)

    threading.Thread(target=accept, daemon=True).start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    with contextlib.suppress(OSError):
        listener.shutdown(socket.SHUT_RDWR)  # wakes the thread's accept
    listener.close()
    for conn in kept:
        conn.close()


class QuietHandler(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Nothing on stderr: the test reads pegrace's."""


@pytest.fixture
def web_server() -> Iterator[str]:
    """A plain HTTP server (http.server), as on a dashboard's or a web page's port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def http_reply() -> Iterator[str]:
    """A server that answers in HTTP at once (distributed read it as a frame of 3.07 EiB)."""
    yield from serve(lambda conn: conn.sendall(b"HTTP/1.0 400 Bad request\r\n\r\n<html></html>"))


@pytest.fixture
def silent() -> Iterator[str]:
    """A server that accepts and never says a word."""
    yield from serve(lambda conn: None)


@pytest.fixture
def noise() -> Iterator[str]:
    """A server that sends random bytes."""
    yield from serve(lambda conn: conn.sendall(os.urandom(4096)))


@pytest.fixture
def closed_port() -> str:
    """A port nothing listens on (it was free a moment ago)."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    return f"tcp://127.0.0.1:{port}"


SILENCE = f"connected, but no Dask scheduler answered within {DEADLINE:g} s"
NOT_DASK = "its answer is not Dask's protocol: not a Dask scheduler"


@pytest.mark.parametrize(
    ("peer", "problems"),
    [
        # a web server waits for the end of a request line: the handshake may hold none
        ("web_server", (SILENCE, NOT_DASK)),
        ("http_reply", (NOT_DASK,)),
        ("silent", (SILENCE,)),
        ("noise", (NOT_DASK,)),
        ("closed_port", ("cannot connect (Connection refused)",)),
    ],
)
def test_what_is_not_a_scheduler_is_one_line_within_the_deadline(
    peer: str,
    problems: tuple[str, ...],
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    address = request.getfixturevalue(peer)
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", DEADLINE)
    started = time.monotonic()
    code = main(["simulate", "trouble", "--games", "10", "--scheduler", address])
    took = time.monotonic() - started
    out, err = capfd.readouterr()
    assert code == 2 and out == "" and took < DEADLINE + SLACK
    assert err.startswith(tuple(f"pegrace: error: --scheduler {address}: {p}" for p in problems))
    assert err.count("\n") == 1  # one line: no traceback, no log


def test_an_unknown_host_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", DEADLINE)
    address = "tcp://no-such-host.invalid:8786"  # .invalid never resolves (RFC 2606)
    started = time.monotonic()
    assert main(["simulate", "trouble", "--scheduler", address]) == 2
    assert time.monotonic() - started < DEADLINE + SLACK
    err = capfd.readouterr().err
    assert err.startswith(f"pegrace: error: --scheduler {address}: cannot connect (")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("http://127.0.0.1:8787", "unknown address scheme 'http'"),
        ("tcp://127.0.0.1", "missing port number"),
    ],
)
def test_an_address_dask_cannot_read_is_one_line(
    address: str, problem: str, capfd: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "trouble", "--scheduler", address]) == 2
    err = capfd.readouterr().err
    assert err.startswith(f"pegrace: error: --scheduler {address}: not a scheduler's address")
    assert problem in err and err.count("\n") == 1


def test_the_command_gives_up_at_its_deadline(silent: str) -> None:
    """The whole command, in a process of its own, with the deadline it ships with: one line,
    and the process ends (nothing left waiting at exit)."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pegrace.cli", "simulate", "trouble", "--scheduler", silent],
        check=False,
        capture_output=True,
        text=True,
        timeout=cluster.CONNECT_SECONDS + 30,
    )
    took = time.monotonic() - started
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"pegrace: error: --scheduler {silent}: connected, but no Dask scheduler answered "
        f"within {cluster.CONNECT_SECONDS} s (a scheduler listens on port 8786; 8787 is its "
        "dashboard, a web page)\n"
    )
    assert cluster.CONNECT_SECONDS <= took < cluster.CONNECT_SECONDS + 10  # with the start-up
