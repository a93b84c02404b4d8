"""``pegrace simulate``: many computer games, who wins how often by seat and how long games
last."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pegrace import outputs
from pegrace.commands.common import (
    Command,
    check_where,
    computer_seats,
    game_flags,
    help_words,
    kept_games,
    new_rules,
    one_of_the_games,
    resume_flag,
    where_flags,
)
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, said
from pegrace.kept import PARTIAL, KeptGames
from pegrace.provenance import provenance
from pegrace.simulate import format_report, kept_settings, simulate, write_results


def declare(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("game", help=one_of_the_games())
    sim.add_argument(
        "--games", type=int, default=1000, metavar="N", help=help_words(N_("games (default 1000)"))
    )
    game_flags(sim, "computer:random")
    where_flags(sim)
    sim.add_argument("--json", action="store_true", help=help_words(N_("print the report as JSON")))
    sim.add_argument(
        "--record-dir", type=Path, metavar="DIR", help=help_words(N_("write every game's record"))
    )
    sim.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help=help_words(
            N_(
                "keep the games here as they finish (DIR/partial.jsonl, which says it is "
                "partial) and write the report, as --json prints it, to DIR/results.json at the "
                "end (created if missing)"
            )
        ),
    )
    resume_flag(sim)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        # TRANSLATORS: --games is an option, as typed; {games} its value
        few = said("--games {games}: play at least 1 game", games=str(args.games))
        raise saying(OptionError, few)
    check_where(args)
    rules = new_rules(args)
    seats = computer_seats(rules, args.seat, "computer:random", "simulate")
    if args.record_dir is not None:
        if args.scheduler is not None:
            # TRANSLATORS: --record-dir and --scheduler are options, as typed
            here = said("--record-dir writes on this machine: not with --scheduler")
            raise saying(OptionError, here)
        outputs.check_folder(args.record_dir, "--record-dir")
    if args.out is not None:
        outputs.check_folder(args.out, "--out")
    kept, done = kept_games(args, kept_settings(rules, seats, args.games, args.seed))
    if args.record_dir is not None:
        outputs.make_folder(args.record_dir, "--record-dir")
    report = simulate(
        rules.name,
        args.games,
        args.players,
        rules.options,
        seats,
        args.seed,
        args.workers,
        args.record_dir,
        scheduler=args.scheduler,
        kept=kept,
        done=done,
    )
    report.update(provenance(args.argv, args.seed))
    if args.out is not None:
        write_results(args.out, report)
        KeptGames(args.out / PARTIAL).finish()
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


COMMAND = Command(
    "simulate",
    help=N_("play many computer games and report statistics"),
    description=N_(
        "Play many games between computer players (random unless --seat says "
        "otherwise) and report who wins how often by seat, with 95% intervals, and how long "
        "games last. Game i of seed S always uses seed S*1000003+i, so the report depends only "
        "on the seed and the number of games, never on --workers."
    ),
    declare=declare,
    run=run,
)
