"""Trouble (Hasbro): its options, board and notation; the native core plays it
(core/games/trouble.rs).

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

from pegrace.board import RaceTrack, race_board
from pegrace.engine import Option
from pegrace.race import RaceRules

LOOP = 28
LANE = 4


class Trouble(RaceRules):
    name = "trouble"
    title = "Trouble"
    pitch = "Pop the dome, race four pegs round the board, and send anyone you land on back home."
    version = 1
    all_colours = ("red", "yellow", "green", "blue")
    piece_word = "peg"
    option_specs = (
        Option(
            "turn_order",
            "clockwise",
            ("clockwise", "counterclockwise"),
            "direction turns pass round the table (pegs always move clockwise)",
            choices_help={
                "clockwise": "turns pass to the left, the way the pegs move",
                "counterclockwise": "turns pass to the right; pegs still move clockwise",
            },
        ),
        Option(
            "voluntary_pass",
            "on",
            ("on", "off"),
            "a player may pass even when a peg could move",
            choices_help={
                "on": "you may pass your turn even when a peg could move",
                "off": "you may pass only when no peg can move",
            },
        ),
        Option(
            "six_bonus",
            "always",
            ("always", "if-played"),
            "a 6 grants another pop always, or only when the 6 moved a peg",
            choices_help={
                "always": "every 6 gives another pop, even a 6 no peg could use",
                "if-played": "a 6 gives another pop only when it moved a peg",
            },
        ),
        Option(
            "three_sixes",
            "off",
            ("off", "forfeit"),
            "forfeit: a third 6 in a row is not played and ends the turn",
            choices_help={
                "off": "no limit: every 6 in a row gives another pop",
                "forfeit": "a third 6 in a row is not played, and the turn passes at once",
            },
        ),
        Option(
            "finish",
            "exact",
            ("exact", "deepest-first"),
            "exact: any free finish slot by exact count, moves inside the lane allowed; "
            "deepest-first: each peg must land on the deepest free slot, no moves inside",
            choices_help={
                "exact": (
                    "a peg enters any free Finish slot by exact count, and may move on "
                    "inside the lane"
                ),
                "deepest-first": (
                    "each peg must land exactly on the deepest free Finish slot, "
                    "and pegs in the lane do not move"
                ),
            },
        ),
        Option(
            "play_on",
            "on",
            ("on", "off"),
            "on: play on after the winner to decide every place; off: stop at the first winner",
            choices_help={
                "on": "after the winner, the others play on for second and third place",
                "off": (
                    "the game stops at the first winner; the others are ranked by how far "
                    "their pegs got"
                ),
            },
        ),
        Option(
            "two_sets",
            "off",
            ("on", "off"),
            "2 players only: each plays two opposite colours and must finish both",
            choices_help={
                "on": (
                    "2 players only: each plays two opposite colours, and wins by finishing both"
                ),
                "off": "each player plays one colour",
            },
        ),
    )

    @property
    def one_player_sides(self) -> bool:
        return self.on("two_sets")

    def seat_colours(self, players: int) -> tuple[str, ...]:
        if self.options["two_sets"] == "on":
            return self.all_colours
        return super().seat_colours(players)

    def setup(self) -> None:
        board = race_board("trouble", self.all_colours, LOOP, LOOP // 4, LANE, LOOP - 1, "finish")
        self.build_track(RaceTrack(board, self.all_colours, LOOP, LANE, "home", "finish"))
