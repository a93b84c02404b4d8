"""Marbles (an Aggravation-style race, seed 004): its options, board and notation; the
native core plays it (core/games/marbles/).

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
from pegrace.engine import core_number, core_options
from pegrace.games.entry import GameEntry
from pegrace.guide import Guide
from pegrace.i18n import N_, Arg, Said, said
from pegrace.moves import PASS, Move, Step
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.words import Sentence, Sentences, Who, colour_name

REMOVED = core_number("marbles", "removed")  # a marble out of the game (War)
BASE = -1

# how Marbles' moves read, to the player and told of them: a marble of the mover's or (partner
# roll) of its partner's, and what it does to a marble it lands on (War: "remove" it)
SENTENCES: Sentences = {
    ("bring", ""): Sentence(
        N_("Bring a marble out"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
        N_("{who} brings a marble out"),
    ),
    ("bring", "send"): Sentence(
        # TRANSLATORS: {victims}: the players whose marbles it sends back ("Green and Blue")
        N_("Bring a marble out and send {victims} back to base"),
        N_("{who} brings a marble out and sends {victims} back to base"),
    ),
    ("bring", "remove"): Sentence(
        # TRANSLATORS: {victim} is a player's colour name ("Green"): one of their marbles
        N_("Bring a marble out and remove a {victim} marble from the game"),
        N_("{who} brings a marble out and removes a {victim} marble from the game"),
    ),
    ("bring partner's", ""): Sentence(
        # TRANSLATORS: {owner} is the partner's colour name ("Green"): one of their marbles
        N_("Bring one of {owner}'s marbles out"),
        N_("{who} brings one of {owner}'s marbles out"),
    ),
    ("bring partner's", "send"): Sentence(
        N_("Bring one of {owner}'s marbles out and send {victims} back to base"),
        N_("{who} brings one of {owner}'s marbles out and sends {victims} back to base"),
    ),
    ("bring partner's", "remove"): Sentence(
        N_("Bring one of {owner}'s marbles out and remove a {victim} marble from the game"),
        N_("{who} brings one of {owner}'s marbles out and removes a {victim} marble from the game"),
    ),
    ("move", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces: "start", "7", "home 2"
        N_("Move the marble from {origin} to {target}"),
        N_("{who} moves the marble from {origin} to {target}"),
    ),
    ("move", "send"): Sentence(
        N_("Move the marble from {origin} to {target} and send {victims} back to base"),
        N_("{who} moves the marble from {origin} to {target} and sends {victims} back to base"),
    ),
    ("move", "remove"): Sentence(
        N_("Move the marble from {origin} to {target} and remove a {victim} marble from the game"),
        N_(
            "{who} moves the marble from {origin} to {target} and removes a {victim} marble "
            "from the game"
        ),
    ),
    ("move partner's", ""): Sentence(
        # TRANSLATORS: {owner} is the partner's colour name ("Green"): their marble
        N_("Move {owner}'s marble from {origin} to {target}"),
        N_("{who} moves {owner}'s marble from {origin} to {target}"),
    ),
    ("move partner's", "send"): Sentence(
        N_("Move {owner}'s marble from {origin} to {target} and send {victims} back to base"),
        N_(
            "{who} moves {owner}'s marble from {origin} to {target} and sends {victims} back "
            "to base"
        ),
    ),
    ("move partner's", "remove"): Sentence(
        N_(
            "Move {owner}'s marble from {origin} to {target} and remove a {victim} marble from "
            "the game"
        ),
        N_(
            "{who} moves {owner}'s marble from {origin} to {target} and removes a {victim} "
            "marble from the game"
        ),
    ),
}
# a marble where it stands, for people who cannot see the board
STANDING = {
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their marble, waiting to come out
    "base": N_("{colour} marble in base"),
    "space": N_("{colour} marble on space {number}"),
    # TRANSLATORS: {space} is a space's name: "start", "home 2"
    "on": N_("{colour} marble on {space}"),
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their marble, removed (War)
    "removed": N_("{colour} marble out of the game"),
}


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
    short_title = "Marbles"
    pitch = (
        "Race four marbles round a shared loop and home, sending back any rival you land "
        "on; alone, or in teams of two."
    )
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    sentences = SENTENCES
    standing = STANDING
    option_specs = core_options("marbles")

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        super().setup()
        self.war = self.circling = self.options["mode"] == "war"

    @property
    def score_words(self) -> Said:  # type: ignore[override]
        if self.war:
            # TRANSLATORS: what ranks the players when a game of War stops at its turn limit
            # ("ranked by marbles left")
            return said("marbles left")
        # TRANSLATORS: what ranks the players when a game stops at its first winner
        # ("ranked by how far their marbles got")
        return said("how far their marbles got")

    def core_move(self, found: CoreMove) -> Move:
        if not found.uses:
            return PASS
        ((_, origin, target),) = found.uses
        return MarbleStep(found.owner, origin, target, found.text)

    def piece_uses(self, state: State, move: Move) -> tuple[int, list[tuple[int, int, int]]]:
        """The marble's owner (the mover, or with partner roll its partner) and its step."""
        assert isinstance(move, MarbleStep), move
        return move.owner, [(move.origin, move.target, 0)]

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """``Move the marble from 10 to 13 and send Green back to base`` (a partner's marble
        named, its spaces counted from the partner's start; War removes marbles instead)."""
        if not isinstance(move, MarbleStep):
            return super().describe(state, move, who)
        owner = move.owner
        kind = "bring" if move.origin < 0 else "move"
        args: dict[str, Arg] = {}
        if owner != state.current:
            kind, args["owner"] = f"{kind} partner's", colour_name(self.colours[owner])
        victims = list(dict.fromkeys(victim for victim, _ in self.victims(state, move)))
        ending = ""
        if victims and self.war:  # one marble at most: a space holds one
            ending, args["victim"] = "remove", self.victims_words(victims)
        elif victims:
            ending, args["victims"] = "send", self.victims_words(victims)
        return self.step_words(owner, move.origin, move.target, who, kind, ending, args)


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
    nodes_per_ms=7000.0,
)
