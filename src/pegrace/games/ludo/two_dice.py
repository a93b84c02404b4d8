"""Ludo ``variant=two-dice`` (the default; seed 002): a move is a whole turn of die uses."""

from __future__ import annotations

from pegrace._core import CoreMove
from pegrace.dice import TWO_D6
from pegrace.games.ludo.common import Ludo
from pegrace.moves import PASS, Move
from pegrace.state import State
from pegrace.words import lower_first, sentence


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


class TwoDiceLudo(Ludo):
    """Seed 002's two-dice Ludo: a move is a whole turn of die uses (``DiceMove``)."""

    def setup(self) -> None:
        self.dice = TWO_D6
        self._build("exit")

    def core_move(self, found: CoreMove) -> Move:
        return DiceMove(found.uses, found.text) if found.uses else PASS

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
