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
