"""`pegrace serve` and `pegrace bench-web` refuse bad settings with one line naming the problem,
before any server starts: an address beyond this machine without --public, a malformed
--allow-origin, and a store another server holds."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pages import Server

from pegrace.cli import main
from pegrace.errors import OptionError
from pegrace.web import server
from pegrace.web.guard import is_loopback
from pegrace.web.limits import Limits
from pegrace.web.server import check_address, page_address


def test_a_port_in_use_is_named() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OptionError, match=f"cannot serve on 127.0.0.1:{port}"):
            check_address("127.0.0.1", port)


def test_the_printed_address_is_one_a_browser_can_open() -> None:
    assert page_address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert page_address("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("example.org")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["serve", "--computer-delay", "-1"], "--computer-delay -1.0: use 0 or more seconds"),
        (
            ["serve", "--host", "0.0.0.0"],
            "--host 0.0.0.0 is not a loopback address: anyone "
            "who can reach it could watch and join games over plain HTTP; add --public to serve "
            "there anyway (better: keep the default and put a TLS reverse proxy in front, see "
            'docs/web-public.md, "Behind a TLS reverse proxy")',
        ),
        (
            ["serve", "--host", "example.org", "--allow-origin", "https://example.org"],
            "--host example.org is not a loopback address",
        ),
        (["serve", "--allow-origin", "ftp://x"], "--allow-origin 'ftp://x': write http://"),
        (
            ["serve", "--allow-origin", "https://games.example.org/play"],
            "--allow-origin 'https://games.example.org/play': write http://",
        ),
        (
            ["serve", "--public", "--host", "0.0.0.0", "--allow-origin", "games.example.org"],
            "--allow-origin 'games.example.org': write http://",
        ),
        (["serve", "--allow-origin", "http://x:abc"], "--allow-origin 'http://x:abc': write"),
        (
            ["serve", "--limit", "games=5"],
            "--limit 'games=5': write NAME=VALUE with NAME one of body_bytes, games_per_minute",
        ),
        (
            ["serve", "--limit", "games_per_minute=lots"],
            "--limit 'games_per_minute=lots': 'lots' is not a whole number",
        ),
        (
            ["serve", "--limit", "move_seconds=-1"],
            "--limit 'move_seconds=-1': give a number from 0 to 999999999",
        ),
        (["bench-web", "--game", "chess"], "unknown game 'chess'"),
        (["bench-web", "--games", "0"], "--games 0: a number of games from 1 to 10000"),
        (["bench-web", "--seconds", "nan"], "--seconds nan: a number of seconds from 1 to 86400"),
        (["bench-web", "--seconds", "inf"], "--seconds inf: a number of seconds from 1 to"),
        (["bench-web", "--seconds", "1e-9"], "--seconds 1e-09: a number of seconds from 1 to"),
        (["bench-web", "--attack", "qr", "--seconds=-inf"], "--seconds -inf: a number of"),
        (["bench-web", "--attack", "qr", "--connections", "0"], "--connections 0: connections"),
        (["bench-web", "--connections", "100000"], "--connections 100000: connections from 1"),
        (["bench-web", "--servers", "0"], "--servers 0: servers (4 a core) from 1 to"),
        (["bench-web", "--seed=-1"], "--seed -1: a seed from 0 to"),
        (["bench-web", "--players", "9"], "trouble is for 2 to 4 players, not 9"),
    ],
)
def test_bad_settings_end_with_one_line(
    argv: list[str],
    problem: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("PEGRACE_DATA", str(tmp_path))  # the default store, should one be opened
    monkeypatch.setattr(socket, "socket", refuse_sockets)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("pegrace: error: ") and problem in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())  # nor was the store opened, or locked


def refuse_sockets(*args: Any, **kwargs: Any) -> socket.socket:
    raise AssertionError("a socket was opened before the settings were checked")


def test_public_serves_beyond_loopback_with_the_allowed_origins(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made: dict[str, Any] = {}

    def create_app(db: Path, **settings: Any) -> object:
        made.update(settings, db=db)
        return object()

    monkeypatch.setattr(server, "create_app", create_app)
    monkeypatch.setattr(server, "run", lambda *args, **kwargs: 0)
    db = tmp_path / "games.sqlite3"
    origins = [
        "--allow-origin",
        "https://Games.example.org",
        "--allow-origin",
        "http://10.0.0.2:81",
    ]
    argv = [
        "serve",
        "--public",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--db",
        str(db),
        *origins,
        "--limit",
        "games_per_minute=5,workers=1",
    ]
    assert main(argv) == 0
    doorman = made.pop("doorman")
    assert made == {
        "db": db,
        "computer_delay": 0.3,
        "allowed_origins": ("https://games.example.org", "http://10.0.0.2:81"),
        "limits": Limits(games_per_minute=5, workers=1),
        "host": "0.0.0.0",  # the invite card's addresses beyond this machine
        "mailer": None,  # no --smtp: no mail
        "outside_players": (),  # no --outside-player: none offered
    }
    assert doorman.limits == made["limits"]  # the connections are counted by the same limits


def test_a_second_server_on_the_same_store_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = Server(db, tmp_path / "server.log")
    first.start()
    try:
        assert first.process is not None
        second = subprocess.run(
            [
                str(Path(sys.executable).with_name("pegrace")),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--db",
                str(db),
                "--no-open",
            ],
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode == 2 and second.stdout == ""
        assert second.stderr == (
            f"pegrace: error: the game store {db} is in use: the server with pid "
            f"{first.process.pid} holds its lock {db}.lock (stop it, or serve another --store)\n"
        )
        first.get("/api/catalog")  # the first server goes on
        first.stop()  # killed: the system lets go of its lock
        first.start()
    finally:
        first.stop()
