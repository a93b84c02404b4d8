"""Boards as data, as the core builds them.

A race's track (``RaceTrack``) is the core's (``CoreRules.track``): its loop, its lane, each
colour's start and the words its notation names places with; race games number a colour's path
from its base (the relative frame), which is what their words and pictures index. Headache's
board (``Board``) is its spaces by name and kind, for its pictures; the core walks it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pegrace._core import CoreRules
from pegrace.errors import NotationError, saying
from pegrace.i18n import said


@dataclass(frozen=True)
class Space:
    index: int
    name: str  # as the notation writes it: "x:3", "outer:5"
    kind: str  # Headache's: "x", "outer", "inner"
    colour: str | None = None  # the colour whose START it is


@dataclass(frozen=True)
class Board:
    name: str
    spaces: tuple[Space, ...]
    starts: Mapping[str, int]  # colour -> its start space
    by_name: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {s.name: s.index for s in self.spaces})

    def space(self, name: str) -> int:
        try:
            return self.by_name[name]
        except KeyError:
            # TRANSLATORS: {space} is the space given, quoted; {board} the board's name as
            # typed ("trouble")
            problem = said(
                "no space {space} on the {board} board", space=repr(name), board=self.name
            )
            raise saying(NotationError, problem) from None


@dataclass(frozen=True)
class RaceTrack:
    """A race's track as the core builds it, seen from each colour's own start.

    Position ``p`` of a colour is ``p`` steps along its path: -1 is the base, 0 the start
    space, up to ``lane_start - 1`` on the loop (on loop space ``(start + p) % loop_length``),
    then the lane slots up to ``goal``.
    """

    loop_length: int
    lane_start: int  # the relative position of lane slot 1
    goal: int  # the relative position of the last lane slot
    safe: frozenset[int]  # the loop spaces where nobody is hit
    starts: Mapping[str, int]  # every colour's start space, seated or not
    base_name: str  # the notation's words: "home" in Trouble, "base" in Ludo and Marbles
    lane_name: str  # "finish" in Trouble, "lane" in Ludo and Parchís, "home" in Marbles
    # the last lane slot's own name where it has one (Ludo's "exit", "home", "goal"; Parchís'
    # "goal"); "": it is the lane's last slot like the others
    goal_name: str

    @classmethod
    def of(cls, core: CoreRules, colours: Sequence[str]) -> RaceTrack:
        """The track ``core`` plays, its colours (every colour of the board) named."""
        found = core.track()
        assert found is not None, "a race game"
        (loop, lane_start, goal), safe, starts, (base, lane, goal_name) = found
        named = dict(zip(colours, starts, strict=True))
        return cls(loop, lane_start, goal, frozenset(safe), named, base, lane, goal_name)

    @property
    def lane_length(self) -> int:
        """The lane's slots, the goal the last."""
        return self.goal - self.lane_start + 1
