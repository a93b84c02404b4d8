"""Dice as explicit chance events: every roll has a listed probability, the core's
(core/dice.rs: each throw's outcomes and chances are written there once).

A roll is an ``int`` for a single die and a pair of ints for two-dice throws
(two d6 for Ludo, a d6 and a bonus die for Headache). Sampling always draws
from an explicit generator so a seed replays a game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from pegrace import _core
from pegrace.errors import NotationError, saying
from pegrace.i18n import Said, said

Roll = int | tuple[int, int]


def core_outcomes(name: str) -> tuple[tuple[Roll, Fraction], ...]:
    """The throw ``name``'s outcomes with their chances, as the core lists them."""
    return tuple((roll, Fraction(weight, 36)) for roll, weight in _core.dice_outcomes(name))


@dataclass(frozen=True)
class Dice:
    """One kind of throw: its outcomes, their probabilities, and its text form."""

    name: str
    outcomes: tuple[tuple[Roll, Fraction], ...]

    def sample(self, rng: random.Random) -> Roll:
        raise NotImplementedError

    def format(self, roll: Roll) -> str:
        """The roll as the notation writes it (the core's: ``3``, ``3+5``, ``4*``)."""
        return _core.write_roll(self.name, roll)

    def parse(self, text: str) -> Roll:
        """The roll ``text`` writes (the core reads it: ``5+3`` is ``(3, 5)``); NotationError
        naming every roll where it is none."""
        return _core.read_roll(self.name, text)

    def to_json(self, roll: Roll) -> int | list[int]:
        return roll if isinstance(roll, int) else list(roll)

    def from_json(self, value: object) -> Roll:
        roll: Roll
        if isinstance(value, bool):
            raise saying(NotationError, self._not_a_roll(value))
        if isinstance(value, int):
            roll = value
        elif isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
            roll = (value[0], value[1])
        else:
            raise saying(NotationError, self._not_a_roll(value))
        if all(roll != r for r, _ in self.outcomes):
            raise saying(NotationError, self._not_a_roll(value))
        return roll

    def _not_a_roll(self, value: object) -> Said:
        # TRANSLATORS: {roll} is the roll given, as written; {dice} the dice's name ("d6")
        return said("roll {roll} is not a {dice} roll", roll=repr(value), dice=self.name)


class SingleDie(Dice):
    """One six-sided die (Trouble, Marbles)."""

    def __init__(self) -> None:
        super().__init__("d6", core_outcomes("d6"))

    def sample(self, rng: random.Random) -> Roll:
        return int(rng.random() * 6) + 1  # roll_d6, inlined: the simulation hot path


def roll_d6(rng: random.Random) -> int:
    """One die face from the generator; the roll-off uses it for every game."""
    return int(rng.random() * 6) + 1


D6 = SingleDie()


class TwoDice(Dice):
    """Two d6 thrown together (Ludo of seed 002). A roll is the sorted pair (low, high):
    the player chooses the order of use, so (3, 5) and (5, 3) are one chance outcome
    of probability 2/36; doubles have 1/36. Written ``3+5`` (read ``5+3`` too)."""

    def __init__(self) -> None:
        super().__init__("two d6", core_outcomes("two d6"))

    def sample(self, rng: random.Random) -> Roll:
        a, b = roll_d6(rng), roll_d6(rng)
        return (a, b) if a <= b else (b, a)


class BonusDice(Dice):
    """Headache's pop: a d6 and a bonus die with a red dot on one of its six faces.
    A roll is (number, dot) with dot 1 when the red dot shows; written ``4`` or ``4*``."""

    def __init__(self) -> None:
        super().__init__("d6 + bonus die", core_outcomes("d6 + bonus die"))

    def sample(self, rng: random.Random) -> Roll:
        number = roll_d6(rng)
        return (number, 1 if roll_d6(rng) == 6 else 0)


TWO_D6 = TwoDice()
BONUS = BonusDice()
# every throw by the name the core gives it (``CoreRules.dice``: the game's rules choose it)
BY_NAME = {dice.name: dice for dice in (D6, TWO_D6, BONUS)}
