"""Expectimax search over the engine's explicit chance events, and the players built on it.

A search value is a vector with one entry per side (max-n): at a decision node the side to move
picks the child best for itself; at a chance node the children are weighted by the dice's exact
probabilities (``rules.chance_outcomes``); at the horizon the game's ``evaluate`` rates the
pieces for every side, and a finished game is worth its places (``terminal_values``: only the win
where the game stops at its first winner), centred like the leaves and scaled by
``TERMINAL_WEIGHT``; places already settled in a game still in play count at the leaves
(``placed_values``).

Depth counts decision nodes. Iterative deepening spends a budget counted in searched nodes, not
wall-clock time, so a player's choices depend only on its seed and the position, never on the
machine's load: ``budget_ms`` is turned into nodes with the game's ``NODES_PER_MS``, measured
on the reference machine (docs/ai.md). Each deeper iteration starts only if its predicted size
fits the budget, and is abandoned (keeping the shallower answer) if it grows past twice the
budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pegrace import native
from pegrace.engine import TERMINAL_WEIGHT, Pieces, Rules
from pegrace.errors import OptionError, PegraceError
from pegrace.moves import Move
from pegrace.players import Player
from pegrace.state import Phase, State

# Searched nodes per millisecond on the reference machine, per game (docs/ai.md has the command):
# the Python search's, and the native core's (which the search players use where the core plays
# the game: everywhere but where a test asks for the Python search, its oracle)
NODES_PER_MS = {"trouble": 170.0, "ludo": 110.0, "headache": 47.0, "marbles": 120.0}
CORE_NODES_PER_MS = {"trouble": 6300.0, "ludo": 5200.0, "headache": 2200.0, "marbles": 8500.0}
DEFAULT_NODES_PER_MS = 16.0
MAX_DEPTH = 12
TIE = 1e-9
# a player's leaf evaluations are kept across its decisions (the same pieces recur at the
# leaves of one search and of the next): emptied when it grows past this many
LEAF_CACHE_LIMIT = 100_000

Values = tuple[float, ...]
LeafCache = dict[Pieces | tuple[Pieces, int], Values]  # by pieces, and turn if the game reads it


class BudgetSpent(Exception):
    """An iteration grew past its hard node limit; the previous depth's answer stands."""


@dataclass(frozen=True)
class RankedMove:
    move: Move
    value: float  # the mover's side's search value
    values: Values  # every side's value after the move


class Search:
    """One decision's search: a transposition table and a node count for ``rules``."""

    def __init__(
        self,
        rules: Rules,
        node_limit: float = float("inf"),
        width: int | None = None,
        leaves: LeafCache | None = None,
        paranoid: bool = False,
        learned: bool = False,
    ) -> None:
        self.rules = rules
        model = rules.learned_leaf() if learned else None
        self.leaf = rules.evaluate_sides_before if model is None else model
        self.leaf_by_turn = model is not None or rules.evaluation_reads_turn
        self.node_limit = node_limit
        self.width = width
        self.paranoid = paranoid
        self.root_side = -1  # set by ``rank``: whose value paranoid opponents minimise
        self.leaves: LeafCache = {} if leaves is None else leaves
        self.nodes = 0
        self.table: dict[tuple[State, int], Values] = {}
        self.sides = rules.sides
        self.chances: dict[int, tuple[tuple[object, float], ...]] = {}

    def rank(self, state: State, moves: Sequence[Move], depth: int) -> list[RankedMove]:
        """Every legal move with its value at ``depth`` decisions, best first."""
        side = self.root_side = self.sides[state.current]
        ranked = []
        for move in moves:
            values = self.value(self.rules.apply_move(state, move), depth - 1)
            ranked.append(RankedMove(move, values[side], values))
        ranked.sort(key=lambda r: -r.value)
        return ranked

    def value(self, state: State, depth: int) -> Values:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise BudgetSpent
        phase = state.phase
        if phase == Phase.OVER:
            return self.terminal(state)
        if depth <= 0:
            return self.horizon(state)
        key = (state, depth)
        known = self.table.get(key)
        if known is not None:
            return known
        if phase == Phase.MOVE:
            result = self.best_reply(state, depth)
        else:
            result = self.expectation(state, depth)
        self.table[key] = result
        return result

    def best_reply(self, state: State, depth: int) -> Values:
        rules, side = self.rules, self.sides[state.current]
        best: Values | None = None
        moves = rules.legal_moves(state)
        if self.width is not None and depth > 1 and len(moves) > self.width:
            moves = self.promising(state, moves)
        sign = 1.0
        if self.paranoid and side != self.root_side:
            side, sign = self.root_side, -1.0  # an opponent plays to hurt the searching side
        for move in moves:
            values = self.value(rules.apply_move(state, move), depth - 1)
            if best is None or sign * (values[side] - best[side]) > TIE:
                best = values
        assert best is not None  # legal_moves is never empty
        return best

    def promising(self, state: State, moves: list[Move]) -> list[Move]:
        """The ``width`` moves the mover likes best at one ply, by the search's own leaves
        (the learned chance of winning where the search reads it): below the root the search
        follows only these (where their children are more than leaves), which lets it look
        deeper in the same budget."""
        apply_move, value, side = self.rules.apply_move, self.value, self.sides[state.current]

        def one_ply(move: Move) -> float:
            return value(apply_move(state, move), 0)[side]

        return sorted(moves, key=one_ply, reverse=True)[: self.width]

    def expectation(self, state: State, depth: int) -> Values:
        apply_roll, value = self.rules.apply_roll, self.value
        total = [0.0] * self.rules.side_count
        for roll, chance in self.outcomes(state):
            child = value(apply_roll(state, roll), depth)  # type: ignore[arg-type]
            for i, v in enumerate(child):
                total[i] += chance * v
        return tuple(total)

    def outcomes(self, state: State) -> tuple[tuple[object, float], ...]:
        dice = self.rules.dice_at(state)
        cached = self.chances.get(id(dice))
        if cached is None:
            cached = tuple((roll, float(p)) for roll, p in dice.outcomes)
            self.chances[id(dice)] = cached
        return cached

    def horizon(self, state: State) -> Values:
        pieces = state.pieces
        key = (pieces, state.current) if self.leaf_by_turn else pieces
        values = self.leaves.get(key)
        if values is None:
            values = self.leaves[key] = self.leaf(pieces, state.current)
        if state.finished or state.out:
            return placed_values(self.rules, state, values)
        return values

    def terminal(self, state: State) -> Values:
        return terminal_values(self.rules, state)


def place_reward(rules: Rules, place: int) -> float:
    """What a place is worth to the search: its ``returns`` where play goes on for the places;
    where the game stops at its first winner, only the win counts (second place by score is
    no consolation, or a side second by score would welcome the leader's finish)."""
    if rules.plays_on:
        return rules.place_reward(place)
    return 1.0 if place == 1 else 0.0


def centred(rewards: Sequence[float]) -> list[float]:
    """On the leaves' scale: the sides' values sum to zero, like the evaluation's."""
    mean = sum(rewards) / len(rewards)
    return [TERMINAL_WEIGHT * (r - mean) for r in rewards]


def terminal_values(rules: Rules, state: State) -> Values:
    """A finished game: each side's place, worth more than any evaluation."""
    return tuple(centred([place_reward(rules, p) for p in rules.outcome(state).places]))


def placed_values(rules: Rules, state: State, evaluation: Values) -> Values:
    """A game in play where some places are settled (sides finished or out): those sides get
    their place's worth; the sides still playing share the worth of the places left, and
    differ by their evaluation. Without this a side still playing for second and third
    place would rate the end of the game (a settled place) above any position in play."""
    settled = rules.decided(state)
    count = rules.side_count
    free = [p for p in range(1, count + 1) if p not in settled.values()]
    share = sum(place_reward(rules, p) for p in free) / len(free) if free else 0.0
    rewards = [place_reward(rules, settled[s]) if s in settled else share for s in range(count)]
    values = centred(rewards)
    playing = [side for side in range(count) if side not in settled]
    if playing:
        mean = sum(evaluation[side] for side in playing) / len(playing)
        for side in playing:
            values[side] += evaluation[side] - mean
    return tuple(values)


def deepen(
    rules: Rules,
    state: State,
    moves: Sequence[Move],
    node_budget: float,
    max_depth: int,
    width: int | None = None,
    leaves: LeafCache | None = None,
    paranoid: bool = False,
    learned: bool = False,
) -> tuple[list[RankedMove], int, int]:
    """Iterative deepening within ``node_budget``: the deepest complete ranking, its depth and
    the nodes searched in all."""
    leaves = {} if leaves is None else leaves
    ranked = Search(rules, leaves=leaves, learned=learned).rank(state, moves, 1)
    depth, spent, last, growth = 1, 0, 1, 8.0
    while depth < max_depth and spent + last * growth <= node_budget:
        search = Search(rules, 2 * node_budget - spent, width, leaves, paranoid, learned)
        try:
            deeper = search.rank(state, moves, depth + 1)
        except BudgetSpent:
            spent += search.nodes
            break
        spent += search.nodes
        if search.nodes == 0:
            break  # every line ends the game within the horizon: nothing deeper to see
        growth = max(search.nodes / (len(moves) if depth == 1 else last), 2.0)
        ranked, depth, last = deeper, depth + 1, search.nodes
    return ranked, depth, spent


def node_rate(rules: Rules, core: bool = False) -> float:
    return (CORE_NODES_PER_MS if core else NODES_PER_MS).get(rules.name, DEFAULT_NODES_PER_MS)


class SearchPlayer(Player):
    """Expectimax (max-n over sides, or paranoid: every opponent minimises the searching
    side's value) with the game's learned chance of winning at the horizon where it has one, or
    with ``model=0`` the game's evaluation (as ``hard`` does). The defaults are the expert's.

    ``depth`` fixes the search depth; otherwise it deepens within ``budget_ms`` (as nodes).
    Ties between equally valued moves are broken by the player's own generator."""

    name = "expert"
    native = True  # search in the native core where it plays the game (False: in Python)

    def __init__(
        self,
        seed: int | str = 0,
        *,
        budget_ms: float = 100.0,
        depth: int | None = None,
        width: int | None = None,
        paranoid: int = 0,
        model: int = 1,
        threads: int = 1,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.depth = depth
        self.width = width or None  # 0: every move
        if paranoid not in (0, 1):
            raise OptionError(f"paranoid={paranoid}: write paranoid=1 (or 0, the default max-n)")
        self.paranoid = bool(paranoid)
        if model not in (0, 1):
            raise OptionError(f"model={model}: write model=0 (the game's evaluation) or 1")
        self.learned = bool(model)
        if threads < 1:
            raise OptionError(f"threads={threads}: search with at least 1 thread")
        self.threads = threads  # the core's search only; Python's searches on one
        self.last_depth = 0
        self.last_nodes = 0
        self.leaves: LeafCache = {}
        self.leaves_of: Rules | None = None
        self.computer: native.Computer | None = None

    def leaf_cache(self, rules: Rules) -> LeafCache:
        if self.leaves_of is not rules or len(self.leaves) > LEAF_CACHE_LIMIT:
            self.leaves, self.leaves_of = {}, rules
        return self.leaves

    def core_settings(self, rules: Rules) -> dict[str, float]:
        """The settings the core's search player takes (``_core`` reads them by name): the
        budget in the core's nodes."""
        settings = {
            "budget": self.budget_ms * node_rate(rules, core=True),
            "width": float(self.width or 0),
            "paranoid": float(self.paranoid),
            "learned": float(self.learned),
            "threads": float(self.threads),
        }
        if self.depth is not None:
            settings["depth"] = float(self.depth)
        return settings

    def core_ranking(self, rules: Rules, state: State, moves: Sequence[Move]) -> list[RankedMove]:
        if self.computer is None or self.computer.rules is not rules:
            self.computer = native.Computer(rules)
        ranked, self.last_depth, self.last_nodes = self.computer.rank(
            state, self.core_settings(rules)
        )
        if len(ranked) != len(moves):
            raise PegraceError(f"the core ranked {len(ranked)} moves, not {len(moves)}")
        return [RankedMove(moves[i], value, tuple(values)) for i, value, values in ranked]

    def ranking(self, rules: Rules, state: State, moves: Sequence[Move]) -> list[RankedMove]:
        if self.native and native.plays(rules):
            return self.core_ranking(rules, state, moves)
        if self.depth is not None:
            search = Search(
                rules,
                width=self.width,
                leaves=self.leaf_cache(rules),
                paranoid=self.paranoid,
                learned=self.learned,
            )
            ranked = search.rank(state, moves, self.depth)
            self.last_depth, self.last_nodes = self.depth, search.nodes
            return ranked
        ranked, self.last_depth, self.last_nodes = deepen(
            rules,
            state,
            moves,
            self.budget_ms * node_rate(rules),
            MAX_DEPTH,
            self.width,
            self.leaf_cache(rules),
            self.paranoid,
            self.learned,
        )
        return ranked

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        ranked = self.ranking(rules, state, moves)
        top = ranked[0].value
        best = [r.move for r in ranked if r.value > top - TIE]
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]
