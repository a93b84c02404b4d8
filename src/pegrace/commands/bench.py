"""``pegrace bench``: random games (or a computer player's decisions) timed on one core."""

from __future__ import annotations

import argparse
import json

from pegrace.bench import (
    bench,
    compare_ludopy,
    decision_times,
    format_bench,
    format_compare,
    format_decision_times,
)
from pegrace.commands.common import Command, help_words, one_of_the_games, parse_rules, rules_flag
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, said
from pegrace.players import make_player
from pegrace.provenance import DEFAULT_SEED


def declare(ben: argparse.ArgumentParser) -> None:
    ben.add_argument("game", help=one_of_the_games())
    ben.add_argument(
        "--games", type=int, default=300, metavar="N", help=help_words(N_("games per run"))
    )
    ben.add_argument(
        "--runs", type=int, default=5, help=help_words(N_("runs; the median is reported"))
    )
    ben.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="K",
        help=help_words(N_("how many play (default 4)")),
    )
    rules_flag(ben)
    ben.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"seed of the games (default {DEFAULT_SEED})"
    )
    ben.add_argument("--json", action="store_true", help=help_words(N_("print JSON")))
    ben.add_argument("--variant", help=help_words(N_("shortcut for --rules variant=VARIANT")))
    ben.add_argument(
        "--player",
        metavar="SPEC",
        help=help_words(
            N_(
                "time this computer player's decisions instead (e.g. expert) in --games games "
                "against medium players: median, 95th percentile, search depth"
            )
        ),
    )
    ben.add_argument(
        "--compare-ludopy",
        action="store_true",
        help=help_words(
            N_("ludo --variant ludopy: time LUDOpy's games side by side (needs ludopy installed)")
        ),
    )


def run(args: argparse.Namespace) -> int:
    options = parse_rules(args.rules)
    if args.variant is not None:
        options["variant"] = args.variant
    if args.compare_ludopy:
        if args.game != "ludo" or args.players != 4:
            # TRANSLATORS: --compare-ludopy and --variant are options, ludo and ludopy a game and
            # a variant, as typed
            ludopy = said("--compare-ludopy is for 4-player ludo --variant ludopy")
            raise saying(OptionError, ludopy)
        comparison = compare_ludopy(options, args.games, args.runs, args.seed)
        print(json.dumps(comparison, indent=2) if args.json else format_compare(comparison))
        return 0
    if args.player is not None:
        make_player(args.player)  # a bad name fails here, before any game
        timing = decision_times(
            args.game, args.players, options, args.player, args.games, args.seed
        )
        print(json.dumps(timing, indent=2) if args.json else format_decision_times(timing))
        return 0
    report = bench(args.game, args.players, options, args.games, args.runs, args.seed)
    print(json.dumps(report, indent=2) if args.json else format_bench(report))
    return 0


COMMAND = Command(
    "bench",
    help=N_("random games per second on one core"),
    description=N_(
        "Time random games (or, with --player, a computer player's decisions) on "
        "one core: games and moves per second, the median of --runs runs."
    ),
    declare=declare,
    run=run,
)
