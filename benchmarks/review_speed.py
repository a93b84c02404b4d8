"""How long a game's review takes (``pegrace review``: every roll's luck and every decision's
chance lost), in CPU seconds of one core, for whole 4-player games of each game.

    python benchmarks/review_speed.py [--games 20] [--seed 7000] [--players medium]

Plays ``--games`` games per game (default rules; red ``random``, the other seats
``--players``), seeded ``--seed``, ``--seed`` + 1, ..., and reviews each record as
`pegrace review` does, timing the review alone (``time.process_time``: the review runs on one
thread). Prints per game the events a game, and the median and the longest review.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pegrace.games import get_rules, list_games
from pegrace.match import run_game
from pegrace.review import review_record


def review_seconds(game: str, seed: int, players: str) -> tuple[float, int]:
    """The CPU seconds one game's review took, and the game's events."""
    rules = get_rules(game, 4)
    seats = {colour: f"computer:{players}" for colour in rules.colours}
    seats[rules.colours[0]] = "computer:random"
    record = run_game(rules, seats, seed).record
    start = time.process_time()
    review_record(record)
    return time.process_time() - start, len(record.events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--players", default="medium")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    for game in list_games():
        timed = [review_seconds(game, args.seed + i, args.players) for i in range(args.games)]
        times = [seconds for seconds, _ in timed]
        events = statistics.mean(count for _, count in timed)
        print(
            f"{game}: {args.games} games of {events:.0f} events on average; review CPU median "
            f"{statistics.median(times):.3f} s, longest {max(times):.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
