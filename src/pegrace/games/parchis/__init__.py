"""Parchís, the Spanish game: its colours, notation and how its moves read; the native core
plays it (core/games/parchis/, whose header lists the exact rules; docs/rules/parchis.md gives
the source behind each).

Positions (each colour's own frame): home, track:0 (its exit) .. track:63, lane:1..7 (its home
column), goal.
"""

from __future__ import annotations

from pegrace.engine import core_number, core_options
from pegrace.games.entry import GameEntry
from pegrace.guide import Guide
from pegrace.i18n import N_, Said, said
from pegrace.moves import Move, Step
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.words import Sentence, Sentences, Who, colour_name

# how Parchís' moves read, to the player and told of them
SENTENCES: Sentences = {
    ("bring", ""): Sentence(
        N_("Bring a piece out"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Yellow")
        N_("{who} brings a piece out"),
    ),
    ("bring", "send"): Sentence(
        # TRANSLATORS: {victims}: the players whose pieces it sends home ("Red and Green")
        N_("Bring a piece out and send {victims} home"),
        N_("{who} brings a piece out and sends {victims} home"),
    ),
    ("move", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces: "5", "22", "lane 2"
        N_("Move the piece from {origin} to {target}"),
        N_("{who} moves the piece from {origin} to {target}"),
    ),
    ("move", "send"): Sentence(
        N_("Move the piece from {origin} to {target} and send {victims} home"),
        N_("{who} moves the piece from {origin} to {target} and sends {victims} home"),
    ),
    ("finish", ""): Sentence(
        # TRANSLATORS: a move that takes the piece into the goal, the board's centre
        N_("Move the piece from {origin} into the goal"),
        N_("{who} moves the piece from {origin} into the goal"),
    ),
}
# a piece where it stands, for people who cannot see the board
# the number the board prints on the space each colour leaves home onto (core/games/parchis/)
PRINTED_EXIT = core_number("parchis", "printed_exit")
STANDING = {
    # TRANSLATORS: {colour} is a player's colour name ("Yellow"): their piece, waiting to come out
    "base": N_("{colour} piece at home"),
    "space": N_("{colour} piece on space {number}"),
    # TRANSLATORS: {space} is a space's name: "lane 2"
    "on": N_("{colour} piece on {space}"),
}
# TRANSLATORS: where a move takes a piece: into the goal at the board's centre (Parchís)
INTO_GOAL = N_("into the goal")
# TRANSLATORS: a place's name on Parchís' board: the centre all pieces race to
GOAL = N_("goal")
# TRANSLATORS: {colour} is a player's colour name ("Yellow"): their piece, in the goal
IN_GOAL = N_("{colour} piece in the goal")
# TRANSLATORS: a move the rules grant with no roll: {move} is the move in words ("Move the
# piece from 3 to 23"), {count} how far it goes (20 after a capture, 10 on reaching the goal)
BONUS_MOVE = N_("{move} (a bonus of {count})")


class Parchis(RaceRules):
    name = "parchis"
    title = "Parchís"
    pitch = (
        "The Spanish race: a 5 brings a piece out, two pieces make a wall nobody passes, and a "
        "capture earns a run of 20."
    )
    version = 1
    all_colours = ("yellow", "blue", "red", "green")
    sentences = SENTENCES
    standing = STANDING
    option_specs = core_options("parchis")
    printed_numbers = True

    def printed(self, space: int) -> int:
        """The number the board prints on the track's ``space`` (1 to 68)."""
        loop = self.track.loop_length
        return (space + PRINTED_EXIT - 1) % loop + 1

    def _spot_words(self, seat: int, position: int) -> Said | str:
        """As RaceRules', the track by the numbers the board prints (every colour's alike)."""
        if 0 <= position < self.lane_start:
            return str(self.printed(self.abs_of[seat][position]))
        return super()._spot_words(seat, position)

    def to_words(self, seat: int, position: int) -> Said:
        if position == self.goal:
            return said(INTO_GOAL)
        return super().to_words(seat, position)

    def goal_words(self) -> Said:
        return said(GOAL)

    def _piece_words(self, seat: int, position: int) -> Said:
        if position == self.goal:
            return said(IN_GOAL, colour=colour_name(self.colours[seat]))
        return super()._piece_words(seat, position)

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """As RaceRules', a move into the goal in a sentence of its own, and a bonus move
        saying so (``Move the piece from 3 to 23 (a bonus of 20)``)."""
        if isinstance(move, Step) and move.target == self.goal:  # nobody is sent back there
            words = self.step_words(state.current, move.origin, move.target, who, "finish")
        else:
            words = super().describe(state, move, who)
        bonus = self.bonus(state)
        return said(BONUS_MOVE, move=words, count=bonus) if bonus and not move.is_pass else words


GUIDE = Guide(
    pop="5",
    pop_words="A 5: bring a piece out of home onto your exit.",
    text="""
Goal: Be the first to bring all 4 of your pieces from home, round the board and up your own
column into the goal at the centre.

A turn: Roll the die and move one piece exactly that many spaces. Everyone rolls once at the
start: the highest number goes first, and ties roll again.

Leaving home: A 5 brings a piece out onto your exit space, and while a piece is at home and
your exit has room you must use a 5 for that. A rival piece alone on your exit shares it; if
two pieces already stand there and one is a rival's, yours comes out and sends it home.

Moving: Pieces go counter-clockwise round 68 spaces, counting every space. Two pieces of one
colour on a space make a wall: nobody may pass it, yours included. No space ever holds more
than two pieces.

Safe spaces: The 12 marked spaces (each exit among them): nobody is captured there, and two
colours may share them.

Capturing: Land exactly on a lone rival piece on a space that is not safe to send it home. A
capture earns a bonus: move any of your pieces 20 spaces at once (lost if none can).

Sixes: A 6 rolls again, and counts 7 when none of your pieces is at home. With a 6 you must
open one of your walls if a piece of it can move. A third 6 in a row is not played: the piece
you moved last goes home (unless it is in your column), and the turn passes.

Finishing: After nearly a lap a piece turns up your own column of 7 spaces to the goal; it
needs the exact number. Reaching the goal earns a bonus of 10 for any of your pieces.

The end: The first with all 4 pieces in the goal wins.
""",
)


ENTRY = GameEntry(
    rules=Parchis,
    guide=GUIDE,
    nodes_per_ms=6000.0,
)
