"""Ludo ``variant=ludopy``: Danish Ludo exactly as the LUDOpy 1.5.0 package plays it,
quirks included (docs/rules/ludo.md section 3), played by the native core (core/games/ludo/,
``LudopyLudo``) and checked move for move against the package by
tests/games/test_ludo_ludopy.py. ``get_rules("ludo", n, {"variant": "ludopy"})`` builds it.

Rules used:
- One die; player 0 (red) starts, no roll-off; 4 seats in LUDOpy's order, absent seats are
  LUDOpy's ghost players.
- In round 1 a player whose pins are all at home after its roll rolls again, up to 3 times
  (4 rolls); a 6 there brings a pin out and ends the turn. From round 2 every 6 gives
  another roll, without limit.
- Any pin not at goal may move (home pins only with a 6, to the start); useless and
  suicidal moves are legal. Landing resolution, globes, enemy globes, stars, the goal
  star, the bounce at the goal and the home-stretch quirk follow ``Player.move_piece``
  (see ``LudopyLudo._plan``).

Positions are ours, LUDOpy's index minus 1: -1 home (its 0), 0 start, 0..50 the loop,
51..55 the home stretch (its 52..56), 56 the goal (its 57).
"""

from __future__ import annotations

from pegrace._core import CoreMove
from pegrace.engine import core_numbers
from pegrace.games.ludo.common import LUDOPY, Ludo
from pegrace.i18n import N_, Arg, Said
from pegrace.moves import PASS, Move
from pegrace.state import State
from pegrace.words import Sentence, Sentences, Who

# LUDOpy's squares, in its own frame (0 home, 1 start, 52..56 home stretch, 57 goal), as the
# core names them (core/games/ludo/ludopy.rs, FACTS)
LP_STARS = core_numbers("ludo", "ludopy_stars")
LP_GLOBES = frozenset(core_numbers("ludo", "ludopy_globes"))

# how LUDOpy's moves read, to the player and told of them: a pin brought out, moved to a
# space, into the goal ("finish") or sent back to base by where it lands ("sent back")
SENTENCES: Sentences = {
    ("bring", ""): Sentence(
        # TRANSLATORS: {die} is the number of the die used ("with the 6")
        N_("Bring a pin out with the {die}"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
        N_("{who} brings a pin out with the {die}"),
    ),
    ("bring", "send"): Sentence(
        # TRANSLATORS: {victims}: the players whose pins it sends back ("Green and Blue")
        N_("Bring a pin out with the {die} and send {victims} back to base"),
        N_("{who} brings a pin out with the {die} and sends {victims} back to base"),
    ),
    ("move", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces: "start", "7", "lane 2"
        N_("Move the pin from {origin} with the {die} to {target}"),
        N_("{who} moves the pin from {origin} with the {die} to {target}"),
    ),
    ("move", "send"): Sentence(
        N_("Move the pin from {origin} with the {die} to {target} and send {victims} back to base"),
        N_(
            "{who} moves the pin from {origin} with the {die} to {target} and sends {victims} "
            "back to base"
        ),
    ),
    ("finish", ""): Sentence(
        N_("Move the pin from {origin} with the {die} into the goal"),
        N_("{who} moves the pin from {origin} with the {die} into the goal"),
    ),
    ("finish", "send"): Sentence(
        N_(
            "Move the pin from {origin} with the {die} into the goal and send {victims} back "
            "to base"
        ),
        N_(
            "{who} moves the pin from {origin} with the {die} into the goal and sends {victims} "
            "back to base"
        ),
    ),
    ("sent back", ""): Sentence(
        # TRANSLATORS: the pin lands where an opponent sends it back to its own base
        N_("Move the pin from {origin} with the {die}: it is sent back to base"),
        N_("{who} moves the pin from {origin} with the {die}: it is sent back to base"),
    ),
    ("sent back", "send"): Sentence(
        # TRANSLATORS: the pin sends {victims} back, then lands where it is sent back itself
        N_(
            "Move the pin from {origin} with the {die}: it sends {victims} back to base and is "
            "sent back itself"
        ),
        N_(
            "{who} moves the pin from {origin} with the {die}: it sends {victims} back to base "
            "and is sent back itself"
        ),
    ),
}


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


class LudopyLudo(Ludo, variant=LUDOPY):
    """The LUDOpy rule set: its board, notation and how its moves read."""

    is_ludopy = True
    sentences = SENTENCES

    def setup(self) -> None:
        self._build()
        # LUDOpy's player index of each seat (absent colours are its ghost players)
        self.lp_index = tuple(self.all_colours.index(c) for c in self.colours)

    def core_move(self, found: CoreMove) -> Move:
        if not found.uses:
            return PASS
        ((die, origin, target),) = found.uses
        return DieMove(origin, die, found.text, target)

    def piece_uses(self, state: State, move: Move) -> tuple[int, list[tuple[int, int, int]]]:
        """The mover's one die use (where the pin ends: stars and the bounce included)."""
        assert isinstance(move, DieMove), move
        return state.current, [(move.origin, move.target, move.die)]

    # ------------------------------------------------------------------ notation
    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """Where the pin ends (``Move the pin from 3 with the 1 to 11``: stars jump it on),
        and whom it sends back, in the order it meets them."""
        if not isinstance(move, DieMove):
            return super().describe(state, move, who)
        seat, end = state.current, move.target
        if move.origin < 0:
            kind = "bring"
        elif end < 0:
            kind = "sent back"
        else:
            kind = "finish" if end == self.goal else "move"
        lp = self.lp_index
        met = sorted(
            (self.rel_at[seat][self.abs_of[victim][p]], (lp[victim] - lp[seat]) % 4, victim)
            for victim, p in self.victims(state, move)
        )
        victims = list(dict.fromkeys(victim for *_, victim in met))
        args: dict[str, Arg] = {"die": move.die}
        if victims:
            args["victims"] = self.victims_words(victims)
        return self.step_words(seat, move.origin, end, who, kind, "send" if victims else "", args)
