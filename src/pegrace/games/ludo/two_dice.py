"""Ludo ``variant=two-dice`` (the default; seed 002): a move is a whole turn of die uses."""

from __future__ import annotations

from pegrace._core import CoreMove
from pegrace.games.ludo.common import TWO_DICE, Ludo
from pegrace.i18n import N_, Arg, Said, said
from pegrace.moves import PASS, Move
from pegrace.state import State
from pegrace.words import Sentence, Sentences, Who, pick

# how a turn's first die use reads (a turn of one use: the whole turn), to the player and told
# of them: a pin brought out, moved to a space, or out at the exit ("finish")
FIRST: Sentences = {
    ("bring", ""): Sentence(
        # TRANSLATORS: {die} is the number of the die used ("with the 6")
        N_("Bring a pin out with the {die}"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
        N_("{who} brings a pin out with the {die}"),
    ),
    ("move", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces: "start", "7", "lane 2"
        N_("Move the pin from {origin} to {target} with the {die}"),
        N_("{who} moves the pin from {origin} to {target} with the {die}"),
    ),
    ("move", "send"): Sentence(
        # TRANSLATORS: {victims}: the players whose pins it sends back ("Green and Blue")
        N_("Move the pin from {origin} to {target} with the {die} and send {victims} back to base"),
        N_(
            "{who} moves the pin from {origin} to {target} with the {die} and sends {victims} "
            "back to base"
        ),
    ),
    ("finish", ""): Sentence(
        # TRANSLATORS: a move that takes the pin out at its exit: its race is run
        N_("Move the pin from {origin} out with the {die}"),
        N_("{who} moves the pin from {origin} out with the {die}"),
    ),
}
# how each next die use reads, going on from the first ("{first}, then {next}"): the same,
# and the pin just moved moved on ("on") to a space or out at the exit ("on finish")
THEN: Sentences = {
    ("bring", ""): Sentence(
        # TRANSLATORS: a die use going on from another ("..., then bring a pin out with the 6")
        N_("bring a pin out with the {die}"),
        # TRANSLATORS: a die use going on from another, told of the player it names
        # ("Red moves the pin from 4 to 7 with the 3, then brings a pin out with the 6")
        N_("brings a pin out with the {die}"),
    ),
    ("move", ""): Sentence(
        N_("move the pin from {origin} to {target} with the {die}"),
        N_("moves the pin from {origin} to {target} with the {die}"),
    ),
    ("move", "send"): Sentence(
        N_("move the pin from {origin} to {target} with the {die} and send {victims} back to base"),
        N_(
            "moves the pin from {origin} to {target} with the {die} and sends {victims} back to "
            "base"
        ),
    ),
    ("finish", ""): Sentence(
        N_("move the pin from {origin} out with the {die}"),
        N_("moves the pin from {origin} out with the {die}"),
    ),
    ("on", ""): Sentence(
        # TRANSLATORS: the pin the die before moved, moved on ("..., then move it on to 3 with
        # the 3")
        N_("move it on to {target} with the {die}"),
        N_("moves it on to {target} with the {die}"),
    ),
    ("on", "send"): Sentence(
        N_("move it on to {target} with the {die} and send {victims} back to base"),
        N_("moves it on to {target} with the {die} and sends {victims} back to base"),
    ),
    ("on finish", ""): Sentence(
        N_("move it on out with the {die}"),
        N_("moves it on out with the {die}"),
    ),
}


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


class TwoDiceLudo(Ludo, variant=TWO_DICE):
    """Seed 002's two-dice Ludo: a move is a whole turn of die uses (``DiceMove``)."""

    def setup(self) -> None:
        self._build()

    def core_move(self, found: CoreMove) -> Move:
        return DiceMove(found.uses, found.text) if found.uses else PASS

    def piece_uses(self, state: State, move: Move) -> tuple[int, list[tuple[int, int, int]]]:
        """The mover's die uses, in the order played."""
        assert isinstance(move, DiceMove), move
        return state.current, [(origin, target, die) for die, origin, target in move.uses]

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """Each die's use in turn (``Bring a pin out with the 6, then move it on to 3 with
        the 3``), and whom each sends back."""
        if not isinstance(move, DiceMove):
            return super().describe(state, move, who)
        seat = state.current
        # the points pins were sent back from: each is the landing of the first use onto it
        lost = {(self.abs_of[victim][p], victim) for victim, p in self.victims(state, move)}
        words: Said | None = None
        moved = None
        for die, origin, target in move.uses:
            space = self.abs_of[seat][target] if target < self.lane_start else None
            victims = sorted(v for point, v in lost if point == space)
            lost -= {(space, v) for v in victims}
            use = self._use_words(
                seat, die, origin, target, origin >= 0 and origin == moved, victims
            )
            if words is None:
                words = pick(FIRST, *use[0]).words(who, **use[1])
            else:
                then = pick(THEN, *use[0]).words(who, **use[1])
                # TRANSLATORS: a two-dice Ludo turn, die by die: {first} is a whole sentence
                # ("Bring a pin out with the 6"), {next} what the player does next ("move it on
                # to 3 with the 3"); the same player does both
                words = said("{first}, then {next}", first=words, next=then)
            moved = target
        assert words is not None, "a two-dice move uses a die at least"
        return words

    def _use_words(
        self, seat: int, die: int, origin: int, target: int, moved_on: bool, victims: list[int]
    ) -> tuple[tuple[str, str], dict[str, Arg]]:
        """A die use's sentence, by what is done and its ending (``FIRST``, ``THEN``), and
        what its placeholders hold."""
        args: dict[str, Arg] = {"die": die}
        if origin < 0:
            kind = "bring"
        else:
            kind = "on" if moved_on else "move"
            if not moved_on:
                args["origin"] = self.spot_words(seat, origin)
            if target == self.goal:
                kind = "finish" if kind == "move" else "on finish"
            else:
                args["target"] = self.spot_words(seat, target)
        if victims:
            args["victims"] = self.victims_words(victims)
        return (kind, "send" if victims else ""), args
