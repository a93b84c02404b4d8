"""Trouble (Hasbro): its options, board and notation; the native core plays it
(core/games/trouble/).

Rules used (docs/rules/trouble.md gives the seed sentence behind each):
- 2-4 players; colours red, yellow, green, blue, starts 7 apart on a loop of 28;
  with 2 players the colours sit opposite (red, green).
- Roll-off with one pop each, ties re-popped among the tied highest only.
- Turn order clockwise (option ``turn_order=counterclockwise``); pegs move clockwise.
- A 6 brings a peg from home to start (not when an own peg is on start; an
  opponent there is sent home). A 6 always grants another pop (option
  ``six_bonus=if-played``); option ``three_sixes=forfeit`` loses the third six.
- Move exactly the pop; never onto an own peg; landing on an opponent sends it home.
- Finish slot N is reached with N + (spaces left to complete the loop); pegs move
  on inside the lane by exact count (option ``finish=deepest-first``: fill from
  the back, no moves inside the lane).
- No move: the turn passes. Option ``voluntary_pass`` (on): passing is always allowed.
- Play on for every place (option ``play_on=off``: stop at the first winner).
- Option ``two_sets`` for 2 players: each plays two opposite colours.

Positions (each colour's own frame): -1 home, 0 start, 1..27 the loop, 28..31
finish slots 1..4.
"""

from __future__ import annotations

from pegrace.engine import core_options
from pegrace.games.entry import GameEntry
from pegrace.guide import Guide
from pegrace.i18n import N_
from pegrace.race import RaceRules
from pegrace.words import Sentence, Sentences

# how Trouble's moves read, to the player and told of them
SENTENCES: Sentences = {
    ("bring", ""): Sentence(
        N_("Bring a peg out"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
        N_("{who} brings a peg out"),
    ),
    ("bring", "send"): Sentence(
        # TRANSLATORS: {victims}: the players whose pegs it sends back home ("Green and Blue")
        N_("Bring a peg out and send {victims} home"),
        N_("{who} brings a peg out and sends {victims} home"),
    ),
    ("move", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces: "start", "7", "finish 2"
        N_("Move the peg from {origin} to {target}"),
        N_("{who} moves the peg from {origin} to {target}"),
    ),
    ("move", "send"): Sentence(
        N_("Move the peg from {origin} to {target} and send {victims} home"),
        N_("{who} moves the peg from {origin} to {target} and sends {victims} home"),
    ),
}
# a peg where it stands, for people who cannot see the board
STANDING = {
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their peg, waiting to come out
    "base": N_("{colour} peg at home"),
    "space": N_("{colour} peg on space {number}"),
    # TRANSLATORS: {space} is a space's name: "start", "finish 2"
    "on": N_("{colour} peg on {space}"),
}


class Trouble(RaceRules):
    name = "trouble"
    title = "Trouble"
    pitch = "Pop the dome, race four pegs round the board, and send anyone you land on back home."
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    sentences = SENTENCES
    standing = STANDING
    option_specs = core_options("trouble")


GUIDE = Guide(
    pop="6",
    pop_words="A 6: bring a peg out onto your start space, or move a peg 6, then pop again.",
    text="""
Goal: Be the first to move all 4 of your pegs out of Home, once round the board and into your
Finish lane.

A turn: Pop the dome to roll the die, then move one peg exactly that many spaces. Everyone pops
once at the start: the highest number goes first, and ties pop again.

Leaving Home: Only a 6 brings a peg out of Home, onto your start space (not while one of your
own pegs stands there). An opponent on your start space is sent back to its Home.

Moving: Pegs move clockwise, counting every space, empty or not. You can never land on your own
peg. If no peg can move, the turn passes; you may also pass when you would rather not move.

Sending home: Land exactly on an opponent's peg to send it back to its Home. Jumping over pegs
does nothing. No space on the loop is safe.

Sixes: A 6 gives you another pop, even when no peg could use it.

Finishing: After one lap a peg turns into your own Finish lane of 4 slots instead of passing
your start: it needs the exact number to reach a free slot, and may move on inside the lane by
exact count. Nobody else enters your lane, so pegs there are safe.

The end: The first to bring all 4 pegs into Finish wins; the others play on for second and third
place.
""",
)


ENTRY = GameEntry(
    rules=Trouble,
    guide=GUIDE,
    nodes_per_ms=7900.0,
)
