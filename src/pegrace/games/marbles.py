"""Marbles (an Aggravation-style race, seed 004), on the shared engine.

Rules used (docs/rules/marbles.md gives the seed sentence or ruling behind each):
- 2-4 players; colours red, yellow, green, blue, starts 14 apart on a loop of 56;
  with 2 players the colours sit opposite (red, green). 4 marbles each, in a base.
- Roll-off with one pop each, ties re-popped among the tied highest; turns and
  marbles go clockwise. One die.
- A 1 or a 6 may bring a marble from the base onto the start space, or move a
  marble; other rolls only move marbles on the path or in Home. A roll is never
  split; any marble may move; marbles jump over marbles.
- Never end on an own marble. Ending on an opponent's marble (start space
  included) sends it back to its base.
- A player must move if any move is possible (no voluntary pass); with no legal
  move the turn ends. A 6 grants another roll, also when it could not be used.
- Home: 4 ordered spaces, entered from the space before the colour's start after
  one full lap; Home space K is reached with K + the loop spaces still ahead, by
  exact count, onto an empty space only. A marble in Home moves on by exact count
  to an empty Home space. First with 4 marbles Home wins (option ``play_on``).
- Teams (``teams=on``, 4 players): partners sit opposite (red+green, yellow+blue).
  Landing on a partner's marble is legal only when no other move is, and then
  required: the partner's marble goes back to its base. A team wins with all 8
  Home. Option ``partner_roll`` (on): a player whose marbles are all Home rolls on
  and moves the partner's marbles (such moves are written with the partner's
  colour in front).
- War (``mode=war``): landing on another player's marble removes it from the game;
  no Home, marbles circle past their own start; a player with no marbles left (base
  included) is out, places follow the order players went out, the last player (or
  team) with marbles wins. Option ``turn_limit`` ends a stalled game, ranked by
  marbles left.

Positions (each colour's own frame): -2 removed (War), -1 base, 0 start, 1..55
the loop, 56..59 Home spaces 1..4. In War positions stay 0..55, wrapping round.
"""

from __future__ import annotations

from collections.abc import Mapping

from pegrace.board import RaceTrack, race_board
from pegrace.engine import Option, Pieces
from pegrace.errors import NotationError, OptionError
from pegrace.moves import Move, Step
from pegrace.race import RaceRules
from pegrace.state import State

LOOP = 56
HOME = 4
REMOVED = -2
BASE = -1
ENTRY_ROLLS = (1, 6)
NO_TARGET = -9  # in ``targets``: the roll cannot move a marble from there
NOT_ON_LOOP = 1000  # in ``partner_at``: the target is no loop space (never a position)


class MarbleStep(Step):
    """One marble from ``origin`` to ``target`` in its owner's frame. The owner is
    the seat to move, or (partner roll) its partner, whose colour leads the text."""

    __slots__ = ("owner",)

    def __init__(self, owner: int, origin: int, target: int, text: str) -> None:
        super().__init__(origin, target, text)
        self.owner = owner

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MarbleStep)
            and self.owner == other.owner
            and self.origin == other.origin
            and self.target == other.target
        )

    def __hash__(self) -> int:
        return hash((self.owner, self.origin, self.target))


class Marbles(RaceRules):
    name = "marbles"
    title = "Marbles (Aggravation-style)"
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    moves_others = True  # partner roll: a seat moves its partner's marbles
    stops = True  # War's turn limit
    # tuned against the untuned medium player (docs/ai.md): an exposed marble costs a quarter
    # of its steps (plus the flat part), not half
    RISK_SHARE = 0.25
    option_specs = (
        Option(
            "mode",
            "classic",
            ("classic", "war"),
            "classic: first to bring 4 marbles Home; war: captured marbles leave the game, "
            "no Home, the last player with marbles wins",
        ),
        Option(
            "teams",
            "off",
            ("on", "off"),
            "4 players only: partners sit opposite (red+green against yellow+blue)",
        ),
        Option(
            "partner_roll",
            "on",
            ("on", "off"),
            "teams, classic: a player with all marbles Home rolls on and moves the "
            "partner's marbles",
        ),
        Option(
            "play_on",
            "off",
            ("on", "off"),
            "classic: off stops at the first winner; on plays on to decide every place",
        ),
        Option(
            "turn_limit",
            "1000",
            (),
            "war: the game stops after this many turns, ranked by marbles left (0: no limit)",
        ),
    )

    def check_options(self, options: Mapping[str, str]) -> None:
        if options["teams"] == "on" and self.players != 4:
            raise OptionError(
                f"marbles option teams=on needs exactly 4 players, not {self.players}"
            )

    def seat_sides(self) -> tuple[int, ...]:
        if self.on("teams"):
            return (0, 1, 0, 1)  # partners opposite: red+green against yellow+blue
        return super().seat_sides()

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        board = race_board("marbles", self.all_colours, LOOP, LOOP // 4, HOME, LOOP - 1, "home")
        self.build_track(RaceTrack(board, self.all_colours, LOOP, HOME, "base", "home"))
        seats = range(len(self.colours))
        self.war = self.options["mode"] == "war"
        self.teams = self.on("teams")
        self.partner_roll = self.teams and self.on("partner_roll") and not self.war
        self.turn_limit = int(self.options["turn_limit"]) if self.war else 0
        # the engine asks ``eliminated`` after every move only where War can end a player
        self.eliminates = self.war
        # still sorted after a capture: REMOVED and BASE are below every position
        self.captured_to = REMOVED if self.war else BASE
        self.partner = tuple((s + 2) % 4 if self.teams else -1 for s in seats)
        self.targets = self._targets()
        self.own_moves = tuple(self._move_table(s, "") for s in seats)
        self.partner_moves = tuple(self._move_table(s, f"{self.colours[s]} ") for s in seats)
        # partner_at[owner][target]: the target loop space in the partner's frame
        self.partner_at = tuple(
            tuple(
                self.rel_at[self.partner[s]][self.abs_of[s][t]]
                if self.teams and 0 <= t < LOOP
                else NOT_ON_LOOP
                for t in range(self.goal + 1)
            )
            for s in seats
        )

    def _targets(self) -> tuple[tuple[int, ...], ...]:
        """targets[origin + 1][roll]: where a marble lands (NO_TARGET: cannot move)."""
        table = []
        for origin in range(BASE, self.goal + 1):
            row = [NO_TARGET] * 7
            for roll in range(1, 7):
                if origin == BASE:
                    row[roll] = 0 if roll in ENTRY_ROLLS else NO_TARGET
                elif self.war:
                    row[roll] = (origin + roll) % LOOP if origin < LOOP else NO_TARGET
                else:
                    row[roll] = origin + roll if origin + roll <= self.goal else NO_TARGET
            table.append(tuple(row))
        return tuple(table)

    def _move_table(self, owner: int, prefix: str) -> tuple[tuple[MarbleStep | None, ...], ...]:
        """moves[origin + 1][roll]: the preallocated move, text built once."""
        name = self.track.position_name
        return tuple(
            tuple(
                None
                if target == NO_TARGET
                else MarbleStep(owner, origin, target, f"{prefix}{name(origin)}>{name(target)}")
                for target in self.targets[origin + 1]
            )
            for origin in range(BASE, self.goal + 1)
        )

    def initial_pieces(self) -> Pieces:
        return tuple((BASE,) * self.pieces_per_colour for _ in self.colours)

    # ------------------------------------------------------------------ turns
    def play_on(self) -> bool:
        return self.on("play_on")

    def seat_active(self, seat: int, finished: tuple[int, ...], out: tuple[int, ...]) -> bool:
        if seat in out:
            return False
        if seat not in finished:
            return True
        return self.partner_roll and self.partner[seat] not in finished

    def seat_finished(self, pieces: Pieces, seat: int) -> bool:
        return not self.war and pieces[seat][0] >= self.lane_start

    def eliminated(self, pieces: Pieces, seat: int) -> bool:
        return pieces[seat][-1] == REMOVED

    def stop_after(self, state: State) -> str:
        if self.turn_limit and state.turn > self.turn_limit:
            return f"turn limit of {self.turn_limit} reached"
        return ""

    def extra_roll(self, state: State, move: Move) -> bool:
        return state.roll == 6  # also when the 6 could not be used (seed FAQ)

    # ------------------------------------------------------------------ moves
    def mover(self, state: State) -> int:
        """Whose marbles the seat to move moves: its own, or with all of them Home
        (partner roll) its partner's."""
        seat = state.current
        if self.partner_roll and state.pieces[seat][0] >= LOOP:
            return self.partner[seat]
        return seat

    def piece_moves(self, state: State) -> list[Move]:
        roll = state.roll
        assert isinstance(roll, int)
        owner = self.mover(state)
        table = self.own_moves[owner] if owner == state.current else self.partner_moves[owner]
        mine = state.pieces[owner]
        teams = self.teams
        if teams:
            partner_at, theirs = self.partner_at[owner], state.pieces[self.partner[owner]]
        moves: list[Move] = []
        onto_partner: list[Move] = []
        previous = REMOVED
        for p in mine:
            if p == previous:
                continue  # removed marbles never move; marbles in the base are alike
            previous = p
            step = table[p + 1][roll]
            if step is None or step.target in mine:
                continue
            if teams and partner_at[step.target] in theirs:
                onto_partner.append(step)
            else:
                moves.append(step)
        # landing on a partner's marble: only when nothing else can move, then required
        return moves or onto_partner

    def piece_owner(self, state: State, move: Move) -> int:
        assert isinstance(move, MarbleStep)
        return move.owner

    # ------------------------------------------------------------- evaluation
    def score(self, state: State, seat: int) -> float:
        if self.war:
            return float(sum(1 for p in state.pieces[seat] if p != REMOVED))
        return super().score(state, seat)

    def evaluate(self, pieces: Pieces, seat: int) -> float:
        """Our side's standing minus the opponents' (scaled to our side's size)."""
        ours = self.side_seats[self.sides[seat]]
        theirs = [s for s in range(len(pieces)) if s not in ours]
        value = self._war_value if self.war else self._classic_value
        own = sum(value(pieces, s) for s in ours)
        return own - sum(value(pieces, s) for s in theirs) * len(ours) / len(theirs)

    def evaluate_sides(self, pieces: Pieces) -> tuple[float, ...]:
        if self.war:
            seat_values = [self._war_value(pieces, s) for s in range(len(pieces))]
        else:
            exposure = self._exposures(pieces)
            seat_values = [self._standing(pieces, s) - exposure[s] for s in range(len(pieces))]
        total = sum(seat_values)
        sides = []
        for ours in self.side_seats:
            own = sum(seat_values[s] for s in ours)
            sides.append(own - (total - own) * len(ours) / (len(pieces) - len(ours)))
        return tuple(sides)

    def _classic_value(self, pieces: Pieces, seat: int) -> float:
        return self._standing(pieces, seat) - self._at_risk(pieces, seat)

    def _war_value(self, pieces: Pieces, seat: int) -> float:
        """Marbles left above all, marbles on the loop (they can strike), minus marbles
        an opponent could remove with one roll."""
        left = sum(15.0 for p in pieces[seat] if p != REMOVED)
        active = sum(2.0 for p in pieces[seat] if p >= 0)
        return left + active - 6.0 * self._war_threats(pieces, seat)

    def _war_threats(self, pieces: Pieces, seat: int) -> int:
        threatened = 0
        for p in pieces[seat]:
            if p < 0:
                continue
            space = self.abs_of[seat][p]
            for other in range(len(pieces)):
                if self.sides[other] == self.sides[seat]:
                    continue
                here = self.rel_at[other][space]
                row = pieces[other]
                if any(0 < (here - q) % LOOP <= 6 for q in row if q >= 0) or (
                    here == 0 and BASE in row
                ):
                    threatened += 1
                    break
        return threatened

    # --------------------------------------------------------------- notation
    def piece_text(self, seat: int, position: int) -> str:
        return "removed" if position == REMOVED else self.track.position_name(position)

    def parse_piece(self, seat: int, text: str) -> int:
        colour = self.colours[seat]
        if text.strip() == "removed":
            if not self.war:
                raise NotationError(
                    f"{colour} marble 'removed': marbles leave the game in War only"
                )
            return REMOVED
        position = self.track.parse_position(colour, text)
        if self.war and position >= LOOP:
            raise NotationError(f"{colour} marble {text!r}: there is no Home in War")
        return position

    def describe(self, state: State, move: Move) -> str:
        if not isinstance(move, MarbleStep):
            return str(move)
        owner = move.owner
        whose = "" if owner == state.current else f"{self.colours[owner]}'s marble "
        text = f"{whose}{self.where(owner, move.origin)} -> {self.where(owner, move.target)}"
        hit = self.occupant(state.pieces, owner, move.target)
        if hit is not None:
            victim = self.colours[hit[0]]
            text += (
                f", removes a {victim} marble from the game"
                if self.war
                else f", sends {victim} back to base"
            )
        return text
