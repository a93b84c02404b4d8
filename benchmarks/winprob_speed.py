"""How long win chances take: ``advice.winprob`` with 2,000 medium playouts, as the web app's
Win chances button asks for them, from the start and from positions of a seeded game.

    python benchmarks/winprob_speed.py [--playouts 2000] [--positions 10]

Prints, per game (4 players, default rules), the wall time from the first position, and the
median and the longest over ``--positions`` positions of a random game (seed 9). The playouts run
in the native core, shared over every core the machine has.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pegrace.advice import winprob
from pegrace.games import get_rules, list_games
from pegrace.state import State

GAME_SEED = 9


def seconds(game: str, state: State, playouts: int) -> float:
    start = time.perf_counter()
    winprob(get_rules(game, 4), state, playouts=playouts)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    if args.playouts < 1 or args.positions < 1:
        parser.error("--playouts and --positions must be at least 1")
    for game in list_games():
        rules = get_rules(game, 4)
        rng, state, seen = random.Random(GAME_SEED), rules.initial_state(), []
        while not state.is_over:
            seen.append(state)
            if state.is_chance:
                state = rules.apply_roll(state, rules.sample_roll(state, rng))
            else:
                moves = rules.legal_moves(state)
                state = rules.apply_move(state, moves[int(rng.random() * len(moves))])
        sample = seen[:: max(1, len(seen) // args.positions)][: args.positions]
        first = seconds(game, seen[0], args.playouts)
        times = [seconds(game, s, args.playouts) for s in sample]
        print(
            f"{game}: from the start {first:.2f} s; {len(times)} positions of a game: median "
            f"{statistics.median(times):.2f} s, longest {max(times):.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
