"""How many nodes a full search of each depth costs, against the expert's budget.

    python benchmarks/search_size.py ludo --positions 40 --depth 3 --seed 7
        --rules variant=two-dice,play_on=off,three_sixes=forfeit,safe_squares=on [--width 2]

Plays games with the medium player in every seat (seeds SEED * 1000003 + i, as tournaments
use), samples POSITIONS decisions with more than one legal move (3 in 100, so from many games), and
searches each to every depth up to DEPTH as the expert does (the learned chance of winning
where the game has one; ``--width`` as ``expert:width=K``). Prints, per depth, the median and
95th percentile of the nodes searched and the share of positions whose search fits the
expert's default budget (100 ms of the game's ``nodes_per_ms``; iterative deepening abandons a
depth at twice its budget). A game whose next depth rarely fits cannot be searched deeper than
``hard``'s two decisions at the default budget, whatever the evaluation. Then the expert itself
decides each position at its default budget: the mean depth it reaches. The searches run in
the native core (its entry's ``nodes_per_ms``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from statistics import median, quantiles

from pegrace.cli import parse_rules
from pegrace.engine import Rules
from pegrace.games import get_rules, list_games
from pegrace.match import run_game
from pegrace.moves import Move
from pegrace.players import Player, make_player
from pegrace.search import SearchPlayer, node_rate
from pegrace.simulate import game_seed
from pegrace.state import State

EXPERT_BUDGET_MS = 100.0
SAMPLED = 0.03  # the share of decisions with a choice kept: a few from each game


class Sampler(Player):
    """Plays ``guide``'s move and keeps some of the decisions with a choice."""

    def __init__(self, guide: Player, rng: random.Random, kept: list[State], limit: int) -> None:
        self.guide, self.rng, self.kept, self.limit = guide, rng, kept, limit

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) > 1 and len(self.kept) < self.limit and self.rng.random() < SAMPLED:
            self.kept.append(state)
        return self.guide.choose(rules, state, moves)


def sample_positions(rules: Rules, count: int, seed: int) -> list[State]:
    kept: list[State] = []
    rng = random.Random(seed)
    index = 0
    while len(kept) < count:
        game = game_seed(seed, index)
        sampler = Sampler(make_player("medium", game), rng, kept, count)
        seats = dict.fromkeys(rules.colours, "medium")
        run_game(rules, seats, game, players=[sampler] * len(seats))
        index += 1
    return kept


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("game", choices=list_games())
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--depth", type=int, default=3, help="the deepest search (1-5)")
    parser.add_argument("--width", type=int, default=0, help="as expert:width=K (0: every move)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", action="append", default=[], help="rule options K=V,...")
    args = parser.parse_args(argv)
    if args.positions < 1 or not 1 <= args.depth <= 5 or args.width < 0:
        parser.error("--positions must be at least 1, --depth 1 to 5, --width 0 or more")
    rules = get_rules(args.game, args.players, parse_rules(args.rules))
    rate = node_rate(rules)
    budget = EXPERT_BUDGET_MS * rate
    positions = sample_positions(rules, args.positions, args.seed)
    print(
        f"{args.game}: {len(positions)} decisions with a choice from medium play (seed "
        f"{args.seed}), width {args.width or 'every move'}; the expert's budget {budget:,.0f} "
        f"nodes (100 ms at {rate:g} nodes per ms)"
    )
    print("depth  median nodes  95th percentile  fits the budget")
    for depth in range(1, args.depth + 1):
        sizes = [nodes(rules, state, depth, args.width) for state in positions]
        p95 = quantiles(sizes, n=20)[-1] if len(sizes) > 1 else sizes[0]
        fits = sum(size <= budget for size in sizes) / len(sizes)
        print(f"{depth:>5}  {median(sizes):>12,.0f}  {p95:>15,.0f}  {fits:>15.0%}")
    expert = SearchPlayer(width=args.width)
    depths = []
    for state in positions:
        expert.ranking(rules, state, rules.legal_moves(state))
        depths.append(expert.last_depth)
    print(f"the expert at {EXPERT_BUDGET_MS:g} ms: mean depth {sum(depths) / len(depths):.2f}")


def nodes(rules: Rules, state: State, depth: int, width: int) -> int:
    """The nodes of a full search of ``state`` to ``depth``, as the expert searches."""
    player = SearchPlayer(depth=depth, width=width)
    player.ranking(rules, state, rules.legal_moves(state))
    return player.last_nodes


if __name__ == "__main__":
    main()
