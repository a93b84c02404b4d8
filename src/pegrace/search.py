"""The search players, hard and expert: expectimax over the game's chance events, in the native
core (core/ai/search.rs; docs/ai.md).

A search value is a vector with one entry per side (max-n, or paranoid: every opponent plays
against the searching side): at a decision node the side to move picks the child best for
itself; at a chance node the children are weighted by the dice's exact probabilities; at the
horizon the game's evaluation (or its learned chance of winning) rates the pieces for every
side, and a finished game is worth its places, scaled far above any evaluation.

Where the game's judge in the core says so (two-dice Ludo, Trouble, Marbles), the expert's
deepening ranks its moves by truncated rollouts instead (core/ai/rollout.rs): every move played
on for ``horizon`` decisions by every seat's one-move player of the same leaves, on the same
dice for every move, until one move leads clearly or the budget is spent; ``horizon=0`` keeps
expectimax, any other ``horizon`` rolls out in any game.

Depth counts decision nodes. Iterative deepening spends a budget counted in searched nodes, not
wall-clock time, so a player's choices depend only on its seed and the position, never on the
machine's load: ``ms`` is turned into nodes at the game's ``nodes_per_ms`` (its registry
entry), measured on the reference machine (docs/ai.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pegrace import _core, native
from pegrace.engine import Rules
from pegrace.errors import OptionError, PegraceError, saying
from pegrace.games import entry
from pegrace.i18n import said, said_n
from pegrace.moves import Move
from pegrace.native import CorePlayer
from pegrace.player import Player
from pegrace.state import State
from pegrace.value import Given

TIE = _core.TIE  # two values closer are a tie, as the core's players have it
# what rates a search's leaves (core/ai/search.rs `Settings::model`): the game's evaluation, the
# chance of winning fitted to medium players' games where the game has one (Trouble, two-dice
# Ludo), the value learned by self-play (pegrace.value) where the rules have one, else as 1
MODELS = (0, 1, 2)

Values = tuple[float, ...]


@dataclass(frozen=True)
class RankedMove:
    move: Move
    value: float  # the mover's side's search value
    values: Values  # every side's value after the move


def node_rate(rules: Rules) -> float:
    return entry(rules.name).nodes_per_ms


class SearchPlayer(Player):
    """Expectimax (max-n over sides, or paranoid: every opponent minimises the searching
    side's value) with the game's learned chance of winning at the horizon where it has one, or
    with ``model=0`` the game's evaluation (as ``hard`` does). The defaults are the expert's.

    ``depth`` fixes the search depth; otherwise it deepens within ``ms`` (as nodes).
    Ties between equally valued moves are broken by the player's own generator."""

    name = "expert"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        ms: float = 100.0,
        depth: int | None = None,
        width: int | None = None,
        paranoid: int = 0,
        model: int = 2,
        threads: int = 1,
        value: Given | None = None,
        horizon: int | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.ms = ms
        self.depth = depth
        self.width = width or None  # 0: every move
        if paranoid not in (0, 1):
            # TRANSLATORS: paranoid=, max-n: a setting and a search, as typed; {value} given
            problem = said(
                "paranoid={value}: write paranoid=1 (or 0, the default max-n)", value=str(paranoid)
            )
            raise saying(OptionError, problem)
        self.paranoid = bool(paranoid)
        if model not in MODELS:
            # TRANSLATORS: model= a setting as typed; {value} the value given
            problem = said(
                "model={value}: write model=0 (the game's evaluation), 1 (the fitted chance "
                "of winning) or 2 (the value learned by self-play)",
                value=str(model),
            )
            raise saying(OptionError, problem)
        self.model = model
        if value is not None and model != 2:
            # TRANSLATORS: model= and value= are settings, as typed; {value} the model given
            problem = said(
                "model={value}: a value named by value= is read with model=2", value=str(model)
            )
            raise saying(OptionError, problem)
        self.value = value  # a weights file's value for the leaves, instead of the shipped one
        if threads < 1:
            # TRANSLATORS: threads= a setting as typed; {value} the value given
            few = said("threads={value}: search with at least 1 thread", value=str(threads))
            raise saying(OptionError, few)
        self.threads = threads
        # deepening's rollouts of this many decisions (0: expectimax; None: as the game's judge
        # in the core says, core/ai/rollout.rs)
        self.horizon = horizon
        self.last_depth = 0
        self.last_nodes = 0
        self.computer: native.Computer | None = None

    @property
    def learned(self) -> bool:
        """Whether the leaves read a learned chance of winning (``model`` 1 or 2)."""
        return self.model > 0

    def core_player(self, rules: Rules) -> CorePlayer:
        """The core's search player with these settings: the budget in the core's nodes."""
        return CorePlayer.search(
            budget=self.ms * node_rate(rules),
            depth=self.depth,
            width=self.width or None,
            paranoid=self.paranoid,
            model=self.model,
            threads=self.threads,
            value=None if self.value is None else native.value_number(rules, self.value),
            horizon=self.horizon,
        )

    def ranking(self, rules: Rules, state: State, moves: Sequence[Move]) -> list[RankedMove]:
        """Every legal move (``moves``, in ``rules.legal_moves`` order) with its search value,
        best first."""
        if self.computer is None or self.computer.rules is not rules:
            self.computer = native.Computer(rules)
        ranked, self.last_depth, self.last_nodes = self.computer.rank(
            state, self.core_player(rules)
        )
        if len(ranked) != len(moves):
            # TRANSLATORS: {count} and {legal} are numbers of moves
            miscounted = said_n(
                "the core ranked {count} move, not {legal}",
                "the core ranked {count} moves, not {legal}",
                len(ranked),
                legal=len(moves),
            )
            raise saying(PegraceError, miscounted)
        return [RankedMove(moves[i], value, tuple(values)) for i, value, values in ranked]

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        ranked = self.ranking(rules, state, moves)
        top = ranked[0].value
        best = [r.move for r in ranked if r.value > top - TIE]
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]
