"""Where the review's grades come from: the chance lost by `hard`'s and `random`'s decisions, and
the judge's own error per side (docs/review.md).

    python benchmarks/review_grades.py [--games 40] [--seed 300]

Plays, in each game (4 players, default rules), ``--games`` games of four ``hard`` (seeds from
``--seed``) and ``--games`` of ``random`` against three ``hard`` (seeds from ``--seed`` + 100),
reviews each, and prints: the share of each player's decisions in each grade (by
pegrace.review.GRADE_BOUNDS), the share of decisions losing at least each of a few bounds (with
how many times as often ``random`` does), and the judge's error per side (median, 90th
percentile, largest, in points).
"""

from __future__ import annotations

import argparse
import statistics

from pegrace.games import get_rules, list_games
from pegrace.match import run_game
from pegrace.review import GRADE_BOUNDS, GRADES, grade, review_record

BOUNDS = (0.5, 1, 2, 3, 4, 5, 8, 10)


def reviewed_losses(
    game: str, lineup: list[str], seeds: range
) -> tuple[dict[str, list[float]], list[float]]:
    """Each player's decisions' chance lost, and every side's judge's error, over ``seeds``."""
    rules = get_rules(game, len(lineup))
    seats = {
        colour: f"computer:{player}" for colour, player in zip(rules.colours, lineup, strict=True)
    }
    losses: dict[str, list[float]] = {player: [] for player in lineup}
    errors: list[float] = []
    for seed in seeds:
        review = review_record(run_game(rules, seats, seed).record)
        for decision in review.decisions:
            losses[lineup[rules.colours.index(decision.colour)]].append(decision.lost)
        errors += [abs(side.error) for side in review.sides]
    return losses, errors


def shares(losses: list[float]) -> str:
    counted = [sum(grade(lost) == name for lost in losses) for name in GRADES]
    return ", ".join(
        f"{name} {100 * n / len(losses):.1f}%" for name, n in zip(GRADES, counted, strict=True)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=300)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    hard: list[float] = []
    chance: list[float] = []
    for game in list_games():
        fours, errors = reviewed_losses(
            game, ["hard"] * 4, range(args.seed, args.seed + args.games)
        )
        mixed, more = reviewed_losses(
            game,
            ["random", "hard", "hard", "hard"],
            range(args.seed + 100, args.seed + 100 + args.games),
        )
        hard += fours["hard"] + mixed["hard"]
        chance += mixed["random"]
        errors = sorted(errors + more)
        print(
            f"{game}: judge's error per side: median {statistics.median(errors):.1f}, 90th "
            f"percentile {errors[int(0.9 * len(errors))]:.1f}, largest {errors[-1]:.1f} points",
            flush=True,
        )
    print(f"grades {GRADE_BOUNDS}: hard ({len(hard)} decisions): {shares(hard)}")
    print(f"grades {GRADE_BOUNDS}: random ({len(chance)} decisions): {shares(chance)}")
    for bound in BOUNDS:
        at_hard = sum(lost >= bound for lost in hard) / len(hard)
        at_random = sum(lost >= bound for lost in chance) / len(chance)
        ratio = at_random / at_hard if at_hard else float("inf")
        print(
            f"losing {bound}+ points: hard {100 * at_hard:.2f}%, random "
            f"{100 * at_random:.2f}% ({ratio:.1f}x)"
        )


if __name__ == "__main__":
    main()
