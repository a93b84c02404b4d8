"""Boards as data: spaces joined by directed edges, with per-colour starts and lanes.

A board is a graph. Loops are rings of spaces; a colour's finish lane branches
off the loop at a space only that colour may turn at (and past which it may not
go on); junctions are spaces with several successors for the same colour, so one
roll can reach several destinations (Headache's crossing tracks). ``paths``
walks the graph for any board; race games turn the unique path of each colour
into a table of "steps from own start" (the relative frame), which is what their
hot loops index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pegrace.errors import NotationError, saying
from pegrace.i18n import said


@dataclass(frozen=True)
class Space:
    index: int
    name: str  # absolute name, e.g. "loop:5" or "finish:red:2"
    kind: str  # "loop", "lane", or a game's own kind such as "x"
    colour: str | None = None  # the colour a lane or start space belongs to


@dataclass(frozen=True)
class Edge:
    to: int
    only: str | None = None  # only this colour may take the edge (a lane entry)
    barred: frozenset[str] = frozenset()  # these colours may not take it (turn off instead)

    def allows(self, colour: str) -> bool:
        return (self.only is None or self.only == colour) and colour not in self.barred


@dataclass(frozen=True)
class Board:
    name: str
    spaces: tuple[Space, ...]
    edges: tuple[tuple[Edge, ...], ...]  # forward successors of each space
    starts: Mapping[str, int]  # colour -> its start space
    safe: frozenset[int] = frozenset()
    by_name: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {s.name: s.index for s in self.spaces})

    def successors(self, space: int, colour: str) -> list[int]:
        return [e.to for e in self.edges[space] if e.allows(colour)]

    def predecessors(self, space: int, colour: str) -> list[int]:
        return [
            i for i, out in enumerate(self.edges) for e in out if e.to == space and e.allows(colour)
        ]

    def paths(
        self, origin: int, steps: int, colour: str, *, backward: bool = False
    ) -> list[tuple[int, ...]]:
        """Every walk of exactly ``steps`` spaces from ``origin`` (origin excluded)."""
        step = self.predecessors if backward else self.successors
        walks: list[tuple[int, ...]] = [()]
        for _ in range(steps):
            walks = [(*w, n) for w in walks for n in step(w[-1] if w else origin, colour)]
        return walks

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
    """A race board (loop + per-colour lane) seen from each colour's own start.

    Position ``p`` of a colour is ``p`` steps along its path: -1 is the base, 0 the
    start space, ``loop_length - 1`` the last loop space (Trouble) or the lane
    branch (Ludo), then the lane slots. ``path[c][p]`` is the absolute space.
    """

    board: Board
    colours: tuple[str, ...]
    loop_length: int
    lane_length: int
    base_name: str  # "home" in Trouble, "base" in Ludo and Marbles
    lane_name: str  # "finish" in Trouble, "lane" in Ludo, "home" in Marbles
    # the last lane slot's own name where it has one (Ludo's "exit", "home", "goal"; Parchís'
    # "goal"), written by that name only; "": it is the lane's last slot like the others
    goal_name: str = ""
    path: Mapping[str, tuple[int, ...]] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", {c: self._walk_path(c) for c in self.colours})

    def _walk_path(self, colour: str) -> tuple[int, ...]:
        space = self.board.starts[colour]
        spaces = [space]
        while nexts := self.board.successors(space, colour):
            if len(nexts) != 1:
                raise ValueError(f"{colour}'s path forks at {self.board.spaces[space].name}")
            space = nexts[0]
            spaces.append(space)
        return tuple(spaces)

    @property
    def lane_start(self) -> int:
        """Relative position of lane slot 1."""
        return len(self.path[self.colours[0]]) - self.lane_length

    @property
    def goal(self) -> int:
        """Relative position of the last lane slot."""
        return len(self.path[self.colours[0]]) - 1

    def absolute(self, colour: str, position: int) -> int | None:
        """The absolute space of a relative position (None for the base)."""
        return None if position < 0 else self.path[colour][position]


def race_board(
    name: str,
    colours: Sequence[str],
    loop_length: int,
    start_spacing: int,
    lane_length: int,
    lane_branch: int,
    lane_name: str,
    safe: frozenset[int] = frozenset(),
) -> Board:
    """A loop with one start per colour and a lane that branches off at ``lane_branch``
    steps from the colour's start (the colour may not continue past it on the loop)."""
    spaces = [Space(i, f"loop:{i}", "loop") for i in range(loop_length)]
    starts = {c: i * start_spacing for i, c in enumerate(colours)}
    branch_of = {(starts[c] + lane_branch) % loop_length: c for c in colours}
    edges: list[list[Edge]] = [
        [Edge((i + 1) % loop_length, barred=frozenset({branch_of[i]} if i in branch_of else ()))]
        for i in range(loop_length)
    ]
    for colour in colours:
        previous = (starts[colour] + lane_branch) % loop_length
        for k in range(1, lane_length + 1):
            index = len(spaces)
            spaces.append(Space(index, f"{lane_name}:{colour}:{k}", "lane", colour))
            edges.append([])
            edges[previous].append(Edge(index, only=colour))
            previous = index
    for colour, start in starts.items():
        spaces[start] = Space(start, f"loop:{start}", "loop", colour)
    return Board(name, tuple(spaces), tuple(tuple(e) for e in edges), starts, safe)
