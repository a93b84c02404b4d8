"""Ludo, on the shared engine: three rule sets chosen by the option ``variant``, each a
subclass of ``Ludo`` (common.py) in a module of its own, as core/games/ludo/ holds them:
two_dice.py, classic.py, ludopy.py. ``ludo_rules(players, options)`` (the game registry's
maker for Ludo, and so ``get_rules``) builds the one the options name.

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
``LudopyLudo`` in ludopy.py, which lists its rules.

Positions (each colour's own frame): -1 base, 0 start, then the loop, then the lane whose
last slot is the exit (two-dice), home (classic) or goal (ludopy). Two-dice: 0..42 loop,
43..46 lane:1..4, 47 exit. Classic and ludopy: 0..50 loop, 51..55 lane:1..5, 56 home/goal
(LUDOpy's own index is ours + 1).
"""

from __future__ import annotations

from collections.abc import Mapping

from pegrace.games.entry import GameEntry
from pegrace.games.ludo.classic import ClassicLudo
from pegrace.games.ludo.common import CLASSIC, GOAL_WORDS, LUDOPY, TWO_DICE, Ludo
from pegrace.games.ludo.ludopy import LP_GLOBES, LP_STARS, DieMove, LudopyLudo
from pegrace.games.ludo.two_dice import DiceMove, TwoDiceLudo
from pegrace.guide import Guide

__all__ = [
    "CLASSIC",
    "GOAL_WORDS",
    "LP_GLOBES",
    "LP_STARS",
    "LUDOPY",
    "TWO_DICE",
    "ClassicLudo",
    "DiceMove",
    "DieMove",
    "Ludo",
    "LudopyLudo",
    "TwoDiceLudo",
    "ludo_rules",
    "variant_class",
]


def variant_class(variant: str) -> type[Ludo]:
    """The rules class of a (checked) ``variant`` value: the subclass that says it plays it."""
    return Ludo.of_variant(variant)


def ludo_rules(players: int = 4, options: Mapping[str, str] | None = None) -> Ludo:
    """Ludo's rules for ``players`` with ``options``: the class of the ``variant`` they name."""
    given = str((options or {}).get("variant", TWO_DICE))
    return variant_class(Ludo.option("variant").check(given, Ludo.name))(players, options)


GUIDE = Guide(
    pop="6+3",
    pop_words="A 6 and a 3: bring a pin out with the 6 and move it on 3, or move two pins.",
    text="""
Goal: Be the first to bring all 4 of your pins round the board and out at your exit. These are
the rules of two-dice Ludo, the default variant.

A turn: Pop the dome to roll two dice. Each die moves a pin on its own, in the order you
choose: one pin twice, or two pins once each. You must use both dice if some order lets you; a
die no pin can use is lost. Everyone pops once at the start: the highest goes first.

Leaving the base: A 6 on either die may bring a pin out of your base onto your start corner.
With no pin out and no 6, the turn passes.

Moving: Pins run counter-clockwise round a loop of 48 points, counting every point. Your own
pins may share a point; nothing blocks the way.

Sending home: Landing with either die on a point that is not a safe spot sends every opponent
pin there back to its base. Passing over pins does nothing.

Safe spots: The 4 corners (the starts) and the 4 points in the middle of the sides: nobody is
hit there, and colours may share them.

Sixes: A double 6 may bring two pins out, and after it you pop again, even if the sixes could
not be used.

Finishing: After nearly a lap, at the middle of the side before your start, a pin turns into
your own lane of 4 coloured points and then the exit. It needs the exact number to reach the
exit.

The end: The first with all 4 pins out wins, and the game stops there.

Other variants: Classic Ludo plays with one die on 52 squares: a 6 brings a pin out and rolls
again, and two pins of a colour form a block nobody may land on or pass. LUDOpy's Danish Ludo
adds globes and stars that jump to the next star. Choose one with the variant option below.
""",
)


ENTRY = GameEntry(
    rules=Ludo,
    guide=GUIDE,
    nodes_per_ms=3500.0,
    make=ludo_rules,
)
