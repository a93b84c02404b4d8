"""Ludo, on the shared engine: three rule sets chosen by the option ``variant``.

Rules used (docs/rules/ludo.md gives the seed sentence or issue ruling behind each):

``variant=two-dice`` (default; seed 002 with the board ruling of issue 3)
- Loop of 48 points walked counter-clockwise; starts at the corners 12 apart (red, green,
  yellow, blue, which is also the turn order). Safe spots: the 4 corners and the 4 mid-side
  points. A pin leaves the loop into its own lane at the mid-side point 42 steps from its
  start: 4 coloured points, then the exit (47 steps from start to exit).
- Each turn two dice, each used separately, in the order the player chooses, to move one
  pin (the same pin twice or two pins). A 6 may instead bring a pin from the base onto the
  start corner. A legal turn is a sequence of die uses; if both dice can be used (in some
  order) both must be; else one die that can be used is used; else the turn is skipped.
  After a double 6 the player rolls again.
- Landing (with either die) on a point that is not a safe spot sends every opponent pin
  there back to its base. Safe spots are shared; own pins stack anywhere.
- Exit by exact count only. First to bring all 4 pins out wins (option ``play_on``).

``variant=classic`` (one die)
- Loop of 52, starts 13 apart, home column of 5 then home (exact roll); a 6 brings a pin
  out onto its start square and gives another roll; option ``three_sixes=forfeit``
  (default): a third 6 in a row is not played and ends the turn.
- Landing on a single opponent sends it back to its base; two or more pins of one colour
  on a square form a block no opponent may pass or land on. Safe squares (the 4 starts and
  the 4 stars, 8 steps past each start) are shared and nothing is hit there (option
  ``safe_squares=off``: none are safe).

``variant=ludopy`` (Danish Ludo exactly as LUDOpy 1.5.0 plays it, quirks included)
- One die; player 0 (red) starts, no roll-off; 4 seats in LUDOpy's order, absent seats are
  LUDOpy's ghost players.
- In round 1 a player whose pins are all at home after its roll rolls again, up to 3 times
  (4 rolls); a 6 there brings a pin out and ends the turn. From round 2 every 6 gives
  another roll, without limit.
- Any pin not at goal may move (home pins only with a 6, to the start); useless and
  suicidal moves are legal. Landing resolution, globes, enemy globes, stars, the goal
  star, the bounce at the goal and the home-stretch quirk follow ``Player.move_piece``
  (see ``_ludopy_result``).

Positions (each colour's own frame): -1 base, 0 start, then the loop, then the lane whose
last slot is the exit (two-dice), home (classic) or goal (ludopy). Two-dice: 0..42 loop,
43..46 lane:1..4, 47 exit. Classic and ludopy: 0..50 loop, 51..55 lane:1..5, 56 home/goal
(LUDOpy's own index is ours + 1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pegrace.board import RaceTrack, race_board
from pegrace.dice import D6, TWO_D6
from pegrace.engine import Option, Pieces
from pegrace.errors import NotationError, OptionError
from pegrace.moves import Move, Step
from pegrace.race import RaceRules
from pegrace.state import Phase, State

TWO_DICE, CLASSIC, LUDOPY = "two-dice", "classic", "ludopy"
NOWHERE = 99  # a position no piece ever holds (an unused probe slot)
ProbeRow = tuple[tuple[int, int, int], ...]  # (enemy seat, position, position) per enemy
SETTLED, PLAIN, STARS = 0, 1, 2  # how a LUDOpy move is resolved (Ludo._plan)
NO_OWNER, ANY_ENEMY = -2, -3  # a PLAIN plan's square: not a globe, a neutral globe

# LUDOpy's squares, in its own frame (0 home, 1 start, 52..56 home stretch, 57 goal)
LP_STARS = (5, 12, 18, 25, 31, 38, 44, 51)
LP_GLOBES = frozenset((9, 22, 35, 48))
LP_ENEMY_GLOBES = (14, 27, 40)  # the start squares of the seats 1, 2, 3 places ahead
LP_GOAL_STAR = 51
LP_GOAL = 57


@dataclass(frozen=True)
class LudoTrack(RaceTrack):
    """A RaceTrack whose last lane slot has a name of its own (exit, home or goal)."""

    goal_name: str = "exit"

    def position_name(self, position: int) -> str:
        if position == self.goal:
            return self.goal_name
        return super().position_name(position)


class DiceMove(Move):
    """A whole two-dice turn: the ordered die uses ``(die, origin, target)``, written
    ``5:track:3>track:8 2:track:8>track:10`` (origin and target in the mover's frame)."""

    __slots__ = ("text", "uses")

    def __init__(self, uses: tuple[tuple[int, int, int], ...], text: str) -> None:
        self.uses = uses
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceMove) and self.uses == other.uses

    def __hash__(self) -> int:
        return hash(self.uses)


class DieMove(Move):
    """LUDOpy's move: the pin at ``origin`` moved by ``die`` (where it ends depends on the
    board: stars, globes, the bounce), written ``track:3+5`` or ``base+6``."""

    __slots__ = ("die", "origin", "text")

    def __init__(self, origin: int, die: int, text: str) -> None:
        self.origin = origin
        self.die = die
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DieMove) and (self.origin, self.die) == (other.origin, other.die)

    def __hash__(self) -> int:
        return hash((self.origin, self.die))


class Ludo(RaceRules):
    name = "ludo"
    title = "Ludo"
    version = 1
    all_colours = ("red", "green", "yellow", "blue")
    counts_aux = True  # LUDOpy's round and start attempts; other variants keep aux empty
    option_specs = (
        Option(
            "variant",
            TWO_DICE,
            (TWO_DICE, CLASSIC, LUDOPY),
            "two-dice: seed 002 (48 points, two dice); classic: one die, 52 squares; "
            "ludopy: Danish Ludo exactly as the LUDOpy package plays it",
        ),
        Option(
            "play_on",
            "off",
            ("on", "off"),
            "off: the game ends when the first player has all 4 pins out; on: play on for places",
        ),
        Option(
            "three_sixes",
            "forfeit",
            ("forfeit", "off"),
            "classic only: a third 6 in a row is not played and ends the turn (off: no limit)",
        ),
        Option(
            "safe_squares",
            "on",
            ("on", "off"),
            "classic only: the 4 start squares and 4 star squares are safe (off: none are)",
        ),
    )

    def check_options(self, options: Mapping[str, str]) -> None:
        if options["variant"] != CLASSIC:
            for name in ("three_sixes", "safe_squares"):
                if options[name] != self.option(name).default:
                    raise OptionError(f"ludo option {name} is for variant=classic only")

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        self.variant = self.options["variant"]
        if self.variant == TWO_DICE:
            self._setup_two_dice()
        elif self.variant == CLASSIC:
            self._setup_classic()
        else:
            self._setup_ludopy()
        self.is_ludopy = self.variant == LUDOPY
        self.finished_row = (self.goal,) * self.pieces_per_colour

    def _build(self, loop: int, spacing: int, lane: int, branch: int, goal_name: str) -> None:
        board = race_board("ludo", self.all_colours, loop, spacing, lane, branch, "lane")
        self.build_track(LudoTrack(board, self.all_colours, loop, lane, "base", "lane", goal_name))

    def _setup_two_dice(self) -> None:
        self.dice = TWO_D6
        self._build(48, 12, 5, 42, "exit")
        self.safe = frozenset(range(0, 48, 6))  # corners and mid-side points
        self.reach = 12
        goal = self.goal
        # uses[die][origin + 1]: the (die, origin, target) use and its text, or None
        self.uses: list[list[tuple[tuple[int, int, int], str] | None]] = []
        for die in range(7):
            row: list[tuple[tuple[int, int, int], str] | None] = []
            for origin in range(-1, goal + 1):
                target = (0 if die == 6 else -2) if origin < 0 else origin + die
                if die == 0 or target < 0 or origin == goal or target > goal:
                    row.append(None)
                else:
                    row.append(((die, origin, target), f"{die}:{self.step(origin, target)}"))
            self.uses.append(row)
        self._use_hooks(self._two_dice_moves, self._two_dice_pieces)

    def _setup_classic(self) -> None:
        self.dice = D6
        self._build(52, 13, 6, 50, "home")
        starts = range(0, 52, 13)
        self.safe = (
            frozenset([*starts, *(s + 8 for s in starts)])
            if self.on("safe_squares")
            else frozenset()
        )
        self.reach = 6
        self.forfeit_third_six = self.options["three_sixes"] == "forfeit"
        self._use_hooks(self._classic_moves, self._classic_pieces)

    def _setup_ludopy(self) -> None:
        self.dice = D6
        self._build(52, 13, 6, 50, "goal")
        self.reach = 6
        starts = [self.track.board.starts[c] for c in self.all_colours]
        # for the evaluation only: where a pin is never hit (globes, starts)
        self.safe = frozenset([*starts, *((s + g - 1) % 52 for s in starts for g in LP_GLOBES)])
        # LUDOpy's player index of each seat (absent colours are its ghost players)
        self.lp_index = tuple(self.all_colours.index(c) for c in self.colours)
        self.last_seat = len(self.colours) - 1
        # probes[seat][x]: for LUDOpy square x of seat's frame, the enemies in LUDOpy's order
        # (1, 2, 3 places ahead) that are playing, each with the two positions (our frame)
        # at which that enemy's pins count as being on x (enemy_pos_at_pos, quirks kept)
        seat_of_index = {i: s for s, i in enumerate(self.lp_index)}
        self.probes: list[list[tuple[tuple[int, int, int], ...]]] = []
        for seat in range(len(self.colours)):
            me = self.lp_index[seat]
            rows: list[tuple[tuple[int, int, int], ...]] = []
            for x in range(LP_GOAL + 7):
                probe: list[tuple[int, int, int]] = []
                for k in (1, 2, 3):
                    other = seat_of_index.get((me + k) % 4)
                    if other is None or x == 0 or x > 52:
                        continue
                    if x == 13 * k + 1:
                        probe.append((other, 0, 51))  # its start, and (quirk) its 52
                    else:
                        probe.append((other, (x - 1 - 13 * k) % 52, NOWHERE))
                rows.append(tuple(probe))
            self.probes.append(rows)
        # the owner seat (or -1 when absent) of the enemy globes 14, 27, 40 of each seat
        self.globe_owner = tuple(
            {
                x: seat_of_index.get((self.lp_index[seat] + k) % 4, -1)
                for k, x in enumerate(LP_ENEMY_GLOBES, 1)
            }
            for seat in range(len(self.colours))
        )
        self.next_star = {s: LP_STARS[(i + 1) % len(LP_STARS)] for i, s in enumerate(LP_STARS)}
        self.die_moves = tuple(
            tuple(DieMove(o, d, f"{self.track.position_name(o)}+{d}") for d in range(7))
            for o in range(-1, self.goal + 1)
        )
        self.plans = tuple(
            tuple(tuple(self._plan(seat, o, d) for d in range(7)) for o in range(-1, self.goal + 1))
            for seat in range(len(self.colours))
        )
        self.known_moves: dict[tuple[tuple[int, ...], int], tuple[Move, ...]] = {}
        self._use_hooks(self._ludopy_moves, self._ludopy_pieces)

    def _plan(self, seat: int, origin: int, die: int) -> tuple[int, int, ProbeRow, int]:
        """How a LUDOpy move is resolved, worked out once (``_ludopy_result`` is the
        general case and the reference): (SETTLED, end, (), 0) when no enemy can matter
        (the home stretch); (PLAIN, end, probe, owner) when one square is probed: a lone
        enemy there is captured, a stack of two or more, the globe's owner, or any enemy
        when ``owner`` is ANY_ENEMY (a neutral globe) sends the mover home; (STARS, ...)
        otherwise: a star and the star it jumps to are both probed."""
        old, new = origin + 1, origin + 1 + die
        probes = self.probes[seat]
        if old >= 52 or origin == self.goal:
            return SETTLED, (new if new <= LP_GOAL else LP_GOAL - die) - 1, (), 0
        if old == 0:
            return PLAIN, 0, probes[1], NO_OWNER  # entering: the start square
        if new == LP_GOAL_STAR:
            return PLAIN, self.goal, probes[new], NO_OWNER
        if new in self.next_star:
            return STARS, 0, (), 0
        if new in LP_GLOBES:
            return PLAIN, new - 1, probes[new], ANY_ENEMY
        return PLAIN, new - 1, probes[new], self.globe_owner[seat].get(new, NO_OWNER)

    # ---------------------------------------------------------------- the engine's hooks
    def initial_state(self) -> State:
        state = super().initial_state()
        if self.is_ludopy:  # LUDOpy has no roll-off: player 0 starts
            return state._replace(phase=Phase.ROLL, current=0, turn=1, contenders=())
        return state

    def initial_aux(self) -> tuple[int, ...]:
        return (1, 0) if self.variant == LUDOPY else ()  # LUDOpy's round, start attempts

    def play_on(self) -> bool:
        return self.on("play_on")

    def seat_finished(self, pieces: Pieces, seat: int) -> bool:
        return pieces[seat] == self.finished_row

    def _use_hooks(
        self, moves: Callable[[State], list[Move]], pieces: Callable[[State, Move], Pieces]
    ) -> None:
        """Install the variant's move hooks on the instance: the engine calls them
        millions of times, and a dispatching method would double the calls."""
        self.piece_moves = moves  # type: ignore[method-assign, assignment]
        self.move_pieces = pieces  # type: ignore[method-assign, assignment]

    def extra_roll(self, state: State, move: Move) -> bool:
        roll = state.roll
        if self.is_ludopy:
            round_, attempts = state.aux
            if round_ != 1:
                return roll == 6
            pieces = state.pieces if move.is_pass else self.move_pieces(state, move)
            return attempts < 3 and max(pieces[state.current]) < 0
        if self.variant == TWO_DICE:
            return roll == (6, 6)
        return roll == 6 and not (self.forfeit_third_six and state.streak >= 2)

    def next_aux(self, state: State, move: Move, pieces: Pieces) -> tuple[int, ...]:
        if not self.is_ludopy:
            return state.aux
        aux = state.aux
        round_, attempts = aux
        seat = state.current
        if round_ != 1:
            if state.roll == 6:
                return aux if attempts == 0 else (round_, 0)
        elif attempts < 3 and max(pieces[seat]) < 0:
            return (1, attempts + 1)  # another try to get out of home
        # the turn passes; LUDOpy counts a round when it wraps past its last player
        if seat == self.last_seat:
            return (round_ + 1, 0)
        nxt = self.next_seat[seat]
        while nxt > seat and self.seat_finished(pieces, nxt):
            nxt = self.next_seat[nxt]  # finished seats are skipped (play_on=on)
        if nxt < seat:
            return (round_ + 1, 0)
        return aux if attempts == 0 else (round_, 0)

    # ------------------------------------------------------------------ two dice
    def _two_dice_moves(self, state: State) -> list[Move]:
        roll = state.roll
        assert isinstance(roll, tuple)
        a, b = roll
        mine = state.pieces[state.current]
        orders = ((a, b),) if a == b else ((a, b), (b, a))
        full: list[Move] = []
        for first, second in orders:
            for use, text in self._die_uses(mine, first):
                after = self._advance(mine, use)
                for use2, text2 in self._die_uses(after, second):
                    full.append(DiceMove((use, use2), f"{text} {text2}"))
        if full:
            return full
        singles: list[Move] = []
        for die in (a,) if a == b else (a, b):
            for use, text in self._die_uses(mine, die):
                singles.append(DiceMove((use,), text))
        return singles

    def _die_uses(self, mine: tuple[int, ...], die: int) -> list[tuple[tuple[int, int, int], str]]:
        """The distinct uses of one die by a seat's pins (pins on one point are alike)."""
        row = self.uses[die]
        found = []
        previous = -2
        for p in mine:
            if p != previous:
                previous = p
                use = row[p + 1]
                if use is not None:
                    found.append(use)
        return found

    @staticmethod
    def _advance(mine: tuple[int, ...], use: tuple[int, int, int]) -> tuple[int, ...]:
        row = list(mine)
        row.remove(use[1])
        row.append(use[2])
        row.sort()
        return tuple(row)

    def _two_dice_pieces(self, state: State, move: Move) -> Pieces:
        assert isinstance(move, DiceMove)
        pieces = list(state.pieces)
        seat = state.current
        for _, origin, target in move.uses:
            pieces[seat] = self._advance(pieces[seat], (0, origin, target))
            self._hit_all(pieces, seat, target)
        return tuple(pieces)

    def _hit_all(self, pieces: list[tuple[int, ...]], seat: int, target: int) -> None:
        """Send every opponent pin on ``target`` (seat's frame) home, unless it is safe."""
        if target >= self.lane_start:
            return
        space = self.abs_of[seat][target]
        if space in self.safe:
            return
        lane = self.lane_start
        for other in range(len(pieces)):
            if other != seat:
                here = self.rel_at[other][space]
                if here < lane and here in pieces[other]:
                    hit = pieces[other].count(here)
                    rest = [p for p in pieces[other] if p != here]
                    pieces[other] = (-1,) * hit + tuple(rest)

    # ------------------------------------------------------------------ classic
    def _blocks(self, pieces: Pieces, seat: int) -> set[int]:
        """Absolute squares holding two or more pins of one opponent."""
        blocked: set[int] = set()
        lane = self.lane_start
        for other, row in enumerate(pieces):
            if other != seat:
                for i in range(1, len(row)):
                    p = row[i]
                    if p == row[i - 1] and 0 <= p < lane:
                        blocked.add(self.abs_of[other][p])
        return blocked

    def _classic_moves(self, state: State) -> list[Move]:
        roll = state.roll
        assert isinstance(roll, int)
        if self.forfeit_third_six and roll == 6 and state.streak >= 2:
            return []
        seat = state.current
        mine = state.pieces[seat]
        blocked = self._blocks(state.pieces, seat)
        path = self.abs_of[seat]
        goal, lane = self.goal, self.lane_start
        moves: list[Move] = []
        previous = -2
        for p in mine:
            if p in (previous, goal):
                continue
            previous = p
            if p < 0:
                if roll == 6 and path[0] not in blocked:
                    moves.append(self.step(-1, 0))
                continue
            target = p + roll
            if target > goal:
                continue
            if blocked and any(path[q] in blocked for q in range(p + 1, min(target, lane - 1) + 1)):
                continue
            moves.append(self.step(p, target))
        return moves

    def _classic_pieces(self, state: State, move: Move) -> Pieces:
        assert isinstance(move, Step)
        seat = state.current
        pieces = list(state.pieces)
        pieces[seat] = self._advance(pieces[seat], (0, move.origin, move.target))
        self._hit_all(pieces, seat, move.target)  # blocks are never landed on: one pin at most
        return tuple(pieces)

    # ------------------------------------------------------------------ LUDOpy
    def _ludopy_moves(self, state: State) -> list[Move]:
        """LUDOpy's movable pins depend only on the mover's own pins and the die, so the
        answers are remembered (a bounded table; about 90% of lookups hit in random play)."""
        roll = state.roll
        assert isinstance(roll, int)
        key = (state.pieces[state.current], roll)
        known = self.known_moves.get(key)
        if known is not None:
            return list(known)
        table = self.die_moves
        goal = self.goal
        moves: list[Move] = []
        previous = -2
        for p in key[0]:
            if p != previous:
                previous = p
                if (p >= 0 and p != goal) or (roll == 6 and p < 0):
                    moves.append(table[p + 1][roll])
        if len(self.known_moves) >= 100_000:
            self.known_moves.clear()
        self.known_moves[key] = tuple(moves)
        return moves

    @staticmethod
    def _lp_enemy(pieces: Pieces, probe: tuple[tuple[int, int, int], ...]) -> tuple[int, int]:
        """LUDOpy's get_enemy_at_pos: the first enemy with pins on the square, and how many."""
        for other, v1, v2 in probe:
            row = pieces[other]
            n = row.count(v1) + row.count(v2)
            if n:
                return other, n
        return -1, 0

    def _ludopy_result(
        self, pieces: Pieces, seat: int, origin: int, die: int
    ) -> tuple[int, list[tuple[int, int, int]]]:
        """Player.move_piece: the mover's end (our frame) and the enemy captures
        (seat, position, position) it makes. Works in LUDOpy's frame (ours + 1)."""
        old = origin + 1
        new = old + die
        probes = self.probes[seat]
        enemy_at = self._lp_enemy
        if old >= 52:  # home stretch: no enemy checks; overshoot bounces to 57 - die
            return (new if new <= LP_GOAL else LP_GOAL - die) - 1, []
        # the squares whose enemies are resolved (sent home if alone, else the mover dies)
        kills: list[tuple[int, int, int]] = []  # square, enemy, count
        if old == 0:
            pos = 1
            kills.append((1, *enemy_at(pieces, probes[1])))
        elif new == LP_GOAL_STAR:
            pos = LP_GOAL
            kills.append((new, *enemy_at(pieces, probes[new])))
        elif new in self.next_star:
            pos = self.next_star[new]
            kills.append((new, *enemy_at(pieces, probes[new])))
            kills.append((pos, *enemy_at(pieces, probes[pos])))
        elif new in LP_GLOBES:
            return (-1 if enemy_at(pieces, probes[new])[0] >= 0 else new - 1), []
        else:
            pos = new
            enemy = count = 0
            for enemy, v1, v2 in probes[new]:  # enemy_at, inlined for the common case
                row = pieces[enemy]
                count = row.count(v1) + row.count(v2)
                if count:
                    break
            if not count:
                return new - 1, []
            owner = self.globe_owner[seat].get(new)
            if owner is None or enemy != owner:
                kills.append((new, enemy, count))
            else:
                return -1, []  # the owner is on its own globe
        captures: list[tuple[int, int, int]] = []
        for square, enemy, count in kills:
            if count == 1:
                for other, v1, v2 in probes[square]:
                    if other == enemy:
                        captures.append((enemy, v1, v2))
            elif count:
                pos = 0  # rule A: a stack of two or more sends the mover home
        return pos - 1, captures

    def _ludopy_pieces(self, state: State, move: Move) -> Pieces:
        assert isinstance(move, DieMove)
        seat = state.current
        before = state.pieces
        origin = move.origin
        kind, end, probe, owner = self.plans[seat][origin + 1][move.die]
        captures: list[tuple[int, int, int]] = []
        if kind == PLAIN:  # the common case, resolved inline
            for enemy, v1, v2 in probe:
                theirs = before[enemy]
                count = theirs.count(v1) + theirs.count(v2)
                if count:
                    if count > 1 or owner in (enemy, ANY_ENEMY):
                        end = -1  # a stack, the globe's owner, any enemy on a globe: home
                    else:
                        captures.append((enemy, v1, v2))
                    break
        elif kind == STARS:
            end, captures = self._ludopy_result(before, seat, origin, move.die)
        row = list(before[seat])
        row[row.index(origin)] = end
        row.sort()
        if not captures:
            return (*before[:seat], tuple(row), *before[seat + 1 :])
        pieces = list(before)
        pieces[seat] = tuple(row)
        for enemy, v1, v2 in captures:
            row = list(pieces[enemy])
            row[row.index(v1 if v1 in row else v2)] = -1
            row.sort()
            pieces[enemy] = tuple(row)
        return tuple(pieces)

    # ------------------------------------------------------------------ evaluation
    def evaluate(self, pieces: Pieces, seat: int) -> float:
        """Progress, pins out and in, minus pins an opponent could hit from behind on a
        square that is not safe; opponents' standing is subtracted (captures count)."""
        own = self._standing(pieces, seat) - self._exposed(pieces, seat)
        others = [self._standing(pieces, s) for s in range(len(pieces)) if s != seat]
        return own - sum(others) / len(others)

    def _standing(self, pieces: Pieces, seat: int) -> float:
        lane, goal = self.lane_start, self.goal
        return float(
            sum(
                p + 1 + (8 if p >= 0 else 0) + (10 if p >= lane else 0) + (5 if p == goal else 0)
                for p in pieces[seat]
            )
        )

    def _exposed(self, pieces: Pieces, seat: int) -> float:
        lane, reach = self.lane_start, self.reach
        risk = 0.0
        for p in set(pieces[seat]):
            if not 0 <= p < lane:
                continue
            space = self.abs_of[seat][p]
            if space in self.safe:
                continue
            for other in range(len(pieces)):
                if other == seat:
                    continue
                here = self.rel_at[other][space]
                if any(0 < here - q <= reach for q in pieces[other] if 0 <= q < lane) or (
                    here < reach and pieces[other][0] < 0
                ):
                    risk += (0.5 * (p + 1) + 4) * pieces[seat].count(p)
                    break
        return risk

    # ------------------------------------------------------------------ notation
    def parse_piece(self, seat: int, text: str) -> int:
        colour = self.colours[seat]
        word = text.strip()
        if word == self.piece_text(seat, self.goal):
            return self.goal
        parts = word.split(":")
        if len(parts) == 3 and parts[0] == "lane":
            if parts[1] != colour:
                raise NotationError(
                    f"a {colour} pin cannot stand on {parts[1]}'s lane ({word!r}): "
                    "each colour enters its own lane only"
                )
            word = f"lane:{parts[2]}"
        return self.track.parse_position(colour, word)

    def check_pieces(self, pieces: Pieces) -> None:
        """Counts, and (except in LUDOpy, whose quirks let colours share any square) no two
        colours on one square that is not safe. Own pins may stack."""
        for seat, row in enumerate(pieces):
            if len(row) != self.pieces_per_colour:
                raise NotationError(
                    f"{self.colours[seat]} has {len(row)} pins; ludo needs {self.pieces_per_colour}"
                )
        if self.is_ludopy:
            return
        seen: dict[int, str] = {}
        for seat, row in enumerate(pieces):
            colour = self.colours[seat]
            for p in row:
                if 0 <= p < self.lane_start:
                    space = self.abs_of[seat][p]
                    if space in seen and seen[space] != colour and space not in self.safe:
                        raise NotationError(
                            f"{seen[space]} and {colour} pins both on space:{space}, "
                            "which is not a safe square"
                        )
                    seen[space] = colour

    def describe(self, state: State, move: Move) -> str:
        seat = state.current
        if isinstance(move, DiceMove):
            parts = []
            pieces = list(state.pieces)
            for die, origin, target in move.uses:
                text = f"{die}: {self.where(seat, origin)} -> {self.where(seat, target)}"
                before = tuple(pieces)
                pieces[seat] = self._advance(pieces[seat], (0, origin, target))
                self._hit_all(pieces, seat, target)
                hit = [self.colours[s] for s in range(len(pieces)) if pieces[s] != before[s]]
                hit = [c for c in hit if c != self.colours[seat]]
                if hit:
                    text += f", sends {' and '.join(hit)} back to base"
                parts.append(text)
            return "; ".join(parts)
        if isinstance(move, DieMove):
            end, captures = self._ludopy_result(state.pieces, seat, move.origin, move.die)
            text = f"{self.where(seat, move.origin)} by {move.die} -> {self.where(seat, end)}"
            if end < 0 <= move.origin or (move.origin < 0 and end < 0):
                text += " (the pin is sent back home)"
            for enemy, _, _ in captures:
                text += f", sends {self.colours[enemy]} back home"
            return text
        return super().describe(state, move)
