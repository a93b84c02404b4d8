"""Dice as explicit chance events: every roll has a listed probability.

A roll is an ``int`` for a single die and a pair of ints for two-dice throws
(two d6 for Ludo, a d6 and a bonus die for Headache). Sampling always draws
from an explicit generator so a seed replays a game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from pegrace.errors import NotationError

Roll = int | tuple[int, int]


@dataclass(frozen=True)
class Dice:
    """One kind of throw: its outcomes, their probabilities, and its text form."""

    name: str
    outcomes: tuple[tuple[Roll, Fraction], ...]

    def sample(self, rng: random.Random) -> Roll:
        raise NotImplementedError

    def format(self, roll: Roll) -> str:
        return str(roll)

    def parse(self, text: str) -> Roll:
        for roll, _ in self.outcomes:
            if self.format(roll) == text.strip():
                return roll
        allowed = ", ".join(self.format(r) for r, _ in self.outcomes)
        raise NotationError(f"roll {text!r} is not a {self.name} roll (one of {allowed})")

    def to_json(self, roll: Roll) -> int | list[int]:
        return roll if isinstance(roll, int) else list(roll)

    def from_json(self, value: object) -> Roll:
        roll: Roll
        if isinstance(value, bool):
            raise NotationError(f"roll {value!r} is not a {self.name} roll")
        if isinstance(value, int):
            roll = value
        elif isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
            roll = (value[0], value[1])
        else:
            raise NotationError(f"roll {value!r} is not a {self.name} roll")
        if all(roll != r for r, _ in self.outcomes):
            raise NotationError(f"roll {value!r} is not a {self.name} roll")
        return roll


class SingleDie(Dice):
    """One six-sided die (Trouble, Marbles)."""

    def __init__(self) -> None:
        super().__init__("d6", tuple((face, Fraction(1, 6)) for face in range(1, 7)))

    def sample(self, rng: random.Random) -> Roll:
        return roll_d6(rng)


def roll_d6(rng: random.Random) -> int:
    """One die face from the generator; the roll-off uses it for every game."""
    return int(rng.random() * 6) + 1


D6 = SingleDie()
