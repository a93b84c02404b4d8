"""`pegrace serve` and `pegrace bench-web` refuse bad settings with one line naming the problem,
before any server starts."""

from __future__ import annotations

import socket

import pytest

from pegrace.cli import main
from pegrace.errors import OptionError
from pegrace.web.server import check_address, is_loopback, page_address


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
        (["bench-web", "--game", "chess"], "unknown game 'chess'"),
        (["bench-web", "--games", "0"], "at least 1 game"),
    ],
)
def test_bad_settings_end_with_one_line(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert problem in capsys.readouterr().err
