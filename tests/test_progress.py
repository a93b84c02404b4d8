"""The progress of a long run: a bar redrawn on a terminal, saying seconds a game where games
are slow; off a terminal, a plain line now and then (a short run says nothing)."""

from __future__ import annotations

import io

import pytest

from pegrace import simulate
from pegrace.simulate import ProgressBar


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(simulate.time, "monotonic", fake)
    return fake


def test_the_bar_says_games_a_second_or_seconds_a_game(clock: Clock) -> None:
    out = io.StringIO()
    fast = ProgressBar(1000, out, enabled=True)
    clock.now += 2
    fast(400)
    assert "400/1000  200 games/s  ETA 00:03" in out.getvalue()
    out = io.StringIO()
    slow = ProgressBar(10, out, enabled=True)  # an expert line: games of many seconds
    clock.now += 25
    slow(2)
    assert "2/10  12.5 s a game  ETA 01:40" in out.getvalue()
    assert "0 games/s" not in out.getvalue()


def test_off_a_terminal_a_long_run_prints_a_line_now_and_then(clock: Clock) -> None:
    out = io.StringIO()
    bar = ProgressBar(100, out, enabled=False, lines=True)
    for _ in range(10):
        clock.now += 10  # 10 s a step of 10 games: a line every 30 s
        bar(10)
    lines = out.getvalue().splitlines()
    assert lines[0] == "30/100 games  1 games/s  ETA 01:10"
    assert lines[-1].startswith("100/100 games")
    assert "\r" not in out.getvalue()
    assert len(lines) == 4  # 30, 60, 90 and the end


def test_off_a_terminal_a_short_run_says_nothing(clock: Clock) -> None:
    out = io.StringIO()
    bar = ProgressBar(100, out, enabled=False, lines=True)
    clock.now += 2
    bar(100)
    assert out.getvalue() == ""
