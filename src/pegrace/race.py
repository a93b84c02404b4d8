"""What the race games (Trouble, Ludo, Marbles) share on top of the engine.

Pieces are written in each colour's own frame (see ``board.RaceTrack``): -1 is
the base, 0 the start space, then the loop, then the lane. This module turns
that frame into absolute spaces, reads and writes it as text, precomputes every
``Step`` once, and finds which opponents stand on a space.
"""

from __future__ import annotations

from pegrace.board import RaceTrack
from pegrace.engine import Pieces, Rules
from pegrace.errors import NotationError
from pegrace.moves import Move, Step
from pegrace.state import State


class RaceRules(Rules):
    """A race game: every piece walks its colour's own path from base to goal."""

    pieces_per_colour = 4
    captured_to = -1  # where a captured piece goes (Marbles' War: out of the game)
    # evaluation weights (tuned per game, docs/ai.md): the worth of a piece out of its base and
    # of one in its finish lane on top of its steps; an exposed piece costs RISK_SHARE of its
    # steps plus RISK_FLAT
    OUT_BONUS, LANE_BONUS, RISK_SHARE, RISK_FLAT = 8.0, 10.0, 0.5, 4.0
    track: RaceTrack

    def build_track(self, track: RaceTrack) -> None:
        """Called from ``setup``: index the track for the seats in play."""
        self.track = track
        loop = track.loop_length
        self.lane_start = track.lane_start
        self.goal = track.goal
        starts = [track.board.starts[c] for c in self.colours]
        # absolute loop space of each seat's relative loop position, and back
        self.abs_of = tuple(tuple((s + p) % loop for p in range(loop)) for s in starts)
        self.rel_at = tuple(tuple((a - s) % loop for a in range(loop)) for s in starts)
        names = [track.position_name(p) for p in range(-1, self.goal + 1)]
        # steps[origin + 1][target + 1]: every forward step, built once
        self.steps = tuple(
            tuple(Step(o - 1, t - 1, f"{names[o]}>{names[t]}") for t in range(self.goal + 2))
            for o in range(self.goal + 2)
        )

    def step(self, origin: int, target: int) -> Step:
        return self.steps[origin + 1][target + 1]

    def initial_pieces(self) -> Pieces:
        return tuple((-1,) * self.pieces_per_colour for _ in self.colours)

    def move_pieces(self, state: State, move: Move) -> Pieces:
        """One piece steps to its target; an opponent there is captured."""
        assert isinstance(move, Step)
        owner = self.piece_owner(state, move) if self.moves_others else state.current
        pieces = list(state.pieces)
        hit = self.occupant(state.pieces, owner, move.target)
        if hit is not None:
            self.send_home(pieces, *hit, base=self.captured_to)
        self.relocate(pieces, owner, move.origin, move.target)
        return tuple(pieces)

    def seat_finished(self, pieces: Pieces, seat: int) -> bool:
        return pieces[seat][0] >= self.lane_start

    def score(self, state: State, seat: int) -> float:
        return float(sum(p + 1 for p in state.pieces[seat]))

    def evaluate(self, pieces: Pieces, seat: int) -> float:
        """Progress, pieces out and home, captures (an opponent's loss), minus the value
        of own pieces an opponent could hit with one die; summed over ``seat``'s side and
        measured against the other sides."""
        side = self.sides[seat]
        ours = self.side_seats[side]
        own = sum(self._standing(pieces, s) - self.danger(pieces, s) for s in ours)
        others = [self._standing(pieces, s) for s in range(len(pieces)) if self.sides[s] != side]
        return own - sum(others) * len(ours) / len(others)

    def evaluate_sides(self, pieces: Pieces) -> tuple[float, ...]:
        if type(self).evaluate is not RaceRules.evaluate:
            return super().evaluate_sides(pieces)  # a game's own evaluation
        standing = [self._standing(pieces, s) for s in range(len(pieces))]
        total = sum(standing)
        values = []
        for ours in self.side_seats:
            own = sum(standing[s] for s in ours)
            net = own - sum(self.danger(pieces, s) for s in ours)
            values.append(net - (total - own) * len(ours) / (len(pieces) - len(ours)))
        return tuple(values)

    def danger(self, pieces: Pieces, seat: int) -> float:
        return self._at_risk(pieces, seat)

    def _standing(self, pieces: Pieces, seat: int) -> float:
        lane, out, safe = self.lane_start, self.OUT_BONUS, self.LANE_BONUS
        return float(
            sum(p + 1 + (out if p >= 0 else 0) + (safe if p >= lane else 0) for p in pieces[seat])
        )

    def _at_risk(self, pieces: Pieces, seat: int) -> float:
        lane, loop = self.lane_start, self.track.loop_length
        risk = 0.0
        for p in pieces[seat]:
            if not 0 <= p < lane:
                continue
            space = self.abs_of[seat][p % loop]
            for other in range(len(pieces)):
                if other == seat:
                    continue
                here = self.rel_at[other][space]
                if any(0 < here - q <= 6 for q in pieces[other] if q >= 0) or (
                    here == 0 and pieces[other][0] < 0
                ):
                    risk += self.RISK_SHARE * (p + 1) + self.RISK_FLAT
                    break
        return risk

    def occupant(self, pieces: Pieces, seat: int, target: int) -> tuple[int, int] | None:
        """The opponent (seat, its relative position) on the loop space ``target`` of
        ``seat``'s frame, if any."""
        if target < 0 or target >= self.lane_start:
            return None
        space = self.abs_of[seat][target % self.track.loop_length]
        for other in range(len(pieces)):
            if other != seat:
                relative = self.rel_at[other][space]
                if relative in pieces[other]:
                    return other, relative
        return None

    @staticmethod
    def send_home(pieces: list[tuple[int, ...]], seat: int, position: int, base: int = -1) -> None:
        """Move one of ``seat``'s pieces from ``position`` to ``base`` (any code that sorts
        below every board position, e.g. Marbles' "removed")."""
        row = list(pieces[seat])
        row.remove(position)
        pieces[seat] = (base, *row)

    @staticmethod
    def relocate(pieces: list[tuple[int, ...]], seat: int, origin: int, target: int) -> None:
        """Move one of ``seat``'s pieces from ``origin`` to ``target``, keeping the row sorted."""
        row = list(pieces[seat])
        row.remove(origin)
        row.append(target)
        row.sort()
        pieces[seat] = tuple(row)

    # -------------------------------------------------------------- notation
    def piece_text(self, seat: int, position: int) -> str:
        return self.track.position_name(position)

    def parse_piece(self, seat: int, text: str) -> int:
        return self.track.parse_position(self.colours[seat], text)

    def check_pieces(self, pieces: Pieces) -> None:
        """Reject positions no game could reach: piece counts, own pieces sharing."""
        for seat, row in enumerate(pieces):
            colour = self.colours[seat]
            if len(row) != self.pieces_per_colour:
                raise NotationError(
                    f"{colour} has {len(row)} pieces; {self.name} needs {self.pieces_per_colour}"
                )
            placed = [p for p in row if p >= 0]
            if len(set(placed)) != len(placed):
                clash = next(p for p in placed if placed.count(p) > 1)
                raise NotationError(f"two {colour} pieces on {self.track.position_name(clash)}")
        seen: dict[int, str] = {}
        for seat, row in enumerate(pieces):
            for p in row:
                if 0 <= p < self.lane_start:
                    space = self.abs_of[seat][p]
                    colour = self.colours[seat]
                    if space in seen and seen[space] != colour:
                        raise NotationError(
                            f"{seen[space]} and {colour} pieces both on space:{space}"
                        )
                    seen[space] = colour

    def where(self, seat: int, position: int) -> str:
        """Relative and absolute: ``track:5 (space:12)``."""
        text = self.track.position_name(position)
        if 0 <= position < self.lane_start:
            return f"{text} (space:{self.abs_of[seat][position]})"
        return text

    def describe(self, state: State, move: Move) -> str:
        if not isinstance(move, Step):
            return str(move)
        seat = state.current
        text = f"{self.where(seat, move.origin)} -> {self.where(seat, move.target)}"
        hit = self.occupant(state.pieces, seat, move.target)
        if hit is not None:
            text += f", sends {self.colours[hit[0]]} back to {self.track.base_name}"
        return text

    def summary(self, state: State) -> str:
        who = self.colours[state.current]
        roll = state.roll
        doing = (
            f"{who} to move with {self.dice.format(roll)}" if roll is not None else f"{who} to roll"
        )
        rows = "; ".join(
            f"{c}: {' '.join(self.piece_text(seat, p) for p in row)}"
            for seat, (c, row) in enumerate(zip(self.colours, state.pieces, strict=True))
        )
        return f"{doing} | {rows}"
