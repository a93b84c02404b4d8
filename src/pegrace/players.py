"""Players: anything that, shown the state, the roll and the legal moves, returns one.

The engine never trusts the answer: ``match.run_game`` checks it against the
legal moves. Every computer player draws from its own seeded generator, so a
game seed fixes its choices too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.moves import Move
from pegrace.state import State


class Player:
    name = "player"
    is_human = False

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        raise NotImplementedError


class RandomPlayer(Player):
    """Uniform over the legal moves (the pass included where it is legal)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return moves[int(self.rng.random() * len(moves))]


class HeuristicPlayer(Player):
    """One ply: plays the move whose resulting position the game's ``evaluate`` rates
    best for its side (captures, progress, pieces out, safety from hits); ties are
    broken by its own generator."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        seat = state.current
        best: list[Move] = []
        best_value = float("-inf")
        for move in moves:
            pieces = state.pieces if move.is_pass else rules.move_pieces(state, move)
            value = rules.evaluate(pieces, seat)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value > best_value - 1e-9:
                best.append(move)
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]


class HumanSeat(Player):
    """A seat a person plays; front ends ask the person instead of calling ``choose``."""

    name = "human"
    is_human = True

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        raise RuntimeError("a human seat is played through a front end")


COMPUTER_PLAYERS: dict[str, Callable[[int | str], Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
}


def player_names() -> list[str]:
    return ["human", *(f"computer:{name}" for name in COMPUTER_PLAYERS)]


def make_player(spec: str, seed: int | str = 0) -> Player:
    """``human``, ``computer`` (the heuristic), ``computer:NAME`` or just ``NAME``."""
    text = spec.strip().lower()
    if text == "human":
        return HumanSeat()
    kind = text.removeprefix("computer:") if text != "computer" else "heuristic"
    factory = COMPUTER_PLAYERS.get(kind)
    if factory is None:
        raise OptionError(f"unknown player {spec!r} (players: {', '.join(player_names())})")
    return factory(seed)


def canonical_spec(spec: str) -> str:
    player = make_player(spec)
    return "human" if player.is_human else f"computer:{player.name}"
