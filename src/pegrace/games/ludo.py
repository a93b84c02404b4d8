"""Ludo, on the shared engine: three rule sets chosen by the option ``variant``, each a
subclass of ``Ludo`` (``Ludo(players, options)`` builds the one the options name).

Rules used (docs/rules/ludo.md gives the seed sentence or issue ruling behind each):

``variant=two-dice`` (default; seed 002 with the board ruling of issue 3), ``TwoDiceLudo``
- Loop of 48 points walked counter-clockwise; starts at the corners 12 apart (red, green,
  yellow, blue, which is also the turn order). Safe spots: the 4 corners and the 4 mid-side
  points. A pin leaves the loop into its own lane at the mid-side point 42 steps from its
  start: 4 coloured points, then the exit (47 steps from start to exit).
- Each turn two dice, each used separately, in the order the player chooses, to move one
  pin (the same pin twice or two pins). A 6 may instead bring a pin from the base onto the
  start corner. A legal turn is a sequence of die uses; if both dice can be used (in some
  order) both must be; else one die that can be used is used; else the turn is skipped.
  After a double 6 the player rolls again.
- Landing (with either die) on a point that is not a safe spot sends every opponent pin
  there back to its base. Safe spots are shared; own pins stack anywhere.
- Exit by exact count only. First to bring all 4 pins out wins (option ``play_on``).

``variant=classic`` (one die), ``ClassicLudo``
- Loop of 52, starts 13 apart, home column of 5 then home (exact roll); a 6 brings a pin
  out onto its start square and gives another roll; option ``three_sixes=forfeit``
  (default): a third 6 in a row is not played and ends the turn.
- Landing on a single opponent sends it back to its base; two or more pins of one colour
  on a square form a block no opponent may pass or land on. Safe squares (the 4 starts and
  the 4 stars, 8 steps past each start) are shared and nothing is hit there (option
  ``safe_squares=off``: none are safe).

``variant=ludopy`` (Danish Ludo exactly as LUDOpy 1.5.0 plays it, quirks included):
``LudopyLudo`` in ludo_ludopy.py, which lists its rules.

Positions (each colour's own frame): -1 base, 0 start, then the loop, then the lane whose
last slot is the exit (two-dice), home (classic) or goal (ludopy). Two-dice: 0..42 loop,
43..46 lane:1..4, 47 exit. Classic and ludopy: 0..50 loop, 51..55 lane:1..5, 56 home/goal
(LUDOpy's own index is ours + 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pegrace.board import RaceTrack, race_board
from pegrace.dice import D6, TWO_D6
from pegrace.engine import Option, Pieces
from pegrace.errors import NotationError
from pegrace.moves import PASS, Move
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.words import colour_name, lower_first, sentence

TWO_DICE, CLASSIC, LUDOPY = "two-dice", "classic", "ludopy"

# LUDOpy's squares, in its own frame (0 home, 1 start, 52..56 home stretch, 57 goal)
LP_STARS = (5, 12, 18, 25, 31, 38, 44, 51)
LP_GLOBES = frozenset((9, 22, 35, 48))
# how a move into the last lane slot reads, by its name in the notation
GOAL_WORDS = {"exit": "out", "home": "home", "goal": "into the goal"}


@dataclass(frozen=True)
class LudoTrack(RaceTrack):
    """A RaceTrack whose last lane slot has a name of its own (exit, home or goal)."""

    goal_name: str = "exit"

    def position_name(self, position: int) -> str:
        if position == self.goal:
            return self.goal_name
        return super().position_name(position)

    def parse_position(self, colour: str, text: str) -> int:
        """As RaceTrack's, but the last lane slot is written by its own name only."""
        position = super().parse_position(colour, text)
        if position == self.goal and text.strip() != self.goal_name:
            raise NotationError(
                f"{colour} position {text!r} is not one of {self.base_name}, start, "
                f"track:0..{self.lane_start - 1}, {self.lane_name}:1..{self.lane_length - 1}, "
                f"{self.goal_name}"
            )
        return position


class DiceMove(Move):
    """A whole two-dice turn: the ordered die uses ``(die, origin, target)``, written
    ``5:track:3>track:8 2:track:8>track:10`` (origin and target in the mover's frame)."""

    __slots__ = ("text", "uses")

    def __init__(self, uses: tuple[tuple[int, int, int], ...], text: str) -> None:
        self.uses = uses
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceMove) and self.uses == other.uses

    def __hash__(self) -> int:
        return hash(self.uses)


class DieMove(Move):
    """LUDOpy's move: the pin at ``origin`` moved by ``die``, written ``track:3+5`` or
    ``base+6``; it ends on ``target`` (stars, the bounce at the goal; -1 when it is sent
    home)."""

    __slots__ = ("die", "origin", "target", "text")

    def __init__(self, origin: int, die: int, text: str, target: int) -> None:
        self.origin = origin
        self.die = die
        self.text = text
        self.target = target

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DieMove) and (self.origin, self.die) == (other.origin, other.die)

    def __hash__(self) -> int:
        return hash((self.origin, self.die))


class Ludo(RaceRules):
    """What the three rule sets share: options, the board builder and notation. Constructing it
    builds the subclass of the chosen ``variant``, whose moves and descriptions are its own."""

    name = "ludo"
    title = "Ludo"
    pitch = (
        "Two dice, four pins: sixes bring pins out, and landing on a rival sends it back to start."
    )
    version = 1
    all_colours = ("red", "green", "yellow", "blue")
    piece_word = "pin"
    is_ludopy = False
    variant: str
    track: LudoTrack
    option_specs = (
        Option(
            "variant",
            TWO_DICE,
            (TWO_DICE, CLASSIC, LUDOPY),
            "two-dice: seed 002 (48 points, two dice); classic: one die, 52 squares; "
            "ludopy: Danish Ludo exactly as the LUDOpy package plays it",
            choices_help={
                "two-dice": "two dice and a loop of 48 points (the rules above)",
                "classic": (
                    "the Ludo most people know: one die, 52 squares, a 6 brings a pin "
                    "out and rolls again, two pins of a colour make a block nobody may "
                    "land on or pass"
                ),
                "ludopy": (
                    "Danish Ludo exactly as the LUDOpy package plays it: one die, "
                    "globes, and stars that jump to the next star"
                ),
            },
        ),
        Option(
            "play_on",
            "off",
            ("on", "off"),
            "off: the game ends when the first player has all 4 pins out; on: play on for places",
            choices_help={
                "off": "the game ends when the first player has all 4 pins out",
                "on": "the others play on for the lower places",
            },
        ),
        Option(
            "three_sixes",
            "forfeit",
            ("forfeit", "off"),
            "classic only: a third 6 in a row is not played and ends the turn (off: no limit)",
            choices_help={
                "forfeit": "classic only: a third 6 in a row is not played, and the turn passes",
                "off": "no limit on sixes in a row",
            },
        ),
        Option(
            "safe_squares",
            "on",
            ("on", "off"),
            "classic only: the 4 start squares and 4 star squares are safe (off: none are)",
            choices_help={
                "on": (
                    "classic only: nobody can be hit on the 4 start squares and the 4 star squares"
                ),
                "off": "no square is safe: an opponent on your start is hit when you come out",
            },
        ),
    )

    def __new__(cls, players: int = 4, options: Mapping[str, str] | None = None) -> Ludo:
        """``Ludo(players, options)`` (and so ``get_rules``) builds the chosen variant's class."""
        chosen = cls
        if cls is Ludo:
            given = str((options or {}).get("variant", TWO_DICE))
            chosen = variant_class(cls.option("variant").check(given, cls.name))
        return super().__new__(chosen)

    def _build(self, loop: int, spacing: int, lane: int, branch: int, goal_name: str) -> None:
        """Called from a variant's ``setup``: the board and the finished row."""
        self.variant = self.options["variant"]
        board = race_board("ludo", self.all_colours, loop, spacing, lane, branch, "lane")
        self.build_track(LudoTrack(board, self.all_colours, loop, lane, "base", "lane", goal_name))

    def to_words(self, position: int) -> str:
        """As RaceRules', and the last lane slot by the variant's word for it: ``out``
        (two-dice Ludo's exit), ``home``, ``into the goal``."""
        if position == self.goal:
            return GOAL_WORDS[self.track.goal_name]
        return super().to_words(position)

    def piece_words(self, seat: int, position: int) -> str:
        if position == self.goal:
            where = {"exit": "out", "home": "home", "goal": "in the goal"}[self.track.goal_name]
            return f"{colour_name(self.colours[seat])} pin {where}"
        return super().piece_words(seat, position)

    # ------------------------------------------------------------------ notation
    def parse_piece(self, seat: int, text: str) -> int:
        colour = self.colours[seat]
        word = text.strip()
        if word == self.piece_text(seat, self.goal):
            return self.goal
        parts = word.split(":")
        if len(parts) == 3 and parts[0] == "lane":
            if parts[1] != colour:
                raise NotationError(
                    f"a {colour} pin cannot stand on {parts[1]}'s lane ({word!r}): "
                    "each colour enters its own lane only"
                )
            word = f"lane:{parts[2]}"
        return self.track.parse_position(colour, word)

    def check_pieces(self, pieces: Pieces) -> None:
        """Counts, and no two colours on one square that is not safe. Own pins may stack."""
        self._check_counts(pieces)
        seen: dict[int, str] = {}
        for seat, row in enumerate(pieces):
            colour = self.colours[seat]
            for p in row:
                if 0 <= p < self.lane_start:
                    space = self.abs_of[seat][p]
                    if space in seen and seen[space] != colour and space not in self.safe:
                        raise NotationError(
                            f"{seen[space]} and {colour} pins both on space:{space}, "
                            "which is not a safe square"
                        )
                    seen[space] = colour

    def _check_counts(self, pieces: Pieces) -> None:
        for seat, row in enumerate(pieces):
            if len(row) != self.pieces_per_colour:
                raise NotationError(
                    f"{self.colours[seat]} has {len(row)} pins; ludo needs {self.pieces_per_colour}"
                )


class TwoDiceLudo(Ludo):
    """Seed 002's two-dice Ludo: a move is a whole turn of die uses (``DiceMove``)."""

    def setup(self) -> None:
        self.dice = TWO_D6
        self._build(48, 12, 5, 42, "exit")
        self.safe = frozenset(range(0, 48, 6))  # corners and mid-side points

    def core_move(self, text: str, owner: int, uses: list[tuple[int, int, int]],
                  path: list[int], backward: bool, from_start: bool) -> Move:  # fmt: skip
        return DiceMove(tuple(uses), text) if uses else PASS

    def describe(self, state: State, move: Move) -> str:
        """Each die's use in turn (``Bring a pin out with the 6, then move it on to 3 with
        the 3``), and whom each sends back."""
        if not isinstance(move, DiceMove):
            return super().describe(state, move)
        seat = state.current
        after = self.apply_move(state, move).pieces
        # the points pins were sent back from: each is the landing of the first use onto it
        lost = {
            (self.abs_of[victim][p], victim)
            for victim, positions in self.sent_back(state.pieces, after, seat)
            for p in positions
        }
        parts, moved = [], None
        for die, origin, target in move.uses:
            if origin >= 0 and origin == moved:
                text = f"move it on {self.to_words(target)} with the {die}"
            else:
                text = f"{lower_first(self.step_words(origin, target))} with the {die}"
            moved = target
            space = self.abs_of[seat][target] if target < self.lane_start else None
            victims = sorted(v for point, v in lost if point == space)
            lost -= {(space, v) for v in victims}
            parts.append(text + self.sending_words(victims))
        return sentence(", then ".join(parts))


class ClassicLudo(Ludo):
    """Classic one-die Ludo: blocks, safe squares, a 6 rolls again (third 6 forfeited)."""

    def setup(self) -> None:
        self.dice = D6
        self._build(52, 13, 6, 50, "home")
        starts = range(0, 52, 13)
        self.safe = (
            frozenset([*starts, *(s + 8 for s in starts)])
            if self.on("safe_squares")
            else frozenset()
        )


def variant_class(variant: str) -> type[Ludo]:
    """The rules class of a (checked) ``variant`` value."""
    if variant == LUDOPY:
        from pegrace.games.ludo_ludopy import LudopyLudo  # it builds on this module

        return LudopyLudo
    return ClassicLudo if variant == CLASSIC else TwoDiceLudo
