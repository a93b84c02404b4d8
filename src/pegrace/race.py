"""What the race games (Trouble, Ludo, Marbles) share on top of the engine.

Pieces are written in each colour's own frame (see ``board.RaceTrack``): -1 is
the base, 0 the start space, then the loop, then the lane. This module turns
that frame into absolute spaces, reads and writes it as text, and describes moves.
"""

from __future__ import annotations

from pegrace.board import RaceTrack
from pegrace.engine import Rules
from pegrace.moves import Move, Step
from pegrace.state import State
from pegrace.words import colour_name, names


class RaceRules(Rules):
    """A race game: every piece walks its colour's own path from base to goal."""

    safe: frozenset[int]  # the loop spaces where nobody is hit
    track: RaceTrack

    def core_track(self) -> tuple[int, int, int]:
        """The track as the core builds it (core/games): the loop's spaces, the lane's length
        (its last slot the goal) and the loop position pieces branch off into the lane from."""
        found = self.core.track()
        assert found is not None, f"{self.name} is a race game"
        loop, lane_start, goal, _ = found
        return loop, goal - lane_start + 1, lane_start - 1

    def build_track(self, track: RaceTrack) -> None:
        """Called from ``setup``: index the track for the seats in play."""
        self.track = track
        found = self.core.track()
        assert found is not None, f"{self.name} is a race game"
        self.safe = frozenset(found[3])
        loop = track.loop_length
        self.lane_start = track.lane_start
        self.goal = track.goal
        starts = [track.board.starts[c] for c in self.colours]
        # absolute loop space of each seat's relative loop position, and back
        self.abs_of = tuple(tuple((s + p) % loop for p in range(loop)) for s in starts)
        self.rel_at = tuple(tuple((a - s) % loop for a in range(loop)) for s in starts)

    def step(self, origin: int, target: int) -> Step:
        """A step of the seat to move, written as the notation writes it."""
        name = self.track.position_name
        return Step(origin, target, f"{name(origin)}>{name(target)}")

    # -------------------------------------------------------------- notation
    def piece_text(self, seat: int, position: int) -> str:
        return self.track.position_name(position)

    def parse_piece(self, seat: int, text: str) -> int:
        return self.track.parse_position(self.colours[seat], text)

    # ------------------------------------------------------------ plain words

    def spot_words(self, position: int) -> str:
        """A position in plain words, counted from the owner's start: ``start``, ``7``,
        ``finish 2``."""
        if position == 0:
            return "start"
        if position < self.lane_start:
            return str(position)
        return f"{self.track.lane_name} {position - self.lane_start + 1}"

    def to_words(self, position: int) -> str:
        """Where a move ends: ``to 7``, ``to finish 2`` (a piece sent back: ``back to base``)."""
        if position < 0:
            base = self.track.base_name
            return "home" if base == "home" else f"back to {base}"
        return f"to {self.spot_words(position)}"

    def piece_words(self, seat: int, position: int) -> str:
        """A piece where it stands, for people who cannot see the board: ``Red peg on space
        4``, ``Red peg at home``, ``Red peg on finish 2``."""
        whose = f"{colour_name(self.colours[seat])} {self.piece_word}"
        if position < -1:
            return f"{whose} out of the game"
        if position < 0:
            base = self.track.base_name
            return f"{whose} {'at home' if base == 'home' else f'in {base}'}"
        where = self.spot_words(position)
        return f"{whose} on {'space ' if where.isdigit() else ''}{where}"

    def step_words(self, origin: int, target: int, whose: str = "") -> str:
        """``Bring a peg out`` or ``Move the peg from 4 to 7`` (``Green's marble``: a
        partner's)."""
        piece = f"{whose}'s {self.piece_word}" if whose else f"the {self.piece_word}"
        if origin < 0:
            one = f"one of {whose}'s {self.piece_word}s" if whose else f"a {self.piece_word}"
            return f"Bring {one} out"
        return f"Move {piece} from {self.spot_words(origin)} {self.to_words(target)}"

    def sending_words(self, victims: list[int]) -> str:
        """`` and send Green home`` (each seat whose pieces the move sends back)."""
        if not victims:
            return ""
        return f" and send {names([self.colours[v] for v in victims])} {self.to_words(-1)}"

    def describe(self, state: State, move: Move) -> str:
        """``Move the peg from 4 to 7 and send Green home``."""
        if not isinstance(move, Step):
            return super().describe(state, move)
        seat = state.current
        after = self.apply_move(state, move).pieces
        victims = [victim for victim, _ in self.sent_back(state.pieces, after, seat)]
        return self.step_words(move.origin, move.target) + self.sending_words(victims)
