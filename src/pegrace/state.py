"""The game state: one immutable, hashable value shared by every game.

Search players keep states in tables and branch from them freely; nothing in
the engine ever mutates one. Piece positions are game-encoded small ints
(race games: steps from the colour's own start, -1 for the base), one sorted
tuple per seat so that equal positions are equal states.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from pegrace.dice import Roll


class Phase(IntEnum):
    ROLLOFF = 0  # popping to decide who starts (a chance node)
    ROLL = 1  # the current seat is about to roll (a chance node)
    MOVE = 2  # the current seat has rolled and must choose a move (a decision node)
    OVER = 3


class State(NamedTuple):
    pieces: tuple[tuple[int, ...], ...]  # per seat, sorted
    phase: Phase
    current: int  # the seat to roll or move (in the roll-off: the seat to pop)
    roll: Roll | None  # the roll to play in the MOVE phase
    streak: int  # extra rolls already taken this turn (consecutive sixes)
    turn: int  # turns begun since the roll-off
    finished: tuple[int, ...]  # seats whose pieces are all in, in the order they finished
    out: tuple[int, ...]  # seats eliminated, in order
    contenders: tuple[int, ...]  # roll-off: the seats popping in this round
    rolloff: tuple[int, ...]  # roll-off: this round's pops so far, one per contender
    aux: tuple[int, ...]  # a game's own counters (its rules say what they mean)
    end: str  # why the game ended; "" while it runs

    @property
    def is_chance(self) -> bool:
        return self.phase <= Phase.ROLL

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER
