"""A run stopped part way, as Ctrl-C stops it, and the batches it plays: for the tests of the
runs that keep their games and resume (tournament, simulate)."""

from __future__ import annotations

from typing import Any

import pytest

from pegrace import simulate


def stop_after(monkeypatch: pytest.MonkeyPatch, batches: int) -> None:
    """Interrupt the run (as Ctrl-C does) when it asks ``simulate.play_games`` for batch
    ``batches + 1`` (every run that plays in batches asks it, through `simulate.batches`)."""
    real = simulate.play_games
    calls = []

    def play(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) > batches:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "play_games", play)


def count_games(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(first game, games) of each batch the run plays through ``simulate.play_games``, the
    batches of one run joined into one span."""
    real = simulate.play_games
    played: list[tuple[int, int]] = []

    def play(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        if played and sum(played[-1]) == kwargs["first"]:
            played[-1] = (played[-1][0], played[-1][1] + len(found))
        else:
            played.append((kwargs["first"], len(found)))
        return found

    monkeypatch.setattr(simulate, "play_games", play)
    return played
