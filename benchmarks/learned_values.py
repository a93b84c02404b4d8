"""How well the learned values predict the winner: on the turn starts of games the medium
players play (seeds unlike the training's and its scoring games'), the winner's mean
log-likelihood above the even chance's (nats) and how often the favourite won, for the value
learned by self-play (pegrace.value, the expert's leaves since 2026-11-25) and, where the game
has one, the chance of winning fitted to medium players' games (benchmarks/win_model.py).

Usage: python benchmarks/learned_values.py [--games 150] [--every 3] [--seed 1000]
Prints one line per game (4 players, each model's rules).
"""

from __future__ import annotations

import argparse
import math

from pegrace import value
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.native import Computer
from pegrace.state import Phase, State


def turn_starts(rules: object, seats: dict[str, str], seed: int) -> tuple[list[State], State]:
    starts: list[State] = []

    def observe(before: State, event: object, after: State) -> None:
        if after.phase == Phase.ROLL and before.phase != Phase.ROLLOFF:
            starts.append(after)

    end = run_game(rules, seats, seed, observer=observe).state  # type: ignore[arg-type]
    return starts, end


def measure(model: str, games: int, every: int, seed: int) -> str:
    game, options = value.TRAINED_UNDER[model]
    rules = get_rules(game, 4, options)
    computer = Computer(rules)
    totals = {"value": [0.0, 0.0], "fitted": [0.0, 0.0]}
    positions = 0
    for index in range(games):
        starts, end = turn_starts(rules, dict.fromkeys(rules.colours, "medium"), seed + index)
        winners = rules.outcome(end).winners
        winner = min(winners)
        for state in starts[::every]:
            seen = computer._core.look(state, state.current)
            found = {"value": seen.get("value"), "fitted": seen.get("chances")}
            for name, chances in found.items():
                if chances is None:
                    continue
                side_chance = [0.0] * rules.side_count
                for seat, p in enumerate(chances):
                    side_chance[rules.sides[seat]] += p
                totals[name][0] += math.log(max(side_chance[winner], 1e-12))
                totals[name][0] += math.log(rules.side_count)
                totals[name][1] += float(max(side_chance) == side_chance[winner])
            positions += 1
    parts = [f"{model:13} {positions:6,} positions"]
    for name, (gain, hits) in totals.items():
        if hits or gain:
            parts.append(
                f"{name}: {gain / positions:+.4f} nats, favourite won {100 * hits / positions:.1f}%"
            )
    return "  ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--every", type=int, default=3, help="keep every N-th turn start")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    for model in value.MODELS:
        print(measure(model, args.games, args.every, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
