"""Headache (Milton Bradley, Pop-O-Matic): its options, board and notation; the native core
plays it (core/games/headache/).

Rules used (docs/rules/headache.md gives the seed sentence or issue ruling behind each):
- Board: 8 X spaces round a circle (x:0..x:7, clockwise); between x:k and x:k+1 the
  outer track has 3 spaces (outer:3k..3k+2) and the inner track 2 (inner:2k..2k+1),
  48 spaces in all. Both tracks meet at every X. START spaces: red x:0, yellow x:2,
  green x:4, blue x:6 (2 players: red and green; 3 players: red, yellow, green).
- Dice: each pop is a number die (1-6) and a bonus die whose red dot (1 face in 6)
  grants one more pop and move after this one (``BONUS``: written ``4`` / ``4*``).
  Who goes first: highest number die, ties re-pop among the tied highest (engine).
- Each colour's 4 cones start on its START X; they are not a stack and leave one at
  a time. A pop moves exactly one cone or stack by the number shown, counting every
  space (X spaces too) whether occupied or not, changing track at any X it passes.
- A single cone moves clockwise only; a stack (2+ cones) owned by the mover (colour of
  its top cone) moves clockwise or counter-clockwise, one direction per pop.
- Never end on an own cone or stack, nor on a START space still holding START cones.
  Ending on an opponent's cone or stack captures it: the mover's cone or stack goes
  on top and the whole stack belongs to the mover.
- A seat's first 4 turns: the turn's (non-bonus) pop must move a cone off START while
  it has one there. A bonus pop never moves a cone off START.
- No move with the pop: pop again (the pass is the only legal move and the same seat
  pops again; the re-pop keeps the pop's kind, the red dot of an unusable pop is lost).
  If no number 1-6 would give a move, the turn passes instead.
- A seat with no START cone and no cone on top of a stack is eliminated; the last seat
  standing wins; the eliminated are placed in reverse order of elimination.
- Option ``turn_limit`` (default 600 turns, all seats counted): the game stops and
  the seats still in are ranked by cones owned (START cones + cones in owned stacks).
- Option ``challenge``: every X is a safety space; nothing on an X can be captured
  and an opponent may not end there.

Pieces are the core's to read (core/games/headache/): a cone is written ``start`` or
``SPACE/K`` (the K-th cone from the bottom of the stack on SPACE), and the core says which
cones stack where (``Headache.stacks``) and who owns how many (``Rules.scores``). Spaces are
indexed x:0..7 = 0..7, outer:0..23 = 8..31, inner:0..15 = 32..47. aux holds, per seat, the
turns it has finished (capped at 4), then 1 when the pop to play is a bonus pop.
"""

from __future__ import annotations

from pegrace._core import CoreMove
from pegrace.board import Board, Space
from pegrace.engine import Rules, core_names, core_number, core_options
from pegrace.errors import NotationError, saying
from pegrace.games.entry import GameEntry
from pegrace.guide import Guide
from pegrace.i18n import N_, Arg, Said, said
from pegrace.moves import PASS, Move
from pegrace.state import Phase, State
from pegrace.words import Sentence, Sentences, Who, colour_name, commas

# the board and the stacks' encoding, as the core names them (core/games/headache/mod.rs, FACTS)
X_COUNT = core_number("headache", "x_count")
OUTER_PER = core_number("headache", "outer_per")  # outer spaces between neighbouring Xs
INNER_PER = core_number("headache", "inner_per")  # inner spaces between neighbouring Xs
OUTER_BASE = X_COUNT
INNER_BASE = X_COUNT + X_COUNT * OUTER_PER
SPACE_COUNT = INNER_BASE + X_COUNT * INNER_PER  # 48
FIRST_TURNS = core_number("headache", "first_turns")
START_X = {
    colour: index * core_number("headache", "start_x_step")
    for index, colour in enumerate(("red", "yellow", "green", "blue"))
}

# the spaces' names in plain words, by their kind
SPACE_WORDS = {
    # TRANSLATORS: a space of Headache's board: the X (where the two tracks cross) {number}
    "x": N_("X {number}"),
    # TRANSLATORS: a space of Headache's outer track ("outer 5")
    "outer": N_("outer {number}"),
    # TRANSLATORS: a space of Headache's inner track ("inner 3")
    "inner": N_("inner {number}"),
}
TRACK_NAMES = {
    # TRANSLATORS: the name of Headache's outer track, drawn on the board beside it
    "outer": said("outer"),
    # TRANSLATORS: the name of Headache's inner track, drawn on the board beside it
    "inner": said("inner"),
}


SPACE_NAMES = core_names("headache", "space_names")  # the notation's: x:3, outer:5, inner:12


def space_name(index: int) -> str:
    return SPACE_NAMES[index]


def space_words(index: int) -> Said:
    """A space in plain words: ``X 2``, ``outer 5``, ``inner 3``."""
    return SPACES[index]


def _space_words(index: int) -> Said:
    kind, number = space_name(index).split(":")
    return said(SPACE_WORDS[kind], number=number)


def track_words(kind: str) -> Said:
    """A track's name, drawn on the board: ``outer``, ``inner``."""
    return TRACK_NAMES[kind]


def cone_words(colour: str, stack: list[str], space: int | None) -> Said:
    """A cone or stack where it stands, for people who cannot see the board: ``Red cone on
    START``, ``Red stack of 3 on inner 2 (top first: Red, Green, Green)``."""
    if space is None:
        return ON_START[colour]
    if len(stack) < 2:
        return ALONE[colour][space]
    named = colour_name(colour)
    where = space_words(space)
    top_first = commas([colour_name(c) for c in reversed(stack)])
    # TRANSLATORS: a stack of {height} cones, {colour}'s (the colour of its top cone); {colours}
    # names each cone's colour, the top one first ("Red, Green, Green")
    return said(
        "{colour} stack of {height} on {space} (top first: {colours})",
        colour=named,
        height=len(stack),
        space=where,
        colours=top_first,
    )


def headache_board() -> Board:
    """The published board's spaces, by name and kind (8 Xs, an outer track of 3 and an inner
    of 2 between each pair): what its pictures draw; the core walks it."""
    spaces = [Space(i, space_name(i), "x") for i in range(X_COUNT)]
    spaces += [Space(i, space_name(i), "outer") for i in range(OUTER_BASE, INNER_BASE)]
    spaces += [Space(i, space_name(i), "inner") for i in range(INNER_BASE, SPACE_COUNT)]
    for colour, x in START_X.items():
        spaces[x] = Space(x, space_name(x), "x", colour)
    return Board("headache", tuple(spaces), dict(START_X))


def _alone(colour: str) -> tuple[Said, ...]:
    """A cone of ``colour`` alone on each space, in words."""
    named = colour_name(colour)
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their cone on {space}, a space's
    # name ("X 2", "outer 5")
    return tuple(said("{colour} cone on {space}", colour=named, space=where) for where in SPACES)


SPACES = tuple(_space_words(index) for index in range(SPACE_COUNT))  # made once: said often
# a cone alone, where it stands: made once (a stack's words are made as it is)
ON_START = {
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their cone, on their START
    colour: said("{colour} cone on START", colour=colour_name(colour))
    for colour in START_X
}
ALONE = {colour: _alone(colour) for colour in START_X}


class ConeMove(Move):
    """One cone or stack from ``origin`` to ``target`` along ``path`` (spaces passed,
    target last). ``from_start``: a cone leaves its START pile on ``origin``. Moves
    are equal when they pick the same cone or stack, destination and direction."""

    __slots__ = ("_key", "backward", "from_start", "origin", "path", "target", "text")

    def __init__(
        self,
        origin: int,
        target: int,
        backward: bool,
        from_start: bool,
        path: tuple[int, ...],
        text: str,
    ) -> None:
        self.origin = origin
        self.target = target
        self.backward = backward
        self.from_start = from_start
        self.path = path
        self.text = text  # as the core writes it: ``outer:3>x:2``, ``start>inner:1``, ``... ccw``
        self._key = (origin, target, backward, from_start)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConeMove) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)


# how Headache's moves read, to the player and told of them: by what moves ("start": a cone off
# START; "cone"; "stack", clockwise, or "stack ccw") and what it lands on ("": nothing; a
# "cone" or a "stack", captured)
SENTENCES: Sentences = {
    ("start", ""): Sentence(
        # TRANSLATORS: {target} is a space's name: "X 2", "outer 5", "inner 3"
        N_("Move a cone off START to {target}"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
        N_("{who} moves a cone off START to {target}"),
    ),
    ("start", "cone"): Sentence(
        # TRANSLATORS: {owner} is a player's colour name ("Green"): the cone is theirs
        N_("Move a cone off START onto {owner}'s cone on {target}, capturing it"),
        N_("{who} moves a cone off START onto {owner}'s cone on {target}, capturing it"),
    ),
    ("start", "stack"): Sentence(
        # TRANSLATORS: {owner} is a player's colour name ("Green"): the stack of {captured}
        # cones is theirs
        N_("Move a cone off START onto {owner}'s stack of {captured} on {target}, capturing it"),
        N_(
            "{who} moves a cone off START onto {owner}'s stack of {captured} on {target}, "
            "capturing it"
        ),
    ),
    ("cone", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces' names: "X 2", "outer 5", "inner 3"
        N_("Move the cone on {origin} to {target}"),
        N_("{who} moves the cone on {origin} to {target}"),
    ),
    ("cone", "cone"): Sentence(
        N_("Move the cone on {origin} onto {owner}'s cone on {target}, capturing it"),
        N_("{who} moves the cone on {origin} onto {owner}'s cone on {target}, capturing it"),
    ),
    ("cone", "stack"): Sentence(
        N_(
            "Move the cone on {origin} onto {owner}'s stack of {captured} on {target}, capturing it"
        ),
        N_(
            "{who} moves the cone on {origin} onto {owner}'s stack of {captured} on {target}, "
            "capturing it"
        ),
    ),
    ("stack", ""): Sentence(
        # TRANSLATORS: {height} is how many cones the stack holds (2 or more)
        N_("Move the stack of {height} on {origin} clockwise to {target}"),
        N_("{who} moves the stack of {height} on {origin} clockwise to {target}"),
    ),
    ("stack", "cone"): Sentence(
        N_(
            "Move the stack of {height} on {origin} clockwise onto {owner}'s cone on {target}, "
            "capturing it"
        ),
        N_(
            "{who} moves the stack of {height} on {origin} clockwise onto {owner}'s cone on "
            "{target}, capturing it"
        ),
    ),
    ("stack", "stack"): Sentence(
        N_(
            "Move the stack of {height} on {origin} clockwise onto {owner}'s stack of "
            "{captured} on {target}, capturing it"
        ),
        N_(
            "{who} moves the stack of {height} on {origin} clockwise onto {owner}'s stack of "
            "{captured} on {target}, capturing it"
        ),
    ),
    ("stack ccw", ""): Sentence(
        N_("Move the stack of {height} on {origin} counter-clockwise to {target}"),
        N_("{who} moves the stack of {height} on {origin} counter-clockwise to {target}"),
    ),
    ("stack ccw", "cone"): Sentence(
        N_(
            "Move the stack of {height} on {origin} counter-clockwise onto {owner}'s cone on "
            "{target}, capturing it"
        ),
        N_(
            "{who} moves the stack of {height} on {origin} counter-clockwise onto {owner}'s "
            "cone on {target}, capturing it"
        ),
    ),
    ("stack ccw", "stack"): Sentence(
        N_(
            "Move the stack of {height} on {origin} counter-clockwise onto {owner}'s stack of "
            "{captured} on {target}, capturing it"
        ),
        N_(
            "{who} moves the stack of {height} on {origin} counter-clockwise onto {owner}'s "
            "stack of {captured} on {target}, capturing it"
        ),
    ),
}
# a pass: the same seat pops again, or (no number would do) the turn passes
POP_AGAIN = Sentence(
    N_("Pop again: no cone can move with this pop"),
    N_("{who} pops again: no cone can move with this pop"),
)
NO_NUMBER = Sentence(
    N_("Pass: no cone can move with any number"),
    N_("{who} passes: no cone can move with any number"),
)


class Headache(Rules):
    name = "headache"
    title = "Headache"
    pitch = (
        "Land on a rival's cone to capture it and ride on top: stacks move either way, the "
        "tracks cross at every X, and a red dot on the bonus die pops again."
    )
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    roll_verb = "pop"
    # TRANSLATORS: what ranks the players when a game stops at its turn limit ("ranked by
    # cones owned")
    score_words = said("cones owned")
    option_specs = core_options("headache")

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        self.board = headache_board()
        self.start_space = tuple(START_X[c] for c in self.colours)

    def core_move(self, found: CoreMove) -> Move:
        if not found.uses:
            return PASS
        ((_, origin, target),) = found.uses
        return ConeMove(origin, target, found.backward, found.from_start, found.path, found.text)

    # ------------------------------------------------------------------ the board
    def stacks(self, state: State) -> dict[int, tuple[int, ...]]:
        """The core's stacks: each space holding cones, and their seats, bottom first (the
        top cone's seat owns the stack). Shared with later calls for the same state: never
        change it."""
        stacks = self.position(state).stacks
        assert stacks is not None, "Headache's cones stack"
        return stacks

    def stack_colours(self, state: State, space: int) -> list[str]:
        """The colours of the stack on ``space``, bottom first (none: an empty space)."""
        return [self.colours[seat] for seat in self.stacks(state).get(space, ())]

    def check_aux(self, aux: tuple[int, ...]) -> None:
        """aux: turns finished per colour (0-4), then the bonus-pop flag (0 or 1)."""
        turns = aux[:-1]
        if len(aux) != len(self.colours) + 1 or aux[-1] not in (0, 1):
            # TRANSLATORS: aux is a state's field, as typed; {colours} as typed ("red,
            # yellow"); {found} the numbers given
            problem = said(
                "headache aux is [turns finished by {colours} (0-4 each), bonus pop 0 or 1], "
                "not {found}",
                colours=", ".join(self.colours),
                found=str(list(aux)),
            )
            raise saying(NotationError, problem)
        if any(not 0 <= t <= FIRST_TURNS for t in turns):
            counts = said(
                "headache aux turn counts must be 0-4, not {found}", found=str(list(turns))
            )
            raise saying(NotationError, counts)

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """``Move the stack of 2 on X 2 clockwise onto Yellow's cone on inner 5, capturing
        it`` (a single cone only goes clockwise); a pass says whether the seat pops again."""
        if move.is_pass:
            after = self.apply_move(state, move)
            if after.phase == Phase.ROLL and after.current == state.current:
                return POP_AGAIN.words(who)
            return NO_NUMBER.words(who)
        assert isinstance(move, ConeMove)
        stacks = self.stacks(state)
        height = 1 if move.from_start else len(stacks[move.origin])
        args: dict[str, Arg] = {"target": space_words(move.target)}
        if move.from_start:
            what = "start"
        else:
            args["origin"] = space_words(move.origin)
            what = "cone"
        if height > 1:  # only a stack has a way to choose
            what, args["height"] = ("stack ccw" if move.backward else "stack"), height
        covered = stacks.get(move.target, ())
        captured = len(covered)
        ending = "stack" if captured > 1 else "cone" if captured else ""
        if captured:
            args["owner"] = colour_name(self.colours[covered[-1]])
        if captured > 1:
            args["captured"] = captured
        return SENTENCES[what, ending].words(who, **args)


GUIDE = Guide(
    pop="5*",
    pop_words="A 5 with the red dot: move 5, then pop again (a bonus pop).",
    text="""
Goal: Capture everyone else: win by owning every cone and stack on the board. A player whose
cones have all been captured is out.

The board: Two tracks run round the board, an outer one and an inner one, and they cross at
every X. Four of the Xs are START spaces, one per colour: your 4 cones start stacked on yours.

A turn: Pop the dome: a number die (1 to 6) and a bonus die. Move one of your cones or stacks by
the number, counting every space (the Xs too), empty or not. Passing over cones does nothing.
Everyone pops once at the start: the highest number goes first.

The bonus die: One face of the bonus die has a red dot. When it shows, you get a bonus pop and
move after this one (and another, if the bonus pop shows the dot too). A bonus pop may not move
a cone off START.

Leaving START: In each of your first 4 turns your pop must move a cone off START. START cones
leave clockwise, one at a time. Cones still on START cannot be captured, and nothing may end on
them.

Crossing: Any cone or stack may change from one track to the other at every X it passes, so one
pop can reach several spaces: choose where to end.

Moving: A single cone moves clockwise only. You can never end on your own cone or stack.

Capturing and stacks: End on an opponent's cone or stack to capture it: yours goes on top, and
the whole stack is now yours. A stack belongs to the colour of its top cone and moves as one,
clockwise or counter-clockwise (one way per pop). Anyone can take it over by landing on it.

Safe spaces: Only cones still on START are safe. With the challenge option, every X is safe too.

Pop again: If none of your cones or stacks can move, you pop again. When no number at all would
let you move, the turn passes.

The end: The last player who still owns cones wins; the others are placed in reverse order of
going out (the last one out is second).
A game that reaches the turn limit is ranked by cones owned.
""",
)


ENTRY = GameEntry(
    rules=Headache,
    guide=GUIDE,
    nodes_per_ms=2850.0,
)
