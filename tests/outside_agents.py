"""Agents from outside pegrace, for tests/test_outside.py: functions and a class called with the
observation, the legal actions' mask and the position (pegrace.outside)."""

from __future__ import annotations

import time
from typing import Any

import numpy as np


def first_legal(observation: np.ndarray, mask: np.ndarray, view: dict[str, Any]) -> int:
    assert observation.dtype == np.float32 and mask.dtype == np.bool_
    assert str(int(np.flatnonzero(mask)[0])) in view["moves"]
    return int(np.flatnonzero(mask)[0])


class LastLegal:
    """A class: made once a game, its instance asked each decision."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, observation: np.ndarray, mask: np.ndarray, view: dict[str, Any]) -> int:
        self.asked += 1
        return int(np.flatnonzero(mask)[-1])


def crashing(observation: np.ndarray, mask: np.ndarray, view: dict[str, Any]) -> int:
    raise RuntimeError("a bug in the agent")


def illegal(observation: np.ndarray, mask: np.ndarray, view: dict[str, Any]) -> int:
    return len(mask)  # past the action space


def sleepy(observation: np.ndarray, mask: np.ndarray, view: dict[str, Any]) -> int:
    time.sleep(30)
    return int(np.flatnonzero(mask)[0])


NOT_CALLABLE = 3


# OpenSpiel bot factories (``openspiel:outside_agents:NAME``): factory(game, player, seed)


def uniform_bot(game: Any, player: int, seed: int) -> Any:
    import pyspiel

    return pyspiel.make_uniform_random_bot(player, seed)


class IllegalBot:
    """A bot (anything with ``step(state)``) answering an action past the game's space."""

    def __init__(self, game: Any) -> None:
        self.actions = game.num_distinct_actions()

    def step(self, state: Any) -> int:
        return int(self.actions)


def illegal_bot(game: Any, player: int, seed: int) -> IllegalBot:
    return IllegalBot(game)


def no_bot(game: Any, player: int, seed: int) -> int:
    return 3  # nothing with a step(state)
