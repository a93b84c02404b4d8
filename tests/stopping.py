"""A run stopped part way, as Ctrl-C stops it, and the batches it plays: for the tests of the
runs that keep their games and resume (tournament, simulate)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


def stop_after(monkeypatch: pytest.MonkeyPatch, module: ModuleType, batches: int) -> None:
    """Interrupt the run (as Ctrl-C does) when it asks ``module.play_games`` for batch
    ``batches + 1``."""
    real = module.play_games
    calls = []

    def play(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) > batches:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "play_games", play)


def count_games(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[tuple[int, int]]:
    """(first game, games) of each batch the run plays through ``module.play_games``, the
    batches of one run joined into one span."""
    real = module.play_games
    played: list[tuple[int, int]] = []

    def play(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        if played and sum(played[-1]) == kwargs["first"]:
            played[-1] = (played[-1][0], played[-1][1] + len(found))
        else:
            played.append((kwargs["first"], len(found)))
        return found

    monkeypatch.setattr(module, "play_games", play)
    return played
