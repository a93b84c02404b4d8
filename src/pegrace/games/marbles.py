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

from pegrace.board import RaceTrack, race_board
from pegrace.engine import Option
from pegrace.errors import NotationError
from pegrace.moves import PASS, Move, Step
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.words import colour_name

LOOP = 56
HOME = 4
REMOVED = -2
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
    option_specs = (
        Option(
            "mode",
            "classic",
            ("classic", "war"),
            "classic: first to bring 4 marbles Home; war: captured marbles leave the game, "
            "no Home, the last player with marbles wins",
            choices_help={
                "classic": "the first to bring all 4 marbles Home wins",
                "war": (
                    "a marble you land on leaves the game for good; there is no Home, "
                    "marbles keep circling, and the last player with marbles left wins"
                ),
            },
        ),
        Option(
            "teams",
            "off",
            ("on", "off"),
            "4 players only: partners sit opposite (red+green against yellow+blue)",
            choices_help={
                "on": (
                    "4 players only: partners sit opposite, red and green against yellow and "
                    "blue, and a team wins when all 8 of its marbles are Home"
                ),
                "off": "everyone plays for themselves",
            },
        ),
        Option(
            "partner_roll",
            "on",
            ("on", "off"),
            "teams, classic: a player with all marbles Home rolls on and moves the "
            "partner's marbles",
            choices_help={
                "on": (
                    "with teams: a player whose marbles are all Home keeps rolling and moves "
                    "the partner's marbles"
                ),
                "off": (
                    "with teams: a player whose marbles are all Home sits out, and the "
                    "partner plays alone"
                ),
            },
        ),
        Option(
            "play_on",
            "off",
            ("on", "off"),
            "classic: off stops at the first winner; on plays on to decide every place",
            choices_help={
                "off": "the game stops at the first winner",
                "on": "play goes on, skipping finished players, until every place is decided",
            },
        ),
        Option(
            "turn_limit",
            "1000",
            (),
            "war: the game stops after this many turns, ranked by marbles left (0: no limit)",
        ),
    )

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        board = race_board("marbles", self.all_colours, LOOP, LOOP // 4, HOME, LOOP - 1, "home")
        self.build_track(RaceTrack(board, self.all_colours, LOOP, HOME, "base", "home"))
        self.war = self.options["mode"] == "war"

    @property
    def score_words(self) -> str:  # type: ignore[override]
        return "marbles left" if self.war else "how far their marbles got"

    def core_move(
        self,
        text: str,
        owner: int,
        uses: list[tuple[int, int, int]],
        path: list[int],
        backward: bool,
        from_start: bool,
    ) -> Move:
        if not uses:
            return PASS
        ((_, origin, target),) = uses
        return MarbleStep(owner, origin, target, text)

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
