"""``pegrace tournament``: a line-up of computer players, seats rotated every game, or until a
sequential test decides."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import cast

from pegrace import tournament
from pegrace.commands.common import (
    Command,
    check_where,
    help_words,
    kept_games,
    one_of_the_games,
    parse_rules,
    resume_flag,
    rules_flag,
    where_flags,
)
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.games import get_rules
from pegrace.i18n import N_, said
from pegrace.kept import PARTIAL, KeptGames
from pegrace.players import core_player, pinned_spec, player_names
from pegrace.provenance import DEFAULT_SEED, provenance
from pegrace.sequential import parse_hypotheses


def declare(tour: argparse.ArgumentParser) -> None:
    tour.add_argument("game", help=one_of_the_games())
    tour.add_argument(
        "--player",
        action="append",
        required=True,
        metavar="SPEC",
        help="one line-up entry per seat, repeated; players: "
        f"{', '.join(n for n in player_names() if n != 'human')}, with settings such as "
        "expert:ms=50 or expert:value=FILE; policy (two-dice Ludo's learned policy) or "
        "policy:FILE; players from outside: module:PACKAGE.MODULE:NAME, bot:COMMAND, "
        "sb3:PATH (a model Stable-Baselines3 saved), openspiel:BOT (mcts, uniform_random, ... "
        "docs/rl.md); e.g. --player expert --player random --player random --player random",
    )
    tour.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="K",
        help=help_words(N_("how many play (default: the number of --player; must equal it)")),
    )
    tour.add_argument(
        "--games", type=int, default=100, metavar="N", help=help_words(N_("games (default 100)"))
    )
    rules_flag(tour)
    tour.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"seed for dice and players (default {DEFAULT_SEED})",
    )
    where_flags(tour)
    tour.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help=help_words(
            N_(
                "write games.csv, results.json and winrates.png here (created if missing), "
                "keeping the games as they finish in DIR/partial.jsonl until then (see --resume)"
            )
        ),
    )
    tour.add_argument(
        "--json", action="store_true", help=help_words(N_("print the report as JSON"))
    )
    # TRANSLATORS: added to --resume's help, after "the report is the one the whole run would
    # have made"
    resume_flag(tour, N_("(with --until-decided: the same decision after the same games)"))
    tour.add_argument(
        "--until-decided",
        metavar="H0,H1",
        help=help_words(
            N_(
                "stop as soon as a sequential test (SPRT) decides whether the first player's win "
                "rate is H0 or H1, e.g. 0.25,0.27 or 25%,27%; --games is then the most to play"
            )
        ),
    )
    tour.add_argument(
        "--alpha",
        type=float,
        default=0.05,
        help=help_words(N_("--until-decided: the chance of accepting H1 when H0 holds (0.05)")),
    )
    tour.add_argument(
        "--beta",
        type=float,
        default=0.05,
        help=help_words(N_("--until-decided: the chance of accepting H0 when H1 holds (0.05)")),
    )


def tournament_lineup(args: argparse.Namespace) -> tuple[Rules, list[str]]:
    """The rules and line-up of a ``pegrace tournament`` command line, its values checked."""
    if args.games < 1:
        # TRANSLATORS: --games is an option, as typed; {games} its value
        few = said("--games {games}: play at least 1 game", games=str(args.games))
        raise saying(OptionError, few)
    check_where(args)
    lineup = [pinned_spec(spec.strip()) for spec in args.player]  # a weights file by checksum
    players = len(lineup) if args.players is None else args.players
    tournament.check_lineup(lineup, players)
    rules = get_rules(args.game, players, parse_rules(args.rules))
    for spec in lineup:  # one that cannot play these rules (sb3: of another game) refused here
        core_player(rules, spec)
    return rules, lineup


def run(args: argparse.Namespace) -> int:
    rules, lineup = tournament_lineup(args)
    players = len(lineup)
    if args.out is not None:
        tournament.check_out(args.out)
    games = tournament.balanced_games(args.games, players)
    if games != args.games:
        print(
            f"pegrace: --games {args.games} rounded up to {games}, a multiple of {players} "
            "players, so every player sits in every seat equally",
            file=sys.stderr,
        )
    until = None
    if args.until_decided is not None:
        until = parse_hypotheses(args.until_decided, args.alpha, args.beta)
    kept, done = kept_games(args, tournament.kept_settings(rules, lineup, games, args.seed, until))
    if until is not None:
        report, rows = tournament.run_until_decided(
            rules,
            lineup,
            games,
            args.seed,
            until,
            args.workers,
            scheduler=args.scheduler,
            kept=kept,
            done=done,
        )
    else:
        report, rows = tournament.run_tournament(
            rules,
            lineup,
            games,
            args.seed,
            args.workers,
            scheduler=args.scheduler,
            kept=kept,
            done=done,
        )
    # the same five provenance keys, in place: now with this command line (summarise had none)
    report.update(cast(tournament.Report, provenance(args.argv, args.seed)))
    if args.out is not None:
        tournament.write_outputs(args.out, rules, report, rows)
        KeptGames(args.out / PARTIAL).finish()
    print(json.dumps(report, indent=2) if args.json else tournament.format_report(report))
    return 0


COMMAND = Command(
    "tournament",
    help=N_("computer players against each other, seats rotated every game"),
    description=N_(
        "Play a line-up of computer players against each other. Game i seats the line-up "
        "rotated by i mod K, so every player sits in every seat equally; --games is rounded up "
        "to a multiple of K (the command says so). Entries with the same spec are pooled."
    ),
    declare=declare,
    run=run,
)
