"""Is Monte-Carlo search with chance events stronger than the expert at the same time per move?

Issue 6 asks for the measurement; docs/ai.md keeps its result. This is a benchmark, not a
product player: its budget is wall-clock time, so (unlike every pegrace player) its choices
depend on the machine's speed and load.

The Monte-Carlo player, for each decision with a choice: plays the candidate move, then lets
the medium player move for every seat with the dice drawn from the player's own generator
(the engine's chance events, sampled), for at most ``--horizon`` decisions or to the end; scores
the playout for the mover's side with the search's leaf (``native.Computer.look``; or, if the
game ended, its result times ``search.TERMINAL_WEIGHT``, as the expert does); spreads playouts
round-robin over the moves until ``--ms`` milliseconds are spent; plays the move with the best
mean.

Usage: python benchmarks/montecarlo.py GAME [--ms 100] [--horizon 8] [--games 200]
       [--seed 2026] [--opponent medium] [--rules K=V,...] [--json]
It seats the Monte-Carlo player against three ``--opponent`` players, seats rotated, as
``pegrace tournament`` does, and prints the same table (or its JSON report).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

from pegrace._core import TERMINAL_WEIGHT
from pegrace.cli import parse_rules
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.moves import Move
from pegrace.native import Computer
from pegrace.players import COMPUTER_PLAYERS, MediumPlayer, Player
from pegrace.state import Phase, State
from pegrace.tournament import format_report, run_tournament


class MonteCarloPlayer(Player):
    name = "montecarlo"

    def __init__(self, seed: int | str = 0, ms: float = 100.0, horizon: int = 8) -> None:
        self.rng = random.Random(seed)
        self.policy = MediumPlayer(f"{seed}:policy")
        self.budget = ms / 1000.0
        self.horizon = horizon
        self.playouts = 0
        self.computer: Computer | None = None

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        side = rules.sides[state.current]
        totals, counts = [0.0] * len(moves), [0] * len(moves)
        deadline = time.perf_counter() + self.budget
        while time.perf_counter() < deadline or min(counts) == 0:
            for i, move in enumerate(moves):
                totals[i] += self.playout(rules, rules.apply_move(state, move), side)
                counts[i] += 1
        self.playouts += sum(counts)
        means = [t / c for t, c in zip(totals, counts, strict=True)]
        return moves[max(range(len(moves)), key=means.__getitem__)]

    def playout(self, rules: Rules, state: State, side: int) -> float:
        decisions = 0
        while state.phase != Phase.OVER and decisions < self.horizon:
            if state.phase == Phase.MOVE:
                moves = rules.legal_moves(state)
                state = rules.apply_move(state, self.policy.choose(rules, state, moves))
                decisions += 1
            else:
                state = rules.apply_roll(state, rules.sample_roll(state, self.rng))
        if state.phase == Phase.OVER:
            return TERMINAL_WEIGHT * rules.returns(state)[side]
        if self.computer is None or self.computer.rules is not rules:
            self.computer = Computer(rules)
        return self.computer.look(state).leaf[side]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--ms", type=float, default=100.0, help="time per decision (ms)")
    parser.add_argument("--horizon", type=int, default=8, help="decisions per playout")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--rules", action="append", default=[], help="rule options K=V,...")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    spec = f"montecarlo:ms={args.ms:g},horizon={args.horizon}"

    def make(seed: int | str = 0, **_: float) -> Player:
        return MonteCarloPlayer(seed, args.ms, args.horizon)

    COMPUTER_PLAYERS["montecarlo"] = make  # a benchmark's player: not registered in pegrace
    rules = get_rules(args.game, 4, parse_rules(args.rules))
    lineup = ["montecarlo", *[args.opponent] * 3]
    report, _ = run_tournament(rules, lineup, args.games, args.seed, progress_stream=sys.stderr)
    report["lineup"][0] = report["entries"][0]["player"] = spec
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
