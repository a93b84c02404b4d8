"""Headache (Milton Bradley, Pop-O-Matic): its options, board and notation; the native core
plays it (core/games/headache.rs).

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

Piece encoding (per seat, sorted): -1 is a cone on START; a cone on the board is
``space * 16 + height`` (height 0 is the bottom of its stack). Spaces are indexed
x:0..7 = 0..7, outer:0..23 = 8..31, inner:0..15 = 32..47. aux holds, per seat, the
turns it has finished (capped at 4), then 1 when the pop to play is a bonus pop.
"""

from __future__ import annotations

from pegrace.board import Board, Edge, Space
from pegrace.dice import BONUS
from pegrace.engine import Option, Pieces, Rules, attacker_table
from pegrace.errors import NotationError
from pegrace.moves import PASS, Move
from pegrace.state import Phase, State

X_COUNT = 8
OUTER_PER = 3  # outer spaces between neighbouring Xs
INNER_PER = 2  # inner spaces between neighbouring Xs
OUTER_BASE = X_COUNT
INNER_BASE = X_COUNT + X_COUNT * OUTER_PER
SPACE_COUNT = INNER_BASE + X_COUNT * INNER_PER  # 48
CONES = 4
FIRST_TURNS = 4
START = -1  # a cone still on its colour's START X
# the evaluation's view of a position: cones owned, stacks (space, owner, cones), attacks
BoardView = tuple[list[int], list[tuple[int, int, int]], list[int]]
HEIGHT_BITS = 4
HEIGHT_MASK = (1 << HEIGHT_BITS) - 1
MAX_HEIGHT = HEIGHT_MASK + 1  # 16 cones at most, all in one stack
# occupancy cell: -1 empty, (top height << 3) | top seat, or BLOCKED (START cones there)
SEAT_BITS = 3
SEAT_MASK = (1 << SEAT_BITS) - 1
BLOCKED = 1 << 12
# a seat's attacks on a space: which of the 6 pops end there; the share of pops that do
POP_BITS = 6
POP_MASK = (1 << POP_BITS) - 1
POP_SHARE = tuple(bin(pops).count("1") / POP_BITS for pops in range(1 << POP_BITS))
START_X = {"red": 0, "yellow": 2, "green": 4, "blue": 6}


def space_name(index: int) -> str:
    if index < OUTER_BASE:
        return f"x:{index}"
    if index < INNER_BASE:
        return f"outer:{index - OUTER_BASE}"
    return f"inner:{index - INNER_BASE}"


def headache_board() -> Board:
    """The published board: 8 Xs, an outer track of 3 and an inner of 2 between each pair."""
    spaces = [Space(i, space_name(i), "x") for i in range(X_COUNT)]
    spaces += [Space(i, space_name(i), "outer") for i in range(OUTER_BASE, INNER_BASE)]
    spaces += [Space(i, space_name(i), "inner") for i in range(INNER_BASE, SPACE_COUNT)]
    for colour, x in START_X.items():
        spaces[x] = Space(x, space_name(x), "x", colour)
    edges: list[tuple[Edge, ...]] = []
    for k in range(X_COUNT):  # an X leads onto both tracks
        edges.append((Edge(OUTER_BASE + OUTER_PER * k), Edge(INNER_BASE + INNER_PER * k)))
    for base, per in ((OUTER_BASE, OUTER_PER), (INNER_BASE, INNER_PER)):
        for j in range(X_COUNT * per):
            last_of_segment = j % per == per - 1
            edges.append((Edge((j // per + 1) % X_COUNT if last_of_segment else base + j + 1),))
    return Board("headache", tuple(spaces), tuple(edges), dict(START_X))


class ConeMove(Move):
    """One cone or stack from ``origin`` to ``target`` along ``path`` (spaces passed,
    target last). ``from_start``: a cone leaves its START pile on ``origin``. Moves
    are equal when they pick the same cone or stack, destination and direction."""

    __slots__ = ("_key", "backward", "from_start", "origin", "path", "target", "text")

    def __init__(
        self, origin: int, target: int, backward: bool, from_start: bool, path: tuple[int, ...]
    ) -> None:
        self.origin = origin
        self.target = target
        self.backward = backward
        self.from_start = from_start
        self.path = path
        start = "start" if from_start else space_name(origin)
        self.text = f"{start}>{space_name(target)}{' ccw' if backward else ''}"
        self._key = (origin, target, backward, from_start)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConeMove) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)


class Headache(Rules):
    name = "headache"
    title = "Headache"
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    dice = BONUS
    roll_verb = "pop"
    # evaluation weights (docs/ai.md): a cone an opponent could capture next pop costs
    # RISK_WEIGHT cones times the chance of its pop (a capture also adds the cones to the
    # capturer's); the biggest stack within our reach is worth CHANCE_WEIGHT a cone
    RISK_WEIGHT, CHANCE_WEIGHT = 2.0, 0.2
    option_specs = (
        Option(
            "challenge",
            "off",
            ("on", "off"),
            "on: every X is a safety space (nothing on an X can be captured, no opponent "
            "may end there)",
        ),
        Option(
            "turn_limit",
            "600",
            (),
            "stop after this many turns (all players' turns counted); the players still in "
            "are then ranked by cones owned",
        ),
    )

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        self.board = headache_board()
        self.challenge = self.on("challenge")
        self.start_space = tuple(START_X[c] for c in self.colours)
        self.is_x = tuple(i < X_COUNT for i in range(SPACE_COUNT))
        self.empty = [-1] * SPACE_COUNT
        # for the evaluation: bit masks of the spaces within 1..6 of a space, a cone's
        # (clockwise) and a stack's (either way), and the same by pop (see _board_view)
        self.cone_reach = tuple(self._reach_mask(s, (False,)) for s in range(SPACE_COUNT))
        self.stack_reach = tuple(self._reach_mask(s, (False, True)) for s in range(SPACE_COUNT))
        self.cone_pops = tuple(self._reach_mask(s, (False,), POP_BITS) for s in range(SPACE_COUNT))
        self.stack_pops = tuple(
            self._reach_mask(s, (False, True), POP_BITS) for s in range(SPACE_COUNT)
        )
        # the last position's occupancy: the evaluation asks for it again and again
        self._occupied: tuple[Pieces | None, list[int]] = (None, [])

    def _reach_mask(self, space: int, ways: tuple[bool, ...], pop_bits: int = 0) -> int:
        """Bit ``target`` for every space a pop of 1..6 ends on from ``space`` (clockwise, or
        counter-clockwise for a ``True`` in ``ways``); with ``pop_bits``, bit
        ``pop_bits * target + n - 1`` for a pop of n."""
        mask = 0
        for backward in ways:
            for number in range(1, 7):
                for path in self.board.paths(space, number, "red", backward=backward):
                    target = path[-1]
                    mask |= 1 << (pop_bits * target + number - 1 if pop_bits else target)
        return mask

    def core_move(self, text: str, owner: int, uses: list[tuple[int, int, int]],
                  path: list[int], backward: bool, from_start: bool) -> Move:  # fmt: skip
        if not uses:
            return PASS
        ((_, origin, target),) = uses
        return ConeMove(origin, target, backward, from_start, tuple(path))

    # ------------------------------------------------------------------ the board
    def occupancy(self, pieces: Pieces) -> list[int]:
        """Per space: -1 empty, BLOCKED for a START pile, else (top height << 3) | owner.
        The list is shared with later calls for the same pieces: never change it."""
        known, occ = self._occupied
        if known is pieces:
            return occ
        occ = self.empty[:]
        for seat, row in enumerate(pieces):
            if row[0] < 0:
                occ[self.start_space[seat]] = BLOCKED
            for cone in row:
                if cone >= 0:
                    value = ((cone & HEIGHT_MASK) << SEAT_BITS) | seat
                    space = cone >> HEIGHT_BITS
                    if value > occ[space]:  # noqa: PLR1730 (max() is slower here)
                        occ[space] = value
        self._occupied = (pieces, occ)
        return occ

    def owned(self, pieces: Pieces) -> list[int]:
        """Cones each seat owns: its START cones and every cone in a stack it tops."""
        owned = [sum(1 for cone in row if cone < 0) for row in pieces]
        for top in self.occupancy(pieces):
            if 0 <= top < BLOCKED:
                owned[top & SEAT_MASK] += (top >> SEAT_BITS) + 1
        return owned

    def evaluate(self, pieces: Pieces, seat: int) -> float:
        """Cones owned, minus those an opponent could capture next pop weighted by the chance
        of its pop, plus a little for the biggest opponent stack within reach; relative to the
        opponents' mean."""
        return self._seat_values(pieces, None, seat)[seat]

    def evaluate_sides(self, pieces: Pieces) -> tuple[float, ...]:
        values = self._seat_values(pieces, None)
        return tuple(values[seats[0]] for seats in self.side_seats)

    evaluation_reads_turn = True

    def evaluate_sides_before(self, pieces: Pieces, to_move: int) -> tuple[float, ...]:
        """A search's leaf: a stack's threats count only from the seats that pop before its
        owner's next turn (``to_move`` first); the others were searched already."""
        values = self._seat_values(pieces, to_move)
        return tuple(values[seats[0]] for seats in self.side_seats)

    def _board_view(self, pieces: Pieces) -> BoardView:
        """The cones each seat owns, every stack on the board as
        (space, owner, cones), and each seat's attacks: the spaces its next pop could end on,
        by pop (``POP_BITS`` bits a space, bit n - 1 for a pop of n)."""
        owned = [row.count(START) for row in pieces]
        # a START pile attacks clockwise, like a single cone
        attacks = [
            self.cone_pops[self.start_space[s]] if row[0] < 0 else 0 for s, row in enumerate(pieces)
        ]
        stacks: list[tuple[int, int, int]] = []
        for space, top in enumerate(self.occupancy(pieces)):
            if 0 <= top < BLOCKED:
                count, owner = (top >> SEAT_BITS) + 1, top & SEAT_MASK
                owned[owner] += count
                stacks.append((space, owner, count))
                attacks[owner] |= (self.stack_pops if count > 1 else self.cone_pops)[space]
        return owned, stacks, attacks

    def _seat_values(
        self, pieces: Pieces, to_move: int | None, only: int | None = None
    ) -> list[float]:
        """Every seat's evaluation in one pass over the stacks, the threats counted as
        ``attacker_table`` says for ``to_move`` (with ``only``, only that seat's is computed)."""
        owned, stacks, attacks = self._board_view(pieces)
        count = len(owned)
        against = [
            [attacks[o] for o in seats if attacks[o]] for seats in attacker_table(count, to_move)
        ]
        risk, chances = [0.0] * count, [0] * count
        challenge, is_x = self.challenge, self.is_x
        for space, owner, cones in stacks:
            if only is not None and owner != only:
                continue
            reach = self.stack_reach[space] if cones > 1 else self.cone_reach[space]
            best = chances[owner]
            for other_space, other, other_cones in stacks:
                if (
                    other_cones > best
                    and other != owner
                    and (reach >> other_space) & 1
                    and not (challenge and is_x[other_space])
                ):
                    best = other_cones
            chances[owner] = best
            if challenge and is_x[space]:
                continue
            missed, shift = 1.0, POP_BITS * space
            for pops in against[owner]:
                missed *= 1.0 - POP_SHARE[(pops >> shift) & POP_MASK]
            risk[owner] += cones * (1.0 - missed)
        total, rest = sum(owned), count - 1
        return [
            owned[s]
            - self.RISK_WEIGHT * risk[s]
            + self.CHANCE_WEIGHT * chances[s]
            - (total - owned[s]) / rest
            for s in range(count)
        ]

    # -------------------------------------------------------------- notation
    def piece_text(self, seat: int, piece: int) -> str:
        if piece < 0:
            return "start"
        return f"{space_name(piece >> HEIGHT_BITS)}/{(piece & HEIGHT_MASK) + 1}"

    def parse_piece(self, seat: int, text: str) -> int:
        """``start``, or ``SPACE/K`` (K-th cone from the bottom of the stack on SPACE;
        ``SPACE`` alone is ``SPACE/1``)."""
        cleaned = text.strip().lower()
        if cleaned == "start":
            return START
        name, slash, level = cleaned.partition("/")
        if name not in self.board.by_name or (
            slash and not (level.isdigit() and 1 <= int(level) <= MAX_HEIGHT)
        ):
            raise NotationError(
                f"{self.colours[seat]} cone {text!r} is not start or SPACE/K with SPACE one "
                f"of x:0..7, outer:0..23, inner:0..15 and K 1..{MAX_HEIGHT} (1 = bottom)"
            )
        height = int(level) - 1 if slash else 0
        return (self.board.by_name[name] << HEIGHT_BITS) + height

    def check_pieces(self, pieces: Pieces) -> None:
        """Four cones a colour; every stack's heights 1..K with no gap or double; no cone
        on a START space still holding START cones; a stack's top two cones differ in
        colour (a cone never lands on its own colour)."""
        stacks: dict[int, dict[int, int]] = {}  # space -> height -> seat
        for seat, row in enumerate(pieces):
            colour = self.colours[seat]
            if len(row) != CONES:
                raise NotationError(f"{colour} has {len(row)} cones; headache needs {CONES}")
            for cone in row:
                if cone < 0:
                    continue
                space, height = cone >> HEIGHT_BITS, cone & HEIGHT_MASK
                level = stacks.setdefault(space, {})
                if height in level:
                    raise NotationError(
                        f"{self.colours[level[height]]} and {colour} cones both at "
                        f"{space_name(space)}/{height + 1}"
                    )
                level[height] = seat
        for space, level in stacks.items():
            count = len(level)
            if sorted(level) != list(range(count)):
                raise NotationError(
                    f"the stack on {space_name(space)} has {count} cone(s) but is written "
                    f"with heights {', '.join(str(h + 1) for h in sorted(level))} "
                    f"(they must be 1..{count})"
                )
            if count > 1 and level[count - 1] == level[count - 2]:
                raise NotationError(
                    f"the stack on {space_name(space)} has two {self.colours[level[count - 1]]} "
                    "cones on top; a cone never lands on its own colour"
                )
        for seat, row in enumerate(pieces):
            start = self.start_space[seat]
            if row[0] < 0 and start in stacks:
                raise NotationError(
                    f"{space_name(start)} holds {self.colours[seat]}'s START cones; no cone "
                    "may stand there with them"
                )

    def check_aux(self, aux: tuple[int, ...]) -> None:
        """aux: turns finished per colour (0-4), then the bonus-pop flag (0 or 1)."""
        turns = aux[:-1]
        if len(aux) != len(self.colours) + 1 or aux[-1] not in (0, 1):
            raise NotationError(
                f"headache aux is [turns finished by {', '.join(self.colours)} (0-4 each), "
                f"bonus pop 0 or 1], not {list(aux)}"
            )
        if any(not 0 <= t <= FIRST_TURNS for t in turns):
            raise NotationError(f"headache aux turn counts must be 0-4, not {list(turns)}")

    def stack_text(self, pieces: Pieces, space: int) -> str:
        """The colours of the stack on ``space``, top first: ``R Y B``."""
        level = {
            cone & HEIGHT_MASK: seat
            for seat, row in enumerate(pieces)
            for cone in row
            if cone >= 0 and cone >> HEIGHT_BITS == space
        }
        return " ".join(self.colours[level[h]][0].upper() for h in sorted(level, reverse=True))

    def captured(self, state: State, move: Move) -> int:
        """The opponent cones in the stack the move lands on (covering a cone captures it,
        without changing where it is)."""
        if move.is_pass:
            return 0
        assert isinstance(move, ConeMove)
        mover = self.colours[state.current][0].upper()
        return sum(
            1 for cone in self.stack_text(state.pieces, move.target).split() if cone != mover
        )

    def describe(self, state: State, move: Move) -> str:
        colour = self.colours[state.current]
        if move.is_pass:
            after = self.apply_move(state, move)
            if after.phase == Phase.ROLL and after.current == state.current:
                return f"{colour} cannot move with this pop: pops again"
            return f"{colour} cannot move with any number: the turn passes"
        assert isinstance(move, ConeMove)
        pieces = state.pieces
        if move.from_start:
            what = f"a cone from START ({space_name(move.origin)})"
        else:
            stack = self.stack_text(pieces, move.origin)
            what = f"the stack {stack} (top first) from" if " " in stack else "the cone on"
            what = f"{what} {space_name(move.origin)}"
        way = "counter-clockwise" if move.backward else "clockwise"
        via = ", ".join(space_name(s) for s in move.path[:-1])
        text = f"{what} to {space_name(move.target)}, {way}" + (f" via {via}" if via else "")
        captured = self.stack_text(pieces, move.target)
        if captured:
            owner = self.colours[self.occupancy(pieces)[move.target] & SEAT_MASK]
            kind = f"stack {captured}" if " " in captured else "cone"
            text += f"; captures {owner}'s {kind}"
        return text
