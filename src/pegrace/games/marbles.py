"""Marbles (an Aggravation-style race, seed 004): its options, board and notation; the
native core plays it (core/games/marbles.rs).

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

from pegrace._core import CoreMove
from pegrace.board import RaceTrack, race_board
from pegrace.engine import core_number, core_options
from pegrace.errors import NotationError
from pegrace.games.entry import GameEntry
from pegrace.guide import Guide
from pegrace.moves import PASS, Move, Step
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.words import colour_name

REMOVED = core_number("marbles", "removed")  # a marble out of the game (War)
BASE = -1


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
    pitch = (
        "Race four marbles round a shared loop and home, sending back any rival you land "
        "on; alone, or in teams of two."
    )
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    piece_word = "marble"
    option_specs = core_options("marbles")

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        loop, lane, branch = self.core_track()
        board = race_board("marbles", self.all_colours, loop, loop // 4, lane, branch, "home")
        self.build_track(RaceTrack(board, self.all_colours, loop, lane, "base", "home"))
        self.war = self.options["mode"] == "war"

    @property
    def score_words(self) -> str:  # type: ignore[override]
        return "marbles left" if self.war else "how far their marbles got"

    def core_move(self, found: CoreMove) -> Move:
        if not found.uses:
            return PASS
        ((_, origin, target),) = found.uses
        return MarbleStep(found.owner, origin, target, found.text)

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
        if self.war and position >= self.track.loop_length:
            raise NotationError(f"{colour} marble {text!r}: there is no Home in War")
        return position

    def describe(self, state: State, move: Move) -> str:
        """``Move the marble from 10 to 13 and send Green back to base`` (a partner's marble
        named, its spaces counted from the partner's start; War removes marbles instead)."""
        if not isinstance(move, MarbleStep):
            return super().describe(state, move)
        owner = move.owner
        whose = "" if owner == state.current else colour_name(self.colours[owner])
        text = self.step_words(move.origin, move.target, whose)
        after = self.apply_move(state, move).pieces
        victims = [victim for victim, _ in self.sent_back(state.pieces, after, owner)]
        if not self.war:
            return text + self.sending_words(victims)
        for victim in victims:
            text += f" and remove a {colour_name(self.colours[victim])} marble from the game"
        return text


GUIDE = Guide(
    pop="1",
    pop_words="A 1: bring a marble out onto your start space, or move a marble 1.",
    text="""
Goal: Be the first to move all 4 of your marbles from your base, once round the shared loop and
into your Home.

A turn: Pop the dome to roll the die, then move one marble exactly that many spaces: a roll is
never split between marbles. If any marble can move, you must move one. Everyone pops once at
the start: the highest goes first.

Leaving the base: A 1 or a 6 brings a marble out of your base onto your start space (or moves a
marble already out). An opponent on your start space is sent back to its base.

Moving: Marbles move clockwise round a loop of 56 spaces, and jump over any marbles on the way.
You may move any of your marbles, but never land on your own.

Sending back: Land on another player's marble to send it back to its base. No space on the loop
is safe.

Sixes: A 6 gives you another pop, even when no marble could use it.

Home: After a full lap, from the space before your start, a marble turns into your Home of 4
spaces. It needs the exact number to reach an empty Home space, and may move on inside Home by
exact count. Marbles at Home are safe.

The end: The first with all 4 marbles Home wins, and the game stops there.

Teams: With the teams option, 4 players play as two teams, partners sitting opposite. You may
land on your partner's marble only when it is your only move, and then you must: it goes back to
its base. A team wins when all 8 of its marbles are Home; with partner roll, whoever is Home
first moves the partner's marbles.

War: In the war mode a marble you land on leaves the game for good; there is no Home, marbles
keep circling, and the last player with marbles left wins.
""",
)


ENTRY = GameEntry(
    rules=Marbles,
    guide=GUIDE,
    picture="pegrace.pictures.marbles",
    board="pegrace.web.boards.marbles",
    nodes_per_ms=7000.0,
    models={"marbles": {}},
)
