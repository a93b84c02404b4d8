"""How often two computer players choose different moves in the same positions.

    python benchmarks/agreement.py ludo hard expert --games 100 --seed 7

Plays GAMES games with the medium player in every seat (seeds SEED * 1000003 + i, as
tournaments use) and, at every decision with more than one legal move, asks both players for
their move. Prints the decisions with a choice, how many of them the two answer differently,
and that share with its 95% Wilson interval. Two players that agree on nearly every decision
cannot differ much in strength: a game's result changes only where their moves do.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from pegrace.cli import parse_rules
from pegrace.engine import Rules
from pegrace.games import get_rules, list_games
from pegrace.match import run_game
from pegrace.moves import Move
from pegrace.players import Player, make_player
from pegrace.simulate import game_seed, wilson
from pegrace.state import State


class Comparison(Player):
    """Plays ``guide``'s move and counts where ``first`` and ``second`` would differ."""

    def __init__(self, guide: Player, first: Player, second: Player) -> None:
        self.guide, self.first, self.second = guide, first, second
        self.decisions = 0
        self.different = 0

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        self.decisions += 1
        if self.first.choose(rules, state, moves) != self.second.choose(rules, state, moves):
            self.different += 1
        return self.guide.choose(rules, state, moves)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("game", choices=list_games())
    parser.add_argument("first", help="a player spec, e.g. hard")
    parser.add_argument("second", help="a player spec, e.g. expert:ms=200")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", action="append", default=[], help="rule options K=V,...")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games {args.games}: play at least 1 game")
    rules = get_rules(args.game, args.players, parse_rules(args.rules))
    seats = dict.fromkeys(rules.colours, "medium")
    decisions = different = 0
    for index in range(args.games):
        seed = game_seed(args.seed, index)
        comparison = Comparison(
            make_player("medium", seed),
            make_player(args.first, seed),
            make_player(args.second, seed),
        )
        run_game(rules, seats, seed, players=[comparison] * len(rules.colours))
        decisions += comparison.decisions
        different += comparison.different
    low, high = wilson(different, decisions)
    print(
        f"{args.game} {args.first} vs {args.second}, {args.games} games of medium players "
        f"(seed {args.seed}): {different} of {decisions} decisions with a choice differ, "
        f"{different / decisions:.1%} [{low:.1%}, {high:.1%}]"
    )


if __name__ == "__main__":
    main()
