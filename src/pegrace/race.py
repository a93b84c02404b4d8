"""What the race games (Trouble, Ludo, Marbles) share on top of the engine.

Pieces are written in each colour's own frame (see ``board.RaceTrack``): -1 is
the base, 0 the start space, then the loop, then the lane. This module turns
that frame into absolute spaces, reads and writes it as text, and describes moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pegrace.board import RaceTrack
from pegrace.engine import Rules
from pegrace.i18n import N_, Arg, Said, said, said_c
from pegrace.moves import Move, Step
from pegrace.state import State
from pegrace.words import Sentences, Who, colour_name, names, pick, towards

# the spaces' names, as the move words and the board say them
# TRANSLATORS: the space a player's pieces come out onto ("Move the peg from start to 5")
START = said("start")
LANE_NAMES = {  # by the lane's name in the notation
    # TRANSLATORS: a slot of a player's Finish lane in Trouble ("from 26 to finish 2")
    "finish": N_("finish {number}"),
    # TRANSLATORS: a space of a player's Home in Marbles ("from 55 to home 2")
    "home": N_("home {number}"),
    # TRANSLATORS: a point of a player's own lane in Ludo ("from 41 to lane 1")
    "lane": N_("lane {number}"),
}
BASE_NAMES = {  # by the base's name in the notation
    # TRANSLATORS: a place's name on Trouble's board: where the pegs wait to come out
    "home": said_c("Trouble's base", "home"),
    # TRANSLATORS: a place's name on the board: where the pieces wait to come out
    "base": said("base"),
}
BACK = {  # where a piece is sent back to, as the board says a move's end ("Move back to base")
    # TRANSLATORS: where a move sends a peg: back to the place pegs wait to come out
    "home": said_c("sent back to Trouble's base", "home"),
    # TRANSLATORS: where a move sends a piece: back to the place pieces wait to come out
    "base": said("back to base"),
}


class RaceRules(Rules):
    """A race game: every piece walks its colour's own path from base to goal."""

    safe: frozenset[int]  # the loop spaces where nobody is hit
    track: RaceTrack
    # how its moves read, in its own piece's word (words.Sentence): by what is done
    # ("bring", "move") and the ending ("", "send")
    sentences: ClassVar[Sentences]
    # a piece where it stands, for screen readers: by where ("base", "space", "on", "removed")
    standing: ClassVar[dict[str, str]]
    # pieces circle the loop past their own start (Marbles' War), so a move may end behind
    # where it began (a position below the base's, -1, is then a piece out of the game)
    circling = False
    # the words number the loop as the board prints it, alike for every colour (Parchís),
    # not counted from each mover's start
    printed_numbers = False

    def setup(self) -> None:
        """The track as the core builds it, indexed for the seats in play."""
        self.track = track = RaceTrack.of(self.core, self.all_colours)
        self.safe = track.safe
        loop = track.loop_length
        self.lane_start = track.lane_start
        self.goal = track.goal
        starts = [track.starts[c] for c in self.colours]
        # absolute loop space of each seat's relative loop position, and back
        self.abs_of = tuple(tuple((s + p) % loop for p in range(loop)) for s in starts)
        self.rel_at = tuple(tuple((a - s) % loop for a in range(loop)) for s in starts)
        # words made once: a race has few places (the web says them for every move and piece)
        self._spots = tuple(
            tuple(self._spot_words(seat, p) for p in range(self.goal + 1))
            for seat in range(len(self.colours))
        )
        self._standing: dict[tuple[int, int], Said] = {}

    # ------------------------------------------------------------ plain words

    def spot_words(self, seat: int, position: int) -> Said | str:
        """A position of ``seat``'s frame (0 up to the goal) in plain words, counted from
        its start: ``start``, ``7`` (a number, as text), ``finish 2`` (a game whose board
        prints its numbers says those: Parchís)."""
        return self._spots[seat][position]

    def _spot_words(self, seat: int, position: int) -> Said | str:
        if position == 0:
            return START
        if position < self.lane_start:
            return str(position)
        number = position - self.lane_start + 1
        return said(LANE_NAMES[self.track.lane_name], number=number)

    def goal_words(self) -> Said | None:
        """The goal's name on the board where it is a place of its own (Ludo's ``exit``,
        ``home``, ``goal``); None where it is the lane's last slot, named as the others."""
        return None

    def base_words(self) -> Said:
        """The base's name on the board: ``home`` (Trouble's), ``base``."""
        return BASE_NAMES[self.track.base_name]

    def to_words(self, seat: int, position: int) -> Said:
        """Where a move of ``seat``'s piece ends, as the board says it (``Move to 7``):
        ``to 7``, ``to finish 2`` (a piece sent back: ``back to base``)."""
        if position < 0:
            return BACK[self.track.base_name]
        return towards(self.spot_words(seat, position))

    def piece_words(self, seat: int, position: int) -> Said:
        """A piece where it stands, for people who cannot see the board: ``Red peg on space
        4``, ``Red peg at home``, ``Red peg on finish 2``."""
        found = self._standing.get((seat, position))
        if found is None:
            found = self._standing[seat, position] = self._piece_words(seat, position)
        return found

    def _piece_words(self, seat: int, position: int) -> Said:
        colour = colour_name(self.colours[seat])
        if position < -1:
            return said(self.standing["removed"], colour=colour)
        if position < 0:
            return said(self.standing["base"], colour=colour)
        where = self.spot_words(seat, position)
        if isinstance(where, str):
            return said(self.standing["space"], colour=colour, number=where)
        return said(self.standing["on"], colour=colour, space=where)

    def step_words(
        self,
        seat: int,
        origin: int,
        target: int,
        who: Who = None,
        kind: str = "",
        ending: str = "",
        more: Mapping[str, Arg] | None = None,
    ) -> Said:
        """One of the game's ``sentences``: ``Bring a peg out``, ``Move the peg from 4 to 7``;
        ``kind`` says what is done where it is more than that (``finish``: a move to the goal,
        whose sentence has no ``{target}``, nor has one sent back), ``ending`` what more
        (``send``: and send ``victims`` home), ``more`` what its other placeholders hold."""
        kind = kind or ("bring" if origin < 0 else "move")
        args = dict(more or {})
        if origin >= 0:
            args["origin"] = self.spot_words(seat, origin)
            if target >= 0 and kind != "finish":
                args["target"] = self.spot_words(seat, target)
        return pick(self.sentences, kind, ending).words(who, **args)

    def piece_uses(self, state: State, move: Move) -> tuple[int, list[tuple[int, int, int]]]:
        """Whose pieces a (not passing) move moves, and each use of the roll in turn as
        ``(origin, target, die)`` in that seat's frame, ``die`` 0 where the roll is used whole:
        the seat to move and its step here (Ludo's dice and Marbles' partner roll say more)."""
        assert isinstance(move, Step), move
        return state.current, [(move.origin, move.target, 0)]

    def victims_words(self, victims: list[int]) -> Said:
        """The seats a move sends back, by name: ``Green and Blue``."""
        return names([self.colours[v] for v in victims])

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """``Move the peg from 4 to 7 and send Green home``."""
        if not isinstance(move, Step):
            return super().describe(state, move, who)
        seat = state.current
        victims = list(dict.fromkeys(victim for victim, _ in self.victims(state, move)))
        if not victims:
            return self.step_words(seat, move.origin, move.target, who)
        sent = {"victims": self.victims_words(victims)}
        return self.step_words(seat, move.origin, move.target, who, ending="send", more=sent)
